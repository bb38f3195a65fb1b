"""The setter's endpoints: analyze a board, and the three helpers.

Each takes the same ``puzzle`` (and optional ``type``) as ``/api/hint``, a
``budget`` of engine work units (default the verdict's, capped at
:data:`MAX_UNITS`) and a safety clock ``seconds``; the work is
one plain call of :mod:`pencilbox.studio` run in a worker of the app's
``studio`` lane (:mod:`pencilbox.web.lanes`): every search and fixpoint
inside it spends from the budget and stops at the safety clock, so a request
answers within its seconds (the lane kills a worker that does not). A full
lane refuses a request at once (429) before its puzzle is read. A client
that goes away (an editor whose newer edit replaced the request) cancels the
work: its worker is killed and replaced, which frees the slot.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, Field

import pencilbox
from pencilbox import verdicts
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.verdict import DEFAULT_UNITS, Verdict
from pencilbox.shapes import cell_json, cells_json, redundancy_json, verdict_json
from pencilbox.studio import helpers
from pencilbox.web import api
from pencilbox.web.lanes import Lanes
from pencilbox.web.workers import SolverBusy, SolverFull, SolverLate

MAX_UNITS = 8 * DEFAULT_UNITS
"""The largest work budget a request may ask for."""
SAFETY_SECONDS = 20.0
"""The safety clock of a request when none is given (only runaway work reaches it)."""
MAX_SECONDS = 60.0
"""The longest safety clock a request may ask for."""
HELPER_UNITS = helpers.HELPER_UNITS
"""The budget the browser's editor gives one helper request."""

router = APIRouter(prefix="/api")


ErrorOut = api.ErrorOut


ERRORS: dict[int | str, dict[str, Any]] = {
    **api.ERRORS,
    400: {"model": ErrorOut, "description": "a malformed puzzle, type or level"},
    413: {"model": ErrorOut, "description": "a request body over the size limit"},
    422: {"model": ErrorOut, "description": "a field of the wrong kind or out of range"},
    503: {"model": ErrorOut, "description": "the server is busy"},
}
HELPER_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    409: {"model": ErrorOut, "description": "the helper does not apply to this board"},
}


class StudioIn(api.PuzzleIn):
    level: str | None = Field(
        None, max_length=40, description="ladder level whose undecided cells are reported"
    )
    budget: api.WholeNumber = Field(
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
    seed: api.WholeNumber = Field(
        0, ge=0, le=10**9, description="the seed of the random removal order"
    )


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


def read(request: Request, body: StudioIn) -> tuple[PuzzleKind, Puzzle]:
    """The puzzle and kind of the request (refused at once when the studio
    lane is full, before the puzzle is read)."""
    request.app.state.lanes.admit("studio")
    kind, p, _ = api.read_puzzle(body)
    kind.level_name(body.level)  # an unknown level is a 400 now, not later
    return kind, p


# -- plain calls (the work of each endpoint; ``seconds``, last, is what is
# left of the request's safety clock when the worker starts) ----------------------
def analyze_call(
    kind: PuzzleKind,
    p: Puzzle,
    level: str | None,
    budget: int,
    upto: str,
    store: Path | None,
    seconds: float,
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
    kind: PuzzleKind, p: Puzzle, level: str | None, budget: int, seed: int, seconds: float
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
STUDIO_GRACE = 1.5
"""Seconds past a call's safety clock before its worker is killed (503): a
call stops at its clock (``unknown``, stop "clock"), and a second more on a
machine too busy to let it is worth waiting for."""
CALLS: dict[str, Callable[..., dict[str, Any]]] = {
    "analyze": analyze_call,
    "redundant": redundant_call,
    "suggest": suggest_call,
    "thin": thin_call,
}
NOT_READY = "not-ready"


def in_worker(call: str, name: str, p: Puzzle, *args: Any) -> dict[str, Any]:
    """One of the calls above, in a solver worker (the kind travels by its
    name; the last argument is the seconds left). A board the helper does
    not apply to comes back marked, for a 409."""
    try:
        return CALLS[call](pencilbox.puzzle(name), p, *args)
    except helpers.NotReady as e:
        return {NOT_READY: str(e)}


async def run(
    request: Request, call: str, kind: PuzzleKind, p: Puzzle, seconds: float, *args: Any
) -> dict[str, Any]:
    """Run the call in the studio lane with ``seconds`` (from now, waiting
    for a worker included) as its last argument; if the client disconnects
    first, cancel it (the lane kills its worker). A board a helper does not
    apply to is a 409."""
    lanes: Lanes = request.app.state.lanes
    work = asyncio.ensure_future(
        lanes.run(
            "studio", in_worker, call, kind.name, p, *args, seconds=seconds, grace=STUDIO_GRACE
        )
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


LATE = (
    "the safety clock stopped the work (this machine was too slow or too busy); "
    "ask again, or allow more seconds"
)
"""What a helper whose worker was stopped past its clock answers (409)."""


async def helper(
    request: Request, call: str, kind: PuzzleKind, p: Puzzle, seconds: float, *args: Any
) -> dict[str, Any]:
    """:func:`run` for a helper: stopped past its clock, it is a 409 that
    says so (like a board whose verdict is unknown), not a 503."""
    try:
        return await run(request, call, kind, p, seconds, *args)
    except SolverLate:
        raise HTTPException(409, LATE) from None


def cut_short(kind: PuzzleKind, p: Puzzle, level: str, budget: int, upto: str) -> Verdict:
    """The verdict of a call whose worker was stopped past its safety clock:
    unknown, saying the clock stopped it (never stored)."""
    return Verdict(
        "unknown",
        None,
        level,
        reason="the safety clock stopped the work (this machine was too slow or too busy)",
        upto=upto,
        stop="clock",
        budget=budget,
    )


# -- endpoints ------------------------------------------------------------------------
@router.post("/analyze", response_model=AnalysisOut, responses=ERRORS)
async def analyze_endpoint(request: Request, body: AnalyzeIn) -> dict[str, Any]:
    """Is the puzzle unique, and how hard? unique (with its grade), several
    (two answers and where they differ), none (the contradiction) or unknown
    (the budget ran out first); with the cells the level's fixpoint leaves
    open. The budget of work decides, so the answer is the same on any
    machine; a verdict asked before is answered at once from the verdict
    store. A server with no worker free within the request's seconds answers
    "unknown" (``stop``: "busy"), one whose work ran past them "unknown"
    (``stop``: "clock"); a full lane refuses at once (429, ``Retry-After``)."""
    kind, p = read(request, body)
    level = kind.level_name(body.level)
    key = verdicts.key_of(kind, p, level, body.budget, body.upto)
    path = verdicts.default_path()
    kept = await run_in_threadpool(verdicts.store(path).get, key)
    if kept is not None:
        return verdict_json(kind, p, verdicts.from_body(kept))
    args = (level, body.budget, body.upto, path)
    try:
        return await run(request, "analyze", kind, p, body.seconds, *args)
    except SolverFull:
        raise
    except SolverLate:
        return verdict_json(kind, p, cut_short(kind, p, level, body.budget, body.upto))
    except SolverBusy:
        return verdict_json(kind, p, verdicts.busy(kind, p, level, body.budget, body.upto))


@router.post("/redundant", response_model=RedundantOut, responses=HELPER_ERRORS)
async def redundant_endpoint(request: Request, body: StudioIn) -> dict[str, Any]:
    """Which clues of a unique puzzle can go with the answer still unique,
    and the grade without each. 409 unless the puzzle is unique."""
    kind, p = read(request, body)
    return await helper(request, "redundant", kind, p, body.seconds, body.budget)


@router.post("/suggest", response_model=SuggestOut, responses=HELPER_ERRORS)
async def suggest_endpoint(request: Request, body: StudioIn) -> dict[str, Any]:
    """A clue that removes the second answer of a puzzle with several: a cell
    and value from one answer, chosen so the level's fixpoint decides the most
    cells. 409 unless the puzzle has several answers."""
    kind, p = read(request, body)
    return await helper(request, "suggest", kind, p, body.seconds, body.level, body.budget)


@router.post("/thin", response_model=ThinOut, responses=HELPER_ERRORS)
async def thin_endpoint(request: Request, body: ThinIn) -> dict[str, Any]:
    """Remove clues while the level's fixpoint (the grade asked for) still
    solves the puzzle: unique, at or below that grade. 409 if that level
    does not solve it to begin with."""
    kind, p = read(request, body)
    return await helper(request, "thin", kind, p, body.seconds, body.level, body.budget, body.seed)
