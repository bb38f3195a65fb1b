"""The JSON shapes more than one surface shows: the command line's
``--json``, the web API and the studio build them here, so a cell, a hint or
a verdict reads the same everywhere (the README's "JSON shapes" table).

Cells are 0-based ``[row, column]`` pairs; values are the puzzle's answer
tokens; answers and fixpoints are rows of tokens. A shape only one surface
shows lives beside it: a command's (``generate``, ``grade``, ``census``, a
bank board…) with the command and its text form, an endpoint's with the
endpoint (the play page's board with its share link, ``web.jobs.puzzle_json``;
Check's verdict, ``web.checks.validation_json``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pencilbox.engine.grid import Cell
from pencilbox.engine.kind import PuzzleKind
from pencilbox.engine.refutation import Refutation
from pencilbox.engine.results import Counted, HintResult, Puzzle, Solved
from pencilbox.engine.verdict import Verdict, count_summary
from pencilbox.studio.helpers import Redundancy


def cell_json(p: Puzzle, cell: Cell) -> list[int]:
    """A cell as its 0-based ``[row, column]``."""
    return list(divmod(cell, p.cols))


def cells_json(p: Puzzle, cells: Iterable[Cell]) -> list[list[int]]:
    """Cells as 0-based ``[row, column]`` pairs, in the order given."""
    return [cell_json(p, c) for c in cells]


def refutation_json(kind: PuzzleKind, p: Puzzle, ref: Refutation) -> dict[str, Any]:
    """A case refutation: the refuted candidate (``suppose``), the size, and
    each branch's assumptions, contradiction and decided cells."""

    def literals(lits: Iterable[tuple[Cell, int]]) -> list[dict[str, Any]]:
        return [{"cell": cell_json(p, c), "value": kind.value_token(v)} for c, v in lits]

    return {
        "size": ref.size,
        "suppose": literals([(ref.cell, ref.value)])[0],
        "branches": [
            {
                "assume": literals(b.assume),
                "rule": b.rule,
                "reason": b.reason,
                "cells": cells_json(p, dict.fromkeys(b.premises)),
                "implied": literals(b.implied),
            }
            for b in ref.branches
        ],
    }


def hint_json(
    kind: PuzzleKind, p: Puzzle, h: HintResult, *, every_key: bool = False
) -> dict[str, Any]:
    """A hint, or why there is none.

    Without ``every_key`` (the command line's shape), a hint is ``cell``,
    ``value``, ``rule``, ``reason``, ``premises``, ``level`` (and ``case``
    for a case hint), with no ``status``; anything else is ``status``,
    ``level``, ``reason`` and only those of ``wrong``, ``premises`` and
    ``suggest`` that are not empty. With ``every_key`` (the web API's
    shape, which the browser reads without looking for keys): ``status``,
    ``level``, ``reason``, ``rule``, ``premises``, ``wrong`` and ``suggest``
    always, empty as ``[]`` or null, then ``cell`` and ``value`` for a hint
    and ``case`` for a case hint.
    """
    found: dict[str, Any] = {}
    if h.status == "hint":
        assert h.cell is not None and h.value is not None
        found = {"cell": cell_json(p, h.cell), "value": kind.value_token(h.value)}
    case = {"case": refutation_json(kind, p, h.case)} if h.case is not None else {}
    if every_key:
        return {
            "status": h.status,
            "level": h.level,
            "reason": h.reason,
            "rule": h.rule,
            "premises": cells_json(p, h.premises),
            "wrong": cells_json(p, h.wrong),
            "suggest": h.suggest,
            **found,
            **case,
        }
    if found:
        return {
            **found,
            "rule": h.rule,
            "reason": h.reason,
            "premises": cells_json(p, h.premises),
            "level": h.level,
            **case,
        }
    out: dict[str, Any] = {"status": h.status, "level": h.level, "reason": h.reason}
    if h.wrong:
        out["wrong"] = cells_json(p, h.wrong)
    if h.premises:
        out["premises"] = cells_json(p, h.premises)
    if h.suggest:
        out["suggest"] = h.suggest
    return out


def count_json(
    kind: PuzzleKind, p: Puzzle, c: Counted, budget: int | None = None
) -> dict[str, Any]:
    """A solution count, with the first solution found as rows of tokens and
    what it says of uniqueness in the verdict's words (``budget``: the work
    budget it was given, named when it ran out)."""
    return {
        "solutions": c.solutions,
        "complete": c.complete,
        "guesses": c.guesses,
        "engine": c.engine,
        "level": c.level,
        "solution": kind.solution_rows(c.first, p.cols) if c.first is not None else None,
        "summary": count_summary(c.solutions, c.complete, c.stop, budget),
    }


def solved_json(kind: PuzzleKind, p: Puzzle, s: Solved) -> dict[str, Any]:
    """A fixpoint: its status, level, the grid it reaches (``?`` where a
    cell is open) and how many cells it decided."""
    return {
        "status": s.status.value,
        "level": s.level,
        "grid": kind.state_rows(s.cands, p.cols),
        "decided": s.decided,
    }


def verdict_json(kind: PuzzleKind, p: Puzzle, v: Verdict) -> dict[str, Any]:
    """The verdict on a puzzle, as ``POST /api/analyze``, ``pencilbox analyze
    --json`` and ``pencilbox grade --json`` show it (see
    :mod:`pencilbox.engine.verdict`): the verdict, its grade and the words
    every surface uses (``summary``), the answers, the cells, and what it
    cost (``work`` units of its ``budget``; ``stop`` says why it stopped
    short)."""
    return {
        "verdict": v.verdict,
        "grade": v.grade,
        "case_size": v.case_size,
        "upto": v.upto,
        "summary": v.summary,
        "settled": v.settled,
        "level": v.level,
        "solutions": [kind.solution_rows(s, p.cols) for s in v.solutions],
        "differ": cells_json(p, v.differ),
        "undecided": cells_json(p, v.undecided),
        "cells": cells_json(p, v.cells),
        "reason": v.reason,
        "url": kind.to_url(p),
        "guesses": v.guesses,
        "stop": v.stop,
        "budget": v.budget,
        "work": v.work,
        "seconds": round(v.seconds, 4),
    }


def redundancy_json(p: Puzzle, r: Redundancy, *, changes: bool = False) -> dict[str, Any]:
    """Each clue: whether it can go on its own (null: not settled in time)
    and the grade without it; ``complete`` false when the budget ran out.
    ``changes`` (the web API's shape) adds whether that grade differs from
    the puzzle's (null when the clue cannot go)."""
    grade = r.analysis.grade

    def clue(cell: Cell, removable: bool | None, without: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "cell": cell_json(p, cell),
            "removable": removable,
            "grade": without,
        }
        if changes:
            out["changes"] = None if not removable else without != grade
        return out

    return {
        "clues": [clue(c.cell, c.removable, c.grade) for c in r.clues],
        "complete": r.complete,
    }


__all__ = [
    "cell_json",
    "cells_json",
    "count_json",
    "hint_json",
    "redundancy_json",
    "refutation_json",
    "solved_json",
    "verdict_json",
]
