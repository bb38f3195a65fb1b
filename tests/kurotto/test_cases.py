"""The rungs above probe on Kurotto's real puzzles: the ones probe cannot
finish are graded shape or case and finished by hints (the README's grades
of the real puzzles of benchmarks/bench_cases.py)."""

from __future__ import annotations

import pytest

import pencilbox

from ..test_cases import graded_case_and_finished_by_hints

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
