"""The setter's endpoints: analyze a board, and the three helpers.

Each takes the same ``puzzle`` (and optional ``type``) as ``/api/hint``, a
``budget`` of engine work units (default the verdict's, capped at
:data:`MAX_UNITS`) and a safety clock ``seconds``; the work is
one plain call of :mod:`pencilbox.studio` run in a worker of the app's
solver pool, and every search and fixpoint inside it stops at the budget,
so a request answers within it (the pool kills a worker that does not). A
client that goes away (an editor whose newer edit replaced the request)
cancels the work: its worker is killed and replaced, which frees the slot.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, BeforeValidator, Field

import pencilbox
from pencilbox import verdicts
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.verdict import DEFAULT_UNITS
from pencilbox.shapes import cell_json, cells_json, redundancy_json, verdict_json
from pencilbox.studio import helpers
from pencilbox.web import api
from pencilbox.web.workers import SolverBusy, SolverPool

MAX_UNITS = 8 * DEFAULT_UNITS
"""The largest work budget a request may ask for."""
SAFETY_SECONDS = 20.0
"""The safety clock of a request when none is given (only runaway work reaches it)."""
MAX_SECONDS = 60.0
"""The longest safety clock a request may ask for."""
BUSY_WAIT = 30.0
"""How long a request waits for a free solver worker before it is answered
"unknown" (the server is busy) rather than refused."""
HELPER_UNITS = helpers.HELPER_UNITS
"""The budget the browser's editor gives one helper request."""

router = APIRouter(prefix="/api")


ErrorOut = api.ErrorOut


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "a malformed puzzle, type or level"},
    413: {"model": ErrorOut, "description": "a request body over the size limit"},
    422: {"model": ErrorOut, "description": "a field of the wrong kind or out of range"},
    503: {"model": ErrorOut, "description": "the server is busy"},
}
HELPER_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    409: {"model": ErrorOut, "description": "the helper does not apply to this board"},
}


def whole_number(value: object) -> object:
    """A JSON number that is whole (``5`` or ``5.0``), as an int; anything
    else (a string, a boolean, ``2.5``) is refused, as JSON Schema's
    ``integer`` would refuse it."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("must be a whole number")
    if isinstance(value, float) and not value.is_integer():
        raise ValueError("must be a whole number")
    return int(value)


WholeNumber = Annotated[int, BeforeValidator(whole_number)]
"""An int field of a request body, read strictly (see :func:`whole_number`)."""


class StudioIn(api.PuzzleIn):
    level: str | None = Field(
        None, max_length=40, description="ladder level whose undecided cells are reported"
    )
    budget: WholeNumber = Field(
        DEFAULT_UNITS,
        ge=1,
        le=MAX_UNITS,
        description="work budget in engine work units: it decides how far the work goes, "
        "so the same request gets the same answer on any machine",
    )
    seconds: float = Field(
        SAFETY_SECONDS,
        gt=0,
        le=MAX_SECONDS,
        strict=True,
        allow_inf_nan=False,
        description="safety clock in seconds: only runaway work reaches it, and an answer "
        'it cut short says so (stop: "clock")',
    )


class AnalyzeIn(StudioIn):
    upto: Literal["probe", "case"] = Field(
        "case",
        description='how far the grade may climb: "probe" (a first answer, fast) or '
        '"case" (the full grade)',
    )


class ThinIn(StudioIn):
    seed: WholeNumber = Field(0, ge=0, le=2**53, description="the seed of the random removal order")


class AnalysisOut(BaseModel):
    verdict: str = Field(..., description="unique, several, none or unknown")
    grade: str | None = Field(
        None,
        description='the lowest level whose fixpoint finishes the puzzle, "case" (the case '
        'rung, with case_size), or "beyond"; null unless unique, and null when the budget '
        "ran out before the grade was settled",
    )
    case_size: int | None = Field(None, description="the branches of a case grade's largest split")
    upto: str = Field(..., description="how far the grade could climb (probe or case)")
    summary: str = Field(..., description="the verdict in the words every surface uses")
    settled: bool = Field(..., description="false when more budget could tell more")
    level: str = Field(..., description="the level whose undecided cells are listed")
    solutions: list[list[str]] = Field(
        ..., description="the answer, or two different answers (rows of answer tokens)"
    )
    differ: list[list[int]] = Field(..., description="cells [r, c] where the two answers differ")
    undecided: list[list[int]] = Field(
        ..., description="cells [r, c] the level's fixpoint leaves undecided"
    )
    cells: list[list[int]] = Field(..., description="cells a contradiction rests on (none)")
    reason: str
    url: str = Field(..., description="the puzzle's URL (puzz.link's, or pencilbox's own)")
    guesses: int
    stop: str | None = Field(
        None,
        description='why it stopped short: "work" (the budget), "clock" (the safety '
        'clock) or "busy" (no solver was free); null when it did not',
    )
    budget: int | None = Field(None, description="the work budget it was given")
    work: int = Field(..., description="work units spent")
    seconds: float = Field(..., description="time spent")


class ClueOut(BaseModel):
    cell: list[int]
    removable: bool | None = Field(..., description="null: not settled within the budget")
    grade: str | None = Field(None, description="the grade without this clue")
    changes: bool | None = Field(None, description="whether removing it changes the grade")


class RedundantOut(BaseModel):
    analysis: AnalysisOut
    clues: list[ClueOut]
    complete: bool


class SuggestOut(BaseModel):
    analysis: AnalysisOut
    cell: list[int] | None = Field(..., description="where to add the clue")
    clue: str | None = Field(..., description="the clue's token, as in the text grid")
    decided: int = Field(..., description="cells the level's fixpoint decides with it")
    puzzle: list[str] = Field(..., description="the puzzle with the clue added")
    url: str
    after: AnalysisOut | None
    complete: bool


class ThinOut(BaseModel):
    level: str
    puzzle: list[str] = Field(..., description="the thinned puzzle, as text rows")
    url: str
    removed: list[list[int]] = Field(..., description="cells whose clues were removed")
    clues_before: int
    clues_after: int
    analysis: AnalysisOut = Field(..., description="the thinned puzzle's verdict and grade")
    complete: bool = Field(..., description="true when no further clue can go")


def limits() -> dict[str, float | int]:
    """The studio's budgets, for /api/puzzles' ``limits``: ``analyze_budget``
    (the verdict's default work budget), ``analyze_max_budget``
    (:data:`MAX_UNITS`), ``helper_budget`` and ``analyze_seconds`` (the
    safety clock of a request)."""
    return {
        "analyze_budget": DEFAULT_UNITS,
        "analyze_max_budget": MAX_UNITS,
        "helper_budget": HELPER_UNITS,
        "analyze_seconds": SAFETY_SECONDS,
    }


def read(body: StudioIn) -> tuple[PuzzleKind, Puzzle]:
    kind, p, _ = api.read_puzzle(body)
    kind.level_name(body.level)  # an unknown level is a 400 now, not later
    return kind, p


# -- plain calls (the work of each endpoint) ------------------------------------------
def analyze_call(
    kind: PuzzleKind,
    p: Puzzle,
    level: str | None,
    budget: int,
    seconds: float,
    upto: str,
    store: Path | None,
) -> dict[str, Any]:
    """The verdict, kept in the server's verdict store at ``store`` (the
    server's own, which a worker started long ago may not know)."""
    v = verdicts.verdict(kind, p, level, budget, seconds, upto, path=store)
    return verdict_json(kind, p, v)


def redundant_call(kind: PuzzleKind, p: Puzzle, budget: int, seconds: float) -> dict[str, Any]:
    r = helpers.redundant(kind, p, budget=budget, seconds=seconds)
    return {
        "analysis": verdict_json(kind, p, r.analysis),
        **redundancy_json(p, r, changes=True),
    }


def suggest_call(
    kind: PuzzleKind, p: Puzzle, level: str | None, budget: int, seconds: float
) -> dict[str, Any]:
    s = helpers.suggest(kind, p, level=level, budget=budget, seconds=seconds)
    return {
        "analysis": verdict_json(kind, p, s.analysis),
        "cell": cell_json(p, s.cell) if s.cell is not None else None,
        "clue": kind.clue_token(s.clue) if s.clue is not None else None,
        "decided": s.decided,
        "puzzle": kind.puzzle_rows(s.puzzle),
        "url": kind.to_url(s.puzzle),
        "after": verdict_json(kind, s.puzzle, s.after) if s.after is not None else None,
        "complete": s.complete,
    }


def thin_call(
    kind: PuzzleKind, p: Puzzle, level: str | None, budget: int, seconds: float, seed: int
) -> dict[str, Any]:
    t = helpers.thin(kind, p, level=level, budget=budget, seconds=seconds, seed=seed)
    return {
        "level": t.level,
        "puzzle": kind.puzzle_rows(t.puzzle),
        "url": kind.to_url(t.puzzle),
        "removed": cells_json(p, t.removed),
        "clues_before": p.clue_count,
        "clues_after": t.puzzle.clue_count,
        "analysis": verdict_json(kind, t.puzzle, t.analysis),
        "complete": t.complete,
    }


DISCONNECT_POLL = 0.05
"""Seconds between checks that the client is still there."""
POOL_MARGIN = 1.0
"""Seconds past a call's own budget before the pool stops its worker."""
CALLS: dict[str, Callable[..., dict[str, Any]]] = {
    "analyze": analyze_call,
    "redundant": redundant_call,
    "suggest": suggest_call,
    "thin": thin_call,
}
NOT_READY = "not-ready"


def in_worker(call: str, name: str, p: Puzzle, *args: Any) -> dict[str, Any]:
    """One of the calls above, in a solver worker (the kind travels by its
    name). A board the helper does not apply to comes back marked, for a 409."""
    try:
        return CALLS[call](pencilbox.puzzle(name), p, *args)
    except helpers.NotReady as e:
        return {NOT_READY: str(e)}


async def run(
    request: Request, call: str, kind: PuzzleKind, p: Puzzle, seconds: float, *args: Any
) -> dict[str, Any]:
    """Run the call in the app's solver pool; if the client disconnects
    first, cancel it (the pool kills its worker). A board a helper does not
    apply to is a 409."""
    pool: SolverPool = request.app.state.pool
    work = asyncio.ensure_future(
        pool.run(in_worker, call, kind.name, p, *args, seconds=seconds + POOL_MARGIN)
    )
    try:
        while not work.done():
            await asyncio.wait({work}, timeout=DISCONNECT_POLL)
            if not work.done() and await request.is_disconnected():
                work.cancel()
        result: dict[str, Any] = await work
    finally:
        if not work.done():
            work.cancel()
    if NOT_READY in result:
        raise HTTPException(409, str(result[NOT_READY]))
    return result


# -- endpoints ------------------------------------------------------------------------
@router.post("/analyze", response_model=AnalysisOut, responses=ERRORS)
async def analyze_endpoint(request: Request, body: AnalyzeIn) -> dict[str, Any]:
    """Is the puzzle unique, and how hard? unique (with its grade), several
    (two answers and where they differ), none (the contradiction) or unknown
    (the budget ran out first); with the cells the level's fixpoint leaves
    open. The budget of work decides, so the answer is the same on any
    machine; a verdict asked before is answered at once from the verdict
    store, and a busy server answers "unknown" (``stop``: "busy") rather than
    refusing."""
    kind, p = read(body)
    level = kind.level_name(body.level)
    key = verdicts.key_of(kind, p, level, body.budget, body.upto)
    path = verdicts.default_path()
    kept = await run_in_threadpool(verdicts.store(path).get, key)
    if kept is not None:
        return verdict_json(kind, p, verdicts.from_body(kept))
    try:
        return await run(
            request,
            "analyze",
            kind,
            p,
            body.seconds,
            level,
            body.budget,
            body.seconds,
            body.upto,
            path,
        )
    except SolverBusy:
        return verdict_json(kind, p, verdicts.busy(kind, p, level, body.budget, body.upto))


@router.post("/redundant", response_model=RedundantOut, responses=HELPER_ERRORS)
async def redundant_endpoint(request: Request, body: StudioIn) -> dict[str, Any]:
    """Which clues of a unique puzzle can go with the answer still unique,
    and the grade without each. 409 unless the puzzle is unique."""
    kind, p = read(body)
    return await run(request, "redundant", kind, p, body.seconds, body.budget, body.seconds)


@router.post("/suggest", response_model=SuggestOut, responses=HELPER_ERRORS)
async def suggest_endpoint(request: Request, body: StudioIn) -> dict[str, Any]:
    """A clue that removes the second answer of a puzzle with several: a cell
    and value from one answer, chosen so the level's fixpoint decides the most
    cells. 409 unless the puzzle has several answers."""
    kind, p = read(body)
    return await run(
        request, "suggest", kind, p, body.seconds, body.level, body.budget, body.seconds
    )


@router.post("/thin", response_model=ThinOut, responses=HELPER_ERRORS)
async def thin_endpoint(request: Request, body: ThinIn) -> dict[str, Any]:
    """Remove clues while the level's fixpoint (the grade asked for) still
    solves the puzzle: unique, at or below that grade. 409 if that level
    does not solve it to begin with."""
    kind, p = read(body)
    return await run(
        request, "thin", kind, p, body.seconds, body.level, body.budget, body.seconds, body.seed
    )
