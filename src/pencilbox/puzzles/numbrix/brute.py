"""The raw Numbrix engine: it just walks.

No candidates, no ladder. A walk starts in a cell holding the number 1 and
steps to an unvisited neighbour for 2, 3, … ; a printed number pins the step
at which its cell is entered. Each complete walk is scored by the standalone
validator. Three prunings keep it quick, each a plain fact about walks:

- the next printed number w in cell x must be reachable: lattice distance
  from the head at most the steps left, with the same parity (every step
  moves one row or one column);
- the unvisited cells must hang together (the rest of the walk runs
  through all of them);
- every unvisited cell needs two unvisited neighbours (one to arrive from,
  one to leave by), except the next cell, entered from the head, and the
  one cell that ends the walk.

With no printed numbers the count is the number of directed Hamiltonian
paths of the grid graph (the census). Shares no code with the engine.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from .validate import validate


class _Stop(Exception):
    pass


class _Walker:
    def __init__(
        self, puzzle: Any, limit: int | None, budget: int | None, deadline: float | None = None
    ) -> None:
        rows, cols = puzzle.rows, puzzle.cols
        self.puzzle = puzzle
        self.rows, self.cols = rows, cols
        n = self.n = rows * cols
        self.full = (1 << n) - 1
        left = sum(1 << (r * cols) for r in range(rows))
        self.not_left = self.full & ~left
        self.not_right = self.full & ~(left << (cols - 1))
        self.nbm = []
        for cell in range(n):
            r, c = divmod(cell, cols)
            m = 0
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < rows and 0 <= cc < cols:
                    m |= 1 << (rr * cols + cc)
            self.nbm.append(m)
        self.cell_of = [-1] * n  # printed number index -> cell
        self.clue_mask = 0
        for cell, v in enumerate(puzzle.clues):
            if v is not None and 1 <= v <= n:
                self.cell_of[v - 1] = cell
                self.clue_mask |= 1 << cell
        # next_clue[k]: the smallest printed index > k, or -1
        self.next_clue = [-1] * n
        nxt = -1
        for k in range(n - 1, -1, -1):
            self.next_clue[k] = nxt
            if self.cell_of[k] >= 0:
                nxt = k
        self.limit = limit
        self.budget = budget
        self.deadline = deadline
        self.found = 0
        self.nodes = 0
        self.first: tuple[int, ...] | None = None
        self.path: list[int] = []
        self.complete = True
        self.kept: list[tuple[int, ...]] | None = None

    def run(self, starts: list[int] | None = None) -> None:
        n = self.n
        if starts is None:
            first = self.cell_of[0]
            starts = (
                [first] if first >= 0 else [c for c in range(n) if not (self.clue_mask >> c) & 1]
            )
        depth = sys.getrecursionlimit()
        if depth < n + 100:
            sys.setrecursionlimit(n + 100)
        try:
            for s in starts:
                if (self.clue_mask >> s) & 1 and self.puzzle.clues[s] != 1:
                    continue
                if not self._reachable(s, 0):
                    continue
                self.path.append(s)
                self._go(s, 0, self.full & ~(1 << s))
                self.path.pop()
        except _Stop:
            pass
        finally:
            sys.setrecursionlimit(depth)

    def _reachable(self, h: int, k: int) -> bool:
        """Can the next printed number still be reached from ``h`` (holding k)?"""
        w = self.next_clue[k]
        if w < 0:
            return True
        x = self.cell_of[w]
        hr, hc = divmod(h, self.cols)
        xr, xc = divmod(x, self.cols)
        gap = w - k - abs(hr - xr) - abs(hc - xc)
        return gap >= 0 and not gap & 1

    def _go(self, head: int, k: int, rest: int) -> None:
        """Extend the walk whose cell ``head`` holds index k; ``rest`` is unvisited."""
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            self.complete = False
            raise _Stop
        late = self.deadline is not None and self.nodes & 255 == 0
        if late and time.monotonic() > self.deadline:  # type: ignore[operator]
            self.complete = False
            raise _Stop
        if k == self.n - 1:
            self._score()
            return
        cols, full = self.cols, self.full
        # Whatever the next step, the cells of ``rest`` are still to be walked
        # from it: they must hang together ...
        seen = rest & -rest
        while True:
            grown = (
                seen
                | (seen >> cols)
                | ((seen << cols) & full)
                | ((seen << 1) & self.not_left)
                | ((seen >> 1) & self.not_right)
            ) & rest
            if grown == seen:
                break
            seen = grown
        if seen != rest:
            return
        # ... and each needs two neighbours among them (one in, one out),
        # except the step taken now (entered from the head) and the last cell.
        up = rest >> cols
        down = (rest << cols) & full
        lt = (rest << 1) & self.not_left
        rt = (rest >> 1) & self.not_right
        alone = rest & ~(up | down | lt | rt)
        lonely = rest & ~((up & down) | ((up | down) & (lt | rt)) | (lt & rt))
        nxt = k + 1
        target = self.cell_of[nxt]
        if target >= 0:
            moves = self.nbm[head] & rest & (1 << target)
        else:
            moves = self.nbm[head] & rest & ~self.clue_mask
        while moves:
            low = moves & -moves
            moves ^= low
            if alone & ~low:
                continue
            others = lonely & ~low
            if others & (others - 1):
                continue
            h = low.bit_length() - 1
            if self._reachable(h, nxt):
                self.path.append(h)
                self._go(h, nxt, rest ^ low)
                self.path.pop()

    def _score(self) -> None:
        answer: list[int | None] = [None] * self.n
        for i, cell in enumerate(self.path):
            answer[cell] = i
        if validate(self.puzzle, answer):
            return
        self.found += 1
        if self.first is None:
            self.first = tuple(v for v in answer if v is not None)
        if self.kept is not None:
            self.kept.append(tuple(v for v in answer if v is not None))
        if self.limit is not None and self.found >= self.limit:
            raise _Stop


def brute_count(
    puzzle: Any, limit: int | None = 2, budget: int | None = None, deadline: float | None = None
) -> tuple[int, bool, int, tuple[int, ...] | None]:
    """(solutions up to ``limit``, complete, nodes, first solution); not
    complete when ``budget`` nodes or the ``time.monotonic()`` ``deadline``
    run out (the clock is read every 1024 nodes)."""
    w = _Walker(puzzle, limit, budget, deadline)
    w.run()
    return w.found, w.complete, w.nodes, w.first


def solutions(puzzle: Any, limit: int | None = None) -> list[tuple[int, ...]]:
    """Every solution (up to ``limit``), each as the value index of every cell."""
    w = _Walker(puzzle, limit, None)
    w.kept = []
    w.run()
    return w.kept


class _Blank:
    """A puzzle with the given printed numbers (cell -> number) and no others."""

    def __init__(self, rows: int, cols: int, printed: dict[int, int] | None = None) -> None:
        self.rows, self.cols = rows, cols
        clues: list[int | None] = [None] * (rows * cols)
        for cell, v in (printed or {}).items():
            clues[cell] = v
        self.clues = tuple(clues)


def _start_orbits(rows: int, cols: int) -> list[tuple[int, int]]:
    """One cell per orbit of the board's symmetries, with the orbit's size."""

    def images(r: int, c: int) -> set[tuple[int, int]]:
        out = {(r, c), (rows - 1 - r, c), (r, cols - 1 - c), (rows - 1 - r, cols - 1 - c)}
        if rows == cols:
            out |= {(c, r) for r, c in list(out)}
        return out

    seen: set[tuple[int, int]] = set()
    orbits = []
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in seen:
                orbit = images(r, c)
                seen |= orbit
                orbits.append((r * cols + c, len(orbit)))
    return orbits


def census(
    rows: int, cols: int, cycles: bool = False, deadline: float | None = None
) -> tuple[int, bool]:
    """Directed Hamiltonian paths of the R×C grid graph, or with ``cycles``
    its Hamiltonian cycles, counted by walking; and whether the count is
    complete (the walk stops at the ``time.monotonic()`` ``deadline``, and
    the count so far is a lower bound).

    Paths: a walk is fixed by its start cell, and symmetric start cells start
    equally many walks, so one start per symmetry orbit is walked and counted
    with the orbit's size. Cycles: the corner cell has only two neighbours,
    so every cycle runs corner → right neighbour → … → lower neighbour, once;
    that is the puzzle with 1, 2 and N printed there.
    """
    n = rows * cols
    if cycles:
        if n < 4:
            return 0, True
        w = _Walker(_Blank(rows, cols, {0: 1, 1: 2, cols: n}), None, None, deadline)
        w.run()
        return w.found, w.complete
    total = 0
    for start, size in _start_orbits(rows, cols):
        w = _Walker(_Blank(rows, cols), None, None, deadline)
        w.run([start])
        if not w.complete:
            return total + w.found, False
        total += w.found * size
    return total, True
