"""One verdict on a setter's board: unique (and how hard), several, none, or unknown.

:func:`analyze` climbs the ladder one fixpoint at a time on one state, each
level starting from the fixpoint below it (every rule is sound, so that is
safe), and stops at the first level that finishes:

- a level whose fixpoint solves the board proves it unique, and the lowest
  such level is its grade;
- a fixpoint that reaches a contradiction proves the clues contradict each
  other, and the contradiction's reason and cells say where;
- when the level below probe stalls, search counts answers up to two from
  its fixpoint (cheap nodes), taking turns with probe's fixpoint, which may
  finish first (:func:`_race`): one answer, with probe's fixpoint stalling
  too, is "unique by search" (grade ``beyond``); none means contradictory
  clues; two mean several answers. The answers come from the count itself
  (:class:`AnswerKeepingCounter` keeps the complete grids it meets); a
  second answer is looked for apart only when the count multiplied
  independent parts.
- probe's fixpoint, needed for the grade probe and for probe's undecided
  cells, is told the answers found: a trial of an answer's value never
  contradicts, so probe skips it (:func:`known_survivors`).

Everything runs under one deadline, the state's own (``State.deadline``,
which every fixpoint and search honours by raising or catching
:class:`~pencilbox.errors.Stopped`); when it passes first the verdict is
``unknown``. Only the kind's public interface is used, so every puzzle is
analysed alike.
"""

from __future__ import annotations

import contextlib
import copy
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pencilbox.engine import search
from pencilbox.engine.grid import Cell
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.engine.ladder import Status
from pencilbox.engine.memo import ProbeMemo
from pencilbox.engine.state import Contradiction, Result, State, single_value
from pencilbox.errors import Stopped

DEFAULT_SECONDS = 2.0
"""The budget of one analysis when none is given."""
MARGIN = 0.1
"""Share of the budget kept back for the last step and the answer's JSON: a
fixpoint stops within one rule application of its deadline, which on a
loaded machine can take a tenth of a second of wall time."""
SEARCH_BUDGET = 10_000_000
"""Node budget of the counting search; in practice the deadline stops it first."""
VERDICTS = ("unique", "several", "none", "unknown")


@dataclass(frozen=True)
class Analysis:
    """What :func:`analyze` found.

    ``grade`` is set only when unique, and even then may be None when the
    budget ran out after search proved the answer unique but before probe's
    fixpoint could tell the grade probe from beyond.
    ``solutions`` holds the answer (unique), two different answers (several;
    only one if the budget ran out before the second was found) or nothing.
    ``differ`` are the cells where the two answers differ; ``undecided`` the
    cells the chosen level's fixpoint leaves open; ``cells`` the cells a
    contradiction rests on (verdict none).
    """

    verdict: str
    grade: str | None
    level: str
    solutions: tuple[Values, ...]
    differ: tuple[Cell, ...]
    undecided: tuple[Cell, ...]
    reason: str
    url: str
    cells: tuple[Cell, ...] = ()
    guesses: int = 0
    seconds: float = 0.0

    @property
    def unique(self) -> bool:
        return self.verdict == "unique"


def cell_names(p: Puzzle, cells: Sequence[Cell], most: int = 8) -> str:
    """ "r1c2, r3c4 and 5 more"."""
    names = ", ".join(p.grid.name(c) for c in cells[:most])
    return names + (f" and {len(cells) - most} more" if len(cells) > most else "")


def undecided_cells(s: State[Any]) -> tuple[Cell, ...]:
    return tuple(c for c, m in enumerate(s.cands) if m & (m - 1))


def values_of_state(s: State[Any]) -> Values:
    return tuple(single_value(m) for m in s.cands)


def analyze(
    kind: PuzzleKind,
    p: Puzzle,
    level: int | str | None = None,
    seconds: float = DEFAULT_SECONDS,
) -> Analysis:
    """The verdict on ``p`` within ``seconds``; ``level`` (default: the top)
    chooses whose fixpoint's undecided cells are reported."""
    t0 = time.monotonic()
    lv = kind.ladder.level_index(level)
    at = t0 + max(0.0, seconds) * (1 - MARGIN)
    try:
        found = _verdict(kind, p, lv, at)
    except _OutOfTime as e:
        found = _Found(
            "unknown",
            reason=f"the {seconds:g} s budget ran out before a verdict",
            undecided=e.undecided,
            level=e.level if e.level >= 0 else None,
        )
    return Analysis(
        found.verdict,
        found.grade,
        kind.levels[lv if found.level is None else found.level],
        found.solutions,
        found.differ,
        found.undecided,
        found.reason,
        kind.to_url(p),
        found.cells,
        found.guesses,
        time.monotonic() - t0,
    )


@dataclass
class _Found:
    verdict: str
    grade: str | None = None
    solutions: tuple[Values, ...] = ()
    differ: tuple[Cell, ...] = ()
    undecided: tuple[Cell, ...] = ()
    reason: str = ""
    cells: tuple[Cell, ...] = ()
    guesses: int = 0
    level: int | None = None
    """The level whose undecided cells are reported, when not the one asked for."""


class _OutOfTime(Stopped):
    """The deadline passed, with the undecided cells of the highest level reached."""

    def __init__(self, undecided: tuple[Cell, ...], level: int) -> None:
        super().__init__("the time budget ran out")
        self.undecided = undecided
        self.level = level


COUNT_SHARE = 0.5
"""Share of the time left that certificates of a second answer may take."""
LOOK_SECONDS = 0.05
"""Seconds probe's fixpoint may take once the verdict is known (at most
:data:`LOOK_SHARE` of the time left): it then only tells which cells probe
leaves open, and when it takes longer the cells the level below leaves open
are reported instead (``Analysis.level`` says which). Kept short because a
live verdict should not wait for its shading; on sparse boards where the
answers are many, probe's fixpoint takes seconds and the look would be spent
for nothing."""
LOOK_SHARE = 0.1


def seconds_left(at: float) -> float:
    return max(0.0, at - time.monotonic())


def _verdict(kind: PuzzleKind, p: Puzzle, lv: int, at: float) -> _Found:
    """Climb to the level below probe; then count answers there by search
    (cheap nodes) and run probe's fixpoint, in turns (:func:`_race`): the
    count gives the verdict, probe's fixpoint the grade probe or beyond and
    probe's undecided cells, and either may be the fast one."""
    top = kind.ladder.top
    s = kind.start(p)
    s.deadline = at
    undecided: tuple[Cell, ...] = ()
    for i in range(top):
        step = _climb(kind, s, i, lv, undecided)
        if isinstance(step, _Found):
            return step
        undecided = step
    below = undecided_cells(s) if lv >= top else undecided  # shown if probe runs out
    shown = min(lv, top - 1)
    answers = AnswerKeepingCounter(kind, p)
    count, probed = _race(kind, s, lv, undecided, answers, at)
    if isinstance(probed, _Found):
        return probed  # probe solves it (the grade) or refutes it
    if count is None:
        if probed is None:
            raise _OutOfTime(below, shown)
        return _Found(
            "unknown",
            undecided=probed,
            reason=f"{kind.levels[top]} leaves {len(undecided_cells(s))} cells open and the "
            "search for a second answer ran out of time",
        )
    if count.solutions >= 2:
        found = _several(kind, p, s, count, answers, at)
    elif count.solutions == 0:
        found = _none_by_search(kind, s, count)
    else:
        found = None
    if probed is None:
        # Probe's fixpoint is still to come, told the answers found: all the
        # time left to grade a unique board, a short look to shade the others.
        look = min(LOOK_SECONDS, LOOK_SHARE * seconds_left(at))
        s.deadline = at if found is None else time.monotonic() + look
        s.probes = known_survivors(s, answers.found)
        try:
            probed = _climb(kind, s, top, lv, undecided)
        except _OutOfTime:
            if found is None:
                found = _unique_ungraded(kind, count)
            found.undecided, found.level = below, shown
            return found
        if isinstance(probed, _Found):
            return probed
    if found is None:
        return _unique_by_search(kind, s, count, probed)
    found.undecided = probed
    return found


def _race(
    kind: PuzzleKind,
    s: State[Any],
    lv: int,
    undecided: tuple[Cell, ...],
    answers: AnswerKeepingCounter,
    at: float,
) -> tuple[search.Count | None, _Found | tuple[Cell, ...] | None]:
    """Search with learning, plain search and probe's fixpoint take turns
    (:data:`TURNS`) until a count settles (complete, or two answers) or
    ``at`` passes: each has boards where it takes seconds and another
    milliseconds. A fixpoint cut short keeps its sound deductions on ``s``
    and goes on from there in its next turn; once it finishes, the counts
    start from probe's fixpoint. Returns the settled count (or None) and
    probe's outcome (or None if it did not finish)."""
    top = kind.ladder.top
    probed: _Found | tuple[Cell, ...] | None = None
    turns = TURNS if kind.ladder.explains_at(top - 1) else COARSE_TURNS
    while time.monotonic() < at:
        for turn, share in turns:
            now = time.monotonic()
            end = min(at, now + max(MIN_TURN, share * (at - now)))
            if turn != "probe":
                count = answers.count(s, end, learning=turn == "learning")
                if count.complete:
                    return count, probed
            elif probed is None:
                s.deadline = end
                s.probes = known_survivors(s, answers.found)
                with contextlib.suppress(_OutOfTime):  # cut short: it goes on next turn
                    probed = _climb(kind, s, top, lv, undecided)
                s.deadline = at
                if isinstance(probed, _Found):
                    return None, probed
    return None, probed


TURNS = (("learning", 0.8), ("plain", 0.5), ("probe", 1.0))
"""Who runs in :func:`_race`, each for a share of the time left: search with
learning, which also runs the ladder's search rules and so settles most
boards (four fifths of the time: the hardest real puzzle of
``benchmarks/bench_cases.py`` needs most of the default budget), then plain
search, then probe's fixpoint."""
COARSE_TURNS = (("plain", 0.5), ("learning", 0.5), ("probe", 1.0))
"""The turns when some rule of the level the counts run at does not explain
its deductions (``Ladder.explains_at``): plain search goes first, as learning's
nogoods then rest on every guess and it seldom pays for itself."""


MIN_TURN = 0.01
"""Seconds of the shortest turn, so the last turns near the deadline are not
too short to do anything."""


def _climb(
    kind: PuzzleKind, s: State[Any], i: int, lv: int, undecided: tuple[Cell, ...]
) -> _Found | tuple[Cell, ...]:
    """One more rung: the verdict if level ``i`` settles the board, else the
    undecided cells to report (those of level ``lv`` once it is reached).
    Raises :class:`_OutOfTime` when the state's deadline passes first."""
    name = kind.levels[i]
    shown = lv if i > lv else i - 1  # whose open cells a timeout reports
    if i <= lv:
        undecided = undecided_cells(s)  # the fixpoint of level i - 1
    try:
        outcome = kind.ladder.propagate(s, i)
    except Stopped:
        raise _OutOfTime(undecided, shown) from None
    if i == lv:
        undecided = undecided_cells(s)
    if outcome.status is Status.SOLVED:
        return _Found(
            "unique",
            grade=name,
            solutions=(values_of_state(s),),
            undecided=undecided if i > lv else (),
            reason=f"unique: the {name} fixpoint finishes it",
        )
    if outcome.status is Status.CONTRADICTION:
        why = outcome.contradiction
        assert why is not None
        return _Found(
            "none",
            reason=f"the clues contradict each other: {why.reason} ({why.rule})",
            cells=tuple(dict.fromkeys(why.premises)),
        )
    return undecided


class AnswerKeepingCounter:
    """Counts of a board's answers that keep the answers they meet.

    The search settles a line when the ladder finds its grid complete and
    legal (``Ladder.judge_complete``), so a count on a copy of the ladder
    whose judge also writes the grids down yields the answers it counted:
    the verdict's two answers come from the count that proves there are two.
    A count that multiplies independent parts meets fewer grids than it
    counts; :func:`second_answer` then finds the second.
    """

    def __init__(self, kind: PuzzleKind, p: Puzzle) -> None:
        self.kind = kind
        self.p = p
        self.found: list[Values] = []
        self.ladder = copy.copy(kind.ladder)
        judge = kind.ladder.judge_complete

        def judge_and_keep(state: State[Any]) -> Result:
            verdict = judge(state)
            if not isinstance(verdict, Contradiction) and len(self.found) < 2:
                answer = values_of_state(state)
                if answer not in self.found and not kind.validate(p, answer):
                    self.found.append(answer)
            return verdict

        self.ladder.judge_complete = judge_and_keep
        self.learning: search.Resumable[Any] | None = None

    def count(self, s: State[Any], until: float, learning: bool = True) -> search.Count:
        """Answers of ``s`` up to two, by search below probe, until ``until``.
        The search with learning goes on, turn after turn, where its last
        turn stopped (from the state of its first turn); plain search counts
        afresh from ``s`` each time."""
        ladder = self.ladder
        if not learning:
            return search.count(ladder, s, ladder.top - 1, 2, SEARCH_BUDGET, until, False)
        if self.learning is None:
            self.learning = search.Resumable(ladder, s, ladder.top - 1, 2, SEARCH_BUDGET)
        return self.learning.run(until)


def known_survivors(s: State[Any], answers: Sequence[Values]) -> ProbeMemo | None:
    """Probe's memory of surviving trials, told the ``answers`` found.

    Every rule is sound, so a trial of a value an answer gives its cell never
    contradicts: the fixpoint it reaches keeps that answer. Remembered as
    surviving (with the answer's values as what it decided, which stay inside
    every later state that keeps the answer), probe skips those trials, and
    its fixpoint is the same."""
    memo: ProbeMemo | None = s.probes
    if not answers:
        return memo
    cands = s.cands
    if memo is None:
        memo = ProbeMemo(cands)
    else:
        memo = memo.copy()
        memo.rebase(cands)
    open_cells = undecided_cells(s)
    for answer in answers:
        if any(not cands[c] >> answer[c] & 1 for c in open_cells):
            continue  # not inside this state (it cannot happen, but stay sound)
        decided = {c: 1 << answer[c] for c in open_cells}
        for c in open_cells:
            memo.kept[(c, answer[c])] = decided
    return memo


def _several(
    kind: PuzzleKind,
    p: Puzzle,
    s: State[Any],
    count: search.Count,
    answers: AnswerKeepingCounter,
    at: float,
) -> _Found:
    assert count.first is not None
    second: Values | None
    if len(answers.found) >= 2:
        first, second = answers.found[0], answers.found[1]
    else:
        first = answers.found[0] if answers.found else values_of_masks(count.first)
        second = second_answer(kind, p, s, first, at)
    if second is None:
        return _Found(
            "several",
            solutions=(first,),
            reason="at least two answers; the budget ran out before the second was shown",
            guesses=count.guesses,
        )
    differ = tuple(c for c in range(len(first)) if first[c] != second[c])
    return _Found(
        "several",
        solutions=(first, second),
        differ=differ,
        reason=f"at least two answers; these two differ in {len(differ)} "
        f"cell{'s' if len(differ) != 1 else ''}: {cell_names(p, differ)}",
        guesses=count.guesses,
    )


def values_of_masks(masks: Sequence[int]) -> Values:
    return tuple(single_value(m) for m in masks)


def _none_by_search(kind: PuzzleKind, s: State[Any], count: search.Count) -> _Found:
    return _Found(
        "none",
        reason=f"the clues contradict each other: the ladder leaves {len(undecided_cells(s))} "
        "cells open and every way of filling them breaks a rule",
        guesses=count.guesses,
    )


def _unique_ungraded(kind: PuzzleKind, count: search.Count) -> _Found:
    assert count.first is not None
    return _Found(
        "unique",
        solutions=(values_of_masks(count.first),),
        reason=f"unique by search, but the budget ran out before {kind.levels[-1]}'s "
        f"fixpoint could grade it ({kind.levels[-1]} or beyond)",
        guesses=count.guesses,
    )


def _unique_by_search(
    kind: PuzzleKind, s: State[Any], count: search.Count, undecided: tuple[Cell, ...]
) -> _Found:
    assert count.first is not None
    guesses = f"{count.guesses} guess{'es' if count.guesses != 1 else ''}"
    return _Found(
        "unique",
        grade="beyond",
        solutions=(values_of_masks(count.first),),
        undecided=undecided,
        reason=f"unique by search: {kind.levels[-1]} leaves {len(undecided_cells(s))} cells "
        f"open, and search settles them with {guesses}",
        guesses=count.guesses,
    )


def second_answer(
    kind: PuzzleKind, p: Puzzle, fixpoint: State[Any], first: Values, at: float
) -> Values | None:
    """An answer of ``p`` other than ``first`` (None if the deadline passes).

    First the certificates (:func:`certified_answers`), each checked by the
    independent validator, for a share of the time left; then search. With
    the undecided cells of ``fixpoint`` in a fixed order, holding the first k
    of them to ``first`` leaves two answers for k = 0 and one for all of
    them; a binary search over k finds the k where a second answer stops
    agreeing, and that answer differs from ``first`` in the next cell: one
    more search finds it. Each step counts to two, so the cost is a few
    counts, not one per cell.
    """
    ladder = kind.ladder
    cells = undecided_cells(fixpoint)
    until = min(at, time.monotonic() + COUNT_SHARE * seconds_left(at))
    for candidate in certified_answers(kind, p, first, cells, until):
        if candidate != first and not kind.validate(p, candidate):
            return candidate

    def held(k: int) -> State[Any]:
        s = fixpoint.copy()
        for cell in cells[:k]:
            s.assume(cell, 1 << first[cell])
        return s

    lo, hi = 0, len(cells)  # two answers agree with first on cells[:lo]; one on cells[:hi]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        found = search.count(ladder, held(mid), ladder.top - 1, 2, SEARCH_BUDGET, at)
        if found.solutions >= 2:
            lo = mid
        elif not found.complete:
            return None
        else:
            hi = mid
    if not cells:
        return None
    other = held(lo)
    cell = cells[lo]
    other.assume(cell, other.cands[cell] & ~(1 << first[cell]))
    found = search.count(ladder, other, ladder.top - 1, 1, SEARCH_BUDGET, at)
    if found.first is None:
        return None
    return values_of_masks(found.first)


def certified_answers(
    kind: PuzzleKind, p: Puzzle, first: Values, cells: Sequence[Cell], until: float
) -> Iterator[Values]:
    """Cheap candidates for a second answer, read off ``first``: the puzzle's
    own certificate of non-uniqueness (:meth:`PuzzleKind.second_solution`),
    then, on two-valued puzzles, ``first`` with one of ``cells`` flipped (a
    silent flip, if it is an answer), tried until the ``time.monotonic()``
    instant ``until``."""
    second = kind.second_solution(p, first)
    if second is not None:
        yield second
    if all(m <= 0b11 for m in kind.start(p).cands):
        for cell in cells:
            if time.monotonic() > until:
                break
            flipped = list(first)
            flipped[cell] = 1 - flipped[cell]
            yield tuple(flipped)
