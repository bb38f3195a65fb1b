"""Text and puzz.link codecs, on real puzzles people made."""

from __future__ import annotations

import pytest

import pencilbox
from pencilbox.errors import ParseError, SizeError

KIND = pencilbox.puzzle("yinyang")

REAL = [
    "https://puzz.link/p?yinyang/12/5/02903a2o490i392o0290",
    "https://puzz.link/p?yinyang/14/10/000003fji00i3i669j099i31109960kl0320g010a000000",
    "https://puzz.link/p?yinyang/11/11/02000620ik00i0i00i8kiq030061206j002100600",
    "https://puzz.link/p?yinyang/22/18/00000000000000030190030000900003000000900130020006000l"
    "0000090000i0020009400030200060000002empf01900001009901030130900031009a00009000",
    "https://puzz.link/p?yinyang/15/15/00000000006a8jo3j6b06a8b03j6207h31o000005bobc0b6965j6bc6"
    "26964bojc0000000000",
    "https://puzz.link/p?yinyang/8/8/9003003c30099033100030",
    "https://puzz.link/p?yinyang/6/6/6a166b230900",
    "https://puzz.link/p?yinyang/6/6/0j40j0060220",
    "https://puzz.link/p?yinyang/9/9/00016009b6090p720020i069230",
    "https://puzz.link/p?yinyang/9/9/000630k036300a0003399030000",
]


@pytest.mark.parametrize("url", REAL)
def test_real_urls_round_trip(url: str) -> None:
    p = KIND.from_url(url)
    assert KIND.to_url(p) == url
    assert KIND.parse(KIND.format(p)) == p


def test_spec_example_decodes_by_hand() -> None:
    p = KIND.from_url("https://puzz.link/p?yinyang/5/5/016612300")
    # '1' = (0,0,1): cell 5 (row 1, col 0) white; '6' = (0,2,0): cell 7 black
    assert p.clues[5] == 1
    assert p.clues[7] == 0
    assert p.clues[:5] == (None,) * 5


@pytest.mark.parametrize(
    "url",
    [
        "http://pzv.jp/p.html?yinyang/5/5/016612300",
        "https://pzprxs.vercel.app/p?yinyang/5/5/016612300",
        "https://puzz.link/p?yinyang_edit/5/5/016612300",
        "puzz.link/p?yinyang/5/5/016612300",
    ],
)
def test_other_hosts_and_modes(url: str) -> None:
    assert KIND.from_url(url) == KIND.from_url("https://puzz.link/p?yinyang/5/5/016612300")


def test_variant_urls_warn() -> None:
    with pytest.warns(UserWarning, match="variant"):
        KIND.from_url("https://puzz.link/p?yinyang/v:/5/5/016612300")


def test_text_forms() -> None:
    a = KIND.parse("yinyang 2x3\n; a comment\n# o .\n. . o\n")
    b = KIND.parse("#o.\n..o")
    assert a == b
    assert a.clues == (0, 1, None, None, None, 1)
    assert KIND.format(a) == "yinyang 2x3\n# o .\n. . o\n"


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("# o x\n. . .", ParseError),
        ("# o .\n. .", ParseError),
        ("cave 2x3\n# o .\n. . o", ParseError),
        ("yinyang 3x3\n# o .\n. . o", ParseError),
        ("", ParseError),
        ("#", SizeError),
        ("https://puzz.link/p?yinyang/5/5/01", ParseError),
        ("https://puzz.link/p?yinyang/5/5/0!6612300", ParseError),
        ("https://puzz.link/p?cave/5/5/016612300", ParseError),
        ("https://puzz.link/p?yinyang/0/5/", SizeError),
        ("https://puzz.link/p?yinyang/99/99/0", SizeError),
    ],
)
def test_bad_input_is_a_clear_error(text: str, error: type[Exception]) -> None:
    with pytest.raises(error) as info:
        KIND.parse(text)
    assert str(info.value)
    assert "\n" not in str(info.value)
