"""The Kurotto generator: coin flips, then circles.

Strip the numbers and every shading is legal, so a uniform answer is one coin
flip per cell. Circles then go on a random subset of the white cells (a
``density`` fraction of them), each showing the total size of the black
blocks it touches. No theorem needed, no failure mode; uniqueness is the
oracle's business.
"""

from __future__ import annotations

import random

from .model import BLACK, WHITE
from .validate import circle_sums


def generate_answer(rows: int, cols: int, rng: random.Random) -> list[int]:
    """A uniform shading (list of 0 black / 1 white)."""
    return [BLACK if rng.random() < 0.5 else WHITE for _ in range(rows * cols)]


def clues(
    rows: int, cols: int, answer: list[int], density: float, rng: random.Random
) -> list[int | None]:
    """Circle round(density · whites) random white cells and write their sums."""
    whites = [c for c, v in enumerate(answer) if v == WHITE]
    k = round(max(0.0, min(1.0, density)) * len(whites))
    chosen = sorted(rng.sample(whites, k))
    clues: list[int | None] = [None] * (rows * cols)
    for c in chosen:
        clues[c] = 0
    for c, (total, _) in circle_sums(rows, cols, clues, answer).items():
        clues[c] = total
    return clues
