"""What can be drawn in a printed cell, read off the puzzle's look.

A puzzle declares its look once, in its front-end descriptor
(:class:`~pencilbox.engine.frontend.Frontend`): how each answer token is
drawn and what a clue looks like. The browser draws from that descriptor, and
so does the printed sheet, through :func:`clue_glyphs` and
:func:`answer_glyphs` here. A glyph says only *what* sits in a cell; the
sheet (:mod:`pencilbox.render.svg`) decides sizes, line weights, inks and
fonts, the same for every puzzle.
"""

from __future__ import annotations

from dataclasses import dataclass

from pencilbox.engine.frontend import Draw, Frontend


@dataclass(frozen=True)
class Stone:
    """A disc filling most of the cell: black, or white with a black rim."""

    black: bool


@dataclass(frozen=True)
class Ring:
    """A circle outline around the cell's centre (a number may sit inside)."""


@dataclass(frozen=True)
class Label:
    """A short text (a number, "?") centred in the cell."""

    text: str


@dataclass(frozen=True)
class Shade:
    """The whole cell shaded."""


Glyph = Stone | Ring | Label | Shade
Glyphs = tuple[Glyph, ...]
"""What a cell holds, drawn in this order."""

DRAWN: dict[Draw, Glyphs] = {
    "stone-black": (Stone(black=True),),
    "stone-white": (Stone(black=False),),
    "shade": (Shade(),),
    # A dot is the player's note that a cell stays unshaded; on paper such
    # a cell is simply left blank.
    "dot": (),
}
"""The glyphs of each way the descriptor draws an answer token."""


def answer_glyphs(look: Frontend, value: int) -> Glyphs:
    """How answer ``value`` is drawn in a cell without a clue: as its
    token's drawing, or, for a puzzle answered with numbers, as the number."""
    if look.input == "numbers":
        assert look.numbers is not None  # the descriptor requires it
        return (Label(str(look.numbers.low + value)),)
    return DRAWN[look.token(value).draw]


def clue_glyphs(look: Frontend, value: int) -> Glyphs:
    """How a printed clue ``value`` is drawn: as the answer it gives (a clue
    looking like a token and entered by cycling), in a circle, or as its
    number (or the text of a clue without one)."""
    clue = look.clue
    if clue.look == "token" and clue.input == "cycle":
        return answer_glyphs(look, value)
    text = clue.text(value)
    if clue.look == "circle":
        return (Ring(), Label(text)) if text else (Ring(),)
    return (Label(text),)
