"""The game and the editor as a new player and setter meet them, on a phone
(390×844, touch) and a laptop (1280×850): what a tapped hint shows without
scrolling, touch targets, the folding header, the difficulty names and the
two level controls, one vocabulary for values, and the rough edges found by
trying it (issue #29). Layout is measured by bounding boxes, not pixels."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

import pytest

import pencilbox
from pencilbox.engine.kind import Puzzle, PuzzleKind

from ..kinds import first_kind, names, names_with
from .fixtures import ARTIFACTS, PHONE, TEST_GRADES, context
from .test_browser import (
    cell,
    cycles,
    free_cells,
    idle,
    open_board,
    open_menu,
    state,
    states,
    takes_numbers,
)
from .test_studio_browser import blank_numbers, clue_range, cycled_clues

pytestmark = pytest.mark.browser

TOUCH_MIN = 44


def quick_grade(kind: PuzzleKind) -> str:
    """A grade the kind's 10×10 boards are quickly generated at (the test
    bank holds 6×6 only): its samples' choice, else its easiest deal."""
    deals = [lv for lv in kind.levels if lv not in kind.bank_skips]
    return kind.samples.quick_grade or deals[0]


def players_name(kind: PuzzleKind, level: str) -> str:
    """The difficulty name the player reads for one of the kind's rungs."""
    return next(str(g["name"]) for g in kind.grades() if g["level"] == level)


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
@pytest.mark.parametrize("name", names())
def test_a_tapped_hint_is_read_without_scrolling_on_a_phone(phone: Any, name: str) -> None:
    start(phone)
    deal(phone, name, 10, quick_grade(pencilbox.puzzle(name)))
    phone.tap("#hint")
    idle(phone)
    assert phone.get_attribute("#status", "data-kind") == "hint", phone.inner_text("#status")
    assert phone.evaluate("scrollY") == 0
    for selector in ("#status", "#hint", "#undo", "#check", "#board"):
        assert inside_viewport(phone, selector), (selector, box(phone, selector))
    shot(phone, f"hint-{name}")


def test_a_tapped_hint_fits_the_laptop_too(laptop: Any) -> None:
    start(laptop)
    # a puzzle played by clicks and one played by typing numbers
    for name in dict.fromkeys((first_kind(cycles).name, first_kind(takes_numbers).name)):
        deal(laptop, name, 10, quick_grade(pencilbox.puzzle(name)))
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


@pytest.mark.parametrize("name", [*names(), "editor"])
def test_touch_targets_are_44_px_on_a_phone(phone: Any, name: str) -> None:
    open_board(phone, first_kind(blank_numbers).name if name == "editor" else name)
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
    # the player meets a rung by its difficulty name and a player's words for it, never its own name
    assert laptop.inner_text("#level option:checked") == "Easy" == first["name"]
    words = kind["frontend"]["levels"].get(easiest, first["rule"])
    assert laptop.inner_text("#level-rule") == f"Easy: {words}"
    assert laptop.inner_text("#grade") == "· Easy"
    names = laptop.eval_on_selector_all("#hint-level option", "os => os.map(o => o.textContent)")
    assert names[-2:] == ["Expert", "Fiendish"]


def lowest_below_the_bank(kind: PuzzleKind) -> bool:
    """Whether the kind's lowest rung is below its test bank's grade."""
    return kind.levels[0] != kind.samples.bank_grade


def test_the_deal_and_the_hint_have_a_control_each(page: Any) -> None:
    kind = first_kind(lowest_below_the_bank)
    low, grade = kind.levels[0], TEST_GRADES[kind.name]
    open_board(page, kind.name)
    page.select_option("#hint-level", low)
    assert page.input_value("#level") == grade
    rule = page.inner_text("#hint-rule")
    assert rule.startswith(players_name(kind, low) + ": ") and low not in rule.split(), rule
    with page.expect_request("**/api/hint") as asked:
        page.click("#hint")
    assert json.loads(asked.value.post_data)["level"] == low
    idle(page)
    with page.expect_request("**/api/puzzle?*") as dealt:
        page.click("#new")
    idle(page)
    assert f"grade={grade}" in dealt.value.url
    # a new board keeps both choices
    assert page.input_value("#level") == grade
    assert page.input_value("#hint-level") == low
    assert "case" not in page.eval_on_selector_all("#level option", "os => os.map(o => o.value)")


def test_a_shown_hint_is_dropped_when_the_hint_level_changes(page: Any) -> None:
    kind = first_kind(lowest_below_the_bank)
    open_board(page, kind.name)
    page.click("#hint")
    idle(page)
    assert page.get_attribute("#status", "data-kind") == "hint"
    before = [state(page, r, c) for r, c in free_cells(page)]
    page.select_option("#hint-level", kind.levels[0])
    assert page.inner_text("#status") == ""
    assert page.locator("#board .hl-hint").count() == 0
    page.click("#hint")  # a new hint, not the old one applied
    idle(page)
    assert [state(page, r, c) for r, c in free_cells(page)] == before
    assert page.get_attribute("#status", "data-kind") == "hint"  # the new level's answer


def every_puzzles_words() -> set[str]:
    """The values' names of every registered puzzle played by clicks."""
    return {w for k in map(pencilbox.puzzle, names_with(cycles)) for w in states(k)}


@pytest.mark.parametrize("name", names_with(cycles))
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
    other = ({"black", "white", "shaded", "unshaded", "dot"} | every_puzzles_words()) - words
    assert not any(f"is {w}" in text for w in other), text
    r, c = free_cells(page)[0]
    cell(page, r, c).click()
    assert state(page, r, c) in words


# -- 3. display ------------------------------------------------------------------------------
def test_reveal_ends_with_its_own_words_not_solved(page: Any) -> None:
    open_board(page, names()[0])
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
    kind = first_kind(cycles)
    first = states(kind)[0]
    open_board(page, kind.name)
    r, c = free_cells(page)[0]
    cell(page, r, c).click()
    assert state(page, r, c) == first
    page.emulate_media(media="print")
    page.wait_for_selector("#board .axes", state="detached")
    assert set(printed_states(page)) == {"empty"}
    assert page.locator("#board .cursor, #board .hl-hint").count() == 0
    page.emulate_media(media="screen")
    page.wait_for_selector("#board .axes")
    assert state(page, r, c) == first  # the marks come back on screen
    reveal(page)
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")  # the browser's own Print
    assert set(printed_states(page)) == {"empty"}
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert "empty" not in printed_states(page)


def test_a_puzzle_opened_from_a_url_prints_with_its_grade(page: Any) -> None:
    kind = pencilbox.puzzle(names()[0])
    from pencilbox.web import deal as dealing

    d = dealing.generate(kind, 6, 6, kind.levels[0], seed=7, seconds=5)
    open_url(page, kind.to_url(d.puzzle))
    page.wait_for_selector('#verdict[data-verdict="unique"][aria-busy="false"]')
    grade = page.get_attribute("#verdict", "data-grade")
    assert grade in kind.levels
    name = players_name(kind, grade)  # the player reads the difficulty's name, not the rung's
    assert page.inner_text("#print-title").endswith(f"· {name}"), page.inner_text("#print-title")
    assert page.inner_text("#grade") == f"· {name}"
    assert page.inner_text("#verdict .summary") == f"One answer, {name}."
    words = page.inner_text("#verdict")
    assert f"The rules up to {name} finish it without a guess." in words, words
    assert grade not in words.split() and "fixpoint" not in words, words


def test_the_timer_shows_the_kept_time_at_once_after_a_reload(page: Any) -> None:
    open_board(page, names()[0])
    page.wait_for_timeout(2100)
    reveal(page)
    kept = page.inner_text("#timer")
    assert kept != "0:00"
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.inner_text("#timer") == kept


def test_applied_goes_away_after_the_players_own_move(page: Any) -> None:
    open_board(page, first_kind(cycles).name)
    page.click("#hint")
    idle(page)
    page.click("#hint")
    idle(page)
    assert page.inner_text("#status").startswith("Applied: ")
    r, c = next(rc for rc in free_cells(page) if state(page, *rc) == "empty")
    cell(page, r, c).click()
    assert page.inner_text("#status") == ""


def test_the_open_box_is_emptied_by_a_new_board(page: Any) -> None:
    name = names()[0]
    open_board(page, name)
    page.fill("#url", blank_url(name, 3, 3))
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
    edit(page, first_kind(blank_numbers).name)
    assert page.is_visible("#rows") and page.is_visible("#cols")
    assert not page.is_visible("#size") and not page.is_visible("#size-cols")
    page.click("#edit")
    assert page.is_visible("#size") and not page.is_visible("#rows")


def test_the_editors_undo_survives_a_reload(page: Any) -> None:
    edit(page, first_kind(blank_numbers).name)
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
    name = first_kind(blank_numbers).name
    edit(page, name)
    edited = page.evaluate("new URL(location.href).searchParams.get('p')")
    page.reload()  # a reload reopens the editor on its board …
    page.wait_for_selector("#edit-board .cell")
    assert page.get_attribute("body", "data-mode") == "edit"
    open_url(page, blank_url(name, 3, 3))  # … another puzzle's page leaves it
    assert page.get_attribute("body", "data-mode") == "play"
    open_url(page, edited)  # and the edited board met again is played
    assert page.get_attribute("body", "data-mode") == "play"
    assert page.locator("#board .cell").count() == 36


def test_a_tap_in_the_editor_keeps_the_cursor_on_a_phone(phone: Any) -> None:
    open_board(phone, first_kind(blank_numbers).name)
    open_menu(phone)
    phone.tap("#edit")
    phone.wait_for_selector("#edit-board .cell")
    # The editor draws its board again when the verdict comes: measured
    # before, a cell may be gone by the time it is measured (a busy machine).
    phone.wait_for_selector(
        '#verdict:not([hidden])[aria-busy="false"][data-verdict]:not([data-verdict=""])',
        state="attached",
    )
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
    edit(page, first_kind(blank_numbers).name)
    page.fill("#rows", "6")
    page.fill("#cols", "6")
    page.click("#blank")
    page.wait_for_selector('#verdict[data-verdict="several"]')
    page.wait_for_selector("#verdict .verdict-note")
    note = page.inner_text("#verdict .verdict-note")
    assert re.fullmatch(r"\d+ cells the rules up to \w+ leave open are shaded\.", note), note
    assert "fixpoint" not in page.inner_text("#verdict")


def test_a_clue_past_the_range_says_why(page: Any) -> None:
    kind = first_kind(blank_numbers)
    low, high = clue_range(kind, 6, 9)  # on a 6×9 Cave from 1 to 14
    assert low <= 9 < high < 99
    edit(page, kind.name)
    page.fill("#rows", "6")
    page.fill("#cols", "9")
    page.click("#blank")
    page.focus("#edit-board")
    page.keyboard.type("99")
    text = page.inner_text("#studio-status")
    assert "99" in text and f"{low}…{high}" in text, text
    assert page.get_attribute('#edit-board .cell[data-r="0"][data-c="0"]', "data-clue") == "9"


@pytest.mark.parametrize("where", ["game", "editor"])
def test_a_big_board_zooms_and_scrolls_on_a_phone(phone: Any, where: str) -> None:
    if where == "game":
        open_url(phone, blank_url(names()[0], 20, 20))
        board = "#board"
    else:
        open_board(phone, names()[0])
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
    open_url(laptop, blank_url(names()[0], 30, 30))
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
        open_board(pg, names()[0])
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
    open_board(phone, names()[0])
    assert not phone.is_visible("#zoom")


# -- 5. accessibility ------------------------------------------------------------------------
def test_arrow_moves_are_announced(page: Any) -> None:
    open_board(page, names()[0])
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    active = page.get_attribute("#board", "aria-activedescendant")
    label = page.get_attribute(f"#{active}", "aria-label")
    assert label.startswith("r2c2 "), label
    assert page.inner_text("#cell-live") == label


def gives_stones(kind: PuzzleKind) -> bool:
    """Whether the kind's givens are values (stones) and its cells are played by clicks."""
    return cycles(kind) and cycled_clues(kind)


def test_given_stones_are_announced_as_given(page: Any) -> None:
    kind = first_kind(gives_stones)
    open_board(page, kind.name)
    given = page.locator("#board .cell[data-given]").first.get_attribute("aria-label")
    assert given.endswith(", given"), given
    r, c = free_cells(page)[0]
    cell(page, r, c).click()
    mine = cell(page, r, c).get_attribute("aria-label")
    assert mine == f"r{r + 1}c{c + 1} {states(kind)[0]}", mine


def test_c_checks_the_board(page: Any) -> None:
    open_board(page, names()[0])
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
        open_board(pg, names()[0])
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
        for name in names():
            deal(pg, name, 6, TEST_GRADES[name])
            r, c = free_cells(pg)[0]
            cell(pg, r, c).click()
            if takes_numbers(pencilbox.puzzle(name)):
                pg.keyboard.type("7")
            pg.click("#hint")
            idle(pg)
            shot(pg, f"screen-{size}-{name}")
            assert inside_viewport(pg, "#status")
