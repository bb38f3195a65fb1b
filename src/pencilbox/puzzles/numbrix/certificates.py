"""Cheap Numbrix certificates of non-uniqueness, read off one answer.

*2-opt reversal*: take positions i < j on the walk and walk the window
i … j backwards. The result is again a walk when the window is joined at
both sides: the cell before the window (if any) neighbours the window's last
cell, and the cell after it (if any) neighbours its first cell. It is a
second solution when no printed number inside the window moves: every
printed position in it must be the window's centre. For a fixed i only the
≤ 4 neighbours of the cell before the window can close it, so the scan over
all pairs costs O(L) rather than O(L²) and needs no search.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pencilbox.engine.grid import grid


def walk_of(answer: Sequence[int]) -> list[int]:
    """The cells in the order of their numbers."""
    path = [0] * len(answer)
    for cell, v in enumerate(answer):
        path[v] = cell
    return path


def reversal_windows(puzzle: Any, answer: Sequence[int]) -> list[tuple[int, int]]:
    """Every window (i, j), i < j, whose reversal is another solution."""
    nbrs = grid(puzzle.rows, puzzle.cols).neighbours
    path = walk_of(answer)
    last = len(path) - 1
    printed = [puzzle.clues[cell] is not None for cell in path]
    before = [0]
    for p in printed:
        before.append(before[-1] + p)

    def quiet(i: int, j: int) -> bool:
        k = before[j + 1] - before[i]
        if k == 0:
            return True
        return k == 1 and (i + j) % 2 == 0 and printed[(i + j) // 2]

    out = []
    for i in range(last):
        if i == 0:
            closers = [answer[d] - 1 for d in nbrs[path[0]]] + [last]
        else:
            closers = [answer[d] for d in nbrs[path[i - 1]]]
        for j in sorted(set(closers)):
            if j <= i or j > last:
                continue
            if j < last and path[j + 1] not in nbrs[path[i]]:
                continue
            if quiet(i, j):
                out.append((i, j))
    return out


def reverse_window(answer: Sequence[int], i: int, j: int) -> tuple[int, ...]:
    """The answer with the walk's window i … j walked backwards."""
    path = walk_of(answer)
    path[i : j + 1] = path[i : j + 1][::-1]
    values = [0] * len(path)
    for k, cell in enumerate(path):
        values[cell] = k
    return tuple(values)


def second_solutions(puzzle: Any, answer: Sequence[int]) -> list[tuple[int, ...]]:
    """The second solutions the 2-opt reversals read off ``answer``."""
    return [reverse_window(answer, i, j) for i, j in reversal_windows(puzzle, answer)]
