"""Check: the rules a player's grid breaks, as a job of a worker process.

A full grid is judged by the puzzle's validator. A partly filled one is
judged only by the local violations, which no filling of the empty cells can
repair; when it breaks none, the ladder below probe gets
:data:`REFUTE_UNITS` of work (:data:`REFUTE_SECONDS` its safety clock) to
prove the marks can no longer be completed (the proof Hint would give).
"""

from __future__ import annotations

import re
from typing import Any

import pencilbox
from pencilbox.engine.budget import Budget
from pencilbox.engine.kind import Marks, Puzzle, PuzzleKind
from pencilbox.engine.ladder import Status
from pencilbox.engine.state import single_value
from pencilbox.errors import Stopped
from pencilbox.shapes import cells_json

REFUTE_UNITS = 20_000
"""The work Check spends asking the ladder whether a partly filled board
can still be completed (the same answer on any machine)."""
REFUTE_SECONDS = 0.5
"""The safety clock of that search: it stops runaway work only."""
CELL_NAME = re.compile(r"r\d+c\d+\b")


def sentence(text: str) -> str:
    """``text`` with a capital first letter, unless it opens with a cell's
    name ("r1c1 says 2…"), which is always written in lower case."""
    return text if CELL_NAME.match(text) else text[:1].upper() + text[1:]


def validation_json(
    kind: PuzzleKind, p: Puzzle, marks: Marks, refuted: dict[str, Any] | None = None
) -> dict[str, Any]:
    """What Check answers: on a full board every violation; on a partly filled
    one (None marks an empty cell) only the local ones, which no filling of
    the empty cells can repair, and failing those ``refuted`` (the ladder's
    proof that the board cannot be completed), if given."""
    violations = kind.validate(p, marks)
    empty = sum(1 for v in marks if v is None)
    solved = not violations
    if empty:
        violations = [v for v in violations if v.local]
    out = [
        {"code": v.code, "message": v.message, "cells": cells_json(p, v.cells)} for v in violations
    ]
    if empty and not out and refuted is not None:
        out.append(refuted)
    if solved:
        message = kind.solved_message
    elif out:
        message = sentence("; ".join(dict.fromkeys(str(v["message"]) for v in out))) + "."
    else:
        message = "No rule is broken so far."
    if empty:
        message += " " + still_empty(kind, empty)
    return {"solved": solved, "complete": empty == 0, "violations": out, "message": message}


def still_empty(kind: PuzzleKind, empty: int) -> str:
    """What Check says of a board with ``empty`` cells to fill: how many, and
    which rules (in the puzzle's words) wait for a full board, if any."""
    later = kind.frontend.checked_when_full if kind.frontend else None
    cells = f"{empty} cell{'s' if empty != 1 else ''} still empty"
    if later is None:
        return f"{cells}; some rules are checked only when the board is full."
    if not later:
        return cells + "."
    return f"{cells}; {later} is checked when the board is full."


def refuted(kind: PuzzleKind, p: Puzzle, marks: Marks, seconds: float) -> dict[str, Any] | None:
    """Why a partly filled board can no longer be completed, when the ladder
    proves it below probe (a circle every free neighbour of which is marked
    white, a region walled off from its colour): the same proof Hint gives.
    None when nothing is refuted, or the fixpoint ran out of work (or the
    safety clock of ``seconds`` stopped it)."""
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


def check(name: str, p: Puzzle, marks: Marks | None, seconds: float) -> dict[str, Any]:
    """Every rule the grid ``marks`` breaks (None: no marks), with its cells;
    the clues that fix a cell count as marked. The refutation spends
    :data:`REFUTE_UNITS` at most; its safety clock is :data:`REFUTE_SECONDS`,
    and never more than half of ``seconds``."""
    kind = pencilbox.puzzle(name)
    if marks is None:
        marks = (None,) * (p.rows * p.cols)
    given = kind.start(p).cands
    full = tuple(
        v if v is not None or given[i] & (given[i] - 1) else single_value(given[i])
        for i, v in enumerate(marks)
    )
    result = validation_json(kind, p, full)
    if not result["complete"] and not result["violations"]:
        why = refuted(kind, p, full, min(REFUTE_SECONDS, seconds / 2))
        if why is not None:
            result = validation_json(kind, p, full, why)
    return result
