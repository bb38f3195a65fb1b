"""The setter's helpers, judged by the independent brute force (6×6 boards)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pencilbox.engine import thinning
from pencilbox.engine.budget import Budget, cost
from pencilbox.errors import Stopped
from pencilbox.studio import helpers

from ..kinds import hardest, names_with
from .studio_data import (
    TYPES,
    bank_boards,
    board_puzzle,
    clue_cells,
    kind_of,
    with_clue,
    without,
)


@pytest.mark.parametrize("name", TYPES)
def test_redundant_clues_really_go(name: str) -> None:
    kind = kind_of(name)
    b = bank_boards(name, 6, kind.levels[-2])[0]
    p, answer = board_puzzle(kind, b)
    shown = helpers.clues_of(kind, p, answer)
    extra = next(c for c in range(len(shown)) if shown[c] is not None and p.clues[c] is None)
    q = with_clue(p, extra, shown[extra])
    assert kind.validate(q, answer) == []
    r = helpers.redundant(kind, q)
    assert r.complete and r.analysis.unique
    by_cell = {c.cell: c for c in r.clues}
    assert set(by_cell) == set(clue_cells(q))
    assert by_cell[extra].removable  # the added clue was already implied
    for c in r.clues:
        solutions = kind.brute_count(without(q, c.cell), limit=2).solutions
        assert solutions == (1 if c.removable else 2), c
        if c.removable:
            assert kind.levels.index(c.grade) >= kind.levels.index(r.analysis.grade)


@pytest.mark.parametrize("name", TYPES)
def test_the_suggested_clue_removes_the_second_answer(name: str) -> None:
    kind = kind_of(name)
    tried = 0
    for b in bank_boards(name, 6, "probe")[:3]:
        p, _ = board_puzzle(kind, b)
        for cell in clue_cells(p):
            q = without(p, cell)
            if kind.brute_count(q, limit=2).solutions < 2:
                continue
            s = helpers.suggest(kind, q)
            assert s.cell is not None and q.clues[s.cell] is None
            assert s.puzzle.clues[s.cell] == s.clue is not None
            first, second = s.analysis.solutions
            # the clue is true in one answer and false in the other
            assert (kind.validate(s.puzzle, first) == []) != (kind.validate(s.puzzle, second) == [])
            assert s.after is not None
            if s.after.unique:
                assert kind.brute_count(s.puzzle, limit=2).solutions == 1
            tried += 1
            break
    assert tried


@pytest.mark.parametrize("name", TYPES)
def test_thinning_keeps_it_unique_at_or_below_the_grade(name: str) -> None:
    kind = kind_of(name)
    level = kind.levels[-2]
    b = bank_boards(name, 6, level)[0]
    p, answer = board_puzzle(kind, b)
    full = p
    shown = helpers.clues_of(kind, p, answer)
    for c in range(len(shown))[::3]:
        if shown[c] is not None and full.clues[c] is None:
            full = with_clue(full, c, shown[c])
    t = helpers.thin(kind, full, level=level, seed=3)
    assert t.complete and t.level == level
    assert t.puzzle.clue_count < full.clue_count
    assert set(t.removed) == {c for c in range(len(p.clues)) if full.clues[c] != t.puzzle.clues[c]}
    assert kind.brute_count(t.puzzle, limit=2).solutions == 1
    assert kind.solve(t.puzzle, level=level).status.value == "solved"
    assert t.analysis.unique and kind.levels.index(t.analysis.grade) <= kind.levels.index(level)
    for cell in clue_cells(t.puzzle):  # minimal for the level
        assert kind.solve(without(t.puzzle, cell), level=level).status.value != "solved"


@pytest.mark.parametrize("name", TYPES)
def test_thinning_stopped_early_is_still_solved_at_its_level(name: str) -> None:
    kind = kind_of(name)
    b = bank_boards(name, 10, "probe")[0]
    p, answer = board_puzzle(kind, b)
    shown = helpers.clues_of(kind, p, answer)
    extra = next(c for c in range(len(shown)) if shown[c] is not None and p.clues[c] is None)
    full = with_clue(p, extra, shown[extra])
    # A budget of a few probe fixpoints: enough to start, too little to finish.
    once = Budget()
    assert thinning.solves_at(kind, full, kind.ladder.top, once)
    t = helpers.thin(kind, full, level="probe", budget=4 * once.spent)
    assert not t.complete
    assert t.puzzle.clue_count <= full.clue_count
    assert kind.solve(t.puzzle).status.value == "solved"
    again = helpers.thin(kind, full, level="probe", budget=4 * once.spent)
    # The budget, not the clock, decided where it stopped.
    assert (again.puzzle, again.removed, again.complete) == (t.puzzle, t.removed, t.complete)
    assert replace(again.analysis, seconds=0.0) == replace(t.analysis, seconds=0.0)


@pytest.mark.parametrize("name", TYPES)
def test_the_budget_reaches_into_a_fixpoint(name: str) -> None:
    kind = kind_of(name)
    p, _ = board_puzzle(kind, bank_boards(name, 10, "probe")[0])
    stopped = kind.solve(p, budget=5)
    assert (stopped.status.value, stopped.stop) == ("stopped", "work")
    with pytest.raises(Stopped):
        thinning.solves_at(kind, p, kind.ladder.top, Budget(5))
    clock = kind.solve(p, seconds=1e-9)
    assert (clock.status.value, clock.stop) == ("stopped", "clock")
    assert kind.solve(p).status.value == "solved"  # the default budget: it finishes


@pytest.mark.parametrize("name", TYPES)
def test_analyze_gives_the_level_it_shades(name: str) -> None:
    kind = kind_of(name)
    s = hardest(kind)
    p, _ = board_puzzle(kind, s)
    low = kind.levels[0]
    a = kind.analyze(p, level=low)
    assert a.level == low and a.grade == s.grade
    with pytest.raises(Exception, match="unknown level"):
        kind.analyze(p, level="nosuch")


@pytest.mark.parametrize("name", names_with(lambda k: k.samples.slow))
def test_a_slow_board_runs_out_of_its_budget(name: str) -> None:
    kind = kind_of(name)
    for text in kind.samples.slow:  # hours of search and probing
        p = kind.parse(text)
        a = kind.analyze(p, budget=20_000)
        assert (a.verdict, a.stop) == ("unknown", "work") and "budget" in a.reason
        # The work stops at the first rule application that would pass the budget.
        assert 20_000 <= a.work <= 20_000 + cost(kind.start(p).cands)
        again = kind.analyze(p, budget=20_000)  # the same work, the same answer
        assert replace(again, seconds=0.0) == replace(a, seconds=0.0)


@pytest.mark.parametrize("name", TYPES)
def test_unique_by_search_without_budget_to_grade(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    module = importlib.import_module("pencilbox.engine.verdict")
    kind = kind_of(name)
    p, answer = board_puzzle(kind, bank_boards(name, 6, "probe")[0])
    real = module._Judging.climb

    def probe_runs_out(self: object, s: object, i: int, undecided: object) -> object:
        if i == kind.ladder.top:
            raise module._Halt(module.undecided_cells(s), i - 1, "work")  # type: ignore[arg-type]
        return real(self, s, i, undecided)  # type: ignore[arg-type]

    monkeypatch.setattr(module._Judging, "climb", probe_runs_out)
    a = kind.analyze(p)
    assert (a.verdict, a.grade, a.solutions, a.stop) == ("unique", None, (answer,), "work")
    assert a.level == kind.levels[-2] and a.undecided  # the level below probe's open cells
