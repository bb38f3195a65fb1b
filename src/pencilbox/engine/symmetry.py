"""Symmetry of the clue positions: the pattern setters lay their clues in.

Many hand-made puzzles place their clues symmetrically: turn the board half
a turn (``rot180``), or reflect it left to right (``mirror``), and every
clue lands on a clue. The values need not match; only the positions do.
``none`` asks for nothing.

A symmetry sends each cell to its *image*; a cell with its images is its
*orbit* (one or two cells: the centre of an odd board is its own image under
``rot180``, the middle column under ``mirror``). A board keeps its symmetry
when its clues come and go whole orbits at a time, which is how the setter's
thinning removes them (:mod:`pencilbox.engine.thinning`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from pencilbox.engine.grid import Cell
from pencilbox.errors import ParseError

NONE, ROT180, MIRROR = "none", "rot180", "mirror"
SYMMETRIES = (NONE, ROT180, MIRROR)
"""Every symmetry a board can be asked for, the trivial one first."""


def refuse_unknown_symmetry(symmetry: str) -> str:
    """``symmetry`` itself, or a ParseError naming the ones there are."""
    if symmetry not in SYMMETRIES:
        raise ParseError(f"no symmetry {symmetry!r}; the symmetries are {', '.join(SYMMETRIES)}")
    return symmetry


def image(cell: Cell, rows: int, cols: int, symmetry: str) -> Cell:
    """Where ``symmetry`` sends ``cell`` on an R×C board."""
    if symmetry == ROT180:
        return rows * cols - 1 - cell
    if symmetry == MIRROR:
        r, c = divmod(cell, cols)
        return r * cols + cols - 1 - c
    return cell


@cache
def orbits(rows: int, cols: int, symmetry: str) -> tuple[tuple[Cell, ...], ...]:
    """The orbits of an R×C board, each once, in the order of their first cell;
    every cell lies in exactly one."""
    refuse_unknown_symmetry(symmetry)
    out: list[tuple[Cell, ...]] = []
    for cell in range(rows * cols):
        other = image(cell, rows, cols, symmetry)
        if other == cell:
            out.append((cell,))
        elif other > cell:
            out.append((cell, other))
    return tuple(out)


def has_symmetry(clues: Sequence[object | None], rows: int, cols: int, symmetry: str) -> bool:
    """Whether the clue positions (the entries that are not None) are kept
    by ``symmetry``."""
    return all(
        (clues[cell] is None) == (clues[image(cell, rows, cols, symmetry)] is None)
        for cell in range(rows * cols)
    )


def symmetry_of(clues: Sequence[object | None], rows: int, cols: int) -> str:
    """The first symmetry of :data:`SYMMETRIES` past ``none`` that the clue
    positions keep, or ``none`` (a board with no clue keeps them all: none)."""
    if all(v is None for v in clues):
        return NONE
    for symmetry in SYMMETRIES[1:]:
        if has_symmetry(clues, rows, cols, symmetry):
            return symmetry
    return NONE


__all__ = [
    "MIRROR",
    "NONE",
    "ROT180",
    "SYMMETRIES",
    "has_symmetry",
    "image",
    "orbits",
    "refuse_unknown_symmetry",
    "symmetry_of",
]
