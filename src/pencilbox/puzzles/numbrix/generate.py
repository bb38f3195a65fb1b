"""The Numbrix generator: backbite, never search.

Every rectangle has a Hamiltonian path (the boustrophedon), so an answer
always exists. Move between answers with *backbite*: pick one of the two
ends of the path and a random lattice neighbour u of it; unless u is the
end's own successor, add the link (end, u) and cut the link by which the
path reached u from the end's side, which reverses the stretch in between.
The result is again a Hamiltonian path of the grid: no rejection, no
restart, no failure mode. About 60 moves per cell mix a 10×10 well (the
number of bends stops growing after ~16 moves per cell).

Clues: a random subset of the numbers, round(density · cells) of them.
"""

from __future__ import annotations

import random

from pencilbox.engine.grid import Cell, grid
from pencilbox.engine.kind import reveal_cells

MOVES_PER_CELL = 60


def boustrophedon(rows: int, cols: int) -> list[Cell]:
    """The snake path: row 0 left to right, row 1 right to left, …"""
    g = grid(rows, cols)
    path: list[Cell] = []
    for r in range(rows):
        row = range(cols) if r % 2 == 0 else range(cols - 1, -1, -1)
        path.extend(g.cell(r, c) for c in row)
    return path


def backbite(path: list[Cell], nbrs: tuple[tuple[Cell, ...], ...], rng: random.Random) -> bool:
    """One backbite move on ``path`` in place; False when it changed nothing."""
    last = len(path) - 1
    if rng.random() < 0.5:
        end = path[0]
        options = nbrs[end]
        u = options[int(rng.random() * len(options))]
        if u == path[1]:
            return False
        i = path.index(u)
        # add (path[0], path[i]), cut (path[i-1], path[i]): the prefix turns round
        path[:i] = path[i - 1 :: -1]
    else:
        end = path[last]
        options = nbrs[end]
        u = options[int(rng.random() * len(options))]
        if u == path[last - 1]:
            return False
        i = path.index(u)
        # add (path[i], path[-1]), cut (path[i], path[i+1]): the suffix turns round
        path[i + 1 :] = path[:i:-1]
    return True


def random_path(
    rows: int, cols: int, rng: random.Random, moves_per_cell: int = MOVES_PER_CELL
) -> list[Cell]:
    """A well-mixed Hamiltonian path of the R×C grid, as its cells in order."""
    nbrs = grid(rows, cols).neighbours
    path = boustrophedon(rows, cols)
    for _ in range(moves_per_cell * len(path)):
        backbite(path, nbrs, rng)
    if rng.random() < 0.5:
        path.reverse()
    return path


def answer_of(path: list[Cell]) -> list[int]:
    """Value index of every cell: its position on the walk."""
    values = [0] * len(path)
    for i, cell in enumerate(path):
        values[cell] = i
    return values


def generate_answer(
    rows: int, cols: int, rng: random.Random, moves_per_cell: int = MOVES_PER_CELL
) -> list[int]:
    return answer_of(random_path(rows, cols, rng, moves_per_cell))


def clues(
    rows: int, cols: int, answer: list[int], density: float, rng: random.Random
) -> list[int | None]:
    """Print the numbers (value + 1) of a random round(density · cells) cells."""
    return [None if v is None else v + 1 for v in reveal_cells(answer, density, rng)]
