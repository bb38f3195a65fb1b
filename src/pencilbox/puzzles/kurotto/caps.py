"""The cap rule: a block that touches a circle holds at most its number.

A search rule, not a rung: the counting search runs it in every node (and
in its root's probe trials) beside the ladder's rules, which it makes
stronger; fixpoints, hints and grades never see it, so the published
ladder and its grades are untouched.

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

The largest such s is found from the largest sizes down. Verdicts:

- the bound is below A's number: a contradiction (it rests on the white
  cells that stopped the floods that fell short; the forbidden cells are
  fixed by the clues);
- white in one cell would bring the bound below A's number: that cell is
  black (the bound recomputed without it; only cells of the floods that
  reached a bound can change one, and only when the contacts they feed hold
  enough of the total).

A neighbour already black brings its whole decided block: the block is the
flood's seed, and neighbours in one block count once.
"""

from __future__ import annotations

from typing import Any

from pencilbox.engine.grid import Bits, Grid, cells_of
from pencilbox.engine.state import Contradiction

from .model import BLACK, Circle

Finding = tuple[Bits, int, str, tuple[int, ...]]
Verdict = Contradiction | tuple[Finding, ...]

TRIALS = 30
"""The largest number whose circle gets white trials: each trial refloods
the contacts through the cell, up to the number's size, and above about 30
(the coin-flip boards' numbers in the 40s) that costs more search time than
the trials save (``benchmarks/bench_learning.py``)."""
SLOT = 6
"""The cap verdict's place in a circle's memo entry (see :mod:`.rules`)."""


class Bound:
    """The most cells a block holding ``seed`` can have, and how that was found."""

    __slots__ = ("seed", "size", "reach", "room", "exact", "short")

    def __init__(
        self, seed: Bits, size: int, reach: Bits, room: Bits, exact: bool, short: Bits
    ) -> None:
        self.seed = seed
        self.size = size
        self.reach = reach
        """The flood that reached the bound (within ``room``)."""
        self.room = room
        self.exact = exact
        """The flood is the whole of its component (else it was stopped at
        the size's upper end: the component holds more)."""
        self.short = short
        """The floods that fell short of larger sizes, with ``reach`` when
        exact: the bound rests on the white cells beside them."""


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
                return Bound(seed, hi, reach, room, False, short)
            return Bound(seed, k, reach, room, True, short | reach)
        short |= reach
    return Bound(seed, 0, 0, 0, True, short)


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


def judge_cap(g: Grid, circle: Circle, black: Bits, maybe: Bits, entry: list[Any]) -> Verdict:
    n = circle.number
    caps = circle.caps
    if len(caps) == 1:
        return ()  # no smaller circle: the sum rule's ceiling says as much
    floor: Bits = entry[3]
    if floor is None:
        floor = entry[3] = g.flood(circle.near & black, black)
    if floor.bit_count() >= n:
        return ()  # the sum rule's case
    bounds = [block_bound(g, seed, maybe, caps) for seed in _contacts(g, circle, black, maybe)]
    total = sum(b.size for b in bounds)
    here = circle.name
    if total < n:
        return Contradiction(
            "cap",
            f"{here} says {n} but the blocks that can touch it hold at most {total} cells "
            "(a block next to a smaller circle holds at most that circle's number)",
            _premises(g, circle, bounds, maybe),
        )
    # White in a cell y shrinks only the floods that reached a bound through
    # it. Where y does not split its neighbours in that flood's room (not a
    # local cut), the component loses y alone: a stopped flood still reaches
    # its bound, an exact one gives one cell less. Only the contacts y can
    # cost more (its own seed, or a cut) may bring the total under n.
    out: list[Finding] = []
    if n > TRIALS:
        return ()
    open_cells = maybe & ~black
    cuts: dict[Bits, Bits] = {}
    for b in bounds:
        if b.room not in cuts:
            cuts[b.room] = g.local_cuts(b.room)
    suspects = 0
    for b in bounds:
        suspects |= b.reach
    for y in cells_of(suspects & open_cells):
        bit = 1 << y
        loss = 0
        for b in bounds:
            if b.reach & bit:
                if b.seed & bit or cuts[b.room] & bit:
                    loss += b.size
                elif b.exact:
                    loss += 1
        if total - loss >= n:
            continue
        without = maybe & ~bit
        trial = [
            b if not b.reach & bit else block_bound(g, b.seed, without, caps)
            for b in bounds
            if not b.seed & bit
        ]
        t = sum(b.size for b in trial)
        if t < n:
            reason = (
                f"if {{cell}} were white, the blocks that can touch {here} would hold at "
                f"most {t} cells, fewer than {n}"
            )
            premises = tuple(c for c in _premises(g, circle, trial, without) if c != y)
            out.append((bit, BLACK, reason, premises))
    return tuple(out)
