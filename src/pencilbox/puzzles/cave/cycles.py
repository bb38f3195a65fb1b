"""Simple cycles of the m×n grid graph, counted from scratch.

Knows nothing about polyominoes, shading or the rest of pencilbox: vertices
are lattice points (i, j), edges join points at distance 1. A simple cycle
has a least vertex s in row-major order; both of its cycle neighbours are
greater than s, so they are the points right of and below s. Every cycle is
therefore counted exactly once as a simple path from right(s) to below(s)
through points greater than s. (OEIS A140517 on the n×n lattice.)
"""

from __future__ import annotations


def _neighbours(m: int, n: int) -> list[list[int]]:
    out = []
    for v in range(m * n):
        i, j = divmod(v, n)
        nb = []
        if i > 0:
            nb.append(v - n)
        if i < m - 1:
            nb.append(v + n)
        if j > 0:
            nb.append(v - 1)
        if j < n - 1:
            nb.append(v + 1)
        out.append(nb)
    return out


def _reachable(start: int, target: int, blocked: int, nbrs: list[list[int]]) -> bool:
    seen = blocked | (1 << start)
    todo = [start]
    while todo:
        v = todo.pop()
        for w in nbrs[v]:
            if w == target:
                return True
            if not (seen >> w) & 1:
                seen |= 1 << w
                todo.append(w)
    return False


def count_paths(source: int, target: int, blocked: int, nbrs: list[list[int]]) -> int:
    """Simple paths from ``source`` to ``target`` avoiding the ``blocked`` vertices."""
    if source == target:
        return 1
    total = 0
    used = blocked | (1 << source)
    for w in nbrs[source]:
        if (used >> w) & 1:
            continue
        if w == target:
            total += 1
        elif _reachable(w, target, used, nbrs):
            total += count_paths(w, target, used, nbrs)
    return total


def count_cycles(m: int, n: int | None = None) -> int:
    """The number of simple cycles (length ≥ 4) of the m×n grid graph."""
    if n is None:
        n = m
    nbrs = _neighbours(m, n)
    total = 0
    for s in range(m * n):
        i, j = divmod(s, n)
        if i == m - 1 or j == n - 1:
            continue
        below = (1 << s) - 1  # every point before s, and s itself, is off limits
        total += count_paths(s + 1, s + n, below | (1 << s), nbrs)
    return total
