"""Cave (Corral, Bag): shade walls so the cave is one group, every wall
reaches the border, and each number sees that many cave cells. The cave's
boundary is one simple closed loop on the lattice points."""

from __future__ import annotations

from collections.abc import Sequence

from pencilbox.engine.kind import Puzzle, PuzzleKind, register
from pencilbox.engine.state import State

from . import brute, certificates, generate, model, rules, validate
from .frontend import FRONTEND

_BOTH = (1 << model.WALL) | (1 << model.CAVE)


class Cave(PuzzleKind):
    def start(self, p: Puzzle) -> State:
        cave = 1 << model.CAVE
        return State(self.board(p), [_BOTH if v is None else cave for v in p.clues])

    def silent_flips(self, p: Puzzle, solution: Sequence[int]) -> list[int]:
        return certificates.silent_flips(p, solution)


KIND = register(
    Cave(
        name=model.NAME,
        title="Cave",
        ladder=rules.LADDER,
        model=model,
        checker=validate,
        brute=brute,
        generator=generate,
        frontend=FRONTEND,
        summary="Shade walls so the cave is one connected group, every wall reaches "
        "the border, and each number sees that many cave cells in a line.",
        solution_tokens=dict(model.TOKENS),
    ),
    aliases=("corral", "bag"),
)
