"""The standalone Numbrix validator: the rule text as stated, nothing else.

Every number 1 … R·C once; consecutive numbers in orthogonally adjacent
cells; printed numbers kept. It knows nothing of chessboard parity, runs or
Hall sets. Imports nothing from the engine or the rules. Answers are value
indices (0 for the number 1), None for an empty cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pencilbox.violations import Violation


def validate(puzzle: Any, answer: Sequence[int | None]) -> list[Violation]:
    """Every broken rule of ``answer``, in the order a player checks:
    a number twice, a consecutive pair not adjacent, a missing number,
    an empty cell, a printed number changed."""
    rows, cols = puzzle.rows, puzzle.cols
    n = rows * cols
    if _is_solution(puzzle, answer, n, cols):
        return []
    out: list[Violation] = []
    where: dict[int, list[int]] = {}
    outside = []
    for cell, v in enumerate(answer):
        if v is None:
            continue
        if not 0 <= v < n:
            outside.append(cell)
            continue
        where.setdefault(v, []).append(cell)
    if outside:
        out.append(Violation("range", f"a number outside 1…{n}", tuple(outside), local=True))
    twice = tuple(sorted(c for cells in where.values() if len(cells) > 1 for c in cells))
    if twice:
        out.append(Violation("twice", "a number appears twice", twice, local=True))
    apart: list[int] = []
    for v in range(n - 1):
        for a in where.get(v, ()):
            for b in where.get(v + 1, ()):
                (ra, ca), (rb, cb) = divmod(a, cols), divmod(b, cols)
                if abs(ra - rb) + abs(ca - cb) != 1:
                    apart.extend((a, b))
    if apart:
        out.append(
            Violation(
                "apart",
                "consecutive numbers not side by side",
                tuple(sorted(set(apart))),
                local=True,
            )
        )
    filled = sum(1 for v in answer if v is not None)
    missing = [v for v in range(n) if v not in where]
    if missing and filled == n:
        out.append(Violation("missing", f"the number {missing[0] + 1} is missing", (), local=False))
    empty = tuple(i for i, v in enumerate(answer) if v is None)
    if empty:
        out.append(Violation("empty", "an empty cell", empty, local=False))
    changed = tuple(
        i
        for i, clue in enumerate(puzzle.clues)
        if clue is not None and answer[i] is not None and answer[i] != clue - 1
    )
    if changed:
        out.append(Violation("given", "a printed number changed", changed, local=True))
    return out


def _is_solution(puzzle: Any, answer: Sequence[int | None], n: int, cols: int) -> bool:
    """The quick yes: the same rules, checked without collecting the cells."""
    if len(answer) != n or set(answer) != set(range(n)):
        return False
    at = [0] * n
    for cell, v in enumerate(answer):
        at[v] = cell  # type: ignore[index]
    for v in range(n - 1):
        a, b = at[v], at[v + 1]
        if not (abs(a - b) == cols or (abs(a - b) == 1 and a // cols == b // cols)):
            return False
    return all(clue is None or answer[cell] == clue - 1 for cell, clue in enumerate(puzzle.clues))
