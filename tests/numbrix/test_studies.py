"""Numbrix's own measurements on a tiny sample."""

from __future__ import annotations

import pytest

from pencilbox.puzzles.numbrix import studies


def is_rate(x: float) -> bool:
    return 0.0 <= x <= 1.0


def test_numbrix_survival_decreases_with_link() -> None:
    f = studies.measure_survival([4], [1, 3], boards=2, seed=1, workers=1, quiet=True).figures
    for row in f["sizes"]["4"]:
        assert 0 <= row["link_survival"] <= row["pin_survival"] <= 1
        assert 0 <= row["pin_decided"] <= row["link_decided"] <= 1


def test_numbrix_ruler_is_worth_nothing_after_link() -> None:
    f = studies.measure_span([4, 5], 0.3, boards=3, seed=1, workers=1, quiet=True).figures
    for s in f["sizes"].values():
        assert s["after_pin"] >= 0
        assert s["max_after_link"] == pytest.approx(0.0, abs=1e-9)


def test_numbrix_work_clues_twoopt_backbite() -> None:
    w = studies.measure_work(4, 0.3, boards=2, seed=1, workers=1, quiet=True).figures
    assert w["variants"]["-probe"]["trials"] == 0
    assert all(is_rate(v["solved"]) for v in w["variants"].values())
    c = studies.measure_clues(4, boards=2, seed=1, workers=1, quiet=True).figures
    assert c["adversarial"]["min"] >= 1 and c["random"]["min"] >= 1
    t = studies.measure_twoopt(4, 0.3, boards=4, seed=1, workers=1, quiet=True).figures
    assert t["false_positives"] == 0
    assert t["non_unique"] + t["unique"] + t["unsettled"] == 4
    b = studies.measure_backbite(4, boards=2, seed=1, workers=1, quiet=True).figures
    assert b["rows"][0]["bends"] == 2 * (4 - 1)  # the boustrophedon
    assert all(r["acceptance"] is None or is_rate(r["acceptance"]) for r in b["rows"])
