"""Connectivity made local, for the shading puzzles.

The decided cells of a value must stay mutually reachable through the cells
that may still take it. One depth-first search from a decided cell (or from
a virtual *outside* node adjacent to every border cell, when the value must
reach the border) finds both deductions at once:

- *pocket*: a cell that may take the value but is not reached is sealed off,
  so it cannot take it;
- *bridge*: an undecided cell whose removal cuts decided cells off the root
  is an articulation point (Tarjan's low-link test), so it must take it.

:func:`bridges` is the same low-link search on edges: the links a path
puzzle must use because no other way joins the board.
"""

from __future__ import annotations

from typing import Any

from pencilbox.engine.grid import Grid, cells_of
from pencilbox.engine.state import NOTHING, PROGRESS, Contradiction, Result, State


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
    nxt = [0] * n
    parent = [-1] * n
    disc[root] = low[root] = 1
    t = 2
    stack = [root]
    cuts: list[tuple[int, int]] = []
    while stack:
        u = stack[-1]
        nb = nbrs[u]
        i = nxt[u]
        k = len(nb)
        pushed = False
        while i < k:
            w = nb[i]
            i += 1
            if not cands[w] & want:
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
    """
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
