"""Cave's URL bodies: one with more than its cells is refused, a whole
one is read."""

from __future__ import annotations

import pytest

import pencilbox
from pencilbox.errors import PuzzleError


@pytest.mark.parametrize(
    "url",
    [
        "https://puzz.link/p?cave/6/6/k3!!!h6",  # characters no clue is written with
        "https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n/extra/stuff",  # a path after the body
    ],
)
def test_a_url_body_with_more_than_its_cells_is_refused(url: str) -> None:
    with pytest.raises(PuzzleError, match="URL body"):
        pencilbox.puzzle("cave").from_url(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n",
    ],
)
def test_a_whole_url_body_is_read(url: str) -> None:
    p = pencilbox.puzzle("cave").from_url(url)
    assert p.rows >= 4
