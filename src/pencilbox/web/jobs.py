"""The solver work of the web app, as jobs a worker process runs.

Each job takes plain values (the puzzle type's name, a :class:`Puzzle`,
marks, a level, its seconds) and returns plain values, so it travels to a
worker of :mod:`pencilbox.web.workers` and back. Every job hands its
deadline on to the engine; work that stops there raises
:class:`~pencilbox.errors.Stopped` (the API answers 503).
"""

from __future__ import annotations

import time
from typing import Any

import pencilbox
from pencilbox.engine.kind import Marks, Puzzle, PuzzleKind, Values
from pencilbox.engine.ladder import Status
from pencilbox.errors import Stopped
from pencilbox.shapes import cells_json, hint_json, solved_json
from pencilbox.web import deal

SOLUTION_BUDGET = 50_000
SOLUTION_SECONDS = 2.0


def find_answer(kind: PuzzleKind, p: Puzzle, seconds: float = SOLUTION_SECONDS) -> Values | None:
    """The unique answer, or None if there is none, several, or the budget ran out.

    Searches with the level below probe (cheap per node) under a node budget
    and a deadline; probe's fixpoint is unbounded in practice on big boards.
    """
    level = kind.levels[max(0, len(kind.levels) - 2)]
    c = kind.count(p, limit=2, level=level, budget=SOLUTION_BUDGET, seconds=seconds)
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
    deadline = time.monotonic() + seconds
    looked_up = False
    if marks is not None and not known:
        answer = find_answer(kind, p, min(SOLUTION_SECONDS, seconds / 2))
        looked_up = True
    compare = answer
    if marks is not None and compare is None:
        # Unknown answer: compare the marks with themselves, so the hint
        # reports only what the ladder itself refutes (no unbounded search).
        compare = tuple(v if v is not None else 0 for v in marks)
    left = max(0.0, deadline - time.monotonic())
    h = kind.hint(p, marks, level=level, solution=compare, seconds=left)
    if h.status == "stopped":
        raise Stopped(f"the hint took longer than {seconds:g} s")
    return hint_json(kind, p, h, every_key=True), answer, looked_up


def answer(name: str, p: Puzzle, seconds: float) -> tuple[Values | None, str]:
    """The unique answer (None: none, several, or the budget ran out), and
    how many answers the search found, as :func:`answer_count` says it."""
    kind = pencilbox.puzzle(name)
    level = kind.levels[max(0, len(kind.levels) - 2)]
    c = kind.count(
        p, limit=2, level=level, budget=SOLUTION_BUDGET, seconds=min(SOLUTION_SECONDS, seconds)
    )
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
        outcome = kind.ladder.propagate(s, level, deadline=time.monotonic() + seconds)
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
        raise Stopped(f"the fixpoint took longer than {seconds:g} s")
    return solved_json(kind, p, s)


def generate(name: str, rows: int, cols: int, grade: str, seed: int, seconds: float) -> deal.Dealt:
    """A fresh board thinned towards ``grade`` (see :func:`deal.generate`),
    within a third of the request's ``seconds`` (its fixpoints stop at two thirds)."""
    thinning = min(deal.GENERATE_SECONDS, seconds / 3)
    try:
        return deal.generate(pencilbox.puzzle(name), rows, cols, grade, seed, thinning)
    except TimeoutError as e:
        raise Stopped(str(e)) from None
