"""Cave (Corral, Bag): shade walls so the cave is one group, every wall
reaches the border, and each number sees that many cave cells. The cave's
boundary is one simple closed loop on the lattice points."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pencilbox.engine.kind import Puzzle, PuzzleKind, Values, register
from pencilbox.engine.state import State
from pencilbox.formats.text import check_size

from . import brute, certificates, generate, model, rules, validate

_BOTH = (1 << model.WALL) | (1 << model.CAVE)


class Cave(PuzzleKind):
    def start(self, p: Puzzle) -> State:
        cave = 1 << model.CAVE
        return State(self.board(p), [_BOTH if v is None else cave for v in p.clues])

    def generate(
        self, rows: int, cols: int, density: float = 0.5, seed: int | None = None
    ) -> tuple[Puzzle, Values]:
        check_size(rows, cols)
        rng = random.Random(seed)
        answer = generate.generate_answer(rows, cols, rng)
        clues = generate.reveal(rows, cols, answer, density, rng)
        return Puzzle(self.name, rows, cols, tuple(clues)), tuple(answer)

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
        summary="Shade walls so the cave is one connected group, every wall reaches "
        "the border, and each number sees that many cave cells in a line.",
        solution_tokens=dict(model.TOKENS),
    ),
    aliases=("corral", "bag"),
)
