"""The boundary-loop theorem, on every board up to 4×4.

Every shading of every R×C board (R, C ≤ 4) is enumerated here, judged by
the test's own reading of the rules, and its boundary (cave against wall or
outside) is traced on the lattice points. A board is legal exactly when its
boundary is one closed loop without pinch points; the legal boards are as
many as the simple cycles of the (R+1)×(C+1) lattice.
"""

from __future__ import annotations

import itertools

import pytest

from pencilbox.puzzles.cave.cycles import count_cycles
from pencilbox.puzzles.cave.validate import is_legal as validator_is_legal
from tests.cave.cave_helpers import is_legal, loop_shape

SIZES = [(r, c) for r in range(1, 5) for c in range(1, 5)]


def _boards(rows: int, cols: int):
    n = rows * cols
    for mask in range(1 << n):
        yield [(mask >> i) & 1 for i in range(n)]


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_legal_boards_are_exactly_the_single_loops(rows, cols):
    legal = 0
    for board in _boards(rows, cols):
        comps, pinches, vertices, edges = loop_shape(rows, cols, board)
        if is_legal(rows, cols, board):
            legal += 1
            assert comps == 1, board
            assert pinches == 0, board
            assert vertices == edges, board
            # No rule names the checkered 2×2, yet no legal board holds one.
            for r, c in itertools.product(range(rows - 1), range(cols - 1)):
                a, b = board[r * cols + c], board[r * cols + c + 1]
                d, e = board[(r + 1) * cols + c], board[(r + 1) * cols + c + 1]
                assert not (a == e and b == d and a != b), board
        else:
            assert not (comps == 1 and pinches == 0 and vertices == edges), board
    assert legal == count_cycles(rows + 1, cols + 1)


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3), (3, 3), (3, 4)])
def test_validator_agrees_with_the_tests_own_reading(rows, cols):
    for board in _boards(rows, cols):
        if rows == 1 or cols == 1:
            continue
        assert validator_is_legal(rows, cols, board) == is_legal(rows, cols, board), board
