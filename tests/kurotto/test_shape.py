"""The shape rule and the rung above probe it makes: its verdicts and their
premises against every answer of small boards, counts at the rung against
the brute force (learning on and off), and what it decides that probe
cannot."""

from __future__ import annotations

import random

import pytest

from pencilbox.engine.ladder import Status
from pencilbox.engine.state import Contradiction
from pencilbox.puzzles.kurotto import rules, shape

from .kurotto_data import circle_premises_hold, partial
from .test_rules import BOARDS, LIMIT

TOY = """
kurotto 3x3
. . .
. . 4
5 . .
"""
"""The 5 in the corner has two neighbours, and a block of 5 cannot touch
the 4: the ways to draw its cells all shade r1c1, r1c2, r2c1 and r3c2 and
keep r2c2 white (the cap rule's board, where probe stalls)."""


@pytest.mark.parametrize("learning", [True, False])
def test_counts_at_the_rung_agree_with_brute_force(kind, learning):
    """130 small boards counted at the shape rung, by search with and
    without learning, against the independent brute force."""
    seen = set()
    for p in BOARDS:
        want = kind.brute_count(p, limit=LIMIT)
        got = kind.count(p, limit=LIMIT, level="shape", learning=learning)
        assert want.complete and got.complete
        assert got.solutions == want.solutions, kind.format(p)
        assert got.level == "shape"
        seen.add(min(want.solutions, 3))
    assert seen == {0, 1, 2, 3}


@pytest.mark.parametrize("seed", range(0, 80, 8))
def test_verdicts_and_their_premises_hold_in_every_answer(kind, seed):
    """On boards small enough to list every answer: from states cut out of
    an answer (and from random ones), a shape contradiction leaves no answer
    that agrees with its premises, and a shape deduction holds in every
    answer that agrees with its premises (what a hint shows, and what
    learning takes the premises to say)."""
    said = 0
    for board_seed in range(seed, seed + 8):
        said += circle_premises_hold(
            kind,
            board_seed,
            rules.judge_shape,
            [(3, 4), (4, 4), (3, 5), (4, 5)],
            [0.4, 0.6, 0.8],
            [0.0, 0.2, 0.4, 0.6],
            names_its_circle=True,
        )
    assert said >= 10  # not vacuous: verdicts were there to check


def test_it_decides_where_probe_stalls(kind):
    p = kind.parse(TOY)
    assert kind.solve(p).status is Status.STALLED
    solved = kind.solve(p, level="shape", narrate=True)
    assert solved.status is Status.SOLVED and solved.level == "shape"
    said = {d.cell: d for d in solved.deductions}
    g = p.grid
    for name in ("r1c1", "r1c2", "r2c1", "r3c2"):
        d = said[g.cell(int(name[1]) - 1, int(name[3]) - 1)]
        assert d.rule == "shape" and d.keep == 1 << 0
        drawn = "r3c1 says 5, and every way to draw the 5 black cells touching it"
        assert d.reason == f"{drawn} shades {name}"
        assert set(d.premises) == {g.cell(2, 0), g.cell(1, 2)}  # the two circles
    white = said[g.cell(1, 1)]
    assert white.keep == 1 << 1 and white.reason.endswith("keeps r2c2 white")
    assert kind.brute_count(p).solutions == 1
    assert kind.grade(p).grade == "shape"


def test_a_circle_with_no_way_is_a_contradiction(kind):
    """The 5's two neighbours are both next to the 1: the blocks through
    them touch the 1, so together they hold at most 1 cell. Floor and
    ceiling arithmetic (with echo) do not see it."""
    p = kind.parse("kurotto 3x3\n5 . .\n. 1 .\n. . .\n")
    assert kind.brute_count(p).solutions == 0
    assert kind.solve(p, level="echo").status is Status.STALLED
    s = kind.start(p)
    black, maybe = rules.colours(s.cands)
    circle = next(c for c in s.board.circles if c.number == 5)
    verdict = rules.judge_shape(
        p.grid, circle, black & circle.area, maybe & circle.area, rules.fresh_entry()
    )
    assert isinstance(verdict, Contradiction) and verdict.rule == "shape"
    assert verdict.reason.startswith("r1c1 says 5, but no way to draw 5 black cells")


def test_a_search_out_of_steps_says_only_what_it_proved(kind, monkeypatch):
    """Steps count work, not seconds: with too few the rule says nothing
    (the same on every machine), and its fixpoint is then probe's."""
    p = kind.parse(TOY)
    monkeypatch.setattr(shape, "MOST_STEPS", 1)
    s = kind.start(p)
    black, maybe = rules.colours(s.cands)
    circle = next(c for c in s.board.circles if c.number == 5)
    found = shape.ways(p.grid, circle, black & circle.area, maybe & circle.area, 0)
    assert not found.complete and not found.found and not found.black and not found.white
    assert kind.solve(p, level="shape").status is Status.STALLED


def test_the_rung_sits_between_probe_and_the_case_rung(kind):
    assert kind.levels == ("sum", "door", "echo", "probe")  # the seeds' ladder
    assert kind.rungs_above == ("shape",)
    assert kind.hint_levels == ("sum", "door", "echo", "probe", "shape", "case")
    names = {g["level"]: g["name"] for g in kind.grades()}
    assert (names["probe"], names["shape"], names["case"]) == ("Expert", "Master", "Fiendish")
    rung = next(g for g in kind.grades() if g["level"] == "shape")
    assert "Every way" in rung["rule"]


def test_probe_points_to_the_rung(kind):
    """Where probe stalls and the rung proves a cell, a probe hint says to
    try it; the hint at the rung gives the cell with its reason."""
    p = kind.parse(TOY)
    fixpoint = kind.solve(p).cands  # probe's
    marks = tuple(m.bit_length() - 1 if m & (m - 1) == 0 else None for m in fixpoint)
    stalled = kind.hint(p, marks, level="probe")
    assert stalled.status == "stalled" and stalled.suggest == "shape"
    h = kind.hint(p, marks, level="shape")
    assert h.status == "hint" and h.level == "shape" and h.rule == "shape"
    assert h.reason.startswith("r3c1 says 5, and every way")


@pytest.mark.parametrize("seed", range(0, 60, 6))
def test_ways_drawn_before_give_the_verdict_a_search_gives(kind, seed):
    """A shape verdict first tries the ways its circle's earlier verdicts
    drew (on fewer decided cells); where they are still ways and disagree
    everywhere it says nothing without a search. On states cut out of an
    answer, each verdict so given is the verdict a search gives afresh."""
    rng = random.Random(seed)
    shortcut = 0
    for board_seed in range(seed, seed + 6):
        rows, cols = rng.choice([(5, 5), (6, 6), (5, 7)])
        p, answer = kind.generate(rows, cols, density=rng.choice([0.3, 0.5]), seed=board_seed)
        s = kind.start(p)
        board, g = s.board, s.board.grid
        for _ in range(6):
            loose = partial(s, answer, rng, rng.choice([0.0, 0.2]))
            tight = partial(loose, answer, rng, rng.choice([0.1, 0.3, 0.5]))
            black0, maybe0 = rules.colours(loose.cands)
            black, maybe = rules.colours(tight.cands)
            for circle in board.circles:
                area = circle.area
                before = rules.fresh_entry()
                rules.judge_shape(g, circle, black0 & area, maybe0 & area, before)
                hinted = rules.fresh_entry()
                hinted[rules._DRAWN] = before[rules._DRAWN]
                got = rules.judge_shape(g, circle, black & area, maybe & area, hinted)
                fresh = rules.judge_shape(
                    g, circle, black & area, maybe & area, rules.fresh_entry()
                )
                if isinstance(fresh, Contradiction):
                    assert isinstance(got, Contradiction), circle.name
                    continue
                assert not isinstance(got, Contradiction), circle.name
                assert {(b, v) for b, v, _, _ in got} == {(b, v) for b, v, _, _ in fresh}
                if not got and shape.still_disagree(g, circle, black, maybe, before[rules._DRAWN]):
                    shortcut += 1
    assert shortcut > 0  # the earlier ways settled some verdicts


@pytest.mark.parametrize("seed", range(0, 40, 5))
def test_a_rule_s_notes_from_another_state_leave_its_fixpoint_as_it_is(kind, seed):
    """Each rule notes the colours of its last fixpoint and the cells its
    verdicts read there, and looks again only at circles whose read cells
    changed. The note is about colours, so it may travel to any state (a
    probe's rerun, a case trial): there the ladder reaches the fixpoint it
    reaches with no notes at all."""
    rng = random.Random(seed)
    ladder = kind.ladder.raised("shape")
    top = rng.choice([ladder.top - 1, ladder.top])  # the shape rung, or probe over it
    travelled = 0
    for board_seed in range(seed, seed + 5):
        rows, cols = rng.choice([(5, 5), (6, 6), (6, 7)])
        p, answer = kind.generate(rows, cols, density=rng.choice([0.3, 0.5]), seed=board_seed)
        s = kind.start(p)
        every = [answer, tuple(rng.randint(0, 1) for _ in p.clues)]
        for _ in range(4):
            first = partial(s, rng.choice(every), rng, rng.choice([0.1, 0.3]))
            ladder.propagate(first, top)
            if not first.notes:
                continue
            other = partial(s, rng.choice(every), rng, rng.choice([0.2, 0.4, 0.6]))
            fresh = other.copy()
            fresh.notes = {}
            other.notes = dict(first.notes)
            a = ladder.propagate(other, top)
            b = ladder.propagate(fresh, top)
            assert a.status == b.status
            if a.status is not Status.CONTRADICTION:
                assert other.cands == fresh.cands, kind.format(p)
            travelled += 1
    assert travelled > 0
