"""Grading, thinning and proving the boards of a bank.

A board's grade is the lowest ladder level whose fixpoint solves it without
guessing (``kind.grade``). The bank makes boards of a chosen grade by
*thinning*: start from a generated answer with every clue shown, and remove
clues one at a time in a seeded random order, keeping a removal whenever the
target level's fixpoint still solves the board. One pass suffices: a clue
whose removal failed cannot become removable once more clues are gone (every
rule is monotone in the clues), so the result is minimal for the target level.
To keep expensive levels (probe) cheap, a first pass thins at the level below
and a second at the target over the few clues left. The board is kept only
when the level below cannot solve it, so its grade is exactly the target.

Every clue, whatever the puzzle, is one non-blank entry of ``Puzzle.clues``
(a printed number, a given cell, a numbered or unnumbered clue cell…).
Removing it sets the entry to None.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.engine.ladder import Status
from pencilbox.engine.state import single_value
from pencilbox.errors import Stopped

PROVE_SECONDS = 120.0
"""The longest a uniqueness proof may search; a board whose proof takes
longer is not proved (so not stored), and its task tries the next seed."""
BRUTE_CELLS = 36
"""The independent brute force re-proves boards of at most this many cells (6×6)."""


def bank_grades(kind: PuzzleKind) -> tuple[str, ...]:
    """The grades a bank holds for ``kind``: its levels, less those the kind
    says are no grade for a bank (``kind.bank_skips``)."""
    return tuple(level for level in kind.levels if level not in kind.bank_skips)


def without_clue(p: Puzzle, cell: int) -> Puzzle:
    """``p`` with the clue at ``cell`` removed."""
    clues = list(p.clues)
    clues[cell] = None
    return replace(p, clues=tuple(clues))


def solves_at(kind: PuzzleKind, p: Puzzle, level: int, deadline: float | None = None) -> bool:
    """Whether the fixpoint of ``level`` alone solves ``p`` (one fixpoint).
    Raises :class:`~pencilbox.errors.Stopped` when the fixpoint is still
    running at the ``time.monotonic()`` instant ``deadline`` (None: never)."""
    seconds = None if deadline is None else max(0.0, deadline - time.monotonic())
    status = kind.solve(p, level=level, seconds=seconds).status
    if status is Status.STOPPED:
        raise Stopped("the fixpoint stopped at its deadline")
    return status is Status.SOLVED


def thin(kind: PuzzleKind, full: Puzzle, level: int, rng: random.Random) -> Puzzle:
    """Remove clues of ``full`` in random order while ``level`` still solves it.

    Two passes, each one fixpoint per removal tried: first at the level below
    (cheap, and it removes most clues; skipped when that level cannot solve
    even the full board), then at ``level`` over the clues left.
    The result is minimal for ``level``; and since the first pass left a board
    minimal for the level below, any removal the second pass makes lifts the
    grade to exactly ``level``.
    """
    return thin_until(kind, full, level, rng, None).puzzle


@dataclass(frozen=True)
class Thinned:
    """A thinned board, and whether thinning finished (it is then minimal)."""

    puzzle: Puzzle
    complete: bool


def thin_until(
    kind: PuzzleKind, full: Puzzle, level: int, rng: random.Random, deadline: float | None
) -> Thinned:
    """:func:`thin`, stopping at the ``time.monotonic()`` instant ``deadline``
    (None: never). A stopped thinning keeps the removals it made, so its board
    is still solved at ``level``, but it may not be minimal."""
    p = full
    try:
        below = level > 0 and solves_at(kind, full, level - 1, deadline)
        if not below and not solves_at(kind, full, level, deadline):
            return Thinned(full, True)  # not even every clue is enough at this level
    except Stopped:
        return Thinned(full, False)
    if below:
        first = thin_pass(kind, p, level - 1, rng, deadline)
        if not first.complete:
            return first
        p = first.puzzle
    return thin_pass(kind, p, level, rng, deadline)


def thin_at(kind: PuzzleKind, p: Puzzle, level: int, rng: random.Random) -> Puzzle:
    """One thinning pass: try each clue once, in a random order, at ``level``."""
    return thin_pass(kind, p, level, rng, None).puzzle


def thin_pass(
    kind: PuzzleKind, p: Puzzle, level: int, rng: random.Random, deadline: float | None
) -> Thinned:
    """:func:`thin_at`, stopping at ``deadline`` with the removals made so far."""
    cells = [cell for cell, v in enumerate(p.clues) if v is not None]
    rng.shuffle(cells)
    clues = list(p.clues)
    for cell in cells:
        kept = clues[cell]
        clues[cell] = None
        try:
            solved = solves_at(kind, replace(p, clues=tuple(clues)), level, deadline)
        except Stopped:
            clues[cell] = kept
            return Thinned(replace(p, clues=tuple(clues)), False)
        if not solved:
            clues[cell] = kept
    return Thinned(replace(p, clues=tuple(clues)), True)


def has_exact_grade(kind: PuzzleKind, p: Puzzle, level: int) -> bool:
    """Solved at ``level`` and not at the level below (levels are cumulative)."""
    if not solves_at(kind, p, level):
        return False
    return level == 0 or not solves_at(kind, p, level - 1)


def is_minimal(kind: PuzzleKind, p: Puzzle, level: int) -> bool:
    """Whether removing any one clue leaves ``p`` unsolvable at ``level``."""
    return not any(
        solves_at(kind, without_clue(p, cell), level)
        for cell, v in enumerate(p.clues)
        if v is not None
    )


@dataclass(frozen=True)
class Proof:
    """How a board's uniqueness was proved."""

    unique: bool
    search_nodes: int
    brute: bool
    """Whether the independent brute force confirmed it too."""
    reason: str = ""


def prove_unique(
    kind: PuzzleKind, p: Puzzle, answer: Values, seconds: float = PROVE_SECONDS
) -> Proof:
    """Prove ``p`` has exactly one solution, ``answer``.

    The counting search must finish (within its node budget and
    ``seconds``) and find one solution, equal to ``answer``; on boards of at
    most :data:`BRUTE_CELLS` cells the independent brute force must agree.
    """
    c = kind.count(p, limit=2, seconds=seconds)
    if not (c.complete and c.solutions == 1):
        return Proof(
            False,
            c.nodes,
            False,
            f"search: {c.solutions} solutions, "
            f"{'complete' if c.complete else 'budget or time ran out'}",
        )
    if c.first != tuple(answer):
        return Proof(False, c.nodes, False, "search found another answer")
    if kind.validate(p, answer):
        return Proof(False, c.nodes, False, "the answer breaks a rule")
    if p.rows * p.cols > BRUTE_CELLS:
        return Proof(True, c.nodes, False)
    b = kind.brute_count(p, limit=2)
    if not (b.complete and b.solutions == 1):
        return Proof(
            False,
            c.nodes,
            True,
            f"brute force: {b.solutions} solutions, "
            f"{'complete' if b.complete else 'budget ran out'}",
        )
    if b.first is not None and tuple(b.first) != tuple(answer):
        return Proof(False, c.nodes, True, "brute force found another answer")
    return Proof(True, c.nodes, True)


def answer_of(kind: PuzzleKind, p: Puzzle, level: int) -> Values:
    """The answer the fixpoint of ``level`` reaches on ``p`` (which it solves)."""
    solved = kind.solve(p, level=level)
    return tuple(single_value(m) for m in solved.cands)
