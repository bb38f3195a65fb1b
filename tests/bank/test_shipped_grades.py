"""Every board of the shipped bank keeps its grade under the one verdict
(the bank's grades are the verdict's: ``pencilbox.engine.verdict.judge``)."""

from __future__ import annotations

from collections import Counter

import pytest

import pencilbox
from pencilbox.bank import SHIPPED, Bank, bank_grades
from pencilbox.engine.verdict import judge

from ..kinds import names_with

PER_SHELF = 10
"""The boards the shipped bank stocks on every shelf."""


@pytest.mark.parametrize("name", names_with(lambda k: k.samples.shipped_sizes))
def test_every_shipped_board_keeps_its_grade(name: str) -> None:
    kind = pencilbox.puzzle(name)
    seen: Counter[tuple[int, str]] = Counter()
    with Bank(SHIPPED) as bank:
        for shelf in bank.shelves():
            if shelf.type != name:
                continue
            for b in bank.boards(shelf.type, shelf.rows, shelf.cols, shelf.grade):
                p = kind.parse(b.puzzle)
                v = judge(kind, p)
                assert (v.verdict, v.grade) == ("unique", b.grade), b.id
                assert v.solutions[0] == kind.parse_solution(b.solution, p), b.id
                seen[shelf.rows, shelf.grade] += 1
    every_shelf = {(n, g) for n in kind.samples.shipped_sizes for g in bank_grades(kind)}
    assert set(seen) == every_shelf
    assert all(count >= PER_SHELF for count in seen.values())
