"""Numbrix in the browser: typing draws the walk, which turns green when
solved; a pin hint says why; a printed sheet names the link that opens it."""

from __future__ import annotations

from typing import Any

import pytest

import pencilbox
from pencilbox.web import deal

from ..web.fixtures import TEST_GRADES
from ..web.test_browser import cell, free_cells, idle, open_board, state
from ..web.test_phone import answer_tokens
from ..web.test_play import open_url

pytestmark = pytest.mark.browser


def test_typing_draws_the_walk(page: Any) -> None:
    open_board(page, "numbrix")
    cells = page.locator("#board .cell[data-given]").all()
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
    assert page.locator("#board path.walk").count() == 1
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    assert state(page, *nb) == "empty"


def test_a_pin_hint_gives_its_reason_and_premises(page: Any) -> None:
    kind = pencilbox.puzzle("numbrix")
    for seed in range(1000, 1040):  # a board whose first hint at link is pin's
        d = deal.generate(kind, 6, 6, TEST_GRADES["numbrix"], seed=seed, seconds=5)
        if kind.hint(d.puzzle, None, "link").rule == "pin":
            break
    else:
        pytest.fail("no board's first hint is pin's")
    open_url(page, kind.to_url(d.puzzle))
    page.select_option("#hint-level", "link")
    page.click("#hint")
    idle(page)
    text = page.inner_text("#status")
    # the difficulty by its player's name, never the rung's; the reason names the number placed
    assert "(A Very easy step.)" in text and "pin" not in text, text
    lead = page.inner_text("#status strong")  # "r2c5 is 11."
    assert lead.split(" is ")[1].rstrip(".") in text.removeprefix(lead), text
    assert page.locator(".hl-premise").count() >= 1


def walk_ends(page: Any) -> list[tuple[float, float]]:
    d = page.get_attribute("#board .walk", "d")
    nums = [float(x) for x in d.replace("M", " ").replace("L", " ").split()]
    return list(zip(nums[0::2], nums[1::2], strict=True))


def test_numbrixs_walk_runs_between_the_numbers_and_turns_green(page: Any) -> None:
    open_board(page, "numbrix")
    answer = answer_tokens(page)
    page.focus("#board")
    for r, c in free_cells(page):  # type the answer, cell by cell
        cell(page, r, c).click()
        page.keyboard.type(answer[r * 6 + c])
    page.wait_for_selector('#status[data-kind="solved"]')
    # no end of a link lies on a number: every end is 12 units from a cell centre, and
    # 16 along a row from a number of two digits (a round cap reaches 2.5 past the end)
    for x, y in walk_ends(page):
        cx, cy = x % 40, y % 40
        assert abs(cx - 20) + abs(cy - 20) >= 11.5, (x, y)
        number = page.get_attribute(
            f'#board .cell[data-r="{int(y // 40)}"][data-c="{int(x // 40)}"]', "data-state"
        )
        if abs(cx - 20) > 1 and len(number) >= 2:
            assert abs(cx - 20) >= 15.5, (x, y, number)
    assert page.locator("#board .walk").count() == 1
    green = page.evaluate("getComputedStyle(document.body).getPropertyValue('--good').trim()")
    stroke = page.eval_on_selector("#board .walk", "e => getComputedStyle(e).stroke")
    probe = page.evaluate(
        f"""() => {{ const d = document.createElement('div'); d.style.color = '{green}';
            document.body.append(d); const c = getComputedStyle(d).color; d.remove();
            return c; }}"""
    )
    assert stroke == probe, (stroke, probe)


def test_a_numbrix_sheet_prints_a_link_that_opens_it(page: Any) -> None:
    open_board(page, "numbrix")  # Numbrix has no puzz.link URL: the sheet names this page's link
    printed = page.inner_text("#print-url")
    assert printed == page.get_attribute("#share", "href")
    assert printed.startswith(page.base + "/?p=numbrix/6/6/"), printed
    title = page.inner_text("#print-title")
    assert title == "Numbrix · 6×6 · Hard", title
