"""Case-split hints through the API and in the game: the branches travel as
data, and the player steps through them on the board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.web.app import create_app

from .test_browser import idle

KUROTTO_TOY = "kurotto 4x4\n0 4 . .\n. . 6 .\n. . . .\n. . . .\n"
TOY_URL = "https://puzz.link/p?kurotto/4/4/04j6o"
"""The toy board above, where the first case hint splits on one cell."""


@pytest.fixture(scope="module")
def client(bank_file: Path) -> TestClient:
    return TestClient(create_app(bank_file), base_url="http://localhost")


def probe_marks() -> list[str]:
    """The toy board as probe leaves it, as mark rows."""
    kind = pencilbox.puzzle("kurotto")
    solved = kind.solve(kind.parse(KUROTTO_TOY))
    return kind.state_rows(solved.cands, 4)


def test_puzzles_list_the_hint_levels(client: TestClient) -> None:
    for o in client.get("/api/puzzles").json():
        assert o["hint_levels"] == [*o["levels"], "case"]


def test_a_case_hint_carries_its_branches(client: TestClient) -> None:
    body = {"puzzle": KUROTTO_TOY, "marks": probe_marks(), "level": "case"}
    r = client.post("/api/hint", json=body)
    assert r.status_code == 200, r.text
    h = r.json()
    assert h["status"] == "hint" and h["rule"] == "case" and h["level"] == "case"
    case = h["case"]
    assert case["suppose"]["cell"] == h["cell"] and case["suppose"]["value"] != h["value"]
    assert case["size"] == len(case["branches"]) == 2
    split = case["branches"][0]["assume"][1]["cell"]
    assert [b["assume"][1]["cell"] for b in case["branches"]] == [split, split]
    assert {b["assume"][1]["value"] for b in case["branches"]} == {"#", "o"}
    assert all(b["cells"] for b in case["branches"])


def test_probe_points_to_case(client: TestClient) -> None:
    body = {"puzzle": KUROTTO_TOY, "marks": probe_marks(), "level": "probe"}
    h = client.post("/api/hint", json=body).json()
    assert h["status"] == "stalled" and h["suggest"] == "case"


def test_a_case_board_request_deals_the_top_of_the_ladder(client: TestClient) -> None:
    r = client.get("/api/puzzle", params={"type": "kurotto", "size": 6, "grade": "case"})
    assert r.status_code == 200, r.text
    assert r.json()["requested"] == "probe"


@pytest.mark.browser
def test_the_player_steps_through_the_branches(page: Any) -> None:
    assert pencilbox.puzzle("kurotto").from_url(TOY_URL).clues == (
        pencilbox.puzzle("kurotto").parse(KUROTTO_TOY).clues
    )
    page.goto(page.base + "/?p=" + TOY_URL)
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
