"""The SQLite store: no puzzle twice, tasks recorded with their boards."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import pencilbox
from pencilbox.bank import Bank, BankError, Task, bank_grades, make_board, task_seed
from pencilbox.bank.build import parse_sizes, plan
from pencilbox.errors import PuzzleError

from .conftest import PER_GRADE, SIZES, TYPES


def weakest(name: str) -> str:
    """The weakest grade a bank gives ``name`` (quick to make)."""
    return bank_grades(pencilbox.puzzle(name))[0]


@pytest.mark.parametrize("name", TYPES)
def test_same_puzzle_is_stored_once(tmp_path: Path, name: str) -> None:
    grade = weakest(name)
    o = make_board(Task(name, 4, 4, grade, 0))
    assert o.board is not None
    with Bank(tmp_path / "b.sqlite", writable=True) as bank:
        assert bank.record((name, 4, 4, grade, 0), o.attempts, o.board) == "stored"
        assert bank.record((name, 4, 4, grade, 1), o.attempts, o.board) == "duplicate"
        assert len(list(bank.boards())) == 1
        assert bank.done_tasks(name, 4, 4, grade) == {0, 1}
        smaller = {**o.board, "seed": o.board["seed"] - 1}
        assert bank.record((name, 4, 4, grade, 2), 1, smaller) == "duplicate"
        assert [b.seed for b in bank.boards()] == [smaller["seed"]]
        assert bank.record((name, 4, 4, grade, 3), 1, None) == "exhausted"
        assert bank.stored_count(name, 4, 4, grade) == 1
    db = sqlite3.connect(tmp_path / "b.sqlite")
    with pytest.raises(sqlite3.IntegrityError):
        db.execute(
            "INSERT INTO boards SELECT NULL, type, rows, cols, grade, clues, puzzle,"
            " solution, seed, generator, created FROM boards"
        )
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@pytest.mark.parametrize("name", TYPES)
def test_a_full_bank_plans_nothing(small_bank: Path, name: str) -> None:
    with Bank(small_bank, writable=True) as bank:
        assert plan(bank, TYPES, SIZES, PER_GRADE) == []
        more = plan(bank, [name], [SIZES[0]], PER_GRADE + 1)
    grades = bank_grades(pencilbox.puzzle(name))
    assert len(more) == len(grades) and all(t.index >= PER_GRADE for t in more)
    assert [t.grade for t in more] == list(grades)


@pytest.mark.parametrize("name", TYPES)
def test_task_is_deterministic(name: str) -> None:
    grade = weakest(name)
    t = Task(name, 4, 4, grade, 3)
    assert make_board(t).board == make_board(t).board
    assert task_seed(name, 4, 4, grade, 3, 0) != task_seed(name, 4, 4, grade, 4, 0)


def test_missing_bank_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BankError, match="no bank"):
        Bank(tmp_path / "nothing.sqlite")
    (tmp_path / "junk.sqlite").write_text("not a database")
    with pytest.raises(BankError, match="not a pencilbox bank"):
        Bank(tmp_path / "junk.sqlite")


def test_sizes() -> None:
    assert parse_sizes("6,8x10") == [(6, 6), (8, 10)]
    with pytest.raises(PuzzleError):
        parse_sizes("six")


@pytest.mark.parametrize("name", TYPES)
def test_pick_wraps_around_a_shelf(small_bank: Path, name: str) -> None:
    with Bank(small_bank) as bank:
        first = bank.pick(name, 4, 4, "probe", 0)
        assert first.grade == "probe"
        assert bank.pick(name, 4, 4, "probe", PER_GRADE) == first
        assert bank.pick(name, 4, 4, "probe", 1) != first
        with pytest.raises(BankError, match=f"no {name} 9x9"):
            bank.pick(name, 9, 9)
