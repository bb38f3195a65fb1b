"""No rung ever removes a candidate that belongs to some solution."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import pencilbox
from pencilbox.engine.state import Contradiction
from pencilbox.puzzles.yinyang.rules import RULES

KIND = pencilbox.puzzle("yinyang")


def enumerate_solutions(p) -> list[tuple[int, ...]]:
    """All solutions: brute-force counts decide each cell in turn."""
    out: list[tuple[int, ...]] = []

    def walk(clues: list[int | None]) -> None:
        q = pencilbox.Puzzle(p.type, p.rows, p.cols, tuple(clues))
        counted = KIND.brute_count(q, limit=None)
        if counted.solutions == 0:
            return
        if counted.solutions == 1:
            assert counted.first is not None
            out.append(counted.first)
            return
        cell = clues.index(None)
        for v in (0, 1):
            clues[cell] = v
            walk(clues)
        clues[cell] = None

    walk(list(p.clues))
    return out


def survives(cands: list[int], solutions: list[tuple[int, ...]]) -> bool:
    return all((cands[c] >> v) & 1 for sol in solutions for c, v in enumerate(sol))


@settings(max_examples=60, deadline=None)
@given(
    rows=st.integers(3, 5),
    cols=st.integers(3, 5),
    density=st.floats(0.2, 0.7),
    seed=st.integers(0, 10**6),
    marks=st.integers(0, 3),
)
def test_no_rule_removes_a_solution_candidate(rows, cols, density, seed, marks) -> None:
    p, answer = KIND.generate(rows, cols, density=density, seed=seed)
    # sometimes add a few wrong givens so that some puzzles have no solution
    clues = list(p.clues)
    for k in range(marks):
        cell = (seed * (k + 7)) % len(clues)
        if clues[cell] is None:
            clues[cell] = 1 - answer[cell]
    p = pencilbox.Puzzle(p.type, rows, cols, tuple(clues))
    solutions = enumerate_solutions(p)
    assert len(solutions) == KIND.brute_count(p, limit=None).solutions
    for rule in RULES:
        s = KIND.start(p)
        result = rule.apply(s)
        if isinstance(result, Contradiction):
            assert solutions == [], rule.name
        else:
            assert survives(s.cands, solutions), rule.name
    for level in range(len(KIND.levels)):
        s = KIND.start(p)
        outcome = KIND.ladder.propagate(s, level)
        if outcome.status.value == "contradiction":
            assert solutions == [], KIND.levels[level]
        else:
            assert survives(s.cands, solutions), KIND.levels[level]
        if outcome.status.value == "solved":
            assert len(solutions) == 1
