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


def test_the_verdict_gives_the_sketch_a_turn_where_the_search_wanders() -> None:
    # The raw 15x15 of seed 1: the count's search meets no answer in the
    # whole default budget (the studio said "unknown" after two million
    # units); the sketch, given turns in the race's late rounds, finds two.
    p, _ = KIND.generate(15, 15, density=0.5, seed=1)
    v = KIND.analyze(p, upto="probe")
    assert v.verdict == "several", v.reason
    first, second = v.solutions
    assert first != second
    assert validate.validate(p, first) == [] and validate.validate(p, second) == []
    assert v.differ == tuple(c for c in range(len(first)) if first[c] != second[c])
    assert v.work < 500_000


def test_the_hand_made_boards_settle_before_the_sketch_has_a_turn(monkeypatch) -> None:
    # The 13x17 of the real list, whose count settles latest of the shared
    # hand-made boards: in the learning turn of the round the sketch's
    # turns start from, before it (so no hand-made grade pays for them).
    from pencilbox.engine import verdict
    from pencilbox.puzzles.kurotto.samples import SAMPLES

    calls: list[int] = []
    monkeypatch.setattr(verdict._Judging, "sketched", lambda self, *a: calls.append(1))
    (hard,) = [r for r in SAMPLES.real if "/17/13/" in r.url]
    v = KIND.analyze(KIND.from_url(hard.url), upto="probe")
    assert v.unique and not calls
