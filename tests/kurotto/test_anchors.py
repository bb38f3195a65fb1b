"""The independent checker: exhaustive anchors counted by hand."""

from __future__ import annotations

import itertools

from pencilbox.engine.kind import Puzzle
from pencilbox.puzzles.kurotto import validate as validator


def test_census_2x2(kind):
    assert kind.census(2, 2) == 16


def test_census_3x3(kind):
    assert kind.census(3, 3) == 512


def test_census_2x3_is_every_shading(kind):
    assert kind.census(2, 3) == 2**6


def test_corner_circle_split(kind):
    # A circle in the corner of a 2x2; its 8 completions by hand:
    # sum 0: both neighbours white (far cell free) -> 2
    # sum 1: exactly one neighbour black, far cell white -> 2
    # sum 2: one neighbour + far cell (2), or both neighbours, far white (1+1) -> 3
    # sum 3: all three black -> 1
    split = {}
    for n in range(5):
        p = Puzzle("kurotto", 2, 2, (n, None, None, None))
        split[n] = kind.brute_count(p, limit=None).solutions
    assert split == {0: 2, 1: 2, 2: 3, 3: 1, 4: 0}


def test_corner_split_covers_all_completions(kind):
    # The blank circle admits every completion; the numbered ones partition them.
    blank = Puzzle("kurotto", 2, 2, (-1, None, None, None))
    assert kind.brute_count(blank, limit=None).solutions == 8


def test_validator_counts_a_block_once(kind):
    # The circle touches one L-shaped block on two sides: 3, not 4 or 5.
    p = kind.parse("3 .\n. .")
    answer = kind.parse_solution("o #\n# #", p)
    assert kind.validate(p, answer) == []
    p4 = kind.parse("4 .\n. .")
    assert [v.code for v in kind.validate(p4, answer)] == ["number"]


def test_validator_reports_shaded_circle_and_empty_cells(kind):
    p = kind.parse("1 .\n. .")
    codes = [v.code for v in kind.validate(p, (0, 0, None, 1))]
    assert codes == ["number", "circle", "empty"]


def test_circle_sums_by_hand():
    # o # o
    # # o #
    # o # #
    answer = (1, 0, 1, 0, 1, 0, 1, 0, 0)
    clues = (None, None, 0, None, 0, None, 0, None, None)
    sums = validator.circle_sums(3, 3, clues, answer)
    assert sums[2][0] == 1 + 3  # blocks {1} and {5, 7, 8}
    assert sums[4][0] == 1 + 1 + 3  # {1}, {3} and {5, 7, 8} (touched twice, counted once)
    assert sums[6][0] == 1 + 3  # {3} and {5, 7, 8}


def test_brute_budget_reports_incomplete(kind):
    p = Puzzle("kurotto", 4, 4, (None,) * 16)
    c = kind.brute_count(p, limit=None, budget=50)
    assert not c.complete
    assert c.nodes == 50


def test_brute_agrees_with_enumeration_on_3x3(kind):
    # Every clue pattern with one numbered centre circle: count by enumeration
    # written out here, without the validator's block finder.
    def blocks_sum(bits):
        black = {i for i in range(9) if i != 4 and bits[i] == 0}
        seen, total = set(), 0
        for start in (1, 3, 5, 7):
            if start in black and start not in seen:
                todo, comp = [start], {start}
                while todo:
                    c = todo.pop()
                    r, q = divmod(c, 3)
                    for rr, qq in ((r - 1, q), (r + 1, q), (r, q - 1), (r, q + 1)):
                        n = rr * 3 + qq
                        if 0 <= rr < 3 and 0 <= qq < 3 and n in black and n not in comp:
                            comp.add(n)
                            todo.append(n)
                seen |= comp
                total += len(comp)
        return total

    expected = dict.fromkeys(range(10), 0)
    for bits in itertools.product((0, 1), repeat=9):
        if bits[4] == 1:
            expected[blocks_sum(bits)] += 1
    for n in range(10):
        clues = tuple(n if i == 4 else None for i in range(9))
        p = Puzzle("kurotto", 3, 3, clues)
        assert kind.brute_count(p, limit=None).solutions == expected[n]
