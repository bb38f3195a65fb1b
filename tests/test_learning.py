"""The learning machinery on toys: the trail, watched nogoods, first-UIP
analysis and probe explanations, each checked by hand."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import pencilbox
from pencilbox.engine.grid import grid
from pencilbox.engine.kind import Puzzle
from pencilbox.engine.learning import Learning
from pencilbox.engine.state import NOTHING, PROGRESS, Contradiction, State
from pencilbox.errors import PuzzleError

from .kinds import names, names_with

A, B = 1, 2  # the two candidate bits of a toy cell


def _state(size: int) -> State:
    s = State(SimpleNamespace(grid=grid(1, size)), [A | B] * size)
    s.trail = Learning(size).trail()
    return s


def test_trail_records_each_change_with_its_level_and_premises():
    s = _state(3)
    s.depth = 1
    s.assume(0, A)
    assert s.restrict(1, B, "toy", "", (0,)) is PROGRESS
    assert s.trail.log is not None
    assert s.trail.log.entries == [(0, B, 1, None, -1), (1, A, 1, (0,), -1)]
    assert s.trail.last == [0, 1, -1] and s.trail.length == 2


def test_a_copy_cuts_off_what_a_discarded_sibling_left():
    s = _state(3)
    s.assume(0, A)
    trial = s.copy()
    trial.assume(1, A)
    trial.assume(2, A)
    assert s.trail.log is not None and len(s.trail.log.entries) == 3
    s.restrict(1, B, "toy", "", (0,))
    assert [e[0] for e in s.trail.log.entries] == [0, 1]  # the trial's literals are gone


def test_a_watched_nogood_forces_its_last_literal():
    # "cells 0, 1 and 2 cannot all lose A": once two have, the third keeps A.
    s = _state(4)
    learn = s.trail.log
    assert learn is not None
    learn.add([0, 1, 2], [A, A, A])
    s.assume(0, B)
    assert learn.propagate(s) is NOTHING
    assert s.cands[2] == A | B
    s.assume(1, B)
    assert learn.propagate(s) is PROGRESS
    assert s.cands[2] == A
    assert learn.entries[-1][0] == 2 and set(learn.entries[-1][3] or ()) == {0, 1}


def test_watches_move_and_survive_going_back_to_an_earlier_state():
    s = _state(4)
    learn = s.trail.log
    assert learn is not None
    learn.add([0, 1, 2, 3], [A, A, A, A])
    before = s.copy()
    s.assume(0, B)
    learn.propagate(s)
    assert 0 not in learn.cells[0][:2]  # the watch left the literal that holds
    # Back in the earlier state, another line of guesses still gets the force.
    t = before.copy()
    for cell in (3, 2, 1):
        t.assume(cell, B)
        learn.propagate(t)
    assert t.cands[0] == A


def test_a_nogood_whose_literals_all_hold_is_a_contradiction():
    s = _state(2)
    learn = s.trail.log
    assert learn is not None
    learn.add([0, 1], [A, A])
    s.assume(0, B)
    s.assume(1, B)
    r = learn.propagate(s)
    assert isinstance(r, Contradiction) and set(r.premises) == {0, 1}


def test_first_uip_analysis_by_hand():
    # Level 1 guesses cell 0; level 2 guesses cell 1, which forces cell 2,
    # and cells 2 and 0 force cell 3. A conflict on cells 2 and 3: cell 2 is
    # the first unique implication point of level 2, and the nogood is
    # "cell 2 lost A and cell 0 lost A", asserted back at level 1.
    s = _state(5)
    learn = s.trail.log
    assert learn is not None
    s.depth = 1
    learn.guesses.append(s.trail.length)
    s.assume(0, B)
    s.depth = 2
    learn.guesses.append(s.trail.length)
    s.assume(1, B)
    s.restrict(2, B, "toy", "", (1,))
    s.restrict(3, B, "toy", "", (2, 0))
    conflict = Contradiction("toy", "", (3, 2))
    learned = learn.analyze(s, learn.conflict_entries(s, conflict))
    assert learned is not None
    cells, masks, back = learned
    assert cells == [2, 0] and masks == [A, A] and back == 1


def test_analysis_of_a_conflict_on_facts_alone_says_nothing_is_left():
    s = _state(2)
    learn = s.trail.log
    assert learn is not None
    s.restrict(0, B, "toy", "", ())  # level 0: a fact
    assert learn.analyze(s, learn.conflict_entries(s, Contradiction("toy", "", (0,)))) is None


def test_a_probe_elimination_rests_on_what_the_trial_used_less_its_assumption():
    s = _state(4)
    learn = s.trail.log
    assert learn is not None
    s.depth = 1
    learn.guesses.append(s.trail.length)
    s.assume(0, B)  # entry 0
    s.depth = 2
    learn.guesses.append(s.trail.length)
    s.assume(3, B)  # entry 1, not used by the trial
    trial = s.copy()
    start = trial.trail.length
    trial.assume(1, A)
    trial.restrict(2, A, "toy", "", (1, 0))
    conflict = Contradiction("toy", "", (2,))
    assert learn.explain_trial(trial, start, conflict) == (~0,)


def test_coarse_explanations_rest_on_every_guess():
    s = _state(3)
    learn = s.trail.log
    assert learn is not None
    s.depth = 1
    learn.guesses.append(s.trail.length)
    s.assume(0, B)
    learn.coarse = True
    s.restrict(1, B, "toy", "", ())
    learn.coarse = False
    assert learn.antecedents(s.trail.last, 1, learn.entries[1][3] or ()) == [0]


# -- learning on and off count alike, on random small boards of every puzzle ----------
def _board(name: str, rows: int, cols: int, density: float, seed: int, edits: int) -> Puzzle:
    """A generated board with a few clues blanked or changed at random (so
    boards without a solution and with many turn up too): a changed clue is
    the one another answer shows in that cell, kept if the board still
    passes the model's range checks."""
    kind = pencilbox.puzzle(name)
    p, _ = kind.generate(rows, cols, density=density, seed=seed)
    other, _ = kind.generate(rows, cols, density=1.0, seed=seed + 1)
    rng = random.Random(seed)
    clues = list(p.clues)
    n = rows * cols
    for _ in range(edits):
        cell = rng.randrange(n)
        if clues[cell] is None or rng.random() < 0.5:
            continue
        before = clues[cell]
        clues[cell] = other.clues[cell]
        try:
            kind.refuse_impossible_clues(Puzzle(p.type, rows, cols, tuple(clues)))
        except PuzzleError:
            clues[cell] = before
    return Puzzle(p.type, rows, cols, tuple(clues))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(names()),
    st.integers(2, 4),
    st.integers(3, 4),
    st.sampled_from([0.3, 0.5, 0.8]),
    st.integers(0, 10**6),
    st.integers(0, 3),
    st.integers(0, 4),
)
def test_learning_on_and_off_count_alike(name, rows, cols, density, seed, edits, level):
    kind = pencilbox.puzzle(name)
    p = _board(name, rows, cols, density, seed, edits)
    lv = min(level, len(kind.levels) - 1)
    on = kind.count(p, limit=5, level=lv, budget=50_000, learning=True)
    off = kind.count(p, limit=5, level=lv, budget=50_000, learning=False)
    assume(on.complete and off.complete)
    assert on.solutions == off.solutions, kind.format(p)
    if on.first is not None:
        assert kind.validate(p, on.first) == []


def test_restarts_after_every_conflict_still_count_exactly(monkeypatch):
    """Restarting after each conflict revisits the board from the root many
    times; blocked solutions (and free cells they name) must not count twice.
    On every puzzle whose count learns by default (restarts are learning's)."""
    from pencilbox.engine import search

    monkeypatch.setattr(search, "RESTART_UNIT", 1)
    rng = random.Random(7)
    for name in names_with(lambda k: k.ladder.explains_at(k.ladder.top)):
        kind = pencilbox.puzzle(name)
        for seed in range(25):
            rows, cols = rng.choice([(3, 3), (3, 4), (4, 4)])
            p = _board(name, rows, cols, rng.choice([0.2, 0.4]), seed, 2)
            want = kind.brute_count(p, limit=60)
            got = kind.count(p, limit=60, budget=50_000)
            assert want.complete and got.complete
            assert got.solutions == want.solutions, kind.format(p)


# -- a count that stops and goes on ------------------------------------------------
@pytest.mark.parametrize("name", names_with(lambda k: k.samples.case))
def test_a_resumed_count_ends_where_an_unbroken_one_does(name):
    """Stopped at its deadline (before its first node, or inside a fixpoint)
    and given more time, the search with learning goes on where it stopped:
    the same answers, and (stopped before a node) the same nodes. On a board
    graded case, so one the count must search."""
    from pencilbox.engine import search
    from pencilbox.engine.budget import Budget

    kind = pencilbox.puzzle(name)
    assert kind.samples.case is not None
    p = kind.parse(kind.samples.case.puzzle)
    lad = kind.ladder
    whole = search.count(lad, kind.start(p), lad.top, 2, learning=True)
    assert whole.complete and whole.solutions == 1 and whole.nodes > 20
    r = search.Resumable(lad, kind.start(p), lad.top)
    cut = r.run(Budget(0))  # no work at all: not one node
    assert not cut.complete and cut.nodes == 0 and cut.stop == "work"
    done = r.run(Budget())
    assert (done.complete, done.solutions, done.first, done.nodes) == (
        True,
        1,
        whole.first,
        whole.nodes,
    )
    assert r.run(Budget()) is done  # finished: asked again, the same count
    # Stopped inside fixpoints, again and again (a tenth of the whole count's
    # work at a time): still the same answer.
    step = max(1, whole.work // 10)
    r = search.Resumable(lad, kind.start(p), lad.top)
    stops = 0
    c = r.run(Budget(step))
    while not c.complete and stops < 10_000:
        stops += 1
        c = r.run(Budget(step))
    assert c.complete and 0 < stops < 10_000
    assert (c.solutions, c.first) == (1, whole.first)


@pytest.mark.parametrize("name", names_with(lambda k: not k.ladder.explains_at(0)))
def test_a_resumed_count_that_cannot_learn_counts_afresh(name):
    from pencilbox.engine import search
    from pencilbox.engine.budget import Budget

    kind = pencilbox.puzzle(name)
    p, _ = kind.generate(4, 4, density=0.4, seed=2)
    lad = kind.ladder
    r = search.Resumable(lad, kind.start(p), 0)  # the lowest rung explains nothing
    assert r.run(Budget()) == search.count(lad, kind.start(p), 0, 2, Budget(), learning=False)
