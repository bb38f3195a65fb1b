"""The cap rule: a block that touches a circle holds at most its number.

A search rule, not a rung: the counting search runs it in every node (and
in its probe trials), and the case rung in its trials, beside the ladder's
rules; the ladder's own fixpoints, hints and grades never see it, so the
published rungs and what they grade are untouched.

The sum rule bounds a circle's total by its ceiling, every cell that can
still reach it. But a black block that reaches a cell next to another
circle B touches B, so it holds at most B's number of cells: circles with
small numbers wall big blocks in. For a circle A, each black block touching
it passes through one of A's (at most four) neighbours x, so A's total is at
most the sum, over its neighbours, of the largest block that can hold x:

    a block of s cells through x lies in the cells that are not white and
    not next to a circle whose number is below s (:attr:`Circle.caps` lists
    those forbidden cells by size), so s is at most the size of x's flood
    through them.

The largest such s is found from the largest sizes down. A neighbour
already black brings its whole decided block: the block is the flood's
seed, and neighbours in one block count once. When the bound is below A's
number, that is a contradiction. It rests on A's white neighbours, the black
cells of the seeds, and the white cells that stopped the floods that fell
short; the forbidden cells are fixed by the clues. A colour that would bring
a bound under its number is left to probe's trials (and the search's
guesses) to find: trying it inside the rule cost more than it found.
"""

from __future__ import annotations

from pencilbox.engine.grid import Bits, Grid, cells_of
from pencilbox.engine.state import Contradiction
from pencilbox.engine.words import count as counted

from .model import Circle

Verdict = Contradiction | tuple[()]


class Bound:
    """The most cells a block holding ``seed`` can have, and what that rests on."""

    __slots__ = ("seed", "size", "short", "read")

    def __init__(self, seed: Bits, size: int, short: Bits, read: Bits) -> None:
        self.seed = seed
        self.size = size
        self.short = short
        """The floods that fell short of larger sizes, and the one that gave
        the bound when it is a whole component: the bound rests on the white
        cells beside them."""
        self.read = read
        """The seed and every flood tried: the bound reads the colours of
        these cells and of the cells beside them, no others."""


def block_bound(g: Grid, seed: Bits, maybe: Bits, caps: tuple[tuple[int, int, Bits], ...]) -> Bound:
    """The most cells a block holding ``seed`` can have (largest sizes first)."""
    short = 0
    for lo, hi, gates in caps:
        room = maybe & ~gates
        if seed & ~room:
            continue  # the seed itself touches a circle whose number is below this size
        reach = g.flood(seed, room, hi)
        k = reach.bit_count()
        if k > lo:
            if k > hi:
                return Bound(seed, hi, short, seed | short | reach)
            return Bound(seed, k, short | reach, seed | short | reach)
        short |= reach
    return Bound(seed, 0, short, seed | short)


def _contacts(g: Grid, circle: Circle, black: Bits, maybe: Bits) -> list[Bits]:
    """The seeds of the blocks that can touch the circle: each undecided
    neighbour alone, each black neighbour with its decided block (once)."""
    out = []
    done = 0
    for x in cells_of(circle.near & maybe):
        bit = 1 << x
        if bit & done:
            continue
        if bit & black:
            block = g.flood(bit, black)
            done |= block
            out.append(block)
        else:
            out.append(bit)
    return out


def _premises(g: Grid, circle: Circle, bounds: list[Bound], maybe: Bits) -> tuple[int, ...]:
    """What a total rests on: the circle, its white neighbours (no block
    touches it there), the black cells of the seeds (which neighbours share
    a block, and which forbidden cells a block already holds), and the white
    cells beside the floods that fell short."""
    seeded = 0
    short = circle.bit
    for b in bounds:
        short |= b.short
        if b.seed & (b.seed - 1):
            seeded |= b.seed
    walls = g.spread(short) & ~maybe & circle.area & ~circle.bit
    return (circle.cell, *cells_of(walls | seeded))


def judge_cap(
    g: Grid, circle: Circle, black: Bits, maybe: Bits, floor: Bits, ceiling: Bits
) -> tuple[Verdict, Bits]:
    """The cap verdict on a circle whose ``floor`` (its decided block) is
    below its number and that has a smaller circle; ``ceiling`` is the sum
    rule's fill, grown until it holds more than the number or can grow no
    more (both from the rules' entry). Also the cells, beyond the
    circle, its floor and its ceiling, next to which it read colours."""
    n = circle.number
    caps = circle.caps
    # When the ceiling and the floor keep clear of every cell the top sizes
    # forbid, the contacts' floods at those sizes cover the ceiling between
    # them: the total is at least n.
    if ceiling.bit_count() > n and not (ceiling | floor) & caps[0][2]:
        return (), 0
    bounds = [block_bound(g, seed, maybe, caps) for seed in _contacts(g, circle, black, maybe)]
    read = 0
    for b in bounds:
        read |= b.read
    total = sum(b.size for b in bounds)
    if total < n:
        return Contradiction(
            "cap",
            f"{circle.name} says {n} but the blocks that can touch it hold at most "
            f"{counted(total, 'cell')} "
            "(a block next to a smaller circle holds at most that circle's number)",
            _premises(g, circle, bounds, maybe),
        ), read
    return (), read
