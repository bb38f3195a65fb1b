"""The bank shipped inside the package: present, readable with no build step,
every shelf it promises stocked, and its small boards re-checked."""

from __future__ import annotations

import json

import pytest

import pencilbox
from pencilbox.bank import SHIPPED, Bank, bank_grades, has_exact_grade
from pencilbox.cli import main

from ..kinds import names

SIZES = {name: pencilbox.puzzle(name).samples.shipped_sizes for name in names()}
"""The sizes the shipped bank stocks, as each puzzle's samples say (none for the toy)."""


def test_the_shipped_bank_is_one_self_contained_file() -> None:
    assert SHIPPED.is_file()
    assert not SHIPPED.with_name(SHIPPED.name + "-wal").exists()
    with Bank(SHIPPED) as bank:
        assert bank.db.execute("PRAGMA journal_mode").fetchone()[0] != "wal"


@pytest.mark.parametrize("name", sorted(SIZES))
def test_every_shelf_is_stocked(name: str) -> None:
    kind = pencilbox.puzzle(name)
    with Bank(SHIPPED) as bank:
        stocked = {(s.rows, s.grade): s.boards for s in bank.shelves() if s.type == name}
    for n in SIZES[name]:
        for grade in bank_grades(kind):
            assert stocked.get((n, grade), 0) >= 1, f"{name} {n}x{n} {grade} is empty"
    assert all(grade in bank_grades(kind) for _, grade in stocked)
    assert {rows for rows, _ in stocked} == set(SIZES[name])


def test_small_boards_have_their_grade() -> None:
    """The first board of every shelf of at most 36 cells, re-graded."""
    with Bank(SHIPPED) as bank:
        boards = [
            bank.pick(s.type, s.rows, s.cols, s.grade)
            for s in bank.shelves()
            if s.rows * s.cols <= 36
        ]
    small = sum(
        len(bank_grades(pencilbox.puzzle(t)))
        for t, sizes in SIZES.items()
        for n in sizes
        if n * n <= 36
    )
    assert len(boards) == small > 0
    for b in boards:
        kind = pencilbox.puzzle(b.type)
        p = kind.parse(b.puzzle)
        assert p.clue_count == b.clues
        assert has_exact_grade(kind, p, kind.levels.index(b.grade)), b.id
        assert kind.validate(p, kind.parse_solution(b.solution, p)) == []


def test_list_reads_the_shipped_bank_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bank", "list", "--json"]) == 0
    objs = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {o["type"] for o in objs} == {name for name, sizes in SIZES.items() if sizes}
