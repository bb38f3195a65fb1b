"""Cave in the browser: its fence drawn, and hidden when the theory is turned off."""

from __future__ import annotations

from typing import Any

import pytest

from ..web.test_browser import cell
from ..web.test_play import open_url

pytestmark = pytest.mark.browser


def test_the_fence_is_drawn(page: Any) -> None:
    page.goto(page.base + "/?p=" + "https://puzz.link/p?cave/3/3/j1j")
    page.wait_for_selector("body[data-ready]")
    # the lone "1" clue, fenced on four sides once its neighbours are walls
    for rc in ((0, 1), (1, 0), (1, 2), (2, 1)):
        cell(page, *rc).click()
    assert page.get_attribute("#board path.theory", "data-segments") == "4"


def test_the_theory_overlay_can_be_turned_off(page: Any) -> None:
    open_url(page, "https://puzz.link/p?cave/3/3/j1j")
    cell(page, 0, 1).click()  # a wall beside the clue's cave cell: the fence between them
    page.wait_for_selector("#board .theory", state="attached")
    page.uncheck("#show-theory")
    assert page.locator("#board .theory").count() == 0
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert not page.is_checked("#show-theory")
    assert page.locator("#board .theory").count() == 0
    page.check("#show-theory")
    assert page.locator("#board .theory").count() == 1
