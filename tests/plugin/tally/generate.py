"""A random shading, and the tallies of a random share of its cells."""

from __future__ import annotations

import random

from pencilbox.engine.kind import reveal_cells

from .validate import tally


def generate_answer(rows: int, cols: int, rng: random.Random) -> list[int]:
    return [rng.randrange(2) for _ in range(rows * cols)]


def clues(
    rows: int, cols: int, answer: list[int], density: float, rng: random.Random
) -> list[int | None]:
    counts = [tally(rows, cols, answer, cell).count(0) for cell in range(rows * cols)]
    return reveal_cells(counts, density, rng)
