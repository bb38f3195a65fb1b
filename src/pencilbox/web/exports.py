"""Puzzles written in every format, for the editor's export buttons.

``GET /api/formats`` lists the formats (name, title, whether one can hold an
answer, which puzzle types it holds); ``POST /api/export`` writes one puzzle
(sent in any format, like every ``puzzle`` field) in the format asked for,
with the player's marks or, when asked, the puzzle's answer, which the
solver looks for in a worker of the board's lane (:mod:`pencilbox.web.lanes`)
under the request's deadline.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import Field

from pencilbox.web import calls
from pencilbox.web.api import ERRORS, MAX_SIDE, SOLVER_ERRORS, ErrorOut, PuzzleIn
from pencilbox.web.host import ServerHost

router = APIRouter(prefix="/api")


class ExportIn(PuzzleIn):
    format: str = Field(..., max_length=20, description="the format to write (see /api/formats)")
    answer: bool = Field(
        False, description="solve the puzzle and write its answer too (formats that hold one)"
    )
    marks: list[str] | None = Field(
        None,
        max_length=MAX_SIDE,
        description="the player's grid, one string of answer tokens per row, ? undecided "
        "(default: the marks the puzzle was sent with, if any)",
    )


@router.get("/formats", responses=ERRORS)
async def formats(request: Request) -> list[dict[str, Any]]:
    """Every format pencilbox reads and writes: its ``name`` (for /api/export),
    ``title``, whether it ``holds_answer``, and the puzzle ``types`` it holds."""
    return await calls.formats(ServerHost(request))


@router.post(
    "/export",
    responses={
        **SOLVER_ERRORS,
        409: {"model": ErrorOut, "description": "an answer was asked for but none is unique"},
    },
)
async def export(request: Request, body: ExportIn) -> dict[str, Any]:
    """The puzzle written in ``format``: ``{"format", "title", "type", "text",
    "filename"}``. 400 when the format cannot hold the puzzle (or an answer),
    409 when ``answer`` is asked for and the puzzle has no unique answer."""
    return await calls.export(ServerHost(request), **body.model_dump())
