"""JSON shapes every surface shares (the command line's ``--json``, the web
API, the studio): cells as 0-based ``[row, column]``, answers as rows of
answer tokens, verdicts with the words every surface uses."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pencilbox.engine.grid import Cell
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.verdict import Verdict


def cells_json(p: Puzzle, cells: Sequence[Cell]) -> list[list[int]]:
    """Cells as 0-based [row, column] pairs."""
    return [list(divmod(c, p.cols)) for c in cells]


def verdict_json(kind: PuzzleKind, p: Puzzle, v: Verdict) -> dict[str, Any]:
    """The shape ``POST /api/analyze``, ``pencilbox analyze --json`` and
    ``pencilbox grade --json`` share."""
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
