"""The Cave rule ladder.

Every cell starts as {wall, cave}; clue cells start as cave. Levels, weakest
first:

count
    The clue arithmetic, made exact. A clue v sees itself plus one *extent*
    per direction: e cells of cave, then a wall or the edge. An extent is
    feasible while its e cells may be cave and the next may be wall. The four
    sets of feasible extents are added as bitmask sums (one shift-or per
    member); an extent survives only if it takes part in some total of v - 1.
    The cells every surviving extent of a direction covers are cave; when one
    extent alone survives, the cell that closes it is a wall. No total of
    v - 1 at all is a contradiction.
corner
    Of the 16 shadings of a 2×2 window, 14 are legal: the two checkered ones
    die because the cave path joining the two cave corners would fence one
    wall corner off from the border. A cell whose window has its other three
    cells decided loses the colour that would make the window checkered.
bridge
    Both connectivity rules made local, one articulation-point search each.
    The cave cells stay mutually reachable through cave or undecided cells;
    every wall reaches a virtual outside node (beside every border cell)
    through wall or undecided cells. A cell sealed off takes the other colour
    (pocket); an undecided cell that is the only way to join decided cells of
    a colour takes that colour (bridge).
probe
    The engine's generic rung: assume a colour in one cell, run the rules
    above to a fixpoint, and drop the colour if that alone is a contradiction.

Speed without changing what is proved: count and bridge keep, in the board,
bitboards of states where they had nothing left to do (``Fixpoints``). Count
then looks only at the clues that see a changed cell, and skips a clue whose
cells read as they did when it last said nothing (in any state); bridge skips a colour's
search when, since an earlier state this one refines, no cell lost that
colour and every newly decided cell of it touches an old one (or, for walls,
the border). Corner reads all windows at once with bitboard shifts.
"""

from __future__ import annotations

from pencilbox.engine.connectivity import connect, saturate
from pencilbox.engine.grid import Bits, Cell, Grid, cells_of
from pencilbox.engine.ladder import Ladder, Rule, SearchHooks
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

from .model import CAVE, COLOUR, DIRECTIONS, WALL, Board

LEVELS = ("count", "corner", "bridge", "probe")

_W, _C = 1 << WALL, 1 << CAVE  # candidate bits


# -- count -------------------------------------------------------------------
def _add(a: int, b: int, cap: int) -> int:
    """The sums of a member of ``a`` and a member of ``b`` (bitmask sets), up to ``cap``."""
    if b & (b - 1) == 0:
        return (a << (b.bit_length() - 1)) & cap if b else 0
    if a & (a - 1) == 0:
        return (b << (a.bit_length() - 1)) & cap if a else 0
    out = 0
    while b:
        low = b & -b
        out |= a << (low.bit_length() - 1)
        b ^= low
    return out & cap


def _clue_premises(
    cands: list[int], cell: Cell, rays: tuple[tuple[Cell, ...], ...]
) -> tuple[Cell, ...]:
    """The clue cell and the decided cells of its rays, up to the first wall."""
    out = [cell]
    for ray in rays:
        for x in ray:
            m = cands[x]
            if m == _C:
                out.append(x)
            elif m == _W:
                out.append(x)
                break
            else:
                break
    return tuple(out)


def _clue_explanation(
    s: State[Board], cell: Cell, rays: tuple[tuple[Cell, ...], ...], t: int
) -> tuple[Cell, ...]:
    """The premises of a clue's deduction: for a reason, the clue and the
    decided cells of its rays up to the first undecided cell or wall; in search
    with learning, every decided cell the extents were read from (each ray up
    to its first wall, at most ``t + 1`` cells)."""
    cands = s.cands
    if not s.learning:
        return _clue_premises(cands, cell, rays)
    out = [cell]
    for ray in rays:
        for e, x in enumerate(ray):
            m = cands[x]
            if m != _W | _C:
                out.append(x)
            if m == _W or e == t:
                break
    return tuple(out)


def _cells(n: int) -> str:
    return counted(n, "cell")


_MAYBE_WALL = mask_table(lambda m: m & 1 << WALL)
_MAYBE_CAVE = mask_table(lambda m: m & 1 << CAVE)


def allowed_bits(cands: list[int]) -> tuple[Bits, Bits]:
    """Bitboards of the cells that may still be wall, and may still be cave."""
    walls, caves = bitboards(cands, _MAYBE_WALL, _MAYBE_CAVE)
    return walls, caves


def count(s: State[Board]) -> Result:
    board = s.board
    numbers = board.numbers
    if not numbers:
        return NOTHING
    watchers = board.watchers
    reads = board.reads
    fixpoints = board.fixpoints
    quiet = fixpoints.quiet
    cands = s.cands
    walls, caves = allowed_bits(cands)
    last = fixpoints.count
    if last is None:
        todo = set(range(len(numbers)))
    else:
        # Only a clue that sees a changed cell can say anything new.
        changed = (walls ^ last[0]) | (caves ^ last[1])
        if not changed:
            return NOTHING
        todo = set()
        for cell in cells_of(changed):
            todo.update(watchers[cell])
    result: Result = NOTHING
    while todo:
        batch = sorted(todo)
        todo = set()
        for k in batch:
            # A clue's verdict depends on the cells it reads alone: one that
            # said nothing there before, in any state, says nothing again.
            mask = reads[k]
            seen = (walls & mask, caves & mask)
            if quiet.get(k) == seen:
                continue
            r = _count_clue(s, *numbers[k])
            if isinstance(r, Contradiction):
                return r
            if not r:
                quiet[k] = seen
                continue
            result = PROGRESS
            for cell in r:
                todo.update(watchers[cell])
                if cands[cell] == _C:
                    walls &= ~(1 << cell)
                else:
                    caves &= ~(1 << cell)
    fixpoints.count = (walls, caves)
    return result


def _count_clue(
    s: State[Board], cell: Cell, v: int, rays: tuple[tuple[Cell, ...], ...]
) -> list[Cell] | Contradiction:
    """Apply one clue; the cells it decided, or why it cannot hold."""
    cands = s.cands
    t = v - 1
    cap = (2 << t) - 1
    ext = []  # per direction, the feasible extents as a bitmask set
    sure = []  # per direction, how many cells from the clue are cave already
    for ray in rays:
        m = 0
        e = 0
        known = -1
        for x in ray:
            c = cands[x]
            if c & _W:
                m |= 1 << e
                if known < 0:
                    known = e
                if c == _W:
                    break
            if e == t:
                break
            e += 1
        else:
            m |= 1 << e
        ext.append(m)
        sure.append(e if known < 0 else known)
    e0, e1, e2, e3 = ext
    p2 = _add(e0, e1, cap)
    s23 = _add(e2, e3, cap)
    if not (_add(p2, s23, cap) >> t) & 1:
        g = s.grid
        return Contradiction(
            "count",
            f"the {v} at {g.name(cell)} cannot see exactly {_cells(v)}",
            _clue_explanation(s, cell, rays, t),
        )
    done: list[Cell] = []
    premises: tuple[Cell, ...] | None = None
    for d in range(4):
        m = ext[d]
        if m & (m - 1) == 0:
            keep = m
        else:
            if d == 0:
                o = _add(e1, s23, cap)
            elif d == 1:
                o = _add(e0, s23, cap)
            elif d == 2:
                o = _add(p2, e3, cap)
            else:
                o = _add(p2, e2, cap)
            keep = 0
            while m:
                low = m & -m
                if (o >> (t - low.bit_length() + 1)) & 1:
                    keep |= low
                m ^= low
        ray = rays[d]
        lo = (keep & -keep).bit_length() - 1
        for i in range(sure[d], lo):
            x = ray[i]
            if premises is None:
                premises = _clue_explanation(s, cell, rays, t)
            reason = ""
            if s.trace is not None:
                reason = _cave_reason(s.grid, cell, v, d, lo, x)
            s.restrict(x, _C, "count", reason, premises)
            done.append(x)
        if keep & (keep - 1) == 0 and lo < len(ray):
            x = ray[lo]
            if cands[x] != _W:
                if premises is None:
                    premises = _clue_explanation(s, cell, rays, t)
                reason = ""
                if s.trace is not None:
                    reason = _wall_reason(s.grid, cell, v, d, lo, x)
                s.restrict(x, _W, "count", reason, premises)
                done.append(x)
    return done


def _cave_reason(g: Grid, cell: Cell, v: int, d: int, lo: int, x: Cell) -> str:
    return (
        f"the {v} at {g.name(cell)} must see at least {_cells(lo)} {DIRECTIONS[d][2]} "
        f"in every way to make {v}, so {g.name(x)} is cave"
    )


def _wall_reason(g: Grid, cell: Cell, v: int, d: int, e: int, x: Cell) -> str:
    return (
        f"the {v} at {g.name(cell)} can make {v} only by seeing exactly {_cells(e)} "
        f"{DIRECTIONS[d][2]}, so {g.name(x)} is a wall"
    )


# -- corner ------------------------------------------------------------------
# A window is read at its top-left cell x: TL = x, TR = x + 1, BL = x + cols,
# BR = x + cols + 1. The two checkered shadings put one colour on each
# diagonal; a window with three cells of a checkered shading decided forces
# the fourth to the other colour.
def _window_name(g: Grid, tl: Cell) -> str:
    return f"the 2×2 at {g.name(tl)}–{g.name(tl + g.cols + 1)}"


def _window_cells(g: Grid, tl: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    return (tl, tl + 1, tl + g.cols, tl + g.cols + 1)


def corner(s: State[Board]) -> Result:
    g = s.grid
    cols = g.cols
    origins = s.board.window_origins
    offsets = (0, 1, cols, cols + 1)
    result: Result = NOTHING
    while True:
        walls, caves = allowed_bits(s.cands)
        wall, cave, both = walls & ~caves, caves & ~walls, walls & caves
        forced: list[tuple[Bits, int, int]] = []  # (origins, corner, value it loses)
        # main: the colour of the TL-BR diagonal; the TL / BR corner loses `lose`.
        for main, anti, lose in ((cave, wall, CAVE), (wall, cave, WALL)):
            shade = (main, anti, anti, main)
            full = origins & main & (anti >> 1) & (anti >> cols) & (main >> (cols + 1))
            if full:
                tl = (full & -full).bit_length() - 1
                return Contradiction(
                    "corner",
                    f"{_window_name(g, tl)} is checkered, which fences a wall off the border",
                    _window_cells(g, tl),
                )
            for i in range(4):
                hit = origins & (both >> offsets[i])
                for j in range(4):
                    if j != i:
                        hit &= shade[j] >> offsets[j]
                if hit:
                    forced.append((hit, i, lose if i in (0, 3) else 1 - lose))
        if not forced:
            return result
        for hit, i, value in forced:
            for tl in cells_of(hit):
                cells = _window_cells(g, tl)
                x = cells[i]
                reason = ""
                if s.trace is not None:
                    reason = (
                        f"{g.name(x)} cannot be {COLOUR[value]}: the other three cells of "
                        f"{_window_name(g, tl)} would make it checkered"
                    )
                r = s.forbid(x, value, "corner", reason, tuple(y for y in cells if y != x))
                if isinstance(r, Contradiction):
                    return r
        result = PROGRESS


# -- bridge ------------------------------------------------------------------
_REMEMBERED = 8
_BRIDGE_NAMES = (COLOUR[CAVE], COLOUR[WALL])


def _is_stale(g: Grid, lost: Bits, old: Bits, new: Bits, anchor: Bits) -> bool:
    """Whether connectivity of one colour needs a fresh search.

    The last search left no pocket and no bridge. Nothing new can appear while
    no cell lost this colour and every group of newly decided cells of it
    touches a cell decided before (or the ``anchor``): the graph is the same,
    and each new cell is joined to the old ones without any undecided cell.
    """
    if lost:
        return True
    while new:
        group = g.flood(new & -new, new)
        if not (g.spread(group) & old or group & anchor):
            return True
        new &= ~group
    return False


def bridge(s: State[Board]) -> Result:
    g = s.grid
    board = s.board
    memory = board.fixpoints.bridge
    walls, caves = allowed_bits(s.cands)
    need_cave = need_wall = True
    best = -1
    best_size = 1 << 30
    for i, (w0, c0) in enumerate(memory):
        if walls & ~w0 or caves & ~c0:
            continue  # not an ancestor of this state
        size = w0.bit_count() + c0.bit_count()
        if size < best_size:
            best, best_size = i, size
    if best >= 0:
        w0, c0 = memory.pop(best)
        memory.insert(0, (w0, c0))
        old_cave, old_wall = c0 & ~w0, w0 & ~c0
        need_cave = _is_stale(g, c0 & ~caves, old_cave, caves & ~walls & ~old_cave, 0)
        need_wall = _is_stale(
            g, w0 & ~walls, old_wall, walls & ~caves & ~old_wall, board.border_bits
        )
        if not (need_cave or need_wall):
            return NOTHING
    result: Result = NOTHING
    if need_cave and need_wall:
        result = saturate(s, (CAVE, WALL), "bridge", _BRIDGE_NAMES, (False, True))
    else:
        value = CAVE if need_cave else WALL
        result = connect(s, value, "bridge", COLOUR[value], value == WALL)
        if result is PROGRESS:
            again = saturate(s, (CAVE, WALL), "bridge", _BRIDGE_NAMES, (False, True))
            if isinstance(again, Contradiction):
                return again
    if isinstance(result, Contradiction):
        return result
    memory.insert(0, allowed_bits(s.cands))
    del memory[_REMEMBERED:]
    return result


# -- a finished grid -----------------------------------------------------------
def judge_complete(s: State[Board]) -> Result:
    """A fully decided grid is legal iff the cave is one non-empty group, every
    wall reaches the border, and every number sees exactly its count."""
    board = s.board
    g = s.grid
    cands = s.cands
    cave = 0
    for cell, m in enumerate(cands):
        if m == _C:
            cave |= 1 << cell
    if not cave:
        return Contradiction("bridge", "the cave is empty")
    for cell in board.clue_cells:
        if cands[cell] != _C:
            return Contradiction("count", f"the clue at {g.name(cell)} is a wall", (cell,))
    if g.flood(cave & -cave, cave) != cave:
        return Contradiction("bridge", "the cave is divided")
    walls = g.full & ~cave
    if g.flood(walls & board.border_bits, walls) != walls:
        return Contradiction("bridge", "some walls are sealed off from the border")
    for cell, v, rays in board.numbers:
        seen = 1
        for ray in rays:
            for x in ray:
                if cands[x] != _C:
                    break
                seen += 1
        if seen != v:
            return Contradiction(
                "count",
                f"the {v} at {g.name(cell)} sees {_cells(seen)}",
                _clue_premises(cands, cell, rays),
            )
    return NOTHING


RULES = [
    Rule("count", 0, count, "Each number is 1 plus four view extents that add up exactly."),
    Rule("corner", 1, corner, "No 2×2 window is checkered."),
    Rule(
        "bridge",
        2,
        bridge,
        "The cave stays one group and every wall reaches the border: "
        "pockets lose a colour, bridges take it.",
    ),
]

LADDER = Ladder(
    LEVELS,
    RULES,
    judge_complete,
    lambda v: COLOUR[v],
    # Every rule names the cells it rests on (count: the decided cells of a
    # clue's rays), so search may learn from its deductions.
    hooks=SearchHooks(explains=True),
)
