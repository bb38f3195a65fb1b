"""Cave (Corral, Bag): shade walls so the cave is one group, every wall
reaches the border, and each number sees that many cave cells. The cave's
boundary is one simple closed loop on the lattice points."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pencilbox.engine.kind import Counted, Puzzle, PuzzleKind, Values, register
from pencilbox.engine.state import State
from pencilbox.formats.text import check_size
from pencilbox.verdict import Violation

from . import brute, certificates, generate, model, rules, validate

_BOTH = (1 << model.WALL) | (1 << model.CAVE)


class Cave(PuzzleKind):
    def parse_clue(self, token: str) -> int | None:
        return model.parse_clue(token)

    def clue_token(self, value: int | None) -> str:
        return model.clue_token(value)

    def check_clues(self, p: Puzzle) -> None:
        model.check_clues(p)

    def from_url(self, url: str) -> Puzzle:
        return model.from_url(url)

    def to_url(self, p: Puzzle) -> str:
        return model.to_url(p)

    def board(self, p: Puzzle) -> model.Board:
        return model.Board.of(p)

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

    def validate(self, p: Puzzle, solution: Sequence[int | None]) -> list[Violation]:
        return validate.validate(p, solution)

    def brute_count(self, p: Puzzle, limit: int | None = 2, budget: int | None = None) -> Counted:
        found, complete, nodes, first = brute.brute_count(p, limit, budget)
        return Counted(found, complete, 0, nodes, "brute", None, first)

    def silent_flips(self, p: Puzzle, solution: Sequence[int]) -> list[int]:
        return certificates.silent_flips(p, solution)


KIND = register(
    Cave(
        name=model.NAME,
        title="Cave",
        ladder=rules.LADDER,
        summary="Shade walls so the cave is one connected group, every wall reaches "
        "the border, and each number sees that many cave cells in a line.",
        solution_tokens=dict(model.TOKENS),
    ),
    aliases=("corral", "bag"),
)
