"""Kurotto in the browser: circles turn ok and bad as blocks grow, Check
names a circle that can no longer be satisfied, in the singular where one
black cell is meant."""

from __future__ import annotations

from typing import Any

import pytest

from ..web.test_browser import cell, state
from ..web.test_play import check_after

pytestmark = pytest.mark.browser


def test_circles_turn_ok_and_bad(page: Any) -> None:
    page.goto(page.base + "/?p=" + "https://puzz.link/p?kurotto/3/3/j1j")
    page.wait_for_selector("body[data-ready]")
    circle = cell(page, 1, 1)
    cell(page, 0, 1).click()
    cell(page, 0, 0).click()
    assert circle.get_attribute("data-circle") == "bad"  # a block of 2 touches a 1
    assert page.locator("text.blocksize").text_content() == "2"
    page.click("#undo")
    assert circle.get_attribute("data-circle") is None  # 1 so far, still open
    for rc in ((0, 0), (0, 2), (1, 0), (1, 2), (2, 1)):
        cell(page, *rc).click()
        cell(page, *rc).click()
        assert state(page, *rc) == "dot"
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
