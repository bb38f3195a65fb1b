"""The JSON API under /api/: types and levels, boards, parse, hint, check, solve.

Puzzles travel in any format pencilbox reads (a puzz.link or penpa-edit
URL, pencilbox's own ``TYPE/C/R/body``, a puzz.link file, Janko text, a JSON
line or a text grid: see :mod:`pencilbox.formats`); the player's marks
travel as rows of answer tokens with ``?`` for an undecided cell (the
CLI's text format). Every solver call (hint, solve, generating a board
the bank lacks) runs as a job of :mod:`pencilbox.web.jobs` in a worker
process of the app's
:class:`~pencilbox.web.workers.SolverPool`, which kills it when its deadline
passes; boards are no larger than :data:`MAX_SIDE`. The cheap endpoints
(types, parse, check, dealing from the bank, whose boards carry their
answers) never wait for a worker.
"""

from __future__ import annotations

import random
import re
import threading
import warnings
from collections import OrderedDict
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Query, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, Field

import pencilbox
from pencilbox.bank.grading import bank_grades
from pencilbox.engine import cases
from pencilbox.engine.frontend import CLUE_WITHOUT_NUMBER
from pencilbox.engine.grid import MIN_SIDE
from pencilbox.engine.kind import Marks, Puzzle, PuzzleKind, Values
from pencilbox.engine.state import single_value
from pencilbox.errors import ParseError, PuzzleError, SizeError
from pencilbox.formats import registry
from pencilbox.formats.base import Document, UntypedPuzzle
from pencilbox.shapes import cells_json
from pencilbox.web import deal, jobs
from pencilbox.web.workers import SolverBusy, SolverPool

PUZZLE_STATIC = "/puzzles"
"""Where each puzzle's own static files are served: /puzzles/NAME/FILE."""
MAX_SIDE = 30
"""Largest board side the web app accepts (URLs, marks, generation)."""
MIN_GENERATE_SIDE = 4
"""Smallest side of a board the web app deals or generates."""
MAX_GENERATE_SIDE = 15
"""Largest side of a board the web app deals or generates."""
DEFAULT_SIDE = 6
"""Side of the board dealt when a request names no size (and the game's first deal)."""
SOLVER_SECONDS = 10.0
"""Deadline of one request's solver work (the app's ``solver_seconds``)."""


class ErrorOut(BaseModel):
    """Every error answer: one line a user can act on."""

    error: str = Field(..., description="what went wrong")


def _error(description: str) -> dict[str, Any]:
    return {"model": ErrorOut, "description": description}


ERRORS: dict[int | str, dict[str, Any]] = {
    400: _error("a malformed or unplayable puzzle, marks or level"),
    413: _error("a request body over the size limit"),
    422: _error("a request that does not match the schema"),
}
SOLVER_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    503: _error("the solver ran past the deadline, out of memory, or is busy"),
}
router = APIRouter(prefix="/api")


def solver_seconds(request: Request) -> float:
    seconds: float = getattr(request.app.state, "solver_seconds", SOLVER_SECONDS)
    return seconds


async def solver(request: Request, fn: Any, *args: Any) -> Any:
    """Run the job ``fn(*args, seconds)`` in the app's worker pool (503 when
    it runs past the app's deadline or no worker is free in time)."""
    pool: SolverPool = request.app.state.pool
    seconds = solver_seconds(request)
    return await pool.run(fn, *args, seconds, seconds=seconds)


# -- puzzles in, puzzles out ------------------------------------------------------
class PuzzleIn(BaseModel):
    puzzle: str = Field(
        ...,
        max_length=20_000,
        description="one puzzle in any format pencilbox reads: a puzz.link or penpa-edit "
        "URL, a pencilbox TYPE/C/R/body URL, a puzz.link file (pzprv3), Janko text, "
        "a JSON line or a text grid",
    )
    type: str | None = Field(
        None,
        max_length=40,
        description="the puzzle type (needed when the puzzle does not say it: a text grid "
        "without its header, Janko text without 'puzzle', a penpa-edit URL without genre tags)",
    )


class ParseIn(PuzzleIn):
    fallback_type: str | None = Field(
        None,
        max_length=40,
        description="the type to read the puzzle as if it does not say (the game's Open box "
        "sends the type on screen); a puzzle that says its type is read as that",
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


def read_document(body: PuzzleIn) -> tuple[PuzzleKind, Document, list[str]]:
    """The kind and puzzle (with any marks) a request sends, in whatever format
    it is written, and any warnings reading raised."""
    text = body.puzzle.strip()
    if not text:
        raise ParseError("the puzzle is empty")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        docs = registry.read(text, kind_of(body.type) if body.type is not None else None)
    if len(docs) != 1:
        raise ParseError(f"the puzzle field holds {len(docs)} puzzles; send one")
    doc = docs[0]
    p = doc.puzzle
    if not (MIN_SIDE <= p.rows <= MAX_SIDE and MIN_SIDE <= p.cols <= MAX_SIDE):
        raise SizeError(
            f"the web app plays boards up to {MAX_SIDE}x{MAX_SIDE}, not {p.rows}x{p.cols}"
        )
    return kind_of(p.type), doc, list(dict.fromkeys(str(w.message) for w in caught))


def read_puzzle(body: PuzzleIn) -> tuple[PuzzleKind, Puzzle, list[str]]:
    """The kind and puzzle a request names, and any warnings reading raised."""
    kind, doc, notes = read_document(body)
    return kind, doc.puzzle, notes


def marks_rows(kind: PuzzleKind, marks: Marks | Values, cols: int) -> list[str]:
    """Marks as rows of answer tokens, ``?`` for an undecided cell (as ``marks`` travel)."""
    tokens = ["?" if v is None else kind.value_token(v) for v in marks]
    return [" ".join(tokens[i : i + cols]) for i in range(0, len(tokens), cols)]


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


def frontend_json(kind: PuzzleKind) -> dict[str, object] | None:
    """The kind's front-end descriptor, with the URL its module is served at."""
    if kind.frontend is None:
        return None
    out = kind.frontend.to_json()
    module = kind.frontend.module
    out["module_url"] = f"{PUZZLE_STATIC}/{quote(kind.name)}/{quote(module)}" if module else None
    out["clue_tokens"] = clue_tokens(kind)
    return out


def clue_tokens(kind: PuzzleKind) -> dict[str, object]:
    """How a setter's clues are written in the text grid: ``empty`` for no
    clue, ``values`` for each clue value the descriptor offers that is not
    written as its number (the cycled clues, the clue without a number);
    every other clue is its number in decimal."""
    assert kind.frontend is not None
    clue = kind.frontend.clue
    values = list(clue.cycle) + ([CLUE_WITHOUT_NUMBER] if clue.blank is not None else [])
    return {
        "empty": kind.clue_token(None),
        "values": {str(v): kind.clue_token(v) for v in values},
    }


def url_example(kind: PuzzleKind) -> str | None:
    """The start of the kind's URL for a 6×6 board: what the URL box suggests."""
    try:
        url = kind.to_url(Puzzle(kind.name, 6, 6, (None,) * 36))
    except (PuzzleError, ValueError):
        return None
    return url[: url.rfind("/") + 1] + "…"


# -- answers, cached ------------------------------------------------------------------
class AnswerCache:
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

    def lookup(self, key: str) -> tuple[bool, Values | None]:
        """(known, answer): the answer of the puzzle with URL ``key``, if known."""
        with self.lock:
            if key in self.data:
                self.data.move_to_end(key)
                return True, self.data[key]
        return False, None


def answer_cache(request: Request) -> AnswerCache:
    cache: AnswerCache = request.app.state.answer_cache
    return cache


def limits() -> dict[str, Any]:
    """The board sides this API plays and deals, for /api/puzzles' ``limits``:
    ``sides`` [MIN_SIDE, MAX_SIDE] (any board), ``deal_sides``
    [MIN_GENERATE_SIDE, MAX_GENERATE_SIDE] (a dealt board) and
    ``deal_default_side`` (DEFAULT_SIDE)."""
    return {
        "sides": [MIN_SIDE, MAX_SIDE],
        "deal_sides": [MIN_GENERATE_SIDE, MAX_GENERATE_SIDE],
        "deal_default_side": DEFAULT_SIDE,
    }


# -- endpoints ----------------------------------------------------------------------
@router.get("/puzzles", responses=ERRORS)
def puzzles(request: Request) -> list[dict[str, Any]]:
    """The puzzle types, their ladder levels (weakest first), the bank's sizes
    and each type's front-end descriptor (how the browser draws it).

    ``hint_levels`` are the levels a hint may reason at (the ladder, then
    the case rung); ``deal_levels`` the grades a board is dealt at (the
    bank's); ``grades`` each hint level as a player meets it: its
    ``level``, the player's ``name`` for it (Easy … Fiendish) and its
    ``rule`` in one sentence.

    Each type's ``limits`` are the bounds the browser keeps to, as the server
    enforces them: ``sides`` [low, high], the rows and columns of any board
    it plays or edits; ``deal_sides`` [low, high], those of a board
    ``/api/puzzle`` deals; ``deal_default_side``, the side dealt when none is
    asked for; ``analyze_seconds``, the budget of a first verdict
    (``/api/analyze``); ``analyze_max_seconds``, the most one analyze or
    helper request may spend; ``helper_seconds``, the budget the editor gives
    a helper (``/api/redundant``, ``/api/suggest``, ``/api/thin``)."""
    served: dict[str, Any] = request.app.state.limits
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
                "deal_levels": list(bank_grades(kind)),
                "grades": kind.grades(),
                "summary": kind.summary,
                "bank_sizes": shelves.get(name, []),
                "url_example": url_example(kind),
                "frontend": frontend_json(kind),
                "limits": served,
            }
        )
    return out


@router.get("/puzzle", responses=SOLVER_ERRORS)
async def puzzle(
    request: Request,
    type: str = Query(..., max_length=40, description="puzzle type"),
    size: int = Query(DEFAULT_SIDE, description="rows (and columns unless cols is given)"),
    cols: int | None = Query(None),
    grade: str | None = Query(None, max_length=40, description="bank grade (a level)"),
    index: int | None = Query(None, ge=0, description="board number on the shelf"),
) -> dict[str, Any]:
    """A board of the type, size and grade: from the bank, else generated
    (in a worker, under the solver's deadline)."""
    kind = kind_of(type)
    rows, ncols = size, cols if cols is not None else size
    low, high = MIN_GENERATE_SIDE, MAX_GENERATE_SIDE
    if not (low <= rows <= high and low <= ncols <= high):
        raise SizeError(f"boards are dealt from {low}x{low} to {high}x{high}, not {rows}x{ncols}")
    if grade == cases.CASE:  # the bank has no case shelf: deal the ladder's top
        grade = None
    level = kind.level_name(grade if grade else kind.levels[-1])
    n = random.randrange(1 << 30) if index is None else index
    bank_path: Path | None = request.app.state.bank_path
    dealt = await run_in_threadpool(deal.from_bank, bank_path, kind, rows, ncols, level, n)
    if dealt is None:
        dealt = await solver(request, jobs.generate, kind.name, rows, ncols, level, n)
    answer_cache(request).put(kind.to_url(dealt.puzzle), dealt.solution)
    out = puzzle_json(kind, dealt.puzzle)
    out.update(
        source=dealt.source,
        grade=dealt.grade,
        requested=level,
        note=dealt.note,
        board=dealt.board_id,
    )
    return out


@router.post("/parse", responses=ERRORS)
def parse(body: ParseIn) -> dict[str, Any]:
    """Read a puzzle in any format: its type, size, clues and share link, the
    ``format`` it was written in, and the player's ``marks`` (rows of answer
    tokens, ``?`` undecided) and ``answer`` it carried, or null. A puzzle
    that does not say its type is read as ``fallback_type`` when one is
    sent, and its ``note`` says so."""
    try:
        kind, doc, notes = read_document(body)
    except UntypedPuzzle:
        if body.type is not None or body.fallback_type is None:
            raise
        kind, doc, notes = read_document(body.model_copy(update={"type": body.fallback_type}))
        notes.append(f"It does not say which puzzle it is, so it was read as {kind.title}.")
    p = doc.puzzle
    out = puzzle_json(kind, p)
    out.update(
        source="url",
        grade=None,
        note=" ".join(notes),
        format=doc.format,
        marks=marks_rows(kind, doc.marks, p.cols) if doc.marks is not None else None,
        answer=kind.solution_rows(doc.answer, p.cols) if doc.answer is not None else None,
    )
    return out


@router.post("/hint", responses=SOLVER_ERRORS)
async def hint(request: Request, body: HintIn) -> dict[str, Any]:
    """The next cell the ladder proves at ``level`` from the player's marks."""
    kind, p, _ = read_puzzle(body)
    marks = read_marks(kind, p, body.marks)
    level = kind.hint_level_name(body.level)
    store = answer_cache(request)
    key = kind.to_url(p)
    known, answer = store.lookup(key) if marks is not None else (True, None)
    out, answer, looked_up = await solver(
        request, jobs.hint, kind.name, p, marks, level, known, answer
    )
    if looked_up:
        store.put(key, answer)
    result: dict[str, Any] = out
    if result["status"] == "stalled" and not result["suggest"]:
        # No level helps: say whether the board itself has one answer.
        known, answer = store.lookup(key)
        result["answers"] = (
            "one" if answer is not None else await solver(request, jobs.answer_count, kind.name, p)
        )
    return result


@router.post("/answer", responses=SOLVER_ERRORS)
async def answer(request: Request, body: PuzzleIn) -> dict[str, Any]:
    """The puzzle's unique answer, one token per cell in reading order (for
    Reveal and "show my errors"); 400 saying why when it has none, several,
    or the search ran out of budget."""
    kind, p, _ = read_puzzle(body)
    found, why = await unique_answer(request, kind, p)
    if found is None:
        raise PuzzleError(NO_ANSWER[why])
    return {"tokens": [kind.value_token(v) for v in found]}


async def unique_answer(request: Request, kind: PuzzleKind, p: Puzzle) -> tuple[Values | None, str]:
    """The puzzle's unique answer, from the app's cache or searched for in a
    worker; without one, why: a key of :data:`NO_ANSWER`."""
    store = answer_cache(request)
    key = kind.to_url(p)
    _, found = store.lookup(key)
    if found is not None:
        return found, "one"
    # Not looked up yet, or no unique answer: search, to say why.
    found, count = await solver(request, jobs.answer, kind.name, p)
    if count != "unknown":  # a search that ran out may finish on a freer machine
        store.put(key, found)
    return found, count


NO_ANSWER = {
    "several": "this puzzle is not unique: it has more than one answer",
    "none": "this puzzle has no answer at all: its clues contradict each other",
    "unknown": "the solver could not find this puzzle's answer within its budget, "
    "so it cannot tell whether the answer is unique",
}
"""Why /api/answer has no answer to give, by what the answer search found."""


def sentence(text: str) -> str:
    """``text`` with a capital first letter, unless it opens with a cell's
    name ("r1c1 says 2…"), which is always written in lower case."""
    return text if CELL_NAME.match(text) else text[:1].upper() + text[1:]


CELL_NAME = re.compile(r"r\d+c\d+\b")


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
        message += (
            f" {empty} cell{'s' if empty != 1 else ''} still empty; connection and "
            "count rules are checked when the board is full."
        )
    return {"solved": solved, "complete": empty == 0, "violations": out, "message": message}


REFUTE_SECONDS = 0.5
"""How long Check lets the ladder look for a refutation of a partial board."""


@router.post("/check", responses=ERRORS)
async def validate_marks(body: MarksIn) -> dict[str, Any]:
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
    result = validation_json(kind, p, full)
    if not result["complete"] and not result["violations"]:
        # A partly filled board the validator passes: ask the ladder below
        # probe, here and briefly, so Check never waits for a solver worker.
        why = await run_in_threadpool(jobs.refuted, kind.name, p, full, REFUTE_SECONDS)
        if why is not None:
            result = validation_json(kind, p, full, why)
    return result


@router.post("/solve", responses=SOLVER_ERRORS)
async def solve(request: Request, body: SolveIn) -> dict[str, Any]:
    """The fixpoint of the ladder up to ``level``: status and the grid it reaches."""
    kind, p, _ = read_puzzle(body)
    level = kind.level_name(body.level)
    result: dict[str, Any] = await solver(request, jobs.solve, kind.name, p, level)
    return result


__all__ = ["router", "limits", "SolverBusy", "MAX_SIDE", "SOLVER_SECONDS"]
