"""Tally puzzles: tokens, URLs and the board the rules read."""

from __future__ import annotations

from dataclasses import dataclass

from pencilbox.engine.grid import Cell, Grid, grid
from pencilbox.engine.results import Puzzle
from pencilbox.errors import ParseError
from pencilbox.formats import puzzlink
from pencilbox.formats.numbers import shown
from pencilbox.formats.text import answer_tokens, refuse_size_out_of_range

NAME = "tally"
BLACK, WHITE = 0, 1
value_token, parse_value = answer_tokens({BLACK: "#", WHITE: "o"}, NAME)


def parse_clue(token: str) -> int | None:
    if token == ".":
        return None
    if token in ("0", "1", "2", "3", "4", "5"):  # str.isdigit() also takes "²"
        return int(token)
    raise ParseError(f"{shown(token)} is not a Tally cell (use '.' or a number 0..5)")


def clue_token(value: int | None) -> str:
    return "." if value is None else str(value)


def refuse_impossible_clues(p: Puzzle) -> None:
    """Refuse a number no cross holds (a cross has at most five cells); one
    larger than its own cross (a corner's has three) is a contradiction the
    rules find, as the editor offers 0 to 5 in every cell."""
    for cell, v in enumerate(p.clues):
        if v is not None and not 0 <= v <= 5:
            raise ParseError(f"the clue {v} at {p.grid.name(cell)} is more than a cross holds")


def from_url(url: str) -> Puzzle:
    frame = puzzlink.parse_frame(url)
    if frame.type != NAME:
        raise ParseError(f"this is a {frame.type!r} URL, not a Tally one")
    refuse_size_out_of_range(frame.rows, frame.cols)
    clues = puzzlink.decode_number16(frame.body, frame.rows * frame.cols)
    p = Puzzle(NAME, frame.rows, frame.cols, tuple(clues))
    refuse_impossible_clues(p)
    return p


def to_url(p: Puzzle) -> str:
    return puzzlink.format_url(NAME, p.cols, p.rows, puzzlink.encode_number16(list(p.clues)))


def cross(g: Grid, cell: Cell) -> tuple[Cell, ...]:
    return (cell, *g.neighbours[cell])


@dataclass(frozen=True)
class Board:
    grid: Grid
    clues: tuple[tuple[Cell, int, tuple[Cell, ...]], ...]
    """(clue cell, number, its cross)"""

    @staticmethod
    def of(p: Puzzle) -> Board:
        g = grid(p.rows, p.cols)
        clues = tuple((c, v, cross(g, c)) for c, v in enumerate(p.clues) if v is not None)
        return Board(g, clues)
