"""Every generated board is legal and its frontier is one curve."""

from __future__ import annotations

import random

import pytest

import pencilbox
from pencilbox.puzzles.yinyang.generate import backbite, lattice_neighbours, serpentine
from pencilbox.puzzles.yinyang.validate import validate

from .frontier import describe

KIND = pencilbox.puzzle("yinyang")

SIZES = [(n, n) for n in range(4, 13)] + [
    (4, 7),
    (5, 9),
    (7, 4),
    (6, 11),
    (12, 5),
    (8, 10),
    (2, 6),
    (3, 8),
    (9, 3),
]


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_generated_boards_are_legal_with_one_frontier(rows: int, cols: int) -> None:
    per_size = 1000 // len(SIZES) + 1
    for seed in range(per_size):
        p, answer = KIND.generate(rows, cols, density=0.3, seed=seed)
        assert validate(p, list(answer)) == []
        shape = describe(rows, cols, list(answer))
        assert shape["components"] == 1
        assert shape["crossings"] == 0
        assert shape["unvisited"] == 0
        assert shape["border_changes"] == 2  # the generator draws paths, not cycles


def test_at_least_a_thousand_boards_checked() -> None:
    assert len(SIZES) * (1000 // len(SIZES) + 1) >= 1000


def test_clues_agree_with_the_answer_at_the_density() -> None:
    p, answer = KIND.generate(10, 10, density=0.37, seed=5)
    shown = [i for i, v in enumerate(p.clues) if v is not None]
    assert len(shown) == 37
    assert all(p.clues[i] == answer[i] for i in shown)


def test_same_seed_same_board_and_different_seeds_differ() -> None:
    a = KIND.generate(8, 8, density=0.5, seed=11)
    b = KIND.generate(8, 8, density=0.5, seed=11)
    assert a == b
    answers = {KIND.generate(8, 8, density=0.5, seed=s)[1] for s in range(30)}
    assert len(answers) == 30


def test_backbite_keeps_a_hamiltonian_path() -> None:
    rng = random.Random(1)
    nbrs = lattice_neighbours(5, 7)
    path = serpentine(5, 7)
    for _ in range(2000):
        backbite(path, nbrs, rng)
        assert sorted(path) == list(range(35))
        assert all(b in nbrs[a] for a, b in zip(path, path[1:], strict=False))
