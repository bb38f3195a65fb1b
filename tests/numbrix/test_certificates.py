"""2-opt reversals: every certificate is a genuine second solution."""

from __future__ import annotations

import random

import pencilbox
from pencilbox.puzzles.numbrix import certificates

KIND = pencilbox.puzzle("numbrix")


def test_every_reversal_is_a_second_solution() -> None:
    rng = random.Random(99)
    built = 0
    for seed in range(300):
        rows, cols = rng.randint(2, 7), rng.randint(2, 7)
        p, answer = KIND.generate(rows, cols, density=rng.choice([0.0, 0.1, 0.2, 0.4]), seed=seed)
        for other in KIND.reversals(p, answer):
            assert other != answer
            assert KIND.validate(p, other) == []
            built += 1
    assert built > 300


def test_a_clue_free_board_always_has_the_full_reversal() -> None:
    # Reading the whole walk backwards is always another numbering.
    p, answer = KIND.generate(5, 5, density=0.0, seed=4)
    assert (0, 24) in certificates.reversal_windows(p, answer)


def test_a_reversal_certificate_means_two_solutions() -> None:
    for seed in range(40):
        p, answer = KIND.generate(5, 5, density=0.3, seed=seed)
        if KIND.reversals(p, answer):
            assert KIND.brute_count(p, limit=2).solutions == 2


def test_a_snake_with_both_ends_printed_has_no_reversal() -> None:
    # 1 2 3 / 6 5 4 / 7 8 9 with 1, 5 and 9 printed: the only window with
    # joined sides around 5 would move it, and the full reversal moves 1.
    p = KIND.parse("numbrix 3x3\n1 . .\n. 5 .\n. . 9\n")
    answer = KIND.parse_solution("1 2 3\n6 5 4\n7 8 9\n", p)
    for other in KIND.reversals(p, answer):
        assert KIND.validate(p, other) == []
