"""The independent checker: imports nothing from the engine or the rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pencilbox.violations import Violation


def tally(rows: int, cols: int, answer: Sequence[int | None], cell: int) -> list[int | None]:
    r, c = divmod(cell, cols)
    around = [(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    return [answer[i * cols + j] for i, j in around if 0 <= i < rows and 0 <= j < cols]


def validate(puzzle: Any, answer: Sequence[int | None]) -> list[Violation]:
    out = []
    if any(v is None for v in answer):
        out.append(Violation("empty", "some cells are still empty", local=False))
    for cell, n in enumerate(puzzle.clues):
        seen = tally(puzzle.rows, puzzle.cols, answer, cell) if n is not None else []
        if n is not None and None not in seen and seen.count(0) != n:
            out.append(Violation("tally", f"a cross does not count {n}", (cell,), local=True))
    return out
