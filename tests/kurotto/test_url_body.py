"""Kurotto's URL bodies: one with more than its cells is refused, a whole
one is read."""

from __future__ import annotations

import pytest

import pencilbox
from pencilbox.errors import PuzzleError


@pytest.mark.parametrize(
    "url",
    [
        "https://puzz.link/p?kurotto/6/6/g1-17i1i-18g-17k-17i-18s1",  # a clue past it
    ],
)
def test_a_url_body_with_more_than_its_cells_is_refused(url: str) -> None:
    with pytest.raises(PuzzleError, match="URL body"):
        pencilbox.puzzle("kurotto").from_url(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://puzz.link/p?kurotto/6/6/g1-17i1i-18g-17k-17i-18s",
        "https://puzz.link/p?kurotto/4/4/-17o/",  # the slash puzz.link puts after a sign
    ],
)
def test_a_whole_url_body_is_read(url: str) -> None:
    p = pencilbox.puzzle("kurotto").from_url(url)
    assert p.rows >= 4
