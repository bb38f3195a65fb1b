"""Yin-Yang on the command line: the README's examples give what it shows."""

from __future__ import annotations

import json

import pytest

from pencilbox.cli import main

GRID = """yinyang 6x6
# o o o . o
. . o # # o
. o o . # .
. . # . . o
. o o . # .
# . # # # #
"""
"""The README's generated board (seed 3), which has two answers."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[dict], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines() if line.strip()], err


def test_the_ladder_as_listed(capsys: pytest.CaptureFixture[str]) -> None:
    code, objs, _ = run(capsys, "puzzles", "--json")
    assert code == 0
    by_type = {o["type"]: o for o in objs}
    assert by_type["yinyang"]["levels"] == ["window", "border", "bridge", "probe"]


def test_the_generated_board_of_the_readme(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(GRID)
    code, (solve,), _ = run(capsys, "solve", "yinyang", str(path), "--level", "window", "--json")
    assert code == 0 and (solve["status"], solve["decided"]) == ("stalled", 27)
    code, (count,), _ = run(capsys, "count", "yinyang", str(path), "--json")
    assert (count["solutions"], count["complete"], count["guesses"]) == (2, True, 1)
    code, (brute,), _ = run(capsys, "count", "yinyang", str(path), "--brute", "--json")
    assert brute["solutions"] == 2
    code, (hint,), _ = run(capsys, "hint", "yinyang", str(path), "--level", "window", "--json")
    assert hint["value"] in ("#", "o") and hint["rule"] == "window"
    code, (grade,), _ = run(capsys, "grade", "yinyang", str(path), "--json")
    code, (analyzed,), _ = run(capsys, "analyze", "yinyang", str(path), "--json")
    assert set(grade) == set(analyzed) | {"unique"}  # analyze's shape: the one verdict
    assert (grade["verdict"], grade["unique"], grade["grade"]) == ("several", False, None)
    assert grade["settled"] and len(grade["solutions"]) == brute["solutions"]


def test_the_real_puzzles_of_the_readme_are_unique(capsys: pytest.CaptureFixture[str]) -> None:
    for url in (
        "https://puzz.link/p?yinyang/6/6/6a166b230900",
        "https://puzz.link/p?yinyang/6/6/0j40j0060220",
    ):
        code, (graded,), _ = run(capsys, "grade", "yinyang", url, "--json")
        assert code == 0 and graded["unique"]


def test_analyze_redundant_as_the_readme_shows(capsys: pytest.CaptureFixture[str]) -> None:
    url = "https://puzz.link/p?yinyang/6/6/6a166b230900"
    code = main(["analyze", "yinyang", url, "--redundant"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert lines[:3] == [
        "unique, grade bridge: the bridge fixpoint finishes it",
        "redundant clues: r1c4, r2c3, r2c5, r3c4, r3c6, r4c3, r5c4",
        url,
    ]
