"""The page a player meets, as a new player tried it on a phone (390×844,
touch) and a laptop (1280×850): the rules before a first game, plain words
everywhere a player reads, hints that land, a status line that speaks of the
board on screen, choices and typing never lost, and what players of the
other collections expect (progress in a link and a file, records, errors by
the rules, the studio at the puzzle's own grade). Layout is measured by
bounding boxes."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

import pencilbox
from pencilbox.engine.kind import PuzzleKind

from ..kinds import first_kind, names, names_with
from .fixtures import PHONE, TEST_GRADES, context
from .test_browser import (
    cell,
    cycles,
    free_cells,
    frontend,
    idle,
    open_board,
    state,
    takes_numbers,
)
from .test_phone import (
    blank_url,
    box,
    deal,
    inside_viewport,
    players_name,
    quick_grade,
)

pytestmark = pytest.mark.browser

JARGON = re.compile(r"\b(fixpoints?|candidates?|probe|extents?|cap|guesses)\b|cells open", re.I)
"""The solver's words, which a player never reads."""


def shipped(kind: PuzzleKind) -> bool:
    """The puzzles pencilbox ships (a test's plug-in speaks as its author wrote it)."""
    return type(kind).__module__.startswith("pencilbox.puzzles.")


def start(page: Any, path: str = "/") -> None:
    page.goto(page.base + path)
    page.wait_for_selector("body[data-ready]")
    idle(page)


def open_url(page: Any, url: str) -> None:
    start(page, "/?p=" + quote(url, safe=""))


def api(page: Any, name: str, body: dict[str, Any]) -> Any:
    """An API call made from the page, as the page makes them."""
    return page.evaluate(
        """async ([name, body]) => (await (await fetch("/api/" + name, {method: "POST",
            headers: {"content-type": "application/json"}, body: JSON.stringify(body)})).json())""",
        [name, body],
    )


def board_url(page: Any) -> str:
    return str(
        page.evaluate("new URL(document.getElementById('share').href).searchParams.get('p')")
    )


# -- 1. the rules first --------------------------------------------------------------------
@pytest.mark.parametrize("name", names_with(shipped))
def test_a_first_game_opens_with_the_rules_and_a_solved_example(laptop: Any, name: str) -> None:
    kind = pencilbox.puzzle(name)
    fe = frontend(kind)
    assert fe.rules and fe.example is not None
    start(laptop)
    laptop.select_option("#puzzle-type", name)
    idle(laptop)
    assert laptop.is_visible("#rules-card")
    assert laptop.locator("#rules-list li").all_text_contents() == list(fe.rules)
    # the example is drawn by the board's own code, every cell filled with its answer
    rows, cols = len(fe.example.puzzle), len(fe.example.puzzle[0].split())
    cells = laptop.locator("#rules-board .cell")
    assert cells.count() == rows * cols
    assert laptop.locator('#rules-board .cell[data-state="empty"]').count() == 0
    p = kind.parse(f"{name} {rows}x{cols}\n" + "\n".join(fe.example.puzzle))
    answer = kind.parse_solution("\n".join(fe.example.answer), p)
    tokens = [kind.value_token(v) for v in answer]
    names_of = {t.token: t.name for t in fe.tokens}
    shown = [e.get_attribute("data-state") for e in cells.all()]
    assert shown == [names_of.get(t, t) for t in tokens]
    assert kind.validate(p, answer) == [] and kind.count(p).solutions == 1
    # one tap folds it away, for good; one tap brings it back
    laptop.click("#rules-done")
    assert not laptop.is_visible("#rules-card")
    laptop.reload()
    laptop.wait_for_selector("body[data-ready]")
    assert not laptop.is_visible("#rules-card")
    laptop.click("#rules-show")
    assert laptop.is_visible("#rules-card")
    assert laptop.get_attribute("#rules-show", "aria-expanded") == "true"


SHIFTS = """window.shifts = [];
window.shiftWatch = new PerformanceObserver(list => window.shifts.push(...list.getEntries()));
window.shiftWatch.observe({ type: "layout-shift", buffered: true });"""
"""Collects each layout shift of the page from its first paint."""
SHIFTED = """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
  const all = [...window.shifts, ...window.shiftWatch.takeRecords()];
  done(all.reduce((sum, e) => sum + e.value, 0));
})))"""
"""The layout shifts so far, once the frames after the last change are
painted, summed: every one, those Chromium says came of an input too (a
reload counts as one, and the page is not touched while it loads)."""
SHIFT_MOST = 0.01
"""Layout shift a page may make as it loads: next to none (Lighthouse's good is 0.1)."""


def test_a_first_visit_paints_the_rules_where_they_stay(phone: Any) -> None:
    """A first visit on a phone opens with the rules, painted with the page:
    nothing moves when the first board arrives (the card pushed Hint's level
    and the errors toggle down, a shift of 0.16). Folded, the rules stay
    folded from the first paint of the next visit. The puzzles' list comes
    late, as on a phone's network, so the page paints before its first board."""
    phone.add_init_script(SHIFTS)
    phone.route("**/api/puzzles", lambda route: (time.sleep(0.5), route.continue_()))
    start(phone)
    assert phone.is_visible("#rules-card")
    assert phone.evaluate(SHIFTED) < SHIFT_MOST
    phone.tap("#rules-done")
    phone.reload()
    phone.wait_for_selector("body[data-ready]")
    idle(phone)
    assert not phone.is_visible("#rules-card")
    assert phone.evaluate(SHIFTED) < SHIFT_MOST


def test_how_to_play_looks_like_a_control(laptop: Any) -> None:
    start(laptop)
    summary = "#game-side details.help summary"
    style = laptop.eval_on_selector(
        summary,
        """e => { const s = getComputedStyle(e), m = getComputedStyle(e, "::before");
                  return [s.borderTopStyle, s.cursor, m.content]; }""",
    )
    assert style == ["solid", "pointer", '"▸"'], style
    laptop.click(summary)
    assert laptop.eval_on_selector(summary, "e => getComputedStyle(e, '::before').content") == '"▾"'
    assert laptop.is_visible("#keys-help")


# -- 2. plain words ------------------------------------------------------------------------
def players_view(page: Any) -> str:
    """Everything a player reads on the game's page: its text, the options
    of its choices and the notes of its controls."""
    text = page.inner_text("body")
    options = page.eval_on_selector_all(
        "#game-side select option, #deal-panel select option", "os => os.map(o => o.textContent)"
    )
    titles = page.eval_on_selector_all(
        "body:not([data-mode=edit]) :is(#deal-panel, #game-side, #number-tools) [title]",
        "es => es.map(e => e.title)",
    )
    return "\n".join([text, *options, *titles])


@pytest.mark.parametrize("name", names_with(shipped))
def test_no_solver_words_reach_a_player(laptop: Any, name: str) -> None:
    """Every rung's note, hints at every rung, Check, and the verdicts on
    opened puzzles (a unique one, one with several answers, one with none)."""
    kind = pencilbox.puzzle(name)
    start(laptop)
    laptop.select_option("#puzzle-type", name)
    idle(laptop)
    laptop.click("#game-side details.help summary")
    said = [players_view(laptop)]
    levels = laptop.eval_on_selector_all("#hint-level option", "os => os.map(o => o.value)")
    for level in levels:
        laptop.select_option("#hint-level", level)
        for _ in range(3):
            laptop.click("#hint")
            idle(laptop)
            said.append(players_view(laptop))
    laptop.click("#check")
    idle(laptop)
    said.append(players_view(laptop))
    boards = [s.puzzle for s in kind.samples.graded[-1:]]
    boards += [kind.samples.case.puzzle] if kind.samples.case else []
    boards += [kind.samples.contradiction, blank_url(name, 4, 4)]
    for board in boards:
        open_url(laptop, kind.to_url(kind.parse(board)) if "\n" in board else board)
        laptop.wait_for_selector('#verdict[aria-busy="false"][data-verdict]', state="attached")
        said.append(players_view(laptop))
    for text in said:
        assert not JARGON.search(text), JARGON.search(text)


def test_check_names_what_waits_for_a_full_board_in_each_puzzles_words(page: Any) -> None:
    for name in names_with(shipped):
        kind = pencilbox.puzzle(name)
        open_board(page, name)
        page.click("#check")
        idle(page)
        words = page.inner_text("#status")
        later = frontend(kind).checked_when_full
        assert "connection and count rules" not in words
        if later:
            assert f"{later} is checked when the board is full" in words, words
        else:
            assert words.endswith("still empty."), words


# -- 3. hints that land; a status line about the board on screen ---------------------------
def test_hint_scrolls_a_zoomed_board_to_its_cell(phone: Any) -> None:
    """A real wide puzzle on a phone, zoomed: the frame is scrolled away from
    the cell the hint will name, and Hint brings that cell into view."""
    real = [(k, p.url) for k in map(pencilbox.puzzle, names()) for p in k.samples.real]
    kind, url = max(real, key=lambda ku: ku[0].from_url(ku[1]).cols)
    p = kind.from_url(url)
    assert p.cols >= 15
    open_url(phone, url)
    assert phone.get_attribute("#zoom", "aria-pressed") == "true"
    h = api(phone, "hint", {"puzzle": url, "level": phone.input_value("#hint-level")})
    assert h["status"] == "hint", h
    r, c = h["cell"]
    far = "e => e.scrollWidth" if c < p.cols / 2 else "e => 0"
    phone.eval_on_selector("#board-scroll", f"e => {{ e.scrollLeft = ({far})(e); }}")
    phone.tap("#hint")
    idle(phone)
    assert phone.inner_text("#status strong").startswith(f"r{r + 1}c{c + 1} ")
    target, frame = (
        box(phone, f'#board .cell[data-r="{r}"][data-c="{c}"]'),
        box(phone, "#board-scroll"),
    )
    assert (
        frame["x"] <= target["x"] and target["x"] + target["width"] <= frame["x"] + frame["width"]
    )
    assert (
        frame["y"] <= target["y"] and target["y"] + target["height"] <= frame["y"] + frame["height"]
    )
    assert phone.evaluate("scrollY") == 0  # the frame scrolled, not the page: the hint is read


SQUARE = [(0, 0), (0, 1), (1, 0), (1, 1)]


def square_breaks_a_rule(kind: PuzzleKind) -> bool:
    """Whether a 2×2 of the kind's first value breaks a rule Check judges at
    once (on a partly filled board)."""
    if not cycles(kind):
        return False
    p = kind.parse(f"{kind.name} 4x4\n" + "\n".join([". . . ."] * 4))
    marks = [frontend(kind).tokens[0].value if divmod(i, 4) in SQUARE else None for i in range(16)]
    return any(v.local for v in kind.validate(p, marks))


def two_bad_moves(page: Any) -> PuzzleKind:
    """A 2×2 of one value painted on a blank 4×4 board of a puzzle where that breaks a rule."""
    kind = first_kind(square_breaks_a_rule)
    open_url(page, blank_url(kind.name, 4, 4))
    for r, c in SQUARE:
        cell(page, r, c).click()
    return kind


def test_the_status_line_forgets_a_check_when_the_board_changes(page: Any) -> None:
    two_bad_moves(page)
    for undoing in ("#undo", "#clear"):
        page.click("#check")
        idle(page)
        assert page.inner_text("#status").startswith("1 problem: "), page.inner_text("#status")
        page.click(undoing)
        assert page.inner_text("#status") == "", page.inner_text("#status")
        if undoing == "#undo":
            page.click("#redo")


def held_on_its_way(page: Any, calls: str, button: str) -> Callable[[], None]:
    """Press ``button`` and hold the API call it makes (``calls``, a URL
    pattern); returns what lets it go on."""
    held: list[Any] = []
    page.route(calls, lambda route: held.append(route))
    page.click(button)
    page.wait_for_timeout(300)
    assert held, f"{button} asked nothing"

    def release() -> None:
        held[0].continue_()
        page.unroute(calls)

    return release


def test_a_hint_for_a_board_no_longer_shown_is_dropped(page: Any) -> None:
    kind = first_kind(cycles)
    open_board(page, kind.name)
    asked = held_on_its_way(page, "**/api/hint", "#hint")
    r, c = free_cells(page)[0]
    cell(page, r, c).click()  # a move while the hint is on its way
    asked()
    idle(page)
    assert page.get_attribute("#status", "data-kind") != "hint", page.inner_text("#status")
    assert page.locator("#board .hl-hint").count() == 0


def test_a_deal_keeps_what_the_player_typed_and_chose(page: Any) -> None:
    kind = first_kind(cycles)
    open_board(page, kind.name)
    asked = held_on_its_way(page, "**/api/puzzle?*", "#new")
    typed = blank_url(kind.name, 5, 5)
    page.fill("#url", typed)  # pasted while the board is on its way …
    page.select_option("#size", "8")  # … and another size chosen
    asked()
    idle(page)
    assert page.input_value("#url") == typed
    assert page.input_value("#size") == "8"
    assert page.is_visible("#deal-note") and "8×8" in page.inner_text("#deal-note")


def test_size_and_difficulty_say_they_wait_for_new_puzzle(page: Any) -> None:
    kind = first_kind(cycles)
    open_board(page, kind.name)
    assert not page.is_visible("#deal-note")
    levels = page.eval_on_selector_all("#level option", "os => os.map(o => o.value)")
    other = next(lv for lv in levels if lv != page.input_value("#level"))
    page.select_option("#level", other)
    note = page.inner_text("#deal-note")
    assert f"New puzzle deals a 6×6 {players_name(kind, other)} board" in note, note
    assert page.locator("#board .cell").count() == 36  # nothing was dealt
    page.click("#new")
    idle(page)
    assert not page.is_visible("#deal-note")


def test_the_star_on_sizes_is_explained_on_the_page(page: Any) -> None:
    open_board(page, first_kind(cycles).name)
    starred = page.eval_on_selector_all(
        "#size option", "os => os.filter(o => o.text.endsWith('*')).length"
    )
    assert starred > 0  # the test bank holds 6×6 only
    assert page.is_visible("#size-note") and "*" in page.inner_text("#size-note")


def test_another_puzzle_keeps_the_difficulty_by_its_name(page: Any) -> None:
    a, b = names_with(shipped)[:2]
    open_board(page, a)
    levels = page.eval_on_selector_all("#level option", "os => os.map(o => o.value)")
    page.select_option("#level", levels[-1])
    chosen = page.inner_text("#level option:checked")
    page.select_option("#puzzle-type", b)
    idle(page)
    assert page.inner_text("#level option:checked") == chosen == "Expert"


def test_a_new_board_keeps_the_game_in_progress_one_undo_away(page: Any) -> None:
    kind = first_kind(cycles)
    open_board(page, kind.name)
    first = board_url(page)
    r, c = free_cells(page)[0]
    cell(page, r, c).click()
    mark = state(page, r, c)
    page.select_option("#size", "5")  # a board the test bank lacks: surely another one
    page.click("#new")
    idle(page)
    assert board_url(page) != first
    assert "Undo brings back the game you were playing." in page.inner_text("#status")
    page.click("#undo")
    idle(page)
    assert board_url(page) == first and state(page, r, c) == mark
    page.click("#redo")  # and forth again
    idle(page)
    assert board_url(page) != first
    page.click("#undo")
    idle(page)
    page.click("#undo")  # then the game's own moves
    assert state(page, r, c) == "empty"


def test_the_same_board_dealt_again_starts_afresh_one_undo_away(page: Any) -> None:
    """A small shelf may deal the board on screen again: the game in progress
    is not thrown away, its marks come back with Undo."""
    kind = first_kind(cycles)
    open_board(page, kind.name)
    again = page.evaluate(
        "async () => (await fetch('/api/parse', {method: 'POST', "
        "headers: {'content-type': 'application/json'}, body: JSON.stringify("
        "{puzzle: new URL(document.getElementById('share').href)"
        ".searchParams.get('p')})})).text()"
    )
    r, c = free_cells(page)[0]
    cell(page, r, c).click()
    mark = state(page, r, c)
    page.route(
        "**/api/puzzle?*",
        lambda route: route.fulfill(status=200, content_type="application/json", body=again),
    )
    page.click("#new")
    idle(page)
    page.unroute("**/api/puzzle?*")
    assert "dealt this board again" in page.inner_text("#status")
    assert state(page, r, c) == "empty"
    page.click("#undo")
    assert state(page, r, c) == mark


def test_open_with_an_empty_box_says_so(page: Any) -> None:
    open_board(page, first_kind(cycles).name)
    before = board_url(page)
    page.fill("#url", "  ")
    page.click("#open")
    assert page.get_attribute("#status", "data-kind") == "error"
    assert "into the box first" in page.inner_text("#status")
    assert board_url(page) == before


# -- 4. layout ------------------------------------------------------------------------------
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_an_opened_puzzle_shows_as_a_dealt_one_does(browser: Any, server: str, size: str) -> None:
    """The clock on the title's row, no empty box, the verdict where the
    status line is (on a phone without scrolling), the grade in the title."""
    kind = first_kind(cycles)
    for page in context(browser, server, size):
        url = api_url(page, kind)
        open_url(page, url)
        page.wait_for_selector(
            '#verdict[aria-busy="false"][data-verdict="unique"]', state="attached"
        )
        title, timer = box(page, "#game-side .info"), box(page, "#game-side .timer")
        assert abs((title["y"] + title["height"] / 2) - (timer["y"] + timer["height"] / 2)) < 12
        assert not page.is_visible("#status")  # no empty box above the verdict
        buttons, verdict = box(page, ".main-buttons"), box(page, "#verdict")
        assert 0 <= verdict["y"] - (buttons["y"] + buttons["height"]) < 40
        assert inside_viewport(page, "#verdict")
        assert page.inner_text("#grade").startswith("· ")


def api_url(page: Any, kind: PuzzleKind) -> str:
    page.goto(page.base + "/")
    page.wait_for_selector("body[data-ready]")
    q = f"type={kind.name}&size=6&grade={TEST_GRADES[kind.name]}&index=1"
    return str(page.request.get(f"{page.base}/api/puzzle?{q}").json()["url"])


def test_the_number_pad_fits_a_laptop_beside_the_board(laptop: Any) -> None:
    kind = first_kind(takes_numbers)
    start(laptop)
    deal(laptop, kind.name, 10, quick_grade(kind))
    for selector in ("#pad", "#pencil-toggle", "#board", "#hint"):
        assert inside_viewport(laptop, selector), (selector, box(laptop, selector))
    assert laptop.locator("#number").count() == 0  # no second box for the same number
    assert box(laptop, "#pad")["x"] > box(laptop, "#board")["x"] + box(laptop, "#board")["width"]


def test_a_15x15_board_zooms_on_a_phone(phone: Any) -> None:
    open_url(phone, blank_url(names()[0], 15, 15))
    assert phone.is_visible("#zoom") and phone.get_attribute("#zoom", "aria-pressed") == "true"
    assert box(phone, '#board .cell[data-r="0"][data-c="0"]')["width"] >= 28


# -- 5. input -------------------------------------------------------------------------------
def test_pencil_marks_keep_the_board_and_are_read_out(page: Any) -> None:
    kind = first_kind(takes_numbers)
    open_board(page, kind.name)
    r, c = free_cells(page)[0]
    cell(page, r, c).click()
    page.click("#pencil-toggle")
    assert page.evaluate("document.activeElement.id") == "board"
    page.keyboard.type("5")
    page.keyboard.press("Enter")
    page.keyboard.type("7")
    page.keyboard.press("Enter")
    label = cell(page, r, c).get_attribute("aria-label")
    assert label.endswith("pencil marks 5, 7"), label
    page.click("#pencil-toggle")


def test_a_drag_from_a_clue_paints_the_cells_it_crosses(page: Any) -> None:
    kind = first_kind(lambda k: cycles(k) and k.name in TEST_GRADES)
    open_board(page, kind.name)
    free = set(free_cells(page))
    start_at = next(
        (r, c)
        for r in range(6)
        for c in range(4)
        if (r, c) not in free and {(r, c + 1), (r, c + 2)} <= free
    )
    r, c = start_at
    first = frontend(kind).tokens[0].name
    before = state(page, r, c)
    a, b = cell(page, r, c).bounding_box(), cell(page, r, c + 2).bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=6)
    page.mouse.up()
    assert state(page, r, c) == before  # the clue is skipped …
    assert state(page, r, c + 1) == first == state(page, r, c + 2)  # … the cells crossed painted
    page.click("#undo")  # one step
    assert state(page, r, c + 1) == "empty" == state(page, r, c + 2)


# -- 6. what players of the anchors expect -----------------------------------------------------
def test_a_share_link_carries_the_marks(page: Any, browser: Any, server: str) -> None:
    kind = first_kind(cycles)
    open_board(page, kind.name)
    marked = free_cells(page)[:3]
    for r, c in marked:
        cell(page, r, c).click()
    assert "m=" not in page.get_attribute("#share", "href")
    page.check("#share-marks")
    link = page.get_attribute("#share", "href")
    assert "m=" in link
    for other in context(browser, server, "laptop"):
        other.goto(link)
        other.wait_for_selector("body[data-ready]")
        idle(other)
        assert [state(other, r, c) for r, c in marked] == [state(page, r, c) for r, c in marked]
        assert "Opened with the 3 marks it was saved with." in other.inner_text("#status")


def test_a_puzzlink_file_is_saved_with_the_marks(page: Any) -> None:
    kind = first_kind(lambda k: cycles(k) and "pzprv3" in k.notations)
    open_board(page, kind.name)
    assert page.is_visible("#save-file")
    marked = free_cells(page)[:2]
    for r, c in marked:
        cell(page, r, c).click()
    with page.expect_download() as got:
        page.click("#save-file")
    text = Path(got.value.path()).read_text(encoding="utf-8")
    parsed = api(page, "parse", {"puzzle": text})
    assert parsed["url"] == board_url(page)
    rows = [row.split() for row in parsed["marks"]]
    first = frontend(kind).tokens[0].token
    assert all(rows[r][c] == first for r, c in marked), parsed["marks"]


def solve_by_clicks(page: Any, kind: PuzzleKind) -> None:
    """Enter the answer cell by cell, as a player would (no Hint)."""
    answer = api(page, "answer", {"puzzle": board_url(page)})["tokens"]
    order = [t.token for t in frontend(kind).tokens]
    for r, c in free_cells(page):
        for _ in range(order.index(answer[r * 6 + c]) + 1):
            cell(page, r, c).click()
    page.wait_for_selector('#status[data-kind="solved"]')


def test_records_keep_best_times_and_solved_counts(page: Any) -> None:
    kind = first_kind(cycles)
    open_board(page, kind.name)
    assert page.inner_text("#record") == ""
    solve_by_clicks(page, kind)
    assert "is your best on this size and difficulty" in page.inner_text("#status")
    assert page.inner_text("#record").startswith("Solved 1 · best ")
    page.click("#undo")  # solved again after Undo: the same board counts once
    page.click("#redo")
    page.wait_for_selector('#status[data-kind="solved"]')
    assert page.inner_text("#record").startswith("Solved 1 · ")
    page.click("#new")  # another board, solved by hints: counted, but no best time
    idle(page)
    for _ in range(80):
        page.click("#hint")
        idle(page)
        if page.get_attribute("#status", "data-kind") == "solved":
            break
    assert "no best time" in page.inner_text("#status")
    assert page.inner_text("#record").startswith("Solved 2 · best ")
    page.click("#records summary")
    row = page.locator("#records-table tbody tr").first.inner_text()
    name = players_name(kind, TEST_GRADES[kind.name])
    assert row.startswith(f"{kind.title} 6×6 · {name}") and "\t2\t" in row, row


def rows_with(mark: tuple[int, int, str], size: int = 6) -> list[str]:
    """The rows of a board with one mark, every other cell undecided."""
    r0, c0, token = mark
    return [
        " ".join(token if (r, c) == (r0, c0) else "?" for c in range(size)) for r in range(size)
    ]


def test_show_my_errors_checks_the_rules_not_the_answer(page: Any) -> None:
    """By the rules (the default), a mark that differs from the answer but
    breaks no rule is not marked; by the answer (a spoiler, chosen as such) it is."""
    kind = first_kind(lambda k: cycles(k) and len(frontend(k).tokens) == 2)
    open_board(page, kind.name)
    page.check("#show-errors")
    assert page.input_value("#errors-from") == "rules"
    answer = api(page, "answer", {"puzzle": board_url(page)})["tokens"]
    tokens = [t.token for t in frontend(kind).tokens]
    for r, c in free_cells(page):
        wrong = tokens[1] if answer[r * 6 + c] == tokens[0] else tokens[0]
        check = api(page, "check", {"puzzle": board_url(page), "marks": rows_with((r, c, wrong))})
        if not [v for v in check["violations"] if v["code"] not in ("empty", "refuted")]:
            break  # a wrong mark alone on the board breaks no rule
    cell(page, r, c).click(button="left" if wrong == tokens[0] else "right")
    idle(page)
    page.wait_for_timeout(400)
    idle(page)
    assert page.locator("#board .hl-error").count() == 0  # wrong, but no rule says so yet
    page.select_option("#errors-from", "answer")  # the spoiler, chosen as such
    page.wait_for_selector("#board .hl-error")
    assert page.locator("#board .hl-error").count() == 1


def test_rules_errors_mark_the_cells_of_a_broken_rule(page: Any) -> None:
    page.goto(page.base + "/")
    page.wait_for_selector("body[data-ready]")
    page.check("#show-errors")
    two_bad_moves(page)
    page.wait_for_selector("#board .hl-error")
    idle(page)
    page.wait_for_timeout(300)  # the last move's check
    marked = {
        (round(float(e.get_attribute("y")) // 40), round(float(e.get_attribute("x")) // 40))
        for e in page.locator("#board .hl-error").all()
    }
    assert marked == set(SQUARE)


def test_the_hint_says_its_difficulty_by_name(page: Any) -> None:
    kind = first_kind(cycles)
    open_board(page, kind.name)
    with page.expect_response("**/api/hint") as got:
        page.click("#hint")
    idle(page)
    rule = json.loads(got.value.body())["rule"]
    step = next(
        g
        for g in kind.grades()
        if g["level"]
        == kind.ladder.levels[next(r.level for r in kind.ladder.rules if r.name == rule)]
    )["name"]
    text = page.inner_text("#status")
    assert f"{step} step.)" in text and rule not in text.split(), text


def test_the_phone_fits_the_rules_below_the_hint(phone: Any) -> None:
    """A first visit on a phone: the board, Hint and the hint's words come
    first; the rules begin on the same screen, below them."""
    start(phone)
    phone.tap("#hint")
    idle(phone)
    for selector in ("#board", "#hint", "#status"):
        assert inside_viewport(phone, selector), selector
    card = box(phone, "#rules-card")
    assert box(phone, "#status")["y"] < card["y"] < PHONE["height"]
    # read below the board, scrolled down to Got it: folded, the page is back at the board
    phone.eval_on_selector("#rules-done", "e => e.scrollIntoView({block: 'end'})")
    assert phone.evaluate("scrollY") > 0
    phone.tap("#rules-done")
    assert not phone.is_visible("#rules-card")
    assert phone.evaluate("scrollY") == 0 and inside_viewport(phone, "#board")


def test_the_editor_opens_on_the_board_shown_before_its_module_came(page: Any) -> None:
    """The studio's module loads apart from the game's (later, on a slow
    network): one that arrives after the first board was shown still opens
    the editor on it."""
    held: list[Any] = []
    page.route("**/studio.js", lambda route: held.append(route))
    url = blank_url(first_kind(cycles).name, 4, 4)
    page.goto(page.base + "/?p=" + quote(url, safe=""), wait_until="commit")
    page.wait_for_selector("body[data-ready]", state="attached")
    assert held, "the studio's module came before the board was shown"
    for route in held:
        route.continue_()
    page.wait_for_selector('body[data-mode="play"]', state="attached")
    page.click("#edit")
    page.wait_for_selector("#export-json")
    assert page.get_attribute("#edit", "aria-pressed") == "true"


def test_a_failed_export_says_so_in_english(page: Any) -> None:
    """A blank board has many answers: asked to write one, the studio says
    which export failed, in a sentence ("as JSON lines", not "as a JSON lines")."""
    from playwright.sync_api import expect

    open_url(page, blank_url(first_kind(cycles).name, 4, 4))
    page.click("#edit")
    page.wait_for_selector("#export-json")
    page.check("#export-answer")
    page.click("#export-json")
    expect(page.locator("#studio-status")).to_contain_text("Export as JSON lines failed: ")
    assert "a JSON lines" not in page.inner_text("#studio-status")
