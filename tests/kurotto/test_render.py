"""How a Kurotto sheet looks: a circle is a ring, with its number inside."""

from __future__ import annotations

from pathlib import Path

import pytest

from pencilbox.render.glyphs import Label, Ring, Shade

from ..render.test_render import assert_glyphs, drawn_clues


def test_a_circle_is_a_ring_with_its_number(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = "https://puzz.link/p?kurotto/6/6/3gah.m.i9.iam8h3g2"  # with blank circles
    drawn = drawn_clues(capsys, tmp_path, "kurotto", text)
    assert any(v < 0 for v, _, _ in drawn)
    for v, circles, words in drawn:
        assert circles == ["ring"]
        assert words == ([str(v)] if v >= 0 else [])


def test_glyphs_follow_the_declared_look() -> None:
    assert_glyphs(
        "kurotto",
        {"0": (Ring(), Label("0")), "12": (Ring(), Label("12")), "o": (Ring(),)},
        {"#": (Shade(),), "o": ()},
    )
