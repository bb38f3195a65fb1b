"""Case-split hints through the API and in the game: the branches travel as
data, and the player steps through them on the board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.engine.state import values_of
from pencilbox.web.app import create_app

from ..kinds import first_kind, names, names_with
from .test_browser import idle

SPLIT = names_with(lambda k: k.samples.split)
"""The puzzles with a board where the first case hint splits on one cell."""


@pytest.fixture(scope="module")
def client(bank_file: Path) -> TestClient:
    return TestClient(create_app(bank_file), base_url="http://localhost")


def split_board(name: str) -> str:
    split = pencilbox.puzzle(name).samples.split
    assert split is not None
    return split


def probe_marks(name: str) -> list[str]:
    """The split board as the top rung (probe, or the highest rung above it)
    leaves it, as mark rows."""
    kind = pencilbox.puzzle(name)
    p = kind.parse(split_board(name))
    solved = kind.solve(p, level=kind.hint_levels[-2])
    return kind.state_rows(solved.cands, p.cols)


def test_puzzles_list_the_hint_levels(client: TestClient) -> None:
    for o in client.get("/api/puzzles").json():
        above = list(pencilbox.puzzle(o["type"]).rungs_above)
        assert o["hint_levels"] == [*o["levels"], *above, "case"]


@pytest.mark.parametrize("name", SPLIT)
def test_a_case_hint_carries_its_branches(client: TestClient, name: str) -> None:
    body = {"puzzle": split_board(name), "marks": probe_marks(name), "level": "case"}
    r = client.post("/api/hint", json=body)
    assert r.status_code == 200, r.text
    h = r.json()
    assert h["status"] == "hint" and h["rule"] == "case" and h["level"] == "case"
    case = h["case"]
    assert case["suppose"]["cell"] == h["cell"] and case["suppose"]["value"] != h["value"]
    assert case["size"] == len(case["branches"]) == 2
    split = case["branches"][0]["assume"][1]["cell"]
    assert [b["assume"][1]["cell"] for b in case["branches"]] == [split, split]
    kind = pencilbox.puzzle(name)
    row, col = split
    p = kind.parse(split_board(name))
    tokens = {kind.value_token(v) for v in values_of(kind.start(p).cands[row * p.cols + col])}
    assert {b["assume"][1]["value"] for b in case["branches"]} <= tokens
    assert len({b["assume"][1]["value"] for b in case["branches"]}) == 2
    assert all(b["cells"] for b in case["branches"])


@pytest.mark.parametrize("name", SPLIT)
def test_probe_points_to_case(client: TestClient, name: str) -> None:
    body = {"puzzle": split_board(name), "marks": probe_marks(name), "level": "probe"}
    h = client.post("/api/hint", json=body).json()
    assert h["status"] == "stalled" and h["suggest"] == "case"


@pytest.mark.parametrize("name", names())
def test_a_case_board_request_deals_the_top_of_the_ladder(client: TestClient, name: str) -> None:
    r = client.get("/api/puzzle", params={"type": name, "size": 6, "grade": "case"})
    assert r.status_code == 200, r.text
    assert r.json()["requested"] == "probe"


@pytest.mark.browser
def test_the_player_steps_through_the_branches(page: Any) -> None:
    kind = first_kind(lambda k: k.samples.split)
    p = kind.parse(split_board(kind.name))
    url = kind.to_url(p)
    assert kind.parse(url).clues == p.clues
    page.goto(page.base + "/?p=" + url)
    page.wait_for_selector("body[data-ready]")
    idle(page)
    page.select_option("#hint-level", "case")
    for _ in range(40):  # apply hints until one needs a case split
        page.click("#hint")
        idle(page)
        if page.locator("#case-steps").count():
            break
        page.click("#hint")
        idle(page)
    assert "Suppose" in page.inner_text("#status")
    steps = page.locator("#case-branch")
    assert steps.get_attribute("data-step") == "0"
    assert steps.inner_text().startswith("Branch 1 of 2: ")
    assert page.locator(".case-layer .hl-case-assume").count() == 2  # the cell and the split
    first = page.inner_text("#case-branch")
    page.keyboard.press("]")
    assert page.get_attribute("#case-branch", "data-step") == "1"
    assert page.get_attribute(".case-layer", "data-step") == "1"
    assert page.inner_text("#case-branch").startswith("Branch 2 of 2: ")
    page.click("#case-prev")
    assert page.inner_text("#case-branch") == first
    # applying the hint clears the branches
    page.click("#hint")
    idle(page)
    assert page.locator("#case-steps").count() == 0
    assert page.locator(".case-layer").count() == 0
