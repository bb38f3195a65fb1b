"""How a Cave sheet looks: a clue is its number, or "?" without one."""

from __future__ import annotations

from pathlib import Path

import pytest

from pencilbox.render.glyphs import Label, Shade

from ..render.test_render import assert_glyphs, drawn_clues


def test_a_clue_is_its_number_or_a_question_mark(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    drawn = drawn_clues(capsys, tmp_path, "cave", "cave 3x3\n3 . o\n. . .\n. 2 .\n")
    assert sorted((v >= 0, tuple(words)) for v, _, words in drawn) == [
        (False, ("?",)),
        (True, ("2",)),
        (True, ("3",)),
    ]
    assert all(circles == [] for _, circles, _ in drawn)


def test_glyphs_follow_the_declared_look() -> None:
    assert_glyphs("cave", {"3": (Label("3"),), "o": (Label("?"),)}, {"#": (Shade(),), "o": ()})
