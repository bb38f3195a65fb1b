"""Kurotto's reasons count in agreement with their numbers."""

from __future__ import annotations

import pencilbox


def test_a_kurotto_hint_says_one_cell_in_the_singular() -> None:
    kind = pencilbox.puzzle("kurotto")
    h = kind.hint(kind.parse("kurotto 3x3\n1 o .\n. o .\no . ."), level="sum")
    assert h.status == "hint"
    assert "exactly 1 cell can still reach it" in h.reason, h.reason
