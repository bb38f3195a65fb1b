"""Boards for the studio tests: the shipped bank's, each puzzle's samples,
and clues that contradict.

Expected verdicts come from outside the studio: the bank's stored grade and
answer (or the samples', which tests/test_samples.py checks), the
independent validator and brute force, the definition of a grade.
"""

from __future__ import annotations

from dataclasses import replace

import pencilbox
from pencilbox.bank.store import SHIPPED, Bank
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.engine.samples import Sample

from ..kinds import names

TYPES = names()


def bank_boards(name: str, size: int, grade: str | None = None) -> list[Sample]:
    """The shipped bank's size×size boards of ``name`` (of ``grade``); for a
    puzzle the shipped bank does not stock, its sample boards (of ``grade``)
    whatever their size."""
    kind = pencilbox.puzzle(name)
    if not kind.samples.shipped_sizes:
        return [s for s in kind.samples.graded if grade is None or s.grade == grade]
    with Bank(SHIPPED) as bank:
        return [Sample(b.puzzle, b.solution, b.grade) for b in bank.boards(name, size, size, grade)]


def contradiction(name: str) -> str:
    """Clues of ``name`` that contradict each other (its samples')."""
    return pencilbox.puzzle(name).samples.contradiction


def board_puzzle(kind: PuzzleKind, b: Sample) -> tuple[Puzzle, Values]:
    p = kind.parse(b.puzzle)
    return p, kind.parse_solution(b.answer, p)


def without(p: Puzzle, cell: int) -> Puzzle:
    clues = list(p.clues)
    clues[cell] = None
    return replace(p, clues=tuple(clues))


def with_clue(p: Puzzle, cell: int, value: int | None) -> Puzzle:
    clues = list(p.clues)
    clues[cell] = value
    return replace(p, clues=tuple(clues))


def clue_cells(p: Puzzle) -> list[int]:
    return [c for c, v in enumerate(p.clues) if v is not None]


def rows_answer(kind: PuzzleKind, p: Puzzle, rows: list[str]) -> Values:
    return kind.parse_solution("\n".join(rows), p)


def kind_of(name: str) -> PuzzleKind:
    return pencilbox.puzzle(name)
