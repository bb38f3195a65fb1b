"""Exhaustive anchors: clue-free legal boards, and the lattice-cycle counter.

A140517 (simple cycles of the n×n grid graph): 1, 13, 213, 9349 for n = 2..5.
The census runs the brute force over an empty puzzle; the cycle counter knows
nothing about shading. Both must land on the published numbers, and on each
other for rectangles.
"""

from __future__ import annotations

import pytest

import pencilbox
from pencilbox.puzzles.cave.cycles import count_cycles

A140517 = {2: 1, 3: 13, 4: 213, 5: 9349}


@pytest.fixture(scope="module")
def kind():
    return pencilbox.puzzle("cave")


@pytest.mark.parametrize(("side", "boards"), [(2, 13), (3, 213), (4, 9349)])
def test_census_matches_the_published_anchor(kind, side, boards):
    assert kind.census(side, side) == boards


@pytest.mark.parametrize(("points", "cycles"), sorted(A140517.items()))
def test_cycle_counter_matches_a140517(points, cycles):
    assert count_cycles(points) == cycles


def test_cycle_counter_on_small_rectangles_by_hand():
    # A 2×n ladder of lattice points has one cycle per run of its n - 1 squares.
    for n in range(2, 8):
        assert count_cycles(2, n) == n * (n - 1) // 2
        assert count_cycles(n, 2) == n * (n - 1) // 2
    # 3×3 points = a 2×2 board: 4 unit squares, 4 dominoes, 4 L-trominoes, the ring.
    assert count_cycles(3, 3) == 13
    assert count_cycles(1, 5) == 0


@pytest.mark.parametrize(("rows", "cols"), [(2, 3), (3, 2), (2, 5), (3, 4), (4, 3)])
def test_census_equals_cycle_count_on_rectangles(kind, rows, cols):
    assert kind.census(rows, cols) == count_cycles(rows + 1, cols + 1)
