"""The independent Yin-Yang brute force.

Fills the free cells in row-major order, both colours each, pruning only with
the two stated rules: a completed monochrome 2×2, and decided cells of a
colour that can no longer reach each other through that colour or undecided
cells. Every leaf is scored by the standalone validator. Shares no code with
the engine or the ladder.
"""

from __future__ import annotations

import time
from typing import Any

from .validate import validate


def _flood(seed: int, allowed: int, cols: int, full: int, not_left: int, not_right: int) -> int:
    reach = seed
    while True:
        grown = (
            reach
            | ((reach << 1) & not_left)
            | ((reach >> 1) & not_right)
            | ((reach << cols) & full)
            | (reach >> cols)
        ) & allowed
        if grown == reach:
            return reach
        reach = grown


def brute_count(
    puzzle: Any, limit: int | None = 2, budget: int | None = None, deadline: float | None = None
) -> tuple[int, bool, int, tuple[int, ...] | None]:
    """(solutions up to ``limit``, complete, nodes, first solution); not
    complete when ``budget`` nodes or the ``time.monotonic()`` ``deadline``
    run out (the clock is read every 1024 nodes)."""
    rows, cols = puzzle.rows, puzzle.cols
    size = rows * cols
    full = (1 << size) - 1
    left = sum(1 << (r * cols) for r in range(rows))
    not_left = full & ~left
    not_right = full & ~(left << (cols - 1))
    answer: list[int | None] = list(puzzle.clues)
    free = [i for i in range(size) if answer[i] is None]
    colour_bits = [0, 0]
    for i, v in enumerate(answer):
        if v is not None:
            colour_bits[v] |= 1 << i
    undecided = sum(1 << i for i in free)
    windows_at: list[list[tuple[int, int, int, int]]] = [[] for _ in range(size)]
    for r in range(rows - 1):
        for c in range(cols - 1):
            w = (r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1)
            for x in w:
                windows_at[x].append(w)

    found = 0
    nodes = 0
    first: tuple[int, ...] | None = None
    stop = late = False

    def connected(colour: int) -> bool:
        have = colour_bits[colour]
        if not have:
            return True
        reach = _flood(have & -have, have | undecided, cols, full, not_left, not_right)
        return have & ~reach == 0

    def ok_at(cell: int, colour: int) -> bool:
        for w in windows_at[cell]:
            if all(answer[x] == colour for x in w):
                return False
        return True

    def go(k: int) -> None:
        nonlocal undecided, found, nodes, first, stop, late
        if stop:
            return
        nodes += 1
        if budget is not None and nodes > budget:
            stop = True
            return
        if deadline is not None and nodes & 255 == 0 and time.monotonic() > deadline:
            stop = late = True
            return
        if k == len(free):
            if not validate(puzzle, answer):
                found += 1
                if first is None:
                    first = tuple(v for v in answer if v is not None)
                if limit is not None and found >= limit:
                    stop = True
            return
        cell = free[k]
        undecided &= ~(1 << cell)
        for colour in (0, 1):
            answer[cell] = colour
            colour_bits[colour] |= 1 << cell
            if ok_at(cell, colour) and connected(0) and connected(1):
                go(k + 1)
            colour_bits[colour] &= ~(1 << cell)
            if stop:
                break
        answer[cell] = None
        undecided |= 1 << cell

    # Givens alone may already break a rule.
    if (
        all(ok_at(i, v) for i, v in enumerate(answer) if v is not None)
        and connected(0)
        and connected(1)
    ):
        go(0)
    complete = not (budget is not None and nodes > budget) and not late
    return found, complete, nodes, first
