"""The standalone Yin-Yang validator: the two rules as stated, nothing else.

It knows nothing of windows being checkered, border arcs or frontier curves;
those are consequences the ladder uses and this checker must not assume.
Imports nothing from the engine or the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pencilbox.violations import Violation

BLACK, WHITE = 0, 1


def groups(rows: int, cols: int, answer: Sequence[int | None], colour: int) -> list[list[int]]:
    """Orthogonally connected groups of the cells of one colour."""
    seen = set()
    out = []
    for start in range(rows * cols):
        if answer[start] != colour or start in seen:
            continue
        seen.add(start)
        group = [start]
        todo = [start]
        while todo:
            cell = todo.pop()
            r, c = divmod(cell, cols)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < rows and 0 <= cc < cols:
                    n = rr * cols + cc
                    if answer[n] == colour and n not in seen:
                        seen.add(n)
                        group.append(n)
                        todo.append(n)
        out.append(group)
    return out


def validate(puzzle: Any, answer: Sequence[int | None]) -> list[Violation]:
    """Every broken rule of ``answer`` (None marks an empty cell), in the
    order players know: a 2×2 of black, of white, black divided, white
    divided, an empty cell; then a given cell painted over."""
    rows, cols = puzzle.rows, puzzle.cols
    out: list[Violation] = []
    for colour, word in ((BLACK, "black"), (WHITE, "white")):
        for r in range(rows - 1):
            for c in range(cols - 1):
                cells = (r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1)
                if all(answer[x] == colour for x in cells):
                    out.append(Violation(f"2x2-{word}", f"a 2×2 of {word}", cells, local=True))
    for colour, word in ((BLACK, "black"), (WHITE, "white")):
        parts = groups(rows, cols, answer, colour)
        if len(parts) > 1:
            smaller = sorted(parts, key=len)[:-1]
            apart = tuple(sorted(x for part in smaller for x in part))
            out.append(Violation(f"{word}-divided", f"{word} divided", apart, local=False))
    empty = tuple(i for i, v in enumerate(answer) if v is None)
    if empty:
        out.append(Violation("empty", "an empty cell", empty, local=False))
    changed = tuple(
        i
        for i, v in enumerate(puzzle.clues)
        if v is not None and answer[i] is not None and answer[i] != v
    )
    if changed:
        out.append(Violation("given", "a given cell painted over", changed, local=True))
    return out
