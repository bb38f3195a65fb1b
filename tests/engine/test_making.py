"""Boards made as a setter makes them: the grade asked, exact and earned,
unique, in the symmetry asked; and a grade out of reach said in one line."""

from __future__ import annotations

import json
import random

import pytest

import pencilbox
from pencilbox.bank.grading import bank_grades
from pencilbox.cli import main
from pencilbox.engine.making import Unreachable, make, make_graded
from pencilbox.engine.symmetry import NONE, ROT180, has_symmetry
from pencilbox.engine.thinning import earned_margin, is_earned, thin, undecided_at
from pencilbox.engine.verdict import judge

from ..kinds import names


def test_the_earned_margin() -> None:
    assert [earned_margin(n) for n in (4, 36, 60, 61, 100, 144, 225)] == [3, 3, 3, 4, 5, 8, 12]


def open_below(kind: pencilbox.PuzzleKind, p: pencilbox.Puzzle, level: int) -> int:
    """The cells the fixpoint of the level below leaves open, read off the
    solve command's grid (not the thinning's own count)."""
    solved = kind.solve(p, level=kind.levels[level - 1])
    return sum(row.split().count("?") for row in kind.state_rows(solved.cands, p.cols))


@pytest.mark.parametrize("name", names())
def test_every_grade_is_made_exact_earned_and_unique(name: str) -> None:
    kind = pencilbox.puzzle(name)
    for grade in bank_grades(kind):
        made = make_graded(kind, 8, 8, grade, seed=11)
        p = made.puzzle
        v = judge(kind, p)
        assert (v.verdict, v.grade) == ("unique", grade), grade
        assert v.solutions[0] == made.answer
        level = kind.levels.index(grade)
        if level > 0:
            assert open_below(kind, p, level) >= earned_margin(64), grade
        assert kind.validate(p, made.answer) == []


@pytest.mark.parametrize("name", names())
def test_a_symmetry_asked_is_kept(name: str) -> None:
    kind = pencilbox.puzzle(name)
    grade = bank_grades(kind)[-1]
    made = make_graded(kind, 7, 7, grade, seed=5, symmetry=ROT180)
    assert made.symmetry == ROT180
    assert has_symmetry(made.puzzle.clues, 7, 7, ROT180)
    assert judge(kind, made.puzzle).grade == grade


@pytest.mark.parametrize("name", names())
def test_a_bank_board_is_minimal_for_its_orbits(name: str) -> None:
    kind = pencilbox.puzzle(name)
    level = kind.levels.index(bank_grades(kind)[-1])
    made = None
    seed = 0
    while made is None:
        made = make(kind, 6, 6, level, seed, NONE, minimal=True)
        seed += 1
    assert made.minimal
    from pencilbox.engine.thinning import is_minimal

    assert is_minimal(kind, made.puzzle, level)


@pytest.mark.parametrize("name", names())
def test_the_same_seed_makes_the_same_board(name: str) -> None:
    kind = pencilbox.puzzle(name)
    grade = bank_grades(kind)[0]
    a = make_graded(kind, 6, 6, grade, seed=3)
    b = make_graded(kind, 6, 6, grade, seed=3)
    assert (a.puzzle, a.answer, a.seed) == (b.puzzle, b.answer, b.seed)


def test_one_fixpoint_says_whether_a_layout_can_be_built_up() -> None:
    """Every candidate clue shown solves the board at the build's level
    exactly when adding them one orbit at a time gets there: the build is
    skipped only where it would have run out of candidates."""
    from pencilbox.engine.making import (
        build_level,
        build_up,
        candidate_orbits,
        draw_answer,
        within_reach,
    )

    seen = set()
    for name in names():
        kind = pencilbox.puzzle(name)
        level = build_level(kind, 0)
        for seed in range(12):
            rng = random.Random(seed)
            answer = draw_answer(kind, 8, 8, ROT180, rng)
            every = list(kind.generator.clues(8, 8, answer, 1.0, rng))
            empty = pencilbox.Puzzle(kind.name, 8, 8, (None,) * 64)
            orbits = candidate_orbits(every, 8, 8, ROT180)
            reach = within_reach(kind, empty, every, orbits, level, None)
            built = build_up(kind, empty, every, orbits, level, rng, kind.style, None)
            assert reach == (built is not None), (name, seed)
            seen.add(reach)
    assert seen == {True, False}


def test_an_unearned_grade_is_told_apart() -> None:
    """A raw thinned board whose level below leaves fewer cells open than the
    margin: solved at its grade, yet not earned (the bank and the deal
    refuse it)."""
    for name in names():
        kind = pencilbox.puzzle(name)
        for level in range(1, len(kind.levels)):
            for seed in range(40):
                full, _ = kind.generate(6, 6, density=1.0, seed=seed)
                p = thin(kind, full, level, random.Random(seed)).puzzle
                left = undecided_at(kind, p, level - 1)
                if 0 < left < earned_margin(36) and judge(kind, p).grade == kind.levels[level]:
                    assert not is_earned(kind, p, level)
                    assert open_below(kind, p, level) == left
                    return
    pytest.skip("no sliver of a grade among these boards")


@pytest.mark.parametrize("name", names())
def test_generate_hits_its_grade_or_says_it_cannot_in_one_line(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """On a 2x2 board the top grade is mostly out of reach: either the board
    has the grade, or one line says it could not be made (exit 2)."""
    top = bank_grades(pencilbox.puzzle(name))[-1]
    code = main(["generate", name, "--size", "2", "--grade", top, "--seed", "1", "--json"])
    out, err = capsys.readouterr()
    if code == 0:
        kind = pencilbox.puzzle(name)
        p = kind.parse("\n".join(json.loads(out)["puzzle"]))
        assert judge(kind, p).grade == top
    else:
        assert code == 2
        assert err.count("\n") == 1 and "could be made" in err and "Traceback" not in err


def test_some_grade_is_out_of_reach() -> None:
    out_of_reach = 0
    for name in names():
        kind = pencilbox.puzzle(name)
        try:
            make_graded(kind, 2, 2, bank_grades(kind)[-1], seed=1, seeds=3)
        except Unreachable as e:
            assert "3 seeds tried" in str(e)
            out_of_reach += 1
    assert out_of_reach > 0


@pytest.mark.parametrize("name", names())
def test_generate_says_the_grade_it_made(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    kind = pencilbox.puzzle(name)
    grade = bank_grades(kind)[-1]
    assert main(["generate", name, "--size", "6", "--grade", grade, "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["grade"], out["style"]) == (grade, "setter")
    p = kind.parse("\n".join(out["puzzle"]))
    assert judge(kind, p).grade == grade


@pytest.mark.parametrize("name", names())
def test_the_raw_style_is_the_generator_as_it_was(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--style raw and --density give the raw generator's boards, byte for byte."""
    kind = pencilbox.puzzle(name)
    outs = []
    for extra in (["--style", "raw"], ["--density", "0.5"], ["--style", "raw", "--density", "0.5"]):
        assert main(["generate", name, "--size", "5", "--seed", "8", "--json", *extra]) == 0
        outs.append(json.loads(capsys.readouterr().out))
    p, answer = kind.generate(5, 5, density=0.5, seed=8)
    assert outs[0] == outs[1] == outs[2]
    assert outs[0]["puzzle"] == kind.puzzle_rows(p)
    assert outs[0]["solution"] == kind.solution_rows(answer, 5)
    assert "grade" not in outs[0]


def test_the_styles_refuse_each_others_options(capsys: pytest.CaptureFixture[str]) -> None:
    name = names()[0]
    asks = [
        ["--style", "setter", "--density", "0.4"],
        ["--style", "raw", "--grade", pencilbox.puzzle(name).levels[-1]],
        ["--density", "0.4", "--symmetry", "rot180"],
    ]
    for extra in asks:
        assert main(["generate", name, "--size", "5", *extra]) == 2
        assert capsys.readouterr().err.count("\n") == 1
