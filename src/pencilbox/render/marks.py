"""What can be drawn in a cell, and the interface a drawable puzzle offers.

A puzzle says how each printed clue and each answer value looks as a tuple
of marks; the sheet decides sizes, line weights and fonts, the same for
every puzzle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable


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


Mark = Stone | Ring | Label | Shade
Marks = tuple[Mark, ...]


@runtime_checkable
class Drawable(Protocol):
    """A puzzle kind that can be printed: the marks of a clue and of an answer."""

    def clue_marks(self, value: int) -> Marks:
        """How a printed clue ``value`` is drawn."""
        ...

    def answer_marks(self, value: int) -> Marks:
        """How answer ``value`` is drawn in a cell without a clue."""
        ...
