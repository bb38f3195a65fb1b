"""Tally, a toy puzzle that lives outside pencilbox: shade cells so that each
number counts the black cells in its cross (the cell and its four
neighbours). It registers itself like any third-party puzzle package, through
the ``pencilbox.puzzles`` entry-point group, and nothing in pencilbox names it.
"""

from __future__ import annotations

from pencilbox.engine.kind import PuzzleKind
from pencilbox.engine.results import Puzzle
from pencilbox.engine.state import State
from pencilbox.formats.text import GridText

from . import brute, generate, model, rules, validate
from .frontend import FRONTEND
from .samples import SAMPLES


class Tally(PuzzleKind):
    title = "Tally"
    summary = "Shade cells so that each number counts the black cells of its cross."
    aliases = ("cross-tally",)
    default_density = 1.0
    samples = SAMPLES

    def start(self, p: Puzzle) -> State:
        return State(model.Board.of(p), [0b11] * (p.rows * p.cols))


KIND = Tally(
    model.NAME,
    model,
    rules.LADDER,
    validate,
    brute,
    generate,
    GridText(model.NAME, model),
    FRONTEND,
)
