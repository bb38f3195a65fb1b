"""Boards for the studio tests: the shipped bank's, and clues that contradict.

Expected verdicts come from outside the studio: the bank's stored grade and
answer, the independent validator and brute force, the definition of a grade.
"""

from __future__ import annotations

from dataclasses import replace

import pencilbox
from pencilbox.bank.store import SHIPPED, Bank, Board
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values

TYPES = ("yinyang", "cave", "kurotto", "numbrix")

CONTRADICTIONS = {
    "yinyang": "# # . .\n# # . .\n. . . .\n. . . .\n",  # a black 2×2
    "cave": "1 1 . .\n. . . .\n. . . .\n. . . .\n",  # two 1s that see each other
    "kurotto": "1 0 . .\n0 . . .\n. . . .\n. . . .\n",  # a 1 walled in by circles
    "numbrix": "1 . . .\n. . . .\n. . . .\n. . . 2\n",  # 1 and 2 far apart
}


def bank_boards(name: str, size: int, grade: str | None = None) -> list[Board]:
    with Bank(SHIPPED) as bank:
        return list(bank.boards(name, size, size, grade))


def board_puzzle(kind: PuzzleKind, b: Board) -> tuple[Puzzle, Values]:
    p = kind.parse(b.puzzle)
    return p, kind.parse_solution(b.solution, p)


def without(p: Puzzle, cell: int) -> Puzzle:
    clues = list(p.clues)
    clues[cell] = None
    return replace(p, clues=tuple(clues))


def with_clue(p: Puzzle, cell: int, value: int | None) -> Puzzle:
    clues = list(p.clues)
    clues[cell] = value
    return replace(p, clues=tuple(clues))


def clue_cells(p: Puzzle) -> list[int]:
    return [c for c, v in enumerate(p.clues) if v is not None]


def rows_answer(kind: PuzzleKind, p: Puzzle, rows: list[str]) -> Values:
    return kind.parse_solution("\n".join(rows), p)


def kind_of(name: str) -> PuzzleKind:
    return pencilbox.puzzle(name)
