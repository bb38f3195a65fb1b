"""Numbrix: number the cells 1 … R·C so that consecutive numbers are
neighbours. Stripped of its labels an answer is a Hamiltonian path of the
grid graph; N = R·C candidates per cell make it the engine's test of
generality."""

from __future__ import annotations

from collections.abc import Sequence

from pencilbox.engine.kind import Puzzle, PuzzleKind, Values, register
from pencilbox.engine.state import Result, State
from pencilbox.formats.text import check_size

from . import brute, certificates, generate, model, rules, validate
from .frontend import FRONTEND


class Numbrix(PuzzleKind):
    def value_token(self, value: int) -> str:
        return model.value_token(value)

    def parse_value(self, token: str, size: int) -> int | None:
        return model.parse_value(token, size)

    def start(self, p: Puzzle) -> State:
        b = self.board(p)
        return State(b, b.start())

    def census(self, rows: int, cols: int, cycles: bool = False) -> int:
        """Directed Hamiltonian paths (``cycles``: Hamiltonian cycles) of the grid."""
        check_size(rows, cols)
        return brute.census(rows, cols, cycles)

    def reversals(self, p: Puzzle, solution: Sequence[int]) -> list[Values]:
        """Second solutions read off ``solution`` by 2-opt reversals."""
        return certificates.second_solutions(p, solution)

    def span(self, state: State) -> Result:
        """The off-ladder ruler rule, on a state of this puzzle."""
        return rules.span(state)


KIND = register(
    Numbrix(
        name=model.NAME,
        title="Numbrix",
        ladder=rules.LADDER,
        model=model,
        checker=validate,
        brute=brute,
        generator=generate,
        frontend=FRONTEND,
        default_density=0.3,
        summary="Number the cells 1 to R·C, each once, so that consecutive numbers "
        "are orthogonal neighbours.",
    ),
    aliases=("hidato-square",),
)
