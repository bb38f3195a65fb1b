"""Setters' formats in headless Chromium: the Open box reads every format
with its line breaks (typed, pasted or from a file), the editor exports the
puzzle in each format and reads the export back, and the game puts on the
board the marks a saved game carries."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.formats.test_readers import KUROTTO_FILE, KUROTTO_URL, PENPA_KUROTTO

from .conftest import ARTIFACTS
from .test_browser import open_menu
from .test_studio_browser import idle, settle, start

pytestmark = pytest.mark.browser

KUROTTO_GRID = "kurotto 5x5\n3 0 . . .\n. . . . 4\n. . 6 . .\n4 . . . .\n. . . 0 2\n"
"""The Kurotto of KUROTTO_URL and KUROTTO_FILE as the editor's text grid."""
KUROTTO_JANKO = """begin
puzzle kurotto
size 5
problem
3 0 - - -
- - - - 4
- - 6 - -
4 - - - -
- - - 0 2
end
"""
KUROTTO_JSON = (
    '{"type": "kurotto", "puzzle": '
    '["3 0 . . .", ". . . . 4", ". . 6 . .", "4 . . . .", ". . . 0 2"]}'
)
PENPA_GRID = "kurotto 4x4\n5 . . o\n. . . .\n. . 0 .\n. . . .\n"
"""The 4×4 Kurotto of PENPA_KUROTTO: a 5, a blank circle and a 0."""

IMPORTS = {
    "url": (KUROTTO_URL, KUROTTO_GRID),
    "text": (KUROTTO_GRID, KUROTTO_GRID),
    "pzprv3": (KUROTTO_FILE, KUROTTO_GRID),
    "penpa": (PENPA_KUROTTO, PENPA_GRID),
    "janko": (KUROTTO_JANKO, KUROTTO_GRID),
    "json": (KUROTTO_JSON, KUROTTO_GRID),
}

EXPORTS = {
    "pzprv3": ("pzprv3\nkurotto\n5\n5\n3 0 . . . \n", "kurotto-5x5-pzprv3.txt"),
    "penpa": ("https://swaroopg92.github.io/penpa-edit/#m=edit&p=", "kurotto-5x5-penpa.txt"),
    "janko": ("begin\npuzzle kurotto\nsize 5\nproblem\n3 0 - - -\n", "kurotto-5x5-janko.txt"),
    "json": ('{"type": "kurotto", "rows": 5, "cols": 5, ', "kurotto-5x5-json.jsonl"),
}
"""How each export begins, and the name of its download."""

KUROTTO_SOLVED = [  # KUROTTO_ANSWER as the game's cells: shaded, dot, or a clue
    "c c d d d",
    "s d s s c",
    "s s c d s",
    "c d s d s",
    "s d d c c",
]
STATE = {"s": "black", "d": "white"}


def edit(page: Any, name: str) -> None:
    start(page, name)
    if page.get_attribute("#edit", "aria-pressed") != "true":  # a reload reopens the editor
        page.click("#edit")
    settle(page)


def open_text(page: Any, text: str) -> None:
    open_menu(page)
    page.fill("#url", text)
    page.click("#open")
    idle(page)


def state(page: Any, r: int, c: int) -> str:
    return str(page.get_attribute(f'#board .cell[data-r="{r}"][data-c="{c}"]', "data-state"))


def blank(page: Any, rows: int, cols: int) -> None:
    page.fill("#rows", str(rows))
    page.fill("#cols", str(cols))
    page.click("#blank")
    expect(page.locator("#export-text")).to_have_value(
        f"kurotto {rows}x{cols}\n" + "\n".join([" ".join("." * cols)] * rows) + "\n"
    )


def export(page: Any, fmt: str) -> str:
    page.click(f"#export-{fmt}")
    page.wait_for_selector('#export-out:not([hidden])[aria-busy="false"]', state="attached")
    assert page.get_attribute(f"#export-{fmt}", "aria-pressed") == "true"
    return str(page.input_value("#export-format-text"))


@pytest.mark.parametrize("fmt", list(IMPORTS))
def test_the_open_box_brings_each_format_into_the_editor(page: Any, fmt: str) -> None:
    text, grid = IMPORTS[fmt]
    edit(page, "kurotto")
    open_text(page, text)
    expect(page.locator("#export-text")).to_have_value(grid)
    assert page.get_attribute("#status", "data-kind") != "error", page.inner_text("#status")
    assert page.input_value("#url") == text  # the line breaks are kept
    settle(page)


def test_a_grid_without_its_header_is_read_as_the_puzzle_on_screen(page: Any) -> None:
    start(page, "kurotto")
    open_text(page, KUROTTO_GRID.split("\n", 1)[1])
    assert page.inner_text("#title") == "Kurotto 5×5"
    assert "read as Kurotto" in page.inner_text("#status")
    page.select_option("#puzzle-type", "numbrix")
    idle(page)
    open_text(page, "2 3\n1 - 3\n- 5 -")  # a bare Janko grid: the type on screen
    assert page.inner_text("#title") == "Numbrix 2×3"


def test_enter_opens_and_shift_enter_starts_a_line(page: Any) -> None:
    start(page, "yinyang")
    page.fill("#url", "")
    page.focus("#url")
    page.keyboard.type("kurotto 2x3")
    page.keyboard.press("Shift+Enter")
    page.keyboard.type("1 . .")
    page.keyboard.press("Shift+Enter")
    page.keyboard.type(". . 2")
    assert page.get_attribute("#url", "rows") == "3"  # the box grows with its lines
    page.keyboard.press("Enter")
    idle(page)
    assert page.inner_text("#title") == "Kurotto 2×3"
    assert page.input_value("#url") == "kurotto 2x3\n1 . .\n. . 2"
    assert page.get_attribute("#url", "rows") == "1"  # folded once open


def test_a_saved_game_opens_with_its_marks_as_one_undo_step(page: Any) -> None:
    start(page, "kurotto")
    open_text(page, PENPA_KUROTTO)  # r1c2 painted white, r1c3 black
    assert page.inner_text("#title") == "Kurotto 4×4"
    assert (state(page, 0, 1), state(page, 0, 2), state(page, 1, 1)) == ("white", "black", "empty")
    assert "Opened with the 2 marks it was saved with." in page.inner_text("#status")
    page.click("#undo")
    assert (state(page, 0, 1), state(page, 0, 2)) == ("empty", "empty")
    page.click("#redo")
    assert (state(page, 0, 1), state(page, 0, 2)) == ("white", "black")


def test_a_solved_puzzlink_file_from_the_file_button_opens_solved(
    page: Any, tmp_path: Path
) -> None:
    start(page, "yinyang")
    saved = tmp_path / "kurotto.txt"
    saved.write_text(KUROTTO_FILE)
    page.set_input_files("#open-file", str(saved))
    idle(page)
    expect(page.locator("#status")).to_have_attribute("data-kind", "solved")
    for r, row in enumerate(KUROTTO_SOLVED):
        for c, code in enumerate(row.split()):
            if code != "c":
                assert state(page, r, c) == STATE[code], (r, c)
    assert page.input_value("#url") == KUROTTO_FILE.strip()


@pytest.mark.parametrize("fmt", list(EXPORTS))
def test_the_editor_exports_each_format_and_reads_it_back(page: Any, fmt: str) -> None:
    begins, filename = EXPORTS[fmt]
    edit(page, "kurotto")
    open_text(page, KUROTTO_URL)
    expect(page.locator("#export-text")).to_have_value(KUROTTO_GRID)
    text = export(page, fmt)
    assert text.startswith(begins)
    assert page.inner_text("#export-title") == page.inner_text(f"#export-{fmt}")
    with page.expect_download() as download:
        page.click("#download-format")
    assert download.value.suggested_filename == filename
    assert Path(download.value.path()).read_text() == text
    blank(page, 5, 5)  # the export follows the edit: a blank board's
    expect(page.locator("#export-format-text")).not_to_have_value(text)
    open_text(page, text)  # and the export reads back as the puzzle
    expect(page.locator("#export-text")).to_have_value(KUROTTO_GRID)
    expect(page.locator("#export-format-text")).to_have_value(text)


def test_an_export_with_its_answer_opens_solved_in_the_game(page: Any) -> None:
    edit(page, "kurotto")
    open_text(page, KUROTTO_URL)
    expect(page.locator("#export-text")).to_have_value(KUROTTO_GRID)
    page.check("#export-answer")
    text = export(page, "pzprv3")
    assert page.inner_text("#export-title") == "puzz.link file (pzprv3), with its answer"
    # puzz.link's player layer: # shaded, + dotted, . a clue
    assert text.split("\n")[9:14] == [
        ". . + + + ",
        "# + # # . ",
        "# # . + # ",
        ". + # + # ",
        "# + + . . ",
    ]
    page.click("#edit")  # back to the game, which opens the file with its marks
    open_text(page, text)
    expect(page.locator("#status")).to_have_attribute("data-kind", "solved")
    assert state(page, 1, 0) == "black" and state(page, 0, 2) == "white"


def test_the_export_buttons_are_the_formats_that_hold_the_type(page: Any) -> None:
    edit(page, "kurotto")
    ids = ["export-pzprv3", "export-penpa", "export-janko", "export-json"]
    expect(page.locator("#export-buttons button")).to_have_count(len(ids))
    assert [b.get_attribute("id") for b in page.locator("#export-buttons button").all()] == ids
    page.click("#edit")
    page.select_option("#puzzle-type", "numbrix")  # puzz.link has no Numbrix
    idle(page)
    page.click("#edit")
    settle(page)
    expect(page.locator("#export-buttons button")).to_have_count(3)
    assert [b.get_attribute("id") for b in page.locator("#export-buttons button").all()] == ids[1:]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_export_controls_fit_the_screen(browser: Any, server: str, width: int) -> None:
    phone = width < 600
    context = browser.new_context(
        viewport={"width": width, "height": 844 if phone else 850}, has_touch=phone, is_mobile=phone
    )
    try:
        page = context.new_page()
        page.base = server
        edit(page, "kurotto")
        open_text(page, KUROTTO_URL)
        export(page, "penpa")  # the longest: one line of some 600 characters
        open_menu(page)  # on a phone the Open box folds behind Puzzles
        parts = ["#url", "#open", "#export-format-text", "#copy-format", "#download-format"]
        parts += [f"#export-{f}" for f in EXPORTS]
        for part in parts:
            box = page.locator(part).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, part
        ARTIFACTS.mkdir(exist_ok=True)
        name = "phone" if phone else "desktop"
        page.screenshot(path=str(ARTIFACTS / f"web-studio-export-{name}.png"), full_page=True)
    finally:
        context.close()
