"""Echo holds the whole interval theorem: without sum, its fixpoint is the same."""

from __future__ import annotations

import random

from pencilbox.engine.ladder import Status
from pencilbox.measure.common import ablated

from .kurotto_data import random_puzzle

ECHO = 2  # the level index of echo


def _states(kind, n: int = 300):
    """Start states and partial states of small boards: generated boards with
    cells cut out of their answer, and random clues (often contradictory)
    with random cells painted."""
    rng = random.Random(20261201)
    for i in range(n):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4), (4, 5), (5, 5), (5, 6)])
        if i % 3:
            p, answer = kind.generate(rows, cols, density=rng.choice([0.5, 0.8, 1.0]), seed=i)
        else:
            p, answer = random_puzzle(rng, rows, cols, rng.choice([0.2, 0.4])), None
        yield p, kind.start(p)
        s = kind.start(p)
        share = rng.choice([0.2, 0.4, 0.6])
        for cell in range(len(s.cands)):
            if s.cands[cell] == 3 and rng.random() < share:
                v = answer[cell] if answer is not None and rng.random() < 0.8 else rng.randrange(2)
                s.cands[cell] = 1 << v
        yield p, s


def _same(a, oa, b, ob) -> None:
    assert oa.status is ob.status
    if oa.status is not Status.CONTRADICTION:
        assert a.cands == b.cands


def test_echo_fixpoint_is_the_same_without_sum(kind):
    differ = 0
    for _p, base in _states(kind):
        with_sum, without_sum = base.copy(), base.copy()
        o1 = kind.ladder.propagate(with_sum, ECHO)
        o2 = kind.ladder.propagate(without_sum, ECHO, without="sum")
        _same(with_sum, o1, without_sum, o2)
        # door alone is weaker: the sample must be able to tell the two apart
        alone = base.copy()
        o3 = kind.ladder.propagate(alone, 1, without="sum")
        if o3.status is not o1.status or alone.cands != with_sum.cands:
            differ += 1
    assert differ > 50


def test_probe_without_sum_finishes_what_the_full_ladder_finishes(kind):
    top = len(kind.levels) - 1
    no_sum = ablated("kurotto", "sum", "kept")
    for _p, base in _states(kind, 120):
        full, cut = base.copy(), base.copy()
        _same(full, kind.ladder.propagate(full, top), cut, no_sum.propagate(cut, top))
