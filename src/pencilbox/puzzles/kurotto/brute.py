"""The independent Kurotto brute force.

Fills the plain cells in row-major order, black first, pruning only with the
definition of a clue: the black blocks already touching a circle may not
exceed its number (the floor), and the cells that can still reach it through
cells that are not white must be able to make up its number (the ceiling).
Only the circles a new cell can affect are re-checked. Every leaf is scored
by the standalone validator. Shares no code with the engine or the ladder.
"""

from __future__ import annotations

import time
from typing import Any

from .validate import validate


class Bitboards:
    """Bitboard geometry of one board (its own, independent of the engine)."""

    def __init__(self, rows: int, cols: int) -> None:
        self.cols = cols
        self.full = (1 << (rows * cols)) - 1
        left = sum(1 << (r * cols) for r in range(rows))
        self.not_left = self.full & ~left
        self.not_right = self.full & ~(left << (cols - 1))

    def grow(self, bits: int) -> int:
        return (
            bits
            | ((bits << 1) & self.not_left)
            | ((bits >> 1) & self.not_right)
            | ((bits << self.cols) & self.full)
            | (bits >> self.cols)
        )

    def fill(self, seed: int, allowed: int) -> int:
        reach = seed & allowed
        while True:
            more = self.grow(reach) & allowed
            if more == reach:
                return reach
            reach = more


def brute_count(
    puzzle: Any, limit: int | None = 2, budget: int | None = None, deadline: float | None = None
) -> tuple[int, bool, int, tuple[int, ...] | None]:
    """(solutions up to ``limit``, complete, nodes, first solution); not
    complete when ``budget`` nodes or the ``time.monotonic()`` ``deadline``
    run out (the clock is read every 1024 nodes)."""
    rows, cols, clues = puzzle.rows, puzzle.cols, puzzle.clues
    size = rows * cols
    geo = Bitboards(rows, cols)
    numbers = {c: v for c, v in enumerate(clues) if v is not None and v >= 0}
    numbered = sum(1 << c for c in numbers)
    side = {c: geo.grow(1 << c) & ~(1 << c) for c in numbers}
    free = [c for c in range(size) if clues[c] is None]
    answer: list[int | None] = [None if v is None else 1 for v in clues]
    black = 0
    white = sum(1 << c for c, v in enumerate(clues) if v is not None)

    def cells(bits: int) -> list[int]:
        out = []
        while bits:
            low = bits & -bits
            out.append(low.bit_length() - 1)
            bits ^= low
        return out

    def too_many(circles: int) -> bool:
        for c in cells(circles):
            if geo.fill(side[c], black).bit_count() > numbers[c]:
                return True
        return False

    def too_few(circles: int) -> bool:
        maybe = geo.full & ~white
        for c in cells(circles):
            if geo.fill(side[c], maybe).bit_count() < numbers[c]:
                return True
        return False

    found = 0
    nodes = 0
    first: tuple[int, ...] | None = None
    if too_few(numbered):
        return 0, True, 0, None
    choice = [-1] * len(free)
    k = 0
    while k >= 0:
        if k == len(free):
            if not validate(puzzle, answer):
                found += 1
                if first is None:
                    first = tuple(v for v in answer if v is not None)
                if limit is not None and found >= limit:
                    return found, True, nodes, first
            k -= 1
            continue
        cell = free[k]
        bit = 1 << cell
        # undo this cell's previous colour
        if choice[k] == 0:
            black &= ~bit
        elif choice[k] == 1:
            white &= ~bit
        choice[k] += 1
        if choice[k] > 1:
            choice[k] = -1
            answer[cell] = None
            k -= 1
            continue
        if budget is not None and nodes >= budget:
            return found, False, nodes, first
        if deadline is not None and nodes & 127 == 0 and time.monotonic() > deadline:
            return found, False, nodes, first
        nodes += 1
        colour = choice[k]
        answer[cell] = colour
        if colour == 0:
            black |= bit
            touched = geo.grow(geo.fill(bit, black)) & numbered
            ok = not too_many(touched)
        else:
            reach = geo.fill(bit, geo.full & ~white)
            white |= bit
            touched = geo.grow(reach) & numbered
            ok = not too_few(touched)
        if ok:
            k += 1
    return found, True, nodes, first
