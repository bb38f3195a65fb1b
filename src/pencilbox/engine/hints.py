"""A player's Hint: the next cell a level proves from the marks on the board.

Done once for every puzzle, in terms of its ladder (the kind calls it):

- the player's marks become the state the hint reasons from; marks that
  break a clue, or that differ from the answer when it is known, are named
  instead of a hint ("these marks cannot be right: …");
- the first deduction of the chosen level that decides a cell is the hint,
  with its rule, its reason and its premises;
- when the level proves nothing more, the hint says which higher level
  would (or the case rung), so the player knows where to look;
- a rung above probe (``Ladder.above``) is a level too, reached through
  its own ladder (``Ladder.raised``);
- the level "case" is the top rung first (probe, or the highest rung above
  it), then the case rung's smallest refutation on its rules
  (:mod:`pencilbox.engine.cases`), told in words
  (:func:`pencilbox.engine.refutation.describe`).

:func:`chain` plays the hints from the empty board, each filled in, and
says for each which of the marks before it it needs: on any board holding
those marks the clues and they alone decide its cell, so the hint holds
there too (what the static site shows before its engine has started).

Everything is spent from one budget of work (:mod:`pencilbox.engine.budget`):
when it runs out, or its safety clock stops it, the hint is "stopped" and
says which.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pencilbox.engine import cases
from pencilbox.engine.budget import Budget, OutOfTime, OutOfWork
from pencilbox.engine.fixpoint import FirstDeduction, first_deduction
from pencilbox.engine.grid import Cell
from pencilbox.engine.ladder import Ladder, Status
from pencilbox.engine.refutation import describe
from pencilbox.engine.results import HintResult, Marks, Values
from pencilbox.engine.state import B, Deduction, Mask, State, single_value
from pencilbox.errors import ParseError, Stopped

AnswerLookup = Callable[[Budget], Values | None]
"""Finds the puzzle's unique answer within the given budget (None: none,
several, or not found within it)."""

HINT_UNITS = 400_000
"""The work a hint may do unless told otherwise (see :mod:`pencilbox.engine.budget`)."""
LOOK_UP_SHARE = 0.5
"""Share of a hint's budget that finding the answer (to name wrong marks) may take."""


def marked_state(start: State[B], marks: Marks | None) -> tuple[State[B], tuple[Cell, ...]]:
    """``start`` with the player's marks applied; also the marks that break
    a clue (a value the clues already rule out)."""
    s = start
    clash = []
    if marks is not None:
        if len(marks) != len(s.cands):
            raise ParseError("the marks do not cover the board")
        for cell, v in enumerate(marks):
            if v is None:
                continue
            if not (s.cands[cell] >> v) & 1:
                clash.append(cell)
            else:
                s.cands[cell] = 1 << v
    return s, tuple(clash)


def hint(
    ladder: Ladder[B],
    start: State[B],
    marks: Marks | None,
    level: int | str | None,
    answer: Values | None = None,
    look_up: AnswerLookup | None = None,
    budget: Budget | None = None,
) -> HintResult:
    """The next cell the ladder proves at ``level`` from the player's marks.

    ``answer`` is the puzzle's answer if the caller knows it; otherwise
    ``look_up`` (when given) finds it, with at most :data:`LOOK_UP_SHARE` of
    the budget, so wrong marks can be named. Without either, only what the
    ladder itself refutes is reported. ``level`` may also name a rung above
    probe, or be "case": the top rung first, then the case rung. All of it
    is spent from ``budget`` (default :data:`HINT_UNITS`); when it runs out
    the status is "stopped".
    """
    case = level == cases.CASE
    if case:
        at = ladder.strongest
        name, lv = cases.CASE, at.top
    else:
        name, at, lv = ladder.rung(level)
    if budget is None:
        budget = Budget(HINT_UNITS)
    name_of = start.grid.name
    s, clash = marked_state(start, marks)
    if marks is not None and any(v is not None for v in marks):
        if answer is None and look_up is not None:
            answer = look_up(budget.share(LOOK_UP_SHARE))
        if answer is not None:
            wrong = tuple(c for c, v in enumerate(marks) if v is not None and v != answer[c])
            clash = tuple(sorted(set(clash) | set(wrong)))
    if clash:
        cells = ", ".join(name_of(c) for c in clash[:8])
        more = f" and {len(clash) - 8} more" if len(clash) > 8 else ""
        return HintResult(
            "contradiction", name, reason=f"these marks cannot be right: {cells}{more}", wrong=clash
        )
    try:
        h = lowest_first(ladder, at, s, lv, budget)
    except Stopped as e:
        return HintResult("stopped", name, reason=stopped_reason(e, "proving a cell"))
    if case and h.deduction is None and h.status is Status.STALLED:
        try:
            found = case_hint(at, s, budget, h.reached)
        except Stopped as e:
            return HintResult("stopped", name, reason=stopped_reason(e, "proving a cell"))
        if found is not None:
            return found
    if h.deduction is not None:
        d = h.deduction
        return HintResult("hint", name, d.cell, single_value(d.keep), d.rule, d.reason, d.premises)
    if h.status is Status.SOLVED:
        return HintResult("solved", name, reason="every cell is already decided")
    if h.status is Status.CONTRADICTION:
        why = h.outcome.contradiction if h.outcome else None
        return HintResult(
            "contradiction",
            name,
            rule=why.rule if why else None,
            reason=why.reason if why else "the marks contradict the puzzle",
            premises=why.premises if why else (),
        )
    return _stalled(ladder, s, name, case, budget)


def lowest_first(
    ladder: Ladder[B], at: Ladder[B], s: State[B], lv: int, budget: Budget
) -> FirstDeduction:
    """The first deduction at level ``lv`` of ``at``. When ``at`` is the
    ladder of a rung above probe, the rungs below it are asked first, the
    lowest first: a player meets probe before the rungs above it, and its
    trials, without those rungs' rules, are far cheaper."""
    lower = [ladder, *(ladder.raised(rung.name) for rung in ladder.above)]
    if at is ladder or at not in lower or lv != at.top:
        return first_deduction(at, s, lv, budget)
    for below in lower[: lower.index(at)]:
        h = first_deduction(below, s, below.top, budget)
        if h.deduction is not None or h.status is not Status.STALLED:
            return h
    return first_deduction(at, s, lv, budget)


def _stalled(ladder: Ladder[B], s: State[B], name: str, case: bool, budget: Budget) -> HintResult:
    """Nothing more at the rung ``name``: which higher rung (or the case
    rung) proves something, or that the search for one stopped (the budget
    or the clock)."""

    def searched_on(e: Stopped) -> HintResult:
        return HintResult(
            "stalled",
            name,
            reason=f"{name} proves nothing more here; the search for a higher level "
            f"stopped: {why_stopped(e)}",
        )

    rungs = ladder.rungs()
    names = [rung for rung, _, _ in rungs]
    higher = rungs[names.index(name) + 1 :] if name in names else []
    for rung, at, level in higher:
        try:
            proved = first_deduction(at, s, level, budget).deduction is not None
        except Stopped as e:
            return searched_on(e)
        if proved:
            return HintResult(
                "stalled",
                name,
                reason=f"{name} proves nothing more here; try {rung}",
                suggest=rung,
            )
    if not case:
        try:
            helps = case_hint(ladder.strongest, s, budget) is not None
        except Stopped as e:
            return searched_on(e)
        if helps:
            return HintResult(
                "stalled",
                name,
                reason=f"{name} proves nothing more here; try {cases.CASE}",
                suggest=cases.CASE,
            )
    return HintResult("stalled", name, reason="no level of the ladder proves anything more here")


def case_hint(
    ladder: Ladder[B], s: State[B], budget: Budget | None, reached: list[Mask] | None = None
) -> HintResult | None:
    """The smallest case split that decides a cell of ``s`` (None: none
    within the rung's bounds); ``reached``, when given, is the top rung's
    stalled fixpoint of ``s``, already run. Raises :class:`Stopped` when the
    budget or its safety clock stops the search first, so that running out
    is never taken for "nothing to find"."""
    fixed = s.copy()
    fixed.budget = budget
    if reached is not None:
        fixed.cands = reached[:]
    elif ladder.propagate(fixed, ladder.top).status is not Status.STALLED:
        return None
    two = fixed.cands
    ref = cases.refute(ladder, fixed, budget, wanted=lambda lit: two[lit[0]].bit_count() == 2)
    if ref is None:
        if budget is not None:
            budget.check()  # the rung's trials ran the budget out
        return None
    keep = fixed.cands[ref.cell] & ~(1 << ref.value)
    reason = describe(ref, keep, s.grid.name, ladder.value_name)
    return HintResult(
        "hint",
        cases.CASE,
        ref.cell,
        single_value(keep),
        cases.CASE,
        reason,
        ref.premises,
        case=ref,
    )


def why_stopped(e: Stopped) -> str:
    """What stopped a computation, in words: the budget (the same on every
    machine) or the safety clock (this machine's speed and load)."""
    if isinstance(e, OutOfTime):
        return "the safety clock stopped it (this machine was too slow or too busy)"
    return str(e)


def stopped_reason(e: Stopped, what: str) -> str:
    return f"{why_stopped(e)} before {what}; allow more to finish"


@dataclass(frozen=True)
class Link:
    """One hint of a chain: the deduction, the rung it needs (its rule's, or
    the highest of the rules its run used on the way), and the marks it needs
    (cells earlier links decided, each with the value the chain gave it)."""

    deduction: Deduction
    rung: int
    needs: tuple[Cell, ...]


@dataclass(frozen=True)
class Chain:
    """The hints from the empty board, in order, and how the chain ended:
    "solved", "stalled" (the level proves nothing more), "stopped" (a
    hint's own budget ran out: the player asking there would be told so) or
    "spent" (the whole chain's budget ran out: a hint there goes on)."""

    links: tuple[Link, ...]
    end: str


def chain(
    ladder: Ladder[B],
    start: State[B],
    level: int,
    units: int = HINT_UNITS,
    whole: Budget | None = None,
) -> Chain:
    """The hints a player asking at ``level`` from the empty board gets,
    filling in each before asking again: each exactly the hint of
    :func:`hint` on the board the links before it made (each within
    ``units`` of work, as a hint), and with the marks it needs.

    A link needs the marks among its premises when a propagation from the
    clues and those marks alone (at the rung it needs, within ``units``)
    decides its cell to its value: then the clues and those marks prove it,
    on whatever board holds them. Otherwise (a rule that does not name all
    it rests on, a premise narrowed earlier in the same run, a probe whose
    trials rest on more), it needs every mark before it, the board it was
    found on. ``whole``, when given, is spent by every hint and proof of
    the chain too: once it runs out the chain ends there ("spent")."""
    s = start.copy()
    marked: list[Cell] = []
    links: list[Link] = []
    rungs = {r.name: r.level for r in ladder.rules}
    while True:
        try:
            h = first_deduction(ladder, s, level, Budget(units, parent=whole))
        except Stopped as e:
            return Chain(tuple(links), _stopped_by(e, whole))
        d = h.deduction
        if d is None:
            return Chain(tuple(links), "solved" if h.status is Status.SOLVED else "stalled")
        # The rung it needs: its rule's, or higher if a rule above narrowed
        # a cell on its way (the level that finds it again from that board).
        upto = next((i for i, e in enumerate(h.narrated) if e is d), len(h.narrated) - 1)
        rung = max(rungs.get(e.rule, level) for e in (*h.narrated[: upto + 1], d))
        proof = Budget(units, parent=whole)
        try:
            wants = needs(ladder, start, s, d, h.narrated, marked, rung, proof)
        except Stopped as e:  # the whole chain's budget ran out (a link's own only refutes a proof)
            return Chain(tuple(links), _stopped_by(e, whole))
        links.append(Link(d, rung, wants))
        s.cands[d.cell] = d.keep
        marked.append(d.cell)


def _stopped_by(e: Stopped, whole: Budget | None) -> str:
    """How a chain that ``e`` stopped ends: "spent" when its whole budget
    ran out, "stopped" when a hint's own did (or the safety clock)."""
    return "spent" if isinstance(e, OutOfWork) and e.budget is whole else "stopped"


def needs(
    ladder: Ladder[B],
    start: State[B],
    board: State[B],
    d: Deduction,
    narrated: tuple[Deduction, ...],
    marked: list[Cell],
    rung: int,
    budget: Budget,
) -> tuple[Cell, ...]:
    """The marks of ``marked`` (on ``board``) that the deduction ``d``
    needs: its premises among them when they prove it (see :func:`chain`),
    else all of them."""
    every = tuple(marked)
    if d.rule == "probe":
        return every
    before = next((i for i, e in enumerate(narrated) if e is d), len(narrated))
    if {e.cell for e in narrated[:before]} & set(d.premises):
        return every
    earlier = set(marked)
    few = tuple(p for p in d.premises if p in earlier)
    if len(few) == len(every):
        return every
    trial = start.copy()
    for p in few:
        trial.cands[p] = board.cands[p]
    try:
        outcome = ladder.propagate(trial, rung, budget=budget)
    except OutOfWork as e:
        if e.budget is not budget:
            raise
        return every
    if outcome.status is Status.CONTRADICTION or trial.cands[d.cell] != d.keep:
        return every
    return few
