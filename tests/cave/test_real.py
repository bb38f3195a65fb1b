"""Real puzzles from the wild: the outside solver's verdicts, reproduced."""

from __future__ import annotations

import pytest

import pencilbox
from pencilbox.errors import PuzzleError
from tests.cave.cave_helpers import is_solution

KIND = pencilbox.puzzle("cave")

VERDICTS = [
    ("https://puzz.link/p?cave/10/10/7i6i7j6j3i5i6w8p6w2i7i5j3j6i3ib", 1),
    (
        "https://puzz.link/p?cave/19/11/5g5g757g5i5i7775g5g7g7g5i5i7g7d9dgdbdgdi7i9g95g5g5g5g5i5i"
        "7g75g5g5g5g755g735g777y5g5g733g753g5h5g5g5g5g5i5i63g5g5g5g-14g-14-10-10g-14-10-10g-14g-"
        "10-14g-14g737g5i5i5h5i5g5g733g733g5h5g62",
        1,
    ),
    ("https://puzz.link/p?cave/7/5/g.g3.g3i3g.3g3r3h3h3", 0),
    ("https://puzz.link/p?cave/11/11/9g7k6g5g7m5g5g6k7g6u6g7o9o6g7u5g5kag6gbm3g6g8k7g6", 1),
    ("https://puzz.link/p?cave/10/10/l.j2h2h2h.h.h.q2i2h2g.l.k.h.h.g2h2i.i.j2h2j.i.i", 1),
    ("https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n", 1),
    ("https://puzz.link/p?cave/10/10/i4h4k3j7i6l5g5j6i6j5p4j5i7j6g8l9i6j8k7h7i", 1),
    ("https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g", 1),
]

ANSWERS = {
    "https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n": """
# # # o o o
# # o o # #
# o o # # #
# # o o o #
o # o o # #
o o o # # #
""",
    "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g": """
# o o o # #
# # # o # #
# o # o o #
o o o o o o
o # o o # #
o # # o o #
""",
}


@pytest.mark.parametrize(("url", "solutions"), VERDICTS)
def test_count_reproduces_the_verdict(url, solutions):
    p = KIND.from_url(url)
    c = KIND.count(p)
    assert c.complete
    assert c.solutions == solutions
    if solutions:
        assert is_solution(p.rows, p.cols, p.clues, c.first)
        assert KIND.validate(p, c.first) == []
        assert KIND.silent_flips(p, c.first) == []


@pytest.mark.parametrize("url", sorted(ANSWERS))
def test_known_answers(url):
    p = KIND.from_url(url)
    answer = KIND.parse_solution(ANSWERS[url], p)
    assert KIND.validate(p, answer) == []
    assert KIND.count(p).first == answer
    assert KIND.grade(p).unique


def test_the_unsolvable_one_gets_a_clear_message():
    p = KIND.from_url("https://puzz.link/p?cave/7/5/g.g3.g3i3g.3g3r3h3h3")
    v = KIND.grade(p)
    assert (v.verdict, v.grade, v.summary) == ("none", None, "no answer")
    assert "contradict" in v.reason and v.cells
    with pytest.raises(PuzzleError) as err:  # the command line refuses to grade it
        KIND.refuse_contradictory_clues(p)
    assert str(err.value).startswith("no answer: the clues contradict each other")
