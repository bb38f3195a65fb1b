"""Every board of the shipped bank keeps its grade under the one verdict
(the bank's grades are the verdict's: ``pencilbox.engine.verdict.judge``)."""

from __future__ import annotations

from collections import Counter

import pencilbox
from pencilbox.bank import SHIPPED, Bank
from pencilbox.engine.verdict import judge


def test_every_shipped_board_keeps_its_grade() -> None:
    seen: Counter[str] = Counter()
    with Bank(SHIPPED) as bank:
        for shelf in bank.shelves():
            kind = pencilbox.puzzle(shelf.type)
            for b in bank.boards(shelf.type, shelf.rows, shelf.cols, shelf.grade):
                p = kind.parse(b.puzzle)
                v = judge(kind, p)
                assert (v.verdict, v.grade) == ("unique", b.grade), b.id
                assert v.solutions[0] == kind.parse_solution(b.solution, p), b.id
                seen[shelf.type] += 1
    assert sum(seen.values()) >= 520 and len(seen) >= 4
