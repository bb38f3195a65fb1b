"""The registered puzzles and their sample boards, as the shared tests use them.

Shared tests (every test outside a puzzle's own directory) name no puzzle:
they parametrize over :func:`names` and read each kind's samples
(:mod:`pencilbox.engine.samples`). A test that needs a board only some
puzzles have (a slow one, one graded ``case``) runs on the kinds that have
it; one that needs a single puzzle of some sort takes the first registered.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import pencilbox
from pencilbox.engine import registry
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.engine.samples import Sample
from pencilbox.errors import ContradictoryClues


def names() -> tuple[str, ...]:
    """Every registered puzzle's name (the toy plug-in's too, in a test run)."""
    return pencilbox.puzzle_names()


def kinds() -> tuple[PuzzleKind, ...]:
    return registry.kinds()


def names_with(has: Callable[[PuzzleKind], object]) -> list[str]:
    """The names of the registered kinds for which ``has`` is true."""
    return [k.name for k in kinds() if has(k)]


def first_kind(has: Callable[[PuzzleKind], object] = lambda kind: True) -> PuzzleKind:
    """The first registered kind for which ``has`` is true (the test skips if none is)."""
    for kind in kinds():
        if has(kind):
            return kind
    pytest.skip("no registered puzzle has what this test needs")


def refuted_at_once(kind: PuzzleKind) -> bool:
    """Whether the lowest rung refutes the kind's contradiction sample (the
    command line then refuses it as bad input; Numbrix's needs higher rungs)."""
    try:
        kind.refuse_contradictory_clues(kind.parse(kind.samples.contradiction))
    except ContradictoryClues:
        return True
    return False


def sample(kind: PuzzleKind, grade: str | None = None) -> Sample:
    """The kind's graded sample of ``grade`` (None: the weakest grade's)."""
    if grade is None:
        return kind.samples.graded[0]
    return next(s for s in kind.samples.graded if s.grade == grade)


def hardest(kind: PuzzleKind) -> Sample:
    """The kind's graded sample of its highest grade (probe, for every ladder)."""
    return kind.samples.graded[-1]


def board(kind: PuzzleKind, s: Sample) -> tuple[Puzzle, Values]:
    """A sample's puzzle and its answer."""
    p = kind.parse(s.puzzle)
    return p, kind.parse_solution(s.answer, p)


def blank(kind: PuzzleKind, rows: int, cols: int | None = None) -> Puzzle:
    """A board without a clue (every puzzle's has several answers)."""
    cols = rows if cols is None else cols
    return Puzzle(kind.name, rows, cols, (None,) * (rows * cols))


def blank_text(kind: PuzzleKind, rows: int, cols: int | None = None) -> str:
    return kind.format(blank(kind, rows, cols))
