"""Numbrix's ``edge`` rung: forget the numbers and look at the drawn lines.

Two neighbours may be joined when they may hold consecutive numbers. Every
cell has path degree 2, the two ends (1 and N) degree 1: a cell with as many
possible links as it needs uses them all; a cell with only one possible link
is an end; a cell already joined twice (an end: once) uses no other link.
Joined cells glue into runs whose numbers count up or down along the run; a
link that would close a run into a loop is impossible; the possible links
must keep the board connected, so a bridge of them is used (the bridges come
from :func:`pencilbox.engine.connectivity.bridges`).
"""

from __future__ import annotations

from pencilbox.engine.connectivity import bridges
from pencilbox.engine.grid import cells_of
from pencilbox.engine.state import NOTHING, PROGRESS, Contradiction, Result, State, shrunk_cells

from .model import Board, numbers
from .reasons import on_the_board, say


def edge(s: State[Board]) -> Result:
    """Path-degree, run, loop and connectivity reasoning on the drawn lines.

    The links are derived from the candidates once on a line of states and
    then kept in the state's notes with the candidates they were derived
    from: a later pass or call takes away only the links between cells that
    can no longer hold consecutive numbers, looks again only at the cells
    whose links or ends changed, and searches the bridges again only when a
    link went. What a smaller state forces includes all a larger one forced
    (or runs into a contradiction), so the links it reaches are those a
    derivation from scratch reaches.
    """
    note: _Links | None = s.notes.get("edge")
    links = _Links(s) if note is None else note.copy()
    result: Result = NOTHING
    while True:
        caught = _caught_up(s, links)
        if isinstance(caught, Contradiction):
            return caught
        links = caught
        bad = _close(s, links)
        if bad is not None:
            return bad
        r = _apply_links(s, links)
        if isinstance(r, Contradiction):
            return r
        if r is NOTHING:
            break
        result = PROGRESS
    s.notes["edge"] = links  # never changed again: a later call works on a copy
    return result


class _Links:
    """The possible and the used links of a state, as one neighbour bitboard
    per cell and, for the bridges, as the grid's ``across``/``down`` pair of
    bitboards too; ``seen`` holds the candidates they were derived from.

    ``other[x]`` is the far end of the run that ends in ``x`` (``x`` itself
    for a cell not yet joined); it is kept up to date at run ends only, which
    is all that joining needs. ``bridged``: no unused bridge is left among
    the possible links.
    """

    __slots__ = (
        "possible",
        "used",
        "grid",
        "across",
        "down",
        "used_across",
        "used_down",
        "most",
        "least",
        "other",
        "dropped",
        "queue",
        "waiting",
        "names",
        "seen",
        "bridged",
    )

    def __init__(self, s: State[Board] | None) -> None:
        """The links of ``s``; without a state, an empty one for :meth:`copy` to fill."""
        if s is None:
            return
        b: Board = s.board
        cands = s.cands
        ends = b.ends
        g = s.grid
        later = g.later
        n = len(cands)
        possible = [0] * n
        across = down = 0
        for cell in range(n):
            m = cands[cell]
            near = (m << 1) | (m >> 1)
            for d, a_bit, d_bit in later[cell]:
                if cands[d] & near:
                    possible[cell] |= 1 << d
                    possible[d] |= 1 << cell
                    across |= a_bit
                    down |= d_bit
        self.grid = g
        self.across = across
        self.down = down
        self.used_across = self.used_down = 0
        self.possible = possible
        self.used = [0] * n
        self.most = [1 if m & ~ends == 0 else 2 for m in cands]
        least = self.least = [1 if m & ends else 2 for m in cands]
        self.other = list(range(n))
        self.dropped: dict[tuple[int, int], str] = {}
        # Nothing is joined yet: only a cell with no more possible links than
        # it needs has something to say (a cell is looked at again whenever
        # its links change).
        self.queue = [c for c in range(n) if possible[c].bit_count() <= least[c]]
        self.waiting = [False] * n
        for c in self.queue:
            self.waiting[c] = True
        self.names = b.names
        self.seen = cands[:]
        self.bridged = False

    def copy(self) -> _Links:
        out = _Links(None)
        out.grid = self.grid
        out.across = self.across
        out.down = self.down
        out.used_across = self.used_across
        out.used_down = self.used_down
        out.possible = self.possible[:]
        out.used = self.used[:]
        out.most = self.most[:]
        out.least = self.least[:]
        out.other = self.other[:]
        out.dropped = dict(self.dropped)
        out.queue = []
        out.waiting = [False] * len(self.waiting)
        out.names = self.names
        out.seen = self.seen
        out.bridged = self.bridged
        return out

    def wake(self, cell: int) -> None:
        if not self.waiting[cell]:
            self.waiting[cell] = True
            self.queue.append(cell)

    def cut(self, a: int, d: int) -> None:
        """Take away the possible link a—d."""
        self.possible[a] &= ~(1 << d)
        self.possible[d] &= ~(1 << a)
        a_bit, d_bit = self.grid.link_bits(a, d)
        self.across &= ~a_bit
        self.down &= ~d_bit
        self.bridged = False
        self.wake(a)
        self.wake(d)

    def drop(self, a: int, d: int, why: str) -> None:
        """Take away the possible link a—d, which the links rule out (``why``)."""
        self.cut(a, d)
        self.dropped[(a, d)] = self.dropped[(d, a)] = why

    def use(self, a: int, d: int) -> Contradiction | None:
        used = self.used
        if (used[a] >> d) & 1:
            return None
        name = self.names
        for x in (a, d):
            if used[x].bit_count() >= self.most[x]:
                return Contradiction(
                    "edge",
                    say(
                        "too many joins",
                        cell=name[x],
                        what="an end" if self.most[x] == 1 else "a cell of the walk",
                    ),
                    (a, d),
                )
        ea, ed = self.other[a], self.other[d]
        if ea == d:
            return Contradiction("edge", say("loop", first=name[a], second=name[d]), (a, d))
        used[a] |= 1 << d
        used[d] |= 1 << a
        a_bit, d_bit = self.grid.link_bits(a, d)
        self.used_across |= a_bit
        self.used_down |= d_bit
        self.other[ea] = ed
        self.other[ed] = ea
        self.wake(a)
        self.wake(d)
        if (self.possible[ea] >> ed) & 1 and not (used[ea] >> ed) & 1:
            self.drop(ea, ed, say("closes a loop", first=name[ea], second=name[ed]))
        return None


def _caught_up(s: State[Board], links: _Links) -> _Links | Contradiction:
    """The links brought up to date with the candidates of ``s``: a link
    between cells that can no longer hold consecutive numbers goes, and a
    cell that may no longer be an end (or may now only be one) is looked at
    again. A used link that goes is a contradiction. Links derived from
    candidates that ``s`` does not lie inside are derived again."""
    cands = s.cands
    seen = links.seen
    if seen == cands:
        return links
    b: Board = s.board
    ends = b.ends
    nbrs = s.grid.neighbours
    changed = shrunk_cells(seen, cands)
    if changed is None:  # a state only shrinks; should it not, start again
        return _Links(s)
    possible, used, most, least = links.possible, links.used, links.most, links.least
    for cell in changed:
        m = cands[cell]
        if m & ~ends == 0 and most[cell] != 1:
            most[cell] = 1
            links.wake(cell)
        if not m & ends and least[cell] != 2:
            least[cell] = 2
            links.wake(cell)
        near = (m << 1) | (m >> 1)
        for d in nbrs[cell]:
            if (possible[cell] >> d) & 1 and not cands[d] & near:
                if (used[cell] >> d) & 1:
                    name = links.names
                    return Contradiction(
                        "edge",
                        say("joined apart", cell=name[cell], other=name[d]),
                        (cell, d),
                    )
                links.cut(cell, d)
    links.seen = cands[:]
    return links


def _close(s: State[Board], links: _Links) -> Contradiction | None:
    """The links the possible ones force: degrees, loops and bridges."""
    possible, used, most, least = links.possible, links.used, links.most, links.least
    name = links.names
    queue, waiting = links.queue, links.waiting
    while True:
        while queue:
            cell = queue.pop()
            waiting[cell] = False
            pos, usd = possible[cell], used[cell]
            if usd.bit_count() == most[cell] and pos != usd:
                why = say(
                    "joined enough",
                    cell=name[cell],
                    joins=f"{most[cell]} cell" + ("s" if most[cell] > 1 else ""),
                )
                for d in cells_of(pos & ~usd):
                    links.drop(cell, d, why)
                pos = possible[cell]
            k = pos.bit_count()
            if k < least[cell]:
                return Contradiction(
                    "edge",
                    say(
                        "too few joins",
                        cell=name[cell],
                        count=f"{k} neighbour" + ("s" if k != 1 else ""),
                        need=least[cell],
                    ),
                    (cell, *s.grid.neighbours[cell]),
                )
            if k == least[cell] and pos != usd:
                for d in cells_of(pos & ~usd):
                    bad = links.use(cell, d)
                    if bad is not None:
                        return bad
        if links.bridged:
            break
        fresh = _fresh_bridges(s, links)
        if fresh is None:
            return Contradiction("edge", "the possible links split the board in two", ())
        links.bridged = True
        if not fresh:
            break
        for a, d in fresh:
            bad = links.use(a, d)
            if bad is not None:
                return bad
    return None


def _fresh_bridges(s: State[Board], links: _Links) -> list[tuple[int, int]] | None:
    """The bridges of the possible links not used yet (None: the links do
    not connect the board). A link on a square of four possible links is on
    a cycle, so the search for bridges runs only when an unused link lies on
    no such square; otherwise one flood along the links tells whether they
    connect the board."""
    g = links.grid
    on_across, on_down = g.links_on_squares(links.across, links.down)
    if not links.across & ~links.used_across & ~on_across and not (
        links.down & ~links.used_down & ~on_down
    ):
        if g.flood_links(1, links.across, links.down) != g.full:
            return None
        return []
    cut = bridges(g.neighbours, links.possible, g.size)
    if cut is None:
        return None
    used = links.used
    return [(a, d) for a, d in cut if not (used[a] >> d) & 1]


def _apply_links(s: State[Board], links: _Links) -> Result:
    b: Board = s.board
    cands = s.cands
    full = b.full
    name = links.names
    narrated = s.trace is not None
    possible, used = links.possible, links.used
    progress = False
    n = len(cands)
    for cell in range(n):
        if possible[cell].bit_count() == 1 and cands[cell] & ~b.ends:
            d = possible[cell].bit_length() - 1
            fields = {"cell": name[cell], "other": name[d], "last": b.n}
            reason = _reason(s, cell, b.ends, "end", fields)
            r = s.restrict(cell, b.ends, "edge", reason, (d,))
            if isinstance(r, Contradiction):
                return r
            progress = True
        elif used[cell].bit_count() == 2 and cands[cell] & b.ends:
            premises = tuple(cells_of(used[cell]))
            fields = {
                "cell": name[cell],
                "first": name[premises[0]],
                "second": name[premises[1]],
                "last": b.n,
            }
            reason = _reason(s, cell, ~b.ends, "not an end", fields)
            r = s.restrict(cell, ~b.ends, "edge", reason, premises)
            if isinstance(r, Contradiction):
                return r
            progress = True
    # Runs: numbers count up or down along joined cells.
    seen = [False] * n
    for cell in range(n):
        if seen[cell] or used[cell].bit_count() != 1:
            continue
        run = [cell]
        seen[cell] = True
        prev, cur = -1, cell
        while True:
            step = used[cur] & ~(1 << prev) if prev >= 0 else used[cur]
            if not step:
                break
            prev, cur = cur, step.bit_length() - 1
            run.append(cur)
            seen[cur] = True
        up = full
        down = full
        for i, x in enumerate(run):
            up &= cands[x] >> i
            down &= (cands[x] << i) & full
        for i, x in enumerate(run):
            keep = ((up << i) | (down >> i)) & full
            if cands[x] & ~keep:
                reason = ""
                if narrated or not cands[x] & keep:
                    names = "–".join(name[c] for c in run[:6]) + ("–…" if len(run) > 6 else "")
                    reason = _reason(s, x, keep, "run order", {"cell": name[x], "run": names})
                r = s.restrict(x, keep, "edge", reason, tuple(c for c in run if c != x))
                if isinstance(r, Contradiction):
                    return r
                progress = True
    # A dropped link between neighbours: they do not hold consecutive numbers.
    for (a, d), why in links.dropped.items():
        m = cands[a]
        rest = m & (m - 1)
        if rest & (rest - 1):
            continue  # three or more candidates in a: no number of d is ruled out
        if not rest:
            bad = ((m << 1) | (m >> 1)) & full
        elif m.bit_length() - (m & -m).bit_length() == 2:
            bad = (m & -m) << 1
        else:
            continue
        if cands[d] & bad:
            reason = ""
            if narrated or not cands[d] & ~bad:
                fields = {
                    "cell": name[d],
                    "other": name[a],
                    "why": why,
                    "held": numbers(m, 2),
                    "numbers": numbers(cands[d] & bad),
                }
                reason = _reason(s, d, ~bad, "not joined", fields)
            r = s.restrict(d, ~bad, "edge", reason, (a,))
            if isinstance(r, Contradiction):
                return r
            progress = True
    return PROGRESS if progress else NOTHING


def _reason(s: State[Board], cell: int, keep: int, key: str, fields: dict[str, object]) -> str:
    """The reason ``key`` for keeping ``keep`` in ``cell``; when that leaves one
    number and the trace is on, the facts on the board that force it (see
    :func:`.reasons.on_the_board`), or the reason saying which number it leaves."""
    left = s.cands[cell] & keep
    if s.trace is None or not left or left & (left - 1):
        return say(key, **fields)
    return on_the_board(s, cell, keep) or say(key + " leaves one", **fields, value=numbers(left))
