"""The JSON API under /api/: types and levels, boards, parse, hint, check, solve.

Puzzles travel in any format pencilbox reads (a puzz.link or penpa-edit
URL, pencilbox's own ``TYPE/C/R/body``, a puzz.link file, Janko text, a JSON
line or a text grid: see :mod:`pencilbox.formats`); the player's marks
travel as rows of answer tokens with ``?`` for an undecided cell (the
CLI's text format). Here FastAPI reads and checks each request; the work is
the plain call of :mod:`pencilbox.web.calls` by the same name, which the
engine inside the static site's page calls too. The server process only
reads requests; every piece of puzzle work (hint, solve, check, reading a
board, dealing from the bank, generating a board the bank lacks) runs as a
job of :mod:`pencilbox.web.jobs` or :mod:`pencilbox.web.checks` in a worker
process of one of the app's lanes (:mod:`pencilbox.web.lanes`), which kills
it when its deadline passes (:mod:`pencilbox.web.host`); boards are no
larger than :data:`~pencilbox.web.calls.MAX_SIDE`.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from pencilbox.errors import SolverBusy
from pencilbox.web import calls, deal
from pencilbox.web.calls import DEFAULT_SIDE, MAX_SIDE
from pencilbox.web.host import ServerHost


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
router = APIRouter(prefix="/api")


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


# -- endpoints ----------------------------------------------------------------------
@router.get("/puzzles", responses=BASIC_ERRORS, response_model=list[dict[str, Any]])
def puzzles(request: Request) -> Response:
    """The puzzle types, their ladder levels (weakest first), the bank's sizes
    and each type's front-end descriptor (how the browser draws it).

    ``hint_levels`` are the levels a hint may reason at (the ladder, any
    rungs above probe, then the case rung); ``deal_levels`` the grades a board is dealt at (the
    bank's); ``grades`` each hint level as a player meets it: its
    ``level``, the player's ``name`` for it (Easy … Fiendish) and its
    ``rule`` in one sentence.

    Each type's ``limits`` are the bounds the browser keeps to, as the server
    enforces them: ``sides`` [low, high], the rows and columns of any board
    it plays or edits; ``deal_sides`` [low, high], those of a board
    ``/api/puzzle`` deals; ``deal_default_side``, the side dealt when none is
    asked for; ``analyze_budget``, the work budget of a first verdict
    (``/api/analyze``); ``analyze_max_budget``, the most one analyze or
    helper request may spend; ``helper_budget``, the budget the editor gives
    a helper (``/api/redundant``, ``/api/suggest``, ``/api/thin``);
    ``analyze_seconds``, a studio request's safety clock.

    The answer is :func:`pencilbox.web.calls.types_json`, made once and
    kept (made again when the bank changes)."""
    shelves = deal.bank_sizes(request.app.state.bank_path)
    cached: tuple[object, bytes] | None = getattr(request.app.state, "puzzles_json", None)
    if cached is None or cached[0] is not shelves:
        made = calls.types_json(shelves, request.app.state.limits)
        cached = request.app.state.puzzles_json = (shelves, json.dumps(made).encode())
    return Response(cached[1], media_type="application/json")


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
    return await calls.puzzle(
        ServerHost(request), type=type, size=size, cols=cols, grade=grade, index=index
    )


@router.post("/parse", responses=ERRORS)
async def parse(request: Request, body: ParseIn) -> dict[str, Any]:
    """Read a puzzle in any format: its type, size, clues and share link, the
    ``format`` it was written in, and the player's ``marks`` (rows of answer
    tokens, ``?`` undecided) and ``answer`` it carried, or null. A puzzle
    that does not say its type is read as ``fallback_type`` when one is
    sent, and its ``note`` says so."""
    return await calls.parse(ServerHost(request), **body.model_dump())


@router.post("/hint", responses=SOLVER_ERRORS)
async def hint(request: Request, body: HintIn) -> dict[str, Any]:
    """The next cell the ladder proves at ``level`` from the player's marks
    (status "stopped" when the deadline passed first)."""
    return await calls.hint(ServerHost(request), **body.model_dump())


@router.post("/answer", responses=SOLVER_ERRORS)
async def answer(request: Request, body: PuzzleIn) -> dict[str, Any]:
    """The puzzle's unique answer, one token per cell in reading order (for
    Reveal and "show my errors"); 400 saying why when it has none, several,
    or the search ran out of budget."""
    return await calls.answer(ServerHost(request), **body.model_dump())


@router.post("/check", responses=ERRORS)
async def validate_marks(request: Request, body: MarksIn) -> dict[str, Any]:
    """Every rule the player's grid breaks, with its cells; solved or not."""
    return await calls.check(ServerHost(request), **body.model_dump())


@router.post("/solve", responses=SOLVER_ERRORS)
async def solve(request: Request, body: SolveIn) -> dict[str, Any]:
    """The fixpoint of the ladder up to ``level``: status and the grid it
    reaches ("stopped", with what it decided, when the deadline passed first)."""
    return await calls.solve(ServerHost(request), **body.model_dump())


__all__ = ["router", "SolverBusy", "MAX_SIDE"]
