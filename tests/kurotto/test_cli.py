"""Kurotto on the command line: the README's examples of search give what it shows."""

from __future__ import annotations

import json

import pytest

from pencilbox.cli import main

from .kurotto_data import REAL_URLS

HARD_17X13 = next(u for u in REAL_URLS if "/17/13/" in u)
"""Beyond probe, and not settled by a short search."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_count_without_learning_counts_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    url = "https://puzz.link/p?kurotto/10/10/46s.g21k4k2h.i1n.4j34n.i3h.k3k61g3s23"
    code, out, _ = run(capsys, "count", "kurotto", url, "--json")
    assert code == 0
    learning = json.loads(out)
    code, out, _ = run(capsys, "count", "kurotto", url, "--no-learning", "--json")
    assert code == 0
    plain = json.loads(out)
    assert learning["solutions"] == plain["solutions"] == 1
    assert learning["complete"] and plain["complete"]
    assert learning["solution"] == plain["solution"]


def test_grade_cut_short_never_says_not_unique(capsys: pytest.CaptureFixture[str]) -> None:
    # A hundred work units stop the work long before a verdict, on any machine.
    cut = ("--budget", "100")
    code, out, _ = run(capsys, "grade", "kurotto", HARD_17X13, *cut)
    assert code == 0
    assert "not unique" not in out and "several" not in out
    assert out.strip() == "unknown: the budget of 100 work units ran out (allow more with --budget)"
    code, out, _ = run(capsys, "grade", "kurotto", HARD_17X13, *cut, "--json")
    obj = json.loads(out)
    assert (obj["verdict"], obj["grade"], obj["unique"], obj["settled"], obj["stop"]) == (
        "unknown",
        None,
        None,
        False,
        "work",
    )
