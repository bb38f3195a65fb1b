"""Every stored board has its exact grade, is minimal for it, and is unique."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import pencilbox
from pencilbox.bank import Bank, bank_grades, has_exact_grade, is_minimal, prove_unique, thin
from pencilbox.bank.grading import solves_at, without_clue
from pencilbox.engine.kind import Puzzle
from pencilbox.engine.symmetry import image, symmetry_of

from ..kinds import board, sample
from .conftest import PER_GRADE, SIZES, TYPES


def stored(path: Path) -> list[tuple[pencilbox.PuzzleKind, Puzzle, tuple[int, ...], str]]:
    out = []
    with Bank(path) as bank:
        for b in bank.boards():
            kind = pencilbox.puzzle(b.type)
            p = kind.parse(b.puzzle)
            out.append((kind, p, kind.parse_solution(b.solution, p), b.grade))
    return out


def test_every_shelf_is_full(small_bank: Path) -> None:
    with Bank(small_bank) as bank:
        shelves = {(s.type, s.rows, s.cols, s.grade): s.boards for s in bank.shelves()}
    for name in TYPES:
        for rows, cols in SIZES:
            for grade in bank_grades(pencilbox.puzzle(name)):
                assert shelves.get((name, rows, cols, grade)) == PER_GRADE, (name, rows, grade)


@pytest.mark.parametrize("name", TYPES)
def test_no_shelf_for_a_level_the_bank_skips(small_bank: Path, name: str) -> None:
    kind = pencilbox.puzzle(name)
    with Bank(small_bank) as bank:
        for level in kind.bank_skips:
            assert not list(bank.boards(name, grade=level))
        assert {b.grade for b in bank.boards(name)} == set(bank_grades(kind))


def test_grade_is_exact(small_bank: Path) -> None:
    for kind, p, _, grade in stored(small_bank):
        assert kind.grade(p).grade == grade
        assert has_exact_grade(kind, p, kind.levels.index(grade))


def test_every_clue_is_needed(small_bank: Path) -> None:
    """Minimality, re-checked by removing each clue in turn, or each pair of
    clues that are images of each other on a board laid out in a symmetry
    (clues leave such a board in pairs, to keep the symmetry)."""
    for kind, p, _, grade in stored(small_bank):
        level = kind.levels.index(grade)
        symmetry = symmetry_of(p.clues, p.rows, p.cols)
        for cell, v in enumerate(p.clues):
            if v is None:
                continue
            twin = image(cell, p.rows, p.cols, symmetry)
            q = without_clue(without_clue(p, cell), twin)
            assert not solves_at(kind, q, level), (kind.name, cell)
        assert is_minimal(kind, p, level, symmetry)


def test_unique_by_both_engines(small_bank: Path) -> None:
    for kind, p, answer, _ in stored(small_bank):
        c = kind.count(p, limit=2)
        assert c.complete and c.solutions == 1 and c.first == answer
        b = kind.brute_count(p, limit=2)
        assert b.complete and b.solutions == 1
        assert kind.validate(p, answer) == []


def test_clue_count_column_matches_the_puzzle(small_bank: Path) -> None:
    with Bank(small_bank) as bank:
        for b in bank.boards():
            assert pencilbox.puzzle(b.type).parse(b.puzzle).clue_count == b.clues


@pytest.mark.parametrize("name", TYPES)
def test_thinning_is_minimal_and_seeded(name: str) -> None:
    kind = pencilbox.puzzle(name)
    full, answer = kind.generate(5, 5, density=1.0, seed=7)
    top = len(kind.levels) - 1
    thinned = thin(kind, full, top, random.Random(1))
    assert thinned.complete and thinned == thin(kind, full, top, random.Random(1))
    a = thinned.puzzle
    assert a.clue_count < full.clue_count
    assert solves_at(kind, a, top) and is_minimal(kind, a, top)


@pytest.mark.parametrize("name", TYPES)
def test_a_redundant_clue_is_not_minimal(name: str) -> None:
    """A sample board with one more clue its answer shows: it still solves at
    its grade without that clue, so it is not minimal."""
    kind = pencilbox.puzzle(name)
    s = sample(kind)
    p, answer = board(kind, s)
    level = kind.levels.index(s.grade)
    shown = kind.generator.clues(p.rows, p.cols, list(answer), 1.0, random.Random(0))
    extra = next(c for c, v in enumerate(shown) if v is not None and p.clues[c] is None)
    more = list(p.clues)
    more[extra] = shown[extra]
    q = Puzzle(p.type, p.rows, p.cols, tuple(more))
    assert solves_at(kind, q, level) and solves_at(kind, without_clue(q, extra), level)
    assert not is_minimal(kind, q, level)


@pytest.mark.parametrize("name", TYPES)
def test_proof_rejects_an_ambiguous_board(name: str) -> None:
    kind = pencilbox.puzzle(name)
    unique, answer = board(kind, sample(kind))
    empty = Puzzle(unique.type, unique.rows, unique.cols, (None,) * (unique.rows * unique.cols))
    assert prove_unique(kind, unique, answer).unique
    assert not prove_unique(kind, empty, answer).unique
