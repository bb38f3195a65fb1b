"""``measure kurotto likeness``: the figures of the puzzles given, counted
by hand here, beside boards of ours."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pencilbox.cli import main

URL = "https://puzz.link/p?kurotto/6/6/3gah.m.i9.iam8h3g2"
ANSWER = ["o#o#oo", "#o#oo#", "#o###o", "o##ooo", "##oo#o", "oo#o#o"]
"""A published 6x6 (real-puzzles) and its published answer: circles 3, 10,
blank, blank, 9, blank, 10, 8, 3, 2 laid out with a half turn; 16 of its 36
cells black."""


def test_likeness_counts_what_a_person_would(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    given = tmp_path / "mine.jsonl"
    given.write_text(json.dumps({"url": URL, "answer": ANSWER}) + "\n", encoding="utf-8")
    args = ["measure", "kurotto", "likeness", "--against", str(given)]
    ours = ["--source", "generated", "--size", "6", "--boards", "2", "--json"]
    assert main([*args, *ours]) == 0
    figures = json.loads(capsys.readouterr().out)
    theirs = figures["theirs"]
    assert theirs["boards"] == 1
    assert theirs["sizes"] == {"6x6": 1}
    assert theirs["clues"] == 10
    assert theirs["clues_per_100_cells"] == pytest.approx(27.8, abs=0.05)
    assert theirs["number_median"] == 8
    assert theirs["number_mean"] == pytest.approx(45 / 7, abs=0.005)
    assert theirs["blank_share"] == pytest.approx(0.3)
    assert theirs["rot180_share"] == 1.0
    assert theirs["mirror_share"] == 0.0
    assert theirs["shaded_share"] == pytest.approx(16 / 36, abs=0.001)
    assert theirs["grades"] == {"case": 1.0}
    assert figures["ours"]["boards"] == 2
    assert figures["ours"]["sizes"] == {"6x6": 2}


def test_likeness_prints_one_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    given = tmp_path / "urls.txt"
    given.write_text(URL + "\n", encoding="utf-8")
    assert (
        main(
            [
                "measure",
                "kurotto",
                "likeness",
                "--against",
                str(given),
                "--source",
                "generated",
                "--size",
                "6",
                "--boards",
                "1",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "| kurotto | urls.txt | generated (6x6, setter's style) |" in out
    assert "| clue numbers: median | 8 |" in out
    assert "| half-turn symmetry (share of boards) | 1 |" in out


def test_likeness_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["measure", "kurotto", "likeness"]) == 2
    assert "--against" in capsys.readouterr().err
