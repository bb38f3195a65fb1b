"""The rungs above probe on Kurotto's real puzzles: the ones probe cannot
finish are graded shape or case and finished by hints (the README's grades
of the real puzzles of benchmarks/bench_cases.py); and the case rung's split
on one further cell, read on probe's own ladder below the shape rung."""

from __future__ import annotations

from typing import Any

import pytest

import pencilbox
from pencilbox.engine import cases, hints
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.ladder import Status
from pencilbox.engine.state import State
from pencilbox.shapes import hint_json

from ..test_cases import all_solutions, check_split_json, graded_case_and_finished_by_hints

REAL = [
    ("https://puzz.link/p?kurotto/6/6/3gah.m.i9.iam8h3g2", "shape"),
    ("https://puzz.link/p?kurotto/7/7/g123v66k55v456g", "shape"),
    ("https://puzz.link/p?kurotto/10/10/46s.g21k4k2h.i1n.4j34n.i3h.k3k61g3s23", "shape"),
    ("https://puzz.link/p?kurotto/10/10/sah2j.8.h.4.h6l6g4.l.8i9h9j.7.h.7.h5l5t6h3i", "case"),
]
"""Real puzzles (of benchmarks/bench_cases.py) that probe cannot finish, and
their grades; the bench runs every one of the list."""
HARD = (
    "https://puzz.link/p?kurotto/17/13/7i4i-1ai4iay1i6ibi0y3ibi9i-14iay4i7i-10i4y-11iei6ici3y1ibi7"
    "i2y-10i8i0i4i1"
)
"""The hard 17×13 of the list: probe decides 65 of its 221 cells."""


@pytest.mark.parametrize(("url", "grade"), REAL)
def test_real_puzzles_are_graded_above_probe_and_finished_by_hints(url: str, grade: str) -> None:
    kind = pencilbox.puzzle("kurotto")
    graded_case_and_finished_by_hints(kind, kind.from_url(url), grade)


@pytest.mark.slow
def test_the_hard_17x13_is_graded_case_and_finished_by_hints() -> None:
    kind = pencilbox.puzzle("kurotto")
    graded_case_and_finished_by_hints(kind, kind.from_url(HARD))


def test_the_case_sample_needs_one_branch() -> None:
    """The shared browser test shows the case sample's grade as the server
    words it; here is what it is: one case split of one branch."""
    kind = pencilbox.puzzle("kurotto")
    assert kind.samples.case is not None
    v = kind.grade(kind.parse(kind.samples.case.puzzle))
    assert (v.verdict, v.grade, v.case_size) == ("unique", "case", 1)
    assert v.summary == "unique, grade case, 1 branch"


SPLIT = "kurotto 4x4\n. . . .\n0 5 . .\n. . . .\n. 6 . .\n"
"""A board probe stalls on where no single assumption fails and a split on
one further cell decides a cell. The shape rung decides that cell itself,
so the split is read on probe's own ladder, the rung below shape."""


def split_on_probe() -> tuple[PuzzleKind, Puzzle, State[Any]]:
    """The kind, the split board and probe's stalled fixpoint of it."""
    kind = pencilbox.puzzle("kurotto")
    p = kind.parse(SPLIT)
    s = kind.start(p)
    assert kind.ladder.propagate(s, kind.ladder.top).status is Status.STALLED
    return kind, p, s


def test_a_split_on_one_cell_decides_where_probe_stalls() -> None:
    kind, p, s = split_on_probe()
    answers = all_solutions(kind, p)
    assert answers
    ref = cases.refute(kind.ladder, s)
    assert ref is not None and ref.size == 2 and ref.split is not None
    assert all(a[ref.cell] != ref.value for a in answers)
    h = hints.case_hint(kind.ladder, s, None)
    assert h is not None and h.status == "hint" and h.rule == "case" and h.case is not None
    assert h.cell is not None and all(a[h.cell] == h.value for a in answers)
    name = p.grid.name
    assert h.reason.startswith(f"Suppose {name(h.case.cell)} is ")
    assert f"Then either {name(h.case.split)} is " in h.reason  # type: ignore[arg-type]
    assert [len(b.assume) for b in h.case.branches] == [2, 2]
    # The same state gives the same split, a search in between or not.
    kind.count(p, limit=3)
    s.scratch += 7
    assert cases.refute(kind.ladder, s) == ref


def test_the_split_hint_json_carries_the_branches() -> None:
    kind, p, s = split_on_probe()
    h = hints.case_hint(kind.ladder, s, None)
    assert h is not None
    check_split_json(hint_json(kind, p, h))


def test_the_shape_rung_decides_the_split_cell_alone() -> None:
    """Why the split is read below shape: on the top rung's ladder the cell
    the split decides is decided without one."""
    kind, p, s = split_on_probe()
    ref = cases.refute(kind.ladder, s)
    assert ref is not None
    top = kind.ladder.strongest
    t = kind.start(p)
    top.propagate(t, top.top)
    assert not t.cands[ref.cell] >> ref.value & 1
