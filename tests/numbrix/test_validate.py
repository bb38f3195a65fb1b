"""The standalone validator and the checks built on it."""

from __future__ import annotations

import pencilbox
from pencilbox.engine.state import Contradiction, State

KIND = pencilbox.puzzle("numbrix")

SNAKE = "numbrix 3x3\n1 2 3\n6 5 4\n7 8 9\n"


def test_a_hand_made_answer() -> None:
    p = KIND.parse("numbrix 3x3\n1 . .\n. . .\n. . 9\n")
    answer = KIND.parse_solution(SNAKE, p)
    assert KIND.validate(p, answer) == []
    swapped = list(answer)
    swapped[1], swapped[2] = swapped[2], swapped[1]  # 1 3 2 / 6 5 4 / 7 8 9
    codes = {v.code for v in KIND.validate(p, swapped)}
    assert codes == {"apart"}
    twice = list(answer)
    twice[4] = twice[3]  # two 6s, no 5
    codes = {v.code for v in KIND.validate(p, twice)}
    assert {"twice", "missing"} <= codes
    moved = list(answer)
    moved[0], moved[8] = moved[8], moved[0]
    assert "given" in {v.code for v in KIND.validate(p, moved)}


def test_no_single_cell_can_silently_change_its_number() -> None:
    # Its old number would vanish and its new one appear twice.
    for seed in range(12):
        p, answer = KIND.generate(4, 4, density=0.0, seed=seed)
        for cell in range(16):
            for v in range(16):
                if v == answer[cell]:
                    continue
                changed = list(answer)
                changed[cell] = v
                assert KIND.validate(p, changed), (seed, cell, v)


def test_judge_complete_agrees_with_the_validator() -> None:
    p, answer = KIND.generate(4, 4, density=0.0, seed=1)
    ladder = KIND.ladder
    board = KIND.board(p)
    good = State(board, [1 << v for v in answer])
    assert not isinstance(ladder.judge_complete(good), Contradiction)
    for a in range(16):
        for b in range(a + 1, 16):
            changed = list(answer)
            changed[a], changed[b] = changed[b], changed[a]
            verdict = ladder.judge_complete(State(board, [1 << v for v in changed]))
            assert isinstance(verdict, Contradiction) == bool(KIND.validate(p, changed))
