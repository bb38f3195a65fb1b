"""Search at every level agrees with the independent brute force."""

from __future__ import annotations

import pytest

import pencilbox

KIND = pencilbox.puzzle("yinyang")

# (size, density): 6×6 below 0.45 makes window-only search slow, not wrong.
CONFIGS = [
    (4, 0.3),
    (4, 0.5),
    (5, 0.3),
    (5, 0.45),
    (5, 0.6),
    (6, 0.45),
    (6, 0.6),
    (6, 0.75),
    (4, 6, 0.4),
    (5, 6, 0.5),
]


def boards():
    for config in CONFIGS:
        rows, cols, density = config if len(config) == 3 else (config[0], *config)
        for seed in range(12):
            yield rows, cols, density, seed


BOARDS = list(boards())


def test_enough_pairs() -> None:
    assert len(BOARDS) >= 100
    assert len(BOARDS) * len(KIND.levels) >= 400


@pytest.mark.parametrize(("rows", "cols", "density", "seed"), BOARDS)
def test_every_level_counts_like_the_brute_force(
    rows: int, cols: int, density: float, seed: int
) -> None:
    p, answer = KIND.generate(rows, cols, density=density, seed=seed)
    brute = KIND.brute_count(p, limit=None)
    assert brute.complete
    assert brute.solutions >= 1  # the generator's answer is one of them
    for level in KIND.levels:
        c = KIND.count(p, limit=10**6, level=level, budget=10**6)
        assert c.complete, level
        assert c.solutions == brute.solutions, level


def test_every_rule_explains_so_the_default_count_learns() -> None:
    ladder = pencilbox.puzzle("yinyang").ladder
    assert ladder.explains_at(ladder.top - 1) and ladder.explains_at(ladder.top)
