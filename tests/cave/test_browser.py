"""Cave in the browser: its fence drawn."""

from __future__ import annotations

from typing import Any

import pytest

from ..web.test_browser import cell

pytestmark = pytest.mark.browser


def test_the_fence_is_drawn(page: Any) -> None:
    page.goto(page.base + "/?p=" + "https://puzz.link/p?cave/3/3/j1j")
    page.wait_for_selector("body[data-ready]")
    # the lone "1" clue, fenced on four sides once its neighbours are walls
    for rc in ((0, 1), (1, 0), (1, 2), (2, 1)):
        cell(page, *rc).click()
    assert page.get_attribute("path.theory", "data-segments") == "4"
