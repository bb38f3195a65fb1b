"""The setter's endpoints: analyze a board, and the three helpers.

Each takes the same ``puzzle`` (and optional ``type``) as ``/api/hint``, a
``budget`` of engine work units (default the verdict's, capped at
:data:`~pencilbox.web.calls.MAX_UNITS`) and a safety clock ``seconds``; the
work is the plain call of :mod:`pencilbox.web.calls` by the same name (one
call of :mod:`pencilbox.studio`), run in a worker of the app's ``studio``
lane (:mod:`pencilbox.web.lanes`): every search and fixpoint inside it
spends from the budget and stops at the safety clock, so a request answers
within its seconds (the lane kills a worker that does not). A full lane
refuses a request at once (429) before its puzzle is read. A client that
goes away (an editor whose newer edit replaced the request) cancels the
work: its worker is killed and replaced, which frees the slot.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from pencilbox.engine.verdict import DEFAULT_UNITS
from pencilbox.web import api, calls
from pencilbox.web.calls import HELPER_UNITS, MAX_SECONDS, MAX_SEED, MAX_UNITS, SAFETY_SECONDS
from pencilbox.web.host import ServerHost

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
        0, ge=0, le=MAX_SEED, description="the seed of the random removal order"
    )
    symmetry: Literal["none", "rot180", "mirror"] = Field(
        "none",
        description="clues leave with their images under this symmetry of the clue "
        "positions (rot180: a half turn; mirror: left to right), so a symmetric board "
        "stays symmetric",
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
        'clock), "busy" (no solver was free) or "died" (its worker died under it); '
        "null when it did not",
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
    return await calls.analyze(ServerHost(request), **body.model_dump())


@router.post("/redundant", response_model=RedundantOut, responses=HELPER_ERRORS)
async def redundant_endpoint(request: Request, body: StudioIn) -> dict[str, Any]:
    """Which clues of a unique puzzle can go with the answer still unique,
    and the grade without each. 409 unless the puzzle is unique."""
    return await calls.redundant(ServerHost(request), **body.model_dump())


@router.post("/suggest", response_model=SuggestOut, responses=HELPER_ERRORS)
async def suggest_endpoint(request: Request, body: StudioIn) -> dict[str, Any]:
    """A clue that removes the second answer of a puzzle with several: a cell
    and value from one answer, chosen so the level's fixpoint decides the most
    cells. 409 unless the puzzle has several answers."""
    return await calls.suggest(ServerHost(request), **body.model_dump())


@router.post("/thin", response_model=ThinOut, responses=HELPER_ERRORS)
async def thin_endpoint(request: Request, body: ThinIn) -> dict[str, Any]:
    """Remove clues while the level's fixpoint (the grade asked for) still
    solves the puzzle: unique, at or below that grade. 409 if that level
    does not solve it to begin with."""
    return await calls.thin(ServerHost(request), **body.model_dump())


__all__ = ["router", "HELPER_UNITS", "MAX_SECONDS", "MAX_UNITS", "SAFETY_SECONDS"]
