"""A puzzle's look, declared once: how its cells are drawn and how a player
fills them in.

A puzzle package describes its look in one :class:`Frontend` (its front-end
descriptor): which answer tokens a cell cycles through (or that it takes
numbers), what each token is called and how it is drawn, what a clue looks
like and which clues a setter may place, and which theory overlay its own ES
module computes. Whatever draws a puzzle reads it: the web app draws any
registered puzzle from ``to_json``, which ``/api/puzzles`` serves (the
package's static files, ``static_dir``, are served by the web app, never
named by it), and a printed sheet takes its glyphs from it
(:mod:`pencilbox.render.glyphs`).

It also holds the words a player reads about the puzzle, which are not a
setter's: its rules in a few plain sentences with a small solved
:class:`Example`, what a player reasons about at each difficulty
(``levels``; the two rungs every ladder shares, probe and the case rung,
have :data:`SHARED_LEVELS`), and what Check leaves for a full board.

Values and tokens follow the kind: a :class:`Token` pairs an answer value
with its text token; for a puzzle whose answers are numbers, value ``v`` is
the token ``str(low + v)`` of its :class:`Numbers` range.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Bound = int | Literal["cells", "cells-1", "rows+cols-1"]
"""The top of a number range: a fixed number, or one that follows the board:
``"cells"`` is R·C, ``"cells-1"`` is R·C − 1, ``"rows+cols-1"`` is R + C − 1
(the cells a cell sees along its row and column, itself included)."""

Draw = Literal["stone-black", "stone-white", "shade", "dot"]
"""How a cell holding a token is drawn: a black or a white stone filling the
cell, the cell hatched (shaded on paper), or a small dot in its centre (left
blank on paper)."""

InputMode = Literal["cycle", "numbers"]
"""``"cycle"``: a click steps through the tokens (empty first); ``"numbers"``:
the player types a number from the range."""

ClueLook = Literal["token", "number", "circle"]
"""``"token"``: a clue is a given answer, drawn as the player's marks are but
on a grey cell (a clue value entered by cycling is the answer value of that
token; one entered as a number is shown as that number); ``"number"``: a
plain number; ``"circle"``: a circle with its number."""

CLUE_WITHOUT_NUMBER = -1
"""The clue value of a clue printed without its number."""

SHARED_LEVELS = {
    "probe": "Try a value in one cell and follow the easier rules from there: "
    "if that breaks a rule, the cell holds something else.",
    "case": "Try a value in one cell and follow it further, trying each "
    "possibility of a second cell where the easier rules stop: if every way "
    "breaks a rule, the cell holds something else.",
}
"""What a player reasons about at the two rungs every ladder shares (probe,
its top, and the case rung above it), in a player's words."""


@dataclass(frozen=True)
class Token:
    """One answer value as a player meets it.

    ``name`` is the short name (the cell's state, its label for screen
    readers: "black", "shaded"); ``phrase`` is how a sentence names it ("r2c3
    is a wall (shaded)"); ``keys`` are the keyboard keys that set it.
    """

    value: int
    token: str
    name: str
    phrase: str
    draw: Draw
    keys: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "value": self.value,
            "token": self.token,
            "name": self.name,
            "phrase": self.phrase,
            "draw": self.draw,
            "keys": list(self.keys),
        }


@dataclass(frozen=True)
class Numbers:
    """The numbers ``low`` … ``high`` a cell may hold (``high`` may follow the board)."""

    low: int
    high: Bound

    def to_json(self) -> dict[str, object]:
        return {"low": self.low, "high": self.high}


@dataclass(frozen=True)
class Clue:
    """What a clue looks like, and what a setter may place in a cell.

    ``input`` is "cycle" (through the clue values ``cycle``, empty first) or
    "numbers" (a number from ``numbers``). ``blank`` is how a clue without a
    number (value :data:`CLUE_WITHOUT_NUMBER`) shows, e.g. "?" or "" for an
    empty circle; None when the puzzle has no such clue.
    """

    look: ClueLook
    input: InputMode
    cycle: tuple[int, ...] = ()
    numbers: Numbers | None = None
    blank: str | None = None

    def __post_init__(self) -> None:
        if self.input == "cycle" and not self.cycle:
            raise ValueError("a clue entered by cycling needs its clue values")
        if self.input == "numbers" and self.numbers is None:
            raise ValueError("a clue entered as a number needs its range")

    def text(self, value: int) -> str:
        """The text clue ``value`` shows: its number, or for a clue without
        one the ``blank`` text ("?" when the puzzle declares none)."""
        if value >= 0:
            return str(value)
        return "?" if self.blank is None else self.blank

    def to_json(self) -> dict[str, object]:
        return {
            "look": self.look,
            "input": self.input,
            "cycle": list(self.cycle),
            "numbers": self.numbers.to_json() if self.numbers else None,
            "blank": None
            if self.blank is None
            else {"value": CLUE_WITHOUT_NUMBER, "text": self.blank},
        }


@dataclass(frozen=True)
class Theory:
    """The live overlay a player sees: its name and one sentence of help."""

    name: str
    help: str

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "help": self.help}


@dataclass(frozen=True)
class Example:
    """A small solved board shown with the rules: the puzzle and its answer,
    each as the rows of a text grid in the puzzle's own tokens (the text
    format's, without its header)."""

    puzzle: tuple[str, ...]
    answer: tuple[str, ...]


@dataclass(frozen=True)
class Frontend:
    """How a puzzle is drawn, on screen and on paper, and how a player fills it in.

    ``tokens`` are the answer tokens in cycling order (for "cycle" input);
    ``numbers`` the range of a puzzle whose answers are numbers. ``module``
    is the file name of the puzzle's own ES module in ``static_dir`` (its
    theory overlay and any drawing of its own); ``solved`` is what a player
    reads when the board is solved.

    The player's words: ``rules`` are the rules in a few plain sentences
    (shown before a first game, with ``example`` drawn solved beside them);
    ``levels`` say, for each rung of the ladder by its level name, what a
    player reasons about at that difficulty (the rungs every ladder shares
    have :data:`SHARED_LEVELS`); ``checked_when_full`` names the rules Check
    can judge only on a full board ("whether each colour is one group"):
    empty when it judges every rule as the board fills, None when unsaid.
    """

    input: InputMode
    clue: Clue
    tokens: tuple[Token, ...] = ()
    numbers: Numbers | None = None
    theory: Theory | None = None
    module: str | None = None
    static_dir: Path | None = None
    solved: str = "Solved!"
    rules: tuple[str, ...] = ()
    example: Example | None = None
    levels: Mapping[str, str] = field(default_factory=dict)
    checked_when_full: str | None = None

    def __post_init__(self) -> None:
        if self.input == "cycle" and not self.tokens:
            raise ValueError("a puzzle played by cycling needs its answer tokens")
        if self.input == "numbers" and self.numbers is None:
            raise ValueError("a puzzle played with numbers needs their range")
        if self.module is not None and self.static_dir is None:
            raise ValueError("a front-end module needs the directory that holds it")

    def token(self, value: int) -> Token:
        """The answer token of ``value`` (ValueError when there is none)."""
        for t in self.tokens:
            if t.value == value:
                return t
        raise ValueError(f"no answer token has the value {value}")

    def to_json(self) -> dict[str, object]:
        """The descriptor ``/api/puzzles`` serves (``static_dir`` stays on the server)."""
        return {
            "input": self.input,
            "tokens": [t.to_json() for t in self.tokens],
            "numbers": self.numbers.to_json() if self.numbers else None,
            "clue": self.clue.to_json(),
            "theory": self.theory.to_json() if self.theory else None,
            "module": self.module,
            "solved": self.solved,
            "rules": list(self.rules),
            "levels": {**SHARED_LEVELS, **self.levels},
        }
