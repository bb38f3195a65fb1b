"""The count's sketch: a likely answer by local search, a second read off it,
or answers searched for in windows round the circles it gets wrong, else
colours that steer the search; the count it gives is the search's."""

from __future__ import annotations

import pencilbox
from pencilbox.engine import search
from pencilbox.engine.budget import Budget
from pencilbox.puzzles.kurotto import sketch, validate

KIND = pencilbox.puzzle("kurotto")


def test_a_big_open_board_gets_two_checked_answers_from_its_sketch() -> None:
    # A raw 15x15 (pencilbox generate kurotto --style raw --size 15 --seed 3):
    # blocks of dozens of cells, numbers past 50.
    p, _ = KIND.generate(15, 15, density=0.5, seed=3)
    found, likely = KIND.sketch(p, Budget(None))
    assert len(found) == 2
    assert found[0] != found[1]
    assert likely == found[0]
    for answer in found:
        assert validate.validate(p, answer) == []
    c = KIND.count(p, limit=2, sketch=True)
    assert (c.solutions, c.complete, c.guesses, c.engine) == (2, True, 0, "sketch")
    assert c.first == found[0]


def test_the_default_count_takes_no_sketch() -> None:
    p, _ = KIND.generate(15, 15, density=0.5, seed=3)
    assert KIND.count(p, limit=2, budget=100_000).engine == "ladder"


def test_the_count_with_a_sketch_agrees_with_the_brute_force() -> None:
    for seed in range(30):
        p, _ = KIND.generate(5, 5, density=0.4, seed=seed)
        brute = KIND.brute_count(p, limit=2)
        assert brute.complete
        for limit in (1, 2):
            c = KIND.count(p, limit=limit, sketch=True)
            assert c.complete, seed
            assert c.solutions == min(brute.solutions, limit), seed
            if c.first is not None:
                assert validate.validate(p, c.first) == [], seed


def test_leaning_steers_the_search_but_not_its_count() -> None:
    for seed in range(20):
        p, answer = KIND.generate(5, 5, density=0.4, seed=seed)
        plain = search.count(KIND.ladder, KIND.start(p), KIND.ladder.top, 3)
        for lean in (answer, [1 - v for v in answer]):
            steered = search.count(
                KIND.ladder, KIND.start(p), KIND.ladder.top, 3, leaning=[1 << v for v in lean]
            )
            assert (steered.solutions, steered.complete) == (plain.solutions, plain.complete)


def test_a_sketch_far_off_is_mended_by_a_search_near_it() -> None:
    # The raw 15x15 of seed 6 (pencilbox generate kurotto --style raw --size
    # 15 --seed 6): one block of about fifty cells touches most circles, the
    # local search ends circles off, and the search of the whole board finds
    # no answer within many times this budget.
    p, _ = KIND.generate(15, 15, density=0.5, seed=6)
    units = 1_000_000
    found, likely = KIND.sketch(p, Budget(units))
    assert len(found) == 2
    assert found[0] != found[1]
    assert likely == found[0]
    for answer in found:
        assert validate.validate(p, answer) == []
    c = KIND.count(p, limit=2, budget=units, sketch=True)
    assert (c.solutions, c.complete, c.engine) == (2, True, "sketch")


def test_windows_widen_around_the_wrong_circles_until_the_whole_board() -> None:
    p, answer = KIND.generate(6, 6, density=0.5, seed=1)
    board = KIND.start(p).board
    assert list(sketch.windows(board, answer)) == []
    wrong = list(answer)
    circle = board.circles[0]
    x = (board.grid.spread(circle.bit) & ~circle.bit).bit_length() - 1
    wrong[x] ^= 1
    seen = list(sketch.windows(board, wrong))
    assert seen[0] & circle.bit
    assert all(a & ~b == 0 and a != b for a, b in zip(seen, seen[1:], strict=False))
    assert seen[-1] == (1 << 36) - 1
