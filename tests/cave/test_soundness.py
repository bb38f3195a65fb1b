"""Soundness: no rule ever removes a candidate that some solution uses.

For random small puzzles the brute force lists every solution; a random
partial answer taken from one solution (sometimes with one wrong mark) keeps
the solutions that agree with it. Each rule alone, and each level's
propagation, must then keep every value those solutions use, and may report
a contradiction only when none is left. A second round fixes more cells on
top of a propagated state, so rules also run where their memory of earlier
fixpoints applies.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pencilbox
from pencilbox.engine.ladder import Status
from pencilbox.engine.state import Contradiction
from pencilbox.puzzles.cave import brute

KIND = pencilbox.puzzle("cave")
MAX_SOLUTIONS = 300


def _allowed(solutions, rows, cols):
    union = [0] * (rows * cols)
    for sol in solutions:
        for cell, v in enumerate(sol):
            union[cell] |= 1 << v
    return union


def _check(state, consistent, union, what):
    ladder = KIND.ladder
    for rule in ladder.rules:
        s = state.copy()
        r = rule.apply(s)
        if consistent:
            assert not isinstance(r, Contradiction), (what, rule.name, r)
            for cell, m in enumerate(s.cands):
                assert union[cell] & ~m == 0, (what, rule.name, cell)
    for level in range(len(ladder.levels)):
        s = state.copy()
        outcome = ladder.propagate(s, level)
        if consistent:
            assert outcome.status is not Status.CONTRADICTION, (what, level, outcome)
            for cell, m in enumerate(s.cands):
                assert union[cell] & ~m == 0, (what, level, cell)
        if outcome.status is Status.SOLVED:
            assert tuple(m.bit_length() - 1 for m in s.cands) in consistent, (what, level)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rows=st.integers(3, 5),
    cols=st.integers(3, 5),
    seed=st.integers(0, 10**6),
    density=st.sampled_from([0.4, 0.6, 0.8, 1.0]),
    twist=st.sampled_from(["plain", "nudge", "unnumber"]),
    data=st.data(),
)
def test_no_rule_removes_a_value_some_solution_uses(rows, cols, seed, density, twist, data):
    p, answer = KIND.generate(rows, cols, density=density, seed=seed)
    clues = list(p.clues)
    shown = [i for i, v in enumerate(clues) if v is not None]
    if twist == "nudge" and shown:
        cell = data.draw(st.sampled_from(shown))
        clues[cell] = max(1, clues[cell] + data.draw(st.sampled_from((-1, 1))))
    elif twist == "unnumber" and shown:
        for cell in data.draw(st.lists(st.sampled_from(shown), max_size=3)):
            clues[cell] = -1
    p = type(p)(p.type, rows, cols, tuple(clues))
    solutions = list(brute.solutions(p, limit=MAX_SOLUTIONS))
    if len(solutions) >= MAX_SOLUTIONS:
        solutions = []  # too open to list: check only that rules do not crash
    n = rows * cols
    base = data.draw(st.sampled_from(solutions)) if solutions else tuple(answer)
    first = data.draw(st.lists(st.integers(0, n - 1), max_size=n // 2, unique=True))
    marks = {cell: base[cell] for cell in first}
    if first and data.draw(st.booleans()) and data.draw(st.booleans()):
        wrong = first[0]
        marks[wrong] = 1 - marks[wrong]

    state = KIND.start(p)
    for cell, v in marks.items():
        state.cands[cell] &= 1 << v
    if any(m == 0 for m in state.cands):
        return  # a mark on a clue cell painted it wall: not a state rules see
    consistent = {s for s in solutions if all(s[c] == v for c, v in marks.items())}
    full = len(solutions) < MAX_SOLUTIONS and solutions
    if not full:
        consistent = set()
    _check(state, consistent, _allowed(consistent, rows, cols), "first round")

    # Second round: propagate, then fix more cells of a surviving solution.
    s = state.copy()
    outcome = KIND.ladder.propagate(s, data.draw(st.integers(0, 2)))
    if outcome.status is Status.CONTRADICTION or not consistent:
        return
    base = data.draw(st.sampled_from(sorted(consistent)))
    more = data.draw(st.lists(st.integers(0, n - 1), max_size=n // 2, unique=True))
    for cell in more:
        s.cands[cell] &= 1 << base[cell]
        marks[cell] = base[cell]
    consistent = {t for t in consistent if all(t[c] == v for c, v in marks.items())}
    _check(s, consistent, _allowed(consistent, rows, cols), "second round")
