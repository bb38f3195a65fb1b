"""The search's cap rule: its bound against real answers, its verdicts and
their premises against every answer of small boards, and what it adds."""

from __future__ import annotations

import pytest

from pencilbox.engine.ladder import Status
from pencilbox.puzzles.kurotto import caps, rules

from .kurotto_data import circle_premises_hold

TOY = """
kurotto 3x3
. . .
. . 4
5 . .
"""
"""The 5 in the corner has two neighbours; a block of 5 through either
cannot touch the 4, so each holds at most 4 cells: both must be black."""


def _blocks(p, answer):
    """The black blocks of an answer, as bitboards."""
    g = p.grid
    black = sum(1 << c for c, v in enumerate(answer) if v == 0)
    return g.components(black)


def test_a_block_never_exceeds_its_bound(kind):
    """Every block of a generated answer, seeded at any neighbour of a
    circle it touches, fits the bound read off the empty board."""
    checked = 0
    for seed in range(60):
        p, answer = kind.generate(6, 6, density=0.7, seed=seed)
        s = kind.start(p)
        board, g = s.board, s.board.grid
        black, maybe = rules.colours(s.cands)
        for circle in board.circles:
            for block in _blocks(p, answer):
                touch = block & circle.near
                if not touch:
                    continue
                seed_bit = touch & -touch
                bound = caps.block_bound(g, seed_bit, maybe & circle.area, circle.caps)
                assert block.bit_count() <= bound.size, (seed, circle.name)
                checked += 1
    assert checked > 500


@pytest.mark.parametrize("seed", range(0, 60, 6))
def test_verdicts_and_their_premises_hold_in_every_answer(kind, seed):
    """On boards small enough to list every answer: from states cut out of
    an answer (and from random ones), a cap contradiction leaves no answer
    that agrees with its premises, and a cap deduction holds in every answer
    that agrees with its premises: what learning takes the premises to say."""
    said = 0
    for board_seed in range(seed, seed + 6):
        said += circle_premises_hold(
            kind,
            board_seed,
            rules.judge_cap,
            [(3, 4), (4, 4), (3, 5)],
            [0.5, 0.7, 0.9],
            [0.2, 0.4, 0.6],
        )
    assert said >= 3  # not vacuous: verdicts were there to check


def test_the_cap_rule_decides_where_probe_stalls(kind):
    left = kind.parse(TOY).grid.cell(1, 0)
    p = kind.parse(TOY)
    s = kind.start(p)
    assert kind.ladder.propagate(s, kind.ladder.top).status is Status.STALLED
    assert s.cands[left] == 3  # probe leaves r2c1 open
    t = kind.start(p)
    t.searching = True
    t.trace = []
    assert kind.ladder.propagate(t, kind.ladder.top).status is Status.SOLVED
    said = {d.cell: d for d in t.trace}
    assert said[left].rule == "probe" and said[left].keep == 1 << 0  # black
    assert "if r2c1 were white, the rules would lead to a contradiction" in said[left].reason
    assert "at most 4 cells" in said[left].reason
    assert kind.count(p).solutions == kind.brute_count(p).solutions == 1


def test_the_ladder_alone_never_runs_it(kind):
    """Fixpoints, hints and grades are the published ladder's: the cap rule
    runs only in a searching state."""
    p = kind.parse(TOY)
    solved = kind.solve(p, narrate=True)
    assert all(d.rule != "cap" for d in solved.deductions)
    assert kind.grade(p).grade != "probe"


def test_contacts_in_one_block_count_once(kind):
    """A black block touching a circle on two sides is one contact."""
    p = kind.parse("3 . .\n. . .\n. . .")
    s = kind.start(p)
    g = s.board.grid
    for cell in (g.cell(0, 1), g.cell(1, 1), g.cell(1, 0)):
        s.cands[cell] = 1 << 0
    black, maybe = rules.colours(s.cands)
    circle = s.board.circles[0]
    assert caps._contacts(g, circle, black, maybe) == [
        (1 << g.cell(0, 1)) | (1 << g.cell(1, 1)) | (1 << g.cell(1, 0))
    ]
