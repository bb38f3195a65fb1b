"""Numbrix's URL bodies: one with more than its cells is refused, a whole
one is read."""

from __future__ import annotations

import pytest

import pencilbox
from pencilbox.errors import PuzzleError


@pytest.mark.parametrize(
    "url",
    [
        "numbrix/4/4/1z2",  # a number past the last cell
    ],
)
def test_a_url_body_with_more_than_its_cells_is_refused(url: str) -> None:
    with pytest.raises(PuzzleError, match="URL body"):
        pencilbox.puzzle("numbrix").from_url(url)
