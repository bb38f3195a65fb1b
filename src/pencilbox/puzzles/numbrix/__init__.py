"""Numbrix: number the cells 1 … R·C so that consecutive numbers are
neighbours. Stripped of its labels an answer is a Hamiltonian path of the
grid graph; N = R·C candidates per cell make it the engine's test of
generality."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

from pencilbox.engine.grid import refuse_size_out_of_range
from pencilbox.engine.kind import MeasureDefaults, Puzzle, PuzzleKind, Study, Values
from pencilbox.engine.results import Counted
from pencilbox.engine.state import State
from pencilbox.formats.text import GridText

from . import brute, certificates, generate, model, reasons, rules, validate
from .frontend import FRONTEND
from .samples import SAMPLES


class Numbrix(PuzzleKind):
    title = "Numbrix"
    samples = SAMPLES
    summary = (
        "Number the cells 1 to R·C, each once, so that consecutive numbers "
        "are orthogonal neighbours."
    )
    aliases = ("hidato-square",)
    notations = {"penpa": model.PENPA, "janko": model.JANKO}
    default_density = 0.3
    bank_skips = ("pin",)
    """A board that ``pin`` solves shows all but one number: a board, not a puzzle."""
    measure_defaults = MeasureDefaults(0.3, 0.4, (0.1, 0.15, 0.2, 0.3, 0.4, 0.5))
    certificate, certificate_short = "2-opt reversal", "2-opt"

    def start(self, p: Puzzle) -> State[model.Board]:
        b = model.Board.of(p)
        return State(b, b.start())

    def told(
        self,
        s: State[model.Board],
        cell: int,
        value: int,
        rule: str,
        reason: str,
        premises: tuple[int, ...],
    ) -> tuple[str, tuple[int, ...]]:
        """Two things said a player's way: a reason that rests on facts on
        the board outlines the numbers it names (the rule's own premises are
        the cells it read), and a number that probe places says which number
        it is, where probe's words speak only of the number it ruled out."""
        found = reasons.facts(s, cell, 1 << value)
        if found is not None and found[0] == reason:
            return reason, found[1]
        if rule == "probe":
            why = reasons.say(
                "probe leaves one",
                why=reason,
                cell=s.grid.name(cell),
                value=model.number_name(value),
            )
            return why, premises
        return reason, premises

    def census_count(
        self, rows: int, cols: int, cycles: bool = False, seconds: float | None = None
    ) -> Counted:
        """Directed Hamiltonian paths (``cycles``: Hamiltonian cycles) of the
        grid; when ``seconds`` run out, those counted so far, not complete."""
        refuse_size_out_of_range(rows, cols)
        deadline = None if seconds is None else time.monotonic() + seconds
        found, complete = brute.census(rows, cols, cycles, deadline)
        return Counted(found, complete, 0, 0, "brute", None, None)

    def reversals(self, p: Puzzle, solution: Sequence[int]) -> list[Values]:
        """Second solutions read off ``solution`` by 2-opt reversals."""
        return certificates.second_solutions(p, solution)

    def second_solution(self, p: Puzzle, answer: Sequence[int]) -> Values | None:
        return next(iter(self.reversals(p, answer)), None)

    def is_certificate_free(self, p: Puzzle, answer: Sequence[int]) -> bool:
        return not self.reversals(p, answer)

    def studies(self) -> Mapping[str, Study]:
        from . import studies

        return studies.STUDIES


KIND = Numbrix(
    model.NAME,
    model,
    rules.LADDER,
    validate,
    brute,
    generate,
    GridText(model.NAME, model),
    FRONTEND,
)
