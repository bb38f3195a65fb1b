"""Connectivity by bitboards, on no puzzle: the border cuts, and a state
read as bitboards. The puzzles that ask for connected regions check the
deductions on their own boards (:mod:`tests.engine.connectivity_checks`)."""

from __future__ import annotations

import random

from pencilbox.engine import connectivity
from pencilbox.engine.grid import cells_of, grid
from pencilbox.engine.state import State


def test_outside_cuts_holds_every_cut_of_a_graph_with_an_outside_node():
    """Brute force on random rooms: a cell whose removal disconnects some room
    cell from the border is always among :func:`outside_cuts`."""
    rng = random.Random(3)
    for _ in range(300):
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        g = grid(rows, cols)
        room = rng.getrandbits(g.size)
        border = connectivity._border_bits(g)
        reach = g.flood(room & border, room)
        suspects = connectivity.outside_cuts(g, reach, True)
        for x in cells_of(reach):
            rest = reach & ~(1 << x)
            if g.flood(rest & border, rest) != rest:
                assert suspects >> x & 1, (rows, cols, room, x)


def test_a_state_is_read_as_bitboards():
    s = State(None, [1, 2, 3, 2, 0, 1])
    assert connectivity._room(s.cands, 2) == (0b001110, 0b001010)
    assert connectivity._room([1 << 9, 3], 1) == (0b10, 0)


def test_a_cut_that_shuts_a_decided_cell_off_is_never_pruned():
    """Brute force on random rooms, from a root cell and from the border: a
    cell whose removal shuts a decided cell off from the anchor is always
    among the possible cuts that :func:`_may_shut_off` keeps, and it keeps
    none when every decided cell is reached without passing one."""
    rng = random.Random(5)
    pruned = cleared = 0
    for _ in range(400):
        rows, cols = rng.randint(2, 7), rng.randint(2, 7)
        g = grid(rows, cols)
        to_border = rng.random() < 0.5
        room = rng.getrandbits(g.size) | rng.getrandbits(g.size)
        decided = room & rng.getrandbits(g.size) & rng.getrandbits(g.size)
        border = connectivity._border_bits(g)
        if to_border:
            anchor = border
        elif decided:
            anchor = decided & -decided
        else:
            continue
        reach = g.flood(anchor & room, room)
        decided &= reach
        suspects = reach & ~decided & connectivity.outside_cuts(g, reach, to_border)
        kept = connectivity._may_shut_off(g, suspects, reach, decided, anchor)
        assert kept & ~suspects == 0
        pruned += (suspects & ~kept).bit_count()
        cleared += bool(suspects) and not kept
        for x in cells_of(reach & ~decided):
            rest = reach & ~(1 << x)
            if decided & rest & ~g.flood(anchor & rest, rest):
                assert kept >> x & 1, (rows, cols, room, decided, to_border, x)
    assert pruned > 200 and cleared > 20  # not vacuous: possible cuts were left out
