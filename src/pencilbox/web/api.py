"""The JSON API under /api/: types and levels, boards, parse, hint, check, solve.

Puzzles travel in any format pencilbox reads (a puzz.link or penpa-edit
URL, pencilbox's own ``TYPE/C/R/body``, a puzz.link file, Janko text, a JSON
line or a text grid: see :mod:`pencilbox.formats`); the player's marks
travel as rows of answer tokens with ``?`` for an undecided cell (the
CLI's text format). The server process only reads requests; every piece of
puzzle work (hint, solve, check, rendering a board, dealing from the bank,
generating a board the bank lacks) runs as a job of :mod:`pencilbox.web.jobs`
or :mod:`pencilbox.web.checks` in a worker process of one of the app's lanes
(:mod:`pencilbox.web.lanes`), which kills it when its deadline passes;
boards are no larger than :data:`MAX_SIDE`.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import threading
import time
import warnings
from collections import OrderedDict
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

import pencilbox
from pencilbox.bank.grading import bank_grades
from pencilbox.engine import cases
from pencilbox.engine.budget import OutOfTime
from pencilbox.engine.frontend import CLUE_WITHOUT_NUMBER
from pencilbox.engine.grid import MIN_SIDE
from pencilbox.engine.hints import stopped_reason
from pencilbox.engine.kind import Marks, Puzzle, PuzzleKind, Values
from pencilbox.engine.ladder import Status
from pencilbox.engine.results import HintResult, Solved
from pencilbox.errors import ParseError, PuzzleError, SizeError
from pencilbox.formats import registry
from pencilbox.formats.base import Document, UntypedPuzzle
from pencilbox.formats.puzzlink import parse_frame
from pencilbox.shapes import hint_json, solved_json
from pencilbox.web import checks, deal, jobs
from pencilbox.web.lanes import Lanes, board_lane
from pencilbox.web.workers import SolverBusy, SolverLate

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


BASIC_ERRORS: dict[int | str, dict[str, Any]] = {
    400: _error("a malformed or unplayable puzzle, marks or level"),
    413: _error("a request body over the size limit"),
    422: _error("a request that does not match the schema"),
}
ERRORS: dict[int | str, dict[str, Any]] = {
    **BASIC_ERRORS,
    403: _error("a request from another site"),
    429: _error("too many requests of this kind are waiting; retry after Retry-After seconds"),
    503: _error("the solver ran past the deadline, out of memory, or is busy"),
}
"""The errors of every endpoint that does puzzle work."""
SOLVER_ERRORS = ERRORS
MIN_SECONDS = 0.05
"""Time left below which a request asks no more of the solver."""
router = APIRouter(prefix="/api")


def solver_seconds(request: Request) -> float:
    seconds: float = getattr(request.app.state, "solver_seconds", SOLVER_SECONDS)
    return seconds


async def solver(
    request: Request, lane: str, fn: Any, *args: Any, seconds: float | None = None
) -> Any:
    """Run the job ``fn(*args, seconds)`` in a worker of the app's ``lane``,
    with what is left of the app's deadline (or of ``seconds``) when it
    starts (503 when it runs past the deadline or no worker is free in time,
    429 when too many jobs of the lane wait already)."""
    lanes: Lanes = request.app.state.lanes
    limit = solver_seconds(request) if seconds is None else seconds
    return await lanes.run(lane, fn, *args, seconds=limit)


def lane_of(p: Puzzle) -> str:
    return board_lane(p.rows, p.cols)


# -- puzzles in, puzzles out ------------------------------------------------------
def _whole(value: object) -> object:
    """A JSON number with no fraction (``7.0``) as the integer it is; every
    other value as given, for the strict check that follows."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


WholeNumber = Annotated[int, BeforeValidator(_whole)]
"""An integer field of a request body: JSON's ``7`` or ``7.0``, no string,
no ``true``, no fraction (JSON Schema's "integer")."""


class PuzzleIn(BaseModel):
    """A request that names a puzzle. Fields take their JSON types strictly:
    a number is no string, ``true`` is no number."""

    model_config = ConfigDict(strict=True)

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


HEADER_SIZE = re.compile(r"\S+\s+([0-9]{1,4})\s*x\s*([0-9]{1,4})", re.IGNORECASE)
"""The size in a text grid's "TYPE RxC" header."""


def admit(request: Request, body: PuzzleIn) -> None:
    """Refuse (429) a request for a full lane before its puzzle is read,
    when the size its URL frame or header names tells the lane (reading a
    big board is itself work a flood should not get)."""
    first = body.puzzle.strip().split("\n", 1)[0].strip()
    header = HEADER_SIZE.fullmatch(first)
    if header:
        rows, cols = int(header.group(1)), int(header.group(2))
    else:
        try:
            with warnings.catch_warnings():  # reading the puzzle warns, once
                warnings.simplefilter("ignore")
                frame = parse_frame(first)
        except PuzzleError:
            return  # read_puzzle will say what is wrong
        rows, cols = frame.rows, frame.cols
    lanes: Lanes = request.app.state.lanes
    lanes.admit(board_lane(rows, cols))


def read_marks(kind: PuzzleKind, p: Puzzle, rows: list[str] | None) -> Marks | None:
    if rows is None:
        return None
    if len(rows) != p.rows:
        raise ParseError(f"the marks have {len(rows)} rows but the puzzle has {p.rows}")
    return kind.parse_marks("\n".join(r if r.strip() else "?" for r in rows), p)


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
@router.get("/puzzles", responses=BASIC_ERRORS, response_model=list[dict[str, Any]])
def puzzles(request: Request) -> Response:
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
    shelves = deal.bank_sizes(request.app.state.bank_path)
    cached: tuple[object, bytes] | None = getattr(request.app.state, "puzzles_json", None)
    if cached is None or cached[0] is not shelves:  # made again when the bank changes
        made = types_json(shelves, request.app.state.limits)
        cached = request.app.state.puzzles_json = (shelves, json.dumps(made).encode())
    return Response(cached[1], media_type="application/json")


def types_json(shelves: dict[str, list[list[int]]], served: dict[str, Any]) -> list[dict[str, Any]]:
    """What GET /api/puzzles says of every type, with the bank's ``shelves``
    and the server's ``limits``."""
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
    board = (kind.name, rows, ncols, level, n)
    dealt = await solver(request, "play", jobs.deal_from_bank, bank_path, *board)
    if dealt is None:
        dealt = await solver(request, "make", jobs.make, *board)
    out, solution = dealt
    answer_cache(request).put(out["url"], solution)
    result: dict[str, Any] = out
    return result


@router.post("/parse", responses=ERRORS)
async def parse(request: Request, body: ParseIn) -> dict[str, Any]:
    """Read a puzzle in any format: its type, size, clues and share link, the
    ``format`` it was written in, and the player's ``marks`` (rows of answer
    tokens, ``?`` undecided) and ``answer`` it carried, or null. A puzzle
    that does not say its type is read as ``fallback_type`` when one is
    sent, and its ``note`` says so."""
    admit(request, body)
    try:
        kind, doc, notes = read_document(body)
    except UntypedPuzzle:
        if body.type is not None or body.fallback_type is None:
            raise
        kind, doc, notes = read_document(body.model_copy(update={"type": body.fallback_type}))
        notes.append(f"It does not say which puzzle it is, so it was read as {kind.title}.")
    p = doc.puzzle
    out: dict[str, Any] = await solver(request, lane_of(p), jobs.board, kind.name, p)
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
    """The next cell the ladder proves at ``level`` from the player's marks
    (status "stopped" when the deadline passed first)."""
    t0 = time.monotonic()
    admit(request, body)
    kind, p, _ = read_puzzle(body)
    marks = read_marks(kind, p, body.marks)
    level = kind.hint_level_name(body.level)
    store = answer_cache(request)
    key = kind.to_url(p)
    known, answer = store.lookup(key) if marks is not None else (True, None)
    try:
        out, answer, looked_up = await solver(
            request, lane_of(p), jobs.hint, kind.name, p, marks, level, known, answer
        )
    except SolverLate:  # the worker did not answer in time, on a busy machine
        clock = OutOfTime("the safety clock stopped the work")
        stopped = HintResult("stopped", level, reason=stopped_reason(clock, "proving a cell"))
        return hint_json(kind, p, stopped, every_key=True)
    if looked_up:
        store.put(key, answer)
    result: dict[str, Any] = out
    if result["status"] == "stalled" and not result["suggest"]:
        # No level helps: say whether the board itself has one answer, in
        # what is left of the request's seconds.
        known, answer = store.lookup(key)
        left = solver_seconds(request) - (time.monotonic() - t0)
        result["answers"] = "one" if answer is not None else "unknown"
        if answer is None and left > MIN_SECONDS:
            with contextlib.suppress(SolverLate):  # a busy machine: it stays unknown
                result["answers"] = await solver(
                    request, lane_of(p), jobs.answer_count, kind.name, p, seconds=left
                )
    return result


@router.post("/answer", responses=SOLVER_ERRORS)
async def answer(request: Request, body: PuzzleIn) -> dict[str, Any]:
    """The puzzle's unique answer, one token per cell in reading order (for
    Reveal and "show my errors"); 400 saying why when it has none, several,
    or the search ran out of budget."""
    admit(request, body)
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
    try:
        found, count = await solver(request, lane_of(p), jobs.answer, kind.name, p)
    except SolverLate:  # stopped past its clock on a busy machine
        return None, "unknown"
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


@router.post("/check", responses=ERRORS)
async def validate_marks(request: Request, body: MarksIn) -> dict[str, Any]:
    """Every rule the player's grid breaks, with its cells; solved or not."""
    request.app.state.lanes.admit("check")
    kind, p, _ = read_puzzle(body)
    marks = read_marks(kind, p, body.marks)
    result: dict[str, Any] = await solver(request, "check", checks.check, kind.name, p, marks)
    return result


@router.post("/solve", responses=SOLVER_ERRORS)
async def solve(request: Request, body: SolveIn) -> dict[str, Any]:
    """The fixpoint of the ladder up to ``level``: status and the grid it
    reaches ("stopped", with what it decided, when the deadline passed first)."""
    admit(request, body)
    kind, p, _ = read_puzzle(body)
    level = kind.level_name(body.level)
    try:
        result: dict[str, Any] = await solver(request, lane_of(p), jobs.solve, kind.name, p, level)
    except SolverLate:  # stopped past its clock on a busy machine: what the clues decide
        start = Solved(Status.STOPPED, level, tuple(kind.start(p).cands), stop="clock")
        return solved_json(kind, p, start)
    return result


__all__ = ["router", "limits", "SolverBusy", "MAX_SIDE", "SOLVER_SECONDS"]
