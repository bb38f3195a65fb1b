"""Yin-Yang in the browser: its own rules checked, its frontier drawn, its
reasons' cells named small."""

from __future__ import annotations

from typing import Any

import pytest

import pencilbox

from ..web.fixtures import ARTIFACTS
from ..web.test_browser import cell, free_cells, idle, open_board, state
from ..web.test_play import check_after, open_url

pytestmark = pytest.mark.browser


def find_window(page: Any) -> list[tuple[int, int]]:
    free = set(free_cells(page))
    for r in range(5):
        for c in range(5):
            w = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            if all(x in free for x in w):
                return w
    raise AssertionError("no 2x2 of free cells")


def test_check_flags_a_planted_error(page: Any) -> None:
    open_board(page, "yinyang")
    window = find_window(page)
    for rc in window:
        cell(page, *rc).click()
        assert state(page, *rc) == "black"
    page.click("#check")
    idle(page)
    assert "2×2 of black" in page.inner_text("#status")
    assert page.get_attribute("#status", "data-kind") == "error"
    assert page.locator(".hl-error").count() >= 4
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-yinyang-check.png"))
    page.click("#hint")
    idle(page)
    # four blacks in a 2×2 cannot all be right: the hint says so and points at them
    assert page.get_attribute("#status", "data-kind") == "error"
    assert "contradict" in page.inner_text("#status")


def test_check_catches_a_white_corner_walled_in_by_black(page: Any) -> None:
    url = pencilbox.puzzle("yinyang").to_url(
        pencilbox.puzzle("yinyang").parse("yinyang 4x4\n. . . .\n. . . .\n. . . .\n. . . o")
    )
    check_after(page, url, {(0, 0): "o", (0, 1): "#", (1, 0): "#"})


def test_the_frontier_is_drawn(page: Any) -> None:
    page.goto(page.base + "/?p=" + "https://puzz.link/p?yinyang/3/3/000")
    page.wait_for_selector("body[data-ready]")
    cell(page, 0, 0).click()
    cell(page, 0, 1).click()
    cell(page, 0, 1).click()
    assert page.get_attribute("#board path.theory", "data-segments") == "1"


def test_a_reason_that_starts_with_a_cell_keeps_its_name_small(page: Any) -> None:
    open_url(page, "https://puzz.link/p?yinyang/4/4/o60009")  # three black stones in a 2×2
    page.select_option("#hint-level", "window")
    page.click("#hint")
    idle(page)
    text = page.inner_text("#status")
    assert "r1c1, r1c2, r2c1 are black, so" in text, text
