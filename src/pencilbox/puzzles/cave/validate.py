"""The standalone Cave validator: the three rules as stated, nothing else.

It knows nothing of checkered windows, view extents or boundary loops; those
are consequences the ladder and the generator use and this checker must not
assume. Imports nothing from the engine or the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from pencilbox.violations import Violation

WALL, CAVE = 0, 1
UNNUMBERED = -1


@lru_cache(maxsize=64)
def _masks(rows: int, cols: int) -> tuple[int, int, int, int]:
    """(full board, not the left column, not the right column, the border)."""
    full = (1 << (rows * cols)) - 1
    left = sum(1 << (r * cols) for r in range(rows))
    right = left << (cols - 1)
    top = (1 << cols) - 1
    bottom = top << ((rows - 1) * cols)
    return full, full & ~left, full & ~right, left | right | top | bottom


def flood(seed: int, allowed: int, cols: int, full: int, not_left: int, not_right: int) -> int:
    """Cells of ``allowed`` joined to ``seed`` through ``allowed`` (bitboards)."""
    reach = seed & allowed
    while True:
        grown = (
            reach
            | ((reach << 1) & not_left)
            | ((reach >> 1) & not_right)
            | ((reach << cols) & full)
            | (reach >> cols)
        ) & allowed
        if grown == reach:
            return reach
        reach = grown


def _cells(bits: int) -> tuple[int, ...]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return tuple(out)


def seen_from(rows: int, cols: int, answer: Sequence[int | None], cell: int) -> int:
    """Cave cells ``cell`` sees in the four directions, itself included."""
    r0, c0 = divmod(cell, cols)
    seen = 1
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = r0 + dr, c0 + dc
        while 0 <= r < rows and 0 <= c < cols and answer[r * cols + c] == CAVE:
            seen += 1
            r += dr
            c += dc
    return seen


_DIGIT = bytes.maketrans(b"\x00\x01", b"01")


def validate(puzzle: Any, answer: Sequence[int | None]) -> list[Violation]:
    """Every broken rule of ``answer`` (None marks an empty cell), in the order
    players know: no cave; cave divided; walls not connected to the outside; a
    number sees a different count. Then a clue painted as a wall, and empty
    cells."""
    rows, cols = puzzle.rows, puzzle.cols
    full, not_left, not_right, border = _masks(rows, cols)
    empty: tuple[int, ...] = ()
    if None in answer:
        cave = walls = 0
        for i, v in enumerate(answer):
            if v == CAVE:
                cave |= 1 << i
            elif v == WALL:
                walls |= 1 << i
        empty = tuple(i for i, v in enumerate(answer) if v is None)
    else:
        cave = int(bytes(answer)[::-1].translate(_DIGIT), 2)  # type: ignore[arg-type]
        walls = full & ~cave
    out: list[Violation] = []
    if not cave:
        out.append(Violation("no-cave", "there is no cave cell", local=False))
    else:
        first = flood(cave & -cave, cave, cols, full, not_left, not_right)
        if first != cave:
            rest = cave & ~first
            parts = [first]
            while rest:
                part = flood(rest & -rest, cave, cols, full, not_left, not_right)
                parts.append(part)
                rest &= ~part
            parts.sort(key=int.bit_count)
            smaller = 0
            for part in parts[:-1]:
                smaller |= part
            out.append(
                Violation("cave-divided", "the cave is divided", _cells(smaller), local=False)
            )
    outside = flood(walls & border, walls, cols, full, not_left, not_right)
    if walls & ~outside:
        out.append(
            Violation(
                "wall-sealed",
                "walls are not connected to the outside",
                _cells(walls & ~outside),
                local=False,
            )
        )
    wrong = []
    shaded = []
    for cell in _clue_cells(puzzle.clues):
        v = puzzle.clues[cell]
        if answer[cell] == WALL:
            shaded.append(cell)
        elif v != UNNUMBERED and answer[cell] == CAVE and seen_from(rows, cols, answer, cell) != v:
            wrong.append(cell)
    if wrong:
        out.append(
            Violation(
                "clue-count",
                "a number sees a different count of cells",
                tuple(wrong),
                local=False,
            )
        )
    if shaded:
        out.append(Violation("clue-shaded", "a clue cell is a wall", tuple(shaded), local=True))
    if empty:
        out.append(Violation("empty", "an empty cell", empty, local=False))
    return out


@lru_cache(maxsize=64)
def _clue_cells(clues: tuple[int | None, ...]) -> tuple[int, ...]:
    return tuple(i for i, v in enumerate(clues) if v is not None)


def is_legal(rows: int, cols: int, answer: Sequence[int]) -> bool:
    """True when the shading alone (clues ignored) obeys rules 1 and 2."""
    return not validate(_Bare(rows, cols), answer)


class _Bare:
    """A clue-free stand-in so the validator judges the shading alone."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.clues = (None,) * (rows * cols)
