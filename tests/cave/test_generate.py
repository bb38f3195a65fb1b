"""The stamp generator: every accepted flip keeps the board legal.

The standalone validator re-checks the board after the seed and after every
flip the stamp accepts, over 1,500 walks on square and rectangular boards of
sides 4 to 14; each final board's boundary is traced by the test's own code.
"""

from __future__ import annotations

import random

import pytest

import pencilbox
from pencilbox.puzzles.cave import generate
from pencilbox.puzzles.cave.validate import is_legal as validator_is_legal
from tests.cave.cave_helpers import is_legal, loop_shape, seen_count

WALKS = 1500


def test_every_accepted_flip_passes_the_validator():
    rng = random.Random(20261129)
    flips_checked = 0
    sizes = set()
    for walk in range(WALKS):
        rows = rng.randint(4, 14)
        cols = rows if walk % 3 == 0 else rng.randint(4, 14)
        sizes.add((rows, cols))
        n = rows * cols
        board: list[int] = []
        for board in generate.stamp_walk(rows, cols, rng, flips=n):
            assert validator_is_legal(rows, cols, board[:n]), (rows, cols, board[:n])
            flips_checked += 1
        final = board[:n]
        comps, pinches, vertices, edges = loop_shape(rows, cols, final)
        assert (comps, pinches) == (1, 0), (rows, cols, final)
        assert vertices == edges
    assert flips_checked > 50 * WALKS
    assert any(r == c for r, c in sizes) and any(r != c for r, c in sizes)


def test_rejected_flips_would_have_broken_a_small_board():
    # The stamp test is exact on small boards: a flip is accepted iff the
    # flipped board is still legal (judged by the test's own reading).
    rng = random.Random(7)
    for _ in range(200):
        rows, cols = rng.randint(2, 5), rng.randint(2, 5)
        n = rows * cols
        board = generate.generate_answer(rows, cols, rng, flips=30)
        colour = [*board, 0]
        rings = generate.rings(rows, cols)
        for cell in range(n):
            flipped = list(board)
            flipped[cell] ^= 1
            safe = generate.is_safe_flip(colour, rings[cell], cell)
            assert safe == is_legal(rows, cols, flipped), (rows, cols, board, cell)


@pytest.mark.parametrize(
    ("rows", "cols", "density"),
    [
        (4, 4, 0.5),
        (6, 9, 0.3),
        (10, 10, 0.85),
        (13, 7, 1.0),
        (20, 20, 0.4),
        (2, 6, 0.6),
    ],
)
def test_generated_puzzle_is_solved_by_its_answer(rows, cols, density):
    kind = pencilbox.puzzle("cave")
    p, answer = kind.generate(rows, cols, density=density, seed=rows * 100 + cols)
    assert (p.rows, p.cols) == (rows, cols)
    assert is_legal(rows, cols, answer)
    caves = [i for i, v in enumerate(answer) if v == 1]
    clued = [i for i, v in enumerate(p.clues) if v is not None]
    assert set(clued) <= set(caves)
    assert len(clued) == round(density * len(caves))
    for cell in clued:
        assert p.clues[cell] == seen_count(rows, cols, answer, cell)
    assert kind.validate(p, answer) == []


def test_generation_is_reproducible_by_seed():
    kind = pencilbox.puzzle("cave")
    assert kind.generate(8, 11, 0.5, seed=3) == kind.generate(8, 11, 0.5, seed=3)
    assert kind.generate(8, 11, 0.5, seed=3) != kind.generate(8, 11, 0.5, seed=4)
