"""Yin-Yang's URL bodies: one with more than its cells is refused, a whole
one is read."""

from __future__ import annotations

import pytest

import pencilbox
from pencilbox.errors import PuzzleError


@pytest.mark.parametrize(
    "url",
    [
        "https://puzz.link/p?yinyang/6/6/0qia2408lci8x",  # a digit past the last cell
    ],
)
def test_a_url_body_with_more_than_its_cells_is_refused(url: str) -> None:
    with pytest.raises(PuzzleError, match="URL body"):
        pencilbox.puzzle("yinyang").from_url(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://puzz.link/p?yinyang/6/6/0qia2408lci8",
    ],
)
def test_a_whole_url_body_is_read(url: str) -> None:
    p = pencilbox.puzzle("yinyang").from_url(url)
    assert p.rows >= 4
