"""Numbrix's boards are dealt at the bank's grades: never at pin, which
the bank skips."""

from __future__ import annotations

from typing import Any

from ..web.test_words import served

__all__ = ["served"]


def test_no_board_is_dealt_at_pin(served: dict[str, dict[str, Any]]) -> None:
    assert "pin" not in served["numbrix"]["deal_levels"]
