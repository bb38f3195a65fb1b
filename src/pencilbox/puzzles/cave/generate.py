"""The Cave generator: a 3×3 stamp from digital topology.

A legal board is a hole-free polyomino, and a *simple point* is a cell whose
flip keeps that topology; it is recognised on the 8 cells around it, read as
a ring (off the board counts as wall). Flipping is safe exactly when going
once around the ring the colour changes exactly twice (one cave arc, one wall
arc) and an orthogonal neighbour already has the new colour. Consecutive ring
cells are orthogonal neighbours, so each arc is connected; two changes keep
both sides one piece each; the arc condition keeps the pinch (a checkered
2×2) out.

Seed one random cave cell, grow it by safe flips, then mix with thousands of
random safe flips. Every intermediate picture is legal; no global check runs
and nothing backtracks. The safe-flip relation is symmetric, so the mixing
walk is uniform over the legal boards it reaches.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from pencilbox.engine.grid import grid
from pencilbox.engine.style import SetterStyle
from pencilbox.engine.symmetry import ROT180

from .model import CAVE, WALL

_ORTHOGONAL = 0b10101010  # ring positions 1, 3, 5, 7: up, right, down, left


def _safe_table() -> tuple[list[bool], list[bool]]:
    """For each ring pattern (bit i: ring cell i is cave) whether the centre
    may become cave / may become wall."""
    to_cave = [False] * 256
    to_wall = [False] * 256
    for pattern in range(256):
        changes = sum(((pattern >> i) ^ (pattern >> ((i + 1) % 8))) & 1 for i in range(8))
        if changes != 2:
            continue
        to_cave[pattern] = bool(pattern & _ORTHOGONAL)
        to_wall[pattern] = bool(~pattern & _ORTHOGONAL)
    return to_cave, to_wall


_TO_CAVE, _TO_WALL = _safe_table()


def rings(rows: int, cols: int) -> list[tuple[int, ...]]:
    """Each cell's 8-ring, with ``rows * cols`` (a permanent wall) off the board."""
    g = grid(rows, cols)
    off = g.size
    return [tuple(off if x is None else x for x in g.ring(cell)) for cell in range(g.size)]


def is_safe_flip(colour: list[int], ring: tuple[int, ...], cell: int) -> bool:
    """The stamp test for flipping ``cell`` (``colour`` has a wall sentinel last)."""
    r0, r1, r2, r3, r4, r5, r6, r7 = ring
    pattern = (
        colour[r0]
        | colour[r1] << 1
        | colour[r2] << 2
        | colour[r3] << 3
        | colour[r4] << 4
        | colour[r5] << 5
        | colour[r6] << 6
        | colour[r7] << 7
    )
    return (_TO_WALL if colour[cell] == CAVE else _TO_CAVE)[pattern]


def stamp_walk(
    rows: int, cols: int, rng: random.Random, flips: int | None = None, grow: float | None = None
) -> Iterator[list[int]]:
    """Yield the board (one list, changed in place, wall sentinel last) after
    the seed and after every accepted flip: first growth towards ``grow`` of
    the cells, then ``flips`` random flip attempts."""
    size = rows * cols
    ring = rings(rows, cols)
    nbrs = grid(rows, cols).neighbours
    colour = [WALL] * (size + 1)
    seed = rng.randrange(size)
    colour[seed] = CAVE
    cave = [seed]
    yield colour
    if grow is None:
        grow = rng.uniform(0.4, 0.7)
    target = max(1, round(grow * size))
    tries = 0
    while len(cave) < target and tries < 40 * size:
        tries += 1
        x = rng.choice(nbrs[rng.choice(cave)])
        if colour[x] == WALL and is_safe_flip(colour, ring[x], x):
            colour[x] = CAVE
            cave.append(x)
            yield colour
    if flips is None:
        flips = max(3000, 20 * size)
    to_cave, to_wall = _TO_CAVE, _TO_WALL
    randrange = rng.randrange
    for _ in range(flips):
        x = randrange(size)
        r0, r1, r2, r3, r4, r5, r6, r7 = ring[x]
        pattern = (
            colour[r0]
            | colour[r1] << 1
            | colour[r2] << 2
            | colour[r3] << 3
            | colour[r4] << 4
            | colour[r5] << 5
            | colour[r6] << 6
            | colour[r7] << 7
        )
        if colour[x] == CAVE:
            if to_wall[pattern]:
                colour[x] = WALL
                yield colour
        elif to_cave[pattern]:
            colour[x] = CAVE
            yield colour


def generate_answer(
    rows: int, cols: int, rng: random.Random, flips: int | None = None
) -> list[int]:
    """A random legal Cave board (list of 0 wall / 1 cave)."""
    walk = stamp_walk(rows, cols, rng, flips)
    board = next(walk)  # the walk changes this one list in place
    for _ in walk:
        pass
    return board[: rows * cols]


def clue_number(rows: int, cols: int, answer: list[int], cell: int) -> int:
    """The cave cells ``cell`` sees in the four directions, itself included."""
    g = grid(rows, cols)
    seen = 1
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        for x in g.ray(cell, dr, dc):
            if answer[x] != CAVE:
                break
            seen += 1
    return seen


def clues(
    rows: int, cols: int, answer: list[int], density: float, rng: random.Random
) -> list[int | None]:
    """Number round(density · cave cells) random cave cells."""
    cave = [i for i, v in enumerate(answer) if v == CAVE]
    k = round(max(0.0, min(1.0, density)) * len(cave))
    shown = rng.sample(cave, k)
    clues: list[int | None] = [None] * len(answer)
    for cell in shown:
        clues[cell] = clue_number(rows, cols, answer, cell)
    return clues


def setter_answer(rows: int, cols: int, symmetry: str, rng: random.Random) -> list[int]:
    """A raw answer with its thick walls worn thin, as setters draw caves:
    while some wall cell touches no cave cell along a side (no clue could
    ever see it), a wall beside it that touches the cave and is safe to
    flip (the stamp test) joins the cave."""
    answer = generate_answer(rows, cols, rng)
    ring = rings(rows, cols)
    nbrs = grid(rows, cols).neighbours
    colour = [*answer, WALL]
    while True:
        hidden = [
            w
            for w in range(rows * cols)
            if colour[w] == WALL and all(colour[x] == WALL for x in nbrs[w])
        ]
        worn = False
        for w in hidden:
            edge = [
                x
                for x in nbrs[w]
                if colour[x] == WALL
                and any(colour[y] == CAVE for y in nbrs[x])
                and is_safe_flip(colour, ring[x], x)
            ]
            if edge:
                colour[rng.choice(edge)] = CAVE
                worn = True
        if not worn:
            return colour[: rows * cols]


SETTER = SetterStyle(
    "the smaller numbers kept (the larger ones go first when the board is thinned, "
    "and come last when it needs one more); the clues laid out with half-turn "
    "symmetry on 17 % of the boards, as in hand-made Cave",
    symmetry={ROT180: 0.17},
    answer=setter_answer,
    weight=float,
    clue_numbers=True,
)
"""Cave as setters make it (hand-made 10×10 clues: median 4; 17 % of the
boards have half-turn symmetry)."""
