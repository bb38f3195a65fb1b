"""Candidate search against the raw engine; probe ⇔ unique."""

from __future__ import annotations

import random

import pytest

import pencilbox
from pencilbox.engine.ladder import Status

KIND = pencilbox.puzzle("numbrix")
SIZES = [(2, 3), (3, 3), (3, 4), (4, 4), (2, 6), (4, 5), (5, 5), (3, 6)]


def test_search_and_raw_engine_agree() -> None:
    rng = random.Random(31)
    levels = ("link", "block", "edge", "probe")
    counts: dict[int, int] = {}
    for k in range(320):
        rows, cols = rng.choice(SIZES)
        density = rng.choice([0.05, 0.15, 0.25, 0.35, 0.5])
        p, _ = KIND.generate(rows, cols, density=density, seed=10_000 + k)
        level = "pin" if rows * cols <= 9 else levels[k % len(levels)]
        ladder = KIND.count(p, limit=6, level=level)
        raw = KIND.brute_count(p, limit=6)
        assert ladder.complete and raw.complete
        assert ladder.solutions == raw.solutions, (KIND.to_url(p), level)
        assert KIND.validate(p, ladder.first or ()) == []
        counts[raw.solutions] = counts.get(raw.solutions, 0) + 1
    assert counts.get(1, 0) > 20 and counts.get(6, 0) > 20  # both kinds occur


def test_contradictory_clues_have_no_solution_in_either_engine() -> None:
    # 1 and 2 printed in opposite corners can never be neighbours.
    p = KIND.parse("numbrix 3x3\n1 . .\n. . .\n. . 2\n")
    assert KIND.count(p, limit=2).solutions == 0
    assert KIND.brute_count(p, limit=2).solutions == 0


@pytest.mark.slow
def test_probe_finishes_exactly_the_unique_boards() -> None:
    rng = random.Random(8)
    seen = {True: 0, False: 0}
    for k in range(110):
        side = rng.randint(4, 8)
        cols = max(4, min(8, side + rng.randint(-1, 1)))
        density = rng.choice([0.25, 0.3, 0.35, 0.4, 0.5])
        p, _ = KIND.generate(side, cols, density=density, seed=20_000 + k)
        raw = KIND.brute_count(p, limit=2, budget=3_000_000)
        assert raw.complete
        unique = raw.solutions == 1
        solved = KIND.solve(p, level="probe").status is Status.SOLVED
        assert solved == unique, KIND.to_url(p)
        seen[unique] += 1
    assert seen[True] > 20 and seen[False] > 20


def test_the_raw_engine_honours_its_budget() -> None:
    empty = KIND.parse("numbrix 6x6\n" + ". . . . . .\n" * 6)
    counted = KIND.brute_count(empty, limit=None, budget=500)
    assert not counted.complete and counted.engine == "brute"


def test_span_is_off_the_ladder() -> None:
    assert "span" not in {r.name for r in KIND.ladder.rules}
    assert KIND.levels == ("pin", "link", "block", "edge", "probe")
