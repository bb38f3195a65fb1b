"""The Kurotto generator: coin flips, then circles.

Strip the numbers and every shading is legal, so a uniform answer is one coin
flip per cell. Circles then go on a random subset of the white cells (a
``density`` fraction of them), each showing the total size of the black
blocks it touches. No theorem needed, no failure mode; uniqueness is the
oracle's business.

The setter's style (:data:`SETTER`) draws the answer otherwise: black blocks
of the sizes people use (mostly one or two cells), about 38 % of the board,
so the circles show small numbers.
"""

from __future__ import annotations

import random

from pencilbox.engine.grid import grid
from pencilbox.engine.style import SetterStyle
from pencilbox.engine.symmetry import NONE, ROT180, image

from .model import BLACK, BLANK, WHITE
from .validate import circle_sums


def generate_answer(rows: int, cols: int, rng: random.Random) -> list[int]:
    """A uniform shading (list of 0 black / 1 white)."""
    return [BLACK if rng.random() < 0.5 else WHITE for _ in range(rows * cols)]


def clues(
    rows: int, cols: int, answer: list[int], density: float, rng: random.Random
) -> list[int | None]:
    """Circle round(density · whites) random white cells and write their sums."""
    whites = [c for c, v in enumerate(answer) if v == WHITE]
    k = round(max(0.0, min(1.0, density)) * len(whites))
    chosen = sorted(rng.sample(whites, k))
    clues: list[int | None] = [None] * (rows * cols)
    for c in chosen:
        clues[c] = 0
    for c, (total, _) in circle_sums(rows, cols, clues, answer).items():
        clues[c] = total
    return clues


# -- the setter's style ----------------------------------------------------------------
BLOCK_SIZES = ((1, 48), (2, 24), (3, 15), (4, 8), (5, 3), (6, 1), (7, 1))
"""How often setters make a black block of each size (per cent, rounded;
from the hand-made boards in ``examples/kurotto-handmade.jsonl``, whose
blocks are 48 % single cells and 2 % of six or more)."""
BLACK_SHARE = (0.34, 0.42)
"""The black share of a setter's answer is drawn from this range (the
hand-made boards average 38 %)."""
TWINNED = 0.5
"""For circles laid out in a symmetry, the share of blocks drawn with their
image (where it fits). A circle stands only where its image may hold one
too, so an answer with no twins leaves many white cells no circle can
stand on, and the weak rungs (sum, door), which read only what a circle
beside a cell says, cannot decide them: without twins no 10x10 sum board
and one door board in 20 is made symmetric, with a quarter of the blocks
twinned still no 15x15 one. The price: the answers of the shipped bank's
symmetric boards match their image on 76 % (probe) to 86 % (sum) of the
cells, the hand-made boards' on 62 % (48 % to 78 %), and 30 % to 58 % of
their circle pairs show the same number (hand-made: 16 %)."""


def block_size(rng: random.Random) -> int:
    """A block size drawn from :data:`BLOCK_SIZES`."""
    x = rng.random() * sum(w for _, w in BLOCK_SIZES)
    for size, w in BLOCK_SIZES:
        if x < w:
            return size
        x -= w
    return BLOCK_SIZES[-1][0]


def setter_answer(rows: int, cols: int, symmetry: str, rng: random.Random) -> list[int]:
    """An answer as setters draw one: black blocks of the sizes setters use,
    each apart from the others (no two touch along a side, or they would be
    one block), until the black share drawn from :data:`BLACK_SHARE` is
    reached or no block fits. For circles laid out in a symmetry, a share
    :data:`TWINNED` of the blocks get their image block too, and every
    cell is then given a place for a circle beside it (:func:`cover`)."""
    nbrs = grid(rows, cols).neighbours
    size = rows * cols
    colour = [WHITE] * size
    target = round(rng.uniform(*BLACK_SHARE) * size)
    black = 0
    order = list(range(size))
    rng.shuffle(order)
    for start in order:
        if black >= target:
            break
        if colour[start] == BLACK or any(colour[x] == BLACK for x in nbrs[start]):
            continue
        block = {start}
        colour[start] = BLACK
        black += 1
        wanted = block_size(rng)
        while len(block) < wanted and black < target:
            room = sorted(
                {
                    x
                    for b in block
                    for x in nbrs[b]
                    if colour[x] == WHITE and all(y in block or colour[y] == WHITE for y in nbrs[x])
                }
            )
            if not room:
                break
            x = rng.choice(room)
            colour[x] = BLACK
            block.add(x)
            black += 1
        if symmetry != NONE and rng.random() < TWINNED:
            twin = {image(x, rows, cols, symmetry) for x in block}
            if all(
                colour[x] == WHITE and all(y in twin or colour[y] == WHITE for y in nbrs[x])
                for x in twin
            ):
                for x in twin:
                    colour[x] = BLACK
                black += len(twin)
    if symmetry != NONE:
        cover(rows, cols, colour, symmetry, rng)
    return colour


def cover(rows: int, cols: int, colour: list[int], symmetry: str, rng: random.Random) -> None:
    """Whiten a few black cells of ``colour`` (in place) so that every cell
    is, or touches, a white cell whose image is white too: a circle may
    stand there, so no cell is out of every circle's reach (a cell no circle
    sees could flip freely, a second answer). Each cell short of one gets
    the image of a white cell beside it whitened (a cell inside a block,
    with no white beside it, is whitened itself, with its image)."""
    g = grid(rows, cols)
    order = list(range(g.size))
    rng.shuffle(order)

    def can_hold(x: int) -> bool:
        return colour[x] == WHITE and colour[image(x, rows, cols, symmetry)] == WHITE

    for cell in order:
        near = (cell, *g.neighbours[cell])
        if any(can_hold(x) for x in near):
            continue
        whites = [x for x in near if colour[x] == WHITE] or [cell]  # inside a block: its own
        x = rng.choice(whites)
        colour[x] = colour[image(x, rows, cols, symmetry)] = WHITE


def weaker(clue: int) -> int | None:
    """A numbered circle the board does not need may stay as a blank circle."""
    return BLANK if clue >= 3 else None


SETTER = SetterStyle(
    "small black blocks (most of one or two cells, 38 % black), so small numbers; "
    "a number the board does not need left as a blank circle; the circles laid out "
    "with half-turn symmetry, as on most hand-made Kurotto (64 %), unless the grade "
    "asked cannot be reached so",
    symmetry={ROT180: 1.0},
    answer=setter_answer,
    weaker=weaker,
    clue_numbers=True,
)
"""Kurotto as setters make it: the hand-made boards' figures (10×10: circle
numbers median 3, mean 3.1; 17 % blank circles; 38 % black; 64 % with
half-turn symmetry). Every board asks for half-turn symmetry: the few a
grade cannot be reached with lay their circles in no pattern (see
:func:`pencilbox.engine.making.make_graded`), so the share that keeps it
stays above the hand-made one."""
