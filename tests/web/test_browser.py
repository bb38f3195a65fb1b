"""The game in headless Chromium: solve by hints, paint, undo/redo, check, reload."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import ARTIFACTS, TEST_GRADES

pytestmark = pytest.mark.browser

YINYANG_SOLVED = "Solved! The frontier between the colors is one unbroken curve, as it must be."


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
    assert page.locator(".cell").count() == 36


def state(page: Any, r: int, c: int) -> str:
    return page.get_attribute(f'.cell[data-r="{r}"][data-c="{c}"]', "data-state")


def cell(page: Any, r: int, c: int) -> Any:
    return page.locator(f'.cell[data-r="{r}"][data-c="{c}"]')


def free_cells(page: Any) -> list[tuple[int, int]]:
    return [
        (int(e.get_attribute("data-r")), int(e.get_attribute("data-c")))
        for e in page.locator(".cell:not([data-given])").all()
    ]


@pytest.mark.parametrize("name", ["yinyang", "cave", "kurotto", "numbrix"])
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
    if name == "yinyang":
        assert message == YINYANG_SOLVED
    assert page.locator('.cell[data-state="empty"]').count() == 0
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"web-{name}-solved.png"))


def test_hint_shows_then_applies(page: Any) -> None:
    open_board(page, "yinyang")
    page.click("#hint")
    idle(page)
    assert page.locator(".hl-hint").count() == 1
    text = page.inner_text("#status")
    assert "Press Hint again" in text
    empty = page.locator('.cell[data-state="empty"]').count()
    page.click("#hint")
    idle(page)
    assert page.locator('.cell[data-state="empty"]').count() == empty - 1


@pytest.mark.parametrize("name", ["yinyang", "cave", "kurotto"])
def test_paint_undo_redo_and_reload(page: Any, name: str) -> None:
    open_board(page, name)
    first, second = ("wall", "cave") if name == "cave" else ("black", "white")
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
    open_board(page, "cave")
    target = next((r, c) for r, c in free_cells(page) if r > 0 or c > 0)
    page.focus("#board")
    for _ in range(target[0]):
        page.keyboard.press("ArrowDown")
    for _ in range(target[1]):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("1")
    assert state(page, *target) == "wall"
    page.keyboard.press("2")
    assert state(page, *target) == "cave"
    page.keyboard.press("Backspace")
    assert state(page, *target) == "empty"


def test_long_press_goes_backwards(page: Any) -> None:
    open_board(page, "kurotto")
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
    assert state(page, r, c) == "white"


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


def test_numbrix_typing_draws_the_walk(page: Any) -> None:
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


def test_share_link_and_open_url(page: Any) -> None:
    open_board(page, "cave")
    share = page.get_attribute("#share", "href")
    assert "/?p=" in share
    page.goto(share)
    page.wait_for_selector("body[data-ready]")
    assert page.input_value("#puzzle-type") == "cave"
    page.fill("#url", "https://puzz.link/p?yinyang/6/6/0qia2408lci8")
    page.click("#open")
    idle(page)
    assert page.input_value("#puzzle-type") == "yinyang"
    assert page.locator(".cell").count() == 36


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


def test_kurotto_circles_turn_ok_and_bad(page: Any) -> None:
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
        assert state(page, *rc) == "white"
    assert circle.get_attribute("data-circle") == "ok"  # satisfied and sealed


def test_cave_fence_and_yinyang_frontier_are_drawn(page: Any) -> None:
    page.goto(page.base + "/?p=" + "https://puzz.link/p?cave/3/3/j1j")
    page.wait_for_selector("body[data-ready]")
    # the lone "1" clue, fenced on four sides once its neighbours are walls
    for rc in ((0, 1), (1, 0), (1, 2), (2, 1)):
        cell(page, *rc).click()
    assert page.get_attribute("path.theory", "data-segments") == "4"
    page.goto(page.base + "/?p=" + "https://puzz.link/p?yinyang/3/3/000")
    page.wait_for_selector("body[data-ready]")
    cell(page, 0, 0).click()
    cell(page, 0, 1).click()
    cell(page, 0, 1).click()
    assert page.get_attribute("path.theory", "data-segments") == "1"
