"""Cave codecs: text tokens and puzz.link URLs."""

from __future__ import annotations

import pytest

import pencilbox
from pencilbox.errors import ParseError
from pencilbox.formats.puzzlink import VariantRulesWarning

KIND = pencilbox.puzzle("cave")

REAL_URLS = [
    "https://puzz.link/p?cave/10/10/7i6i7j6j3i5i6w8p6w2i7i5j3j6i3ib",
    "https://puzz.link/p?cave/19/11/5g5g757g5i5i7775g5g7g7g5i5i7g7d9dgdbdgdi7i9g95g5g5g5g5i5i"
    "7g75g5g5g5g755g735g777y5g5g733g753g5h5g5g5g5g5i5i63g5g5g5g-14g-14-10-10g-14-10-10g-14g-"
    "10-14g-14g737g5i5i5h5i5g5g733g733g5h5g62",
    "https://puzz.link/p?cave/7/5/g.g3.g3i3g.3g3r3h3h3",
    "https://puzz.link/p?cave/11/11/9g7k6g5g7m5g5g6k7g6u6g7o9o6g7u5g5kag6gbm3g6g8k7g6",
    "https://puzz.link/p?cave/10/10/l.j2h2h2h.h.h.q2i2h2g.l.k.h.h.g2h2i.i.j2h2j.i.i",
    "https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n",
    "https://puzz.link/p?cave/10/10/i4h4k3j7i6l5g5j6i6j5p4j5i7j6g8l9i6j8k7h7i",
    "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g",
]


def test_registered_with_aliases():
    assert "cave" in pencilbox.puzzle_names()
    assert pencilbox.puzzle("corral") is KIND
    assert pencilbox.puzzle("Bag") is KIND


@pytest.mark.parametrize("url", REAL_URLS)
def test_real_urls_round_trip_exactly(url):
    p = KIND.from_url(url)
    assert KIND.to_url(p) == url
    assert KIND.parse(KIND.format(p)) == p


def test_decoding_by_hand():
    # "g3q2h3jbj3i3i2g": row 0 is ". 3 . . . ." and an 11 ("b") follows.
    p = KIND.from_url("https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g")
    assert (p.rows, p.cols) == (6, 6)
    assert p.clues[:6] == (None, 3, None, None, None, None)
    assert 11 in p.clues
    # Two-digit clues: "-14" is 20, "-10" is 16.
    big = KIND.from_url(REAL_URLS[1])
    assert (big.rows, big.cols) == (11, 19)
    assert 20 in big.clues and 16 in big.clues
    # "." is a clue without a number.
    q = KIND.from_url(REAL_URLS[2])
    assert q.clues[1] == -1


@pytest.mark.parametrize(
    "url",
    [
        "https://puzz.link/p?bag/6/6/k3h6j2l7g3g2h3n",
        "http://pzv.jp/p.html?bag/6/6/k3h6j2l7g3g2h3n",
        "https://pzprxs.vercel.app/p?cave_edit/6/6/k3h6j2l7g3g2h3n",
        "https://puzz.link/p?corral/6/6/k3h6j2l7g3g2h3n",
        "cave/6/6/k3h6j2l7g3g2h3n",
    ],
)
def test_legacy_and_other_hosts_are_read_and_cave_is_written(url):
    p = KIND.from_url(url)
    assert KIND.to_url(p) == "https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n"


def test_variant_urls_warn():
    with pytest.warns(VariantRulesWarning):
        KIND.from_url("https://puzz.link/p?cave/v:/6/6/k3h6j2l7g3g2h3n")


def test_text_tokens():
    p = KIND.parse("cave 2x3\n3 . o\n. 4 .")
    assert p.clues == (3, None, -1, None, 4, None)
    assert KIND.format(p) == "cave 2x3\n3 . o\n. 4 .\n"
    assert KIND.to_url(p) == "https://puzz.link/p?cave/3/2/3g.g4g"
    wide = KIND.parse("12 " + ". " * 10 + "\n" + ". " * 11)
    assert wide.clues[0] == 12 and wide.cols == 11
    assert KIND.to_url(wide).endswith("/11/2/czg")  # 21 empty cells: z (20) + g (1)


@pytest.mark.parametrize("text", ["0 .\n. .", "x .\n. .", "# .\n. .", "4 .\n. ."])
def test_bad_clues_are_refused(text):
    with pytest.raises(ParseError):
        KIND.parse(text)


def test_wrong_type_url_is_refused():
    with pytest.raises(ParseError):
        KIND.from_url("https://puzz.link/p?yinyang/6/6/6a166b230900")


def test_answer_tokens():
    p = KIND.parse(". .\n. .")
    assert KIND.parse_solution("# o\no o", p) == (0, 1, 1, 1)
    assert KIND.solution_rows((0, 1, 1, 1), 2) == ["# o", "o o"]
