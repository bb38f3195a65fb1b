"""The case rung: sound against an independent enumeration, decides a toy
board that probe cannot, and grades and finishes real puzzles by hints."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace

import pytest

import pencilbox
from pencilbox.engine import cases
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.ladder import Status
from pencilbox.engine.state import values_of

SMALL = {"yinyang": (3, 4), "cave": (3, 4), "kurotto": (3, 4), "numbrix": (3, 4)}


def all_solutions(kind: PuzzleKind, p: Puzzle) -> list[tuple[int, ...]]:
    """Every answer of a shading puzzle, by trying every filling of the
    cells' starting candidates and asking the independent validator (which
    shares nothing with the ladder)."""
    start = kind.start(p).cands
    choices = [values_of(m) for m in start]
    return [a for a in itertools.product(*choices) if not kind.validate(p, a)]


def has_answer_with(kind: PuzzleKind, p: Puzzle, cell: int, value: int) -> bool:
    """Whether some answer has ``value`` in ``cell``: Numbrix asks its brute
    force about the board with that number printed there."""
    assert kind.name == "numbrix"
    clues = list(p.clues)
    if clues[cell] is not None:
        return bool(clues[cell] == value + 1)
    clues[cell] = value + 1
    return kind.brute_count(replace(p, clues=tuple(clues)), limit=1).solutions > 0


def stalls_with_refutations(kind: PuzzleKind, count: int, seed: int) -> list[Puzzle]:
    """Small boards with few clues (several answers) on which probe stalls
    and the rung refutes something."""
    rows, cols = SMALL[kind.name]
    rng = random.Random(seed)
    out: list[Puzzle] = []
    for _ in range(300):
        density = rng.choice((0.1, 0.2, 0.3, 0.4))
        p, _ = kind.generate(rows, cols, density=density, seed=rng.randrange(1 << 30))
        s = kind.start(p)
        if kind.ladder.propagate(s, kind.ladder.top).status is not Status.STALLED:
            continue
        if cases.find(kind.ladder, s, max_branches=3)[0]:
            out.append(p)
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("name", ["yinyang", "cave", "kurotto", "numbrix"])
def test_the_rung_never_removes_a_value_of_a_solution(name: str) -> None:
    kind = pencilbox.puzzle(name)
    boards = stalls_with_refutations(kind, 4, seed=17)
    assert boards, f"no small {name} board where probe stalls and the rung refutes"
    for p in boards:
        s = kind.start(p)
        kind.ladder.propagate(s, kind.ladder.top)
        found, _ = cases.find(kind.ladder, s, max_branches=6, first=False)
        assert found
        if name == "numbrix":
            for f in found:
                assert not has_answer_with(kind, p, f.cell, f.value), (kind.format(p), f)
            continue
        answers = all_solutions(kind, p)
        for f in found:
            kept = [a for a in answers if a[f.cell] == f.value]
            assert not kept, f"{kind.format(p)}: refuted {f} but {kept[0]} is an answer"
        # Running the rung to its fixpoint keeps every answer too.
        s = kind.start(p)
        status, _, _ = cases.solve(kind.ladder, s, max_branches=6)
        assert status is not Status.CONTRADICTION or not answers
        for a in answers:
            assert all(s.cands[c] >> v & 1 for c, v in enumerate(a)), kind.format(p)


TOY = "kurotto 4x4\n. . . .\n0 5 . .\n. . . .\n. 6 . .\n"
"""Probe stalls here, no single assumption fails even at probe's level (with
the cap rule beside it), and a split on one further cell decides a cell."""


def test_a_split_on_one_cell_decides_where_probe_stalls() -> None:
    kind = pencilbox.puzzle("kurotto")
    p = kind.parse(TOY)
    assert kind.solve(p, level="probe").status is Status.STALLED
    s = kind.start(p)
    kind.ladder.propagate(s, kind.ladder.top)
    ref = cases.refute(kind.ladder, s)
    assert ref is not None and ref.size == 2 and ref.split is not None
    answers = all_solutions(kind, p)
    assert answers and all(a[ref.cell] != ref.value for a in answers)
    marks = tuple(m.bit_length() - 1 if m & (m - 1) == 0 else None for m in s.cands)
    h = kind.hint(p, marks, level="case")
    assert h.status == "hint" and h.rule == "case" and h.case is not None
    assert all(a[h.cell] == h.value for a in answers)
    name = p.grid.name
    assert h.reason.startswith(f"Suppose {name(h.case.cell)} is ")
    assert f"Then either {name(h.case.split)} is " in h.reason  # type: ignore[arg-type]
    assert [len(b.assume) for b in h.case.branches] == [2, 2]
    # A probe hint from the same board only points to the case rung.
    stalled = kind.hint(p, marks, level="probe")
    assert stalled.status == "stalled" and stalled.suggest == "case"


def test_the_same_state_gives_the_same_hint() -> None:
    kind = pencilbox.puzzle("kurotto")
    p = kind.parse(TOY)
    s = kind.start(p)
    kind.ladder.propagate(s, kind.ladder.top)
    first = cases.refute(kind.ladder, s)
    kind.count(p, limit=3)  # a search in between changes nothing
    s.scratch += 7  # nor does the probe cursor
    again = cases.refute(kind.ladder, s)
    assert first is not None and again == first


REAL = [
    "https://puzz.link/p?kurotto/6/6/3gah.m.i9.iam8h3g2",
    "https://puzz.link/p?kurotto/7/7/g123v66k55v456g",
    "https://puzz.link/p?kurotto/10/10/46s.g21k4k2h.i1n.4j34n.i3h.k3k61g3s23",
    "https://puzz.link/p?kurotto/10/10/sah2j.8.h.4.h6l6g4.l.8i9h9j.7.h.7.h5l5t6h3i",
]
"""Real puzzles (of benchmarks/bench_cases.py) that probe cannot finish; the
bench runs every one of the list."""
HARD = (
    "https://puzz.link/p?kurotto/17/13/7i4i-1ai4iay1i6ibi0y3ibi9i-14iay4i7i-10i4y-11iei6ici3y1ibi7"
    "i2y-10i8i0i4i1"
)
"""The hard 17×13 of the list: probe decides 65 of its 221 cells."""


@pytest.mark.parametrize("url", REAL)
def test_real_puzzles_are_graded_case_and_finished_by_hints(url: str) -> None:
    _graded_case_and_finished_by_hints(url)


@pytest.mark.slow
def test_the_hard_17x13_is_graded_case_and_finished_by_hints() -> None:
    _graded_case_and_finished_by_hints(HARD)


def _graded_case_and_finished_by_hints(url: str) -> None:
    kind = pencilbox.puzzle("kurotto")
    p = kind.from_url(url)
    assert kind.solve(p).status is Status.STALLED
    g = kind.grade(p, seconds=None)
    assert g.grade == "case" and g.unique and g.case_size is not None and g.case_size >= 1
    counted = kind.count(p, limit=2)
    assert counted.complete and counted.solutions == 1 and counted.first is not None
    answer = counted.first
    marks: list[int | None] = [None] * (p.rows * p.cols)
    used = 0
    while True:
        h = kind.hint(p, tuple(marks), level="case", solution=answer, seconds=None)
        if h.status != "hint":
            break
        assert h.cell is not None and h.value == answer[h.cell], h.reason
        used += h.case is not None
        marks[h.cell] = h.value
    assert h.status == "solved" and used > 0
    assert all(
        m == a or p.clues[c] is not None for c, (m, a) in enumerate(zip(marks, answer, strict=True))
    )


def test_cli_grade_reports_the_case_size(capsys: pytest.CaptureFixture[str]) -> None:
    from pencilbox.cli import main

    assert main(["grade", "kurotto", REAL[0], "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["grade"] == "case" and out["unique"] is True and out["case_size"] >= 1
    assert out["summary"] == f"unique, grade case, {out['case_size']} branch" + (
        "es" if out["case_size"] > 1 else ""
    )


def test_hint_json_carries_the_branches() -> None:
    from pencilbox.shapes import hint_json

    kind = pencilbox.puzzle("kurotto")
    p = kind.parse(TOY)
    s = kind.start(p)
    kind.ladder.propagate(s, kind.ladder.top)
    marks = tuple(m.bit_length() - 1 if m & (m - 1) == 0 else None for m in s.cands)
    out = hint_json(kind, p, kind.hint(p, marks, level="case"))
    case = out["case"]
    assert case["size"] == len(case["branches"]) == 2
    assert out["level"] == "case" and out["rule"] == "case"
    assert case["suppose"]["cell"] == out["cell"]
    assert case["branches"][0]["assume"][1]["cell"] == out["premises"][0]  # the split cell
    for b in case["branches"]:
        assert b["assume"][0] == case["suppose"]
        assert b["cells"] and b["reason"]


def test_case_is_not_a_ladder_level() -> None:
    for name in pencilbox.puzzle_names():
        kind = pencilbox.puzzle(name)
        assert kind.levels[-1] == "probe" and "case" not in kind.levels
        assert kind.hint_levels == (*kind.levels, "case")
