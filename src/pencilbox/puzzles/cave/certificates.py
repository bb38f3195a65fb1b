"""Cheap Cave certificates of non-uniqueness, read off one answer.

A flip is *silent* when it keeps the board legal and leaves every number's
count unchanged: each is a free second solution, so
P(unique) ≤ P(no silent flip). Numbered and "?" cells never flip (they are
cave by the puzzle).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .validate import validate


def silent_flips(puzzle: Any, answer: Sequence[int]) -> list[int]:
    """Unclued cells whose flip gives another solution of ``puzzle``."""
    out = []
    board = list(answer)
    for cell in range(len(board)):
        if puzzle.clues[cell] is not None:
            continue
        board[cell] ^= 1
        if not validate(puzzle, board):
            out.append(cell)
        board[cell] ^= 1
    return out
