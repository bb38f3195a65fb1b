"""The shape rule: every way a circle's blocks can be drawn.

A person who meets a circle the arithmetic of its floor and ceiling cannot
settle draws its blocks: the black cells that touch it, grown cell by cell
from its neighbours until they hold its number. Each way must be whole:

- its blocks are blocks of the answer, so every black cell next to one of
  them belongs to it, and every other cell next to them (or to the circle)
  is white;
- together they hold exactly the circle's number of cells;
- a block next to another circle counts for that circle too, so the blocks
  of a way that touch a smaller circle hold at most that circle's number
  between them (the cap rule's bound, read on each way).

A cell black in every way is black; a cell next to the blocks of every way
(or next to the circle) and in none is white; a circle with no way at all
is a contradiction. Such a verdict reads only the cells its ways and their
walls cover, so it rests on the decided cells among them.

The ways are not listed one by one. A search adds an open cell next to the
blocks (with the black cells it joins) or walls it off, pruned where the
cells still reachable cannot bring the circle to its number and where a
block grows too big for a smaller circle it touches. It finds one way; then,
for each cell all the ways found so far agree on, it looks for a way that
disagrees (one without the cell, or one that does not wall it). A way found
settles nothing but may disagree on other cells too; a search that finds
none proves the cell. Each proof stands alone, so the rule says what it
proved when :data:`MOST_STEPS` steps run out (the same on every machine: it
counts steps, not seconds).
"""

from __future__ import annotations

from collections.abc import Iterable

from pencilbox.engine.grid import Bits, Grid

from .model import Circle

MOST_STEPS = 150
MENDING_STEPS = 8
"""The steps a way found may take to be mended round a cell it must not hold."""
MOST_NEEDED = 99
"""The most steps one circle's searches may take together."""


class Ways:
    """What the ways of one circle agree on, after the searches."""

    __slots__ = ("found", "black", "white", "seen", "steps", "complete", "drawn")

    def __init__(self) -> None:
        self.found = False
        """Whether some way was found (none, with ``complete``: a contradiction)."""
        self.black: Bits = 0
        """Open cells proved black: in every way."""
        self.white: Bits = 0
        """Open cells proved white: walled off by every way."""
        self.seen: Bits = 0
        """The cells the verdict rests on, with the cells beside them: when
        something was proved or the steps ran out, every cell the searches
        put in a way or reached by a fill; when the ways found disagree on
        every cell, only their cells (they are still ways, and still
        disagree, wherever these cells and the cells beside them keep their
        colours)."""
        self.steps = 0
        self.complete = True
        """False when the steps ran out before every cell was settled."""
        self.drawn: list[Bits] = []
        """The ways the searches found (see :func:`still_disagree`)."""


class _Search:
    """The searches for ways of one circle, sharing their steps."""

    def __init__(self, g: Grid, circle: Circle, black: Bits, maybe: Bits) -> None:
        self.g = g
        self.n = circle.number
        self.here = circle.bit
        self.near = circle.near
        self.smaller = circle.smaller
        self.black = black
        self.maybe = maybe
        self.open = maybe & ~black
        self.seen = 0
        self.steps = 0
        self.calm = ~sum_of(near for near, _ in circle.smaller)
        """The cells next to no smaller circle: grown into first, as a way
        through them is least likely to hold a block too big."""

    def walls(self, way: Bits) -> Bits:
        """The open cells a way walls off: next to its blocks or the circle."""
        return self.g.spread(way | self.here) & self.open & ~way

    def find(
        self, floor: Bits, without: Bits = 0, unwalled: Bits = 0, most: int = 0
    ) -> Bits | None:
        """A way grown from ``floor``: with ``without``, one without that
        cell; with ``unwalled``, one that does not wall that cell off. None
        when there is none, or (with ``most``) none found in that many
        steps; raises :class:`_OutOfSteps` first if need be."""
        g = self.g
        n, near = self.n, self.near
        spread, flood = g.spread, g.flood
        black, maybe, open_cells = self.black, self.maybe, self.open
        here, calm = self.here, self.calm
        stack = [(floor, without)]
        stop = self.steps + most if most else MOST_STEPS
        while stack:
            way, walled = stack.pop()
            self.steps += 1
            if self.steps > MOST_STEPS:
                raise _OutOfSteps
            if self.steps > stop:
                return None
            edge = spread(way | here) & open_cells & ~way
            if way.bit_count() == n:
                if unwalled & edge:
                    continue  # it walls the cell off
                return way
            if unwalled and unwalled & walled & edge:
                continue  # every way from here walls it off
            grow = edge & ~walled
            if not grow:
                continue
            cell = grow & unwalled
            if not cell:
                pick = grow & calm or grow
                cell = pick & -pick
            # Wall the cell off: the circle must still reach its number without it.
            room = maybe & ~(walled | cell)
            reach = flood(near & room, room, n)
            self.seen |= reach
            if reach.bit_count() >= n:
                stack.append((way, walled | cell))
            # Or shade it, with the blocks it joins (tried first).
            joined = spread(cell) & black & ~way
            bigger = way | cell | (flood(joined, black) if joined else 0)
            self.seen |= bigger
            size = bigger.bit_count()
            if size <= n and self.fits(bigger, size, cell):
                stack.append((bigger, walled))
        return None

    def fits(self, way: Bits, size: int, cell: Bits) -> bool:
        """Whether the blocks of ``way`` that touch each smaller circle hold
        at most its number between them (``smaller`` lowest number first),
        where ``way`` is a way that did, grown by ``cell`` (and the blocks it
        joined): only the circles its block touches can have too many now."""
        g = self.g
        block = 0
        for near, number in self.smaller:
            if number >= size:
                return True  # the larger ones: all of the way is not too many
            touch = way & near
            if not touch:
                continue
            if not block:
                block = g.flood(cell, way)
            if touch & block and g.flood(touch, way, number).bit_count() > number:
                return False
        return True


def sum_of(parts: Iterable[Bits]) -> Bits:
    """The union of bitboards."""
    out = 0
    for part in parts:
        out |= part
    return out


class _OutOfSteps(Exception):
    """The searches of one circle took :data:`MOST_STEPS` steps."""


def ways(g: Grid, circle: Circle, black: Bits, maybe: Bits, floor: Bits) -> Ways:
    """What every way of drawing ``circle``'s blocks agrees on, on the
    colours ``black`` (decided black) and ``maybe`` (not white), from its
    ``floor`` (the decided blocks touching it, below its number)."""
    search = _Search(g, circle, black, maybe)
    search.seen = floor
    out = Ways()
    witnessed = 0
    try:
        first = search.find(floor)
        if first is not None:
            out.found = True
            witnessed = first
            out.drawn.append(first)
            open_cells = search.open
            # Cells every way found so far agrees on, still to prove or refute.
            shaded = first & open_cells
            walled = search.walls(first)
            last = first
            while shaded | walled:
                if shaded:
                    cell = shaded & -shaded
                    # A way without the cell is most often the last one
                    # found, mended round it: tried first, for a few steps.
                    kept = last & ~cell
                    other = search.find(
                        g.flood(circle.near & kept, kept), without=cell, most=MENDING_STEPS
                    )
                    if other is None:
                        other = search.find(floor, without=cell)
                    if other is None:
                        out.black |= cell
                else:
                    cell = walled & -walled
                    other = search.find(floor, unwalled=cell)
                    if other is None:
                        out.white |= cell
                shaded &= ~cell
                walled &= ~cell
                if other is not None:
                    last = other
                    witnessed |= other
                    out.drawn.append(other)
                    shaded &= other
                    walled &= search.walls(other)
    except _OutOfSteps:
        out.complete = False
    out.steps = search.steps
    settled_by_ways = out.found and out.complete and not (out.black | out.white)
    out.seen = witnessed if settled_by_ways else search.seen
    return out


def still_disagree(
    g: Grid, circle: Circle, black: Bits, maybe: Bits, drawn: Iterable[Bits]
) -> list[Bits] | None:
    """Ways found on other colours that are still ways on these and
    disagree on every open cell (none in all of them, none walled by all),
    or None. Then no search can prove a cell, nor find no way: the verdict
    says nothing, and it reads only their cells and the cells beside them.

    A way is still one while none of its cells is white and every black
    cell beside it or the circle is in it: its size, its blocks' links to
    the circle and their sizes next to smaller circles (what else the
    searches ask of a way) are its own, and the searches find every such
    way when their steps do not run out."""
    spread = g.spread
    here = circle.bit
    kept = [w for w in drawn if not w & ~maybe and not spread(w | here) & black & ~w]
    if len(kept) < 2:
        return None
    open_cells = maybe & ~black
    shaded = walled = open_cells
    for w in kept:
        shaded &= w
        walled &= spread(w | here) & ~w
        if not shaded | walled:
            return kept
    return None
