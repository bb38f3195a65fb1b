"""How a Numbrix sheet looks: a printed number is that number."""

from __future__ import annotations

from pathlib import Path

import pytest

from pencilbox.render.glyphs import Label

from ..render.test_render import assert_glyphs, drawn_clues


def test_a_printed_number_is_that_number(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    drawn = drawn_clues(capsys, tmp_path, "numbrix", "numbrix 3x3\n1 . .\n. . .\n. . 9\n")
    assert sorted((v, tuple(words), tuple(circles)) for v, circles, words in drawn) == [
        (1, ("1",), ()),
        (9, ("9",), ()),
    ]


def test_glyphs_follow_the_declared_look() -> None:
    assert_glyphs(
        "numbrix",
        {"1": (Label("1"),), "25": (Label("25"),)},
        {"1": (Label("1"),), "25": (Label("25"),)},
    )
