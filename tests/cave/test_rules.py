"""The rules one by one, their memory of fixpoints, and the finished-grid check."""

from __future__ import annotations

import itertools
import random

import pytest

import pencilbox
from pencilbox.engine.state import NOTHING, PROGRESS, Contradiction
from pencilbox.puzzles.cave import rules
from tests.cave.cave_helpers import is_solution

KIND = pencilbox.puzzle("cave")
W, C, U = 1, 2, 3  # candidate masks: wall only, cave only, undecided


def test_levels_and_rule_names():
    assert KIND.levels == ("count", "corner", "bridge", "probe")
    assert [r.name for r in KIND.ladder.rules] == ["count", "corner", "bridge", "probe"]
    for name in ("count", "corner", "bridge", "probe"):
        assert f"\n{name}\n" in rules.__doc__


def test_count_uses_exact_sums_not_intervals():
    # 3 . o .      The 3 sees right 0 or 2 cells (the "o" blocks 1) and down
    # . . . .      0 or 1: only right 2 + down 0 makes 2, so r1c2 is cave and
    #              r2c1 is a wall. Interval bounds [0, 2] + [0, 1] prove neither.
    p = KIND.parse("3 . o .\n. . . .")
    s = KIND.start(p)
    s.cands[3] = W
    assert rules.count(s) is PROGRESS
    assert s.cands[1] == C
    assert s.cands[4] == W
    assert s.cands[5:] == [U, U, U]


def test_kept_extents_are_those_in_some_exact_total():
    """Brute force over every choice of one extent a ray: an extent is kept
    exactly when it takes part in a total of t, and no total is None; the
    table of answers the count rule reads gives the same."""
    rng = random.Random(13)
    for _ in range(3000):
        t = rng.randint(0, 9)
        sets = [
            rng.getrandbits(t + 1) | (rng.random() < 0.3) << rng.randint(0, t) for _ in range(4)
        ]
        totals = [
            choice
            for choice in itertools.product(
                *([e for e in range(t + 1) if m >> e & 1] for m in sets)
            )
            if sum(choice) == t
        ]
        want = None
        if totals:
            want = tuple(sum(1 << e for e in {c[d] for c in totals}) for d in range(4))
        assert rules.kept_extents(t, *sets) == want, (t, sets)
    p = KIND.parse("3 . o .\n. . . .")
    s = KIND.start(p)
    rules._KEPT_EXTENTS.clear()
    rules.count(s)
    for key, keeps in rules._KEPT_EXTENTS.items():
        assert keeps == rules.kept_extents(*key)


def test_count_reports_an_impossible_clue():
    p = KIND.parse("2 .\n. .")
    s = KIND.start(p)
    s.cands[1] = W
    s.cands[2] = W
    r = rules.count(s)
    assert isinstance(r, Contradiction) and r.rule == "count"


def test_count_closes_a_full_view_with_a_wall():
    p = KIND.parse("3 . . .\n. . . .")
    s = KIND.start(p)
    s.cands[4] = W  # below the 3: it must see 2 to the right, then a wall
    assert rules.count(s) is PROGRESS
    assert s.cands[:4] == [C, C, C, W]


@pytest.mark.parametrize(
    ("known", "cell", "left"),
    [
        ((C, W, W, U), 3, W),  # TL cave, TR and BL walls: BR must not be cave
        ((W, C, U, W), 2, W),  # TR cave, TL and BR walls: BL must not be cave
        ((C, W, U, C), 2, C),  # cave diagonal: BL must not be wall
    ],
)
def test_corner_breaks_the_checkered_window(known, cell, left):
    p = KIND.parse(". .\n. .")
    s = KIND.start(p)
    s.cands[:] = list(known)
    assert rules.corner(s) is PROGRESS
    assert s.cands[cell] == left


def test_corner_contradiction_on_a_checkered_window():
    p = KIND.parse(". .\n. .")
    s = KIND.start(p)
    s.cands[:] = [C, W, W, C]
    assert isinstance(rules.corner(s), Contradiction)


def test_bridge_cuts_and_splits():
    # o # .    With r1c2 and r2c2 walls, r2c1 is the only way between the two
    # . # .    caves on the left: it must be cave.
    # o . .
    p = KIND.parse("o . .\n. . .\no . .")
    s = KIND.start(p)
    s.cands[1] = W
    s.cands[4] = W
    assert rules.bridge(s) is PROGRESS
    assert s.cands[3] == C
    # Walls at r1c2 and r2c1 shut the cave r1c1 off from the cave r3c3.
    p = KIND.parse("o . .\n. . .\n. . o")
    s = KIND.start(p)
    s.cands[1] = W
    s.cands[3] = W
    r = rules.bridge(s)
    assert isinstance(r, Contradiction)
    assert "cave cells" in r.reason


def test_bridge_forces_the_only_link_and_seals_a_wall_pocket():
    p = KIND.parse("o . o\n. . .\n. . .")
    s = KIND.start(p)
    s.cands[3] = W
    s.cands[4] = W
    s.cands[5] = W
    assert rules.bridge(s) is PROGRESS
    assert s.cands[1] == C  # the only way between the two caves
    # A wall ringed by cave cannot reach the border.
    p = KIND.parse(". o .\no . o\n. o .")
    s = KIND.start(p)
    assert rules.bridge(s) is PROGRESS
    assert s.cands[4] == C


def _shadings(rows, cols):
    for bits in itertools.product((0, 1), repeat=rows * cols):
        yield list(bits)


def test_judge_complete_is_exactly_the_rules_on_small_boards():
    rng = random.Random(5)
    for rows, cols in ((2, 2), (2, 3), (3, 3)):
        clue_sets = [(None,) * (rows * cols)]
        for _ in range(6):
            clue_sets.append(
                tuple(rng.choice([None, None, -1, 1, 2, 3, 4]) for _ in range(rows * cols))
            )
        for clues in clue_sets:
            p = pencilbox.Puzzle("cave", rows, cols, clues)
            for board in _shadings(rows, cols):
                s = KIND.start(p)
                s.cands[:] = [1 << v for v in board]
                verdict = rules.judge_complete(s)
                legal = is_solution(rows, cols, clues, board)
                assert (verdict is NOTHING) == legal, (clues, board, verdict)
                assert (KIND.validate(p, board) == []) == legal, (clues, board)


def test_rules_remember_nothing_that_changes_their_verdict():
    # The same state judged by a board that has seen earlier states, and by a
    # fresh board, must come out the same.
    rng = random.Random(11)
    for trial in range(60):
        n = rng.randint(5, 9)
        p, answer = KIND.generate(n, n, density=rng.choice([0.3, 0.6, 0.9]), seed=trial)
        seasoned = KIND.start(p)
        for cell in rng.sample(range(n * n), n):
            seasoned.cands[cell] &= 1 << answer[cell]
        KIND.ladder.propagate(seasoned, rng.randint(0, 3))
        for _ in range(3):
            child = seasoned.copy()
            for cell in rng.sample(range(n * n), n):
                if child.cands[cell] == U:
                    child.cands[cell] = 1 << rng.choice((answer[cell], answer[cell], 0, 1))
            for rule in (rules.count, rules.corner, rules.bridge):
                fresh = KIND.start(p)
                fresh.cands[:] = child.cands
                a, b = child.copy(), fresh
                ra, rb = rule(a), rule(b)
                assert type(ra) is type(rb), (trial, rule.__name__)
                if not isinstance(ra, Contradiction):
                    assert ra is rb and a.cands == b.cands, (trial, rule.__name__)
            KIND.ladder.propagate(child, 2)


def test_every_deduction_is_narrated():
    p = KIND.from_url("https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n")
    solved = KIND.solve(p, narrate=True)
    assert solved.deductions
    for d in solved.deductions:
        assert d.reason and d.rule in KIND.levels
        assert d.premises
    h = KIND.hint(p)
    assert h.status == "hint" and h.rule and h.reason
