"""The web app: a JSON API under /api/ and the static front end.

Listens on 127.0.0.1 unless told otherwise.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

import pencilbox
from pencilbox.errors import PuzzleError

STATIC = Path(__file__).parent / "static"


def create_app() -> FastAPI:
    app = FastAPI(title="pencilbox", version=pencilbox.__version__)

    @app.exception_handler(PuzzleError)
    async def puzzle_error(request: Request, exc: PuzzleError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.get("/api/puzzles")
    def puzzles() -> list[dict[str, Any]]:
        """The puzzle types and their ladder levels, weakest first."""
        out = []
        for name in pencilbox.puzzle_names():
            kind = pencilbox.puzzle(name)
            out.append({"type": name, "title": kind.title, "levels": list(kind.levels),
                        "summary": kind.summary})
        return out

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    import uvicorn

    uvicorn.run(create_app(), host=host, port=port, log_level="info")
