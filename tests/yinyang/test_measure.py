"""Yin-Yang's measurements: the judge of the ablation matters on a board
without bridge, and the density sweep carries the silent-flip expectation."""

from __future__ import annotations

from pencilbox.measure import sweeps


def test_only_the_full_judge_finishes_a_board_without_bridge() -> None:
    kept = sweeps.measure_ladder("yinyang", [4], 0.8, boards=6, seed=0, workers=1, quiet=True)
    full = sweeps.measure_ladder(
        "yinyang", [4], 0.8, boards=6, seed=0, workers=1, quiet=True, judge="full"
    )
    assert (kept.figures["judge"], full.figures["judge"]) == ("kept", "full")
    k, f = kept.figures["sizes"]["4"]["ablation"], full.figures["sizes"]["4"]["ablation"]
    assert k["-bridge"] < f["-bridge"], "seed 0 is a board only the full judge finishes"
    assert k["full"] == f["full"] and k["-probe"] == f["-probe"]


def test_the_density_sweep_gives_the_flip_expectation() -> None:
    f = sweeps.measure_density("yinyang", 5, [0.5, 0.9], boards=3, seed=1, workers=1, quiet=True)
    for r in f.figures["rows"]:
        assert 0.0 <= r["flip_expectation"] <= 1.0
        assert 0.0 <= r["flip_ceiling"] <= 1.0
