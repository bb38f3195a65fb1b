"""The setter's helpers: redundant clues, a clue that removes a second answer,
and thinning to a grade. Each takes a time budget and returns what it found
when the budget runs out (marked incomplete), never later: every fixpoint
and search inside stops at its state's deadline (:class:`~pencilbox.errors.Stopped`).

A clue is one non-blank entry of ``Puzzle.clues``, whatever the puzzle (see
:mod:`pencilbox.bank.grading`); thinning is the bank's own.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from pencilbox.bank.grading import solves_at, thin_until, without_clue
from pencilbox.engine.grid import Cell
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.engine.ladder import Status
from pencilbox.errors import PuzzleError, Stopped
from pencilbox.studio.analyze import DEFAULT_SECONDS, Analysis, analyze


class NotReady(PuzzleError):
    """A helper asked of a board it cannot help (not unique, or several answers needed)."""


def grade_index(kind: PuzzleKind, grade: str | None) -> int:
    """A grade's place on the ladder; "beyond" sits above the top."""
    return len(kind.levels) if grade in (None, "beyond") else kind.levels.index(grade)


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
    analysis: Analysis
    clues: tuple[ClueCheck, ...]
    complete: bool


def redundant(
    kind: PuzzleKind,
    p: Puzzle,
    seconds: float = DEFAULT_SECONDS,
) -> Redundancy:
    """Which clues of a unique ``p`` can go with the answer still unique.

    First pass: a clue whose removal leaves the board solved by the fixpoint
    of its own grade is removable and keeps the grade (cheap). Then each
    other clue is analysed without it, within the time left: unique means
    removable (at the grade found, which can only be higher); several means
    it is needed.
    """
    at = time.monotonic() + seconds
    base = analyze(kind, p, seconds=seconds)
    if not base.unique:
        raise NotReady(f"redundant clues need a unique puzzle; this one is {base.verdict}")
    assert base.grade is not None
    g = grade_index(kind, base.grade)
    cells = [c for c, v in enumerate(p.clues) if v is not None]
    found: dict[Cell, ClueCheck] = {}
    if g < len(kind.levels):
        try:
            for cell in cells:
                if solves_at(kind, without_clue(p, cell), g, at):
                    found[cell] = ClueCheck(cell, True, base.grade)
        except Stopped:
            pass
    for cell in cells:
        left = at - time.monotonic()
        if cell in found or left <= 0:
            continue
        a = analyze(kind, without_clue(p, cell), seconds=left)
        if a.verdict == "unique":
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

    analysis: Analysis
    cell: Cell | None
    clue: int | None
    decided: int
    puzzle: Puzzle
    after: Analysis | None
    complete: bool


def clues_of(kind: PuzzleKind, p: Puzzle, answer: Values) -> list[int | None]:
    """The clue each cell would show in ``answer`` (None where it shows none):
    the puzzle's own clue maker at full density, else the answer itself."""
    make = getattr(kind.generator, "clues", None)
    if make is None:
        return list(answer)
    clues: list[int | None] = make(p.rows, p.cols, list(answer), 1.0, random.Random(0))
    return clues


def suggest(
    kind: PuzzleKind,
    p: Puzzle,
    level: int | str | None = None,
    seconds: float = DEFAULT_SECONDS,
) -> Suggestion:
    """A clue, true in one of two answers of ``p`` and false in the other,
    whose fixpoint at ``level`` (default: the top) decides the most cells.

    Candidates are the blank cells whose clue differs between the two
    answers. Analysing ``p`` may take half the budget, trying candidates runs
    to three quarters of it, and the rest analyses the board with the clue
    added.
    """
    t0 = time.monotonic()
    at = t0 + seconds
    base = analyze(kind, p, level=level, seconds=seconds / 2)
    if base.verdict != "several" or len(base.solutions) < 2:
        raise NotReady(f"a suggested clue needs two answers; this puzzle is {base.verdict}")
    lv = kind.ladder.level_index(level)
    search_at = t0 + 0.75 * seconds
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
            solved = kind.solve(q, level=lv, seconds=max(0.0, search_at - time.monotonic()))
            if solved.status is Status.STOPPED:
                complete = False
                break
            decided = solved.decided if solved.status is not Status.CONTRADICTION else -1
            if best is None or decided > best[0]:
                best = (decided, cell, q)
        if not complete:
            break
    if best is None:
        return Suggestion(base, None, None, 0, p, None, complete)
    decided, cell, q = best
    after = analyze(kind, q, level=level, seconds=max(0.0, at - time.monotonic()))
    return Suggestion(base, cell, q.clues[cell], decided, q, after, complete)


# -- thinning ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Thinning:
    """A board thinned at ``level``: solved by its fixpoint, so unique with a
    grade at or below it; ``complete`` when no clue more can go."""

    puzzle: Puzzle
    level: str
    removed: tuple[Cell, ...]
    analysis: Analysis
    complete: bool


def thin(
    kind: PuzzleKind,
    p: Puzzle,
    level: int | str | None = None,
    seconds: float = DEFAULT_SECONDS,
    seed: int = 0,
) -> Thinning:
    """Remove clues of ``p`` in a seeded random order while the fixpoint of
    ``level`` (default: the top) still solves it: the bank's thinning, given
    four fifths of the budget; the rest grades the result."""
    lv = kind.ladder.level_index(level)
    t0 = time.monotonic()
    at = t0 + seconds
    try:
        ready = solves_at(kind, p, lv, at)
    except Stopped:
        raise NotReady(
            f"the {kind.levels[lv]} fixpoint did not finish within {seconds:g} s"
        ) from None
    if not ready:
        raise NotReady(
            f"the {kind.levels[lv]} fixpoint does not solve this puzzle; add clues "
            "or thin at a higher grade"
        )
    thinned = thin_until(kind, p, lv, random.Random(seed), t0 + 0.8 * seconds)
    q = thinned.puzzle
    removed = tuple(c for c in range(len(p.clues)) if p.clues[c] != q.clues[c])
    after = analyze(kind, q, level=lv, seconds=max(0.0, at - time.monotonic()))
    return Thinning(q, kind.levels[lv], removed, after, thinned.complete)
