"""The game in headless Chromium: solve by hints, paint, undo/redo, check, reload."""

from __future__ import annotations

from typing import Any

import pytest

import pencilbox
from pencilbox.engine.frontend import Frontend
from pencilbox.engine.kind import PuzzleKind

from ..kinds import first_kind, hardest, names, names_with
from .fixtures import ARTIFACTS, TEST_GRADES

pytestmark = pytest.mark.browser


def frontend(kind: PuzzleKind) -> Frontend:
    assert kind.frontend is not None
    return kind.frontend


def cycles(kind: PuzzleKind) -> bool:
    """Whether a click on a cell cycles through the kind's answer tokens."""
    return kind.frontend is not None and kind.frontend.input == "cycle"


def takes_numbers(kind: PuzzleKind) -> bool:
    return kind.frontend is not None and kind.frontend.input == "numbers"


def states(kind: PuzzleKind) -> list[str]:
    """The states a click steps a cell through, after "empty"."""
    return [t.name for t in frontend(kind).tokens]


def idle(page: Any) -> None:
    # A selector, not wait_for_function: the page's CSP forbids eval.
    page.wait_for_selector("body:not([data-busy])", state="attached")


def open_menu(page: Any) -> None:
    """On a phone the puzzle choice folds away behind the Puzzles button: unfold it."""
    if page.is_visible("#menu") and page.get_attribute("#menu", "aria-expanded") != "true":
        page.click("#menu")


def open_board(page: Any, name: str) -> None:
    page.goto(page.base + "/")
    page.wait_for_selector("body[data-ready]")
    idle(page)
    open_menu(page)
    page.select_option("#puzzle-type", name)
    idle(page)
    open_menu(page)
    idle(page)
    page.select_option("#size", "6")
    page.select_option("#level", TEST_GRADES[name])
    page.click("#new")
    idle(page)
    assert page.locator("#board .cell").count() == 36


def state(page: Any, r: int, c: int) -> str:
    return page.get_attribute(f'#board .cell[data-r="{r}"][data-c="{c}"]', "data-state")


def cell(page: Any, r: int, c: int) -> Any:
    return page.locator(f'#board .cell[data-r="{r}"][data-c="{c}"]')


def free_cells(page: Any) -> list[tuple[int, int]]:
    return [
        (int(e.get_attribute("data-r")), int(e.get_attribute("data-c")))
        for e in page.locator("#board .cell:not([data-given])").all()
    ]


@pytest.mark.parametrize("name", names())
def test_hints_solve_the_board(page: Any, name: str) -> None:
    open_board(page, name)
    for _ in range(2 * 36 + 4):
        page.click("#hint")
        idle(page)
        if "Solved!" in page.inner_text("#status"):
            break
        assert page.get_attribute("#status", "data-kind") != "error", page.inner_text("#status")
    message = page.inner_text("#status")
    assert "Solved!" in message
    assert message.startswith(pencilbox.puzzle(name).solved_message)  # then the time it took
    assert page.locator('#board .cell[data-state="empty"]').count() == 0
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"web-{name}-solved.png"))


def test_hint_shows_then_applies(page: Any) -> None:
    open_board(page, names()[0])
    page.click("#hint")
    idle(page)
    assert page.locator(".hl-hint").count() == 1
    text = page.inner_text("#status")
    assert "Press Hint again" in text
    empty = page.locator('#board .cell[data-state="empty"]').count()
    page.click("#hint")
    idle(page)
    assert page.locator('#board .cell[data-state="empty"]').count() == empty - 1


@pytest.mark.parametrize("name", names_with(cycles))
def test_paint_undo_redo_and_reload(page: Any, name: str) -> None:
    open_board(page, name)
    first, second = states(pencilbox.puzzle(name))
    r, c = free_cells(page)[0]
    cell(page, r, c).click()
    assert state(page, r, c) == first
    cell(page, r, c).click()
    assert state(page, r, c) == second
    cell(page, r, c).click(button="right")
    assert state(page, r, c) == first
    page.click("#undo")
    assert state(page, r, c) == second
    page.click("#redo")
    assert state(page, r, c) == first
    page.keyboard.press("Control+z")
    assert state(page, r, c) == second
    page.keyboard.press("Control+y")
    assert state(page, r, c) == first
    # keyboard: the cursor stays on the last cell clicked
    page.focus("#board")
    page.keyboard.press("0")
    assert state(page, r, c) == "empty"
    page.keyboard.press("1")
    assert state(page, r, c) == first
    # drag paints a row of free cells with the first cell's new state
    row = [rc for rc in free_cells(page) if rc[0] == r and state(page, *rc) == "empty"]
    if len(row) >= 2:
        a, b = cell(page, *row[0]).bounding_box(), cell(page, *row[-1]).bounding_box()
        page.mouse.move(a["x"] + 5, a["y"] + 5)
        page.mouse.down()
        page.mouse.move(b["x"] + 5, b["y"] + 5, steps=8)
        page.mouse.up()
        assert state(page, *row[0]) == first and state(page, *row[-1]) == first
        page.click("#undo")
        assert state(page, *row[-1]) == "empty"
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert state(page, r, c) == first


def test_keyboard_moves_the_cursor_and_sets_states(page: Any) -> None:
    kind = first_kind(cycles)
    open_board(page, kind.name)
    target = next((r, c) for r, c in free_cells(page) if r > 0 or c > 0)
    page.focus("#board")
    for _ in range(target[0]):
        page.keyboard.press("ArrowDown")
    for _ in range(target[1]):
        page.keyboard.press("ArrowRight")
    for token in frontend(kind).tokens:
        page.keyboard.press(token.keys[0])
        assert state(page, *target) == token.name
    page.keyboard.press("Backspace")
    assert state(page, *target) == "empty"


def test_long_press_goes_backwards(page: Any) -> None:
    kind = first_kind(cycles)
    open_board(page, kind.name)
    r, c = free_cells(page)[0]
    box = cell(page, r, c).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.evaluate(
        """([x, y]) => {
        const t = document.elementFromPoint(x, y);
        t.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true, pointerType: "touch",
                                                          clientX: x, clientY: y, button: 0}));
    }""",
        [x, y],
    )
    page.wait_for_timeout(650)
    page.evaluate(
        """([x, y]) => window.dispatchEvent(new PointerEvent("pointerup",
        {bubbles: true, pointerType: "touch", clientX: x, clientY: y}))""",
        [x, y],
    )
    assert state(page, r, c) == states(kind)[-1]


def test_share_link_and_open_url(page: Any) -> None:
    first, second = names()[:2]
    open_board(page, first)
    share = page.get_attribute("#share", "href")
    assert "/?p=" in share
    page.goto(share)
    page.wait_for_selector("body[data-ready]")
    assert page.input_value("#puzzle-type") == first
    other = pencilbox.puzzle(second)
    p = other.parse(hardest(other).puzzle)
    page.fill("#url", other.to_url(p))
    page.click("#open")
    idle(page)
    assert page.input_value("#puzzle-type") == second
    assert page.locator("#board .cell").count() == p.rows * p.cols


def test_phone_screen_fits_the_board(browser: Any, server: str) -> None:
    context = browser.new_context(
        viewport={"width": 375, "height": 740}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready]")
    box = page.locator("#board").bounding_box()
    assert box["width"] <= 375 and box["x"] >= 0
    r, c = free_cells(page)[0]
    before = state(page, r, c)
    cell(page, r, c).tap()
    assert state(page, r, c) != before  # a tap cycles forwards
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-phone.png"), full_page=True)
    context.close()
