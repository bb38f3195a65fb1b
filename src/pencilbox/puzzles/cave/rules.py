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
then looks only at the clues that see a changed cell, and a clue whose read
cells hold what they held at one of its last verdicts (in any state) takes
that verdict without being judged again, and the extents a clue keeps are
read from a table of the sums already worked out; bridge skips a colour's
search when, since an earlier state this one refines, no cell lost that
colour and every newly decided cell of it touches an old one (or, for walls,
the border). Corner reads all windows at once with bitboard shifts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pencilbox.engine.connectivity import connect, saturate
from pencilbox.engine.grid import Bits, Cell, Grid, cells_of
from pencilbox.engine.ladder import Ladder, Rule, SearchHooks
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
from pencilbox.engine.words import count as counted

from .model import CAVE, COLOUR, DIRECTIONS, WALL, Board

LEVELS = ("count", "corner", "bridge", "probe")

_W, _C = 1 << WALL, 1 << CAVE  # candidate bits


# -- count -------------------------------------------------------------------
def _less(a: int, b: int) -> int:
    """The differences of a member of ``a`` less a member of ``b`` (bitmask
    sets), those not below 0."""
    if b & (b - 1) == 0:
        return a >> (b.bit_length() - 1) if b else 0
    out = 0
    while b:
        low = b & -b
        out |= a >> (low.bit_length() - 1)
        b ^= low
    return out


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


_KEPT = 8
"""How many verdicts each clue keeps (the newest first)."""

Clue = tuple[Cell, int, tuple[tuple[Cell, ...], ...]]
"""A numbered clue as the rules read it: its cell, its number, its four rays."""

Deduction = tuple[Cell, int, int, int]
"""A cell a clue decides: the cell, the candidate bit it keeps, the ray
(direction) it lies on and the extent that decides it."""


def count(s: State[Board]) -> Result:
    board = s.board
    numbers = board.numbers
    if not numbers:
        return NOTHING
    watchers = board.watchers
    fixpoints = board.fixpoints
    verdicts = fixpoints.verdicts
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
            # A clue's verdict depends on the cells it read alone: where
            # they hold what they held when it was judged, in any state,
            # it is the same verdict.
            kept = verdicts[k]
            for entry in kept:
                read = entry[0]
                if walls & read == entry[1] and caves & read == entry[2]:
                    if entry is not kept[0]:
                        kept.remove(entry)
                        kept.insert(0, entry)
                    break
            else:
                entry = _judged(board.grid, cands, numbers[k], board.spans[k], walls, caves)
                if len(kept) >= _KEPT:
                    kept.pop()
                kept.insert(0, entry)
            found = entry[3]
            if not found:
                continue
            cell, v, rays = numbers[k]
            if isinstance(found, str):
                why = tuple(_premises(s, numbers[k], entry, -1, 0, 0))
                return Contradiction("count", found, why)
            trace = s.trace is not None
            reason = ""
            for x, keep, d, lo in found:
                premises = _premises(s, numbers[k], entry, d, keep, lo)
                if trace:
                    g = s.grid
                    reason = (
                        _cave_reason(g, cell, v, d, lo, x)
                        if keep == _C
                        else _wall_reason(g, cell, v, d, lo, x)
                    )
                s.restrict(x, keep, "count", reason, premises)
                todo.update(watchers[x])
                if keep == _C:
                    walls &= ~(1 << x)
                else:
                    caves &= ~(1 << x)
            # Judged again at once, a clue says nothing more: what it
            # decided keeps every extent it kept, and no other.
            todo.discard(k)
            result = PROGRESS
    fixpoints.count = (walls, caves)
    return result


def _premises(
    s: State[Board], clue: Clue, entry: list[Any], d: int, keep: int, lo: int
) -> Iterable[Cell]:
    """The premises of a verdict: of its contradiction (``d`` = -1), or of
    what it decides on ray ``d`` (``keep``: the cave cells or the wall).
    For a reason, :func:`_clue_premises`; in search with learning, the read
    cells the verdict rests on (:func:`_explain`), which the entry keeps."""
    if not s.learning:
        return _clue_premises(s.cands, clue[0], clue[2])
    told: dict[tuple[int, int], Later] | None = entry[4]
    if told is None:
        told = entry[4] = {}
    premises = told.get((d, keep))
    if premises is None:  # worked out when conflict analysis first reads it
        premises = told[(d, keep)] = Later(_explain, clue, entry, d, keep, lo)
    return premises


def _explain(clue: Clue, entry: list[Any], d: int, keep: int, lo: int) -> tuple[Cell, ...]:
    """The read cells a verdict of a clue rests on, and no more where its
    bounds tell: a clue too crowded (its shortest extents add up past
    v - 1) rests on the cave cells that make them shortest; one too fenced
    (its longest fall short) on what ends them. What it decides on ray
    ``d``, whose kept extents start at ``lo``, rests on the other rays'
    longest extents (that ray ``d`` must see at least this far) and, for
    the wall that closes ``lo``, their shortest (that it may see no
    further), on the cells of ray ``d`` that rule out the extents between,
    and on every decided read cell of the other rays only where an extent
    of ray ``d`` fails for want of an exact sum of theirs."""
    cell, v, rays = clue
    t = v - 1
    ext: list[int] = entry[5]
    firsts: list[int] = entry[6]
    cave_only = entry[2] & ~entry[1]
    lows = [(m & -m).bit_length() - 1 if m else t + 1 for m in ext]  # shortest extents
    highs = [m.bit_length() - 1 for m in ext]  # longest extents
    out: list[Cell] = [cell]
    if d < 0:
        if sum(lows) > t:
            for j in _enough(lows, [0] * 4, t):
                out.extend(_shortest(rays[j], lows[j]))
        elif min(highs) >= 0 and sum(highs) < t:
            for j in _enough(highs, [min(len(ray), t) for ray in rays], t):
                out.extend(_longest(rays[j], highs[j], firsts[j], t))
        else:
            for j in range(4):
                out.extend(_decided(rays[j], firsts[j], t, entry))
        return tuple(out)
    ray = rays[d]
    others = [j for j in range(4) if j != d]
    lb = t - sum(highs[j] for j in others)  # ray d sees at least this far
    hb = t - sum(lows[j] for j in others)  # and at most this far
    sure = lows[d]  # its leading cave cells (lo is one of its extents)
    exact = False
    # The extents below lo: under lb the others' longest rule them out, and
    # under ``sure`` the cave cells of ray d too; from there on a cave cell
    # of ray d, or exact sums.
    if lb > sure:
        for j in others:
            out.extend(_longest(rays[j], highs[j], firsts[j], t))
    else:
        out.extend(ray[:sure])
    for e in range(max(lb, sure), lo):
        if cave_only >> ray[e] & 1:
            out.append(ray[e])
        else:
            exact = True
    if keep == _W:
        # The extents past lo: past hb the others' shortest rule them out;
        # up to hb, a cave cell of ray d, its first wall, or exact sums.
        first = firsts[d]
        for e in range(lo + 1, min(t, len(ray)) + 1):
            if e > hb:
                for j in others:
                    out.extend(_shortest(rays[j], lows[j]))
                break
            if e > first:
                out.append(ray[first])
                break
            if e < len(ray) and cave_only >> ray[e] & 1:
                out.append(ray[e])
            else:
                exact = True
    if exact:
        for j in others:
            out.extend(_decided(rays[j], firsts[j], t, entry))
    return tuple(dict.fromkeys(out))


def _shortest(ray: tuple[Cell, ...], low: int) -> tuple[Cell, ...]:
    """What makes a ray's shortest extent ``low``: the cave cells before it."""
    return ray[:low]


def _longest(ray: tuple[Cell, ...], high: int, first: int, t: int) -> tuple[Cell, ...]:
    """What makes a ray's longest extent ``high``: the wall that ends it, or
    the cave cells after it up to the clue's reach (none at the edge)."""
    if high >= len(ray):
        return ()
    if first == high:
        return (ray[high],)
    return ray[high + 1 : min(len(ray), t + 1)]


def _decided(ray: tuple[Cell, ...], first: int, t: int, entry: list[Any]) -> list[Cell]:
    """The decided cells a clue read on a ray (up to its first wall)."""
    decided = entry[1] ^ entry[2]
    return [x for x in ray[: min(first + 1, len(ray), t + 1)] if decided >> x & 1]


def _enough(bounds: list[int], free: list[int], t: int) -> list[int]:
    """The fewest rays whose ``bounds``, with the other rays at their
    ``free`` bound (what they could be with nothing decided), still miss
    v - 1: a sum past ``t`` when ``free`` is all 0 (too crowded), else a
    sum short of it (too fenced)."""
    crowded = not any(free)
    order = sorted(range(4), key=lambda j: abs(bounds[j] - free[j]), reverse=True)
    total = sum(free)
    out = []
    for j in order:
        total += bounds[j] - free[j]
        out.append(j)
        if (total > t) if crowded else (total < t):
            break
    return out


def _mirror(m: int, t: int) -> int:
    """A set of extents read the other way: bit t - e for extent e."""
    out = 0
    top = 1 << t
    while m:
        low = m & -m
        out |= top >> (low.bit_length() - 1)
        m ^= low
    return out


def kept_extents(t: int, e0: int, e1: int, e2: int, e3: int) -> tuple[int, int, int, int] | None:
    """The extents each ray keeps (bitmask sets, bit e: extent e) when its
    feasible ones are ``e0`` … ``e3`` and the four must add up to ``t``:
    those that take part in some total of ``t``; None when no total does.

    The feasible extents of each ray are read both ways (mirrored, bit
    t - e: what the other three must add up to). What the others of a ray
    must still make is the mirror of one ray's set less each member of the
    other two (:func:`_less`), and the extents a ray keeps are its own among
    those. A pure function of small numbers: :func:`_judged` keeps its
    answers (:data:`_KEPT_EXTENTS`)."""
    up = _less(_mirror(e2, t), e3)  # what rays 0 and 1 must make together, mirrored
    keep0 = e0 & _less(up, e1)
    if not keep0:
        return None
    down = _less(_mirror(e0, t), e1)  # what rays 2 and 3 must make together, mirrored
    # A ray with one extent left keeps it: some total of t exists.
    keep1 = e1 if e1 & (e1 - 1) == 0 else e1 & _less(up, e0)
    keep2 = e2 if e2 & (e2 - 1) == 0 else e2 & _less(down, e3)
    keep3 = e3 if e3 & (e3 - 1) == 0 else e3 & _less(down, e2)
    return keep0, keep1, keep2, keep3


_KEPT_EXTENTS: dict[tuple[int, int, int, int, int], tuple[int, int, int, int] | None] = {}
"""Answers of :func:`kept_extents` met so far, by its arguments (forgotten
all at once past :data:`_KEPT_EXTENTS_ROOM`)."""
_KEPT_EXTENTS_ROOM = 1 << 16


def _judged(
    g: Grid,
    cands: list[int],
    clue: Clue,
    spans: tuple[tuple[Bits, ...], ...],
    walls: Bits,
    caves: Bits,
) -> list[Any]:
    """Judge one clue: an entry of the cells it read, what they held (the
    may-be-wall and may-be-cave bitboards among them), its verdict (the
    cells it decides, or why it cannot hold) and a slot for its premises.

    Each ray is read up to its first wall or its v-th cell: its feasible
    extents (bit e: extent e, whose e cells may be cave and whose next may
    be a wall or the edge). :func:`kept_extents` says which of them take
    part in a total of v - 1."""
    cell, v, rays = clue
    t = v - 1
    ext = []  # per direction, the feasible extents
    sure = []  # per direction, how many cells from the clue are cave already
    firsts = []  # per direction, where its first wall is (else past what it read)
    read = 0
    for ray, span in zip(rays, spans, strict=True):
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
            if ray:
                read |= span[-1]
            ext.append(m)
            sure.append(e if known < 0 else known)
            firsts.append(e)
            continue
        read |= span[e]
        ext.append(m)
        sure.append(e if known < 0 else known)
        firsts.append(e if cands[ray[e]] == _W else t + 1)
    entry: list[Any] = [read, walls & read, caves & read, (), None, ext, firsts]
    e0, e1, e2, e3 = ext
    key = (t, e0, e1, e2, e3)
    try:
        keeps = _KEPT_EXTENTS[key]
    except KeyError:
        if len(_KEPT_EXTENTS) >= _KEPT_EXTENTS_ROOM:
            _KEPT_EXTENTS.clear()
        keeps = _KEPT_EXTENTS[key] = kept_extents(*key)
    if keeps is None:
        entry[3] = f"the {v} at {g.name(cell)} cannot see exactly {_cells(v)}"
        return entry
    done: list[Deduction] = []
    for d in range(4):
        keep = keeps[d]
        ray = rays[d]
        lo = (keep & -keep).bit_length() - 1
        for i in range(sure[d], lo):
            if cands[ray[i]] != _C:
                done.append((ray[i], _C, d, lo))
        if keep & (keep - 1) == 0 and lo < len(ray) and cands[ray[lo]] != _W:
            done.append((ray[lo], _W, d, lo))
    entry[3] = done
    return entry


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
