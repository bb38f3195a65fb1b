"""Numbrix puzzles and answers: text tokens, the pencilbox URL, the board context.

A puzzle's clues are the printed numbers 1 … R·C (None blank). Inside the
engine a cell's candidates are an N-bit mask, N = R·C: bit ``v`` stands for
the number ``v + 1``. Answers are value indices 0 … N−1, written as numbers.
URL: ``numbrix/<cols>/<rows>/<body>``, the body a number-16 stream of the
printed numbers (puzz.link has no Numbrix, so no host is written).
"""

from __future__ import annotations

from dataclasses import dataclass

from pencilbox.engine.grid import Bits, Grid, cells_of, grid
from pencilbox.engine.results import Puzzle
from pencilbox.engine.state import Mask, State, shrunk_cells, values_of
from pencilbox.errors import ContradictoryClues, ParseError
from pencilbox.formats import janko, penpa, puzzlink
from pencilbox.formats.numbers import read_number, shown
from pencilbox.formats.text import refuse_size_out_of_range

NAME = "numbrix"

PENPA = penpa.Style(tag="numbrix", numbers=True, answer_offset=1)
"""penpa-edit: the printed numbers in the cells; the answer's numbers in the
solver's colour. (puzz.link has no Numbrix, so no puzz.link file either.)"""
JANKO = janko.Tokens(names=("numbrix",), numbers=True, answer_offset=1)
"""Janko text: numbers, ``-`` for an empty cell; the solution all numbers."""


def number_name(v: int) -> str:
    """Value index ``v`` as players write it (the number ``v + 1``)."""
    return str(v + 1)


def numbers(mask: int, most: int = 5) -> str:
    """The numbers of a candidate mask, at most ``most`` of them spelled out."""
    vals = values_of(mask)
    text = ", ".join(number_name(v) for v in vals[:most])
    return text + (f" and {len(vals) - most} more" if len(vals) > most else "")


def parse_clue(token: str) -> int | None:
    if token == ".":
        return None
    n = read_number(token)
    if n is not None and n >= 1:
        return n
    raise ParseError(f"{shown(token)} is not a Numbrix cell (use '.' or a number from 1)")


def clue_token(value: int | None) -> str:
    return "." if value is None else str(value)


def value_token(v: int) -> str:
    return number_name(v)


def parse_value(token: str, size: int) -> int | None:
    """An answer/marks token as a value index (None for "?" or ".")."""
    if token in ("?", "."):
        return None
    n = read_number(token)
    if n is None or not 1 <= n <= size:
        raise ParseError(f"{shown(token)} is not a number from 1 to {size}")
    return n - 1


def refuse_impossible_clues(p: Puzzle) -> None:
    """Printed numbers lie in 1 … R·C and none is printed twice."""
    n = p.rows * p.cols
    seen: dict[int, int] = {}
    g = p.grid
    for cell, v in enumerate(p.clues):
        if v is None:
            continue
        if not 1 <= v <= n:
            raise ParseError(f"{g.name(cell)}: {v} is outside 1…{n} for a {p.rows}x{p.cols} board")
        if v in seen:
            raise ContradictoryClues(
                f"the number {v} is printed twice ({g.name(seen[v])} and {g.name(cell)})"
            )
        seen[v] = cell


def from_url(url: str) -> Puzzle:
    frame = puzzlink.parse_frame(url)
    if frame.type != NAME:
        raise ParseError(f"this is a {frame.type!r} URL, not a Numbrix one")
    refuse_size_out_of_range(frame.rows, frame.cols)
    values = puzzlink.decode_number16(frame.body, frame.rows * frame.cols)
    if any(v is not None and v < 1 for v in values):
        raise ParseError("a Numbrix URL holds only numbers from 1 (no '.' or 0 clues)")
    p = Puzzle(NAME, frame.rows, frame.cols, tuple(values))
    refuse_impossible_clues(p)
    return p


def to_url(p: Puzzle) -> str:
    return f"{NAME}/{p.cols}/{p.rows}/{puzzlink.encode_number16(list(p.clues))}"


@dataclass(frozen=True, eq=False)
class Board:
    """What the rules read: the puzzle, its grid and lookup tables.

    ``n`` is the number of values, ``full`` the mask of all of them, ``ends``
    the mask of the numbers 1 and N, ``names`` every cell as players write it.
    """

    puzzle: Puzzle
    grid: Grid
    n: int
    full: Mask
    ends: Mask
    names: tuple[str, ...]

    @staticmethod
    def of(p: Puzzle) -> Board:
        g = grid(p.rows, p.cols)
        n = g.size
        return Board(p, g, n, (1 << n) - 1, 1 | 1 << (n - 1), tuple(g.name(c) for c in range(n)))

    def cells_of_values(self, cands: list[Mask], s: State[Board] | None = None) -> list[Bits]:
        """The value→cells index: bitboard of the cells that may hold each
        value (on a big open board, seconds of work: it stops at the
        safety clock of the budget of ``s``, if given). Cells that keep the
        same candidates are read together: a board's start has two kinds
        of cells (a given number, or every number), so its index costs one
        pass over the values instead of one per open cell."""
        alike: dict[Mask, Bits] = {}
        for cell, m in enumerate(cands):
            alike[m] = alike.get(m, 0) | 1 << cell
        where = [0] * self.n
        for i, (m, bits) in enumerate(alike.items()):
            if s is not None and not i & 7:
                s.check_clock()
            while m:
                low = m & -m
                where[low.bit_length() - 1] |= bits
                m ^= low
        return where

    def value_cells(self, s: State[Board]) -> list[Bits]:
        """The value→cells index of ``s`` (:meth:`cells_of_values`), kept in
        the state's notes with the candidates it was made from and brought up
        to date from the cells that lost values since. Read it, never edit it.
        """
        cands = s.cands
        note = s.notes.get("where")
        if note is None:
            where = self.cells_of_values(cands, s)
        else:
            seen, where = note
            if seen == cands:
                return where  # type: ignore[no-any-return]
            changed = shrunk_cells(seen, cands)
            if changed is None:
                where = self.cells_of_values(cands, s)
            else:
                where = where[:]
                for cell in changed:
                    lost = seen[cell] & ~cands[cell]
                    keep = ~(1 << cell)
                    while lost:
                        low = lost & -lost
                        where[low.bit_length() - 1] &= keep
                        lost ^= low
        s.notes["where"] = (cands[:], where)
        return where

    def name_cells(self, bits: Bits, most: int = 6) -> str:
        cells = list(cells_of(bits))
        names = ", ".join(self.names[c] for c in cells[:most])
        return names + (f" and {len(cells) - most} more" if len(cells) > most else "")

    def start(self) -> list[Mask]:
        return [self.full if v is None else 1 << (v - 1) for v in self.puzzle.clues]
