"""Styles: how a board is made, the raw generator's way or a setter's.

The *raw* style is each puzzle's generator as the measurements read it: a
uniform answer, clues on a random share of the cells. Its streams are the
seeds' science (``pencilbox measure``) and never change.

The *setter* style makes boards the way people who set puzzles make them,
as each puzzle says in its :class:`SetterStyle`: the answer they draw
(small black blocks, say), the symmetry they lay clues in, which clues
they keep when they thin (small numbers) and which they soften (a blank
circle for a number not needed). The bank, the game's deal and ``pencilbox
generate`` make setter's boards unless told otherwise
(:mod:`pencilbox.engine.making`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from pencilbox.engine.symmetry import NONE, refuse_unknown_symmetry
from pencilbox.engine.thinning import Removal
from pencilbox.errors import ParseError

RAW, SETTER = "raw", "setter"
STYLES = (SETTER, RAW)
"""The styles, the default first."""
AUTO = "auto"
"""The symmetry a style picks for itself, board by board (see :meth:`SetterStyle.pick_symmetry`)."""


def refuse_unknown_style(style: str) -> str:
    """``style`` itself, or a ParseError naming the styles there are."""
    if style not in STYLES:
        raise ParseError(f"no style {style!r}; the styles are {', '.join(STYLES)}")
    return style


def refuse_unknown_choice(symmetry: str) -> str:
    """A symmetry or :data:`AUTO`, else a ParseError."""
    return symmetry if symmetry == AUTO else refuse_unknown_symmetry(symmetry)


Answer = Callable[[int, int, str, random.Random], list[int]]
"""Draws an answer of R×C for clues laid out in a symmetry."""


@dataclass(frozen=True)
class SetterStyle:
    """What makes a puzzle's boards look made by hand, as its package says.

    ``symmetry`` gives the share of boards laid out in each symmetry (the
    rest get none), as the puzzle's hand-made boards show it. ``answer``
    draws the answer (None: the raw generator's). ``weight`` says which clues
    leave first when the board is thinned (the heaviest), and which the
    board picks last when it adds clues; ``weaker`` turns a clue that must
    stay into a softer one where the board allows it (None: keep it whole).
    """

    looks: str
    """What the style does, in a sentence (docs and ``--help``)."""
    symmetry: Mapping[str, float] = field(default_factory=dict)
    answer: Answer | None = None
    weight: Callable[[int], float] | None = None
    weaker: Callable[[int], int | None] | None = None
    clue_numbers: bool = False
    """Whether the clues are numbers whose size a setter picks (counts
    of cells), so their spread says something of a board's look."""

    def pick_symmetry(self, rng: random.Random) -> str:
        """One board's symmetry, drawn with the style's shares."""
        x = rng.random()
        for symmetry, share in self.symmetry.items():
            if x < share:
                return symmetry
            x -= share
        return NONE

    def removal(self, symmetry: str) -> Removal:
        """How the setter thins a board laid out in ``symmetry``."""
        return Removal(symmetry, self.weight, self.weaker)


PLAIN = SetterStyle("the raw generator's answer; clues in no pattern")
"""The setter style of a puzzle that says nothing of its own."""


__all__ = [
    "AUTO",
    "PLAIN",
    "RAW",
    "SETTER",
    "STYLES",
    "SetterStyle",
    "refuse_unknown_choice",
    "refuse_unknown_style",
]
