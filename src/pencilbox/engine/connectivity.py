"""Connectivity made local, for the shading puzzles.

The decided cells of a value must stay mutually reachable through the cells
that may still take it. One depth-first search from a decided cell (or from
a virtual *outside* node adjacent to every border cell, when the value must
reach the border) finds both deductions at once:

- *pocket*: a cell that may take the value but is not reached is sealed off,
  so it cannot take it;
- *bridge*: an undecided cell whose removal cuts decided cells off the root
  is an articulation point (Tarjan's low-link test), so it must take it.

Silent states (fixpoints, probe trials, search) find the same deductions
with bitboards (:func:`connect_bits`): one flood for the pockets, and for
each cell that could be a cut at all (its neighbours in the room fall into
two runs around it) a short flood that finds a way round it, or failing
that one flood without it; or the low-link search when there are many such
cells. There each deduction rests on what it
needs alone: the anchor, the decided cell cut off, and the fence of the
region it is shut in, which keeps the nogoods of search with learning short.

:func:`bridges` is the same low-link search on edges: the links a path
puzzle must use because no other way joins the board.
"""

from __future__ import annotations

from typing import Any

from pencilbox.engine.grid import Bits, Cell, Grid, cells_of
from pencilbox.engine.state import (
    NOTHING,
    PROGRESS,
    Contradiction,
    Later,
    Result,
    State,
    bitboards,
    mask_table,
)


def _outside_neighbours(g: Grid) -> tuple[tuple[int, ...], ...]:
    """Neighbour lists with a virtual node ``g.size`` beside every border cell."""
    n = g.size
    out = [nb + ((n,) if g.is_border(cell) else ()) for cell, nb in enumerate(g.neighbours)]
    out.append(tuple(c for c in range(n) if g.is_border(c)))
    return tuple(out)


_OUTSIDE: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def articulation_points(
    nbrs: tuple[tuple[int, ...], ...], cands: list[int], want: int, root: int
) -> tuple[list[int], list[tuple[int, int]]]:
    """DFS from ``root`` through cells whose mask meets ``want``.

    Returns the discovery time of every cell (0: not reached) and the
    undecided cells whose removal separates a decided cell (mask == want)
    from the root, each with one such decided cell.
    """
    n = len(cands)
    disc = [0] * n
    low = [0] * n
    rep = [-1] * n
    parent = [-1] * n
    disc[root] = low[root] = 1
    t = 2
    # Each frame holds a cell and the iterator over its neighbours, which
    # resumes where it stopped when the search comes back to the cell.
    stack = [(root, iter(nbrs[root]))]
    cuts: list[tuple[int, int]] = []
    while stack:
        u, rest = stack[-1]
        for w in rest:
            if not cands[w] & want:
                continue
            if disc[w] == 0:
                parent[w] = u
                disc[w] = low[w] = t
                t += 1
                stack.append((w, iter(nbrs[w])))
                break
            if w != parent[u] and disc[w] < low[u]:
                low[u] = disc[w]
        else:
            stack.pop()
            own = u if cands[u] == want else rep[u]
            p = parent[u]
            if p >= 0:
                if low[u] < low[p]:
                    low[p] = low[u]
                if own >= 0:
                    if rep[p] < 0:
                        rep[p] = own
                    if p != root and low[u] >= disc[p] and cands[p] != want:
                        cuts.append((p, own))
    return disc, cuts


def bridges(
    nbrs: tuple[tuple[int, ...], ...], links: list[int], n: int
) -> list[tuple[int, int]] | None:
    """The bridges of the graph whose edges are ``links`` (bit ``w`` of
    ``links[u]``: u—w is an edge, among the lattice neighbours ``nbrs``);
    None when the graph is not connected. Tarjan's low-link test on edges,
    the sibling of :func:`articulation_points`."""
    disc = [0] * n
    low = [0] * n
    parent = [-1] * n
    nxt = [0] * n
    out = []
    disc[0] = low[0] = 1
    t = 2
    stack = [0]
    while stack:
        u = stack[-1]
        nb = nbrs[u]
        out_links = links[u]
        i = nxt[u]
        pushed = False
        while i < len(nb):
            w = nb[i]
            i += 1
            if not (out_links >> w) & 1:
                continue
            if disc[w] == 0:
                nxt[u] = i
                parent[w] = u
                disc[w] = low[w] = t
                t += 1
                stack.append(w)
                pushed = True
                break
            if w != parent[u] and disc[w] < low[u]:
                low[u] = disc[w]
        if pushed:
            continue
        stack.pop()
        p = parent[u]
        if p >= 0:
            if low[u] < low[p]:
                low[p] = low[u]
            if low[u] > disc[p]:
                out.append((p, u))
    if t - 1 < n:
        return None
    return out


def connect(s: State[Any], value: int, rule: str, colour: str, to_border: bool = False) -> Result:
    """One pass of pockets and bridges for ``value`` (see module docstring).

    With ``to_border`` the cells of the value need not meet each other but
    must each reach the border (walls that may not be enclosed): the search starts from a
    virtual outside node adjacent to every border cell.

    A silent state (a fixpoint, a probe trial, search) takes the same
    deductions from :func:`connect_bits`; a narrated one (a hint) from the
    low-link search, whose order the hints follow.
    """
    if s.trace is None:
        return connect_bits(s, value, rule, colour, to_border)
    g = s.grid
    want = 1 << value
    cands = s.cands
    n = g.size
    if to_border:
        key = (g.rows, g.cols)
        nbrs = _OUTSIDE.get(key)
        if nbrs is None:
            nbrs = _OUTSIDE[key] = _outside_neighbours(g)
        ext = [*cands, want]
        root = n
    else:
        nbrs = g.neighbours
        ext = cands
        root = next((c for c in range(n) if cands[c] == want), -1)
        if root < 0:
            return NOTHING
    disc, cuts = articulation_points(nbrs, ext, want, root)
    sealed = []
    for cell in range(n):
        m = cands[cell]
        if m & want and not disc[cell]:
            if m == want:
                walls = _walls(s, want, disc, to_border)
                if to_border:
                    reason = f"the {colour} cell {g.name(cell)} can no longer reach the border"
                    return Contradiction(rule, reason, (cell, *walls))
                reason = (
                    f"the {colour} cells {g.name(root)} and {g.name(cell)} can no longer be joined"
                )
                return Contradiction(rule, reason, (root, cell, *walls))
            sealed.append(cell)
    if not sealed and not any(cands[cell] != want for cell, _ in cuts):
        return NOTHING
    anchor = "the border" if to_border else f"the {colour} cells"
    # Every deduction rests on the anchor and on the cells that fence the
    # reached region in (they cannot take the value).
    premises = _walls(s, want, disc, to_border)
    if not to_border:
        premises = (root, *premises)
    progress = False
    for cell in sealed:
        reason = f"{g.name(cell)} is sealed off from {anchor}, so it cannot be {colour}"
        s.restrict(cell, ~want, rule, reason, premises)
        progress = True
    for cell, sample in cuts:
        if cands[cell] != want:
            if to_border:
                reason = (
                    f"{g.name(cell)} is the only way from the {colour} cell "
                    f"{g.name(sample)} to the border, so it must be {colour}"
                )
            else:
                reason = (
                    f"{g.name(cell)} is the only link between the {colour} cells "
                    f"{g.name(root)} and {g.name(sample)}, so it must be {colour}"
                )
            s.restrict(cell, want, rule, reason, (sample, *premises))
            progress = True
    return PROGRESS if progress else NOTHING


def _walls(s: State[Any], want: int, disc: list[int], to_border: bool) -> tuple[int, ...]:
    """The cells that cannot take the value and touch the reached region (or,
    reaching for the border, lie on it): all a pocket or a bridge rests on.
    Named only for search with learning; a reason names the anchor alone."""
    if not s.learning:
        return ()
    g = s.grid
    cands = s.cands
    reached = 0
    lacking = 0
    for cell in range(g.size):
        if disc[cell]:
            reached |= 1 << cell
        elif not cands[cell] & want:
            lacking |= 1 << cell
    fence = g.spread(reached) & lacking
    if to_border:
        fence |= g.bits(c for c in range(g.size) if g.is_border(c)) & lacking
    return tuple(cells_of(fence))


_TABLES: dict[int, tuple[bytes, bytes]] = {}


def _room(cands: list[int], want: int) -> tuple[Bits, Bits]:
    """Bitboards of the cells that may take the value ``want`` and of those
    that must (:func:`~pencilbox.engine.state.bitboards`)."""
    tables = _TABLES.get(want)
    if tables is None:
        tables = _TABLES[want] = (
            mask_table(lambda m: m & want),
            mask_table(lambda m: m == want),
        )
    if not cands:
        return 0, 0
    try:
        room, decided = bitboards(cands, *tables)
    except ValueError:  # a mask of more than eight values
        room = sum(1 << c for c, m in enumerate(cands) if m & want)
        decided = sum(1 << c for c, m in enumerate(cands) if m == want)
    return room, decided


def connect_bits(
    s: State[Any], value: int, rule: str, colour: str, to_border: bool = False
) -> Result:
    """The deductions of :func:`connect`, found with bitboards.

    One flood from the anchor (a decided cell, or the border) finds the
    pockets. A cut can only be a cell whose neighbours in the room fall into
    two or more runs around it (:func:`outside_cuts`, with the outside as
    room when reaching for the border), and each such undecided cell is
    tried by a short flood round it (:func:`_rejoined_near`), then, if that
    does not clear it, by one flood without it; when those tries would cost
    more than a step through every cell twice (:data:`FLOODS`: many cuts
    in long thin regions), one low-link search finds the real cuts. In search (with
    learning, or tracking why)
    each deduction rests on exactly what it needs: the anchor, the decided
    cell cut off, and the fence of the region it is shut in (the cells next
    to it that cannot take the value), not the fence of all the room.
    """
    g = s.grid
    want = 1 << value
    cands = s.cands
    room, decided = _room(cands, want)
    border = _border_bits(g) if to_border else 0
    if to_border:
        root_bit = 0
        reach, steps = g.flood_steps(room & border, room)
    else:
        if not decided:
            return NOTHING
        root_bit = decided & -decided
        reach, steps = g.flood_steps(root_bit, room)
    root = root_bit.bit_length() - 1
    exact = s.learning or s.why is not None
    lost = room & ~reach
    if lost & decided:
        low = lost & decided & -(lost & decided)
        cell = low.bit_length() - 1
        fence = _fence(g, g.flood(low, lost), room) if exact else ()
        if to_border:
            reason = f"the {colour} cell {g.name(cell)} can no longer reach the border"
            return Contradiction(rule, reason, (cell, *fence))
        reason = f"the {colour} cells {g.name(root)} and {g.name(cell)} can no longer be joined"
        return Contradiction(rule, reason, (root, cell, *fence))
    cuts: list[tuple[int, int, Bits]] = []
    suspects = reach & ~decided & outside_cuts(g, reach, to_border)
    near = min(NEAR, steps)
    many = suspects.bit_count() * (near + 1) > FLOODS * reach.bit_count()
    if suspects:
        suspects = _may_shut_off(g, suspects, reach, decided, border if to_border else root_bit)
    if many and suspects:
        # Many possible cuts, each a flood round it (and some a flood as
        # deep as this one): one low-link search through the region finds
        # the real ones faster than a try at each.
        found: dict[int, int] = {}
        for cell, sample in _low_link(g, cands, want, root, to_border):
            found.setdefault(cell, sample)
        for cell, sample in found.items():
            cuts.append((cell, sample, reach & ~(1 << cell)))
        suspects = 0
    while suspects:
        xb = suspects & -suspects
        suspects ^= xb
        rest = reach & ~xb
        if _rejoined_near(g, xb, rest, border, near):
            continue
        seed = rest & border if to_border else root_bit
        off = decided & rest & ~g.flood(seed, rest)
        if off:
            low = off & -off
            cuts.append((xb.bit_length() - 1, low.bit_length() - 1, rest))
    if not lost and not cuts:
        return NOTHING
    anchor = "the border" if to_border else f"the {colour} cells"
    base = () if to_border else (root,)
    told = s.trace is not None
    reason = ""
    while lost:
        pocket = g.flood(lost & -lost, lost)
        lost &= ~pocket
        premises = (*base, *_fence(g, pocket, room)) if exact else base
        for cell in cells_of(pocket):
            if told:
                reason = f"{g.name(cell)} is sealed off from {anchor}, so it cannot be {colour}"
            s.restrict(cell, ~want, rule, reason, premises)
    for cell, sample, rest in cuts:
        if not told:
            pass
        elif to_border:
            reason = (
                f"{g.name(cell)} is the only way from the {colour} cell "
                f"{g.name(sample)} to the border, so it must be {colour}"
            )
        else:
            reason = (
                f"{g.name(cell)} is the only link between the {colour} cells "
                f"{g.name(root)} and {g.name(sample)}, so it must be {colour}"
            )
        if exact:  # the flood it needs waits until conflict analysis reads it
            s.restrict(cell, want, rule, reason, Later(_cut_premises, g, sample, base, rest, room))
        else:
            s.restrict(cell, want, rule, reason, (sample, *base))
    return PROGRESS


def _cut_premises(
    g: Grid, sample: Cell, base: tuple[Cell, ...], rest: Bits, room: Bits
) -> tuple[Cell, ...]:
    """What a cut rests on: the decided cell it shuts off, the anchor, and
    the fence of the region the cell is shut in without the cut."""
    return (sample, *base, *_fence(g, g.flood(1 << sample, rest), room))


FLOODS = 2
"""When the possible cuts times the steps of a flood round each (at most
:data:`NEAR`, and at most the depth of the region's flood) exceed this many
times its cells, :func:`connect_bits` finds the real cuts with one low-link
search (a step through each cell) instead of trying each (a short flood
round it, :func:`_rejoined_near`, and for the few it does not clear a flood
through the region). Measured on 4,000 calls of the case grade of a real
18x22 shading puzzle (a third less time than the low-link search alone, a
tenth less than an estimate by the region's depth alone) and on the counts
of the generated 10x10 shading puzzles (no slower)."""


NEAR = 12
"""How many steps a flood from one neighbour of a possible cut may take to
meet its other neighbours again (:func:`_rejoined_near`), and never more
than the flood from the anchor took. In the case grade of a real 18x22
shading puzzle, 38 % of the possible cuts are cleared within 6 steps,
69 % within 8 and 92 % within 12; the rest, and the real cuts, are tried
by a flood through the region."""


def _may_shut_off(g: Grid, suspects: Bits, reach: Bits, decided: Bits, anchor: Bits) -> Bits:
    """The possible cuts that may shut a decided cell off: a cut must.

    The cells reached from the ``anchor`` (the root cell, or the border)
    without passing any possible cut stay reached whichever one goes. So a
    cut shuts off only decided cells outside them, and lies in the part of
    the rest that holds such a cell (the cells it shuts off, with it, are
    joined there). None may when every decided cell is reached without
    passing a possible cut."""
    clear = reach & ~suspects
    safe = g.flood(anchor & clear, clear)
    far = decided & ~safe
    if not far:
        return 0
    return suspects & g.flood(far, reach & ~safe)


def _rejoined_near(g: Grid, xb: Bits, rest: Bits, border: Bits, near: int) -> bool:
    """Whether the neighbours of the cell ``xb`` in ``rest`` (the room
    without it) meet again within ``near`` steps of a flood from one of
    them: then the cell cuts nothing off. Reaching for the border, a border
    cell has the outside as a neighbour too, and the outside touches every
    border cell: the flood starts from them all. False says only that the
    flood did not show it."""
    around = g.spread(xb) & rest
    if border and xb & border:
        seed, others = rest & border, around
    else:
        seed = around & -around
        others = around ^ seed
    if seed & others == others:
        return True
    reach, _ = g.flood_steps(seed, rest, meet=others, most=near)
    return reach & others == others


def _low_link(
    g: Grid, cands: list[int], want: int, root: int, to_border: bool
) -> list[tuple[int, int]]:
    """The cuts of the low-link search (each undecided cut with a decided
    cell it shuts off), from ``root`` or from the outside node."""
    if not to_border:
        return articulation_points(g.neighbours, cands, want, root)[1]
    key = (g.rows, g.cols)
    nbrs = _OUTSIDE.get(key)
    if nbrs is None:
        nbrs = _OUTSIDE[key] = _outside_neighbours(g)
    return articulation_points(nbrs, [*cands, want], want, g.size)[1]


def _fence(g: Grid, region: Bits, room: Bits) -> tuple[int, ...]:
    """The cells next to ``region`` that cannot take the value: all that
    shuts it in (with the border, for a region that holds no border cell)."""
    return tuple(cells_of(g.spread(region) & ~room))


_BORDER: dict[tuple[int, int], Bits] = {}
_EDGES: dict[tuple[int, int], tuple[Bits, Bits, Bits, Bits]] = {}


def _border_bits(g: Grid) -> Bits:
    key = (g.rows, g.cols)
    out = _BORDER.get(key)
    if out is None:
        out = _BORDER[key] = g.bits(c for c in range(g.size) if g.is_border(c))
    return out


def outside_cuts(g: Grid, room: Bits, outside: bool) -> Bits:
    """:meth:`Grid.local_cuts` of ``room``, with the cells off the board
    counted as room when ``outside`` (the virtual node beside every border
    cell): only these cells can be cuts of the room's graph."""
    if not outside:
        return g.local_cuts(room)
    key = (g.rows, g.cols)
    edges = _EDGES.get(key)
    if edges is None:
        top = (1 << g.cols) - 1
        bottom = top << (g.size - g.cols)
        left = g.full & ~g.not_left
        right = g.full & ~g.not_right
        edges = _EDGES[key] = (top, bottom, left, right)
    top, bottom, left, right = edges
    cols = g.cols
    full = g.full
    nl, nr = g.not_left, g.not_right
    north = ((room << cols) & full) | top
    south = (room >> cols) | bottom
    east = ((room >> 1) & nr) | right
    west = ((room << 1) & nl) | left
    ne = ((room << (cols - 1)) & nr & full) | top | right
    nw = ((room << (cols + 1)) & nl & full) | top | left
    se = ((room >> (cols + 1)) & nr) | bottom | right
    sw = ((room >> (cols - 1)) & nl) | bottom | left
    a = north & ~(ne & east)
    b = east & ~(se & south)
    c = south & ~(sw & west)
    d = west & ~(nw & north)
    return (a & b) | (c & d) | ((a | b) & (c | d))


def saturate(
    s: State[Any],
    values: tuple[int, ...],
    rule: str,
    names: tuple[str, ...],
    to_border: tuple[bool, ...] | None = None,
) -> Result:
    """Run :func:`connect` for each value until none of them changes anything.

    One pass of a value is idempotent (its pockets were unreachable, and a
    new decided cell on a cut adds no new cut), so a value is run again only
    after another value's pass changed the board.
    """
    result: Result = NOTHING
    flags = to_border or (False,) * len(values)
    dirty = [True] * len(values)
    while any(dirty):
        for i, (value, colour, border) in enumerate(zip(values, names, flags, strict=True)):
            if not dirty[i]:
                continue
            dirty[i] = False
            r = connect(s, value, rule, colour, border)
            if isinstance(r, Contradiction):
                return r
            if r is PROGRESS:
                result = PROGRESS
                dirty = [j != i for j in range(len(values))]
    return result
