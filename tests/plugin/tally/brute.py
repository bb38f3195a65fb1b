"""The independent brute force: every shading, row by row, checking each
cross once its last cell is painted. Shares no code with the ladder."""

from __future__ import annotations

import time
from typing import Any

from .validate import tally


def brute_count(
    puzzle: Any, limit: int | None = 2, budget: int | None = None, deadline: float | None = None
) -> tuple[int, bool, int, tuple[int, ...] | None]:
    rows, cols, clues = puzzle.rows, puzzle.cols, puzzle.clues
    n = rows * cols
    last = [min(n - 1, cell + cols) for cell in range(n)]  # the cross's last cell
    due: list[list[int]] = [[] for _ in range(n)]
    for cell, v in enumerate(clues):
        if v is not None:
            due[last[cell]].append(cell)
    answer: list[int | None] = [None] * n
    found, nodes, first = 0, 0, None

    def walk(i: int) -> bool:
        nonlocal found, nodes, first
        if i == n:
            found += 1
            first = first or tuple(v for v in answer if v is not None)
            return limit is not None and found >= limit
        for v in (0, 1):
            nodes += 1
            if budget is not None and nodes > budget:
                raise TimeoutError
            if deadline is not None and nodes & 1023 == 0 and time.monotonic() > deadline:
                raise TimeoutError
            answer[i] = v
            fits = all(tally(rows, cols, answer, c).count(0) == clues[c] for c in due[i])
            if fits and walk(i + 1):
                return True
        answer[i] = None
        return False

    try:
        walk(0)
    except TimeoutError:
        return found, False, nodes, first
    return found, True, nodes, first
