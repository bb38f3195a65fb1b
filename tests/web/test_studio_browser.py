"""The setter's studio in headless Chromium: enter a puzzle by keyboard, see
its verdict and grade, delete clues until it has two answers, export and
reopen it; contradictions, an exhausted budget, the helpers, board sizes, a
phone screen."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

import pencilbox
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.verdict import DEFAULT_UNITS

from ..kinds import first_kind, hardest, names
from .fixtures import ARTIFACTS, TEST_GRADES
from .test_browser import open_menu

pytestmark = pytest.mark.browser

Cell = tuple[int, int]


def idle(page: Any) -> None:
    # Selectors, not wait_for_function: the page's CSP forbids eval.
    page.wait_for_selector("body:not([data-busy])", state="attached")


def settle(page: Any) -> str:
    """The verdict once the latest request has answered."""
    page.wait_for_selector(
        '#verdict:not([hidden])[aria-busy="false"][data-verdict]:not([data-verdict=""])',
        state="attached",
    )
    return str(page.get_attribute("#verdict", "data-verdict"))


def start(page: Any, name: str) -> None:
    """The app with a dealt board of the type on screen (on a phone, the
    folded choices unfolded again for what follows)."""
    page.goto(page.base + "/")
    page.wait_for_selector("body[data-ready]")
    idle(page)
    open_menu(page)
    page.select_option("#puzzle-type", name)
    idle(page)
    open_menu(page)


def edit_blank(page: Any, name: str, rows: int, cols: int) -> None:
    start(page, name)
    if page.get_attribute("#edit", "aria-pressed") != "true":  # a reload reopens the editor
        page.click("#edit")
    assert page.get_attribute("#edit", "aria-pressed") == "true"
    page.fill("#rows", str(rows))
    page.fill("#cols", str(cols))
    page.click("#blank")
    settle(page)
    assert page.locator("#edit-board .cell").count() == rows * cols
    assert page.locator("#edit-board .cell[data-clue]").count() == 0
    page.focus("#edit-board")
    for _ in range(rows + cols):  # to r1c1, whatever the cursor was
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowLeft")


def go(page: Any, at: Cell, to: Cell) -> Cell:
    """Arrow keys from cell ``at`` to cell ``to``."""
    dr, dc = to[0] - at[0], to[1] - at[1]
    for _ in range(abs(dr)):
        page.keyboard.press("ArrowDown" if dr > 0 else "ArrowUp")
    for _ in range(abs(dc)):
        page.keyboard.press("ArrowRight" if dc > 0 else "ArrowLeft")
    return to


def keys_for(kind: PuzzleKind, value: int) -> str:
    """What a setter types for a clue value, read from the kind's descriptor."""
    fe = kind.frontend
    assert fe is not None
    if fe.clue.blank is not None and value == -1:
        return "?"
    if fe.clue.input == "cycle":
        return next(t.keys[0] for t in fe.tokens if t.value == value)
    return str(value)


def enter(page: Any, kind: PuzzleKind, clues: dict[Cell, int]) -> Cell:
    """Type the clues cell by cell, moving with the arrows from r1c1."""
    at = (0, 0)
    for cell in sorted(clues):
        at = go(page, at, cell)
        page.keyboard.type(keys_for(kind, clues[cell]))
    return at


def board_clues(page: Any) -> dict[Cell, int]:
    out = {}
    for e in page.locator("#edit-board .cell[data-clue]").all():
        out[(int(e.get_attribute("data-r")), int(e.get_attribute("data-c")))] = int(
            e.get_attribute("data-clue")
        )
    return out


def cells_with(page: Any, attr: str) -> set[Cell]:
    return {
        (int(e.get_attribute("data-r")), int(e.get_attribute("data-c")))
        for e in page.locator(f'#edit-board .cell[{attr}="1"]').all()
    }


def shown_answer(page: Any, kind: PuzzleKind, rows: int, cols: int) -> list[int]:
    """The answer on the studio's board, as the kind's values."""
    fe = kind.frontend
    assert fe is not None
    values = []
    for r in range(rows):
        for c in range(cols):
            s = page.get_attribute(f'#edit-board .cell[data-r="{r}"][data-c="{c}"]', "data-state")
            if fe.input == "cycle":
                values.append(next(t.value for t in fe.tokens if t.name == s))
            else:
                assert fe.numbers is not None
                values.append(int(s) - fe.numbers.low)
    return values


def givens(kind: PuzzleKind, p: Puzzle) -> int:
    """How many cells the game shows as given: clue cells whose answer the
    clue fixes (every clue cell but Tally's, whose clues count their cell too)."""
    start = kind.start(p).cands
    return sum(1 for c, v in enumerate(p.clues) if v is not None and start[c].bit_count() == 1)


def dealt(page: Any, name: str) -> dict[str, Any]:
    """A unique 6×6 board of the test bank, with the grade the bank gave it."""
    q = f"type={name}&size=6&grade={TEST_GRADES[name]}&index=0"
    r = page.request.get(f"{page.base}/api/puzzle?{q}")
    assert r.ok
    board: dict[str, Any] = r.json()
    assert board["source"] == "bank"
    return board


@pytest.mark.parametrize("name", names())
def test_enter_by_keyboard_unique_export_reopen_then_several(page: Any, name: str) -> None:
    kind = pencilbox.puzzle(name)
    board = dealt(page, name)
    clues = {divmod(i, 6): v for i, v in enumerate(board["clues"]) if v is not None}
    edit_blank(page, name, 6, 6)
    enter(page, kind, clues)
    assert settle(page) == "unique", page.inner_text("#verdict")
    assert board_clues(page) == clues
    assert page.inner_text("#verdict .grade") == board["grade"]
    # The studio follows the puzzle's own grade, not the game's Difficulty
    # (which steps aside while editing): unique at its grade, nothing is shaded.
    assert not page.is_visible("#level")
    assert cells_with(page, "data-undecided") == set()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"web-studio-{name}-unique.png"))

    # The exported URL opens again, in the Open URL box, to the same puzzle.
    url = page.input_value("#export-url")
    assert url == board["url"]
    text = page.input_value("#export-text")
    assert kind.parse(text).clues == tuple(board["clues"])
    page.click("#edit")
    assert page.get_attribute("#edit", "aria-pressed") == "false"
    page.fill("#url", url)
    page.click("#open")
    idle(page)
    assert settle(page) == "unique"  # an opened puzzle shows its verdict in play mode
    # in a player's words: the difficulty's name, not the rung's
    name = next(g["name"] for g in kind.grades() if g["level"] == board["grade"])
    assert page.inner_text("#verdict .grade") == name
    assert board["grade"] not in page.inner_text("#verdict").split()
    assert page.locator("#board .cell[data-given]").count() == givens(kind, kind.parse(url))
    share = page.get_attribute("#share", "href")
    page.fill("#url", page.evaluate("s => new URL(s, location.href).href", share))
    page.click("#open")
    idle(page)
    assert page.get_attribute("#share", "href") == share
    page.click("#edit")
    settle(page)
    assert board_clues(page) == clues
    assert page.input_value("#export-url") == url

    # Delete clues until a second answer appears.
    page.focus("#edit-board")
    for _ in range(12):
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowLeft")
    at, verdict, removed = (0, 0), "unique", 0
    for cell in sorted(clues):
        at = go(page, at, cell)
        page.keyboard.press("Delete" if removed % 2 else "Backspace")
        removed += 1
        verdict = settle(page)
        assert verdict in ("unique", "several")
        if verdict == "several":
            break
    assert verdict == "several"
    assert cells_with(page, "data-undecided")  # where the clues no longer reach
    assert len(board_clues(page)) == len(clues) - removed
    differ = cells_with(page, "data-differ")
    assert differ
    puzzle = kind.parse(page.input_value("#export-text"))
    answers = []
    for k in (1, 2):
        page.click(f"#show-answer-{k}")
        assert page.get_attribute("#edit-board", "data-view") == f"answer-{k}"
        answers.append(shown_answer(page, kind, 6, 6))
        assert kind.validate(puzzle, answers[-1]) == []
        assert cells_with(page, "data-differ") == differ
    assert {divmod(i, 6) for i in range(36) if answers[0][i] != answers[1][i]} == differ
    page.screenshot(path=str(ARTIFACTS / f"web-studio-{name}-several.png"))

    # Undo and redo cover the edits.
    page.focus("#edit-board")
    page.keyboard.press("Control+z")
    assert settle(page) == "unique"
    assert len(board_clues(page)) == len(clues) - removed + 1
    page.keyboard.press("Control+y")
    assert settle(page) == "several"

    # Play this: the game plays the edited puzzle, its verdict shown at once.
    page.click("#play")
    page.wait_for_selector('#edit[aria-pressed="false"]')
    idle(page)
    assert page.locator("#board .cell[data-given]").count() == givens(kind, puzzle)
    assert settle(page) == "several"
    page.screenshot(path=str(ARTIFACTS / f"web-studio-{name}-play.png"))


@pytest.mark.parametrize("name", names())
def test_contradicting_clues_show_why_and_where(page: Any, name: str) -> None:
    kind = pencilbox.puzzle(name)
    p = kind.parse(kind.samples.contradiction)
    clues = {divmod(i, p.cols): v for i, v in enumerate(p.clues) if v is not None}
    cells = kind.analyze(p).cells  # the contradiction's cells, as the studio finds them
    assert cells
    edit_blank(page, name, p.rows, p.cols)
    enter(page, kind, clues)
    assert settle(page) == "none"
    words = page.inner_text("#verdict")
    assert "No answer" in words and "contradict" in words
    assert page.locator("#edit-board .hl-error").count() == len(cells)
    named = [p.grid.name(c) for c in cells]
    assert all(n in words for n in named)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"web-studio-{name}-none.png"))


def test_an_exhausted_budget_says_unknown_and_offers_more(page: Any) -> None:
    kind = pencilbox.puzzle(names()[0])
    board = dealt(page, kind.name)
    edit_blank(page, kind.name, 6, 6)
    asked: list[int] = []

    def tiny_first(route: Any) -> None:
        body = json.loads(route.request.post_data)
        asked.append(body["budget"])
        if len(asked) == 1:
            body["budget"] = 3  # a budget no analysis fits in
        route.continue_(post_data=json.dumps(body))

    page.route("**/api/analyze", tiny_first)
    clues = {divmod(i, 6): v for i, v in enumerate(board["clues"]) if v is not None}
    first = min(clues)
    go(page, (0, 0), first)
    page.keyboard.type(keys_for(kind, clues[first]))
    assert settle(page) == "unknown"
    assert "budget" in page.inner_text("#verdict")
    assert page.inner_text("#more") == "Look further"
    page.click("#more")
    assert settle(page) in ("unique", "several")
    assert asked == [DEFAULT_UNITS, 2 * DEFAULT_UNITS]


def test_a_unique_answer_not_yet_graded_offers_more(page: Any) -> None:
    """When search proves the answer unique but probe's fixpoint runs out of
    time, the verdict says so (no grade) and offers to spend more."""
    kind = pencilbox.puzzle(names()[0])
    board = dealt(page, kind.name)
    edit_blank(page, kind.name, 6, 6)
    asked: list[int] = []
    cut = {"left": 1}

    def ungraded_first(route: Any) -> None:
        asked.append(json.loads(route.request.post_data)["budget"])
        answer = route.fetch().json()
        if cut["left"] and answer["verdict"] == "unique":
            cut["left"] -= 1
            answer["grade"] = None  # as analyze answers when probe's fixpoint runs out
            answer["reason"] = "search proves it, but the budget ran out before probe's fixpoint"
        route.fulfill(json=answer)

    page.route("**/api/analyze", ungraded_first)
    clues = {divmod(i, 6): v for i, v in enumerate(board["clues"]) if v is not None}
    enter(page, kind, clues)
    assert settle(page) == "unique"
    text = page.inner_text("#verdict")
    assert "null" not in text and "budget ran out" in text
    assert page.inner_text("#more") == "Look further"
    page.click("#more")
    assert settle(page) == "unique"
    expect(page.locator("#verdict .grade")).to_have_text(board["grade"])
    assert asked[-1] == 2 * DEFAULT_UNITS


ABORTS = """
window.aborted = [];
const fetched = window.fetch;
window.fetch = (what, init) => {
  const sent = fetched(what, init);
  let pending = true;
  sent.then(() => { pending = false; }, () => { pending = false; });
  init?.signal?.addEventListener("abort", () => {
    if (pending) window.aborted.push(String(what));
  });
  return sent;
};
"""
"""Records the page's fetches cancelled (by their AbortController) before they answered."""


def cycled_clues(kind: PuzzleKind) -> bool:
    """Whether a setter places the kind's clues by cycling (Yin-Yang's stones)."""
    return kind.frontend is not None and kind.frontend.clue.input == "cycle"


def clue_cycle(kind: PuzzleKind) -> tuple[int, ...]:
    fe = kind.frontend
    assert fe is not None
    return fe.clue.cycle


def test_a_busy_server_is_said_and_asked_again(page: Any) -> None:
    kind = first_kind(cycled_clues)
    edit_blank(page, kind.name, 4, 4)
    busy = {"left": 1}

    def once_busy(route: Any) -> None:
        if busy["left"]:
            busy["left"] -= 1
            route.fulfill(status=503, json={"error": "the solver is busy; try again in a moment"})
        else:
            route.continue_()

    page.route("**/api/analyze", once_busy)
    page.keyboard.type(keys_for(kind, clue_cycle(kind)[0]))
    assert settle(page) == "error"
    assert "busy" in page.inner_text("#verdict")
    page.click("#again")
    assert settle(page) == "several"


def test_a_newer_edit_aborts_the_older_request(page: Any) -> None:
    kind = first_kind(cycled_clues)
    first, second = clue_cycle(kind)[:2]
    page.add_init_script(ABORTS)
    edit_blank(page, kind.name, 5, 5)
    held: list[Any] = []

    def hold_first(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)  # never answered

    page.route("**/api/analyze", hold_first)
    # Only what follows counts: opening the editor may abort a verdict still
    # on its way when the blank board replaced it (on a busy machine).
    page.evaluate("window.aborted = []")
    page.keyboard.type(keys_for(kind, first))
    page.wait_for_timeout(600)  # past the debounce: the first request is out, and held
    assert len(held) == 1
    assert page.get_attribute("#verdict", "aria-busy") == "true"
    page.keyboard.press("ArrowRight")
    page.keyboard.type(keys_for(kind, second))
    assert settle(page) == "several"
    assert page.evaluate("window.aborted") == ["/api/analyze"]
    assert board_clues(page) == {(0, 0): first, (0, 1): second}
    page.unroute("**/api/analyze")


def clue_range(kind: PuzzleKind, rows: int, cols: int) -> tuple[int, int]:
    """The numbers a setter may place on a board of that size (the descriptor's bound)."""
    fe = kind.frontend
    assert fe is not None and fe.clue.numbers is not None
    high = fe.clue.numbers.high
    if not isinstance(high, int):
        high = {"cells": rows * cols, "cells-1": rows * cols - 1, "rows+cols-1": rows + cols - 1}[
            high
        ]
    return fe.clue.numbers.low, high


def numbers_the_cells(kind: PuzzleKind) -> bool:
    """Whether the kind's clues are numbers up to the cell count (Numbrix's)."""
    fe = kind.frontend
    return fe is not None and fe.clue.numbers is not None and fe.clue.numbers.high == "cells"


def test_quick_edits_ask_once(page: Any) -> None:
    kind = first_kind(numbers_the_cells)
    low, high = clue_range(kind, 4, 4)
    edit_blank(page, kind.name, 4, 4)
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.url.endswith("/api/analyze") else None)
    page.keyboard.type(str(high))
    page.keyboard.press("ArrowRight")
    page.keyboard.type(str(low))
    assert settle(page) in ("several", "unique")
    assert len(sent) < 3  # three edits, typed faster than the debounce
    assert board_clues(page) == {(0, 0): high, (0, 1): low}


def test_helpers_redundant_thin_suggest_and_cancel(page: Any) -> None:
    kind = pencilbox.puzzle(names()[0])
    board = dealt(page, kind.name)
    clues = {divmod(i, 6): v for i, v in enumerate(board["clues"]) if v is not None}
    page.add_init_script(ABORTS)
    start(page, kind.name)
    page.fill("#url", board["url"])
    page.click("#open")
    idle(page)
    levels = list(kind.levels)
    page.select_option("#level", levels[0])  # the game's Difficulty: the studio pays it no heed
    page.click("#edit")
    assert settle(page) == "unique"
    assert board_clues(page) == clues
    assert cells_with(page, "data-undecided") == set()

    page.click("#redundant")
    assert page.inner_text("#redundant") == "Cancel"
    page.wait_for_selector("#redundant:not([aria-busy])")
    marked = cells_with(page, "data-redundant")
    assert marked <= set(clues)
    words = page.inner_text("#studio-status")
    assert (f"{len(marked)} of {len(clues)} clues can go" in words) if marked else "needed" in words

    page.click("#thin")  # keeps the puzzle's own grade: never harder
    page.wait_for_selector("#thin:not([aria-busy])")
    words = page.inner_text("#studio-status")
    assert "Removed" in words and "the puzzle is still unique" in words, words
    assert settle(page) == "unique"
    assert levels.index(page.inner_text("#verdict .grade")) <= levels.index(board["grade"])
    left = board_clues(page)
    assert set(left) <= set(clues) and len(left) <= len(clues)
    if len(left) < len(clues):
        page.click("#edit-undo")
        settle(page)
        assert board_clues(page) == clues

    # Thin, held on its way, and cancelled: the request is aborted, the button comes back.
    held: list[Any] = []
    page.route("**/api/thin", lambda route: held.append(route))
    page.click("#thin")
    expect(page.locator("#thin")).to_have_text("Cancel")
    page.wait_for_timeout(300)
    assert len(held) == 1
    page.click("#thin")
    assert page.inner_text("#thin") == "Thin"
    assert page.inner_text("#studio-status") == "Cancelled."
    for _ in range(100):
        if "/api/thin" in page.evaluate("window.aborted"):
            break
        page.wait_for_timeout(50)
    assert "/api/thin" in page.evaluate("window.aborted")
    page.unroute("**/api/thin")

    # Several answers: the suggested clue, applied, is one of the first answer's.
    page.focus("#edit-board")
    at, verdict = (0, 0), "unique"
    for _ in range(12):
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowLeft")
    for cell in sorted(board_clues(page)):
        at = go(page, at, cell)
        page.keyboard.press("Delete")
        verdict = settle(page)
        if verdict == "several":
            break
    assert verdict == "several"
    before = board_clues(page)
    page.click("#suggest")
    page.wait_for_selector("#suggest:not([aria-busy])")
    said = page.inner_text("#studio-status")
    # in English: "and the puzzle is unique (grade …)" or "still has several answers"
    verdicts = r"and the puzzle (is unique|still has several answers|has no answer)"
    assert re.search(verdicts, said), said
    assert "puzzle is several" not in said
    page.click("#apply-suggestion")
    after = board_clues(page)
    assert set(after) - set(before) and len(after) == len(before) + 1
    assert settle(page) in ("unique", "several")


def test_copy_buttons_copy_the_url_and_the_text_grid(page: Any) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=page.base)
    kind = first_kind(cycled_clues)
    value = clue_cycle(kind)[-1]
    edit_blank(page, kind.name, 3, 4)
    page.keyboard.type(keys_for(kind, value))
    settle(page)
    url, text = page.input_value("#export-url"), page.input_value("#export-text")
    assert text.splitlines()[1] == f"{kind.clue_token(value)} . . ."
    assert kind.parse(url) == kind.parse(text)
    page.click("#copy-url")
    expect(page.locator("#studio-status")).to_have_text("URL copied.")  # once the write resolves
    assert page.evaluate("navigator.clipboard.readText()") == url
    page.click("#copy-text")
    expect(page.locator("#studio-status")).to_have_text("Text grid copied.")
    assert page.evaluate("navigator.clipboard.readText()") == text


def blank_numbers(kind: PuzzleKind) -> bool:
    """Whether the kind's clues are numbers up to a bound that follows the
    board, and a clue may go without its number (Cave's, Kurotto's)."""
    fe = kind.frontend
    return (
        fe is not None
        and fe.clue.numbers is not None
        and not isinstance(fe.clue.numbers.high, int)
        and fe.clue.blank is not None
    )


def test_a_reload_keeps_the_editor_and_its_clues(page: Any) -> None:
    kind = first_kind(blank_numbers)
    _, high = clue_range(kind, 3, 5)
    edit_blank(page, kind.name, 3, 5)
    page.keyboard.type(str(high))
    page.keyboard.press("ArrowDown")
    page.keyboard.type("?")
    settle(page)
    url = page.input_value("#export-url")
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.get_attribute("#edit", "aria-pressed") == "true"
    settle(page)
    assert board_clues(page) == {(0, 0): high, (1, 0): -1}
    assert page.input_value("#export-url") == url
    # A link to another puzzle opens that puzzle to play, not the old edit.
    other = pencilbox.puzzle(next(n for n in names() if n != kind.name))
    link = other.to_url(other.parse(hardest(other).puzzle))
    page.goto(page.base + "/?p=" + quote(link))
    page.wait_for_selector("body[data-ready]")
    assert page.get_attribute("#edit", "aria-pressed") == "false"
    assert page.input_value("#puzzle-type") == other.name


def test_boards_from_two_by_two_to_thirty_either_way(page: Any) -> None:
    kind = first_kind(blank_numbers)
    _, high = clue_range(kind, 30, 2)
    assert clue_range(kind, 3, 2)[1] < high
    edit_blank(page, kind.name, 2, 30)
    assert page.get_attribute("#edit-board", "aria-colcount") == "30"
    page.fill("#rows", "30")
    page.fill("#cols", "2")
    page.click("#blank")
    settle(page)
    assert page.locator("#edit-board .cell").count() == 60
    assert page.get_attribute("#edit-board", "aria-rowcount") == "30"
    page.fill("#rows", "31")
    page.press("#rows", "Enter")
    assert "2 to 30" in page.inner_text("#studio-status")
    assert page.input_value("#rows") == "30"
    page.fill("#cols", "1")
    page.click("#blank")
    assert page.locator("#edit-board .cell").count() == 60
    # a clue too big for the board is refused, one that fits is kept on resizing
    page.focus("#edit-board")
    page.keyboard.type(str(high))
    page.keyboard.press("ArrowRight")
    page.keyboard.type("?")
    assert board_clues(page) == {(0, 0): high, (0, 1): -1}
    page.fill("#rows", "3")
    page.press("#rows", "Enter")
    assert board_clues(page) == {(0, 1): -1}  # too big for a 3×2 board
    page.focus("#edit-board")
    page.keyboard.press("Control+z")
    assert board_clues(page) == {(0, 0): high, (0, 1): -1}


def test_phone_screen_edits_by_touch(browser: Any, server: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.base = server
    cycled, numbered = first_kind(cycled_clues), first_kind(blank_numbers)
    first, second = clue_cycle(cycled)[:2]
    try:
        edit_blank(page, cycled.name, 5, 5)
        page.tap('#edit-board .cell[data-r="0"][data-c="0"]')
        page.tap('#edit-board .cell[data-r="1"][data-c="1"]')
        page.tap('#edit-board .cell[data-r="1"][data-c="1"]')
        assert board_clues(page) == {(0, 0): first, (1, 1): second}
        settle(page)
        box = page.locator("#edit-board").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "web-studio-phone.png"), full_page=True)

        edit_blank(page, numbered.name, 4, 4)
        page.tap('#edit-board .cell[data-r="2"][data-c="1"]')
        page.fill("#clue-number", "3")
        page.press("#clue-number", "Enter")
        page.tap('#edit-board .cell[data-r="0"][data-c="3"]')
        page.tap("#clue-blank")
        assert board_clues(page) == {(2, 1): 3, (0, 3): -1}
        settle(page)
        page.screenshot(path=str(ARTIFACTS / "web-studio-phone-numbers.png"), full_page=True)
    finally:
        context.close()
    assert not errors, errors


def drawn_centre(page: Any, selector: str) -> tuple[float, float]:
    """The centre of an editor cell, measured once it is drawn: the editor
    draws its board again when a verdict comes, and on a busy machine that
    may fall between finding the cell and measuring it (it has no box)."""
    cell = page.locator(selector)
    for _ in range(100):
        cell.wait_for(state="visible")
        box = cell.bounding_box()
        if box is not None:
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.wait_for_timeout(50)
    raise AssertionError(f"{selector} is never drawn")


def test_a_long_press_or_right_click_steps_a_stone_back(browser: Any, server: str) -> None:
    """Tap: none → black → white; held ~0.5 s (touch or mouse) or right
    click: none → white → black (for the first puzzle whose clues cycle)."""
    kind = first_kind(cycled_clues)
    black, white = clue_cycle(kind)[0], clue_cycle(kind)[-1]
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.base = server
    try:
        edit_blank(page, kind.name, 4, 4)
        cdp = context.new_cdp_session(page)

        def hold_touch(r: int, c: int, ms: int) -> None:
            x, y = drawn_centre(page, f'#edit-board .cell[data-r="{r}"][data-c="{c}"]')
            cdp.send(
                "Input.dispatchTouchEvent",
                {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]},
            )
            page.wait_for_timeout(ms)
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

        hold_touch(0, 0, 800)
        expect(page.locator('#edit-board .cell[data-r="0"][data-c="0"]')).to_have_attribute(
            "data-clue", str(white)
        )
        hold_touch(0, 0, 800)
        assert board_clues(page) == {(0, 0): black}
        hold_touch(0, 0, 800)
        assert board_clues(page) == {}
        hold_touch(1, 1, 60)  # a short touch steps forward
        assert board_clues(page) == {(1, 1): black}
    finally:
        context.close()

    page = browser.new_page(viewport={"width": 1200, "height": 850})
    page.base = server
    try:
        edit_blank(page, kind.name, 4, 4)
        cell = '#edit-board .cell[data-r="2"][data-c="3"]'
        page.click(cell, button="right")
        assert board_clues(page) == {(2, 3): white}
        page.click(cell, button="right")
        assert board_clues(page) == {(2, 3): black}
        page.mouse.move(*drawn_centre(page, cell))
        page.mouse.down()
        page.wait_for_timeout(800)
        page.mouse.up()
        assert board_clues(page) == {}  # held: back from black to none
        page.click(cell)
        assert board_clues(page) == {(2, 3): black}
        page.keyboard.press("Control+z")
        assert board_clues(page) == {}
    finally:
        page.close()


def case_kind() -> PuzzleKind:
    """The first registered puzzle with a sample probe cannot finish and the
    case rung grades."""
    return first_kind(lambda k: k.samples.case)


def open_case(page: Any, kind: PuzzleKind) -> Puzzle:
    """The kind's case sample opened by its URL, the game on screen and its
    own verdict (a first answer, then the case rung's grade) arrived, so no
    request of the game's is still to come when a test watches the editor's."""
    assert kind.samples.case is not None
    p = kind.parse(kind.samples.case.puzzle)
    start(page, kind.name)
    page.fill("#url", kind.to_url(p))
    page.click("#open")
    idle(page)
    page.wait_for_selector('#verdict[aria-busy="false"][data-grade="case"]', state="attached")
    return p


def test_the_first_answer_is_refined_to_the_full_grade(page: Any) -> None:
    """A first answer at once (probe), then, unasked, the case rung's grade."""
    kind = case_kind()
    upto: list[str] = []
    page.on(
        "request",
        lambda r: (
            upto.append(json.loads(r.post_data)["upto"]) if r.url.endswith("/api/analyze") else None
        ),
    )
    p = open_case(page, kind)
    page.click("#edit")
    assert settle(page) == "unique"
    assert page.get_attribute("#verdict", "data-grade") == "case"
    # The size the server found (each puzzle's own tests say what it is).
    asked = {"puzzle": kind.to_url(p), "upto": "case"}
    size = page.request.post(page.base + "/api/analyze", data=asked).json()["case_size"]
    assert isinstance(size, int) and size >= 1
    branches = f"{size} branch" + ("es" if size > 1 else "")
    assert page.inner_text("#verdict .grade") == f"case, {branches}"
    assert "Refining" not in page.inner_text("#verdict")
    assert upto[-2:] == ["probe", "case"]


def test_a_newer_edit_cancels_the_refinement(page: Any) -> None:
    kind = case_kind()
    page.add_init_script(ABORTS)
    p = open_case(page, kind)
    clue = divmod(next(c for c, v in enumerate(p.clues) if v is not None), p.cols)
    held: list[Any] = []

    def hold_the_refinement(route: Any) -> None:
        if json.loads(route.request.post_data)["upto"] == "case" and not held:
            held.append(route)  # never answered
        else:
            route.continue_()

    page.route("**/api/analyze", hold_the_refinement)
    page.click("#edit")
    page.wait_for_selector("#verdict .refining")
    assert "Refining the grade" in page.inner_text("#verdict")
    assert page.get_attribute("#verdict", "data-grade") == "beyond"
    page.focus("#edit-board")
    go(page, (p.rows - 1, p.cols - 1), (0, 0))  # from anywhere to r1c1
    go(page, (0, 0), clue)
    page.keyboard.press("Delete")  # the first clue goes: a new board
    assert settle(page) in ("unique", "several")
    assert held and "/api/analyze" in page.evaluate("window.aborted")
    assert page.locator("#verdict .refining").count() == 0
    assert clue not in board_clues(page)
