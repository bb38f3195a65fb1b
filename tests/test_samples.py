"""Every puzzle's sample boards are what they claim, checked with independent
code: the brute force and the validator (which share nothing with the
ladder), the definition of a grade, published counts."""

from __future__ import annotations

import pytest

import pencilbox
from pencilbox.bank import bank_grades, has_exact_grade
from pencilbox.engine import cases
from pencilbox.engine.ladder import Status
from pencilbox.errors import ContradictoryClues, PuzzleError

from .kinds import board, names, names_with, refuted_at_once


@pytest.mark.parametrize("name", names())
def test_one_unique_board_per_bank_grade(name: str) -> None:
    kind = pencilbox.puzzle(name)
    graded = kind.samples.graded
    assert tuple(s.grade for s in graded) == bank_grades(kind)
    for s in graded:
        p, answer = board(kind, s)
        assert p.type == name and p.rows * p.cols <= 36
        assert kind.validate(p, answer) == []
        brute = kind.brute_count(p, limit=2)
        assert brute.complete and brute.solutions == 1 and brute.first == answer
        level = kind.levels.index(s.grade)
        assert has_exact_grade(kind, p, level), s.grade


@pytest.mark.parametrize("name", names())
def test_the_contradiction_has_no_answer_and_the_ladder_says_so(name: str) -> None:
    kind = pencilbox.puzzle(name)
    p = kind.parse(kind.samples.contradiction)
    assert kind.brute_count(p, limit=1).solutions == 0
    assert kind.solve(p).status is Status.CONTRADICTION
    if name in names_with(refuted_at_once):
        with pytest.raises(ContradictoryClues):
            kind.refuse_contradictory_clues(p)


@pytest.mark.parametrize("name", names())
def test_refused_inputs_are_refused(name: str) -> None:
    kind = pencilbox.puzzle(name)
    refused = kind.samples.refused
    assert refused and "\n" in refused[0]  # the first is a text grid
    for text in refused:
        with pytest.raises(PuzzleError):
            kind.parse(text)


@pytest.mark.parametrize("name", names())
def test_the_census(name: str) -> None:
    kind = pencilbox.puzzle(name)
    rows, cols, boards = kind.samples.census
    assert rows * cols <= 36
    assert kind.census(rows, cols) == boards


@pytest.mark.parametrize("name", names())
def test_the_bank_grade_is_a_grade(name: str) -> None:
    kind = pencilbox.puzzle(name)
    assert kind.samples.bank_grade in bank_grades(kind)
    assert set(kind.samples.shipped_sizes) <= set(range(2, 61))


@pytest.mark.parametrize("name", names())
def test_one_unique_board_per_rung_above_probe(name: str) -> None:
    """Probe stalls on it, and the rung's fixpoint (the first to) finishes it."""
    kind = pencilbox.puzzle(name)
    above = kind.samples.above
    assert tuple(s.grade for s in above) == kind.rungs_above
    for s in above:
        p, answer = board(kind, s)
        assert p.rows * p.cols <= 36
        brute = kind.brute_count(p, limit=2)
        assert brute.complete and brute.solutions == 1 and brute.first == answer
        assert kind.solve(p).status is Status.STALLED
        for rung in kind.rungs_above:
            solved = kind.solve(p, level=rung)
            if rung == s.grade:
                assert solved.status is Status.SOLVED
                assert tuple(m.bit_length() - 1 for m in solved.cands) == answer
                break
            assert solved.status is Status.STALLED
        assert kind.grade(p, seconds=30).grade == s.grade


@pytest.mark.parametrize("name", names_with(lambda k: k.samples.split))
def test_the_split_board_needs_one_split(name: str) -> None:
    kind = pencilbox.puzzle(name)
    assert kind.samples.split is not None
    p = kind.parse(kind.samples.split)
    s = kind.start(p)
    top = kind.ladder.strongest
    assert top.propagate(s, top.top).status is Status.STALLED
    ref = cases.refute(top, s)
    assert ref is not None and ref.size == 2 and ref.split is not None


@pytest.mark.parametrize("name", names_with(lambda k: k.samples.case))
def test_the_case_board_is_graded_case(name: str) -> None:
    kind = pencilbox.puzzle(name)
    assert kind.samples.case is not None
    p, answer = board(kind, kind.samples.case)
    assert kind.samples.case.grade == "case"
    assert kind.solve(p).status is Status.STALLED
    assert kind.grade(p, seconds=30).grade == "case"
    brute = kind.brute_count(p, limit=2)
    assert brute.complete and brute.solutions == 1 and brute.first == answer


@pytest.mark.parametrize("name", names_with(lambda k: k.samples.slow))
def test_slow_boards_are_slow(name: str) -> None:
    kind = pencilbox.puzzle(name)
    for text in kind.samples.slow:
        assert kind.solve(kind.parse(text), seconds=1.0).status is Status.STOPPED


@pytest.mark.parametrize("name", names_with(lambda k: k.samples.real))
def test_published_puzzles_are_what_they_say(name: str) -> None:
    """Each reads as the puzzle, its URL is the one pencilbox writes, and
    its known answer breaks no rule (the validator's word; how many answers
    each has is checked against the verdict in tests/test_one_verdict.py)."""
    kind = pencilbox.puzzle(name)
    urls = [r.url for r in kind.samples.real]
    assert len(set(urls)) == len(urls)
    for r in kind.samples.real:
        p = kind.from_url(r.url)
        assert p.type == name and kind.to_url(p) == r.url
        assert r.answers in (0, 1)
        if r.answer is not None:
            assert r.answers == 1
            assert kind.validate(p, kind.parse_solution(r.answer, p)) == [], r.url
