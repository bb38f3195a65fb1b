"""A damaged bank (SQLite keeps whatever a row is given) is said in one line:
``bank list``, ``show`` and ``export`` exit 2 naming the board, never a
TypeError; the server logs it once, lists none of its sizes and generates
the boards it cannot deal, and never deals a damaged board."""

from __future__ import annotations

import logging
import shutil
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.bank import Bank, BankError
from pencilbox.cli import main
from pencilbox.web import deal
from pencilbox.web.app import create_app

DAMAGE = {
    "clues as text": "clues = 'many'",
    "clues as bytes": "clues = x'00ff'",
    "clues as a fraction": "clues = 2.5",
    "clues below zero": "clues = -3",
    "rows of a mile": "rows = 100000, cols = 100000",
    "cols of none": "cols = 0",
    "a size as text": "rows = 'six'",
    "the puzzle as bytes": "puzzle = x'00ff'",
    "the solution as bytes": "solution = x'00'",
    "a seed as text": "seed = 'x'",
}


def damaged(small_bank: Path, tmp_path: Path, change: str) -> tuple[Path, int]:
    """A copy of the bank with its first board changed; the board's id."""
    path = tmp_path / "damaged.sqlite"
    shutil.copyfile(small_bank, path)
    with sqlite3.connect(path) as db:
        (first,) = db.execute("SELECT min(id) FROM boards").fetchone()
        db.execute(f"UPDATE boards SET {change} WHERE id = ?", (first,))
    return path, first


@pytest.mark.parametrize("what", DAMAGE)
@pytest.mark.parametrize(
    "command",
    [["bank", "list"], ["bank", "export"], ["bank", "export", "--json"], ["bank", "show", "{id}"]],
)
def test_the_bank_commands_name_the_damaged_board(
    small_bank: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    what: str,
    command: list[str],
) -> None:
    path, first = damaged(small_bank, tmp_path, DAMAGE[what])
    argv = [a.format(id=first) for a in command] + ["--db", str(path)]
    field = DAMAGE[what].split()[0]
    if command == ["bank", "list"] and field not in ("clues", "rows", "cols"):
        assert main(argv) == 0  # the list reads no puzzle, answer or seed
        return
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"is damaged: board {first} has" in err[0], err


def test_a_sound_bank_reads_as_before(small_bank: Path) -> None:
    with Bank(small_bank) as bank:
        boards = list(bank.boards())
        assert boards and sum(s.boards for s in bank.shelves()) == len(boards)


def told(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if "cannot be dealt from" in r.getMessage()]


@pytest.mark.parametrize("what", ["clues as text", "rows of a mile"])
def test_the_server_lists_no_size_of_a_damaged_bank_and_says_so_once(
    small_bank: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture, what: str
) -> None:
    path, first = damaged(small_bank, tmp_path, DAMAGE[what])
    deal._TOLD.clear()
    client = TestClient(create_app(path, workers=1), base_url="http://localhost")
    for _ in range(2):
        types = client.get("/api/puzzles").json()
        assert all(t["bank_sizes"] == [] for t in types)  # no shelf of 100000x100000
    said = told(caplog)
    assert len(said) == 1 and str(path) in said[0] and f"board {first}" in said[0]


def test_a_damaged_board_is_never_dealt(
    small_bank: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path, first = damaged(small_bank, tmp_path, DAMAGE["the puzzle as bytes"])
    with Bank(small_bank) as bank:
        b = bank.board(first)
        index = [x.id for x in bank.boards(b.type, b.rows, b.cols, b.grade)].index(first)
    deal._TOLD.clear()
    kind = pencilbox.puzzle(b.type)
    for _ in range(2):
        assert deal.from_bank(path, kind, b.rows, b.cols, b.grade, index) is None
        assert deal.from_bank(path, kind, b.rows, b.cols, b.grade, index + 1) is not None
    said = told(caplog)
    assert len(said) == 1 and f"board {first}" in said[0]
    with pytest.raises(BankError, match="damaged"), Bank(path) as bank:
        bank.pick(b.type, b.rows, b.cols, b.grade, index=index)


def test_a_missing_bank_is_said_once(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    deal._TOLD.clear()
    gone = tmp_path / "gone.sqlite"
    kind = pencilbox.puzzle(pencilbox.puzzle_names()[0])
    for _ in range(3):
        assert deal.from_bank(gone, kind, 6, 6, kind.levels[0], 0) is None
    said = [r.getMessage() for r in caplog.records if "cannot be dealt from" in r.getMessage()]
    assert said == [f"pencilbox: the bank {gone} cannot be dealt from (no bank at {gone}); "
                    "boards are generated"]  # fmt: skip
