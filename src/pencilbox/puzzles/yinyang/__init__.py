"""Yin-Yang: paint every cell black or white; each colour connected, no
monochrome 2×2. The frontier between the colours is one curve."""

from __future__ import annotations

from collections.abc import Sequence

from pencilbox.engine.kind import Puzzle, PuzzleKind, register
from pencilbox.engine.state import State

from . import brute, certificates, generate, model, rules, validate
from .frontend import FRONTEND


class YinYang(PuzzleKind):
    def start(self, p: Puzzle) -> State:
        return State(self.board(p), [3 if v is None else 1 << v for v in p.clues])

    def silent_flips(self, p: Puzzle, solution: Sequence[int]) -> list[int]:
        return certificates.silent_flips(p, solution)


KIND = register(
    YinYang(
        name=model.NAME,
        title="Yin-Yang",
        ladder=rules.LADDER,
        model=model,
        checker=validate,
        brute=brute,
        generator=generate,
        frontend=FRONTEND,
        summary="Paint every cell black or white: each colour one connected group, "
        "no 2×2 of one colour.",
        solution_tokens=dict(model.TOKENS),
    ),
    aliases=("yin-yang", "shirokuro"),
)
