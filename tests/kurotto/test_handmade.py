"""The hand-made Kurotto of examples/kurotto-handmade.jsonl (every second
puzzle of a public collection, each with its published answer): each is
graded short of beyond, and Hint at the top level, from an empty board,
applied again and again, finishes it with every hinted value the published
answer's (where a puzzle has several answers, the hints stop where they
differ, each one still right).

Two puzzles are left to ``benchmarks/bench_kurotto_handmade.py``, which
grades and finishes every one: their grades and chains take tens of
seconds (the case rung's splits), the rest a few together."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

import pencilbox
from pencilbox.engine import cases
from pencilbox.engine.kind import Puzzle, Values
from pencilbox.engine.ladder import Status

FILE = pathlib.Path(__file__).parents[2] / "examples" / "kurotto-handmade.jsonl"
LEFT_TO_THE_BENCH = {82, 98}
"""The numbers of the puzzles whose grade and hint chain take tens of seconds."""


def handmade() -> dict[int, tuple[str, Values | None]]:
    """Each puzzle of the file by its number: its URL and published answer."""
    kind = pencilbox.puzzle("kurotto")
    out: dict[int, tuple[str, Values | None]] = {}
    for line in FILE.read_text().splitlines():
        row = json.loads(line)
        p = kind.from_url(row["url"])
        text = "\n".join(" ".join(r) for r in row["answer"])
        out[row["n"]] = (row["url"], kind.parse_solution(text, p))
    return out


PUZZLES = handmade()


def test_the_file_is_the_shared_half() -> None:
    kind = pencilbox.puzzle("kurotto")
    assert len(PUZZLES) == 114 and all(n % 2 == 0 for n in PUZZLES)
    for url, answer in PUZZLES.values():
        p = kind.from_url(url)
        assert answer is not None and kind.validate(p, answer) == []


def chain(p: Puzzle, answer: Values) -> tuple[str, list[int | None], int]:
    """Hints at the top level from an empty board until none is left: how
    it ended, the marks, and how many hints were case splits."""
    kind = pencilbox.puzzle("kurotto")
    marks: list[int | None] = [None] * (p.rows * p.cols)
    cases = 0
    while True:
        h = kind.hint(p, tuple(marks), level="case", solution=answer, seconds=None)
        if h.status != "hint":
            return h.status, marks, cases
        assert h.cell is not None and h.value == answer[h.cell], (kind.to_url(p), h.reason)
        cases += h.case is not None
        marks[h.cell] = h.value


@pytest.mark.slow
@pytest.mark.parametrize("n", sorted(set(PUZZLES) - LEFT_TO_THE_BENCH))
def test_graded_short_of_beyond_and_finished_by_hints(n: int) -> None:
    kind = pencilbox.puzzle("kurotto")
    url, answer = PUZZLES[n]
    assert answer is not None
    p = kind.from_url(url)
    v = kind.grade(p, seconds=None)
    assert v.settled and v.grade != "beyond", v.summary
    end, marks, cases = chain(p, answer)
    if v.verdict == "several":
        assert end == "stalled"
        return
    assert v.unique and v.solutions[0] == answer
    assert end == "solved"
    pairs = enumerate(zip(marks, answer, strict=True))
    assert all(m == a or p.clues[c] is not None for c, (m, a) in pairs)
    assert (cases > 0) == (v.grade == "case")


def test_a_case_trial_started_from_an_earlier_step_reaches_the_fixpoint_from_scratch() -> None:
    """Along the case rung's steps a trial starts from what it, and its own
    probe, reached one or more steps back (number 98: each step decides one
    cell, and the same candidates are tried again): the fixpoint must be
    the one a fresh trial of the same state reaches."""
    kind = pencilbox.puzzle("kurotto")
    url, answer = PUZZLES[98]
    assert answer is not None
    ladder = kind.ladder.strongest
    s = kind.start(kind.from_url(url))
    earlier: cases.Trials[Any] | None = None
    checked = 0
    for _ in range(3):
        assert ladder.propagate(s, ladder.top).status is Status.STALLED
        found, trials = cases.find(
            ladder, s, wanted=lambda lit: answer[lit[0]] != lit[1], before=earlier, sweep=True
        )
        assert found
        fresh = cases.Trials(ladder, s, None)
        for lit in trials.fixed:
            if earlier is not None and lit in earlier.fixed:
                assert trials.fixed[lit] == fresh.fixpoint(lit), lit
                checked += 1
        trials.inherit(earlier)
        earlier = trials
        for f in found:
            s.restrict(f.cell, s.cands[f.cell] & ~(1 << f.value), "case", "a case split refutes it")
    assert checked >= 5


def test_a_case_trial_started_from_the_lighter_ladders_trials_reaches_its_fixpoint() -> None:
    """Where the lighter ladder's case trials find nothing (number 82 at the
    rung's fixpoint), the rung's own trials start from what each lighter probe
    reached, with its trials' notes: each fixpoint must be the one a fresh
    trial of the same state reaches."""
    kind = pencilbox.puzzle("kurotto")
    url, answer = PUZZLES[82]
    assert answer is not None
    ladder = kind.ladder.strongest
    lighter = ladder.base
    assert lighter is not None
    s = kind.start(kind.from_url(url))

    def wanted(lit: tuple[int, int]) -> bool:
        return answer[lit[0]] != lit[1]

    assert ladder.propagate(s, ladder.top).status is Status.STALLED
    found, light = cases.find(lighter, s, max_branches=1, wanted=wanted, sweep=True)
    assert not found and len(light.fixed) >= 20
    found, trials = cases.find(ladder, s, wanted=wanted, sweep=True, light=light)
    assert found
    fresh = cases.Trials(ladder, s, None)
    started = [lit for lit in trials.fixed if light.fixed.get(lit) is not None]
    assert len(started) >= 5
    for lit in started:
        assert trials.fixed[lit] == fresh.fixpoint(lit), lit


def test_once_probes_fixpoint_is_done_only_the_learning_search_counts_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Number 58: probe's fixpoint is done long before the count settles.
    From then on the state no longer narrows, so a plain turn would count
    afresh from where the last one did; only the search with learning,
    which goes on from where it stopped, takes turns, and it settles the
    count (the same grade)."""
    from pencilbox.engine import verdict

    turns: list[tuple[str, bool]] = []
    done = [False]
    counted = verdict._Counter.run
    climbed = verdict._Judging.climb

    def run(self: Any, s: Any, turn: str, budget: Any) -> Any:
        turns.append((turn, done[0]))
        return counted(self, s, turn, budget)

    def climb(self: Any, s: Any, i: int, undecided: Any) -> Any:
        out = climbed(self, s, i, undecided)
        if i == self.ladder.top and isinstance(out, tuple):
            done[0] = True
        return out

    monkeypatch.setattr(verdict._Counter, "run", run)
    monkeypatch.setattr(verdict._Judging, "climb", climb)
    kind = pencilbox.puzzle("kurotto")
    url, answer = PUZZLES[58]
    v = kind.grade(kind.from_url(url), seconds=None)
    assert v.unique and v.solutions[0] == answer and v.grade == "case"
    after = [turn for turn, probed in turns if probed]
    assert len(after) >= 2 and set(after) == {"learning"}, turns
