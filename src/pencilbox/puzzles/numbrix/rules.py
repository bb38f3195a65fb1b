"""The Numbrix rule ladder.

Every cell starts with the candidates 1 … N (N = R·C; a printed number is
its cell's only candidate). Levels, weakest first:

pin
    Bookkeeping of the bijection between cells and numbers. A decided number
    leaves every other cell; a number only one cell can still hold is placed
    there; a number no cell can hold, or one decided twice, is a
    contradiction. (A cell with one candidate is decided by definition.)
link
    The chain 1—2—…—N. A cell keeps v only if some neighbour may hold v−1
    (unless v = 1) and some neighbour may hold v+1 (unless v = N). Saturated,
    this is arc consistency along the value chain: exact for the relaxation
    "a walk that may revisit cells".
block
    Hall's condition on intervals of numbers, both ways. The numbers a…b
    need b−a+1 distinct cells: if the cells that may hold one of them are
    fewer, contradiction; if exactly as many, those cells hold a…b and lose
    every other number. From the cell side: if b−a+1 cells have only
    numbers from a…b left (more is a contradiction), every other cell loses
    a…b. Placed numbers and their cells pair off, so only intervals that
    start and end at unplaced numbers (value side) or at the least and
    greatest candidates of undecided cells (cell side) are examined.
edge
    Forget the numbers and look at the drawn lines. Two neighbours may be
    joined when they may hold consecutive numbers. Every cell has path
    degree 2, the two ends (1 and N) degree 1: a cell with as many possible
    links as it needs uses them all; a cell with only one possible link is
    an end; a cell already joined twice (an end: once) uses no other link.
    Joined cells glue into runs whose numbers count up or down along the
    run; a link that would close a run into a loop is impossible; the
    possible links must keep the board connected, so a bridge of them is
    used.
probe
    The engine's generic rung: assume a number in a cell, run the rules
    above to a fixpoint, and drop it if that alone is a contradiction.

Off the ladder, the *ruler* rule ``span``: walking from the cell of u to the
cell of v takes exactly |v−u| steps and no walk beats lattice distance, so a
cell farther than |v−u| from every cell that may hold u cannot hold v. It is
sound and strong alone, and adds nothing after ``link`` (every candidate
``link`` keeps lies on a complete walk, its own witness of the distance).
"""

from __future__ import annotations

from bisect import insort

from pencilbox.engine.grid import Bits, Cell, cells_of
from pencilbox.engine.ladder import Ladder, Rule, SearchHooks
from pencilbox.engine.state import (
    NOTHING,
    PROGRESS,
    Contradiction,
    Mask,
    Result,
    State,
    shrunk_cells,
    values_of,
)
from pencilbox.engine.words import count as counted

from .edge import edge
from .model import Board, number_name
from .model import numbers as _numbers
from .reasons import on_the_board, say

LEVELS = ("pin", "link", "block", "edge", "probe")


# -- pin -----------------------------------------------------------------------
def pin(s: State[Board]) -> Result:
    """Place numbers that only one cell can hold; remove decided numbers elsewhere.

    It reads the value→cells index (:meth:`Board.value_cells`) and looks
    only at what changed since its last fixpoint on this line of states
    (kept in the state's notes): the cells decided since, whose numbers
    leave every other cell, and the numbers that lost a cell since, which
    may have one cell left (placed there) or none (a contradiction).
    """
    b: Board = s.board
    cands = s.cands
    seen: list[int] | None = s.notes.get("pin")
    if seen is not None and seen == cands:
        return NOTHING
    fresh: list[Cell] = []  # decided cells whose number may stand elsewhere
    check = 0  # numbers that may have one cell left, or none
    changed = None if seen is None else shrunk_cells(seen, cands)
    if seen is not None and changed is not None:
        for cell in changed:
            m = cands[cell]
            check |= seen[cell] & ~m
            if m & (m - 1) == 0:
                fresh.append(cell)
    else:  # no notes, or a state that grew (states only shrink): start again
        fresh = [cell for cell, m in enumerate(cands) if m & (m - 1) == 0]
        check = b.full
    where = b.value_cells(s)[:]  # kept up to date below, through pin's own changes
    result: Result = NOTHING
    while fresh or check:
        if fresh:
            left = _leave_others(s, where, fresh)
            if isinstance(left, Contradiction):
                return left
            if left is not None:
                result = PROGRESS
            fresh = left or []
        if check:
            lone = _place_lone(s, where, check)
            if isinstance(lone, Contradiction):
                return lone
            if lone is not None:
                result = PROGRESS
            check = lone or 0
    snapshot = cands[:]
    s.notes["pin"] = snapshot
    s.notes["where"] = (snapshot, where)
    return result


def _leave_others(
    s: State[Board], where: list[Bits], fresh: list[Cell]
) -> list[Cell] | Contradiction | None:
    """The numbers of the decided cells ``fresh`` leave every other cell.
    Returns the cells that became decided by it (None: nothing changed)."""
    b: Board = s.board
    g = s.grid
    cands = s.cands
    lose: dict[Cell, Mask] = {}
    for i, cell in enumerate(fresh):
        if not i & 7:
            s.check_clock()  # each number may leave hundreds of cells
        m = cands[cell]
        v = m.bit_length() - 1
        others = where[v] & ~(1 << cell)
        if not others:
            continue
        for other in cells_of(others):
            if cands[other] == m:
                first, second = sorted((cell, other))
                return Contradiction(
                    "pin",
                    say("twice", number=number_name(v), first=g.name(first), second=g.name(second)),
                    (first, second),
                )
            lose[other] = lose.get(other, 0) | m
        where[v] = 1 << cell
    if not lose:
        return None
    narrated = s.trace is not None
    decided = []
    for i, cell in enumerate(sorted(lose)):
        if not i & 15:
            s.check_clock()
        gone = lose[cell]
        m = cands[cell]
        premises: tuple[Cell, ...] = ()
        reason = ""
        if narrated or not m & ~gone:
            # the decided cells of the numbers gone (each now alone in where)
            premises = tuple(sorted(where[v].bit_length() - 1 for v in values_of(gone)))
            stand = {"numbers": _numbers(gone), "cells": b.name_cells(b.grid.bits(premises))}
            left = m & ~gone
            if narrated and left and not left & (left - 1):
                reason = on_the_board(s, cell, left) or say(
                    "last number", **stand, cell=g.name(cell), value=_numbers(left)
                )
            else:
                reason = say("placed elsewhere", **stand)
        r = s.restrict(cell, ~gone, "pin", reason, premises)
        if isinstance(r, Contradiction):
            return r
        m = cands[cell]
        if m & (m - 1) == 0:
            decided.append(cell)
    return decided


def _place_lone(s: State[Board], where: list[Bits], check: Mask) -> Mask | Contradiction | None:
    """Each number of ``check`` with one cell left goes there, and one with
    none is a contradiction. Returns the numbers that lost a cell by it
    (None: nothing changed)."""
    g = s.grid
    cands = s.cands
    narrated = s.trace is not None
    progress = False
    lost = 0
    while check:
        low = check & -check
        check ^= low
        v = low.bit_length() - 1
        w = where[v]
        if not w:
            return Contradiction("pin", say("nowhere", number=number_name(v)), ())
        if w & (w - 1):
            continue
        cell = w.bit_length() - 1
        m = cands[cell]
        if m == low:
            continue
        reason = ""
        premises: tuple[Cell, ...] = ()
        if narrated:
            reason = on_the_board(s, cell, low) or say(
                "only cell", cell=g.name(cell), value=number_name(v)
            )
            # the placed numbers beside it in the sequence, which shut it out elsewhere
            premises = tuple(c for c, x in enumerate(cands) if x in (low >> 1, low << 1))
        s.restrict(cell, low, "pin", reason, premises)  # the cell may hold it: never empty
        progress = True
        gone = m & ~low
        lost |= gone
        keep = ~w
        while gone:
            bit = gone & -gone
            where[bit.bit_length() - 1] &= keep
            gone ^= bit
    return lost if progress else None


# -- link ----------------------------------------------------------------------
def link(s: State[Board]) -> Result:
    """Keep v in a cell only if neighbours may hold v−1 and v+1 (arc consistency)."""
    b: Board = s.board
    g = s.grid
    cands = s.cands
    nbrs = g.neighbours
    top = 1 << (b.n - 1)
    n = len(cands)
    seen: list[int] | None = s.notes.get("link")
    changed = None if seen is None else shrunk_cells(seen, cands)
    if seen is not None and changed is not None:
        # Consistent when link last finished: only a neighbour of a cell
        # that lost values since, holding a number next to one of them, can
        # have lost a support.
        queue: list[int] = []
        waiting = [False] * n
        for cell in changed:
            lost = seen[cell] & ~cands[cell]
            touched = (lost << 1) | (lost >> 1)
            for d in nbrs[cell]:
                if not waiting[d] and cands[d] & touched:
                    waiting[d] = True
                    queue.append(d)
    else:  # no notes, or a state that grew (states only shrink): start again
        queue = list(range(n))
        waiting = [True] * n
    result: Result = NOTHING
    # First in, first out: what a change rules out spreads over the board as
    # a wave, and each cell is looked at about once as the wave passes (last
    # in, first out looked at each cell more often).
    head = 0
    while head < len(queue):
        cell = queue[head]
        head += 1
        if not head & 255:
            s.check_clock()  # a wave over a big board takes seconds
        waiting[cell] = False
        m = cands[cell]
        around = 0
        for d in nbrs[cell]:
            around |= cands[d]
        before = (around << 1) | 1
        after = (around >> 1) | top
        keep = m & before & after
        if keep == m:
            continue
        reason = ""
        if keep and s.trace is not None and not keep & (keep - 1):
            reason = on_the_board(s, cell, keep) or say(
                "link leaves one", cell=g.name(cell), value=_numbers(keep)
            )
        elif keep == 0 or s.trace is not None:
            reason = _link_reason(g.name(cell), keep, m & ~before, m & ~after & before)
        r = s.restrict(cell, keep, "link", reason, nbrs[cell])
        if isinstance(r, Contradiction):
            return r
        result = PROGRESS
        lost = m & ~keep
        touched = (lost << 1) | (lost >> 1)
        for d in nbrs[cell]:
            if not waiting[d] and cands[d] & touched:
                waiting[d] = True
                queue.append(d)
    s.notes["link"] = cands[:]
    return result


def _link_reason(name: str, keep: int, no_before: int, no_after: int) -> str:
    """Why ``link`` takes ``no_before`` (no neighbour may hold the number
    before) and ``no_after`` (nor the number after) out of cell ``name``."""
    if (no_before | no_after).bit_count() > 3 or not keep:
        if not keep:
            return say("no number", cell=name)
        return say("link many", numbers=_numbers(keep), cell=name)
    if no_before and no_after:
        return say(
            "link few both",
            cell=name,
            numbers=_numbers(no_before),
            before=_numbers(no_before >> 1),
            others=_numbers(no_after),
            after=_numbers(no_after << 1),
        )
    if no_before:
        return say(
            "link few", cell=name, numbers=_numbers(no_before), before=_numbers(no_before >> 1)
        )
    return say(
        "link few after", cell=name, numbers=_numbers(no_after), after=_numbers(no_after << 1)
    )


# -- block ---------------------------------------------------------------------
def block(s: State[Board]) -> Result:
    """Hall sets of consecutive numbers, from the value side and the cell side.

    One interval at a time: the ladder runs pin and link before block looks
    again, and they often say at once what the next interval would."""
    r = _values_side(s)
    if r is NOTHING:
        r = _cells_side(s)
    return r


def _interval(a: int, z: int) -> int:
    """The mask of the values a … z."""
    return ((1 << (z - a + 1)) - 1) << a


def _values_side(s: State[Board]) -> Result:
    b: Board = s.board
    n = b.n
    where = b.value_cells(s)
    # Sparse table of range unions: table[j][a] = cells of values a … a+2^j−1,
    # so the cells of a … z are row[a] | row[z − 2^j + 1] for j = log2(z − a + 1).
    table = [where]
    span = 1
    while span * 2 <= n:
        prev = table[-1]
        table.append([prev[a] | prev[a + span] for a in range(n - 2 * span + 1)])
        span *= 2
    # An interval that starts or ends at a placed number says nothing the
    # interval without it does not (pin has taken that number elsewhere), so
    # only numbers with two or more possible cells bound an interval.
    following = [n] * (2 * n + 1)  # following[k]: the first open number >= k (n: none)
    for v in range(n - 1, -1, -1):
        w = where[v]
        following[v] = v if w & (w - 1) else following[v + 1]
    a = following[0]
    while a < n:
        # Adding a number to an interval adds one to the cells it needs, so
        # an interval with surplus cells can be tight only that much further
        # on; a alone has its cells less one to spare.
        z = following[a + where[a].bit_count() - 1]
        while z < n and not (a == 0 and z == n - 1):
            size = z - a + 1
            j = size.bit_length() - 1
            row = table[j]
            cells = row[a] | row[z - (1 << j) + 1]
            surplus = cells.bit_count() - size
            if surplus > 0:
                z = following[z + surplus]
                continue
            if surplus < 0:
                return Contradiction(
                    "block",
                    say(
                        "run too big",
                        count=size,
                        numbers=f"{number_name(a)}…{number_name(z)}",
                        cells_count=counted(cells.bit_count(), "cell"),
                        cells=b.name_cells(cells),
                    ),
                    tuple(cells_of(cells)),
                )
            outside = 0
            if a:
                j = a.bit_length() - 1
                outside = table[j][0] | table[j][a - (1 << j)]
            if z < n - 1:
                j = (n - 1 - z).bit_length() - 1
                outside |= table[j][z + 1] | table[j][n - (1 << j)]
            if cells & outside:
                return _hall_values(s, a, z, cells, cells & outside)
            z = following[z + 1]
        a = following[a + 1]
    return NOTHING


def _hall_values(s: State[Board], a: int, z: int, cells: int, losing: int) -> Result:
    b: Board = s.board
    keep = _interval(a, z)
    cands = s.cands
    progress = False
    for cell in cells_of(losing):
        if cands[cell] & ~keep:
            reason = ""
            premises: tuple[Cell, ...] = ()
            if s.trace is not None:
                premises = tuple(c for c in cells_of(cells) if c != cell)
                n = z - a + 1
                numbers = f"{number_name(a)}…{number_name(z)}" if n > 1 else number_name(a)
                fields = {"numbers": numbers, "cells": b.name_cells(cells)}
                left = cands[cell] & keep
                if not left & (left - 1):
                    reason = on_the_board(s, cell, keep) or say(
                        "run leaves one",
                        **fields,
                        count=n,
                        cell=s.grid.name(cell),
                        value=_numbers(left),
                    )
                elif n > 1:
                    reason = say("run", **fields, count=n, cell=s.grid.name(cell))
                else:
                    reason = say("run of one", number=numbers, cells=fields["cells"])
            s.restrict(cell, keep, "block", reason, premises)
            progress = True
    return PROGRESS if progress else NOTHING


def _cells_side(s: State[Board]) -> Result:
    """k undecided cells whose candidates lie in a…b, where a…b holds k
    numbers not yet placed, take those numbers (more cells: contradiction).
    Placed cells and their numbers pair off and are left out of the count.

    a runs over the cells' least candidates from the greatest down, so each
    a only adds its own cells to those already sorted by greatest
    candidate; the scan of an a stops once a…b holds more unplaced numbers
    than there are cells whose least candidate is a or more. Of the
    intervals that say something, the one with the least a (then b) is used.
    """
    b: Board = s.board
    g = s.grid
    cands = s.cands
    placed = 0
    hull = []
    for cell, m in enumerate(cands):
        if m & (m - 1):
            hull.append(((m.bit_length() - 1), (m & -m).bit_length() - 1, cell))
        else:
            placed |= m
    if not hull:
        return NOTHING
    hull.sort()
    unplaced = b.full & ~placed
    total = len(hull)
    by_low = sorted(hull, key=lambda e: e[1], reverse=True)
    inside_of: list[tuple[int, int, int]] = []  # the cells of least candidate >= a, sorted
    found: tuple[int, int, int, int] | None = None  # a, b, its cells and their count
    j = 0
    for a in sorted({lo for _, lo, _ in hull}, reverse=True):
        while j < total and by_low[j][1] >= a:
            insort(inside_of, by_low[j])
            j += 1
        k = len(inside_of)
        above_a = unplaced >> a
        for i, (hi, _, _) in enumerate(inside_of):
            if i + 1 < k and inside_of[i + 1][0] == hi:
                continue
            room = (above_a & ((2 << (hi - a)) - 1)).bit_count()  # unplaced numbers of a…hi
            count = i + 1
            if count < room:
                if room > k:
                    break  # a…hi and beyond hold more numbers than there are cells
                continue
            if count == room and count == total:
                continue
            inside = 0
            for _, _, cell in inside_of[:count]:
                inside |= 1 << cell
            mask = _interval(a, hi)
            if count > room or any(cands[c] & mask and not (inside >> c) & 1 for _, _, c in hull):
                found = (a, hi, inside, count)
                break
    if found is None:
        return NOTHING
    a, hi, inside, count = found
    room = (unplaced & _interval(a, hi)).bit_count()
    if count > room:
        return Contradiction(
            "block",
            say(
                "cells too many",
                count=count,
                cells_verb=f"cells {b.name_cells(inside)} have"
                if count > 1
                else f"cell {b.name_cells(inside)} has",
                room=counted(room, "unplaced number"),
                numbers=f"{number_name(a)}…{number_name(hi)}",
            ),
            tuple(cells_of(inside)),
        )
    mask = _interval(a, hi)
    for _, _, other in hull:
        m = cands[other]
        if m & mask and not (inside >> other) & 1:
            reason = ""
            if s.trace is not None or not m & ~mask:
                left = m & ~mask
                fields = {
                    "count": room,
                    "cells": b.name_cells(inside),
                    "numbers": _numbers(unplaced & mask),
                    "range": f"{number_name(a)}…{number_name(hi)}",
                    "cell": g.name(other),
                }
                if s.trace is not None and left and not left & (left - 1):
                    reason = on_the_board(s, other, ~mask) or say(
                        "cells leave one", **fields, value=_numbers(left)
                    )
                else:
                    reason = say("cells" if room > 1 else "cell of one", **fields)
            r = s.restrict(other, ~mask, "block", reason, tuple(cells_of(inside)))
            if isinstance(r, Contradiction):
                return r
    return PROGRESS


# -- span (the ruler, off the ladder) -------------------------------------------
def span(s: State[Board]) -> Result:
    """A cell loses v when every cell that may hold u is more than |v−u| steps away."""
    b: Board = s.board
    g = s.grid
    n = b.n
    full = b.full
    cands = s.cands
    where = b.cells_of_values(cands)
    lose = [0] * n
    cause = [-1] * n
    everywhere = g.full
    for u in range(n):
        reach = where[u]
        if reach == everywhere or reach == 0:
            continue
        k = 0
        while True:
            grown = g.spread(reach)
            k += 1
            ring = grown & ~reach
            if not ring:
                break
            lo = max(0, u - k + 1)
            band = _interval(lo, min(n - 1, u + k - 1)) & full
            for cell in cells_of(ring):
                if cands[cell] & band & ~lose[cell]:
                    lose[cell] |= band
                    if cause[cell] < 0:
                        cause[cell] = u
            reach = grown
    progress = False
    for cell in range(n):
        if cands[cell] & lose[cell]:
            u = cause[cell]
            reason = say(
                "too far",
                cell=g.name(cell),
                number=number_name(u),
                numbers=_numbers(cands[cell] & lose[cell]),
            )
            premises = tuple(cells_of(where[u])) if u >= 0 else ()
            r = s.restrict(cell, ~lose[cell], "span", reason, premises)
            if isinstance(r, Contradiction):
                return r
            progress = True
    return PROGRESS if progress else NOTHING


# -- the complete grid ------------------------------------------------------------
def judge_complete(s: State[Board]) -> Result:
    """A decided grid is legal iff every number is used once and consecutive
    numbers are neighbours."""
    g = s.grid
    n = len(s.cands)
    at = [-1] * n
    for cell, m in enumerate(s.cands):
        v = m.bit_length() - 1
        if at[v] >= 0:
            return Contradiction(
                "pin",
                say("twice", number=number_name(v), first=g.name(at[v]), second=g.name(cell)),
                (at[v], cell),
            )
        at[v] = cell
    for v in range(n - 1):
        if at[v + 1] not in g.neighbours[at[v]]:
            return Contradiction(
                "link",
                say(
                    "apart",
                    number=number_name(v),
                    cell=g.name(at[v]),
                    next=number_name(v + 1),
                    next_cell=g.name(at[v + 1]),
                ),
                (at[v], at[v + 1]),
            )
    return NOTHING


RULES = [
    Rule(
        "pin",
        0,
        pin,
        "Each number in one cell: decided numbers leave the others, "
        "a number with one possible cell goes there.",
        explains=False,
        cheap=True,
    ),
    Rule(
        "link",
        1,
        link,
        "A number needs its predecessor and successor in neighbouring cells.",
        cheap=True,
    ),
    Rule(
        "block",
        2,
        block,
        "Hall sets: k consecutive numbers need k cells, k cells with only "
        "k consecutive numbers take them.",
        saturating=False,
        explains=False,
    ),
    Rule(
        "edge",
        3,
        edge,
        "Path links: degree 2 (ends 1), runs count along, no loops, the board stays connected.",
        explains=False,
    ),
]

LADDER = Ladder(
    LEVELS,
    RULES,
    judge_complete,
    number_name,
    # Link names the cells it rests on, and the rules that do not are marked
    # so (their deductions rest on every guess), so search may learn.
    hooks=SearchHooks(explains=True),
)
