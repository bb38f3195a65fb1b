"""Cheap Yin-Yang certificates of non-uniqueness, read off one answer.

A *silent flip* is a cell that is not given and whose colour can be flipped
with the board staying legal: each is a free second solution. With clues
revealed at density d, a board survives only if every flippable cell is
shown, so P(unique) ≤ E[d^flippable].
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .validate import validate


def flippable(puzzle: Any, answer: Sequence[int]) -> list[int]:
    """Cells whose flip keeps the board legal, givens ignored."""
    out = []
    board = list(answer)
    bare = _Bare(puzzle.rows, puzzle.cols)
    for cell in range(len(board)):
        board[cell] ^= 1
        if not validate(bare, board):
            out.append(cell)
        board[cell] ^= 1
    return out


def silent_flips(puzzle: Any, answer: Sequence[int]) -> list[int]:
    """Flippable cells that are not given: each is a second solution."""
    return [c for c in flippable(puzzle, answer) if puzzle.clues[c] is None]


class _Bare:
    """A clue-free stand-in so the validator judges the shading alone."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.clues = (None,) * (rows * cols)
