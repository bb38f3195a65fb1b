"""The frontier of a Yin-Yang board, computed from scratch for the tests.

Knows nothing of pencilbox: lattice points (i, j), 0 <= i <= R, 0 <= j <= C;
one unit segment for every pair of adjacent cells of different colours.
"""

from __future__ import annotations

from collections import defaultdict

Point = tuple[int, int]


def frontier_edges(rows: int, cols: int, board: list[int]) -> list[tuple[Point, Point]]:
    edges = []
    for r in range(rows):
        for c in range(cols):
            here = board[r * cols + c]
            if c + 1 < cols and board[r * cols + c + 1] != here:
                edges.append(((r, c + 1), (r + 1, c + 1)))
            if r + 1 < rows and board[(r + 1) * cols + c] != here:
                edges.append(((r + 1, c), (r + 1, c + 1)))
    return edges


def describe(rows: int, cols: int, board: list[int]) -> dict[str, int]:
    """Components, crossings, unvisited interior points, border colour changes."""
    edges = frontier_edges(rows, cols, board)
    adj: dict[Point, list[Point]] = defaultdict(list)
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    seen: set[Point] = set()
    components = 0
    for start in adj:
        if start in seen:
            continue
        components += 1
        todo = [start]
        seen.add(start)
        while todo:
            p = todo.pop()
            for q in adj[p]:
                if q not in seen:
                    seen.add(q)
                    todo.append(q)
    crossings = sum(1 for p in adj if len(adj[p]) > 2)
    unvisited = sum(
        1 for i in range(1, rows) for j in range(1, cols) if len(adj.get((i, j), ())) != 2
    )
    ring = [(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
    ring += [(rows - 1, c) for c in range(cols - 2, -1, -1)]
    ring += [(r, 0) for r in range(rows - 2, 0, -1)]
    colours = [board[r * cols + c] for r, c in ring]
    changes = sum(1 for k in range(len(colours)) if colours[k] != colours[k - 1])
    return {
        "components": components,
        "crossings": crossings,
        "unvisited": unvisited,
        "border_changes": changes,
        "edges": len(edges),
    }
