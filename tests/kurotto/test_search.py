"""Search on Kurotto: independent parts multiply, the local-cut filter and
the probe memo change no answer."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pencilbox import puzzle
from pencilbox.engine.grid import cells_of, grid
from pencilbox.puzzles.kurotto import rules


def _ring_runs(g, room: int, cell: int) -> int:
    """Runs of ring cells in ``room`` holding an orthogonal neighbour, by
    walking the ring (independent of the shift formulas)."""
    ring = g.ring(cell)  # clockwise from the top-left; odd positions orthogonal
    inside = [c is not None and room >> c & 1 for c in ring]
    if all(inside):
        return 1
    runs = 0
    for i in range(8):
        if inside[i] and not inside[i - 1]:
            j, side = i, False
            while inside[j % 8] and j < i + 8:
                side = side or j % 2 == 1
                j += 1
            runs += side
    return runs


@pytest.mark.parametrize("shape", [(1, 5), (4, 4), (5, 7), (7, 3)])
def test_local_cuts_match_a_walk_around_each_ring(shape):
    g = grid(*shape)
    rng = random.Random(shape[0] * 100 + shape[1])
    for _ in range(300):
        room = rng.getrandbits(g.size)
        want = {c for c in range(g.size) if _ring_runs(g, room, c) >= 2}
        assert set(cells_of(g.local_cuts(room))) == want


def test_independent_halves_multiply():
    """Two copies of a 2-solution corner, far apart: 4 solutions, and the
    split sees two parts."""
    kind = puzzle("kurotto")
    p = kind.parse("kurotto 3x7\n1 . o o o . 1\n. o o o o o .\no o o o o o o")
    brute = kind.brute_count(p, limit=None)
    assert brute.complete and brute.solutions == 4
    c = kind.count(p, limit=10, level="sum")
    assert c.complete and c.solutions == 4
    parts, free = rules.split(kind.start(p))
    assert len(parts) == 2 and free == 0


def test_a_part_without_solution_empties_the_product():
    kind = puzzle("kurotto")
    p = kind.parse("kurotto 3x7\n1 . o o o . 5\n. o o o o o .\no o o o o o o")
    assert kind.brute_count(p, limit=None).solutions == 0
    for level in kind.levels:
        c = kind.count(p, limit=10, level=level)
        assert c.complete and c.solutions == 0 and c.first is None


def test_free_cells_count_twice_each():
    kind = puzzle("kurotto")
    p = kind.parse("kurotto 2x4\n0 . o .\no o o .")
    # (0,1) is next to the 0: white; (0,3) and (1,3) touch no number.
    want = kind.brute_count(p, limit=None)
    assert want.solutions == 4
    c = kind.count(p, limit=10, level="sum")
    assert (c.solutions, c.complete) == (4, True)
    assert kind.validate(p, c.first) == []


@pytest.mark.parametrize("name", ["kurotto", "yinyang"])
def test_probe_memo_reaches_the_same_fixpoint(name):
    """A child that inherits its parent's probe memo propagates exactly as a
    child that starts without one."""
    kind = puzzle(name)
    ladder = kind.ladder
    top = ladder.top
    for seed in range(12):
        p, _ = kind.generate(6, 6, density=0.5 if name == "kurotto" else 0.3, seed=seed)
        s = kind.start(p)
        if ladder.propagate(s, top).status.value != "stalled":
            continue
        for cell, m in enumerate(s.cands):
            if m & (m - 1) == 0:
                continue
            for bit in (m & -m, m & ~(m & -m)):
                warm = s.copy()
                warm.probes = s.probes.copy()
                cold = s.copy()
                warm.assume(cell, bit)
                cold.assume(cell, bit)
                a = ladder.propagate(warm, top).status
                b = ladder.propagate(cold, top).status
                assert a == b
                if a.value != "contradiction":
                    assert warm.cands == cold.cands
            break


def test_backjumping_changes_no_count_and_saves_nodes(monkeypatch):
    """The search without learning, with conflict sets (Kurotto's exact
    premises) against plain backtracking on the same boards: equal counts,
    fewer nodes in total."""

    kind = puzzle("kurotto")
    boards = [kind.generate(5, 5, density=0.3, seed=seed)[0] for seed in range(40)]
    jumping = [kind.count(p, limit=2, level="door", learning=False) for p in boards]
    monkeypatch.setattr(rules.LADDER, "hooks", replace(rules.LADDER.hooks, exact_premises=False))
    plain = [kind.count(p, limit=2, level="door", learning=False) for p in boards]
    for a, b, p in zip(jumping, plain, boards, strict=True):
        assert a.complete and b.complete
        assert a.solutions == b.solutions == kind.brute_count(p, limit=2).solutions
    assert sum(a.nodes for a in jumping) < sum(b.nodes for b in plain)


def test_every_rule_explains_so_the_default_count_learns() -> None:
    ladder = puzzle("kurotto").ladder
    assert ladder.explains_at(ladder.top - 1) and ladder.explains_at(ladder.top)


def test_probing_the_root_at_the_first_restart_cuts_the_hard_board_s_search(monkeypatch):
    """The real 13x17 needs restarts: probe's trials at the root after the
    first one leave far fewer guesses, and the same single answer."""
    from .kurotto_data import REAL_URLS

    kind = puzzle("kurotto")
    p = kind.from_url(next(u for u in REAL_URLS if "/17/13/" in u))
    with_it = kind.count(p)
    monkeypatch.setattr(kind.ladder, "hooks", replace(kind.ladder.hooks, probe_at_restart=False))
    without = kind.count(p)
    assert with_it.solutions == without.solutions == 1
    assert with_it.complete and without.complete
    assert with_it.first == without.first
    assert with_it.guesses * 2 < without.guesses
