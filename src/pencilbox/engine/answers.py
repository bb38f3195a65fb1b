"""Finding a puzzle's answers beyond the first: what a verdict of "several"
shows, and what probe may be told of the answers already found.

- :func:`second_answer`: an answer other than a given one, from the puzzle's
  own certificates first (a second answer read off the first, a silent
  flip), then by a few counts to two that bisect the undecided cells;
- :func:`known_survivors`: probe's memory of trials told the answers found
  (a trial of an answer's value never contradicts, so probe skips it).

Every step spends from a budget of work (:mod:`pencilbox.engine.budget`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from pencilbox.engine import search
from pencilbox.engine.budget import Budget, cost
from pencilbox.engine.grid import Cell
from pencilbox.engine.ladder import Ladder
from pencilbox.engine.memo import ProbeMemo
from pencilbox.engine.results import Puzzle, Values
from pencilbox.engine.state import Mask, State, single_value
from pencilbox.errors import Stopped

CERTIFICATE_SHARE = 0.5
"""Share of the budget the certificates of a second answer may take."""


class Answered(Protocol):
    """What finding a second answer reads of a puzzle kind."""

    @property
    def ladder(self) -> Ladder[Any]: ...

    def start(self, p: Puzzle, /) -> State[Any]: ...

    def validate(self, p: Puzzle, solution: Sequence[int | None], /) -> Sequence[object]: ...

    def second_solution(self, p: Puzzle, answer: Sequence[int], /) -> Values | None: ...


def values_of(masks: Sequence[Mask]) -> Values:
    """A decided grid's values."""
    return tuple(single_value(m) for m in masks)


def undecided_cells(s: State[Any]) -> tuple[Cell, ...]:
    return tuple(c for c, m in enumerate(s.cands) if m & (m - 1))


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


def second_answer(
    kind: Answered, p: Puzzle, fixpoint: State[Any], first: Values, budget: Budget
) -> Values | None:
    """An answer of ``p`` other than ``first`` (None if the budget runs out).

    First the certificates (:func:`certified_answers`), each checked by the
    independent validator, for a share of the budget; then search. With
    the undecided cells of ``fixpoint`` in a fixed order, holding the first k
    of them to ``first`` leaves two answers for k = 0 and one for all of
    them; a binary search over k finds the k where a second answer stops
    agreeing, and that answer differs from ``first`` in the next cell: one
    more search finds it. Each step counts to two, so the cost is a few
    counts, not one per cell.
    """
    ladder = kind.ladder
    cells = undecided_cells(fixpoint)
    try:
        certificates = budget.share(CERTIFICATE_SHARE)
        for candidate in certified_answers(kind, p, first, cells, certificates):
            if candidate != first and not kind.validate(p, candidate):
                return candidate
    except Stopped:
        if budget.exhausted:
            return None

    def held(k: int) -> State[Any]:
        s = fixpoint.copy()
        for cell in cells[:k]:
            s.assume(cell, 1 << first[cell])
        return s

    below = ladder.top - 1
    lo, hi = 0, len(cells)  # two answers agree with first on cells[:lo]; one on cells[:hi]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        found = search.count(ladder, held(mid), below, 2, budget.part(None))
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
    found = search.count(ladder, other, below, 1, budget.part(None))
    if found.first is None:
        return None
    return values_of(found.first)


def certified_answers(
    kind: Answered, p: Puzzle, first: Values, cells: Sequence[Cell], budget: Budget
) -> Iterator[Values]:
    """Cheap candidates for a second answer, read off ``first``: the puzzle's
    own certificate of non-uniqueness (``second_solution``), then, on
    two-valued puzzles, ``first`` with one of ``cells`` flipped (a silent
    flip, if it is an answer). Each candidate spends a rule application's
    worth of ``budget`` (the validator reads the whole board); raises
    :class:`~pencilbox.errors.Stopped` when it runs out."""
    price = cost([1] * len(first))  # one validation: a rule application on a decided board
    budget.spend(price)
    second = kind.second_solution(p, first)
    if second is not None:
        yield second
    if all(m <= 0b11 for m in kind.start(p).cands):
        for cell in cells:
            budget.spend(price)
            flipped = list(first)
            flipped[cell] = 1 - flipped[cell]
            yield tuple(flipped)
