"""Exhaustive anchors from the Yin-Yang spec, by independent enumeration."""

from __future__ import annotations

import itertools

import pytest

import pencilbox
from pencilbox.puzzles.yinyang.validate import validate

from .frontier import describe

KIND = pencilbox.puzzle("yinyang")
B, W = 0, 1


class Bare:
    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.clues = (None,) * (rows * cols)


def legal_boards(rows: int, cols: int):
    bare = Bare(rows, cols)
    for bits in itertools.product((B, W), repeat=rows * cols):
        board = list(bits)
        if not validate(bare, board):
            yield board


@pytest.mark.parametrize(("n", "expected"), [(2, 12), (3, 34), (4, 96)])
def test_census_of_clue_free_boards(n: int, expected: int) -> None:
    assert KIND.census(n, n) == expected


@pytest.mark.parametrize(("n", "expected"), [(2, 12), (3, 34), (4, 96)])
def test_plain_enumeration_agrees_with_census(n: int, expected: int) -> None:
    assert sum(1 for _ in legal_boards(n, n)) == expected


def test_2x2_census_in_curve_terms() -> None:
    # one interior point; the curve uses 2 of its 4 edges; two colourings
    assert KIND.census(2, 2) == 6 * 2


def landlocked_count(n: int) -> int:
    """Legal boards where one colour never touches the border: the border is
    all of the other colour, so count boards with an all-black border, twice."""
    clues = []
    for r in range(n):
        for c in range(n):
            clues.append(B if r in (0, n - 1) or c in (0, n - 1) else None)
    p = pencilbox.Puzzle("yinyang", n, n, tuple(clues))
    brute = KIND.brute_count(p, limit=None)
    search = KIND.count(p, limit=10**6)
    assert brute.complete and search.complete
    assert brute.solutions == search.solutions
    return 2 * brute.solutions


def test_3x3_has_exactly_two_landlocked_boards() -> None:
    assert landlocked_count(3) == 2


@pytest.mark.parametrize("n", [4, 6])
def test_even_boards_have_no_landlocked_board(n: int) -> None:
    assert landlocked_count(n) == 0


LANDLOCKED_5 = """
# # # # #
# o o o #
# # # o #
# o o o #
# # # # #
"""

LANDLOCKED_7 = """
# # # # # # #
# o o o o o #
# # # # # o #
# o o o o o #
# o # # # # #
# o o o o o #
# # # # # # #
"""


@pytest.mark.parametrize("text", [LANDLOCKED_5, LANDLOCKED_7])
def test_odd_boards_have_landlocked_constructions(text: str) -> None:
    rows = [line.split() for line in text.strip().splitlines()]
    n = len(rows)
    board = [B if t == "#" else W for row in rows for t in row]
    assert validate(Bare(n, n), board) == []
    border = [
        board[r * n + c] for r in range(n) for c in range(n) if r in (0, n - 1) or c in (0, n - 1)
    ]
    assert set(border) == {B}
    assert W in board
    shape = describe(n, n, board)
    assert shape["components"] == 1 and shape["border_changes"] == 0
    # the frontier closes: a Hamiltonian cycle of the interior lattice
    assert shape["edges"] == (n - 1) ** 2


@pytest.mark.parametrize(("rows", "cols"), [(r, c) for r in (2, 3, 4) for c in (2, 3, 4)])
def test_frontier_theorem_on_every_legal_board(rows: int, cols: int) -> None:
    count = 0
    for board in legal_boards(rows, cols):
        count += 1
        shape = describe(rows, cols, board)
        assert shape["components"] == 1, board
        assert shape["crossings"] == 0, board
        assert shape["unvisited"] == 0, board
        assert shape["border_changes"] in (0, 2), board
    assert count > 0
