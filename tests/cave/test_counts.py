"""Solution counts: the ladder's search at every level against the brute force.

The brute force (row-major DFS, pruned only by the three stated rules, leaves
scored by the standalone validator) shares no code with the ladder. Boards
4×4 to 6×6 at several densities, some with a clue nudged or turned into "?"
so that unsolvable and wide-open puzzles are in the mix too.
"""

from __future__ import annotations

import random

import pytest

import pencilbox
from tests.cave.cave_helpers import is_solution

LIMIT = 6
SIZES = [(4, 4), (4, 5), (5, 4), (5, 5), (4, 6), (5, 6), (6, 5), (6, 6)]
DENSITIES = [0.45, 0.6, 0.75, 0.9, 1.0]


def _puzzles():
    kind = pencilbox.puzzle("cave")
    rng = random.Random(4242)
    out = []
    for rows, cols in SIZES:
        for density in DENSITIES:
            for twist in ("plain", "nudge", "unnumber"):
                seed = rng.randrange(10**9)
                p, _ = kind.generate(rows, cols, density=density, seed=seed)
                clues = list(p.clues)
                shown = [i for i, v in enumerate(clues) if v is not None]
                if twist == "nudge" and shown:
                    cell = rng.choice(shown)
                    clues[cell] = max(1, clues[cell] + rng.choice((-1, 1)))
                elif twist == "unnumber" and shown:
                    for cell in rng.sample(shown, max(1, len(shown) // 4)):
                        clues[cell] = -1
                out.append(type(p)(p.type, rows, cols, tuple(clues)))
    return out


PUZZLES = _puzzles()


def test_enough_pairs():
    kind = pencilbox.puzzle("cave")
    assert len(PUZZLES) * len(kind.levels) >= 400


@pytest.mark.parametrize("index", range(len(PUZZLES)))
def test_search_agrees_with_brute_force_at_every_level(index):
    kind = pencilbox.puzzle("cave")
    p = PUZZLES[index]
    brute = kind.brute_count(p, limit=LIMIT)
    assert brute.complete
    if brute.first is not None:
        assert is_solution(p.rows, p.cols, p.clues, brute.first)
    for level in kind.levels:
        c = kind.count(p, limit=LIMIT, level=level)
        assert c.complete, level
        assert c.solutions == brute.solutions, (level, kind.to_url(p))
        if c.first is not None:
            assert is_solution(p.rows, p.cols, p.clues, c.first)


def test_every_rule_explains_so_the_default_count_learns() -> None:
    ladder = pencilbox.puzzle("cave").ladder
    assert ladder.explains_at(ladder.top - 1) and ladder.explains_at(ladder.top)
