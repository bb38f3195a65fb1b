"""The Yin-Yang rule ladder.

Every cell starts as {black, white}. Levels, weakest first:

window
    Of the 16 shadings of a 2×2 window, 12 are legal: the two monochrome ones
    break the stated rule, the two checkered ones break connectivity (the two
    black corners and the two white corners would need crossing paths). A
    cell whose window has its other three cells decided is forced whenever
    one of its colours completes an illegal window.
border
    The border cells form a cycle, and in a finished board each colour holds
    one arc of it: black, white, black, white around the border would need
    crossing paths. So the decided border cells change colour at most twice
    around the cycle; when they already change twice, every undecided cell
    between two border cells of one colour takes that colour.
bridge
    Connectivity made local, per colour: the decided cells of a colour must
    stay mutually reachable through the cells that may still take it. A cell
    sealed off from them cannot take that colour (pocket); an undecided cell
    whose removal would split them must take it (bridge: an articulation
    point, found by one Tarjan pass).
probe
    The engine's generic rung: assume a colour in one cell, run the rules
    above to a fixpoint, and drop the colour if that alone is a contradiction.
"""

from __future__ import annotations

from pencilbox.engine.connectivity import saturate
from pencilbox.engine.grid import Grid
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

from .model import BLACK, COLOUR, WHITE, Board

LEVELS = ("window", "border", "bridge", "probe")


# -- window ------------------------------------------------------------------
def _window_table() -> list[int]:
    """For each key (four 2-bit masks, TL | TR<<2 | BL<<4 | BR<<6) the key
    after keeping only legal shadings; -1 when none survives."""
    legal = []
    for a in (0, 1):
        for b in (0, 1):
            for c in (0, 1):
                for d in (0, 1):
                    mono = a == b == c == d
                    checkered = a == d and b == c and a != b
                    if not (mono or checkered):
                        legal.append((a, b, c, d))
    table = [-1] * 256
    for key in range(256):
        masks = [(key >> (2 * i)) & 3 for i in range(4)]
        keep = [0, 0, 0, 0]
        for shading in legal:
            if all((masks[i] >> shading[i]) & 1 for i in range(4)):
                for i in range(4):
                    keep[i] |= 1 << shading[i]
        if all(keep):
            table[key] = keep[0] | keep[1] << 2 | keep[2] << 4 | keep[3] << 6
    return table


_WINDOW = _window_table()


def _window_name(g: Grid, cells: tuple[int, ...]) -> str:
    return f"the 2×2 at {g.name(cells[0])}–{g.name(cells[3])}"


def _window_reason(g: Grid, cells: tuple[int, ...], i: int, cands: list[int]) -> str:
    """Why cell ``cells[i]`` cannot take the colour it just lost."""
    cell = cells[i]
    others = [cells[j] for j in range(4) if j != i]
    vals = [cands[o].bit_length() - 1 for o in others]
    if vals[0] == vals[1] == vals[2]:
        colour = COLOUR[vals[0]]
        return (
            f"{', '.join(g.name(o) for o in others)} are {colour}, so a {colour} "
            f"{g.name(cell)} would make {_window_name(g, cells)} all {colour}"
        )
    return (
        f"the other cells of {_window_name(g, cells)} would make it checkered, "
        "and a checkered 2×2 cuts one colour in two"
    )


def window(s: State[Board]) -> Result:
    result: Result = NOTHING
    while True:
        r = _window_pass(s)
        if r is NOTHING:
            return result
        if isinstance(r, Contradiction):
            return r
        result = PROGRESS


_OPEN = mask_table(lambda m: m == 3)
_FIRST = mask_table(lambda m: m == 1)
_SECOND = mask_table(lambda m: m == 2)


def _windows_to_look_at(g: Grid, cands: list[int]) -> int:
    """The top-left corners of the windows the table may change: those with
    one undecided cell (with two or more, every cell keeps both colours in
    some legal filling) and the full ones that are all one colour or
    checkered. All windows at once, by shifts of bitboards."""
    open_, first, second = bitboards(cands, _OPEN, _FIRST, _SECOND)
    cols = g.cols
    a, b, c, d = open_, open_ >> 1, open_ >> cols, open_ >> (cols + 1)
    one = a ^ b ^ c ^ d
    two_or_more = (a & b) | (c & d) | ((a | b) & (c | d))
    looks = one & ~two_or_more
    fa, fb, fc, fd = first, first >> 1, first >> cols, first >> (cols + 1)
    sa, sb, sc, sd = second, second >> 1, second >> cols, second >> (cols + 1)
    same = (fa & fb & fc & fd) | (sa & sb & sc & sd)
    checkered = (fa & fd & sb & sc) | (sa & sd & fb & fc)
    return (looks | same | checkered) & _corners(g)


def _corners(g: Grid) -> int:
    """The cells that are the top-left corner of a window (with a cell
    right of them and below them)."""
    return g.not_right & (g.full >> g.cols)


def _window_pass(s: State[Board]) -> Result:
    g = s.grid
    cands = s.cands
    table = _WINDOW
    cols = g.cols
    corners = _corners(g)
    progress = False
    told = s.trace is not None  # a silent state reads no reasons
    reason = ""
    todo = _windows_to_look_at(g, cands)
    while todo:
        low = todo & -todo
        todo ^= low
        a = low.bit_length() - 1
        cells = (a, a + 1, a + cols, a + cols + 1)
        key = cands[a] | cands[a + 1] << 2 | cands[a + cols] << 4 | cands[a + cols + 1] << 6
        new = table[key]
        if new == key:
            continue
        if new < 0:
            return Contradiction(
                "window",
                f"{_window_name(g, cells)} is all one colour or checkered",
                cells,
            )
        changed = 0
        for i in range(4):
            m = (new >> (2 * i)) & 3
            cell = cells[i]
            if m != cands[cell]:
                if told:
                    reason = _window_reason(g, cells, i, cands)
                premises = tuple(x for x in cells if x != cell)
                s.restrict(cell, m, "window", reason, premises)
                changed |= 1 << cell
        if changed:
            progress = True
            # The later windows that hold a changed cell are looked at too,
            # as one sweep in order would meet them.
            near = changed | changed >> 1 | changed >> cols | changed >> (cols + 1)
            todo |= near & corners & -(low << 1)
    return PROGRESS if progress else NOTHING


# -- border ------------------------------------------------------------------
def border(s: State[Board]) -> Result:
    g = s.grid
    cands = s.cands
    ring = g.border
    decided = [(i, cands[cell] - 1) for i, cell in enumerate(ring) if cands[cell] != 3]
    k = len(decided)
    if k < 2:
        return NOTHING
    changes = [j for j in range(k) if decided[j][1] != decided[j - 1][1]]
    if len(changes) > 2:
        cells = tuple(ring[decided[j][0]] for j in changes)
        turns = ", ".join(g.name(c) for c in cells)
        return Contradiction(
            "border",
            f"the border changes colour {len(changes)} times (at {turns}); "
            "each colour may hold only one arc of it",
            cells,
        )
    if len(changes) < 2:
        return NOTHING
    progress = False
    told = s.trace is not None  # a silent state reads no reasons
    reason = ""
    n = len(ring)
    turn_cells = tuple(ring[decided[j][0]] for j in changes)
    for j in range(k):
        (i0, v0), (i1, v1) = decided[j - 1], decided[j]
        if v0 != v1:
            continue
        gap = (i1 - i0) % n
        for step in range(1, gap):
            cell = ring[(i0 + step) % n]
            if cands[cell] == 3:
                if told:
                    colour = COLOUR[v0]
                    reason = (
                        f"the border already changes colour twice, and {g.name(cell)} lies "
                        f"on the undecided stretch of border running clockwise from the "
                        f"{colour} cell {g.name(ring[i0])} to the {colour} cell "
                        f"{g.name(ring[i1])}: {COLOUR[1 - v0]} there would make a third and "
                        "fourth change"
                    )
                s.restrict(cell, 1 << v0, "border", reason, (ring[i0], ring[i1], *turn_cells))
                progress = True
    return PROGRESS if progress else NOTHING


# -- bridge ------------------------------------------------------------------
def bridge(s: State[Board]) -> Result:
    return saturate(s, (BLACK, WHITE), "bridge", COLOUR)


def judge_complete(s: State[Board]) -> Result:
    """A fully decided grid is legal iff no window and no bridge objects."""
    for rule in (window, bridge):
        r = rule(s)
        if isinstance(r, Contradiction):
            return r
    return NOTHING


RULES = [
    Rule("window", 0, window, "No 2×2 window is monochrome or checkered."),
    Rule("border", 1, border, "Each colour holds one arc of the border cycle."),
    Rule("bridge", 2, bridge, "Each colour stays connected: pockets lose it, bridges take it."),
]

LADDER = Ladder(
    LEVELS,
    RULES,
    judge_complete,
    lambda v: COLOUR[v],
    complete_explains=True,
    # Every rule names the cells it rests on (bridge: the cells fencing a
    # colour's region in), so search may learn from its deductions.
    hooks=SearchHooks(explains=True),
)
