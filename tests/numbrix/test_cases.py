"""The case rung on Numbrix, judged by the brute force: a 3×4 board has too
many fillings to try them all (as the shared test does for the other
puzzles), so whether some answer has number v in a cell is asked of the
brute force with v printed there."""

from __future__ import annotations

from dataclasses import replace

import pencilbox
from pencilbox.engine import cases
from pencilbox.engine.kind import Puzzle, PuzzleKind

from ..test_cases import stalls_with_refutations


def has_answer_with(kind: PuzzleKind, p: Puzzle, cell: int, value: int) -> bool:
    """Whether some answer has ``value`` in ``cell``: the brute force on the
    board with that number (value + 1) printed there."""
    clues = list(p.clues)
    if clues[cell] is not None:
        return bool(clues[cell] == value + 1)
    clues[cell] = value + 1
    return kind.brute_count(replace(p, clues=tuple(clues)), limit=1).solutions > 0


def test_the_rung_never_removes_a_value_of_a_solution() -> None:
    kind = pencilbox.puzzle("numbrix")
    boards = stalls_with_refutations(kind, 4, seed=17)
    assert boards, "no small numbrix board where probe stalls and the rung refutes"
    for p in boards:
        s = kind.start(p)
        kind.ladder.propagate(s, kind.ladder.top)
        found, _ = cases.find(kind.ladder, s, max_branches=6, first=False)
        assert found
        for f in found:
            assert not has_answer_with(kind, p, f.cell, f.value), (kind.format(p), f)
