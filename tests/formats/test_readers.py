"""Reading by content, for every registered puzzle: each format tells itself
apart from the others in one text, and text no format reads, or a broken
file, gets one clear error. Each puzzle's own tests read its files written
by hand (``tests/<puzzle>/test_formats.py``)."""

from __future__ import annotations

import pytest

import pencilbox
from pencilbox.errors import ParseError, PuzzleError
from pencilbox.formats import registry
from pencilbox.formats.base import Document, UnknownFormat

from ..kinds import hardest, names

ONE_LINE = ("url", "penpa", "json")
"""The formats that write a puzzle on one line."""


@pytest.mark.parametrize("name", names())
def test_mixed_input_is_read_in_order(name: str) -> None:
    kind = pencilbox.puzzle(name)
    p = kind.parse(hardest(kind).puzzle)
    held = [f for f in ONE_LINE if registry.by_name(f).supports(kind)]
    lines = [registry.write(f, kind, Document(p)).strip() for f in held]
    lines[1:1] = ["", kind.format(p)]  # a text grid, after a blank line
    docs = registry.read("\n".join(lines))
    assert [d.format for d in docs] == [*held[:1], "text", *held[1:]]
    assert all(d.puzzle == p for d in docs)


@pytest.mark.parametrize("name", names())
@pytest.mark.parametrize(
    "text",
    ["hello", "just some words here\nand more words", "<html><body>", "12 apples"],
)
def test_unknown_text_names_every_format(text: str, name: str) -> None:
    with pytest.raises(UnknownFormat) as e:
        registry.read(text, pencilbox.puzzle(name))
    for f in registry.FORMATS:
        assert f.title in str(e.value)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("m=edit&p=notbase64!", "penpa"),
        ("begin\npuzzle sudoku\nsize 2\nproblem\n- -\n- -\nend", "sudoku"),
    ],
)
def test_broken_input_gets_one_clear_error(text: str, match: str) -> None:
    with pytest.raises(PuzzleError, match=match):
        registry.read(text)


def test_an_unknown_format_is_named() -> None:
    with pytest.raises(ParseError, match="unknown format 'gif'"):
        registry.by_name("gif")
