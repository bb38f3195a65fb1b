"""Setters' formats in headless Chromium: the Open box reads every format
with its line breaks (typed, pasted or from a file), into the game or the
editor, and the game puts on the board the marks a saved game carries."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.formats.test_readers import KUROTTO_FILE, KUROTTO_URL, PENPA_KUROTTO

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

KUROTTO_SOLVED = [  # KUROTTO_ANSWER as the game's cells: shaded, dot, or a clue
    "c c d d d",
    "s d s s c",
    "s s c d s",
    "c d s d s",
    "s d d c c",
]
STATE = {"s": "shaded", "d": "dot"}


def edit(page: Any, name: str) -> None:
    start(page, name)
    if page.get_attribute("#edit", "aria-pressed") != "true":  # a reload reopens the editor
        page.click("#edit")
    settle(page)


def open_text(page: Any, text: str) -> None:
    page.fill("#url", text)
    page.click("#open")
    idle(page)


def state(page: Any, r: int, c: int) -> str:
    return str(page.get_attribute(f'#board .cell[data-r="{r}"][data-c="{c}"]', "data-state"))


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
    assert (state(page, 0, 1), state(page, 0, 2), state(page, 1, 1)) == ("dot", "shaded", "empty")
    assert "Opened with the 2 marks it was saved with." in page.inner_text("#status")
    page.click("#undo")
    assert (state(page, 0, 1), state(page, 0, 2)) == ("empty", "empty")
    page.click("#redo")
    assert (state(page, 0, 1), state(page, 0, 2)) == ("dot", "shaded")


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
