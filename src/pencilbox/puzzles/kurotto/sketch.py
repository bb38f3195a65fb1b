"""A likely Kurotto answer by local search, for the count to start from.

On a big open board (a raw 15×15: black blocks of dozens of cells, circles
whose numbers run past 50) the counting search can spend seconds before its
first answer, while a repair search finds one in a tenth of a second: shade
the cells, then, while some circle's sum is off, flip one cell next to (or
inside) its blocks, the flip that brings the sums nearest their numbers.
Each circle's distance is weighed, and when no flip brings the weighed sums
nearer, every circle still wrong weighs one more (the breakout method of
local search): a circle that a dead end keeps wrong gets mended at last,
where the plain distance leaves the search circling (on the raw 15×15 of
seed 6 the plain search ended 9 to 26 off from eight seeds, the weighed one
4 to 9 from four).

What it returns is only a guess, never a proof: the count checks an answer
with the independent validator before it counts it. A guess a few circles
off is the start of a search near it (:func:`windows`: the counting search
with every cell far from the wrong circles kept as the guess has it, the
window widened while that search proves it empty), and otherwise the colour
to try first at each of the search's guesses (its phases). Its random
choices come from a fixed seed and it stops after a fixed number of flips,
so the same board gets the same guess on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from pencilbox.engine.budget import Budget, cost
from pencilbox.engine.grid import cells_of

from .model import BLACK, WHITE, Board

FLIPS = 3_000
"""Flips tried before the search gives up and returns its nearest board."""
NOISE = 0.1
"""The share of flips made at random among those cells, to leave a dead end."""
TABU = 10
"""Flips during which a flipped cell stays as it is."""
SEED = 0
ROUNDS = 3
"""Local searches tried, each from its own seed, before the count searches alone."""
WINDOW_UNITS = 60_000
"""The work one window's search near a shading may spend (see :meth:`Kurotto.answers_near`)."""
NEAR_UNITS = 150_000
"""The work all the windows' searches near one shading may spend."""


def shade(
    board: Board, cands: Sequence[int], budget: Budget, flips: int = FLIPS, seed: int = SEED
) -> tuple[list[int], int]:
    """A shading near an answer, from the candidates ``cands`` (a decided
    cell keeps its colour): the values (0 black, 1 white) of the board with
    the smallest total distance of the circles' sums to their numbers met,
    and that distance (0: every sum is right, an answer if the candidates
    held nothing else). Each flip weighed costs a rule application's worth
    of ``budget`` (it floods the blocks around the cell)."""
    g = board.grid
    flood, spread = g.flood, g.spread
    rng = random.Random(seed)
    price = cost([3] * len(cands))  # flooding the board, as a rule reading every cell
    black = sum(1 << c for c, m in enumerate(cands) if m == 1 << BLACK)
    free = sum(1 << c for c, m in enumerate(cands) if m == (1 << BLACK) | (1 << WHITE))
    for c in cells_of(free):
        if rng.random() < 0.5:
            black |= 1 << c
    circles = board.circles
    nears = [(i, circle.near) for i, circle in enumerate(circles)]
    nearby = 0
    for circle in circles:
        nearby |= circle.near
    sums = [flood(c.near & black, black).bit_count() for c in circles]
    off = sum(abs(t - c.number) for t, c in zip(sums, circles, strict=True))
    best, best_black = off, black

    def blocks(seeds: int, shaded: int) -> list[int]:
        out = []
        while seeds:
            block = flood(seeds & -seeds, shaded)
            out.append(block)
            seeds &= ~block
        return out

    weight = [1] * len(circles)
    beside: list[tuple[int, ...]] = [()] * len(cands)  # the circles next to each cell
    for i, circle in enumerate(circles):
        for x in cells_of(circle.near):
            beside[x] = (*beside[x], i)
    known: list[tuple[int, set[int]]] = []  # the shading's blocks now, each with its circles

    def block_of(bit: int) -> tuple[int, set[int]]:
        for block, touched in known:
            if block & bit:
                return block, touched
        block = flood(bit, black)
        touched = {i for i, near in nears if block & near} if block & nearby else set()
        known.append((block, touched))
        return block, touched

    def change(x: int) -> tuple[int, int, int, list[tuple[int, int]]]:
        """The change in weighed distance and in distance if ``x`` flips,
        the shading after, and the circles' new sums."""
        budget.spend(price)
        bit = 1 << x
        around = spread(bit) & ~bit
        if black & bit:
            after_black = black & ~bit
            before = [block_of(bit)]
            whole = before[0][1]  # the pieces touch only circles the block touched
            after = [
                (piece, {i for i in whole if piece & circles[i].near})
                for piece in blocks(around & after_black, after_black)
            ]
        else:
            after_black = black | bit
            before = []
            seeds = around & black
            merged, touched = bit, set(beside[x])
            while seeds:
                block, near = block_of(seeds & -seeds)
                before.append((block, near))
                seeds &= ~block
                merged |= block
                touched |= near
            after = [(merged, touched)]
        delta: dict[int, int] = {}
        for sign, group in ((-1, before), (1, after)):
            for block, touched in group:
                size = sign * block.bit_count()
                for i in touched:
                    delta[i] = delta.get(i, 0) + size
        weighed = d = 0
        new = []
        for i, dt in delta.items():
            if dt:
                t, n = sums[i] + dt, circles[i].number
                new.append((i, t))
                e = abs(t - n) - abs(sums[i] - n)
                d += e
                weighed += weight[i] * e
        return weighed, d, after_black, new

    until: dict[int, int] = {}
    for step in range(flips):
        if off == 0:
            break
        wrong = [i for i, c in enumerate(circles) if sums[i] != c.number]
        i = rng.choice(wrong)
        circle = circles[i]
        region = flood(circle.near & black, black)
        if sums[i] < circle.number:
            room = spread(region | circle.bit) & free & ~black
        else:
            room = region & free
        options = [x for x in cells_of(room) if until.get(x, -1) < step]
        if not options:
            continue
        if rng.random() < NOISE:
            x = rng.choice(options)
            _, d, black, new = change(x)
        else:
            weighed = [(change(y), y) for y in options]
            least = min(w[0][0] for w in weighed)
            (w, d, black, new), x = rng.choice([w for w in weighed if w[0][0] == least])
            if w >= 0:  # no flip helps: the circles still wrong weigh more
                for j in wrong:
                    weight[j] += 1
        known.clear()
        for j, t in new:
            sums[j] = t
        off += d
        until[x] = step + TABU
        if off < best:
            best, best_black = off, black
    values = [BLACK if best_black >> c & 1 else WHITE for c in range(len(cands))]
    return values, best


def windows(board: Board, values: Sequence[int]) -> Iterator[int]:
    """The cells to search again around the circles ``values`` gets wrong,
    ever wider: those within one step of them, two steps, and so on, until
    the window holds the whole board (nothing when every sum is right)."""
    g = board.grid
    black = sum(1 << c for c, v in enumerate(values) if v == BLACK)
    window = 0
    for circle in board.circles:
        if g.flood(circle.near & black, black).bit_count() != circle.number:
            window |= circle.bit
    whole = (1 << len(values)) - 1
    while window and window != whole:
        window = g.spread(window)
        yield window
