"""Making a board of a chosen grade, the way a setter does.

The one path the bank, the game's deal and ``pencilbox generate --grade``
take. A setter does not start from every clue and scrape them away; they
place a few, see where the solve gets stuck, and place the next one there.
So does :func:`make`, at target level L:

1. Draw an answer in the puzzle's style (:mod:`pencilbox.engine.style`) and
   read off every clue it could show; group the clue cells into orbits of
   the board's symmetry (an orbit whose cells cannot all hold a clue is no
   candidate).
2. Build up a sparse board the level below L solves (L itself for the
   lowest grade, or when the level below is no grade for a bank): keep
   that level's fixpoint of the clues placed so far, carried forward as
   clues are added (a new clue only narrows the candidates, so the last
   fixpoint is still true and propagation goes on from it), pick an
   undecided cell at random and add the nearest candidate orbit that holds
   an undecided cell, until the fixpoint solves the board.
   Each step is one cheap fixpoint, and the board ends with few clues.
   First, one fixpoint with every candidate shown says whether the
   candidates can get there at all (:func:`within_reach`): a seed whose
   layout cannot is dropped before the build, not at its end.
3. Thin at L in the setter's habits (:class:`~pencilbox.engine.thinning.Removal`):
   try the orbits once each, keeping a removal while L still solves the
   board. Removals L-1 cannot make up for open the board to L: once L-1
   leaves :func:`~pencilbox.engine.thinning.earned_margin` cells undecided,
   the grade is earned. A quick board goes on a little (as much work again)
   and stops; a bank's board tries every orbit (and is then minimal for L).
   A board whose grade is not earned at the end is no board: the seed gives
   none.

Every fixpoint spends from one budget of work units, so the same seed and
budget make the same board on any machine. Only the last thinning trials,
the ones L-1 cannot settle, run L's dearer fixpoint.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from pencilbox.engine.budget import Budget
from pencilbox.engine.grid import Cell
from pencilbox.engine.ladder import Status
from pencilbox.engine.results import Puzzle, Values
from pencilbox.engine.state import State
from pencilbox.engine.style import AUTO, SetterStyle
from pencilbox.engine.symmetry import NONE, orbits
from pencilbox.engine.thinning import earned_margin, thin_pass, undecided_at
from pencilbox.errors import PuzzleError, Stopped

if TYPE_CHECKING:
    from pencilbox.engine.kind import PuzzleKind

QUICK_MORE = 1
"""A quick board's thinning goes on, once its grade is earned, for this
many times the work the board took so far (it then has fewer redundant
clues, at a bounded cost: the work at most doubles)."""


class Unreachable(PuzzleError):
    """No board of the grade asked could be made within the budget."""


@dataclass(frozen=True)
class Made:
    """A board made at ``grade`` (solved by its fixpoint, earned), its
    answer, the symmetry its clues keep, and whether thinning finished (the
    board is then minimal for its grade)."""

    puzzle: Puzzle
    answer: Values
    grade: str
    symmetry: str
    seed: int
    minimal: bool


def draw_answer(
    kind: PuzzleKind, rows: int, cols: int, symmetry: str, rng: random.Random
) -> list[int]:
    """An answer in the kind's setter style, for clues laid out in
    ``symmetry`` (its own drawing, else the raw one)."""
    style: SetterStyle = kind.style
    if style.answer is not None:
        return style.answer(rows, cols, symmetry, rng)
    return list(kind.generator.generate_answer(rows, cols, rng))


def candidate_orbits(
    clues: list[int | None], rows: int, cols: int, symmetry: str
) -> list[tuple[Cell, ...]]:
    """The orbits of ``symmetry`` whose every cell can hold a clue."""
    return [o for o in orbits(rows, cols, symmetry) if all(clues[c] is not None for c in o)]


def make(
    kind: PuzzleKind,
    rows: int,
    cols: int,
    level: int,
    seed: int,
    symmetry: str = AUTO,
    budget: Budget | None = None,
    minimal: bool = True,
) -> Made | None:
    """A board of ``kind`` graded exactly ``level`` (earned) from ``seed``,
    or None when this seed gives none. ``budget`` bounds the whole work
    (:class:`~pencilbox.errors.Stopped` when it runs out first). With
    ``minimal`` thinning tries every clue (the board is then minimal for its
    grade); without, it stops a while after the grade is earned (see
    :data:`QUICK_MORE`)."""
    rng = random.Random(seed)
    style: SetterStyle = kind.style
    sym = style.pick_symmetry(rng) if symmetry == AUTO else symmetry
    answer = draw_answer(kind, rows, cols, sym, rng)
    every = list(kind.generator.clues(rows, cols, answer, 1.0, rng))
    empty = Puzzle(kind.name, rows, cols, (None,) * (rows * cols))
    below = max(level - 1, 0)
    candidates = candidate_orbits(every, rows, cols, sym)
    if not within_reach(kind, empty, every, candidates, build_level(kind, level), budget):
        return None
    work = Budget(parent=budget)
    built = build_up(kind, empty, every, candidates, build_level(kind, level), rng, style, work)
    if built is None:
        return None
    margin = earned_margin(rows * cols)
    thinning = Budget(parent=work)

    def earned(q: Puzzle) -> bool:
        return level == 0 or undecided_at(kind, q, below, budget) >= margin

    def enough(q: Puzzle) -> bool:
        if thinning.units is None and earned(q):
            thinning.units = thinning.spent + QUICK_MORE * work.spent  # fewer clues
        return False

    thinned = thin_pass(
        kind, built, level, rng, thinning, style.removal(sym), None if minimal else enough
    )
    if not thinned.complete and (minimal or thinning.units is None):
        raise Stopped("the budget ran out while thinning")
    if not earned(thinned.puzzle):
        return None
    return Made(thinned.puzzle, tuple(answer), kind.levels[level], sym, seed, thinned.complete)


def build_level(kind: PuzzleKind, level: int) -> int:
    """The level a board of grade ``level`` is built up to: the one below,
    unless that is a level the bank skips (it solves only boards with
    almost every clue shown, so building to it would show them all): then
    the grade's own."""
    if level == 0 or kind.levels[level - 1] in kind.bank_skips:
        return level
    return level - 1


def within_reach(
    kind: PuzzleKind,
    empty: Puzzle,
    every: list[int | None],
    candidates: list[tuple[Cell, ...]],
    level: int,
    budget: Budget | None,
) -> bool:
    """Whether the fixpoint of ``level`` solves ``empty`` with every
    candidate orbit's clues shown. One fixpoint decides what
    :func:`build_up` would find only once the candidates run out: the rules
    are monotone in the clues, so when every candidate together leaves a
    cell open, so does any part of them (a symmetric layout whose weak rungs
    need clues in places no orbit offers fails here at once). Its work is
    the board's, not the build's (the build's work sets how far a quick
    board is thinned, and stays as it was)."""
    clues = list(empty.clues)
    for orbit in candidates:
        for c in orbit:
            clues[c] = every[c]
    s = kind.start(replace(empty, clues=tuple(clues)))
    return kind.ladder.propagate(s, level, budget=Budget(parent=budget)).status is Status.SOLVED


def build_up(
    kind: PuzzleKind,
    empty: Puzzle,
    every: list[int | None],
    candidates: list[tuple[Cell, ...]],
    level: int,
    rng: random.Random,
    style: SetterStyle,
    budget: Budget | None,
) -> Puzzle | None:
    """Add candidate orbits of ``every``'s clues to ``empty`` until the
    fixpoint of ``level`` solves it (the module's step 2); None when the
    candidates run out first."""
    ladder = kind.ladder
    clues: list[int | None] = list(empty.clues)
    p = empty
    state = kind.start(p)
    free = list(candidates)
    while True:
        status = ladder.propagate(state, level, budget=budget).status
        if status is Status.SOLVED:
            return p
        if status is Status.CONTRADICTION:
            return None
        open_now = open_cells(state)
        is_open = set(open_now)
        useful = [o for o in free if any(c in is_open for c in o)] or free
        orbit = nearest(useful, rng.choice(open_now), empty.cols, rng, style, every)
        if orbit is None:
            return None
        free.remove(orbit)
        for c in orbit:
            clues[c] = every[c]
        p = replace(empty, clues=tuple(clues))
        state = narrowed(kind, p, state)


def open_cells(s: State[Any]) -> list[Cell]:
    """The undecided cells of ``s``."""
    return [c for c, m in enumerate(s.cands) if m & (m - 1)]


def narrowed(kind: PuzzleKind, q: Puzzle, before: State[Any]) -> State[Any]:
    """The start of ``q`` narrowed by the candidates of ``before`` (a fixpoint
    of ``q`` less some clues, so still true of every answer of ``q``)."""
    s: State[Any] = kind.start(q)
    s.cands = [a & b for a, b in zip(s.cands, before.cands, strict=True)]
    return s


REACH = 2
"""How far from a stuck cell a style with weights looks for its lightest clue."""


def nearest(
    free: list[tuple[Cell, ...]],
    cell: Cell,
    cols: int,
    rng: random.Random,
    style: SetterStyle,
    every: list[int | None],
) -> tuple[Cell, ...] | None:
    """The free orbit nearest ``cell`` (in steps along rows and columns), a
    seeded draw among equals; None when none is free. With the style's
    weight, the lightest of those within :data:`REACH` steps (else of the
    nearest)."""
    if not free:
        return None
    r, c = divmod(cell, cols)
    weight = style.weight

    def key(orbit: tuple[Cell, ...]) -> tuple[int, float]:
        d = min(abs(x // cols - r) + abs(x % cols - c) for x in orbit)
        if weight is None:
            return d, 0.0
        return max(d, REACH), max(weight(v) for x in orbit if (v := every[x]) is not None)

    keyed = [(key(o), o) for o in free]
    best = min(k for k, _ in keyed)
    return rng.choice([o for k, o in keyed if k == best])


GRADED_UNITS = 3_000_000
"""The work :func:`make_graded` may do by default (engine work units)."""
GRADED_SEEDS = 40
"""The seeds it may try by default: a grade no seed of these reaches is
out of reach (some rungs need boards a size cannot hold)."""
SYMMETRIC_SEEDS = 16
"""Seeds a board laid out in a symmetry may try before the next ones lay
their clues in no pattern (a symmetric layout is harder to make at the low
grades, where the weak rungs need clues in exact places; a seed whose
layout cannot get there costs one fixpoint, :func:`within_reach`, so the
fallback can wait: at 15x15 a board of a weak rung may take up to 17 seeds)."""


def make_graded(
    kind: PuzzleKind,
    rows: int,
    cols: int,
    grade: str,
    seed: int,
    symmetry: str = AUTO,
    units: int | None = GRADED_UNITS,
    seconds: float | None = None,
    minimal: bool = False,
    seeds: int = GRADED_SEEDS,
) -> Made:
    """A board graded exactly ``grade`` (earned): seeds ``seed``, ``seed+1``…
    until one makes it, within ``units`` of work and ``seeds`` seeds (see
    :func:`make` for ``minimal``); :class:`Unreachable` when either runs
    out first (``seconds`` is a safety clock only). With ``auto`` the symmetry is
    drawn once, from ``seed``; a symmetry asked for holds for every seed,
    one drawn for :data:`SYMMETRIC_SEEDS` of them."""
    if grade not in kind.levels:
        raise PuzzleError(
            f"{kind.name} has no grade {grade!r}; its grades are {', '.join(kind.levels)}"
        )
    level = kind.levels.index(grade)
    drawn = symmetry == AUTO
    sym = kind.style.pick_symmetry(random.Random(seed)) if drawn else symmetry
    whole = Budget(units, seconds)
    tried = 0
    try:
        while tried < seeds and (tried == 0 or not whole.exhausted):
            laid = NONE if drawn and tried >= SYMMETRIC_SEEDS else sym
            tried += 1
            made = make(kind, rows, cols, level, seed + tried - 1, laid, whole, minimal)
            if made is not None:
                return made
    except Stopped:
        pass
    raise Unreachable(
        f"no {rows}x{cols} {kind.name} board of grade {grade} could be made "
        f"({tried} seeds tried, {whole.spent:,} work units spent)"
    )


__all__ = ["GRADED_SEEDS", "GRADED_UNITS", "Made", "Unreachable", "make", "make_graded"]
