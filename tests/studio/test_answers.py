"""What makes analyze fast must not change what it finds: the answers a
count meets are real and distinct, and probe told an answer reaches the same
fixpoint as probe on its own."""

from __future__ import annotations

import pytest

from pencilbox.engine import search
from pencilbox.engine.answers import known_survivors, values_of
from pencilbox.engine.budget import Budget
from pencilbox.engine.ladder import Status

from .studio_data import TYPES, bank_boards, board_puzzle, clue_cells, kind_of, without


@pytest.mark.parametrize("name", TYPES)
def test_the_answers_a_count_meets_are_distinct_answers(name: str) -> None:
    kind = kind_of(name)
    met = 0
    for b in bank_boards(name, 6)[:6]:
        p, answer = board_puzzle(kind, b)
        for cell in clue_cells(p)[:3]:
            q = without(p, cell)
            s = kind.start(q)
            level = kind.ladder.top - 1
            count = search.count(kind.ladder, s, level, 2, Budget(10**7), True, keep=2)
            plain = search.count(kind.ladder, s, level, 2, Budget(10**7), False)
            assert count.complete and count.solutions == plain.solutions
            found = [values_of(grid) for grid in count.grids]
            assert len(found) <= count.solutions
            assert len(set(found)) == len(found)
            for grid in found:
                assert not kind.validate(q, grid)  # the independent validator
            if count.solutions == 1 and found:
                assert found == [answer]  # the bank's own answer
            met += len(found)
    assert met  # the check sees the grids the search settles


@pytest.mark.parametrize("name", TYPES)
def test_probe_told_the_answers_reaches_the_same_fixpoint(name: str) -> None:
    kind = kind_of(name)
    top = kind.ladder.top
    tried = 0
    for b in bank_boards(name, 6)[:8]:
        p, answer = board_puzzle(kind, b)
        for q in (p, without(p, clue_cells(p)[0])):
            s = kind.start(q)
            if kind.ladder.propagate(s, top - 1).status is not Status.STALLED:
                continue
            count = search.count(kind.ladder, s, top - 1, 2, Budget(10**7), keep=2)
            found = [values_of(grid) for grid in count.grids]
            alone, told = s.copy(), s.copy()
            told.probes = known_survivors(told, found or [answer])
            assert told.probes is not None and told.probes.kept
            first = kind.ladder.propagate(alone, top).status
            second = kind.ladder.propagate(told, top).status
            assert (first, alone.cands) == (second, told.cands)
            tried += 1
    assert tried


@pytest.mark.parametrize("name", TYPES)
def test_learning_goes_first_only_where_every_rule_explains(name: str) -> None:
    kind = kind_of(name)
    level = kind.ladder.top - 1
    explained = all(r.explains for r in kind.ladder.rules if r.level <= level)
    assert kind.ladder.explains_at(level) == explained


@pytest.mark.parametrize("name", TYPES)
def test_the_default_count_learns_where_every_rule_explains(name: str) -> None:
    """(Which puzzles' rules all explain is each puzzle's own test.)"""
    kind = kind_of(name)
    learns = kind.ladder.explains_at(kind.ladder.top)
    density = min(kind.default_density, 0.5)  # few clues: boards that need search
    for seed in range(10, 60):  # a board on which the two searches differ
        p, _ = kind.generate(6, 6, density=density, seed=seed)
        runs = {mode: kind.count(p, learning=mode) for mode in (True, False)}
        if (runs[True].nodes, runs[True].guesses) != (runs[False].nodes, runs[False].guesses):
            break
    else:
        raise AssertionError(f"no {name} board where learning and plain search differ")
    default = kind.count(p)
    same = runs[learns]
    assert (default.nodes, default.guesses) == (same.nodes, same.guesses)
    assert default.solutions == same.solutions


@pytest.mark.parametrize("name", TYPES)
def test_several_answers_come_from_the_count(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two answers without a second search: second_answer is not called when
    the count met both."""
    import importlib

    module = importlib.import_module("pencilbox.engine.answers")
    kind = kind_of(name)
    calls: list[int] = []
    real = module.second_answer

    def counted(*args: object) -> object:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(module, "second_answer", counted)
    seen = 0
    for b in bank_boards(name, 6)[:6]:
        p, _ = board_puzzle(kind, b)
        for cell in clue_cells(p)[:4]:
            a = kind.analyze(without(p, cell))
            if a.verdict == "several" and len(a.solutions) == 2:
                seen += 1
                first, second = a.solutions
                assert first != second
                assert set(a.differ) == {c for c in range(len(first)) if first[c] != second[c]}
    assert seen and len(calls) < seen
