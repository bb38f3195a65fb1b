"""The backbite generator and the chessboard corollaries on sampled answers."""

from __future__ import annotations

import random

import pencilbox
from pencilbox.puzzles.numbrix import generate

KIND = pencilbox.puzzle("numbrix")


def test_a_thousand_answers_are_valid_and_chessboard_coloured() -> None:
    rng = random.Random(2024)
    for k in range(1000):
        rows, cols = rng.randint(2, 8), rng.randint(2, 8)
        p, answer = KIND.generate(rows, cols, density=0.25, seed=k)
        assert KIND.validate(p, answer) == []
        colour = [(r + c) % 2 for r in range(rows) for c in range(cols)]
        first = answer.index(0)
        last = answer.index(rows * cols - 1)
        # Each step changes colour: number parity is tied to cell colour.
        for cell, v in enumerate(answer):
            assert (colour[cell] ^ colour[first]) == v % 2
        assert (colour[first] == colour[last]) == ((rows * cols) % 2 == 1)


def test_backbite_keeps_a_hamiltonian_path() -> None:
    rng = random.Random(7)
    path = generate.boustrophedon(5, 6)
    nbrs = KIND.board(KIND.parse("numbrix 5x6\n" + "\n".join([". " * 6] * 5))).grid.neighbours
    changed = 0
    for _ in range(3000):
        changed += generate.backbite(path, nbrs, rng)
        assert sorted(path) == list(range(30))
        assert all(b in nbrs[a] for a, b in zip(path, path[1:], strict=False))
    assert changed > 1000  # most moves change the path


def test_printed_numbers_follow_the_density_and_the_answer() -> None:
    p, answer = KIND.generate(10, 10, density=0.3, seed=11)
    assert p.clue_count == 30
    assert all(v is None or v == answer[c] + 1 for c, v in enumerate(p.clues))


def test_same_seed_same_puzzle_and_draws_differ() -> None:
    assert KIND.generate(6, 7, seed=5) == KIND.generate(6, 7, seed=5)
    answers = {KIND.generate(10, 10, seed=s)[1] for s in range(50)}
    assert len(answers) == 50


def _bends(path: list[int], cols: int) -> int:
    steps = [b - a for a, b in zip(path, path[1:], strict=False)]
    return sum(1 for s, t in zip(steps, steps[1:], strict=False) if s != t)


def test_backbite_mixes_like_the_reference_figures() -> None:
    # Spec reference for 10×10: ~7 in 10 moves change the path; the
    # boustrophedon has 18 bends, a mixed answer about 55.
    assert _bends(generate.boustrophedon(10, 10), 10) == 18
    rng = random.Random(3)
    nbrs = KIND.board(KIND.generate(10, 10, seed=0)[0]).grid.neighbours
    path = generate.boustrophedon(10, 10)
    changed = sum(generate.backbite(path, nbrs, rng) for _ in range(6000))
    assert 0.6 < changed / 6000 < 0.8
    bends = [_bends(generate.random_path(10, 10, rng), 10) for _ in range(30)]
    assert 48 < sum(bends) / len(bends) < 62
