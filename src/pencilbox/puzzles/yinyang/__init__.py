"""Yin-Yang: paint every cell black or white; each colour connected, no
monochrome 2×2. The frontier between the colours is one curve."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pencilbox.engine.kind import Counted, Puzzle, PuzzleKind, Values, register
from pencilbox.engine.state import State
from pencilbox.formats.text import check_size
from pencilbox.verdict import Violation

from . import brute, certificates, generate, model, rules, validate


class YinYang(PuzzleKind):
    def parse_clue(self, token: str) -> int | None:
        return model.parse_clue(token)

    def clue_token(self, value: int | None) -> str:
        return model.clue_token(value)

    def from_url(self, url: str) -> Puzzle:
        return model.from_url(url)

    def to_url(self, p: Puzzle) -> str:
        return model.to_url(p)

    def board(self, p: Puzzle) -> model.Board:
        return model.Board.of(p)

    def start(self, p: Puzzle) -> State:
        return State(self.board(p), [3 if v is None else 1 << v for v in p.clues])

    def generate(
        self, rows: int, cols: int, density: float = 0.5, seed: int | None = None
    ) -> tuple[Puzzle, Values]:
        check_size(rows, cols)
        rng = random.Random(seed)
        answer = generate.generate_answer(rows, cols, rng)
        clues = generate.reveal(answer, density, rng)
        return Puzzle(self.name, rows, cols, tuple(clues)), tuple(answer)

    def validate(self, p: Puzzle, solution: Sequence[int | None]) -> list[Violation]:
        return validate.validate(p, solution)

    def brute_count(self, p: Puzzle, limit: int | None = 2, budget: int | None = None) -> Counted:
        found, complete, nodes, first = brute.brute_count(p, limit, budget)
        first_values = tuple(v for v in first if v is not None) if first else None
        return Counted(found, complete, 0, nodes, "brute", None, first_values)

    def silent_flips(self, p: Puzzle, solution: Sequence[int]) -> list[int]:
        return certificates.silent_flips(p, solution)


KIND = register(
    YinYang(
        name=model.NAME,
        title="Yin-Yang",
        ladder=rules.LADDER,
        summary="Paint every cell black or white: each colour one connected group, "
        "no 2×2 of one colour.",
        solution_tokens=dict(model.TOKENS),
    ),
    aliases=("yin-yang", "shirokuro"),
)
