"""The safety clock of a budget: one clock, looked at by the ladder before
every rule and by the long rules inside their runs, that stops work without
ever deciding an answer."""

from __future__ import annotations

import dataclasses
import time

import pytest

import pencilbox
from pencilbox.engine import budget, hints
from pencilbox.engine.budget import Budget, OutOfTime, OutOfWork
from pencilbox.engine.fixpoint import first_deduction
from pencilbox.errors import ContradictoryClues

from ..kinds import names, names_with, refuted_at_once, sample


def past() -> float:
    return time.monotonic() - 1.0


def test_the_clock_check_reads_only_the_clock() -> None:
    Budget(1).check_clock()  # work left or not, no clock: nothing to say
    spent = Budget(1)
    with pytest.raises(OutOfWork):
        spent.spend(2)
    spent.check_clock()
    with pytest.raises(OutOfTime):
        Budget(None, deadline=past()).check_clock()
    with pytest.raises(OutOfTime):  # a part of a budget whose clock has passed
        Budget(10, deadline=past()).part(5).check_clock()


def test_check_says_what_spend_would_without_spending() -> None:
    b = Budget(3)
    b.check()
    assert b.spent == 0
    with pytest.raises(OutOfWork):
        b.spend(4)
    with pytest.raises(OutOfWork):
        b.check()
    with pytest.raises(OutOfTime):
        Budget(10, deadline=past()).check()


@pytest.mark.parametrize("name", names())
def test_a_state_reads_the_clock_of_its_budget(name: str) -> None:
    kind = pencilbox.puzzle(name)
    s = kind.start(kind.parse(sample(kind).puzzle))
    s.check_clock()  # no budget: no clock
    s.budget = Budget(None, deadline=past())
    with pytest.raises(OutOfTime):
        s.check_clock()
    s.budget = Budget(0)  # out of work, but the clock is not the work
    s.check_clock()


@pytest.mark.parametrize("name", names_with(refuted_at_once))
def test_the_clues_are_looked_at_within_the_clock_and_never_refused_by_it(name: str) -> None:
    # Clues the lowest rung refutes at once: refused, unless the clock stops the look.
    kind = pencilbox.puzzle(name)
    bad = kind.parse(kind.samples.contradiction)
    with pytest.raises(ContradictoryClues):
        kind.refuse_contradictory_clues(bad)
    kind.refuse_contradictory_clues(bad, seconds=0.0)  # stopped: nothing refused


@pytest.mark.parametrize("name", names())
def test_a_case_rung_out_of_work_says_stopped_never_that_nothing_helps(name: str) -> None:
    # A board probe stalls on and the case rung has work on (a blank one, or
    # one with every fourth clue: a blank Numbrix leaves the case rung no
    # cell to split on): a few units more than probe's fixpoint took run out
    # inside the case rung (the same on every machine).
    kind = pencilbox.puzzle(name)
    q = kind.generate(6, 6, seed=1)[0]
    sparse = tuple(c if i % 4 == 0 else None for i, c in enumerate(q.clues))
    for clues in ((None,) * 36, sparse):
        p = dataclasses.replace(q, clues=clues)
        probe = Budget(None)
        stalled = first_deduction(kind.ladder, kind.start(p), kind.ladder.top, probe)
        whole = Budget(None)
        hints.hint(kind.ladder, kind.start(p), None, "case", budget=whole)
        if stalled.deduction is None and whole.spent > probe.spent + 5:
            break
    else:
        pytest.fail("no board where the case rung has work beyond probe's fixpoint")
    units = probe.spent + 5
    h = hints.hint(kind.ladder, kind.start(p), None, "case", budget=Budget(units))
    assert (h.status, h.reason) == (
        "stopped",
        f"the budget of {units:,} work units ran out before proving a cell; allow more to finish",
    )
    h = hints.hint(kind.ladder, kind.start(p), None, None, budget=Budget(units))
    assert h.status == "stalled" and h.suggest is None
    assert h.reason.endswith(
        f"the search for a higher level stopped: the budget of {units:,} work units ran out"
    )


def test_a_halt_passes_every_clock_until_lifted() -> None:
    """A host's halt stops work under a deadline, however far off, at its
    next check (as the clock would), leaves work without one alone, and
    is lifted for the next call."""
    far = Budget(100, seconds=3600.0)
    part = far.part(10)
    try:
        budget.halt()
        with pytest.raises(OutOfTime):
            far.check_clock()
        with pytest.raises(OutOfTime):
            part.spend(1)
        Budget(100).spend(1)  # no clock: nothing to halt
    finally:
        budget.halt(False)
    far.check_clock()
    part.spend(1)
