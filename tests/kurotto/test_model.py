"""Text and URL codecs, against real puzzles people made and their answers."""

from __future__ import annotations

import pytest

from pencilbox.errors import ParseError
from pencilbox.formats.puzzlink import VariantRulesWarning

from .kurotto_data import ANSWER_5X5, ANSWER_6X6, REAL_URLS


@pytest.mark.parametrize("url", REAL_URLS)
def test_real_urls_round_trip(kind, url):
    p = kind.from_url(url)
    assert kind.to_url(p) == url
    assert kind.parse(kind.format(p)) == p


def test_decoded_6x6_reads_as_printed(kind):
    p = kind.from_url("https://puzz.link/p?kurotto/6/6/3gah.m.i9.iam8h3g2")
    assert kind.puzzle_rows(p) == [
        "3 . 10 . . o",
        ". . . . . .",
        ". o . . . 9",
        "o . . . 10 .",
        ". . . . . .",
        "8 . . 3 . 2",
    ]


def test_wide_numbers_decode(kind):
    p = kind.from_url(REAL_URLS[5])
    assert (p.rows, p.cols) == (13, 17)
    assert p.clues[8] == 26  # "-1a"
    assert max(v for v in p.clues if v is not None) == 26
    assert sorted({v for v in p.clues if v is not None and v >= 16}) == [16, 17, 20, 26]


@pytest.mark.parametrize(
    ("url", "answer"),
    [(REAL_URLS[6], ANSWER_6X6), ("https://puzz.link/p?kurotto/5/5/30m4h6h4m02", ANSWER_5X5)],
)
def test_known_answers_validate(kind, url, answer):
    p = kind.from_url(url)
    solution = kind.parse_solution(answer, p)
    assert kind.validate(p, solution) == []
    assert kind.brute_count(p).solutions == 1
    assert kind.brute_count(p).first == solution


def test_text_tokens(kind):
    p = kind.parse("kurotto 2x3\n0 . o\n. 12 .\n")
    assert p.clues == (0, None, -1, None, 12, None)
    assert kind.format(p) == "kurotto 2x3\n0 . o\n. 12 .\n"
    assert kind.to_url(p) == "https://puzz.link/p?kurotto/3/2/0g.gcg"
    assert kind.from_url(kind.to_url(p)) == p


def test_blank_circle_in_url_is_minus_one(kind):
    p = kind.from_url("kurotto/2/2/.h")
    assert p.clues == (-1, None, None, None)


@pytest.mark.parametrize("text", ["# .\n. .", "x .\n. .", "-3 .\n. ."])
def test_bad_tokens_are_parse_errors(kind, text):
    with pytest.raises(ParseError):
        kind.parse(text)


def test_wrong_type_url_is_refused(kind):
    with pytest.raises(ParseError):
        kind.from_url("https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n")


def test_variant_url_warns(kind):
    with pytest.warns(VariantRulesWarning):
        p = kind.from_url("https://puzz.link/p?kurotto/v:/4/4/g4g3.l.3g3g")
    assert p == kind.from_url(REAL_URLS[2])
