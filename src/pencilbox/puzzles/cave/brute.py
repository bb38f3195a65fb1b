"""The independent Cave brute force.

Fills the free cells in row-major order, wall then cave, pruning only with the
three stated rules: every number's count still bracketed between the cave it
surely sees and the cave it could still see; the decided cave cells still
mutually reachable through cave or empty cells; every decided wall still able
to reach the border through wall or empty cells. Every leaf is scored by the
standalone validator. Shares no code with the engine or the ladder.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from .validate import CAVE, UNNUMBERED, WALL, _masks, flood, validate


def _views(rows: int, cols: int, cell: int) -> list[list[int]]:
    r0, c0 = divmod(cell, cols)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        ray = []
        r, c = r0 + dr, c0 + dc
        while 0 <= r < rows and 0 <= c < cols:
            ray.append(r * cols + c)
            r += dr
            c += dc
        out.append(ray)
    return out


def solutions(
    puzzle: Any,
    limit: int | None = None,
    budget: int | None = None,
    stats: dict[str, int] | None = None,
    deadline: float | None = None,
) -> Iterator[tuple[int, ...]]:
    """Every solution of ``puzzle`` (up to ``limit``), in row-major order of
    first difference, wall before cave. ``stats`` (if given) receives the
    node count and whether the budget or the ``time.monotonic()`` deadline
    ran out (the clock is read every 1024 nodes)."""
    rows, cols = puzzle.rows, puzzle.cols
    size = rows * cols
    full, not_left, not_right, border = _masks(rows, cols)
    answer: list[int | None] = [None] * size
    clues = list(puzzle.clues)
    numbers: list[tuple[int, list[list[int]]]] = []
    watch: list[list[int]] = [[] for _ in range(size)]
    cave = walls = 0
    for cell, v in enumerate(clues):
        if v is not None:
            answer[cell] = CAVE
            cave |= 1 << cell
            if v != UNNUMBERED:
                k = len(numbers)
                views = _views(rows, cols, cell)
                numbers.append((v, views))
                for ray in views:
                    for x in ray:
                        watch[x].append(k)
    free = [c for c in range(size) if answer[c] is None]
    open_ = sum(1 << c for c in free)
    counters = {"nodes": 0, "found": 0, "stopped": False}

    def bracket_ok(k: int) -> bool:
        v, views = numbers[k]
        low = high = 1
        for ray in views:
            sure = True
            for x in ray:
                a = answer[x]
                if a == WALL:
                    break
                if a == CAVE and sure:
                    low += 1
                else:
                    sure = False
                high += 1
        return low <= v <= high

    def connected() -> bool:
        if cave:
            reach = flood(cave & -cave, cave | open_, cols, full, not_left, not_right)
            if cave & ~reach:
                return False
        if walls:
            out = flood(border & (walls | open_), walls | open_, cols, full, not_left, not_right)
            if walls & ~out:
                return False
        return True

    def go(i: int) -> Iterator[tuple[int, ...]]:
        nonlocal cave, walls, open_
        counters["nodes"] += 1
        if budget is not None and counters["nodes"] > budget:
            counters["stopped"] = True
            return
        if deadline is not None and counters["nodes"] & 255 == 0 and time.monotonic() > deadline:
            counters["stopped"] = True
            return
        if i == len(free):
            if not validate(puzzle, answer):
                yield tuple(v for v in answer if v is not None)
            return
        cell = free[i]
        bit = 1 << cell
        open_ &= ~bit
        for value in (WALL, CAVE):
            answer[cell] = value
            if value == WALL:
                walls |= bit
            else:
                cave |= bit
            if all(bracket_ok(k) for k in watch[cell]) and connected():
                yield from go(i + 1)
            if value == WALL:
                walls &= ~bit
            else:
                cave &= ~bit
            if counters["stopped"]:
                break
        answer[cell] = None
        open_ |= bit

    if all(bracket_ok(k) for k in range(len(numbers))):
        for found in go(0):
            counters["found"] += 1
            yield found
            if limit is not None and counters["found"] >= limit:
                break
    if stats is not None:
        stats["nodes"] = counters["nodes"]
        stats["stopped"] = counters["stopped"]


def brute_count(
    puzzle: Any, limit: int | None = 2, budget: int | None = None, deadline: float | None = None
) -> tuple[int, bool, int, tuple[int, ...] | None]:
    """(solutions up to ``limit``, complete, nodes, first solution)."""
    stats: dict[str, int] = {}
    found = 0
    first = None
    for sol in solutions(puzzle, limit, budget, stats, deadline):
        if first is None:
            first = sol
        found += 1
    complete = not stats.get("stopped", False)
    return found, complete, stats.get("nodes", 0), first
