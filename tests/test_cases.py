"""The case rung: sound against an independent enumeration, decides a toy
board that probe cannot, and grades and finishes real puzzles by hints.

Run on every registered puzzle; a test that needs a board some puzzles have
(one where probe stalls and a single split decides, one graded ``case``)
runs on those whose samples hold one."""

from __future__ import annotations

import itertools
import json
import math
import random
from typing import Any

import pytest

import pencilbox
from pencilbox.engine import cases
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.ladder import Status
from pencilbox.engine.state import values_of

from .kinds import board, names, names_with

SIZE = (3, 4)
"""Small boards: every filling of their cells can be tried."""
MOST_FILLINGS = 1 << 16


def fillings(kind: PuzzleKind, p: Puzzle) -> int:
    return math.prod(m.bit_count() for m in kind.start(p).cands)


def all_solutions(kind: PuzzleKind, p: Puzzle) -> list[tuple[int, ...]]:
    """Every answer, by trying every filling of the cells' starting
    candidates and asking the independent validator (which shares nothing
    with the ladder)."""
    start = kind.start(p).cands
    choices = [values_of(m) for m in start]
    return [a for a in itertools.product(*choices) if not kind.validate(p, a)]


def stalls_with_refutations(kind: PuzzleKind, count: int, seed: int) -> list[Puzzle]:
    """Small boards with few clues (several answers) on which probe stalls
    and the rung refutes something."""
    rows, cols = SIZE
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


def enumerable(kind: PuzzleKind) -> bool:
    """Whether a blank board of :data:`SIZE` has few enough fillings to try them all
    (not Numbrix's: its own tests check the rung with its brute force)."""
    rows, cols = SIZE
    return fillings(kind, Puzzle(kind.name, rows, cols, (None,) * (rows * cols))) <= MOST_FILLINGS


@pytest.mark.parametrize("name", names_with(enumerable))
def test_the_rung_never_removes_a_value_of_a_solution(name: str) -> None:
    kind = pencilbox.puzzle(name)
    boards = stalls_with_refutations(kind, 4, seed=17)
    assert boards, f"no small {name} board where probe stalls and the rung refutes"
    for p in boards:
        s = kind.start(p)
        kind.ladder.propagate(s, kind.ladder.top)
        found, _ = cases.find(kind.ladder, s, max_branches=6, first=False)
        assert found
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


def split_board(name: str) -> tuple[PuzzleKind, Puzzle]:
    """The kind's board where the top rung (probe, or the highest rung above
    it) stalls, no single assumption fails even at that level (with the
    search rules beside it), and a split on one further cell decides a cell."""
    kind = pencilbox.puzzle(name)
    assert kind.samples.split is not None
    return kind, kind.parse(kind.samples.split)


def probe_marks(kind: PuzzleKind, p: Puzzle) -> tuple[int | None, ...]:
    """The cells the top rung decides (probe, or the highest rung above it)."""
    s = kind.start(p)
    top = kind.ladder.strongest
    top.propagate(s, top.top)
    return tuple(m.bit_length() - 1 if m & (m - 1) == 0 else None for m in s.cands)


@pytest.mark.parametrize("name", names_with(lambda k: k.samples.split))
def test_a_split_on_one_cell_decides_where_probe_stalls(name: str) -> None:
    kind, p = split_board(name)
    assert kind.solve(p, level="probe").status is Status.STALLED
    s = kind.start(p)
    top = kind.ladder.strongest
    top.propagate(s, top.top)
    ref = cases.refute(top, s)
    assert ref is not None and ref.size == 2 and ref.split is not None
    if fillings(kind, p) <= MOST_FILLINGS:
        answers = all_solutions(kind, p)
        assert answers and all(a[ref.cell] != ref.value for a in answers)
    else:
        answers = []
    marks = probe_marks(kind, p)
    h = kind.hint(p, marks, level="case")
    assert h.status == "hint" and h.rule == "case" and h.case is not None
    assert all(a[h.cell] == h.value for a in answers)
    cell_name = p.grid.name
    assert h.reason.startswith(f"Suppose {cell_name(h.case.cell)} is ")
    assert f"Then either {cell_name(h.case.split)} is " in h.reason  # type: ignore[arg-type]
    assert [len(b.assume) for b in h.case.branches] == [2, 2]
    # A probe hint from the same board only points to the case rung.
    stalled = kind.hint(p, marks, level="probe")
    assert stalled.status == "stalled" and stalled.suggest == "case"


@pytest.mark.parametrize("name", names_with(lambda k: k.samples.split))
def test_the_same_state_gives_the_same_hint(name: str) -> None:
    kind, p = split_board(name)
    s = kind.start(p)
    kind.ladder.propagate(s, kind.ladder.top)
    first = cases.refute(kind.ladder, s)
    kind.count(p, limit=3)  # a search in between changes nothing
    s.scratch += 7  # nor does the probe cursor
    again = cases.refute(kind.ladder, s)
    assert first is not None and again == first


@pytest.mark.parametrize("name", names_with(lambda k: k.samples.case))
def test_a_case_board_is_graded_case_and_finished_by_hints(name: str) -> None:
    kind = pencilbox.puzzle(name)
    assert kind.samples.case is not None
    p, answer = board(kind, kind.samples.case)
    graded_case_and_finished_by_hints(kind, p)
    assert kind.count(p, limit=2).first == answer


def graded_case_and_finished_by_hints(kind: PuzzleKind, p: Puzzle, grade: str = "case") -> None:
    """Probe stalls on ``p``, its grade is ``grade`` (case, or a rung above
    probe), and hints at the case level finish it, each one right; some of
    them case splits when the grade is case, none when it is not."""
    assert kind.solve(p).status is Status.STALLED
    g = kind.grade(p, seconds=None)
    assert g.grade == grade and g.unique
    if grade == "case":
        assert g.case_size is not None and g.case_size >= 1
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
    assert h.status == "solved" and (used > 0) == (grade == "case")
    assert all(
        m == a or p.clues[c] is not None for c, (m, a) in enumerate(zip(marks, answer, strict=True))
    )


@pytest.mark.parametrize("name", names_with(lambda k: k.samples.case))
def test_cli_grade_reports_the_case_size(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    from pencilbox.cli import main

    kind = pencilbox.puzzle(name)
    assert kind.samples.case is not None
    p = kind.parse(kind.samples.case.puzzle)
    assert main(["grade", name, kind.to_url(p), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["grade"] == "case" and out["unique"] is True and out["case_size"] >= 1
    assert out["summary"] == f"unique, grade case, {out['case_size']} branch" + (
        "es" if out["case_size"] > 1 else ""
    )


@pytest.mark.parametrize("name", names_with(lambda k: k.samples.split))
def test_hint_json_carries_the_branches(name: str) -> None:
    from pencilbox.shapes import hint_json

    kind, p = split_board(name)
    marks = probe_marks(kind, p)
    check_split_json(hint_json(kind, p, kind.hint(p, marks, level="case")))


def check_split_json(out: dict[str, Any]) -> None:
    """A split's hint as JSON: two branches, each assuming the supposed
    value and then a value of the split cell, the hint's first premise."""
    case = out["case"]
    assert case["size"] == len(case["branches"]) == 2
    assert out["level"] == "case" and out["rule"] == "case"
    assert case["suppose"]["cell"] == out["cell"]
    assert case["branches"][0]["assume"][1]["cell"] == out["premises"][0]  # the split cell
    for b in case["branches"]:
        assert b["assume"][0] == case["suppose"]
        assert b["cells"] and b["reason"]


@pytest.mark.parametrize("name", names())
def test_case_is_not_a_ladder_level(name: str) -> None:
    kind = pencilbox.puzzle(name)
    assert kind.levels[-1] == "probe" and "case" not in kind.levels
    assert kind.hint_levels == (*kind.levels, *kind.rungs_above, "case")
