"""The engine alone, on a toy ladder: flood, fixpoints with reasons, probe
and its memo, counting search with splits and backjumping."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from pencilbox.engine import search
from pencilbox.engine.budget import Budget
from pencilbox.engine.grid import cells_of, grid
from pencilbox.engine.hints import chain
from pencilbox.engine.ladder import Ladder, Outcome, Status, narrated_trials, silent_trials
from pencilbox.engine.memo import ProbeMemo
from pencilbox.engine.state import Contradiction, Later, State, shrunk_cells

from .toy import LADDER, Board, Pair, brute, judge_complete, ladder, state

FORK: list[Pair] = [(0, 0, 1, 0), (0, 0, 2, 0), (1, 1, 2, 1)]
"""0=0 forces 1=1 and 2=1, which may not meet: so cell 0 is 1 (probe's job)."""


def flood_by_walk(rows: int, cols: int, seed: int, allowed: set[int]) -> set[int]:
    seen, todo = set(), [seed] if seed in allowed else []
    while todo:
        c = todo.pop()
        if c in seen:
            continue
        seen.add(c)
        r, k = divmod(c, cols)
        for rr, kk in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
            if 0 <= rr < rows and 0 <= kk < cols and rr * cols + kk in allowed:
                todo.append(rr * cols + kk)
    return seen


@pytest.mark.parametrize("seed", range(20))
def test_flood_matches_a_walk_and_stops_past_its_cap(seed: int) -> None:
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 7), rng.randint(2, 7)
    g = grid(rows, cols)
    allowed = {c for c in range(g.size) if rng.random() < 0.6}
    start = rng.randrange(g.size)
    want = flood_by_walk(rows, cols, start, allowed)
    got = g.flood(1 << start, g.bits(allowed))
    assert set(cells_of(got)) == want
    capped = g.flood(1 << start, g.bits(allowed), cap=2)
    assert capped & ~got == 0
    assert capped == got or capped.bit_count() > 2


@pytest.mark.parametrize("seed", range(20))
def test_flood_steps_are_the_farthest_cell_s_distance(seed: int) -> None:
    """Uncapped, the steps a flood grew are the breadth-first distance of the
    farthest cell it reached (the seeds at 0); stopping after ``most`` steps
    keeps what that many steps reach."""
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 8), rng.randint(2, 8)
    g = grid(rows, cols)
    allowed = g.bits(c for c in range(g.size) if rng.random() < 0.65)
    seed_bits = allowed & rng.getrandbits(g.size) & rng.getrandbits(g.size)
    distance = {c: 0 for c in cells_of(seed_bits)}
    frontier = list(distance)
    while frontier:
        step = []
        for c in frontier:
            for w in g.neighbours[c]:
                if allowed >> w & 1 and w not in distance:
                    distance[w] = distance[c] + 1
                    step.append(w)
        frontier = step
    reach, steps = g.flood_steps(seed_bits, allowed)
    assert set(cells_of(reach)) == set(distance)
    assert steps == max(distance.values(), default=0)
    for most in range(steps + 1):
        near, took = g.flood_steps(seed_bits, allowed, most=most)
        assert took == most
        assert set(cells_of(near)) == {c for c, d in distance.items() if d <= most}


@pytest.mark.parametrize("seed", range(20))
def test_links_flood_and_squares_match_a_walk(seed: int) -> None:
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 7), rng.randint(2, 7)
    g = grid(rows, cols)
    pairs = {(c, d) for c in range(g.size) for d, _, _ in g.later[c] if rng.random() < 0.7}
    across = down = 0
    for c, d in pairs:
        a_bit, d_bit = g.link_bits(d, c)
        across |= a_bit
        down |= d_bit
    linked = {c: set() for c in range(g.size)}
    for c, d in pairs:
        linked[c].add(d)
        linked[d].add(c)
    start = rng.randrange(g.size)
    seen, todo = set(), [start]
    while todo:
        c = todo.pop()
        if c not in seen:
            seen.add(c)
            todo.extend(linked[c])
    assert set(cells_of(g.flood_links(1 << start, across, down))) == seen
    on_across, on_down = g.links_on_squares(across, down)
    for c, d in pairs:
        a_bit, d_bit = g.link_bits(c, d)
        squares = [
            {(x, x + 1), (x, x + cols), (x + 1, x + 1 + cols), (x + cols, x + cols + 1)}
            for x in (c, c - cols if a_bit else c - 1)
            if x >= 0 and x % cols < cols - 1 and x + cols < g.size
        ]
        on_square = any(square <= pairs for square in squares)
        assert bool((on_across & a_bit) | (on_down & d_bit)) == on_square


@pytest.mark.parametrize("seed", range(20))
def test_branching_takes_the_fewest_candidates_then_the_most_decided_ring(seed: int) -> None:
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 7), rng.randint(2, 7)
    s = state(rows, cols, [])
    s.cands = [rng.choice([1, 2, 4, 3, 5, 7, 15, 31]) for _ in range(rows * cols)]
    g = s.grid

    def key(c: int) -> tuple[int, int, int]:
        ring = g.ring(c)
        known = sum(1 for w in ring if w is None or s.cands[w] & (s.cands[w] - 1) == 0)
        return s.cands[c].bit_count(), -known, c

    open_cells = [c for c, m in enumerate(s.cands) if m & (m - 1)]
    want = min(open_cells, key=key) if open_cells else -1
    assert search.choose_cell(s) == want


def test_a_fixpoint_narrates_each_deduction_with_its_premise() -> None:
    s = state(1, 3, FORK)
    s.cands[0] = 0b01  # cell 0 holds 0
    s.trace = []
    outcome = LADDER.propagate(s, 0)
    assert outcome.status is Status.CONTRADICTION  # 1 and 2 are both 1
    assert [(d.cell, d.rule, d.premises) for d in s.trace] == [
        (1, "forbid", (0,)),
        (2, "forbid", (0,)),
    ]
    assert "r1c1 is 0" in s.trace[0].reason
    assert outcome.contradiction is not None
    assert set(outcome.contradiction.premises) == {1, 2}


def test_probe_decides_what_the_rung_below_cannot() -> None:
    s = state(1, 3, FORK)
    assert LADDER.propagate(s, 0).status is Status.STALLED and s.cands == [3, 3, 3]
    s.trace = []
    LADDER.propagate(s, 1)
    assert s.cands[0] == 0b10
    probe = next(d for d in s.trace if d.cell == 0)
    assert probe.rule == "probe" and "would lead to a contradiction" in probe.reason


def test_probe_memo_keeps_a_trial_only_while_the_state_stays_inside_it() -> None:
    memo = ProbeMemo([3, 3, 3])
    memo.kept[(0, 1)] = {0: 0b10, 1: 0b01}  # trial 0=1 reached 1=0
    memo.kept[(2, 0)] = {2: 0b01, 0: 0b01}  # trial 2=0 reached 0=0
    memo.rebase([0b10, 3, 3])  # cell 0 is now 1: inside the first trial only
    assert memo.kept == {(0, 1): {1: 0b01}}
    memo.rebase([0b10, 3, 0b01])  # a cell the trial never touched changed
    assert memo.kept == {}


class TrialLog(Ladder):
    """The toy ladder, remembering the state each propagation starts from."""

    def __init__(self, cheap: bool) -> None:
        super().__init__(
            LADDER.levels, [replace(LADDER.rules[0], cheap=cheap)], judge_complete, str
        )
        self.starts: list[list[int]] = []

    def propagate(self, state: State, level: int, *args: Any, **kw: Any) -> Outcome:
        self.starts.append(state.cands[:])
        return super().propagate(state, level, *args, **kw)


def test_a_silent_probe_pass_runs_the_cheap_rules_after_an_elimination() -> None:
    # Probe finds cell 0 is 1 (FORK); cell 0 = 1 then rules 1 out of cell 3,
    # which the cheap rule says at once, before the pass reaches cell 3.
    pairs = [*FORK, (0, 1, 3, 1)]
    fixpoints = []
    for cheap in (False, True):
        ladder = TrialLog(cheap)
        s = state(1, 4, pairs)
        assert ladder.propagate(s, 1).status is Status.STALLED
        fixpoints.append(s.cands)
        tried_3_is_1 = any(c[3] == 0b10 for c in ladder.starts[1:])
        assert tried_3_is_1 is not cheap
    assert fixpoints[0] == fixpoints[1] == [0b10, 0b11, 0b11, 0b01]


def random_pairs(rng: random.Random, n: int, k: int) -> list[Pair]:
    out = []
    for _ in range(k):
        a, b = rng.sample(range(n), 2)
        out.append((a, rng.randrange(2), b, rng.randrange(2)))
    return out


@pytest.mark.parametrize("seed", range(25))
@pytest.mark.parametrize("level", [0, 1])
def test_counts_agree_with_enumeration_and_leave_the_state_alone(seed: int, level: int) -> None:
    rng = random.Random(seed)
    rows, cols = 2, rng.randint(2, 4)
    pairs = random_pairs(rng, rows * cols, rng.randint(2, 10))
    s = state(rows, cols, pairs)
    toy = ladder(exact=seed % 2 == 0, whole=seed % 3 == 0)
    before = s.cands[:]
    want = brute(rows, cols, pairs)
    c = search.count(toy, s, level, limit=1000)
    assert c.complete and c.solutions == want
    assert s.cands == before
    two = search.count(toy, s, level, limit=2)
    assert two.solutions == min(2, want)


def test_independent_parts_are_counted_apart_and_multiplied() -> None:
    # Two disjoint triangles of "differ" pairs on a 2x3 board, and nothing else.
    differ = [(a, v, b, v) for a, b in ((0, 1), (1, 2), (3, 4), (4, 5)) for v in (0, 1)]
    s = state(2, 3, differ)
    c = search.count(LADDER, s, 0, limit=100)
    assert c.solutions == brute(2, 3, differ) == 4
    assert s.board.splits  # search asked the board for its parts
    assert c.guesses == 2  # one guess per part, not one per combination


def test_backjumping_skips_guesses_a_conflict_does_not_rest_on() -> None:
    # Cells 0..5 are unconstrained; cells 6 and 7 have no model at all, but
    # only a guess on 6 shows it. Lowest-cell-first branching guesses 0..5
    # first; their guesses are not to blame, so search jumps straight back.
    dead = [(6, v, 7, w) for v in (0, 1) for w in (0, 1)]
    exact = search.count(ladder(exact=True, whole=True), state(2, 4, dead), 0)
    plain = search.count(ladder(exact=False, whole=True), state(2, 4, dead), 0)
    assert exact.complete and plain.complete
    assert exact.solutions == plain.solutions == brute(2, 4, dead) == 0
    assert exact.nodes < plain.nodes // 4


@pytest.mark.parametrize("seed", range(20))
def test_shrunk_cells_are_the_changed_cells_unless_one_gained(seed: int) -> None:
    # What a rule kept in its notes against the state now: the cells that
    # lost candidates, or None as soon as any cell has one it did not have.
    rng = random.Random(seed)
    seen = [rng.randrange(1, 16) for _ in range(30)]
    now = [m & rng.choice([15, 15, 15, 7, 11, 13, 14]) for m in seen]
    lost = [c for c in range(30) if now[c] != seen[c]]
    assert shrunk_cells(seen, now) == lost
    grown = now[:]
    c = rng.randrange(30)
    grown[c] = now[c] | 16
    assert shrunk_cells(seen, grown) is None
    assert shrunk_cells(now, seen) == ([] if not lost else None)


def test_a_contradiction_is_a_result() -> None:
    s = state(1, 2, [(0, 0, 1, 0), (0, 0, 1, 1), (0, 1, 1, 0), (0, 1, 1, 1)])
    outcome = LADDER.propagate(s, 1)
    assert outcome.status is Status.CONTRADICTION
    assert isinstance(outcome.contradiction, Contradiction)


def test_board_is_the_only_puzzle_knowledge() -> None:
    assert isinstance(state(1, 2, []).board, Board)


def test_a_hints_probe_tries_first_the_cell_or_value_with_fewest_places() -> None:
    # Values 0..3; value 3 has one place (cell 0), value 2 two (cells 0, 1),
    # values 0 and 1 three. By min(values of the cell, places of the value),
    # then round the board from the start, then by value.
    cands = [0b1111, 0b0111, 0b0011]
    assert narrated_trials(cands, [0, 1, 2], 0) == [
        (0, 3),  # 1: the value's only place
        (0, 2),  # 2: value 2's places
        (1, 2),
        (2, 0),  # 2: cell 2's values
        (2, 1),
        (0, 0),  # 3
        (0, 1),
        (1, 0),
        (1, 1),
    ]


def test_a_hints_probe_tries_again_what_an_earlier_pass_kept_only_after_the_rest() -> None:
    # The order of the test above, with (0, 3) and (1, 2) kept by an
    # earlier pass: they go last, in the same order between them.
    cands = [0b1111, 0b0111, 0b0011]
    assert narrated_trials(cands, [0, 1, 2], 0, {(0, 3), (1, 2)}) == [
        (0, 2),
        (2, 0),
        (2, 1),
        (0, 0),
        (0, 1),
        (1, 0),
        (1, 1),
        (0, 3),
        (1, 2),
    ]


def test_on_a_two_valued_board_a_hints_probe_goes_round_from_its_start() -> None:
    cands = [0b11, 0b01, 0b11, 0b11]
    want = [(2, 0), (2, 1), (3, 0), (3, 1), (0, 0), (0, 1)]
    assert narrated_trials(cands, [2, 3, 0], 2) == want
    assert list(silent_trials(cands, [2, 3, 0])) == want


UNIQUE: list[Pair] = [*FORK, (1, 1, 2, 0), (1, 0, 2, 0)]
"""FORK with one answer, 1 0 1: probe finds each cell in turn."""


def test_a_chain_ends_solved_spent_or_stopped_by_whose_budget_ran_out() -> None:
    full = chain(LADDER, state(1, 3, UNIQUE), 1)
    assert full.end == "solved" and sorted(link.deduction.cell for link in full.links) == [0, 1, 2]
    whole = Budget(1)
    assert chain(LADDER, state(1, 3, UNIQUE), 1, whole=whole).end == "spent"
    assert whole.exhausted
    assert chain(LADDER, state(1, 3, UNIQUE), 1, units=1).end == "stopped"
    assert chain(LADDER, state(1, 3, UNIQUE), 1, units=1, whole=Budget(10**9)).end == "stopped"


def test_later_premises_are_made_once_when_first_read() -> None:
    made: list[tuple[int, ...]] = []

    def make(a: int, b: int) -> tuple[int, ...]:
        made.append((a, b))
        return (a, b, a + b)

    later = Later(make, 2, 3)
    assert made == []  # nothing worked out until conflict analysis reads it
    assert list(later) == [2, 3, 5]
    assert list(later) == [2, 3, 5]
    assert made == [(2, 3)]
