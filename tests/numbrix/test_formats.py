"""Numbrix in the formats that hold it (penpa-edit, Janko, text, JSON) and
the one that does not (puzz.link has no Numbrix)."""

from __future__ import annotations

import pytest

import pencilbox
from pencilbox.cli import main
from pencilbox.errors import ParseError
from pencilbox.formats import penpa_url, registry
from pencilbox.formats.base import Document

NUMBRIX = pencilbox.puzzle("numbrix")


def test_penpa_layout() -> None:
    url = registry.write("penpa", NUMBRIX, Document(NUMBRIX.parse("1 . 3\n. 5 .")))
    lines = penpa_url.expand(penpa_url.decompress(url.split("p=")[1])).split("\n")
    assert lines[0].startswith("square,3,2,38,")
    assert '"16":["1",1,"1"]' in lines[3]  # row 1, column 1 is the point 2·7 + 2
    assert lines[5] == "[16,1,1,5,1,1]"


def test_a_bare_janko_grid_needs_the_type() -> None:
    bare = "2 3\n1 - 3\n- 5 -\n"
    assert registry.read(bare, NUMBRIX)[0].puzzle.clues == (1, None, 3, None, 5, None)
    with pytest.raises(ParseError, match="give the puzzle type"):
        registry.read(bare)


def test_a_ragged_grid_says_which_row() -> None:
    with pytest.raises(ParseError, match="row 2 has 2 cells but row 1 has 3"):
        registry.read("1 . 3\n. 5", NUMBRIX)


def test_formats_that_cannot_hold_something_say_so() -> None:
    p = NUMBRIX.parse("1 . 3\n. 5 .")
    with pytest.raises(ParseError, match="cannot hold a Numbrix puzzle"):
        registry.write("pzprv3", NUMBRIX, Document(p))


def test_every_format_but_puzzlinks_holds_it() -> None:
    assert "penpa" in registry.supported(NUMBRIX)
    assert "pzprv3" not in registry.supported(NUMBRIX)  # puzz.link has no Numbrix


def test_convert_to_puzzlinks_file_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["convert", "numbrix", "numbrix/3/3/1j5h9", "--to", "pzprv3"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "cannot hold a Numbrix" in err and len(err.strip().splitlines()) == 1
