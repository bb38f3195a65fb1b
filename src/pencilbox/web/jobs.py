"""The solver work of the web app, as jobs a worker process runs.

Each job takes plain values (the puzzle type's name, a :class:`Puzzle`,
marks, a level, its seconds) and returns plain values, so it travels to a
worker of :mod:`pencilbox.web.workers` and back. Every job spends a budget
of engine work units (the same answer on any machine) and hands the
request's seconds on as a safety clock.
"""

from __future__ import annotations

from typing import Any

import pencilbox
from pencilbox.engine.budget import Budget
from pencilbox.engine.kind import Marks, Puzzle, PuzzleKind, Values
from pencilbox.engine.ladder import Status
from pencilbox.errors import Stopped
from pencilbox.shapes import cells_json, hint_json, solved_json
from pencilbox.web import deal

SOLUTION_UNITS = 100_000
"""The work the server spends finding a board's answer (to name wrong
marks, for Reveal): the same answer on any machine, or none."""
REFUTE_UNITS = 20_000
"""The work Check spends asking the ladder whether a partly filled board
can still be completed."""


def find_answer(kind: PuzzleKind, p: Puzzle, seconds: float | None = None) -> Values | None:
    """The unique answer, or None if there is none, several, or the budget
    (:data:`SOLUTION_UNITS`) ran out. Searches with the level below probe
    (cheap per node); ``seconds`` is a safety clock."""
    level = kind.levels[max(0, len(kind.levels) - 2)]
    c = kind.count(p, limit=2, level=level, budget=SOLUTION_UNITS, seconds=seconds)
    return c.first if c.complete and c.solutions == 1 else None


def hint(
    name: str,
    p: Puzzle,
    marks: Marks | None,
    level: str,
    known: bool,
    answer: Values | None,
    seconds: float,
) -> tuple[dict[str, Any], Values | None, bool]:
    """The hint as JSON; the answer (looked up here when marks are given and
    the server does not know it yet: ``known`` is false) and whether it was
    looked up, so the server can remember it (None too: no unique answer)."""
    kind = pencilbox.puzzle(name)
    looked_up = False
    if marks is not None and not known:
        answer = find_answer(kind, p, seconds / 2)
        looked_up = True
    # Without a known answer the hint reports only what the ladder itself
    # refutes (it does not search for the answer again).
    h = kind.hint(p, marks, level=level, solution=answer, seconds=seconds, look_up=False)
    return hint_json(kind, p, h, every_key=True), answer, looked_up


def answer(name: str, p: Puzzle, seconds: float) -> tuple[Values | None, str]:
    """The unique answer (None: none, several, or the budget ran out), and
    how many answers the search found, as :func:`answer_count` says it."""
    kind = pencilbox.puzzle(name)
    level = kind.levels[max(0, len(kind.levels) - 2)]
    c = kind.count(p, limit=2, level=level, budget=SOLUTION_UNITS, seconds=seconds)
    if not c.complete:
        return None, "unknown"
    if c.solutions == 1:
        return c.first, "one"
    return None, "none" if c.solutions == 0 else "several"


def answer_count(name: str, p: Puzzle, seconds: float) -> str:
    """ "none", "one" or "several" answers, or "unknown" when the search ran out."""
    return answer(name, p, seconds)[1]


def refuted(name: str, p: Puzzle, marks: Marks, seconds: float) -> dict[str, Any] | None:
    """Why a partly filled board can no longer be completed, when the ladder
    proves it below probe (a circle every free neighbour of which is marked
    white, a region walled off from its colour): the same proof Hint gives.
    None when nothing is refuted, or the fixpoint ran out of time."""
    kind = pencilbox.puzzle(name)
    s, clash = kind.marked_state(p, marks)
    if clash:
        return None  # the validator names marks that break a clue
    level = max(0, len(kind.levels) - 2)
    try:
        outcome = kind.ladder.propagate(s, level, budget=Budget(REFUTE_UNITS, seconds))
    except Stopped:
        return None
    why = outcome.contradiction
    if outcome.status is not Status.CONTRADICTION or why is None:
        return None
    return {"code": "refuted", "message": why.reason, "cells": cells_json(p, why.premises)}


def solve(name: str, p: Puzzle, level: str | None, seconds: float) -> dict[str, Any]:
    """The fixpoint of the ladder up to ``level``, as JSON."""
    kind = pencilbox.puzzle(name)
    s = kind.solve(p, level, seconds=seconds)
    if s.status is Status.STOPPED:
        raise Stopped(f"the fixpoint stopped before it finished ({s.stop})")
    return solved_json(kind, p, s)


def generate(name: str, rows: int, cols: int, grade: str, seed: int, seconds: float) -> deal.Dealt:
    """A fresh board thinned towards ``grade`` (see :func:`deal.generate`),
    within its budget of work; the request's ``seconds`` are a safety clock."""
    try:
        kind = pencilbox.puzzle(name)
        return deal.generate(kind, rows, cols, grade, seed, deal.GENERATE_UNITS, seconds * 0.9)
    except TimeoutError as e:
        raise Stopped(str(e)) from None
