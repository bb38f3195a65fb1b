"""Kurotto in the browser: circles turn ok and bad as blocks grow, Check
names a circle that can no longer be satisfied, in the singular where one
black cell is meant."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import pencilbox

from ..web.test_browser import cell, idle, open_board, state
from ..web.test_play import check_after

pytestmark = pytest.mark.browser


def test_circles_turn_ok_and_bad(page: Any) -> None:
    page.goto(page.base + "/?p=" + "https://puzz.link/p?kurotto/3/3/j1j")
    page.wait_for_selector("body[data-ready]")
    circle = cell(page, 1, 1)
    cell(page, 0, 1).click()
    cell(page, 0, 0).click()
    assert circle.get_attribute("data-circle") == "bad"  # a block of 2 touches a 1
    assert page.locator("#board text.blocksize").text_content() == "2"
    page.click("#undo")
    assert circle.get_attribute("data-circle") is None  # 1 so far, still open
    for rc in ((0, 0), (0, 2), (1, 0), (1, 2), (2, 1)):
        cell(page, *rc).click()
        cell(page, *rc).click()
        assert state(page, *rc) == "white"
    assert circle.get_attribute("data-circle") == "ok"  # satisfied and sealed


def test_check_catches_a_circle_whose_free_neighbours_are_all_dotted(page: Any) -> None:
    # a 2 in the corner whose two neighbours are dotted can never reach a black cell
    text = check_after(page, "https://puzz.link/p?kurotto/4/4/2u", {(0, 1): "o", (1, 0): "o"})
    assert "r1c1" in text.lower()
    assert page.locator(".hl-error").count() >= 1


def test_check_says_one_black_cell_in_the_singular(page: Any) -> None:
    # a 1 touching two separate black cells is already over its count
    text = check_after(page, "https://puzz.link/p?kurotto/4/4/1u", {(0, 1): "#", (1, 0): "#"})
    assert "more than 1 black cell" in text and "1 black cells" not in text, text


def test_a_bank_note_names_the_grade_as_the_player_knows_it(page: Any) -> None:
    open_board(page, "kurotto")  # its test shelf is "echo"
    # its grade as the player knows it: Hard (the echo rung, whose name the player never reads)
    assert page.inner_text("#status").startswith("A Hard board from the bank.")


def test_a_case_hint_of_one_branch_has_nothing_to_step_through(page: Any) -> None:
    kind = pencilbox.puzzle("kurotto")
    url = "https://puzz.link/p?kurotto/10/10/sah2j.8.h.4.h6l6g4.l.8i9h9j.7.h.7.h5l5t6h3i"
    p = kind.parse(url) if not hasattr(kind, "from_url") else kind.from_url(url)
    probed = kind.state_rows(kind.solve(p, "shape").cands, p.cols)  # where shape stalls too
    saved = {"type": "kurotto", "rows": p.rows, "cols": p.cols}
    saved |= {"puzzle": kind.puzzle_rows(p), "marks": probed}
    page.goto(page.base + "/")
    page.wait_for_selector("body[data-ready]")
    idle(page)
    page.fill("#url", json.dumps(saved))
    page.click("#open")
    idle(page)
    page.select_option("#hint-level", "case")
    page.click("#hint")
    page.wait_for_selector("#case-branch")
    idle(page)
    branch = page.inner_text("#case-branch")
    assert branch.startswith("The case: ")
    assert re.match(r"The case: r\d+c\d+ is (black|white)\b", branch), branch  # Kurotto's words
    assert page.locator("#case-prev").count() == 0
    assert "Step through" not in page.inner_text("#status")
    assert "Fiendish" in page.inner_text("#status")
