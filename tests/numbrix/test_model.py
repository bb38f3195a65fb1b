"""Text and URL codecs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pencilbox
from pencilbox.engine.kind import Puzzle
from pencilbox.errors import ContradictoryClues, ParseError

KIND = pencilbox.puzzle("numbrix")


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    rows = draw(st.integers(2, 9))
    cols = draw(st.integers(2, 9))
    n = rows * cols
    numbers = draw(st.lists(st.integers(1, n), unique=True, max_size=n))
    cells = draw(st.permutations(range(n)))
    clues: list[int | None] = [None] * n
    for cell, v in zip(cells, numbers, strict=False):
        clues[cell] = v
    return Puzzle("numbrix", rows, cols, tuple(clues))


@given(puzzles())
@settings(max_examples=150, deadline=None)
def test_text_round_trip(p: Puzzle) -> None:
    assert KIND.parse(KIND.format(p)) == p
    assert KIND.parse(KIND.format(p, header=False)) == p


@given(puzzles())
@settings(max_examples=150, deadline=None)
def test_url_round_trip(p: Puzzle) -> None:
    url = KIND.to_url(p)
    assert url.startswith(f"numbrix/{p.cols}/{p.rows}/")
    assert KIND.from_url(url) == p
    assert KIND.from_url("https://example.org/app?" + url) == p
    assert KIND.parse(url) == p


def test_url_body_is_the_number16_stream() -> None:
    # Row-major: 1 then 15 empty cells ("u" = skip 15) then a 16 written "-10".
    p = KIND.from_url("numbrix/4/5/1u-10")
    assert (p.rows, p.cols) == (5, 4)
    assert p.clues[0] == 1 and p.clues[16] == 16
    assert p.clue_count == 2


def test_solution_round_trip() -> None:
    p, answer = KIND.generate(5, 4, density=0.3, seed=3)
    text = "\n".join(KIND.solution_rows(answer, p.cols))
    assert KIND.parse_solution(text, p) == answer
    assert sorted(int(t) for t in text.split()) == list(range(1, 21))


@pytest.mark.parametrize(
    "text",
    ["numbrix 2x2\n1 2\n3 5\n", "numbrix 2x2\n0 . \n. .\n", "numbrix 2x2\n1 x\n. .\n"],
)
def test_bad_numbers_are_refused(text: str) -> None:
    with pytest.raises(ParseError):
        KIND.parse(text)


def test_a_number_printed_twice_is_contradictory() -> None:
    with pytest.raises(ContradictoryClues):
        KIND.parse("numbrix 2x2\n1 .\n. 1\n")


def test_a_url_with_a_blank_clue_is_refused() -> None:
    with pytest.raises(ParseError):
        KIND.from_url("numbrix/2/2/.h")
