"""Ablation: a ladder without a rung judges completed boards only by the rungs it keeps."""

from __future__ import annotations

import itertools

import pytest

import pencilbox
from pencilbox.engine.ladder import Status
from pencilbox.measure import sweeps
from pencilbox.measure.common import ablated, kind_of

from ..kinds import kinds, names

BOARDS = {(kind.name, rule): board for kind in kinds() for rule, board in kind.samples.ablation}
"""Unique boards (the brute force says so) that the full ladder solves, with
few undecided cells: some completion of each breaks only the rule removed
(the puzzles' samples)."""


def completions(kind, p):
    """Every state that decides the free cells of ``p`` one way or another."""
    start = kind.start(p)
    free = [c for c, m in enumerate(start.cands) if m & (m - 1)]
    for values in itertools.product(*(range(start.cands[c].bit_length()) for c in free)):
        s = start.copy()
        ok = True
        for cell, v in zip(free, values, strict=True):
            if not start.cands[cell] >> v & 1:
                ok = False
                break
            s.assume(cell, 1 << v)
        if ok:
            yield s


@pytest.mark.parametrize(("name", "rule"), list(BOARDS))
def test_a_removed_rule_rejects_no_completed_board(name: str, rule: str) -> None:
    kind = kind_of(name)
    p = kind.parse(BOARDS[(name, rule)])
    assert kind.brute_count(p, limit=2).solutions == 1
    kept, full = ablated(name, rule, "kept"), ablated(name, rule, "full")
    illegal = [
        s for s in completions(kind, p) if kind.validate(p, [m.bit_length() - 1 for m in s.cands])
    ]
    assert illegal
    # The full check rejects every illegal completion; without the rule, some
    # illegal completion passes (it breaks only the rule removed).
    assert all(full.settle(s).status is Status.CONTRADICTION for s in illegal)
    assert any(kept.settle(s).status is Status.SOLVED for s in illegal)


@pytest.mark.parametrize(("name", "rule"), list(BOARDS))
def test_probe_without_the_rule_cannot_use_it_on_trials(name: str, rule: str) -> None:
    kind = kind_of(name)
    p = kind.parse(BOARDS[(name, rule)])
    top = len(kind.levels) - 1
    assert kind.ladder.propagate(kind.start(p), top).status is Status.SOLVED
    # Judged by every rule, the probe's trials still meet the removed rule and finish
    # the board; judged by the rules kept, they cannot.
    assert ablated(name, rule, "full").propagate(kind.start(p), top).status is Status.SOLVED
    assert ablated(name, rule, "kept").propagate(kind.start(p), top).status is Status.STALLED


@pytest.mark.parametrize(("name", "rule"), list(BOARDS))
def test_the_rule_is_a_rung_below_probe(name: str, rule: str) -> None:
    kind = pencilbox.puzzle(name)
    assert rule in {r.name for r in kind.ladder.rules if r.name != "probe"}


@pytest.mark.parametrize("name", names())
def test_ladder_measurement_names_its_judge(name: str) -> None:
    kept = sweeps.measure_ladder(name, [4], 0.8, boards=6, seed=0, workers=1, quiet=True)
    full = sweeps.measure_ladder(
        name, [4], 0.8, boards=6, seed=0, workers=1, quiet=True, judge="full"
    )
    assert (kept.figures["judge"], full.figures["judge"]) == ("kept", "full")
    k, f = kept.figures["sizes"]["4"]["ablation"], full.figures["sizes"]["4"]["ablation"]
    assert k["full"] == f["full"] and k["-probe"] == f["-probe"]
    assert "judged only by the rules kept" in kept.markdown
