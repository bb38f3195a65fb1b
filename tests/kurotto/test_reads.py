"""A circle's verdict reads only the cells in and next to the regions it
fills (``rules.read_by``): judged again on any colouring that agrees with
the first in those cells, it says the same. That is what lets the board keep
a circle's verdicts across search branches and probes, and judge a circle
again only when a cell it read has changed."""

from __future__ import annotations

import random

import pytest

from pencilbox.engine.grid import cells_of
from pencilbox.puzzles.kurotto import rules
from pencilbox.puzzles.kurotto.model import BLACK, WHITE

JUDGES = {
    "sum": rules.judge_sum,
    "door": rules.judge_door,
    "echo": rules.judge_echo,
    "cap": rules.judge_cap,
}


def _colouring(s, answer, rng):
    """Candidates cut out of an answer (or, one time in five, at random):
    some cells decided, the rest open; circles stay white."""
    cands = list(s.cands)
    keep = rng.choice([0.2, 0.4, 0.6, 0.8])
    at_random = rng.random() < 0.2
    for c, m in enumerate(cands):
        if m == 3 and rng.random() < keep:
            value = rng.randint(0, 1) if at_random else answer[c]
            cands[c] = 1 << value
    return cands


def _changed_elsewhere(cands, fixed, rng):
    """The same candidates with every cell outside ``fixed`` set at random
    to black, white or open."""
    return [
        m if fixed >> c & 1 else rng.choice([1 << BLACK, 1 << WHITE, 3])
        for c, m in enumerate(cands)
    ]


@pytest.mark.parametrize("judge", JUDGES, ids=list(JUDGES))
@pytest.mark.parametrize("seed", range(6))
def test_a_verdict_holds_wherever_its_read_cells_agree(kind, judge, seed):
    rng = random.Random(seed)
    checked = smaller = said = 0
    for board_seed in range(seed * 10, seed * 10 + 10):
        size = rng.choice([6, 8, 10])
        p, answer = kind.generate(size, size, density=rng.choice([0.5, 0.8]), seed=board_seed)
        s = kind.start(p)
        board, g = s.board, s.board.grid
        circles = board.circle_bits
        for _ in range(3):
            cands = _colouring(s, answer, rng)
            black, maybe = rules.colours(cands)
            for circle in board.circles:
                area = circle.area
                entry = rules.fresh_entry()
                first = JUDGES[judge](g, circle, black & area, maybe & area, entry)
                read = rules.read_by(g, circle, entry)
                smaller += read != area
                said += bool(first)
                for _ in range(2):
                    other = _changed_elsewhere(cands, read | circles, rng)
                    b2, m2 = rules.colours(other)
                    again = JUDGES[judge](g, circle, b2 & area, m2 & area, rules.fresh_entry())
                    assert again == first, (board_seed, circle.name, list(cells_of(read)))
                    checked += 1
    assert checked > 200
    assert smaller > checked // 10  # not vacuous: most reads are less than the area
    assert said > 0  # and some verdicts say something
