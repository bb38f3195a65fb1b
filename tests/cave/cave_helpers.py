"""Test-side helpers for Cave, written from the rules as stated.

Nothing here imports pencilbox: these are the tests' own eyes on a board.
A board is a sequence of 0 (wall) / 1 (cave), row-major.
"""

from __future__ import annotations

from collections.abc import Sequence


def neighbours(rows: int, cols: int, cell: int) -> list[int]:
    r, c = divmod(cell, cols)
    out = []
    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= rr < rows and 0 <= cc < cols:
            out.append(rr * cols + cc)
    return out


_NEIGHBOURS: dict[tuple[int, int], list[list[int]]] = {}


def _spread(rows: int, cols: int, board: Sequence[int], colour: int, seeds: list[int]) -> int:
    """How many cells of ``colour`` the seeds (of that colour) reach."""
    key = (rows, cols)
    if key not in _NEIGHBOURS:
        _NEIGHBOURS[key] = [neighbours(rows, cols, x) for x in range(rows * cols)]
    nbrs = _NEIGHBOURS[key]
    seen = [False] * (rows * cols)
    for x in seeds:
        seen[x] = True
    todo = list(seeds)
    reached = len(todo)
    while todo:
        x = todo.pop()
        for y in nbrs[x]:
            if not seen[y] and board[y] == colour:
                seen[y] = True
                reached += 1
                todo.append(y)
    return reached


def is_legal(rows: int, cols: int, board: Sequence[int]) -> bool:
    """Rules 1 and 2: one non-empty cave group; every wall reaches the edge."""
    n = rows * cols
    caves = sum(1 for v in board if v == 1)
    if not caves:
        return False
    first = next(i for i in range(n) if board[i] == 1)
    if _spread(rows, cols, board, 1, [first]) != caves:
        return False
    edge = [
        i
        for i in range(n)
        if board[i] == 0 and (i < cols or i >= n - cols or i % cols in (0, cols - 1))
    ]
    return _spread(rows, cols, board, 0, edge) == n - caves


def _edge_table(rows: int, cols: int) -> list[list[tuple[int, int, int]]]:
    """Per cell, its four sides as (cell across or -1, lattice point, lattice point)."""
    key = (rows, cols)
    if key not in _EDGES:
        w = cols + 1
        table = []
        for cell in range(rows * cols):
            r, c = divmod(cell, cols)
            up = cell - cols if r > 0 else -1
            down = cell + cols if r < rows - 1 else -1
            left = cell - 1 if c > 0 else -1
            right = cell + 1 if c < cols - 1 else -1
            table.append(
                [
                    (up, r * w + c, r * w + c + 1),
                    (down, (r + 1) * w + c, (r + 1) * w + c + 1),
                    (left, r * w + c, (r + 1) * w + c),
                    (right, r * w + c + 1, (r + 1) * w + c + 1),
                ]
            )
        _EDGES[key] = table
    return _EDGES[key]


_EDGES: dict[tuple[int, int], list[list[tuple[int, int, int]]]] = {}


def loop_shape(rows: int, cols: int, board: Sequence[int]) -> tuple[int, int, int, int]:
    """(components, pinch points, vertices, edges) of the boundary graph."""
    table = _edge_table(rows, cols)
    adj: dict[int, list[int]] = {}
    edges = 0
    for cell in range(rows * cols):
        if board[cell] != 1:
            continue
        for across, a, b in table[cell]:
            if across < 0 or board[across] != 1:
                edges += 1
                adj.setdefault(a, []).append(b)
                adj.setdefault(b, []).append(a)
    pinches = sum(1 for v in adj.values() if len(v) == 4)
    comps = 0
    seen: set[int] = set()
    for start in adj:
        if start in seen:
            continue
        comps += 1
        seen.add(start)
        todo = [start]
        while todo:
            v = todo.pop()
            for x in adj[v]:
                if x not in seen:
                    seen.add(x)
                    todo.append(x)
    return comps, pinches, len(adj), edges


def is_single_loop(rows: int, cols: int, board: Sequence[int]) -> bool:
    comps, pinches, vertices, edges = loop_shape(rows, cols, board)
    return comps == 1 and pinches == 0 and vertices == edges


def seen_count(rows: int, cols: int, board: Sequence[int], cell: int) -> int:
    r0, c0 = divmod(cell, cols)
    total = 1
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = r0 + dr, c0 + dc
        while 0 <= r < rows and 0 <= c < cols and board[r * cols + c] == 1:
            total += 1
            r, c = r + dr, c + dc
    return total


def is_solution(rows: int, cols: int, clues: Sequence[int | None], board: Sequence[int]) -> bool:
    if not is_legal(rows, cols, board):
        return False
    for cell, v in enumerate(clues):
        if v is None:
            continue
        if board[cell] != 1:
            return False
        if v != -1 and seen_count(rows, cols, board, cell) != v:
            return False
    return True
