"""Cheap Kurotto certificates of non-uniqueness, read off one answer, and the
uniqueness oracle built on them.

A circle speaks only inside its *territory*: the potential region it would
have in the answer if one cell were left undecided, i.e. the cells next to it
or next to (or inside) a black block touching it. Three certificates, each a
free second solution:

1. coverage — a plain cell in no circle's territory: flipping it changes no
   sum;
2. silent flip — one plain cell whose flip leaves every circle's sum as it
   is (coverage is the cheapest case);
3. silent pair flip — two plain cells flipped together that rearrange blocks
   while every circle's sum stays the same. A pair can only be silent if the
   second cell lies in the territory of every circle the first one upsets,
   which keeps the candidates few.

Only a board that passes all three goes to the counting search, which runs
under a node budget. Imports nothing from the engine or the rules: the
search is handed in as a function.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .brute import Bitboards
from .validate import validate

BLACK = 0


class _Answer:
    """An answer as bitboards, with each numbered circle's territory."""

    def __init__(self, puzzle: Any, answer: Sequence[int]) -> None:
        rows, cols, clues = puzzle.rows, puzzle.cols, puzzle.clues
        self.geo = geo = Bitboards(rows, cols)
        self.numbers = {c: v for c, v in enumerate(clues) if v is not None and v >= 0}
        self.side = {c: geo.grow(1 << c) & ~(1 << c) for c in self.numbers}
        self.plain = [c for c, v in enumerate(clues) if v is None]
        plain_bits = sum(1 << c for c in self.plain)
        self.black = sum(1 << c for c, v in enumerate(answer) if v == BLACK)
        self.territory = {
            c: geo.grow(geo.fill(self.side[c], self.black) | (1 << c)) & plain_bits
            for c in self.numbers
        }
        self.touched: dict[int, list[int]] = {x: [] for x in self.plain}
        for c, land in self.territory.items():
            while land:
                low = land & -land
                self.touched[low.bit_length() - 1].append(c)
                land ^= low

    def total(self, circle: int, black: int) -> int:
        return self.geo.fill(self.side[circle], black).bit_count()

    def upset(self, flips: int, circles: set[int] | list[int]) -> list[int]:
        """The circles among ``circles`` whose sum changes when ``flips`` flip."""
        black = self.black ^ flips
        return [c for c in circles if self.total(c, black) != self.numbers[c]]


def _bare_valid(puzzle: Any, answer: Sequence[int], flips: Sequence[int]) -> bool:
    return not validate(puzzle, _flipped(answer, flips))


def coverage(puzzle: Any, answer: Sequence[int]) -> list[int]:
    """Plain cells in no circle's territory: each flip is a second solution."""
    a = _Answer(puzzle, answer)
    return [x for x in a.plain if not a.touched[x]]


def silent_flips(puzzle: Any, answer: Sequence[int]) -> list[int]:
    """Plain cells whose flip changes no circle's sum."""
    a = _Answer(puzzle, answer)
    return [x for x in a.plain if not a.upset(1 << x, a.touched[x])]


def silent_pairs(
    puzzle: Any, answer: Sequence[int], limit: int | None = None
) -> list[tuple[int, int]]:
    """Pairs of plain cells, neither silent alone, whose joint flip changes no
    circle's sum (at most ``limit`` of them)."""
    a = _Answer(puzzle, answer)
    upset = {x: a.upset(1 << x, a.touched[x]) for x in a.plain}
    out: list[tuple[int, int]] = []
    for x in a.plain:
        hit = upset[x]
        if not hit:
            continue
        land = a.territory[hit[0]]
        for c in hit[1:]:
            land &= a.territory[c]
        land &= ~((1 << (x + 1)) - 1)  # each pair once, x < y
        while land:
            low = land & -land
            land ^= low
            y = low.bit_length() - 1
            if not upset[y] or not set(upset[y]) <= set(a.touched[x]):
                continue
            circles = set(a.touched[x]) | set(a.touched[y])
            if not a.upset((1 << x) | low, circles):
                out.append((x, y))
                if limit is not None and len(out) >= limit:
                    return out
    return out


def seconds(puzzle: Any, answer: Sequence[int]) -> Iterator[list[int]]:
    """Second answers read off ``answer``: its silent flips, then its silent
    pairs, each flipped and checked by the validator."""
    for x in silent_flips(puzzle, answer):
        if _bare_valid(puzzle, answer, (x,)):
            yield _flipped(answer, (x,))
    for pair in silent_pairs(puzzle, answer):
        if _bare_valid(puzzle, answer, pair):
            yield _flipped(answer, pair)


def _flipped(answer: Sequence[int], flips: Sequence[int]) -> list[int]:
    board = list(answer)
    for x in flips:
        board[x] ^= 1
    return board


@dataclass(frozen=True)
class OracleResult:
    """The oracle's answer: ``verdict`` is "unique", "multiple" or "unknown"
    (the search ran out of budget); ``certificate`` names what decided it
    ("coverage", "silent-flip", "silent-pair" or "search"); ``cells`` are the
    flipped cells of a certificate; ``nodes`` the search nodes spent."""

    verdict: str
    certificate: str
    nodes: int = 0
    cells: tuple[int, ...] = ()

    @property
    def unique(self) -> bool:
        return self.verdict == "unique"


CountFn = Callable[[int], tuple[int, bool, int]]
"""Counts solutions up to 2 within a node budget: (solutions, complete, nodes)."""


def oracle(puzzle: Any, answer: Sequence[int], count: CountFn, budget: int) -> OracleResult:
    """Is ``answer`` the only solution of ``puzzle``? Certificates first, then
    the counting search within ``budget`` nodes."""
    broken = validate(puzzle, answer)
    if broken:
        raise ValueError(f"the answer does not solve the puzzle: {broken[0].message}")
    for x in coverage(puzzle, answer):
        return OracleResult("multiple", "coverage", 0, (x,))
    for x in silent_flips(puzzle, answer):
        if _bare_valid(puzzle, answer, (x,)):
            return OracleResult("multiple", "silent-flip", 0, (x,))
    for pair in silent_pairs(puzzle, answer):
        if _bare_valid(puzzle, answer, pair):
            return OracleResult("multiple", "silent-pair", 0, pair)
    solutions, complete, nodes = count(budget)
    if complete and solutions == 0:
        raise RuntimeError("the search found no solution although the answer is valid")
    if complete and solutions == 1:
        return OracleResult("unique", "search", nodes)
    if solutions >= 2:
        return OracleResult("multiple", "search", nodes)
    return OracleResult("unknown", "search", nodes)
