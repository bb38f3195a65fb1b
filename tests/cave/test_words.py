"""Cave's reasons count in agreement with their numbers."""

from __future__ import annotations

import pencilbox


def test_a_cave_clue_that_sees_one_cell_says_so_in_the_singular() -> None:
    kind = pencilbox.puzzle("cave")
    # a finished grid where the 3 in the corner is walled in: it sees itself alone
    s = kind.start(kind.parse("cave 3x3\n3 . .\n. . .\n. . ."))
    wall = kind.frontend.tokens[0].value if kind.frontend else 0
    for cell in range(1, 9):
        s.cands[cell] = 1 << wall
    why = kind.ladder.judge_complete(s)
    assert "sees 1 cell" in why.reason and "1 cells" not in why.reason, why
