"""The words players read: difficulty names for every rung (served by
/api/puzzles beside the rung's own name and rule), one vocabulary per puzzle
for its values (the descriptor's names are the ladder's), and plural forms
that agree with their numbers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.engine import grades
from pencilbox.engine.words import count
from pencilbox.web import deal
from pencilbox.web.app import create_app

from .conftest import TEST_GRADES


@pytest.fixture(scope="module")
def served(bank_file: Path) -> dict[str, dict[str, Any]]:
    client = TestClient(create_app(bank_file), base_url="http://localhost")
    return {o["type"]: o for o in client.get("/api/puzzles").json()}


def test_every_rung_has_a_players_name_and_its_rule(served: dict[str, dict[str, Any]]) -> None:
    for name, o in served.items():
        rungs = o["grades"]
        assert [g["level"] for g in rungs] == o["hint_levels"]
        assert rungs[-1]["name"] == "Fiendish" and rungs[-2]["name"] == "Expert", name
        assert all(g["rule"].endswith(".") for g in rungs), rungs
        assert len({g["name"] for g in rungs}) == len(rungs), "two rungs share a name"


def test_the_names_go_by_position() -> None:
    ladder = ("window", "border", "bridge", "probe")
    names = [g["name"] for g in grades.grades(ladder, {})]
    assert names == ["Easy", "Medium", "Hard", "Expert", "Fiendish"]
    five = [g["name"] for g in grades.grades(("a", "b", "c", "d", "probe"), {})]
    assert five == ["Very easy", "Easy", "Medium", "Hard", "Expert", "Fiendish"]
    own = grades.grades(ladder, {}, {"window": "Gentle"})
    assert [g["name"] for g in own][:2] == ["Gentle", "Medium"]


def test_boards_are_dealt_at_the_banks_grades(served: dict[str, dict[str, Any]]) -> None:
    for name, o in served.items():
        kind = pencilbox.puzzle(name)
        assert o["deal_levels"] == [lv for lv in kind.levels if lv not in kind.bank_skips]
    assert "pin" not in served["numbrix"]["deal_levels"]


@pytest.mark.parametrize("name", pencilbox.puzzle_names())
def test_the_descriptor_names_values_as_the_reasons_do(name: str) -> None:
    """A hint's lead ("r2c3 is black."), its reason and a case split's
    "Suppose r2c3 is …" use one word for each value."""
    kind = pencilbox.puzzle(name)
    assert kind.frontend is not None
    for t in kind.frontend.tokens:
        word = kind.ladder.value_name(t.value)
        assert t.name == word, (t.name, word)
        assert t.phrase.split()[-1] == word, (t.phrase, word)


def test_counts_agree_with_their_numbers() -> None:
    assert count(1, "cell") == "1 cell"
    assert count(0, "cell") == "0 cells"
    assert count(2, "black cell") == "2 black cells"
    assert count(1, "branch", "branches") == "1 branch"
    assert count(3, "branch", "branches") == "3 branches"


def test_a_kurotto_hint_says_one_cell_in_the_singular() -> None:
    kind = pencilbox.puzzle("kurotto")
    h = kind.hint(kind.parse("kurotto 3x3\n1 o .\n. o .\no . ."), level="sum")
    assert h.status == "hint"
    assert "exactly 1 cell can still reach it" in h.reason, h.reason


def test_a_cave_clue_that_sees_one_cell_says_so_in_the_singular() -> None:
    kind = pencilbox.puzzle("cave")
    # a finished grid where the 3 in the corner is walled in: it sees itself alone
    s = kind.start(kind.parse("cave 3x3\n3 . .\n. . .\n. . ."))
    wall = kind.frontend.tokens[0].value if kind.frontend else 0
    for cell in range(1, 9):
        s.cands[cell] = 1 << wall
    why = kind.ladder.judge_complete(s)
    assert "sees 1 cell" in why.reason and "1 cells" not in why.reason, why


DISAGREE = re.compile(
    r"\b1 (?:\w+ )?(?:cells|numbers|clues|blocks|walls|branches)\b"
    r"|\b(?:[02-9]|\d\d+) (?:\w+ )?(?:cell|number|clue|block|wall)\b"
)
"""A count and its noun disagreeing: "1 cells", "exactly 1 black cells", "3 cell"."""


@pytest.mark.parametrize("name", sorted(TEST_GRADES))
def test_every_reason_on_the_way_counts_in_agreement(name: str) -> None:
    """Every deduction of every rung's fixpoint on a few boards: no "1 cells"."""
    kind = pencilbox.puzzle(name)
    said = 0
    for seed in range(4):
        d = deal.generate(kind, 6, 6, TEST_GRADES[name], seed=seed, seconds=5)
        for level in kind.levels:
            for step in kind.solve(
                d.puzzle, level=level, narrate=True, budget=2_000_000
            ).deductions:
                said += 1
                assert not DISAGREE.search(step.reason), step.reason
    assert said > 100
