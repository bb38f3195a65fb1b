"""Numbrix's long rules look at the safety clock inside their runs."""

from __future__ import annotations

import dataclasses
import time

import pytest

import pencilbox
from pencilbox.engine.budget import Budget, OutOfTime
from pencilbox.engine.kind import Puzzle


def numbrix_blank(n: int) -> Puzzle:
    kind = pencilbox.puzzle("numbrix")
    p, _ = kind.generate(n, n, seed=1)
    return dataclasses.replace(p, clues=(None,) * len(p.clues))


def test_numbrix_rules_stop_inside_a_run_at_the_clock() -> None:
    # On a blank 30x30 one run of pin (its value index of 900 numbers) is
    # seconds of work; with the clock past it stops inside, at its first look.
    kind = pencilbox.puzzle("numbrix")
    s = kind.start(numbrix_blank(30))
    s.budget = Budget(None, deadline=time.monotonic() - 1.0)
    with pytest.raises(OutOfTime):
        kind.ladder.rules_at(0)[0].apply(s)
