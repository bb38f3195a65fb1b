"""The Yin-Yang generator: run the frontier theorem backwards.

A legal board's frontier is one Hamiltonian path of the interior lattice
points, each end extended by one edge to the border. So draw that curve:
start from a serpentine path of the (R-1)×(C-1) interior lattice, mix it
with backbite moves until both ends lie on the rim, extend each end to the
border, and colour the two sides. No backtracking, no failure mode.
"""

from __future__ import annotations

import random

from pencilbox.engine.kind import reveal_cells

from .model import BLACK, WHITE

Point = int  # an interior lattice point, i * m_cols + j for point (i+1, j+1)


def serpentine(m_rows: int, m_cols: int) -> list[Point]:
    path: list[Point] = []
    for i in range(m_rows):
        row = range(m_cols) if i % 2 == 0 else range(m_cols - 1, -1, -1)
        path.extend(i * m_cols + j for j in row)
    return path


def lattice_neighbours(m_rows: int, m_cols: int) -> list[tuple[Point, ...]]:
    out = []
    for p in range(m_rows * m_cols):
        i, j = divmod(p, m_cols)
        nb = []
        if i > 0:
            nb.append(p - m_cols)
        if i < m_rows - 1:
            nb.append(p + m_cols)
        if j > 0:
            nb.append(p - 1)
        if j < m_cols - 1:
            nb.append(p + 1)
        out.append(tuple(nb))
    return out


def backbite(path: list[Point], nbrs: list[tuple[Point, ...]], rng: random.Random) -> bool:
    """One backbite move on ``path`` in place; False when it changed nothing."""
    if len(path) < 3:
        return False
    if rng.random() < 0.5:
        path.reverse()
    end = path[0]
    u = rng.choice(nbrs[end])
    if u == path[1]:
        return False
    i = path.index(u)
    # Add the edge (end, u), drop (path[i-1], u): the prefix turns around.
    path[:i] = path[i - 1 :: -1]
    return True


def random_frontier(
    rows: int, cols: int, rng: random.Random, moves_per_point: int = 8
) -> list[Point]:
    """A mixed Hamiltonian path of the interior lattice, ends on its rim."""
    m_rows, m_cols = rows - 1, cols - 1
    nbrs = lattice_neighbours(m_rows, m_cols)
    path = serpentine(m_rows, m_cols)
    for _ in range(moves_per_point * len(path)):
        backbite(path, nbrs, rng)

    def on_rim(p: Point) -> bool:
        i, j = divmod(p, m_cols)
        return i in (0, m_rows - 1) or j in (0, m_cols - 1)

    while not (on_rim(path[0]) and on_rim(path[-1])):
        backbite(path, nbrs, rng)
    return path


def colour_sides(rows: int, cols: int, path: list[Point], rng: random.Random) -> list[int]:
    """Colour the two sides of the curve (path plus one border edge per end)."""
    m_cols = cols - 1
    # cut[(a, b)] for adjacent cells a < b separated by a frontier edge.
    cut: set[tuple[int, int]] = set()

    def point_rc(p: Point) -> tuple[int, int]:
        i, j = divmod(p, m_cols)
        return i + 1, j + 1

    def add_edge(p: tuple[int, int], q: tuple[int, int]) -> None:
        (i1, j1), (i2, j2) = sorted((p, q))
        if i1 == i2:  # horizontal segment on lattice row i1, columns j1..j2
            a, b = (i1 - 1) * cols + j1, i1 * cols + j1
        else:  # vertical segment on lattice column j1, rows i1..i2
            a, b = i1 * cols + j1 - 1, i1 * cols + j1
        cut.add((a, b))

    pts = [point_rc(p) for p in path]
    for p, q in zip(pts, pts[1:], strict=False):
        add_edge(p, q)
    used: list[tuple[int, int]] = []
    for end in (pts[0], pts[-1]):
        i, j = end
        outs = [
            (i2, j2)
            for i2, j2 in ((0, j), (rows, j), (i, 0), (i, cols))
            if abs(i2 - i) + abs(j2 - j) == 1
        ]
        outs = [o for o in outs if o not in used]
        target = rng.choice(outs)
        used.append(target)
        add_edge(end, target)

    colour = [-1] * (rows * cols)
    colour[0] = BLACK if rng.random() < 0.5 else WHITE
    todo = [0]
    while todo:
        cell = todo.pop()
        r, c = divmod(cell, cols)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < rows and 0 <= cc < cols:
                n = rr * cols + cc
                if colour[n] < 0:
                    crossed = (min(cell, n), max(cell, n)) in cut
                    colour[n] = colour[cell] ^ 1 if crossed else colour[cell]
                    todo.append(n)
    return colour


def generate_answer(rows: int, cols: int, rng: random.Random) -> list[int]:
    """A uniformly mixed legal Yin-Yang board (list of 0 black / 1 white)."""
    path = random_frontier(rows, cols, rng)
    return colour_sides(rows, cols, path, rng)


def clues(
    rows: int, cols: int, answer: list[int], density: float, rng: random.Random
) -> list[int | None]:
    """Give the colour of a random round(density · cells) of the cells."""
    return reveal_cells(answer, density, rng)
