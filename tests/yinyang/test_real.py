"""Real puzzles: the outside solver's verdicts and the known answers."""

from __future__ import annotations

import pytest

import pencilbox

from .test_model import REAL

KIND = pencilbox.puzzle("yinyang")

KNOWN = {
    "https://puzz.link/p?yinyang/6/6/6a166b230900": """
        # # # o o o
        # o o o # #
        # # # o o #
        # o # # o #
        # o o o o #
        # # # # # #""",
    "https://puzz.link/p?yinyang/5/5/016612300": """
        o o o o o
        o # # # o
        # # o o o
        o # # # o
        o o o o o""",
}


@pytest.mark.parametrize("url", REAL)
def test_real_puzzles_are_unique(url: str) -> None:
    p = KIND.from_url(url)
    c = KIND.count(p, limit=2)
    assert c.complete
    assert c.solutions == 1
    assert c.first is not None
    assert KIND.validate(p, c.first) == []


@pytest.mark.parametrize(("url", "answer"), KNOWN.items())
def test_known_answers(url: str, answer: str) -> None:
    p = KIND.from_url(url)
    expected = KIND.parse_solution(answer, p)
    assert KIND.validate(p, expected) == []
    assert KIND.count(p).first == expected
    assert KIND.brute_count(p).first == expected


def test_a_25x25_board_is_settled_within_the_default_budget() -> None:
    p, answer = KIND.generate(25, 25, density=0.5, seed=0)
    c = KIND.count(p, limit=2)
    assert c.complete
    assert 1 <= c.solutions <= 2
    assert c.first is not None and KIND.validate(p, c.first) == []
