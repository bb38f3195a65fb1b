"""Silent flips: each one is a second solution, and they are all of the
solutions one flip away (checked against the brute force's full list)."""

from __future__ import annotations

import random

import pencilbox
from pencilbox.puzzles.cave import brute

KIND = pencilbox.puzzle("cave")


def test_silent_flips_are_the_solutions_one_flip_away():
    rng = random.Random(99)
    seen_some = 0
    for trial in range(60):
        rows, cols = rng.randint(3, 5), rng.randint(3, 5)
        p, answer = KIND.generate(rows, cols, density=rng.choice([0.5, 0.7, 0.9]), seed=trial)
        solutions = set(brute.solutions(p))
        assert tuple(answer) in solutions
        one_away = {
            cell
            for cell in range(rows * cols)
            if tuple(v ^ (i == cell) for i, v in enumerate(answer)) in solutions
        }
        flips = KIND.silent_flips(p, answer)
        assert set(flips) == one_away
        seen_some += bool(flips)
        if flips:
            assert KIND.count(p).solutions == 2
    assert seen_some > 5
