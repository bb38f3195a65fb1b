"""Generator, certificates and the uniqueness oracle."""

from __future__ import annotations

import pytest

from pencilbox.engine.kind import Puzzle
from pencilbox.puzzles.kurotto import certificates


@pytest.mark.parametrize("seed", range(12))
def test_generated_answer_solves_its_puzzle(kind, seed):
    p, answer = kind.generate(6, 7, density=0.5, seed=seed)
    assert (p.rows, p.cols) == (6, 7)
    assert kind.validate(p, answer) == []
    whites = [c for c, v in enumerate(answer) if v == 1]
    circles = [c for c, v in enumerate(p.clues) if v is not None]
    assert set(circles) <= set(whites)
    assert len(circles) == round(0.5 * len(whites))
    assert all(p.clues[c] >= 0 for c in circles)


def test_generator_is_reproducible(kind):
    assert kind.generate(5, 5, 0.7, seed=3) == kind.generate(5, 5, 0.7, seed=3)
    assert kind.generate(5, 5, 0.7, seed=3) != kind.generate(5, 5, 0.7, seed=4)


def test_full_density_circles_every_white_cell(kind):
    p, answer = kind.generate(4, 4, density=1.0, seed=1)
    assert [v is not None for v in p.clues] == [v == 1 for v in answer]


def test_coverage_by_hand(kind):
    # 1 . . .      the circle's territory is r1c2, r2c1 and r1c2's block;
    # . . . .      r3c4 lies outside it and flips freely.
    # . . . .
    p = kind.parse("1 . . .\n. . . .\n. . . .")
    answer = kind.parse_solution("o # o o\no o o o\no o o o", p)
    cells = certificates.coverage(p, answer)
    assert 11 in cells
    assert 1 not in cells and 2 not in cells and 4 not in cells


def test_silent_flip_by_hand(kind):
    # 2 #  : the circle touches the block {r1c2, r2c2}; flipping r2c1 to black
    # o #    makes one block of 3, so r2c1 is not silent; nothing is silent.
    p = kind.parse("2 .\n. .")
    answer = kind.parse_solution("o #\no #", p)
    assert certificates.silent_flips(p, answer) == []
    # with the circle reading 1, a lone r1c2 block and r2c2 white: r2c2 may
    # not flip (it would join r1c2), r2c1 may not (it would touch the circle).
    p1 = kind.parse("1 .\n. .")
    a1 = kind.parse_solution("o #\no o", p1)
    assert certificates.silent_flips(p1, a1) == []


def test_silent_pair_by_hand(kind):
    # A 2x2 with a 1 in the bottom-right corner: one of its two neighbours is
    # black. Swapping which one is a silent pair; neither flip alone is silent.
    p = Puzzle("kurotto", 2, 2, (None, None, None, 1))
    answer = kind.parse_solution("o #\no o", p)
    assert kind.validate(p, answer) == []
    assert certificates.silent_flips(p, answer) == []
    assert certificates.silent_pairs(p, answer) == [(1, 2)]
    # the far corner joins the block: not silent alone, and no pair with it
    # keeps the sum, except the swap.
    three = Puzzle("kurotto", 2, 2, (None, None, None, 3))
    full = kind.parse_solution("# #\n# o", three)
    assert certificates.silent_pairs(three, full) == []


def test_oracle_uses_certificates_before_search(kind):
    p = kind.parse("1 .\n. .")
    answer = kind.parse_solution("o #\no o", p)
    r = kind.oracle(p, answer)
    assert r.verdict == "multiple" and r.certificate == "silent-pair" and r.nodes == 0
    assert set(r.cells) == {1, 2}


def test_oracle_coverage(kind):
    p = kind.parse("0 . . .\n. . . .")
    answer = kind.parse_solution("o o o o\no o o o", p)
    r = kind.oracle(p, answer)
    assert (r.verdict, r.certificate) == ("multiple", "coverage")


def test_oracle_search_on_unique_real_puzzle(kind):
    p = kind.from_url("https://puzz.link/p?kurotto/5/5/30m4h6h4m02")
    answer = kind.brute_count(p).first
    r = kind.oracle(p, answer)
    assert (r.verdict, r.certificate) == ("unique", "search")
    assert r.nodes >= 1


def test_oracle_reports_budget_exhaustion(kind):
    # a real puzzle whose count needs dozens of nodes
    p = kind.from_url(
        "https://puzz.link/p?kurotto/10/10/sah2j.8.h.4.h6l6g4.l.8i9h9j.7.h.7.h5l5t6h3i"
    )
    answer = kind.count(p).first
    r = kind.oracle(p, answer, budget=2)  # two work units: not one node finishes
    assert (r.verdict, r.certificate) == ("unknown", "search") and r.nodes <= 2


def test_oracle_refuses_a_wrong_answer(kind):
    p = kind.parse("1 .\n. .")
    with pytest.raises(ValueError):
        kind.oracle(p, (1, 1, 1, 1))


@pytest.mark.parametrize("seed", range(40))
def test_oracle_agrees_with_brute_force(kind, seed):
    p, answer = kind.generate(4, 5, density=[0.5, 0.8, 1.0][seed % 3], seed=seed)
    r = kind.oracle(p, answer)
    want = kind.brute_count(p)
    assert want.complete
    assert r.unique == (want.solutions == 1)
    if r.certificate != "search":
        flipped = list(answer)
        for x in r.cells:
            flipped[x] ^= 1
        assert kind.validate(p, flipped) == []
