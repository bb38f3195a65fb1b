"""The standalone Kurotto validator: the rule as stated, nothing else.

It knows nothing of floors, ceilings or frontiers; it finds the black blocks
of a finished grid and adds up the ones touching each circle. Imports
nothing from the engine or the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pencilbox.violations import Violation

BLACK, WHITE = 0, 1


def neighbours(rows: int, cols: int, cell: int) -> list[int]:
    r, c = divmod(cell, cols)
    out = []
    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= rr < rows and 0 <= cc < cols:
            out.append(rr * cols + cc)
    return out


def blocks(rows: int, cols: int, answer: Sequence[int | None]) -> list[int]:
    """For every cell, the index of its black block (-1 for a cell that is not black)."""
    label = [-1] * (rows * cols)
    k = 0
    for start in range(rows * cols):
        if answer[start] != BLACK or label[start] >= 0:
            continue
        label[start] = k
        todo = [start]
        while todo:
            cell = todo.pop()
            for n in neighbours(rows, cols, cell):
                if answer[n] == BLACK and label[n] < 0:
                    label[n] = k
                    todo.append(n)
        k += 1
    return label


def circle_sums(
    rows: int, cols: int, clues: Sequence[int | None], answer: Sequence[int | None]
) -> dict[int, tuple[int, tuple[int, ...]]]:
    """For every numbered circle: the total size of the black blocks touching
    it, and the cells of those blocks."""
    label = blocks(rows, cols, answer)
    members: dict[int, list[int]] = {}
    for cell, k in enumerate(label):
        if k >= 0:
            members.setdefault(k, []).append(cell)
    out = {}
    for cell, v in enumerate(clues):
        if v is None or v < 0:
            continue
        touching = {label[n] for n in neighbours(rows, cols, cell) if label[n] >= 0}
        cells = tuple(sorted(x for k in touching for x in members[k]))
        out[cell] = (len(cells), cells)
    return out


def validate(puzzle: Any, answer: Sequence[int | None]) -> list[Violation]:
    """Every broken rule of ``answer`` (None marks an empty cell): a number
    that is not the total size of the black blocks touching it, a shaded
    circle, an empty cell."""
    rows, cols, clues = puzzle.rows, puzzle.cols, puzzle.clues
    out: list[Violation] = []
    for cell, (total, cells) in circle_sums(rows, cols, clues, answer).items():
        if total != clues[cell]:
            r, c = divmod(cell, cols)
            out.append(
                Violation(
                    "number",
                    f"the circle at r{r + 1}c{c + 1} says {clues[cell]} but its blocks "
                    f"total {total}",
                    (cell, *cells),
                    local=False,
                )
            )
    shaded = tuple(c for c, v in enumerate(clues) if v is not None and answer[c] == BLACK)
    if shaded:
        out.append(Violation("circle", "a circle is black", shaded, local=True))
    empty = tuple(i for i, v in enumerate(answer) if v is None)
    if empty:
        out.append(Violation("empty", "an empty cell", empty, local=False))
    return out
