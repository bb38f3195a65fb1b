"""Kurotto: shade cells so that each circled number equals the total size of
the black blocks touching it. No connectivity, no 2×2 ban: arithmetic only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from pencilbox.engine import search
from pencilbox.engine.kind import Puzzle, PuzzleKind, deadline_in, register
from pencilbox.engine.ladder import Status
from pencilbox.engine.state import State

from . import brute, certificates, generate, model, rules, validate
from .certificates import OracleResult
from .frontend import FRONTEND


@dataclass(frozen=True)
class GapCheck:
    """Whether probe finishes a puzzle, and if not, the brute force's count.

    ``solutions`` stops at 2; ``complete`` is false when the brute force ran
    out of its node budget; ``nodes`` is the number of brute-force nodes
    searched (0 when probe settled the puzzle on its own).
    """

    probe_finishes: bool
    solutions: int
    complete: bool
    nodes: int
    status: str
    engine: str

    @property
    def unique(self) -> bool:
        return self.complete and self.solutions == 1

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "unique": self.unique}


class Kurotto(PuzzleKind):
    def start(self, p: Puzzle) -> State:
        return State(self.board(p), [3 if v is None else 1 << model.WHITE for v in p.clues])

    # -- uniqueness --------------------------------------------------------------
    def silent_flips(self, p: Puzzle, solution: Sequence[int]) -> list[int]:
        return certificates.silent_flips(p, solution)

    def oracle(
        self, p: Puzzle, solution: Sequence[int], budget: int = search.DEFAULT_BUDGET
    ) -> OracleResult:
        """Is ``solution`` the only answer? Coverage, silent-flip and
        silent-pair certificates first; the counting search (within
        ``budget`` nodes) only for boards that pass all three."""

        def count(nodes: int) -> tuple[int, bool, int]:
            c = self.count(p, limit=2, budget=nodes)
            return c.solutions, c.complete, c.nodes

        return certificates.oracle(p, solution, count, budget)

    def gapcheck(
        self, p: Puzzle, budget: int | None = None, seconds: float | None = None
    ) -> GapCheck:
        """Does probe finish ``p``? If not, count its solutions (up to 2) with
        the independent brute force, within ``budget`` nodes (None: no cap).
        Everything stops after ``seconds``; then ``complete`` is false (and
        ``status`` "stopped" when probe's fixpoint itself did not finish)."""
        deadline = deadline_in(seconds)
        solved = self.solve(p, seconds=seconds)
        if solved.status is Status.STOPPED:
            return GapCheck(False, 0, False, 0, solved.status.value, "probe")
        if solved.status is Status.SOLVED:
            return GapCheck(True, 1, True, 0, solved.status.value, "probe")
        if solved.status is Status.CONTRADICTION:
            return GapCheck(True, 0, True, 0, solved.status.value, "probe")
        found, complete, nodes, _ = brute.brute_count(p, 2, budget, deadline)
        return GapCheck(False, found, complete, nodes, solved.status.value, "brute")


KIND = register(
    Kurotto(
        name=model.NAME,
        title="Kurotto",
        ladder=rules.LADDER,
        model=model,
        checker=validate,
        brute=brute,
        generator=generate,
        frontend=FRONTEND,
        summary="Shade cells so that each circled number is the total size of the "
        "black blocks touching it.",
        solution_tokens=dict(model.TOKENS),
    ),
)
