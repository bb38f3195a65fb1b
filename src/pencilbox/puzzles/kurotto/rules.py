"""The Kurotto rule ladder: one theorem, poked harder each rung.

Every plain cell starts as {black, white}; circles are white. The theorem is
interval arithmetic. Each numbered circle's clue is bracketed by two flood
fills (:func:`floor_region` and :func:`ceiling_region`, the helpers every
rule reads):

- the *floor* D, the decided black cells connected to the circle (the blocks
  of decided black cells touching it): the sum is at least ``|D|``;
- the *ceiling* P, every cell reachable from the circle through cells that
  are not white (the potential region): the sum is at most ``|P|``.

The floor only rises and the ceiling only falls. The *frontier* of a circle
is its undecided cells next to the circle or to D: every way for the sum to
grow paints a frontier cell black. Levels, weakest first:

sum
    Floor/ceiling arithmetic. A number outside [floor, ceiling] is a
    contradiction. A number equal to its ceiling makes all of P black; a
    number equal to its floor makes the frontier white (a 0 is the case of
    an empty floor).
door
    A circle whose number exceeds its floor must grow, and every growth paints
    a frontier cell: if the frontier is a single cell, that cell is black.
echo
    Tentatively colour one undecided cell and re-run every circle's
    floor/ceiling arithmetic, with no further propagation; a colour that puts
    some number outside its interval is impossible. Black raises only the
    floors of the circles whose frontier holds the cell, and white lowers only
    the ceilings of the circles whose potential region holds it, so each
    circle is asked about its frontier cells (black) and its potential cells
    (white); of the latter only the first ``n`` cells its ceiling reaches can
    bring a ceiling below ``n``. A circle already at its floor or its ceiling
    gets the sum rule's answer, which is what these trials would find (black
    in its frontier passes the floor, white in its ceiling falls under it), so
    echo holds the whole theorem: without sum, its fixpoint is the same.
probe
    The engine's generic rung: assume a colour in one cell, run the rules
    above to a fixpoint, and drop the colour if that alone is a contradiction.

Known limit: two rearrangements can live in superposition so that every
single assumption survives and only a pair dies; such a puzzle is unique but
beyond probe (see ``gapcheck``).

Above probe, one rung (``Ladder.above``: no level of the seeds' ladder, so
the measured ladders and their tables end at probe) for what a person does
when the arithmetic stalls: draw the circle's blocks.

shape
    List every way to draw the black cells that touch a circle (see
    :mod:`.shape`): blocks grown from its neighbours, each a whole block
    (every black cell next to it belongs to it, every other cell next to it
    or to the circle is white), together exactly the circle's number of
    cells, and the blocks of a way that touch a smaller circle holding at
    most that circle's number between them (they count for it too). A cell
    that every way shades is black ("r3c1 says 5, and every way to draw the
    5 black cells touching it shades r1c1"); a cell next to every way, in
    none, is white ("... keeps r2c2 white"); a circle with no way is a
    contradiction ("r3c1 says 5, but no way to draw 5 black cells touching
    it fits"). Premises: the circle and the decided cells in and beside the
    ways and fills its search looked at (the smaller circles among them).
    It holds, read on each way, the deductions people name one by one:
    a block next to a circle holds at most that circle's number (the cap
    rule's bound, made a deduction); two circles that share a frontier cell
    share the block through it; a circle's blocks must reach its number
    through routes that avoid cells next to smaller circles; a cell is black
    when no way of growing the blocks reaches the number without it. A
    circle whose ways its search cannot settle in a few hundred steps (say,
    a big number on an open board) says nothing: the steps are counted, so
    the verdict is the same on every machine.
    The rung is probe over the rules below it and shape together: assume a
    colour in one cell, run sum, door, echo and shape to a fixpoint, and
    drop the colour on a contradiction. The case rung stands on it.

Search rule (no rung; the counting search and the case rung run it beside
the ladder, see :mod:`.caps`):

cap
    A block next to a circle holds at most that circle's number of cells,
    so a circle's total is at most the sum, over its neighbours, of the
    largest block that can grow from each without touching a smaller
    circle: a total below the number is a contradiction.

Each rule asks every numbered circle for its verdict on the cells near it
(``Circle.area``). A verdict depends on nothing else, and in fact only on
the cells in and next to the regions it fills (:func:`read_by`), so each
circle keeps its last verdicts on the board, shared by every search branch
and probe, and a verdict is judged again only when one of the cells it read
has changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pencilbox.engine.grid import Bits, Cell, Grid, cells_of
from pencilbox.engine.ladder import Ladder, Rule, Rung, SearchHooks
from pencilbox.engine.state import (
    NOTHING,
    PROGRESS,
    Contradiction,
    Result,
    State,
    bitboards,
    mask_table,
)
from pencilbox.engine.words import count as counted

from . import caps, shape
from .model import BLACK, COLOUR, WHITE, Board, Circle

LEVELS = ("sum", "door", "echo", "probe")

Finding = tuple[Bits, int, str, tuple[Cell, ...]]
"""Cells to paint, their value, the reason ("{cell}" names each), premises."""
Verdict = Contradiction | tuple[Finding, ...]
Examine = Callable[[Grid, Circle, Bits, Bits, list[Any]], Verdict]

_BLACK_ONLY = mask_table(lambda m: m == 1 << BLACK)
_MAYBE_BLACK = mask_table(lambda m: m & 1 << BLACK)
_KEPT = 8
"""How many entries of verdicts each circle keeps (the newest first)."""
_KEPT_SHAPE = 128
"""How many entries of the shape rule's verdicts each circle keeps: a
search for ways costs a hundred times a lookup, and the case rung's trials
meet the same colours round a circle again and again (on a hard 10x10,
about one search in six is new)."""
_RECALLED = 128
"""How many colourings of its area each circle remembers the entry for
(:attr:`Board.recalled`) before it forgets them all and starts again: a
lookup there costs one hash where the kept entries are scanned (32 deep on
average for the shape rule's on a hard 10x10), and on such a board the
case rung's trials bring a third of the colourings judged back after
their entries have left the last few kept. Each remembered entry keeps its
verdicts and ways alive: at 4,096 the grade of an open 20x20 held 174 MB
after 150,000 units (34 MB at 128, 28 MB at 1), and the hand-made
10x10 that takes longest grades no faster (86 MB against 53 MB)."""
_READ, _WAS_BLACK, _WAS_MAYBE = 8, 9, 10
"""Where an entry keeps the cells its verdicts read and their colours then."""
_SHAPE, _WORK, _DRAWN = 11, 12, 13
"""Where an entry keeps the shape rule's verdict, the work its last verdict
did beyond one rule's (shape's search steps, spent from the budget), and
the ways its search drew (before it is judged: those of the circle's last
kept entries, see :func:`judge_shape`)."""
_HINTED = 4
"""The kept shape entries of a circle whose ways a new verdict tries first."""
STEPS_PER_UNIT = 64
"""Steps of the shape rule's search that cost one work unit."""


# -- the floor/ceiling helper --------------------------------------------------
def colours(cands: list[int]) -> tuple[Bits, Bits]:
    """Bitboards of the decided black cells and the maybe-black cells."""
    black, maybe = bitboards(cands, _BLACK_ONLY, _MAYBE_BLACK)
    return black, maybe


def floor_region(g: Grid, near: Bits, black: Bits) -> Bits:
    """The decided black cells connected to the circle: exact."""
    return g.flood(near & black, black)


def ceiling_region(g: Grid, near: Bits, maybe: Bits, cap: int) -> Bits:
    """The cells reachable from the circle through cells that are not white,
    grown one step at a time until it holds more than ``cap`` cells: its size
    is exact when at most ``cap``, and otherwise only known to exceed ``cap``."""
    return g.flood(near, maybe, cap)


def _rings(g: Grid, near: Bits, maybe: Bits, cap: int) -> list[Bits]:
    """The ceiling region after each step of its fill (as
    :func:`ceiling_region` grows it, until it holds more than ``cap`` cells)."""
    reach = near & maybe
    out = [reach]
    spread = g.spread
    while reach.bit_count() <= cap:
        grown = spread(reach) & maybe
        if grown == reach:
            break
        out.append(grown)
        reach = grown
    return out


def _floor(g: Grid, circle: Circle, black: Bits, entry: list[Any]) -> Bits:
    """The floor region, computed once per entry (shared by the rules)."""
    floor: Bits = entry[3]
    if floor is None:
        floor = entry[3] = floor_region(g, circle.near, black)
    return floor


def _ceiling(g: Grid, circle: Circle, maybe: Bits, entry: list[Any]) -> Bits:
    """The ceiling region capped at the circle's number, once per entry."""
    reach: Bits = entry[4]
    if reach is None:
        rings = entry[5] = _rings(g, circle.near, maybe, circle.number)
        reach = entry[4] = rings[-1]
    return reach


def fresh_entry() -> list[Any]:
    """An entry of verdicts on one circle: the three rules' verdicts, then
    the floor, the ceiling and the ceiling after each step of its fill, then
    the search's cap verdict (:mod:`.caps`), then the other cells next to
    which the verdicts read colours, then every cell they read
    (:func:`read_by`) and the black and the maybe-black ones among them,
    then the shape rule's verdict, the steps its search took and the ways
    it drew."""
    return [None, None, None, None, None, None, None, 0, 0, 0, 0, None, 0, ()]


def read_by(g: Grid, circle: Circle, entry: list[Any]) -> Bits:
    """The cells whose colours the verdicts of an entry read, so far.

    A verdict reads the colours of its floor and ceiling regions and of the
    cells beside them (what stopped their fills), and echo and cap the cells
    beside the other regions they fill (slot 7 of the entry): every cell
    they read lies in or next to one of these. So a verdict holds for every
    colouring that agrees with the one it was judged on in these cells, not
    only for those that agree in the whole area; for a circle with a big
    number that is a small part of its area.
    """
    seen = circle.bit | entry[7]
    if entry[3] is not None:
        seen |= entry[3]
    if entry[4] is not None:
        seen |= entry[4]
    return g.spread(seen) & circle.area


def frontier(g: Grid, circle: Circle, floor: Bits, black: Bits, maybe: Bits) -> Bits:
    """The undecided cells next to the circle or to its floor region."""
    return g.spread(floor | circle.bit) & maybe & ~black


def _walls(g: Grid, circle: Circle, region: Bits, maybe: Bits) -> tuple[Cell, ...]:
    """The circle and the white cells that bound ``region`` (premises of a ceiling)."""
    return (
        circle.cell,
        *cells_of(g.spread(region | circle.bit) & ~maybe & circle.area & ~circle.bit),
    )


def _black(n: int) -> str:
    """``n`` black cells, in words: "1 black cell", "3 black cells"."""
    return counted(n, "black cell")


# -- the three verdicts ------------------------------------------------------------
# Each judges one circle from the colours of the cells in its area only.
def judge_sum(g: Grid, circle: Circle, black: Bits, maybe: Bits, entry: list[Any]) -> Verdict:
    n = circle.number
    here = circle.name
    floor = _floor(g, circle, black, entry)
    low = floor.bit_count()
    if low > n:
        return Contradiction(
            "sum",
            f"{here} says {n} but already touches more than {_black(n)}",
            (circle.cell, *cells_of(floor)),
        )
    if low == n:
        # The ceiling holds the floor, so it is at least n: only the
        # frontier can change.
        edge = frontier(g, circle, floor, black, maybe)
        if edge:
            reason = (
                f"{here} says {n} and already touches {_black(n)}, "
                "so {cell} next to them is white"
                if n
                else f"{here} says 0, so {{cell}} next to it is white"
            )
            return ((edge, WHITE, reason, (circle.cell, *cells_of(floor))),)
        return ()
    ceiling = _ceiling(g, circle, maybe, entry)
    high = ceiling.bit_count()
    if high < n:
        return Contradiction(
            "sum",
            f"{here} says {n} but at most {counted(high, 'cell')} can still reach it",
            _walls(g, circle, ceiling, maybe),
        )
    if high == n and ceiling & ~black:
        reason = (
            f"{here} says {n} and exactly {counted(n, 'cell')} can still reach it, "
            "so {cell} is black"
        )
        return ((ceiling & ~black, BLACK, reason, _walls(g, circle, ceiling, maybe)),)
    return ()


def judge_door(g: Grid, circle: Circle, black: Bits, maybe: Bits, entry: list[Any]) -> Verdict:
    n = circle.number
    floor = _floor(g, circle, black, entry)
    low = floor.bit_count()
    if low >= n:
        return ()
    edge = frontier(g, circle, floor, black, maybe)
    if edge & (edge - 1):
        return ()
    here = circle.name
    if not edge:
        return Contradiction(
            "door",
            f"{here} says {n}, touches {_black(low)} and can no longer grow",
            (circle.cell, *cells_of(floor)),
        )
    reason = f"{here} says {n} but touches only {_black(low)}, and {{cell}} is its only way to grow"
    return ((edge, BLACK, reason, (*_walls(g, circle, floor, maybe), *cells_of(floor))),)


def _as_sum_says(g: Grid, circle: Circle, black: Bits, maybe: Bits, entry: list[Any]) -> Verdict:
    """The sum rule's verdict (shared through the entry), its
    contradiction told as echo's own."""
    verdict: Verdict | None = entry[0]
    if verdict is None:
        verdict = entry[0] = judge_sum(g, circle, black, maybe, entry)
    if isinstance(verdict, Contradiction):
        return Contradiction("echo", verdict.reason, verdict.premises, verdict.because)
    return verdict


def judge_echo(g: Grid, circle: Circle, black: Bits, maybe: Bits, entry: list[Any]) -> Verdict:
    n = circle.number
    here = circle.name
    floor = _floor(g, circle, black, entry)
    low = floor.bit_count()
    if low >= n:
        # At (or past) its floor: black in any frontier cell would pass it,
        # which is the sum rule's verdict.
        return _as_sum_says(g, circle, black, maybe, entry)
    reach = _ceiling(g, circle, maybe, entry)
    if reach.bit_count() <= n:
        # At (or under) its ceiling: white in any cell of it would bring the
        # ceiling under n, which is again the sum rule's verdict.
        return _as_sum_says(g, circle, black, maybe, entry)
    out: list[Finding] = []
    # Black in a frontier cell raises the floor by itself and the blocks
    # beside it.
    others = black & ~floor  # whole blocks, none touching the circle
    edge = frontier(g, circle, floor, black, maybe)
    blocks = g.flood(g.spread(edge) & others, others)
    if low + 1 + blocks.bit_count() > n:
        # (at most the frontier cell and the blocks beside the frontier join)
        beside = g.spread(others)  # alone, a frontier cell cannot pass n
        for x in cells_of(edge & beside):
            bit = 1 << x
            joined = g.flood(bit, others | bit)
            if low + joined.bit_count() > n:
                grown = floor | joined
                reason = f"if {{cell}} were black, {here} would touch more than {_black(n)}"
                out.append((bit, WHITE, reason, (circle.cell, *cells_of(grown & ~bit))))
    # White lowers the ceiling. The ceiling grows the same way without a cell
    # it had not yet reached, so only the cells of ``reach`` can matter; and
    # as the ceiling exceeds n, only a cell whose removal splits its own
    # neighbourhood can bring it below n.
    suspects = reach & ~black & g.local_cuts(maybe | circle.bit)
    # (a cut is judged on the ring of eight around it, two steps away)
    read = edge | blocks | g.spread(reach)
    rings: list[Bits] = entry[5]
    for x in cells_of(suspects):
        bit = 1 << x
        # Every cell the ceiling reached before x, and every other cell of
        # x's own step, is still reached without x (each has a neighbour one
        # step nearer, none through x): the fill starts from there.
        for ring in rings:
            if ring & bit:
                break
        start = ring & ~bit
        if start.bit_count() >= n:
            continue  # as many cells already reach the circle without x
        cut = ceiling_region(g, start, maybe & ~bit, n - 1)
        read |= cut
        k = cut.bit_count()
        if k < n:
            reason = (
                f"if {{cell}} were white, at most {counted(k, 'cell')} could reach {here}, "
                f"fewer than {n}"
            )
            out.append((bit, BLACK, reason, _walls(g, circle, cut, maybe & ~bit)))
    entry[7] |= read
    return tuple(out)


# -- running a verdict over every circle, to a fixpoint ------------------------------
def _judged(
    s: State[Board],
    circle: Circle,
    kept: list[list[Any]],
    slot: int,
    judge: Examine,
    black: Bits,
    maybe: Bits,
    entry: list[Any] | None,
) -> Verdict:
    """Judge a circle afresh, in ``entry`` (a kept entry whose read cells
    have the colours they have now, so its floor and ceiling hold now) or
    in a new one, kept first; the entry then reads the cells this verdict
    read too."""
    s.check_clock()  # one verdict on a big board may take a tenth of a second
    g = s.board.grid
    area = circle.area
    new = entry is None
    if entry is None:
        entry = fresh_entry()
        if slot == _SHAPE:
            drawn: list[Bits] = []
            for other in kept[:_HINTED]:
                drawn.extend(w for w in other[_DRAWN] if w not in drawn)
            entry[_DRAWN] = drawn
    verdict = entry[slot] = judge(g, circle, black & area, maybe & area, entry)
    read = entry[_READ] = read_by(g, circle, entry)
    entry[_WAS_BLACK] = black & read
    entry[_WAS_MAYBE] = maybe & read
    if new:  # kept only once judged: a stopped judge leaves nothing half made
        if len(kept) >= (_KEPT_SHAPE if slot == _SHAPE else _KEPT):
            kept.pop()
        kept.insert(0, entry)
    work, entry[_WORK] = entry[_WORK], 0
    if work >= STEPS_PER_UNIT and s.budget is not None:
        s.budget.spend(work // STEPS_PER_UNIT)  # the verdict is kept: it holds
    return verdict


def _saturate(s: State[Board], rule: str, slot: int, judge: Examine, apart: bool = False) -> Result:
    """Run ``judge`` (kept in ``slot`` of each circle's entries; ``apart``:
    in the board's entries kept apart, :attr:`Board.shaped`) on every
    circle, and what it finds, to its fixpoint."""
    board: Board = s.board
    g = board.grid
    entries = board.shaped if apart else board.kept
    recalls = board.recalled_shapes if apart else board.recalled
    rows = tuple(zip(board.circles, entries, recalls, strict=True))
    result: Result = NOTHING
    silent = s.trace is None
    at_read, at_black, at_maybe = _READ, _WAS_BLACK, _WAS_MAYBE  # as locals: the loop below is hot
    black, maybe = colours(s.cands)
    # Where the rule last reached its own fixpoint (on this state or one it
    # was copied from), every circle's verdict had nothing left to paint,
    # and each verdict read only some cells (``reads``, one set a circle):
    # only the circles some of whose read cells changed colour since can
    # say more. The note is about colours, not about a state, so it holds
    # on any state: wherever it agrees with them in the cells read.
    note = s.notes.get(rule)
    if note is None:
        reads = [-1] * len(board.circles)
        changed = -1  # every cell, before the first round
    else:
        changed = (black ^ note[0]) | (maybe ^ note[1])
        if not changed & note[3]:
            if changed:
                s.notes[rule] = (black, maybe, note[2], note[3])
            return NOTHING
        reads = list(note[2])
    while True:
        fixed = 0
        for k, (circle, kept, recalled) in enumerate(rows):
            if not reads[k] & (changed | fixed):
                continue  # judged on these colours of what it reads, its findings made
            # A kept verdict holds when the cells it read have the colours
            # they had (read_by): most often one met on these very colours
            # of the area, else one of the last kept.
            area = circle.area
            here = (black & area, maybe & area)
            entry = recalled.get(here)
            if (
                entry is not None
                and black & entry[at_read] == entry[at_black]
                and maybe & entry[at_read] == entry[at_maybe]
            ):
                verdict = entry[slot]
                if verdict is None:
                    verdict = _judged(s, circle, kept, slot, judge, black, maybe, entry)
            else:
                for i, entry in enumerate(kept):
                    read = entry[at_read]
                    if black & read == entry[at_black] and maybe & read == entry[at_maybe]:
                        verdict = entry[slot]
                        if verdict is None:
                            verdict = _judged(s, circle, kept, slot, judge, black, maybe, entry)
                        if i:
                            del kept[i]
                            kept.insert(0, entry)
                        break
                else:
                    verdict = _judged(s, circle, kept, slot, judge, black, maybe, None)
                    entry = kept[0]  # the new entry
                if len(recalled) >= _RECALLED:
                    recalled.clear()
                recalled[here] = entry
            reads[k] = entry[at_read]
            if not verdict:
                continue
            if isinstance(verdict, Contradiction):
                return verdict
            for bits, value, reason, premises in verdict:
                todo = bits & maybe if value == WHITE else bits & ~black
                if not todo:
                    continue
                for cell in cells_of(todo):
                    # A silent state keeps no reason unless it is a contradiction.
                    said = (
                        reason
                        if silent and s.cands[cell] >> value & 1
                        else reason.replace("{cell}", g.name(cell))
                    )
                    r = s.fix(cell, value, rule, said, premises)
                    if isinstance(r, Contradiction):
                        return r
                if value == WHITE:
                    maybe &= ~todo
                else:
                    black |= todo
                fixed |= todo
        if not fixed:
            union = 0
            for read in reads:
                union |= read
            s.notes[rule] = (black, maybe, tuple(reads), union)
            return result
        result = PROGRESS
        changed = fixed
        black, maybe = colours(s.cands)


def sum_rule(s: State[Board]) -> Result:
    """Floor/ceiling arithmetic, to its own fixpoint."""
    return _saturate(s, "sum", 0, judge_sum)


def door(s: State[Board]) -> Result:
    """A circle's single way to grow is black, to its own fixpoint."""
    return _saturate(s, "door", 1, judge_door)


def echo(s: State[Board]) -> Result:
    """A colour that alone breaks some circle's interval is impossible, to
    its own fixpoint."""
    return _saturate(s, "echo", 2, judge_echo)


def judge_shape(g: Grid, circle: Circle, black: Bits, maybe: Bits, entry: list[Any]) -> Verdict:
    """Every way the circle's blocks can be drawn (:mod:`.shape`): what
    they all shade is black, what they all wall is white, none is a
    contradiction. A circle at its floor or its ceiling is the sum rule's."""
    n = circle.number
    # The ways of the circle's last verdicts, where they still disagree on
    # every cell, are the whole verdict: whatever the rest says (at the
    # floor or the ceiling, or searched), no cell is in all ways or walled
    # by all, and some way fits (two of them: below the floor's n and
    # within a ceiling above it).
    still = shape.still_disagree(g, circle, black, maybe, entry[_DRAWN])
    if still is not None:
        entry[_DRAWN] = tuple(still)
        entry[7] |= shape.sum_of(still)
        return ()
    floor = _floor(g, circle, black, entry)
    if floor.bit_count() >= n or _ceiling(g, circle, maybe, entry).bit_count() <= n:
        entry[_DRAWN] = ()
        return ()
    if n - floor.bit_count() > shape.MOST_NEEDED:
        entry[_DRAWN] = ()
        return ()
    found = shape.ways(g, circle, black, maybe, floor)
    entry[7] |= found.seen
    entry[_WORK] = found.steps
    entry[_DRAWN] = tuple(found.drawn)
    if found.found and found.complete and not (found.black | found.white):
        # Ways that disagree on every cell are the whole verdict: wherever
        # their cells and the cells beside them keep their colours, they
        # are still ways (two of them, so the ceiling still exceeds n) and
        # still disagree. The ceiling read above is not read again.
        entry[4] = entry[5] = None
    here = circle.name
    premises = (
        circle.cell,
        *cells_of(g.spread(found.seen | circle.bit) & ~(maybe & ~black) & ~circle.bit),
    )
    if not found.found:
        if not found.complete:
            return ()
        return Contradiction(
            "shape",
            f"{here} says {n}, but no way to draw {_black(n)} touching it fits "
            "(a block next to a smaller circle holds at most that circle's number)",
            premises,
        )
    out: list[Finding] = []
    drawn = f"{here} says {n}, and every way to draw the {_black(n)} touching it"
    if found.black:
        out.append((found.black, BLACK, f"{drawn} shades {{cell}}", premises))
    if found.white:
        out.append((found.white, WHITE, f"{drawn} keeps {{cell}} white", premises))
    return tuple(out)


def shape_rule(s: State[Board]) -> Result:
    """Every way of drawing a circle's blocks agrees on a cell, to its own fixpoint."""
    return _saturate(s, "shape", _SHAPE, judge_shape, apart=True)


def judge_cap(g: Grid, circle: Circle, black: Bits, maybe: Bits, entry: list[Any]) -> Verdict:
    """The cap verdict (:mod:`.caps`), on the floor and ceiling the rules share."""
    if len(circle.caps) == 1:
        return ()  # no smaller circle: the sum rule's ceiling says as much
    floor = _floor(g, circle, black, entry)
    if floor.bit_count() >= circle.number:
        return ()  # the sum rule's case
    ceiling = _ceiling(g, circle, maybe, entry)
    verdict, read = caps.judge_cap(g, circle, black, maybe, floor, ceiling)
    entry[7] |= read
    return verdict


def cap(s: State[Board]) -> Result:
    """The search's cap rule (:mod:`.caps`): a contradiction or nothing."""
    return _saturate(s, "cap", 6, judge_cap)


# -- complete grids and search -------------------------------------------------
def judge_complete(s: State[Board]) -> Result:
    """A fully decided grid is legal iff every number equals its floor (floor
    and ceiling then coincide): exactly the sum rule's contradictions."""
    board: Board = s.board
    black, maybe = colours(s.cands)
    for circle in board.circles:
        verdict = judge_sum(
            board.grid, circle, black & circle.area, maybe & circle.area, fresh_entry()
        )
        if isinstance(verdict, Contradiction):
            return verdict
    return NOTHING


def choose_cell(s: State[Board]) -> Cell:
    """Branch where a circle is closest to being settled: a frontier cell of
    the open circle with the smallest frontier; else the first undecided cell."""
    board: Board = s.board
    g = board.grid
    black, maybe = colours(s.cands)
    focus = s.focus
    best = 0
    best_size = 1 << 30
    for circle in board.circles:
        floor = floor_region(g, circle.near, black)
        if floor.bit_count() >= circle.number:
            continue
        edge = frontier(g, circle, floor, black, maybe) & focus
        k = edge.bit_count()
        if 0 < k < best_size:
            best, best_size = edge, k
    if not best:
        best = maybe & ~black & focus
    return (best & -best).bit_length() - 1 if best else -1


def split(s: State[Board]) -> tuple[list[Bits], Bits]:
    """The undecided cells of the focus as independent parts.

    A circle's sum depends only on the colours of its potential region (all
    of it, uncapped): two undecided cells interact only when some circle's
    potential region holds both. Cells in no potential region are free:
    either colour changes no sum.
    """
    board: Board = s.board
    g = board.grid
    black, maybe = colours(s.cands)
    open_cells = maybe & ~black & s.focus
    # A circle's potential region is the union of the components of the
    # maybe-black cells beside it: flood each component once, not each circle.
    comps = [c for c in g.components(maybe) if c & open_cells]
    parts: list[Bits] = []
    seen = 0
    for circle in board.circles:
        reach = 0
        for comp in comps:
            if comp & circle.near:
                reach |= comp
        reach &= open_cells
        if not reach:
            continue
        seen |= reach
        kept = []
        for part in parts:
            if part & reach:
                reach |= part
            else:
                kept.append(part)
        kept.append(reach)
        parts = kept
    return parts, open_cells & ~seen


RULES = [
    Rule(
        "sum",
        0,
        sum_rule,
        "A number lies between its floor and its ceiling; "
        "at the ceiling all is black, at the floor the frontier is white.",
        weight=1,
    ),
    Rule(
        "door",
        1,
        door,
        "A circle that must grow through a single frontier cell makes it black.",
    ),
    Rule(
        "echo",
        2,
        echo,
        "A colour that would put some number outside its floor/ceiling interval is impossible.",
        weight=2,  # tries both colours of each frontier cell: see pencilbox.engine.budget
    ),
]

SEARCH_RULES = [
    Rule(
        "cap",
        LEVELS.index("probe"),  # no rung of its own: it runs beside the whole ladder
        cap,
        "A block next to a circle holds at most that circle's number of cells, "
        "so the blocks that can touch a circle must still reach its number.",
        weight=3,  # floods from every neighbour of every circle
    ),
]

ABOVE = [
    Rung(
        "shape",
        (
            Rule(
                "shape",
                LEVELS.index("probe"),  # (each rung above probe is a level of its own ladder)
                shape_rule,
                "Every way of drawing a circle's blocks with its number of cells, no block "
                "too big for a smaller circle it touches, shades the cells they all shade "
                "and walls off the cells they all wall off.",
                weight=2,  # and a work unit for every 64 steps of its searches
            ),
        ),
    ),
]

LADDER = Ladder(
    LEVELS,
    RULES,
    judge_complete,
    lambda v: COLOUR[v],
    complete_explains=True,
    search_rules=SEARCH_RULES,
    above=ABOVE,
    hooks=SearchHooks(
        choose_cell=choose_cell,
        split=split,
        explains=True,
        exact_premises=True,
        # (the real 13x17: 1,513 guesses without it, 432 with it)
        probe_at_restart=True,
    ),
)
