"""The JSON API under /api/: types and levels, boards, parse, hint, check, solve.

Puzzles travel as their URL (puzz.link, or pencilbox's ``numbrix/C/R/body``)
or as a text grid; the player's marks travel as rows of answer tokens with
``?`` for an undecided cell (the CLI's text format). Every solver call runs
in a worker thread under a deadline, on boards no larger than
:data:`MAX_SIDE`, and the searches run under node budgets, so no request can
hang the server.
"""

from __future__ import annotations

import asyncio
import os
import random
import threading
import warnings
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from fastapi import APIRouter, Query, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, Field

import pencilbox
from pencilbox.engine import cases
from pencilbox.engine.kind import Marks, Puzzle, PuzzleKind, Values
from pencilbox.engine.state import single_value
from pencilbox.errors import BudgetExceeded, ParseError, SizeError
from pencilbox.formats.puzzlink import parse_frame
from pencilbox.web import deal

MAX_SIDE = 30
"""Largest board side the web app accepts (URLs, marks, generation)."""
MAX_GENERATE_SIDE = 15
"""Largest side of a board the web app deals or generates."""
SOLVER_SECONDS = 10.0
"""Deadline of one request's solver work."""
SOLUTION_BUDGET = 50_000
SOLUTION_SECONDS = 2.0

SOLVED_MESSAGES = {
    "yinyang": "Solved! The frontier between the colors is one unbroken curve, as it must be.",
    "cave": "Solved! The fence around the cave closes into one loop: the Corral is solved too.",
    "kurotto": "Solved! Every circle counts exactly the black blocks it touches.",
    "numbrix": "Solved! The walk runs from 1 to the last number through every cell, "
    "one step at a time.",
}

router = APIRouter(prefix="/api")
T = TypeVar("T")


class SolverTimeout(BudgetExceeded):
    """A request whose solver work ran past its deadline."""


SOLVER_SLOTS = threading.BoundedSemaphore(max(1, min(4, os.cpu_count() or 1)))
"""At most this many solver jobs run at once; a job that outlives its request
(a thread cannot be killed) still holds its slot, so runaway work is bounded."""


async def solver(fn: Callable[..., T], *args: Any) -> T:
    """Run ``fn`` in a worker thread holding a solver slot; 503 after SOLVER_SECONDS."""

    def guarded() -> T:
        if not SOLVER_SLOTS.acquire(timeout=SOLVER_SECONDS):
            raise SolverTimeout("the solver is busy; try again in a moment")
        try:
            return fn(*args)
        finally:
            SOLVER_SLOTS.release()

    try:
        return await asyncio.wait_for(run_in_threadpool(guarded), SOLVER_SECONDS)
    except TimeoutError:
        raise SolverTimeout(f"the solver took longer than {SOLVER_SECONDS:g} s") from None


# -- puzzles in, puzzles out ------------------------------------------------------
class PuzzleIn(BaseModel):
    puzzle: str = Field(
        ...,
        max_length=20_000,
        description="a puzz.link URL, a numbrix/C/R/body URL, or a text grid",
    )
    type: str | None = Field(
        None, max_length=40, description="the puzzle type (needed for a text grid)"
    )


class MarksIn(PuzzleIn):
    marks: list[str] | None = Field(
        None,
        max_length=MAX_SIDE,
        description="the player's grid, one string of answer tokens per row, ? undecided",
    )


class HintIn(MarksIn):
    level: str | None = Field(None, max_length=40, description="ladder level (default: top)")


class SolveIn(PuzzleIn):
    level: str | None = Field(None, max_length=40)


def kind_of(name: str) -> PuzzleKind:
    return pencilbox.puzzle(name)


def read_puzzle(body: PuzzleIn) -> tuple[PuzzleKind, Puzzle, list[str]]:
    """The kind and puzzle a request names, and any warnings parsing raised."""
    text = body.puzzle.strip()
    if not text:
        raise ParseError("the puzzle is empty")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = text.splitlines()[0].split()
        if body.type is None and first and first[0].lower() in pencilbox.puzzle_names():
            kind = kind_of(first[0])  # a text grid with its "TYPE RxC" header
        elif body.type is None:
            kind = kind_of(parse_frame(text.splitlines()[0]).type)
        else:
            kind = kind_of(body.type)
        p = kind.parse(text)
    if not (1 <= p.rows <= MAX_SIDE and 1 <= p.cols <= MAX_SIDE):
        raise SizeError(
            f"the web app plays boards up to {MAX_SIDE}x{MAX_SIDE}, not {p.rows}x{p.cols}"
        )
    return kind, p, [str(w.message) for w in caught]


def read_marks(kind: PuzzleKind, p: Puzzle, rows: list[str] | None) -> Marks | None:
    if rows is None:
        return None
    if len(rows) != p.rows:
        raise ParseError(f"the marks have {len(rows)} rows but the puzzle has {p.rows}")
    return kind.parse_marks("\n".join(r if r.strip() else "?" for r in rows), p)


def given_tokens(kind: PuzzleKind, p: Puzzle) -> list[str | None]:
    """The answer token every clue cell is fixed to (None: the player decides)."""
    start = kind.start(p)
    out: list[str | None] = []
    for cell, clue in enumerate(p.clues):
        m = start.cands[cell]
        fixed = clue is not None and m and m & (m - 1) == 0
        out.append(kind.value_token(single_value(m)) if fixed else None)
    return out


def puzzle_json(kind: PuzzleKind, p: Puzzle) -> dict[str, Any]:
    url = kind.to_url(p)
    return {
        "type": kind.name,
        "title": kind.title,
        "rows": p.rows,
        "cols": p.cols,
        "url": url,
        "share": "/?p=" + quote(url, safe=":/?"),
        "clues": list(p.clues),
        "given": given_tokens(kind, p),
        "puzzle": kind.puzzle_rows(p),
        "levels": list(kind.levels),
    }


def cells(p: Puzzle, cs: tuple[int, ...] | list[int]) -> list[list[int]]:
    return [list(divmod(c, p.cols)) for c in cs]


# -- answers, cached ------------------------------------------------------------------
class Answers:
    """Known answers by puzzle URL (an LRU), so a hint can name wrong marks."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self.lock = threading.Lock()
        self.data: OrderedDict[str, Values | None] = OrderedDict()

    def put(self, key: str, answer: Values | None) -> None:
        with self.lock:
            self.data[key] = answer
            self.data.move_to_end(key)
            while len(self.data) > self.size:
                self.data.popitem(last=False)

    def get(self, kind: PuzzleKind, p: Puzzle) -> Values | None:
        key = kind.to_url(p)
        with self.lock:
            if key in self.data:
                self.data.move_to_end(key)
                return self.data[key]
        self.put(key, answer := find_answer(kind, p))
        return answer


def find_answer(kind: PuzzleKind, p: Puzzle) -> Values | None:
    """The unique answer, or None if there is none, several, or the budget ran out.

    Searches with the level below probe (cheap per node) under a node budget
    and a deadline; probe's fixpoint is unbounded in practice on big boards.
    """
    level = kind.levels[max(0, len(kind.levels) - 2)]
    c = kind.count(p, limit=2, level=level, budget=SOLUTION_BUDGET, seconds=SOLUTION_SECONDS)
    return c.first if c.complete and c.solutions == 1 else None


def answers(request: Request) -> Answers:
    store: Answers = request.app.state.answers
    return store


# -- endpoints ----------------------------------------------------------------------
@router.get("/puzzles")
def puzzles(request: Request) -> list[dict[str, Any]]:
    """The puzzle types, their ladder levels (weakest first) and the bank's sizes."""
    shelves = deal.bank_sizes(request.app.state.bank_path)
    out = []
    for name in pencilbox.puzzle_names():
        kind = pencilbox.puzzle(name)
        out.append(
            {
                "type": name,
                "title": kind.title,
                "levels": list(kind.levels),
                "hint_levels": list(kind.hint_levels),
                "summary": kind.summary,
                "bank_sizes": shelves.get(name, []),
            }
        )
    return out


@router.get("/puzzle")
async def puzzle(
    request: Request,
    type: str = Query(..., max_length=40, description="puzzle type"),
    size: int = Query(6, description="rows (and columns unless cols is given)"),
    cols: int | None = Query(None),
    grade: str | None = Query(None, max_length=40, description="bank grade (a level)"),
    index: int | None = Query(None, ge=0, description="board number on the shelf"),
) -> dict[str, Any]:
    """A board of the type, size and grade: from the bank, else generated."""
    kind = kind_of(type)
    rows, ncols = size, cols if cols is not None else size
    if not (4 <= rows <= MAX_GENERATE_SIDE and 4 <= ncols <= MAX_GENERATE_SIDE):
        raise SizeError(
            f"boards are dealt from 4x4 to {MAX_GENERATE_SIDE}x"
            f"{MAX_GENERATE_SIDE}, not {rows}x{ncols}"
        )
    if grade == cases.CASE:  # the bank has no case shelf: deal the ladder's top
        grade = None
    level = kind.level_name(grade if grade else kind.levels[-1])
    n = random.randrange(1 << 30) if index is None else index
    bank_path: Path | None = request.app.state.bank_path
    dealt = await solver(deal.from_bank, bank_path, kind, rows, ncols, level, n)
    if dealt is None:
        dealt = await solver(deal.generate, kind, rows, ncols, level, n)
    answers(request).put(kind.to_url(dealt.puzzle), dealt.solution)
    out = puzzle_json(kind, dealt.puzzle)
    out.update(
        source=dealt.source,
        grade=dealt.grade,
        requested=level,
        note=dealt.note,
        board=dealt.board_id,
    )
    return out


@router.post("/parse")
def parse(body: PuzzleIn) -> dict[str, Any]:
    """Read a puzzle URL (or text grid): its type, size, clues and share link."""
    kind, p, notes = read_puzzle(body)
    out = puzzle_json(kind, p)
    out.update(source="url", grade=None, note=" ".join(notes))
    return out


def hint_json(kind: PuzzleKind, p: Puzzle, h: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "status": h.status,
        "level": h.level,
        "reason": h.reason,
        "rule": h.rule,
        "premises": cells(p, h.premises),
        "wrong": cells(p, h.wrong),
        "suggest": h.suggest,
    }
    if h.status == "hint":
        out["cell"] = list(divmod(h.cell, p.cols))
        out["value"] = kind.value_token(h.value)
    if h.case is not None:
        out["case"] = cases.to_json(h.case, p.cols, kind.value_token)
    return out


@router.post("/hint")
async def hint(request: Request, body: HintIn) -> dict[str, Any]:
    """The next cell the ladder proves at ``level`` from the player's marks."""
    kind, p, _ = read_puzzle(body)
    marks = read_marks(kind, p, body.marks)
    level = kind.hint_level_name(body.level)
    store = answers(request)

    def work() -> dict[str, Any]:
        answer = store.get(kind, p) if marks is not None else None
        if marks is not None and answer is None:
            # Unknown answer: compare the marks with themselves, so the hint
            # reports only what the ladder itself refutes (no unbounded search).
            answer = tuple(v if v is not None else 0 for v in marks)
        return hint_json(kind, p, kind.hint(p, marks, level=level, solution=answer))

    return await solver(work)


LOCAL_CODES = frozenset(
    {"2x2-black", "2x2-white", "given", "twice", "apart", "range", "circle", "clue-shaded"}
)
"""Violations no filling of the empty cells can repair; the only ones a
partly filled board reports (connection and count rules wait for a full board)."""


def check_json(kind: PuzzleKind, p: Puzzle, marks: Marks) -> dict[str, Any]:
    violations = kind.validate(p, marks)  # None marks an empty cell
    empty = sum(1 for v in marks if v is None)
    solved = not violations
    if empty:
        violations = [v for v in violations if v.code in LOCAL_CODES]
    out = [{"code": v.code, "message": v.message, "cells": cells(p, v.cells)} for v in violations]
    if solved:
        message = SOLVED_MESSAGES.get(kind.name, "Solved!")
    elif violations:
        message = "; ".join(dict.fromkeys(v.message for v in violations)).capitalize() + "."
    else:
        message = "No rule is broken so far."
    if empty:
        message += (
            f" {empty} cell{'s' if empty != 1 else ''} still empty; connection and "
            "count rules are checked when the board is full."
        )
    return {"solved": solved, "complete": empty == 0, "violations": out, "message": message}


@router.post("/check")
async def check(body: MarksIn) -> dict[str, Any]:
    """Every rule the player's grid breaks, with its cells; solved or not."""
    kind, p, _ = read_puzzle(body)
    marks = read_marks(kind, p, body.marks)
    if marks is None:
        marks = (None,) * (p.rows * p.cols)
    given = kind.start(p).cands
    full = tuple(
        v if v is not None or given[i] & (given[i] - 1) else single_value(given[i])
        for i, v in enumerate(marks)
    )
    return await solver(check_json, kind, p, full)


@router.post("/solve")
async def solve(body: SolveIn) -> dict[str, Any]:
    """The fixpoint of the ladder up to ``level``: status and the grid it reaches."""
    kind, p, _ = read_puzzle(body)
    s = await solver(kind.solve, p, body.level)
    return {
        "status": s.status.value if hasattr(s.status, "value") else str(s.status),
        "level": s.level,
        "grid": kind.state_rows(s.cands, p.cols),
        "decided": s.decided,
    }
