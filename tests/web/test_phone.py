"""The game and the editor as a new player and setter meet them, on a phone
(390×844, touch) and a laptop (1280×850): what a tapped hint shows without
scrolling, touch targets, the folding header, the difficulty names and the
two level controls, one vocabulary for values, and the rough edges found by
trying it (issue #29). Layout is measured by bounding boxes, not pixels."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

import pencilbox
from pencilbox.engine.kind import Puzzle

from .conftest import ARTIFACTS, TEST_GRADES
from .test_browser import cell, free_cells, idle, open_board, open_menu, state

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 850}
EASY_10 = {"yinyang": "window", "cave": "corner", "kurotto": "sum", "numbrix": "link"}
"""A grade each type's 10×10 boards are quickly generated at (the test bank holds 6×6 only)."""
TOUCH_MIN = 44


def context(browser: Any, server: str, size: str, **options: Any) -> Iterator[Any]:
    phone = size == "phone"
    ctx = browser.new_context(
        viewport=PHONE if phone else LAPTOP, has_touch=phone, is_mobile=phone, **options
    )
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.base = server
    yield pg
    ctx.close()
    assert not errors, errors


@pytest.fixture
def phone(browser: Any, server: str) -> Iterator[Any]:
    yield from context(browser, server, "phone")


@pytest.fixture
def laptop(browser: Any, server: str) -> Iterator[Any]:
    yield from context(browser, server, "laptop")


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"phone-{name}.png"))


def start(page: Any) -> None:
    page.goto(page.base + "/")
    page.wait_for_selector("body[data-ready]")
    idle(page)


def deal(page: Any, name: str, size: int, grade: str) -> None:
    """Deal a board as a player does: the menu, the type, the size, the difficulty, New puzzle."""
    open_menu(page)
    page.select_option("#puzzle-type", name)
    idle(page)
    open_menu(page)
    page.select_option("#size", str(size))
    page.select_option("#level", grade)
    page.click("#new")
    idle(page)
    assert page.locator("#board .cell").count() == size * size


def box(page: Any, selector: str) -> dict[str, float]:
    b = page.locator(selector).bounding_box()
    assert b is not None, f"{selector} is not shown"
    return dict(b)


def inside_viewport(page: Any, selector: str) -> bool:
    b, vp = box(page, selector), page.viewport_size
    return (
        b["y"] >= 0 and b["y"] + b["height"] <= vp["height"] and b["x"] + b["width"] <= vp["width"]
    )


def open_url(page: Any, url: str) -> None:
    page.goto(page.base + "/?p=" + quote(url, safe=""))
    page.wait_for_selector("body[data-ready]")
    idle(page)


def blank_url(name: str, rows: int, cols: int) -> str:
    return pencilbox.puzzle(name).to_url(Puzzle(name, rows, cols, (None,) * (rows * cols)))


def answer_tokens(page: Any) -> list[str]:
    tokens: list[str] = page.evaluate(
        """async () => {
        const url = new URL(document.getElementById("share").href).searchParams.get("p");
        const r = await fetch("/api/answer", {method: "POST",
            headers: {"content-type": "application/json"}, body: JSON.stringify({puzzle: url})});
        return (await r.json()).tokens;
    }"""
    )
    return tokens


def reveal(page: Any) -> None:
    page.once("dialog", lambda d: d.accept())
    page.click("#reveal")
    page.wait_for_selector('#status[data-kind="revealed"]')


# -- 1. the phone: a tapped hint, Hint, Undo and Check on screen; 44 px targets; the header folds
@pytest.mark.parametrize("name", ["yinyang", "cave", "kurotto", "numbrix"])
def test_a_tapped_hint_is_read_without_scrolling_on_a_phone(phone: Any, name: str) -> None:
    start(phone)
    deal(phone, name, 10, EASY_10[name])
    phone.tap("#hint")
    idle(phone)
    assert phone.get_attribute("#status", "data-kind") == "hint", phone.inner_text("#status")
    assert phone.evaluate("scrollY") == 0
    for selector in ("#status", "#hint", "#undo", "#check", "#board"):
        assert inside_viewport(phone, selector), (selector, box(phone, selector))
    shot(phone, f"hint-{name}")


def test_a_tapped_hint_fits_the_laptop_too(laptop: Any) -> None:
    start(laptop)
    for name in ("yinyang", "numbrix"):
        deal(laptop, name, 10, EASY_10[name])
        laptop.click("#hint")
        idle(laptop)
        for selector in ("#status", "#hint", "#undo", "#check", "#board"):
            assert inside_viewport(laptop, selector), (selector, box(laptop, selector))
        shot(laptop, f"laptop-hint-{name}")


def touch_targets(page: Any) -> list[tuple[str, float, float]]:
    """Every control shown: buttons, selects, the help's summary, the toggles' labels."""
    found: list[tuple[str, float, float]] = page.evaluate(
        """() => [...document.querySelectorAll(
                "button, select, summary, label.toggle, label.file-button, .share a")]
            .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden")
            .map(e => { const r = e.getBoundingClientRect();
                        return [e.id || e.textContent.trim().slice(0, 20), r.width, r.height]; })"""
    )
    return found


@pytest.mark.parametrize("name", ["yinyang", "cave", "kurotto", "numbrix", "editor"])
def test_touch_targets_are_44_px_on_a_phone(phone: Any, name: str) -> None:
    open_board(phone, "cave" if name == "editor" else name)
    open_menu(phone)  # the folded controls too
    if name == "editor":
        phone.tap("#edit")
        phone.wait_for_selector("#edit-board .cell")
        open_menu(phone)
    phone.click("#studio details.help summary" if name == "editor" else "details.help summary")
    small = [t for t in touch_targets(phone) if t[1] < TOUCH_MIN - 0.5 or t[2] < TOUCH_MIN - 0.5]
    assert len(touch_targets(phone)) > 15
    assert not small, small


def test_the_header_folds_away_on_a_phone(phone: Any) -> None:
    start(phone)
    assert not phone.is_visible(".tagline")
    assert not phone.is_visible("#puzzle-type") and not phone.is_visible("#url")
    assert box(phone, "header")["height"] <= 60
    phone.tap("#menu")
    assert phone.get_attribute("#menu", "aria-expanded") == "true"
    assert (
        phone.is_visible("#puzzle-type") and phone.is_visible("#new") and phone.is_visible("#url")
    )
    phone.select_option("#size", "6")
    phone.tap("#new")
    idle(phone)
    assert not phone.is_visible("#puzzle-type")  # a new board folds the menu again
    assert phone.get_attribute("#menu", "aria-expanded") == "false"


def test_the_laptop_shows_the_controls_without_a_menu(laptop: Any) -> None:
    start(laptop)
    assert not laptop.is_visible("#menu")
    assert laptop.is_visible("#puzzle-type") and laptop.is_visible(".tagline")


# -- 2. difficulty names, the easiest first, two controls ------------------------------------
def test_a_first_visit_deals_the_easiest_grade_by_its_players_name(laptop: Any) -> None:
    start(laptop)
    kinds = laptop.evaluate("async () => (await (await fetch('/api/puzzles')).json())")
    kind = next(k for k in kinds if k["type"] == laptop.input_value("#puzzle-type"))
    easiest = kind["deal_levels"][0]
    assert laptop.input_value("#level") == easiest
    first = kind["grades"][0]
    assert (
        laptop.inner_text("#level option:checked")
        == f"Easy · {easiest}"
        == (f"{first['name']} · {first['level']}")
    )
    assert first["rule"] in laptop.inner_text("#level-rule")
    assert f"Easy ({easiest})" in laptop.inner_text("#grade")
    names = laptop.eval_on_selector_all("#hint-level option", "os => os.map(o => o.textContent)")
    assert names[-2:] == ["Expert · probe", "Fiendish · case"]


def test_the_deal_and_the_hint_have_a_control_each(page: Any) -> None:
    open_board(page, "yinyang")
    page.select_option("#hint-level", "window")
    assert page.input_value("#level") == TEST_GRADES["yinyang"]
    assert "window" in page.inner_text("#hint-rule") and "Easy" in page.inner_text("#hint-rule")
    with page.expect_request("**/api/hint") as asked:
        page.click("#hint")
    assert json.loads(asked.value.post_data)["level"] == "window"
    idle(page)
    with page.expect_request("**/api/puzzle?*") as dealt:
        page.click("#new")
    idle(page)
    assert "grade=bridge" in dealt.value.url
    # a new board keeps both choices
    assert page.input_value("#level") == TEST_GRADES["yinyang"]
    assert page.input_value("#hint-level") == "window"
    assert "case" not in page.eval_on_selector_all("#level option", "os => os.map(o => o.value)")


def test_a_shown_hint_is_dropped_when_the_hint_level_changes(page: Any) -> None:
    open_board(page, "yinyang")
    page.click("#hint")
    idle(page)
    assert page.get_attribute("#status", "data-kind") == "hint"
    before = [state(page, r, c) for r, c in free_cells(page)]
    page.select_option("#hint-level", "window")
    assert page.inner_text("#status") == ""
    assert page.locator("#board .hl-hint").count() == 0
    page.click("#hint")  # a new hint, not the old one applied
    idle(page)
    assert [state(page, r, c) for r, c in free_cells(page)] == before
    assert page.get_attribute("#status", "data-kind") == "hint"  # the new level's answer


@pytest.mark.parametrize("name", ["yinyang", "cave", "kurotto"])
def test_a_hint_names_values_with_the_puzzles_own_words(page: Any, name: str) -> None:
    kind = pencilbox.puzzle(name)
    assert kind.frontend is not None
    words = {t.name for t in kind.frontend.tokens}
    open_board(page, name)
    page.click("#hint")
    idle(page)
    lead = page.inner_text("#status strong")
    assert lead.split(" is ")[1].rstrip(".").split()[-1] in words, lead
    text = page.inner_text("#status")
    other = {"black", "white", "shaded", "unshaded", "wall", "cave", "dot"} - words
    assert not any(f"is {w}" in text for w in other), text
    r, c = free_cells(page)[0]
    cell(page, r, c).click()
    assert state(page, r, c) in words


def test_a_reason_that_starts_with_a_cell_keeps_its_name_small(page: Any) -> None:
    open_url(page, "https://puzz.link/p?yinyang/4/4/o60009")  # three black stones in a 2×2
    page.select_option("#hint-level", "window")
    page.click("#hint")
    idle(page)
    text = page.inner_text("#status")
    assert "r1c1, r1c2, r2c1 are black, so" in text, text


def test_a_case_hint_of_one_branch_has_nothing_to_step_through(page: Any) -> None:
    kind = pencilbox.puzzle("kurotto")
    url = "https://puzz.link/p?kurotto/10/10/sah2j.8.h.4.h6l6g4.l.8i9h9j.7.h.7.h5l5t6h3i"
    p = kind.parse(url) if not hasattr(kind, "from_url") else kind.from_url(url)
    probed = kind.state_rows(kind.solve(p).cands, p.cols)
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


# -- 3. display ------------------------------------------------------------------------------
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
    # no end of a link lies on a number: every end is 12 units from a cell centre
    for x, y in walk_ends(page):
        cx, cy = x % 40, y % 40
        assert abs(cx - 20) + abs(cy - 20) >= 11.5, (x, y)
    assert page.locator("#board .walk").count() == 1
    green = page.evaluate("getComputedStyle(document.body).getPropertyValue('--good').trim()")
    stroke = page.eval_on_selector("#board .walk", "e => getComputedStyle(e).stroke")
    probe = page.evaluate(
        f"""() => {{ const d = document.createElement('div'); d.style.color = '{green}';
            document.body.append(d); const c = getComputedStyle(d).color; d.remove();
            return c; }}"""
    )
    assert stroke == probe, (stroke, probe)


def test_reveal_ends_with_its_own_words_not_solved(page: Any) -> None:
    open_board(page, "yinyang")
    reveal(page)
    text = page.inner_text("#status")
    assert "revealed" in text and "Solved" not in text, text
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.get_attribute("#status", "data-kind") == "revealed"
    page.click("#undo")  # the player's board again: no longer a revealed one
    assert page.get_attribute("#status", "data-kind") != "revealed"


def printed_states(page: Any) -> list[str]:
    return page.eval_on_selector_all(
        "#board .cell:not([data-given])", "cs => cs.map(c => c.dataset.state)"
    )


def test_print_is_a_clean_sheet_without_marks_or_a_revealed_answer(page: Any) -> None:
    open_board(page, "cave")
    r, c = free_cells(page)[0]
    cell(page, r, c).click()
    assert state(page, r, c) == "wall"
    page.emulate_media(media="print")
    page.wait_for_selector("#board .axes", state="detached")
    assert set(printed_states(page)) == {"empty"}
    assert page.locator("#board .cursor, #board .hl-hint").count() == 0
    page.emulate_media(media="screen")
    page.wait_for_selector("#board .axes")
    assert state(page, r, c) == "wall"  # the marks come back on screen
    reveal(page)
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")  # the browser's own Print
    assert set(printed_states(page)) == {"empty"}
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert "empty" not in printed_states(page)


def test_a_numbrix_sheet_prints_a_link_that_opens_it(page: Any) -> None:
    open_board(page, "numbrix")  # Numbrix has no puzz.link URL: the sheet names this page's link
    printed = page.inner_text("#print-url")
    assert printed == page.get_attribute("#share", "href")
    assert printed.startswith(page.base + "/?p=numbrix/6/6/"), printed
    title = page.inner_text("#print-title")
    assert title == f"Numbrix · 6×6 · Hard ({TEST_GRADES['numbrix']})", title


def test_a_puzzle_opened_from_a_url_prints_with_its_grade(page: Any) -> None:
    kind = pencilbox.puzzle("yinyang")
    from pencilbox.web import deal as dealing

    d = dealing.generate(kind, 6, 6, "window", seed=7, seconds=5)
    open_url(page, kind.to_url(d.puzzle))
    page.wait_for_selector('#verdict[data-verdict="unique"][aria-busy="false"]')
    grade = page.get_attribute("#verdict", "data-grade")
    assert grade in kind.levels
    assert grade in page.inner_text("#print-title"), page.inner_text("#print-title")
    assert grade in page.inner_text("#grade")
    assert "(" in page.inner_text("#verdict .summary")  # "grade window (Easy)."
    words = page.inner_text("#verdict")
    assert f"The rules up to {grade} finish it without a guess." in words, words
    assert "fixpoint" not in words and "lowest level" not in words, words


def test_the_timer_shows_the_kept_time_at_once_after_a_reload(page: Any) -> None:
    open_board(page, "yinyang")
    page.wait_for_timeout(2100)
    reveal(page)
    kept = page.inner_text("#timer")
    assert kept != "0:00"
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.inner_text("#timer") == kept


def test_applied_goes_away_after_the_players_own_move(page: Any) -> None:
    open_board(page, "yinyang")
    page.click("#hint")
    idle(page)
    page.click("#hint")
    idle(page)
    assert page.inner_text("#status").startswith("Applied: ")
    r, c = next(rc for rc in free_cells(page) if state(page, *rc) == "empty")
    cell(page, r, c).click()
    assert page.inner_text("#status") == ""


def test_the_open_box_is_emptied_by_a_new_board(page: Any) -> None:
    open_board(page, "kurotto")
    page.fill("#url", "https://puzz.link/p?kurotto/3/3/j1j")
    page.click("#open")
    idle(page)
    assert page.input_value("#url") != ""
    page.select_option("#size", "6")
    page.click("#new")
    idle(page)
    assert page.input_value("#url") == ""


# -- 4. the editor ---------------------------------------------------------------------------
def edit(page: Any, name: str) -> None:
    open_board(page, name)
    page.click("#edit")
    page.wait_for_selector("#edit-board .cell")


def test_the_editor_shows_one_pair_of_size_controls(page: Any) -> None:
    edit(page, "cave")
    assert page.is_visible("#rows") and page.is_visible("#cols")
    assert not page.is_visible("#size") and not page.is_visible("#size-cols")
    page.click("#edit")
    assert page.is_visible("#size") and not page.is_visible("#rows")


def test_the_editors_undo_survives_a_reload(page: Any) -> None:
    edit(page, "cave")
    page.focus("#edit-board")
    clue = page.get_attribute('#edit-board .cell[data-r="0"][data-c="0"]', "data-clue")
    page.keyboard.press("Delete" if clue else "3")
    after = page.get_attribute('#edit-board .cell[data-r="0"][data-c="0"]', "data-clue")
    assert after != clue
    page.reload()
    page.wait_for_selector("#edit-board .cell")
    assert page.is_enabled("#edit-undo")
    page.click("#edit-undo")
    assert page.get_attribute('#edit-board .cell[data-r="0"][data-c="0"]', "data-clue") == clue


def test_a_page_opened_on_another_puzzle_leaves_the_editor(page: Any) -> None:
    edit(page, "cave")
    edited = page.evaluate("new URL(location.href).searchParams.get('p')")
    page.reload()  # a reload reopens the editor on its board …
    page.wait_for_selector("#edit-board .cell")
    assert page.get_attribute("body", "data-mode") == "edit"
    open_url(page, "https://puzz.link/p?cave/3/3/j1j")  # … another puzzle's page leaves it
    assert page.get_attribute("body", "data-mode") == "play"
    open_url(page, edited)  # and the edited board met again is played
    assert page.get_attribute("body", "data-mode") == "play"
    assert page.locator("#board .cell").count() == 36


def test_a_tap_in_the_editor_keeps_the_cursor_on_a_phone(phone: Any) -> None:
    open_board(phone, "cave")
    open_menu(phone)
    phone.tap("#edit")
    phone.wait_for_selector("#edit-board .cell")
    b = box(phone, '#edit-board .cell[data-r="2"][data-c="3"]')
    phone.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
    assert phone.evaluate("document.activeElement.id") == "edit-board"
    cursor = box(phone, "#edit-board .cursor")
    assert (
        abs(cursor["x"] - b["x"]) < b["width"] / 2 and abs(cursor["y"] - b["y"]) < b["height"] / 2
    )
    assert "r3c4" in phone.get_attribute("#clue-number", "aria-label")
    phone.tap("#clue-number")  # typing in the clue box keeps the cursor drawn
    assert phone.locator("#edit-board .cursor").count() == 1


def test_the_editors_verdict_speaks_of_rules_not_fixpoints(page: Any) -> None:
    edit(page, "cave")
    page.fill("#rows", "6")
    page.fill("#cols", "6")
    page.click("#blank")
    page.wait_for_selector('#verdict[data-verdict="several"]')
    page.wait_for_selector("#verdict .verdict-note")
    note = page.inner_text("#verdict .verdict-note")
    assert re.fullmatch(r"\d+ cells the rules up to \w+ leave open are shaded\.", note), note
    assert "fixpoint" not in page.inner_text("#verdict")


def test_a_clue_past_the_range_says_why(page: Any) -> None:
    edit(page, "cave")
    page.fill("#rows", "6")
    page.fill("#cols", "9")
    page.click("#blank")
    page.focus("#edit-board")
    page.keyboard.type("99")  # clues on a 6×9 Cave run from 1 to 14
    text = page.inner_text("#studio-status")
    assert "99" in text and "1…14" in text, text
    assert page.get_attribute('#edit-board .cell[data-r="0"][data-c="0"]', "data-clue") == "9"


@pytest.mark.parametrize("where", ["game", "editor"])
def test_a_big_board_zooms_and_scrolls_on_a_phone(phone: Any, where: str) -> None:
    if where == "game":
        open_url(phone, blank_url("yinyang", 20, 20))
        board = "#board"
    else:
        open_board(phone, "cave")
        open_menu(phone)
        phone.tap("#edit")
        phone.fill("#rows", "30")
        phone.fill("#cols", "30")
        phone.tap("#blank")
        phone.wait_for_selector("#edit-board .cell >> nth=899")
        board = "#edit-board"
    assert phone.is_visible("#zoom")
    assert phone.get_attribute("#zoom", "aria-pressed") == "true"
    first = box(phone, f'{board} .cell[data-r="0"][data-c="0"]')
    assert first["width"] >= 28, first
    axis = phone.eval_on_selector(f"{board} .axis", "e => e.getBoundingClientRect().height")
    assert axis >= 9, axis  # the row and column numbers are readable
    frame = phone.eval_on_selector("#board-scroll", "e => [e.scrollWidth, e.clientWidth]")
    assert frame[0] > frame[1], frame  # the board scrolls in its frame …
    assert (
        phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    )  # … not the page
    shot(phone, f"zoom-{where}")
    phone.tap("#zoom")  # fit the screen: every cell shown, small
    assert box(phone, board)["width"] <= PHONE["width"]


def test_a_30x30_board_is_readable_on_a_laptop(laptop: Any) -> None:
    open_url(laptop, blank_url("cave", 30, 30))
    assert laptop.get_attribute("#zoom", "aria-pressed") == "true"
    assert box(laptop, '#board .cell[data-r="0"][data-c="0"]')["width"] >= 28
    axis = laptop.eval_on_selector("#board .axis", "e => e.getBoundingClientRect().height")
    assert axis >= 9, axis
    laptop.click("#zoom")
    assert box(laptop, '#board .cell[data-r="0"][data-c="0"]')["width"] < 28


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_editors_sizes_stay_put_as_the_board_grows_big(
    browser: Any, server: str, size: str
) -> None:
    """Typing 30 in Columns and pressing Blank board: the resize to a big
    board (its zoom bar shown) moves nothing under the pointer on its way."""
    for pg in context(browser, server, size):
        open_board(pg, "cave")
        open_menu(pg)
        pg.click("#edit")
        pg.wait_for_selector("#edit-board .cell")
        before = box(pg, "#blank")
        pg.fill("#cols", "30")
        pg.press("#cols", "Enter")  # the resize, as leaving the box does
        pg.wait_for_selector("#edit-board .cell >> nth=179")
        assert pg.is_visible("#zoom")
        assert box(pg, "#blank") == before
        pg.click("#blank")
        assert pg.locator("#edit-board .cell[data-clue]").count() == 0


def test_a_small_board_has_no_zoom(phone: Any) -> None:
    open_board(phone, "yinyang")
    assert not phone.is_visible("#zoom")


# -- 5. accessibility ------------------------------------------------------------------------
def test_arrow_moves_are_announced(page: Any) -> None:
    open_board(page, "yinyang")
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    active = page.get_attribute("#board", "aria-activedescendant")
    label = page.get_attribute(f"#{active}", "aria-label")
    assert label.startswith("r2c2 "), label
    assert page.inner_text("#cell-live") == label


def test_given_stones_are_announced_as_given(page: Any) -> None:
    open_board(page, "yinyang")
    given = page.locator("#board .cell[data-given]").first.get_attribute("aria-label")
    assert given.endswith(", given"), given
    r, c = free_cells(page)[0]
    cell(page, r, c).click()
    mine = cell(page, r, c).get_attribute("aria-label")
    assert mine == f"r{r + 1}c{c + 1} black", mine


def test_c_checks_the_board(page: Any) -> None:
    open_board(page, "yinyang")
    page.focus("#board")
    with page.expect_request("**/api/check"):
        page.keyboard.press("c")
    idle(page)
    assert page.inner_text("#status") != ""


def luminance(rgb: str) -> float:
    r, g, b = (int(x) for x in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_dark_mode_follows_the_system(browser: Any, server: str, size: str) -> None:
    for pg in context(browser, server, size, color_scheme="dark"):
        open_board(pg, "kurotto")
        paper, ink = pg.evaluate(
            "(s => [s.backgroundColor, s.color])(getComputedStyle(document.body))"
        )
        assert luminance(paper) < 0.2 and luminance(ink) > 0.7, (paper, ink)
        bg = pg.eval_on_selector("#board .cell rect.bg", "e => getComputedStyle(e).fill")
        assert luminance(bg) < 0.3, bg
        button = pg.eval_on_selector("#check", "e => getComputedStyle(e).backgroundColor")
        assert luminance(button) < 0.3, button
        pg.click("#hint")
        idle(pg)
        shot(pg, f"dark-{size}")
        pg.emulate_media(media="print")  # paper stays light
        pg.wait_for_selector("#board .axes", state="detached")
        paper_bg = pg.eval_on_selector("#board .cell rect.bg", "e => getComputedStyle(e).fill")
        assert luminance(paper_bg) > 0.9, paper_bg


# -- the screens, looked at --------------------------------------------------------------------
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_screens_of_every_puzzle(browser: Any, server: str, size: str) -> None:
    for pg in context(browser, server, size):
        start(pg)
        for name in ("yinyang", "cave", "kurotto", "numbrix"):
            deal(pg, name, 6, TEST_GRADES[name])
            r, c = free_cells(pg)[0]
            cell(pg, r, c).click()
            if name == "numbrix":
                pg.keyboard.type("7")
            pg.click("#hint")
            idle(pg)
            shot(pg, f"screen-{size}-{name}")
            assert inside_viewport(pg, "#status")
