"""Kurotto's own measurement on a tiny sample."""

from __future__ import annotations

from pencilbox.puzzles.kurotto import studies


def is_rate(x: float) -> bool:
    return 0.0 <= x <= 1.0


def test_kurotto_gap_shape() -> None:
    f = studies.measure_gap([4, 5], 0.8, boards=3, seed=1, workers=1, quiet=True).figures
    for s in f["sizes"].values():
        assert is_rate(s["unique"]) and is_rate(s["gap_rate"])
        assert s["gap_rate"] <= s["unique"]
        assert s["confirmed"] + s["unconfirmed"] == s["gap"]
