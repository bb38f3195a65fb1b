"""A Numbrix hint says why its number goes in its cell.

Real boards of the bank are played by hints at every level; each hint's
reason must name the number it places, and every fact it states is checked
on the board the hint was asked from, by code of its own here: "13 at r4c3"
stands there, a number said to be at most k steps from another is k
numbers from it, a cell said to lie k steps from a placed number does
(counting steps through empty cells), and "the only empty cell" that fits
is the only one.
"""

from __future__ import annotations

import re
from collections import deque

import pytest

import pencilbox
from pencilbox.bank.store import SHIPPED, Bank
from pencilbox.engine.kind import Puzzle
from pencilbox.puzzles.numbrix.reasons import MESSAGES

KIND = pencilbox.puzzle("numbrix")

NAMED = re.compile(r"(\d+) at r(\d+)c(\d+)")
AT_MOST = re.compile(r"within (\d+) steps? of (\d+) at")
LIES_BOTH = re.compile(r"reach r\d+c\d+, (\d+) steps? from (\d+) and (\d+) steps? from (\d+) \(")
SURROUNDED = re.compile(r"every cell beside r\d+c\d+ is filled, with ([\d, and]+):")
LIES_ONE = re.compile(r"(below|above) (\d+) at r\d+c\d+ reach r\d+c\d+, (\d+) steps? from it")


def boards() -> list[tuple[int, Puzzle]]:
    """Two 6×6 boards of every grade, and one 8×8 of the top two."""
    out = []
    with Bank(SHIPPED) as bank:
        for rows, grades, per in (
            (6, ("link", "block", "edge", "probe"), 2),
            (8, ("edge", "probe"), 1),
        ):
            for grade in grades:
                for b in list(bank.boards("numbrix", rows, rows, grade))[:per]:
                    out.append((b.id, KIND.parse(f"numbrix {rows}x{rows}\n{b.puzzle}")))
    return out


def beside(p: Puzzle, cell: int) -> list[int]:
    r, c = divmod(cell, p.cols)
    near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [rr * p.cols + cc for rr, cc in near if 0 <= rr < p.rows and 0 <= cc < p.cols]


def steps_from(p: Puzzle, marks: list[int | None], start: int) -> dict[int, int]:
    """Steps from ``start`` to every cell reached through empty cells."""
    out = {start: 0}
    queue = deque([start])
    while queue:
        x = queue.popleft()
        r, c = divmod(x, p.cols)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            y = rr * p.cols + cc
            if 0 <= rr < p.rows and 0 <= cc < p.cols and y not in out and marks[y] is None:
                out[y] = out[x] + 1
                queue.append(y)
    return out


def check_reason(p: Puzzle, marks: list[int | None], cell: int, value: int, reason: str) -> None:
    """Every number and fact of ``reason`` against the board and the cell's ``value``."""
    number = value + 1  # values count from 0, players from 1
    assert re.search(rf"(?<![\d…]){number}(?![\d…])", reason), (number, reason)
    at = {v + 1: i for i, v in enumerate(marks) if v is not None}
    where = {}
    for n, r, c in NAMED.findall(reason):
        i = (int(r) - 1) * p.cols + int(c) - 1
        assert at.get(int(n)) == i, f"{n} is not at r{r}c{c}: {reason}"
        where[int(n)] = i
    for k, n in AT_MOST.findall(reason):
        assert int(k) == abs(number - int(n)), reason  # the walk's steps from n to the number
    for k, a, j, b in LIES_BOTH.findall(reason):
        assert steps_from(p, marks, where[int(a)]).get(cell) == int(k), reason
        assert steps_from(p, marks, where[int(b)]).get(cell) == int(j), reason
        assert int(a) + int(k) == number == int(b) - int(j), reason  # the one number that fits
    for side, n, k in LIES_ONE.findall(reason):
        assert steps_from(p, marks, where[int(n)]).get(cell) == int(k), reason
        assert number == (int(n) - int(k) if side == "below" else int(n) + int(k)), reason
        assert number in (1, p.rows * p.cols), reason  # a run's end alone fits one number
    for listed in SURROUNDED.findall(reason):
        around = [marks[y] for y in beside(p, cell)]
        assert None not in around, reason  # every cell beside it is filled …
        numbers = sorted(int(n) for n in re.findall(r"\d+", listed))
        assert numbers == sorted(v + 1 for v in around if v is not None), reason  # … with these
        last = p.rows * p.cols
        assert all(n in numbers for n in (number - 1, number + 1) if 1 <= n <= last), reason
    if re.search(r"only empty (cell|neighbour)", reason):
        named = [n for n, _, _ in NAMED.findall(reason)]
        near = {int(n): abs(number - int(n)) for n in named}
        for k, n in AT_MOST.findall(reason):
            near[int(n)] = int(k)
        fits = [
            x
            for x in range(p.rows * p.cols)
            if marks[x] is None
            and all(steps_from(p, marks, where[n]).get(x, 99) <= k for n, k in near.items())
        ]
        assert fits == [cell], (fits, cell, reason)


@pytest.mark.parametrize("level", ["link", "block", "edge", "probe", "case"])
def test_every_hint_names_the_facts_that_place_its_number(level: str) -> None:
    said = 0
    for _, p in boards():
        marks: list[int | None] = [None if v is None else v - 1 for v in p.clues]
        for _ in range(p.rows * p.cols):
            h = KIND.hint(p, tuple(marks), level)
            if h.status != "hint":
                break
            assert h.cell is not None and h.value is not None
            check_reason(p, marks, h.cell, h.value, h.reason)
            named = {(int(r) - 1) * p.cols + int(c) - 1 for _, r, c in NAMED.findall(h.reason)}
            if named:  # the board outlines the numbers the reason names
                assert set(h.premises) == named, (h.premises, h.reason)
            said += 1
            marks[h.cell] = h.value
    assert said > 60


def test_most_hints_rest_on_the_board_alone() -> None:
    """At the easy levels a hint's reason is a fact a player checks by eye,
    not a step of the rules' bookkeeping of what a cell may still hold."""
    on_board = total = 0
    for _, p in boards()[:4]:
        marks: list[int | None] = [None if v is None else v - 1 for v in p.clues]
        while (h := KIND.hint(p, tuple(marks), "link")).status == "hint":
            assert h.cell is not None and h.value is not None
            total += 1
            on_board += "still hold" not in h.reason and "left that can hold" not in h.reason
            marks[h.cell] = h.value
    assert total > 40 and on_board >= 0.9 * total, (on_board, total)


def test_a_reason_is_one_message_with_named_fields() -> None:
    """No message is built from pieces: each is a sentence with its fields
    named (a translator may reorder them), and no field is left unfilled."""
    for key, text in MESSAGES.items():
        assert not text.endswith("."), key  # a reason is a clause: the hint ends it
        assert text[0].islower() or text.startswith("{"), key
        assert "{}" not in text and re.findall(r"\{(\w+)\}", text), key
    for _, p in boards()[:2]:
        marks: list[int | None] = [None if v is None else v - 1 for v in p.clues]
        h = KIND.hint(p, tuple(marks), "probe")
        assert "{" not in h.reason and "}" not in h.reason


def test_a_cell_walled_in_by_numbers_takes_the_one_between_two_of_them() -> None:
    """r5c3's neighbours hold 1, 3, 9 and 23: two cells could take 2 (r4c2
    and r5c3 are both beside 1 and 3), so the reason is the walled-in cell's."""
    rows = (
        ". . . . . .",
        ". . 35 . . .",
        ". . 34 . . .",
        ". . 3 . 21 .",
        ". 1 . 23 . .",
        ". . 9 . . .",
    )
    p = KIND.parse("numbrix 6x6\n" + "\n".join(rows))
    marks: list[int | None] = [None if v is None else v - 1 for v in p.clues]
    h = KIND.hint(p, tuple(marks), "link")
    assert (h.cell, h.value) == (4 * 6 + 2, 1)
    assert SURROUNDED.search(h.reason), h.reason
    check_reason(p, marks, h.cell, h.value, h.reason)
