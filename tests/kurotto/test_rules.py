"""The ladder against the independent brute force: counts, soundness, real
puzzles, the unique-but-beyond-probe gap."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pencilbox.engine.kind import Puzzle
from pencilbox.engine.ladder import Status
from pencilbox.puzzles.kurotto import rules

from .kurotto_data import (
    ANSWER_5X5,
    ANSWER_6X6,
    ANSWER_17X13,
    REAL_URLS,
    every_answer,
    random_puzzle,
)

LIMIT = 40


def _boards() -> list[Puzzle]:
    """130 small boards: generated ones (at least one solution) and clues
    drawn at random (often none)."""
    rng = random.Random(20261129)
    out = []
    from pencilbox import puzzle

    kind = puzzle("kurotto")
    for i in range(130):
        rows, cols = rng.choice([(2, 3), (3, 3), (3, 4), (4, 4), (4, 5)])
        if i % 2:
            p, _ = kind.generate(rows, cols, density=rng.choice([0.4, 0.7, 1.0]), seed=i)
        else:
            p = random_puzzle(rng, rows, cols, rng.choice([0.2, 0.4, 0.6]))
        out.append(p)
    return out


BOARDS = _boards()


@pytest.mark.parametrize("level", ["sum", "door", "echo", "probe"])
def test_counts_agree_with_brute_force(kind, level):
    """4 levels × 130 boards = 520 (board, level) pairs."""
    seen = set()
    for p in BOARDS:
        want = kind.brute_count(p, limit=LIMIT)
        got = kind.count(p, limit=LIMIT, level=level)
        assert want.complete and got.complete
        assert got.solutions == want.solutions, kind.format(p)
        seen.add(min(want.solutions, 3))
        if got.first is not None:
            assert kind.validate(p, got.first) == []
    assert seen == {0, 1, 2, 3}  # the sample covers none, unique and many


puzzles = st.builds(
    lambda seed, rows, cols, dens: random_puzzle(random.Random(seed), rows, cols, dens),
    st.integers(0, 10**9),
    st.integers(2, 3),
    st.integers(2, 4),
    st.sampled_from([0.2, 0.35, 0.5]),
)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles, st.integers(0, 10**9))
def test_no_rule_removes_a_solution(kind, p, seed):
    """Neither a rule alone nor any level's propagate ever removes a candidate
    that belongs to some solution — from the start state and from partial
    states cut out of a solution."""
    sols = every_answer(p)
    rng = random.Random(seed)
    starts = [kind.start(p)]
    for sol in sols[:3]:
        s = kind.start(p)
        for cell in range(len(sol)):
            if s.cands[cell] == 3 and rng.random() < 0.4:
                s.cands[cell] = 1 << sol[cell]
        starts.append(s)
    for base in starts:
        alive = [sol for sol in sols if all(base.cands[c] >> v & 1 for c, v in enumerate(sol))]
        for rule in rules.RULES:
            s = base.copy()
            r = rule.apply(s)
            _check(s, r, alive, rule.name)
        for level in range(len(kind.levels)):
            s = base.copy()
            outcome = kind.ladder.propagate(s, level)
            r = outcome.contradiction if outcome.status is Status.CONTRADICTION else None
            _check(s, r, alive, kind.levels[level])


def _check(s, result, alive, what):
    from pencilbox.engine.state import Contradiction

    if isinstance(result, Contradiction):
        assert not alive, f"{what} found a contradiction in a state with a solution"
        return
    for sol in alive:
        for cell, v in enumerate(sol):
            assert s.cands[cell] >> v & 1, f"{what} removed {v} from cell {cell} of a solution"


KNOWN = {6: ANSWER_6X6, 8: ANSWER_5X5}


@pytest.mark.parametrize("index", [0, 1, 2, 3, 4, 6, 7, 8])
def test_real_puzzles_are_unique(kind, index):
    p = kind.from_url(REAL_URLS[index])
    c = kind.count(p)
    assert c.complete and c.solutions == 1
    assert kind.validate(p, c.first) == []
    if index in KNOWN:
        assert c.first == kind.parse_solution(KNOWN[index], p)


def test_real_13x17_answer_survives_probe_and_the_count_settles_it(kind):
    """The hard 13×17: the outside solver's answer passes the validator and
    keeps every cell's colour through probe (which stalls on it); the count,
    whose search adds the cap rule, settles it unique with that answer."""
    p = kind.from_url(REAL_URLS[5])
    answer = kind.parse_solution(ANSWER_17X13, p)
    assert kind.validate(p, answer) == []
    s = kind.start(p)
    assert kind.ladder.propagate(s, kind.ladder.top).status is Status.STALLED
    assert all(s.cands[cell] >> v & 1 for cell, v in enumerate(answer))
    c = kind.count(p, seconds=120)
    assert c.complete and c.solutions == 1 and c.first == answer


def test_real_4x4_is_graded_by_probe(kind):
    # the 4x4 needs a probe and no guess; the 5x5 falls to echo.
    assert kind.grade(kind.from_url(REAL_URLS[2])).grade == "probe"
    assert kind.grade(kind.from_url(REAL_URLS[8])).grade == "echo"


# Found offline: kind.generate(5, 5, density=0.6, seed=7) -- unique (brute
# force), yet probe stops with 8 cells decided.
GAP = """
kurotto 5x5
. . . . 7
. . . . .
. . . . .
. 9 8 . .
9 . 8 . .
"""
GAP_ANSWER = """
# # o # o
# # o # #
# # # o #
# o o o #
o # o # #
"""


def test_generator_seed_reproduces_the_gap_board(kind):
    p, answer = kind.generate(5, 5, density=0.6, seed=7)
    assert p == kind.parse(GAP)
    assert answer == kind.parse_solution(GAP_ANSWER, p)


def test_gap_board_is_unique_beyond_probe(kind):
    p = kind.parse(GAP)
    assert kind.solve(p).status is Status.STALLED
    assert kind.grade(p).grade == "case"  # the rung above probe finishes it
    g = kind.gapcheck(p)
    assert g.probe_finishes is False
    assert (g.solutions, g.complete) == (1, True)
    assert g.nodes > 0
    assert g.unique
    assert kind.oracle(p, kind.parse_solution(GAP_ANSWER, p)).unique


def test_gapcheck_on_a_board_probe_finishes(kind):
    p = kind.from_url(REAL_URLS[2])
    g = kind.gapcheck(p)
    assert (g.probe_finishes, g.solutions, g.complete, g.nodes) == (True, 1, True, 0)


def test_gapcheck_budget(kind):
    p = kind.parse(GAP)
    g = kind.gapcheck(p, budget=10)
    assert not g.complete and g.nodes == 10


def test_narrated_reasons_name_cells(kind):
    p = kind.from_url(REAL_URLS[8])
    solved = kind.solve(p, narrate=True)
    assert solved.status is Status.SOLVED
    assert solved.deductions
    for d in solved.deductions:
        assert "{" not in d.reason and d.reason
        assert d.rule in kind.levels


def test_hint_from_the_start(kind):
    p = kind.parse("0 .\n. .")
    h = kind.hint(p, level="sum")
    assert h.status == "hint" and h.rule == "sum" and h.value == 1
    assert h.cell in (1, 2)


def test_contradictory_clues(kind):
    p = kind.parse("5 .\n. .")
    assert kind.count(p).solutions == 0
    assert kind.solve(p, level="sum").status is Status.CONTRADICTION
