"""The setter's helpers: redundant clues, a clue that removes a second answer,
and thinning to a grade. Each takes a budget of work units and returns what
it found when the budget runs out (marked incomplete): every fixpoint and
search inside spends from it (:mod:`pencilbox.engine.budget`), so the same
board and budget give the same answer on any machine. A wall-clock
``seconds`` is a safety stop only.

Every verdict inside is the one every surface gives
(:func:`pencilbox.engine.verdict.judge`), and thinning is the bank's own
(:mod:`pencilbox.engine.thinning`). A clue is one non-blank entry of
``Puzzle.clues``, whatever the puzzle.
"""

from __future__ import annotations

import contextlib
import random
import time
from dataclasses import dataclass, replace

from pencilbox.engine.budget import Budget, OutOfTime
from pencilbox.engine.grid import Cell
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.engine.ladder import Status
from pencilbox.engine.symmetry import NONE, refuse_unknown_symmetry
from pencilbox.engine.thinning import Removal, solves_at, without_clue
from pencilbox.engine.thinning import thin as thin_board
from pencilbox.engine.verdict import DEFAULT_UNITS, Verdict, judge
from pencilbox.errors import PuzzleError, Stopped

HELPER_UNITS = DEFAULT_UNITS
"""The budget of one helper call when none is given."""


class NotReady(PuzzleError):
    """A helper asked of a board it cannot help (not unique, or several answers needed)."""


def grade_index(kind: PuzzleKind, grade: str | None) -> int:
    """A grade's place on the ladder; "case" and "beyond" sit above the top."""
    if grade in (None, "beyond"):
        return len(kind.levels) + 1
    if grade not in kind.levels:
        return len(kind.levels)  # the case rung
    return kind.levels.index(grade)


def _left(budget: Budget) -> int:
    left = budget.left
    return 0 if left is None else left


def _charge(budget: Budget, work: int) -> None:
    """Count the ``work`` a verdict judged apart did against ``budget``."""
    with contextlib.suppress(Stopped):  # what is left is then nothing: the next step sees it
        budget.spend(work)


def _seconds(budget: Budget) -> float | None:
    """The safety clock left on ``budget``, in seconds (None: none)."""
    if budget.deadline is None:
        return None
    return max(0.0, budget.deadline - time.monotonic())


# -- redundant clues ------------------------------------------------------------------
@dataclass(frozen=True)
class ClueCheck:
    """One clue: whether removing it keeps the answer unique (None: not
    settled within the budget), and the grade without it."""

    cell: Cell
    removable: bool | None
    grade: str | None = None


@dataclass(frozen=True)
class Redundancy:
    analysis: Verdict
    clues: tuple[ClueCheck, ...]
    complete: bool


def redundant(
    kind: PuzzleKind, p: Puzzle, budget: int = HELPER_UNITS, seconds: float | None = None
) -> Redundancy:
    """Which clues of a unique ``p`` can go with the answer still unique.

    First pass: a clue whose removal leaves the board solved by the fixpoint
    of its own grade is removable and keeps the grade (cheap). Then each
    other clue is judged without it, within the work left: unique means
    removable (at the grade found, which can only be higher); several means
    it is needed.
    """
    whole = Budget(budget, seconds)
    base = judge(kind, p, budget=budget, seconds=seconds)
    _charge(whole, base.work)
    if not base.unique:
        raise NotReady(f"redundant clues need a unique puzzle; this one is {base.verdict}")
    g = grade_index(kind, base.grade)
    cells = [c for c, v in enumerate(p.clues) if v is not None]
    found: dict[Cell, ClueCheck] = {}
    if g < len(kind.levels):
        try:
            for cell in cells:
                if solves_at(kind, without_clue(p, cell), g, whole):
                    found[cell] = ClueCheck(cell, True, base.grade)
        except Stopped:
            pass
    for cell in cells:
        left = _left(whole)
        if cell in found or left <= 0:
            continue
        a = judge(kind, without_clue(p, cell), budget=left, seconds=_seconds(whole))
        _charge(whole, a.work)
        if a.verdict == "unique" and a.grade is not None:
            found[cell] = ClueCheck(cell, True, a.grade)
        elif a.verdict in ("several", "none"):
            found[cell] = ClueCheck(cell, False)
    checks = tuple(found.get(c, ClueCheck(c, None)) for c in cells)
    return Redundancy(base, checks, all(c.removable is not None for c in checks))


# -- a clue that removes the second answer ---------------------------------------
@dataclass(frozen=True)
class Suggestion:
    """A clue to add (its cell and value, as ``Puzzle.clues`` holds it), read
    off ``answer``, which the second answer cannot have, and what follows."""

    analysis: Verdict
    cell: Cell | None
    clue: int | None
    decided: int
    puzzle: Puzzle
    after: Verdict | None
    complete: bool


def clues_of(kind: PuzzleKind, p: Puzzle, answer: Values) -> list[int | None]:
    """The clue each cell would show in ``answer`` (None where it shows none):
    the puzzle's own clue maker at full density."""
    return kind.generator.clues(p.rows, p.cols, list(answer), 1.0, random.Random(0))


def suggest(
    kind: PuzzleKind,
    p: Puzzle,
    level: int | str | None = None,
    budget: int = HELPER_UNITS,
    seconds: float | None = None,
) -> Suggestion:
    """A clue, true in one of two answers of ``p`` and false in the other,
    whose fixpoint at ``level`` (default: the top) decides the most cells.

    Candidates are the blank cells whose clue differs between the two
    answers. Judging ``p`` may take half the budget, trying candidates a
    half of the rest, and the rest judges the board with the clue added.
    """
    whole = Budget(budget, seconds)
    base = judge(kind, p, level=level, budget=budget // 2, seconds=seconds)
    if base.verdict != "several" or len(base.solutions) < 2:
        raise NotReady(f"a suggested clue needs two answers; this puzzle is {base.verdict}")
    _charge(whole, base.work)
    lv = kind.ladder.level_index(level)
    trying = whole.share(0.5)
    best: tuple[int, int, Puzzle] | None = None
    complete = True
    for answer, other in (base.solutions, base.solutions[::-1]):
        mine, theirs = clues_of(kind, p, answer), clues_of(kind, p, other)
        for cell in range(len(p.clues)):
            if p.clues[cell] is not None or mine[cell] is None or mine[cell] == theirs[cell]:
                continue
            clues = list(p.clues)
            clues[cell] = mine[cell]
            q = replace(p, clues=tuple(clues))
            s = kind.start(q)
            try:
                status = kind.ladder.propagate(s, lv, budget=trying).status
            except Stopped:
                complete = False
                break
            decided = len(s.cands) - s.undecided() if status is not Status.CONTRADICTION else -1
            if best is None or decided > best[0]:
                best = (decided, cell, q)
        if not complete:
            break
    if best is None:
        return Suggestion(base, None, None, 0, p, None, complete)
    decided, cell, q = best
    after = judge(kind, q, level=level, budget=max(1, _left(whole)), seconds=_seconds(whole))
    return Suggestion(base, cell, q.clues[cell], decided, q, after, complete)


# -- thinning ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Thinning:
    """A board thinned at ``level``: solved by its fixpoint, so unique with a
    grade at or below it; ``complete`` when no clue more can go."""

    puzzle: Puzzle
    level: str
    removed: tuple[Cell, ...]
    analysis: Verdict
    complete: bool


THIN_SHARE = 0.8
"""Share of the budget thinning may take; the rest judges the result."""


def thin(
    kind: PuzzleKind,
    p: Puzzle,
    level: int | str | None = None,
    budget: int = HELPER_UNITS,
    seconds: float | None = None,
    seed: int = 0,
    symmetry: str = NONE,
) -> Thinning:
    """Remove clues of ``p`` in a seeded random order while the fixpoint of
    ``level`` (default: the top) still solves it: the bank's thinning, given
    :data:`THIN_SHARE` of the budget; the rest judges the result. With a
    ``symmetry`` the clues leave in orbits (a clue with its image), so a
    board laid out in it stays so."""
    refuse_unknown_symmetry(symmetry)
    lv = kind.ladder.level_index(level)
    whole = Budget(budget, seconds)
    try:
        ready = solves_at(kind, p, lv, whole)
    except OutOfTime:
        raise NotReady(
            f"the {kind.levels[lv]} fixpoint did not finish: the safety clock stopped it "
            "(this machine was too slow or too busy)"
        ) from None
    except Stopped:
        raise NotReady(
            f"the {kind.levels[lv]} fixpoint did not finish within the budget of "
            f"{budget:,} work units"
        ) from None
    if not ready:
        raise NotReady(
            f"the {kind.levels[lv]} fixpoint does not solve this puzzle; add clues "
            "or thin at a higher grade"
        )
    thinned = thin_board(
        kind, p, lv, random.Random(seed), whole.share(THIN_SHARE), Removal(symmetry)
    )
    q = thinned.puzzle
    after = judge(kind, q, level=lv, budget=max(1, _left(whole)), seconds=_seconds(whole))
    return Thinning(q, kind.levels[lv], thinned.removed(p), after, thinned.complete)


__all__ = [
    "ClueCheck",
    "NotReady",
    "Redundancy",
    "Suggestion",
    "Thinning",
    "clues_of",
    "redundant",
    "suggest",
    "thin",
]
