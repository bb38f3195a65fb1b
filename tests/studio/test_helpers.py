"""The setter's helpers, judged by the independent brute force (6×6 boards)."""

from __future__ import annotations

import time

import pytest

from pencilbox.errors import Stopped
from pencilbox.studio import analyze, helpers

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
    r = helpers.redundant(kind, q, seconds=20)
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
            s = helpers.suggest(kind, q, seconds=10)
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
    t = helpers.thin(kind, full, level=level, seconds=20, seed=3)
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
    # A budget of a few probe fixpoints: enough to start (with room for a busy
    # machine), too little to finish.
    t0 = time.monotonic()
    assert helpers.solves_at(kind, full, kind.ladder.top, None)
    t = helpers.thin(kind, full, level="probe", seconds=max(1.0, 10 * (time.monotonic() - t0)))
    assert t.puzzle.clue_count <= full.clue_count
    if not t.complete:
        assert kind.solve(t.puzzle).status.value == "solved"


@pytest.mark.parametrize("name", TYPES)
def test_the_deadline_reaches_into_a_fixpoint(name: str) -> None:
    kind = kind_of(name)
    p, _ = board_puzzle(kind, bank_boards(name, 10, "probe")[0])
    t0 = time.monotonic()
    assert kind.solve(p).status.value == "solved"  # no deadline: it finishes
    whole = time.monotonic() - t0
    assert kind.solve(p, seconds=whole / 20).status.value == "stopped"
    with pytest.raises(Stopped):
        helpers.solves_at(kind, p, kind.ladder.top, time.monotonic() + whole / 20)
    assert time.monotonic() - t0 < 5.0 + whole


@pytest.mark.parametrize("name", TYPES)
def test_analyze_gives_the_level_it_shades(name: str) -> None:
    kind = kind_of(name)
    s = hardest(kind)
    p, _ = board_puzzle(kind, s)
    low = kind.levels[0]
    a = analyze(kind, p, level=low)
    assert a.level == low and a.grade == s.grade
    with pytest.raises(Exception, match="unknown level"):
        analyze(kind, p, level="nosuch")


@pytest.mark.parametrize("name", names_with(lambda k: k.samples.slow))
def test_a_slow_board_runs_out_in_time(name: str) -> None:
    kind = kind_of(name)
    for text in kind.samples.slow:  # hours of search and probing
        t0 = time.monotonic()
        a = analyze(kind, kind.parse(text), seconds=0.5)
        assert a.verdict == "unknown" and "budget" in a.reason
        assert (
            time.monotonic() - t0 < 2.0
        )  # generous on a loaded machine: the point is that it stops


@pytest.mark.parametrize("name", TYPES)
def test_unique_by_search_without_time_to_grade(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    module = importlib.import_module("pencilbox.studio.analyze")
    kind = kind_of(name)
    p, answer = board_puzzle(kind, bank_boards(name, 6, "probe")[0])
    real = module._climb

    def probe_runs_out(kind: object, s: object, i: int, lv: int, undecided: object) -> object:
        if i == kind_of(name).ladder.top:
            raise module._OutOfTime(module.undecided_cells(s), i - 1)  # type: ignore[arg-type]
        return real(kind, s, i, lv, undecided)

    monkeypatch.setattr(module, "_climb", probe_runs_out)
    a = analyze(kind, p, seconds=10)
    assert (a.verdict, a.grade, a.solutions) == ("unique", None, (answer,))
    assert a.level == kind.levels[-2] and a.undecided  # the level below probe's open cells
