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
from pencilbox.web import checks, deal
from pencilbox.web.app import create_app

from .fixtures import TEST_GRADES


@pytest.fixture(scope="module")
def served(bank_file: Path) -> dict[str, dict[str, Any]]:
    client = TestClient(create_app(bank_file), base_url="http://localhost")
    return {o["type"]: o for o in client.get("/api/puzzles").json()}


def test_every_rung_has_a_players_name_and_its_rule(served: dict[str, dict[str, Any]]) -> None:
    for name, o in served.items():
        rungs = o["grades"]
        assert [g["level"] for g in rungs] == o["hint_levels"]
        probe = next(g for g in rungs if g["level"] == "probe")
        assert rungs[-1]["name"] == "Fiendish" and probe["name"] == "Expert", name
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


JARGON = re.compile(r"\b(fixpoints?|candidates?|probe|extents?|cap|guesses)\b|cells open", re.I)
"""The solver's words, which a player never reads (the studio may use them)."""


def shipped(name: str) -> bool:
    """A puzzle pencilbox ships (a test's plug-in speaks as its author wrote it)."""
    return type(pencilbox.puzzle(name)).__module__.startswith("pencilbox.puzzles.")


SHIPPED = [name for name in pencilbox.puzzle_names() if shipped(name)]


@pytest.mark.parametrize("name", SHIPPED)
def test_a_players_words_for_every_rung_and_the_rules(name: str) -> None:
    """The rules in plain sentences, and what a player reasons about at every
    rung a hint or a deal offers, none in the solver's words."""
    kind = pencilbox.puzzle(name)
    assert kind.frontend is not None and kind.frontend.rules
    served = kind.frontend.to_json()["levels"]
    assert isinstance(served, dict)
    for level in kind.hint_levels:
        assert served[level].endswith("."), level
        assert not JARGON.search(served[level]), served[level]
    for sentence in kind.frontend.rules:
        assert sentence.endswith(".") and not JARGON.search(sentence), sentence
    assert not JARGON.search(kind.frontend.solved)
    assert "colors" not in kind.frontend.solved  # one spelling: colours


def real_boards(name: str) -> list[Any]:
    """A few boards of every grade a hint meets: the bank's, and the kind's
    case and split samples where it has them."""
    kind = pencilbox.puzzle(name)
    boards = [
        deal.generate(kind, 6, 6, TEST_GRADES[name], seed=s, seconds=5).puzzle for s in (1, 2)
    ]
    boards += [kind.parse(s.puzzle) for s in kind.samples.graded]
    boards += [kind.parse(s) for s in (kind.samples.split,) if s]
    boards += [kind.parse(s.puzzle) for s in (kind.samples.case,) if s]
    return boards


@pytest.mark.parametrize("name", SHIPPED)
def test_hints_at_every_rung_speak_a_players_words(name: str) -> None:
    """Every hint of whole games played by hints, at every rung (the case
    rung's splits included), and Check on the boards on the way. (A stalled
    hint's reason is the command line's: the page says it in its own words.)"""
    kind = pencilbox.puzzle(name)
    said = 0
    for p in real_boards(name):
        for level in kind.hint_levels:
            marks: list[int | None] = [None] * (p.rows * p.cols)
            for _ in range(p.rows * p.cols):
                h = kind.hint(p, tuple(marks), level, seconds=None)
                if h.status in ("hint", "contradiction"):  # the page says these reasons
                    assert not JARGON.search(h.reason), (level, h.rule, h.reason)
                if h.case is not None:
                    for b in h.case.branches:
                        assert not JARGON.search(b.reason), (level, b.reason)
                if h.status != "hint":
                    break
                assert h.cell is not None and h.value is not None
                marks[h.cell] = h.value
                said += 1
            message = checks.validation_json(kind, p, tuple(marks))["message"]
            assert not JARGON.search(message), message
    assert said > 100
