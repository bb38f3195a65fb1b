"""Puzzles written in every format, for the editor's export buttons.

``GET /api/formats`` lists the formats (name, title, whether one can hold an
answer, which puzzle types it holds); ``POST /api/export`` writes one puzzle
(sent in any format, like every ``puzzle`` field) in the format asked for,
with the player's marks or, when asked, the puzzle's answer, which the
solver looks for in a worker of the board's lane (:mod:`pencilbox.web.lanes`)
under the request's deadline.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import Field

import pencilbox
from pencilbox.formats import registry
from pencilbox.formats.base import Unsupported
from pencilbox.web.api import (
    ERRORS,
    MAX_SIDE,
    NO_ANSWER,
    SOLVER_ERRORS,
    ErrorOut,
    PuzzleIn,
    admit,
    read_document,
    read_marks,
    unique_answer,
)

router = APIRouter(prefix="/api")

EXTENSIONS = {"url": "txt", "text": "txt", "pzprv3": "txt", "penpa": "txt", "janko": "txt"}
"""The file name suffix of a download in each format (JSON lines: ``jsonl``)."""


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
def formats() -> list[dict[str, Any]]:
    """Every format pencilbox reads and writes: its ``name`` (for /api/export),
    ``title``, whether it ``holds_answer``, and the puzzle ``types`` it holds."""
    kinds = [pencilbox.puzzle(name) for name in pencilbox.puzzle_names()]
    return [
        {
            "name": f.name,
            "title": f.title,
            "holds_answer": f.holds_answer,
            "types": [k.name for k in kinds if f.supports(k)],
        }
        for f in registry.FORMATS
    ]


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
    if body.answer:
        admit(request, body)  # a full lane refuses before the puzzle is read
    kind, doc, _ = read_document(body)
    fmt = registry.by_name(body.format)
    if not fmt.supports(kind):
        raise Unsupported(f"a {fmt.title} cannot hold a {kind.title} puzzle")
    p = doc.puzzle
    if body.marks is not None:
        doc = replace(doc, marks=read_marks(kind, p, body.marks))
    if body.answer:
        if not fmt.holds_answer:
            raise Unsupported(f"a {fmt.title} cannot hold an answer")
        found, why = await unique_answer(request, kind, p)
        if found is None:
            raise HTTPException(409, NO_ANSWER[why])
        doc = replace(doc, answer=found)
    text = registry.write(fmt.name, kind, doc)
    suffix = EXTENSIONS.get(fmt.name, "jsonl")
    return {
        "format": fmt.name,
        "title": fmt.title,
        "type": kind.name,
        "text": text,
        "filename": f"{kind.name}-{p.rows}x{p.cols}-{fmt.name}.{suffix}",
    }
