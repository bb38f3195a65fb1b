"""Numbrix in the browser: typing draws the walk; a pin hint says why."""

from __future__ import annotations

from typing import Any

import pytest

import pencilbox
from pencilbox.web import deal

from ..web.fixtures import TEST_GRADES
from ..web.test_browser import cell, free_cells, idle, open_board, state
from ..web.test_play import open_url

pytestmark = pytest.mark.browser


def test_typing_draws_the_walk(page: Any) -> None:
    open_board(page, "numbrix")
    cells = page.locator(".cell[data-given]").all()
    given = {
        (int(e.get_attribute("data-r")), int(e.get_attribute("data-c"))): int(
            e.get_attribute("data-state")
        )
        for e in cells
    }
    (r, c), v = next(((rc, v) for rc, v in given.items() if v < 36))
    free = set(free_cells(page))
    nb = next(
        (
            (r + dr, c + dc)
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if (r + dr, c + dc) in free
        ),
        None,
    )
    assert nb is not None
    cell(page, *nb).click()
    page.keyboard.type(str(v + 1))
    assert state(page, *nb) == str(v + 1)
    assert page.locator("path.walk").count() == 1
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    assert state(page, *nb) == "empty"


def test_a_pin_hint_gives_its_reason_and_premises(page: Any) -> None:
    kind = pencilbox.puzzle("numbrix")
    d = deal.generate(kind, 6, 6, TEST_GRADES["numbrix"], seed=1000, seconds=5)
    open_url(page, kind.to_url(d.puzzle))
    page.select_option("#level", "link")
    page.click("#hint")
    idle(page)
    text = page.inner_text("#status")
    assert 'Rule "pin"' in text and "only cell" in text, text
    assert page.locator(".hl-premise").count() >= 1
