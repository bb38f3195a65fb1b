"""How a Yin-Yang sheet looks: a given is a stone of its colour."""

from __future__ import annotations

from pathlib import Path

import pytest

import pencilbox
from pencilbox.render.glyphs import Stone

from ..render.test_render import assert_glyphs, drawn_clues


def test_a_given_is_a_stone_of_its_colour(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    kind = pencilbox.puzzle("yinyang")
    text = "https://puzz.link/p?yinyang/6/6/6a166b230900"
    drawn = drawn_clues(capsys, tmp_path, "yinyang", text)
    assert {kind.value_token(v) for v, _, _ in drawn} == {"#", "o"}
    for v, circles, words in drawn:
        assert circles == ["stone black" if kind.value_token(v) == "#" else "stone white"]
        assert words == []


def test_glyphs_follow_the_declared_look() -> None:
    black, white = (Stone(black=True),), (Stone(black=False),)
    assert_glyphs("yinyang", {"#": black, "o": white}, {"#": black, "o": white})
