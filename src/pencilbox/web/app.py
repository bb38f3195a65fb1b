"""The web app: the JSON API under /api/ (``api.py``) and the static front end.

Bodies over :data:`MAX_BODY` bytes are refused (413); input errors answer
4xx with ``{"error": ...}``; puzzle work runs in the app's lanes of worker
processes (:mod:`pencilbox.web.lanes`), and a lane with too much waiting
answers 429 (503 when the work runs out of time), with ``Retry-After``.
The safety middleware (:mod:`pencilbox.web.safety`) checks the ``Host``
header, refuses API requests from other sites, adds a
Content-Security-Policy and the usual security headers to every answer,
and turns any unexpected error into a JSON 500. Answers are sent gzipped to
a browser that takes it, and the front end's files under names that change
with their content, kept a year (:mod:`pencilbox.web.assets`). The server
around it is :mod:`pencilbox.web.server`.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import pencilbox
from pencilbox.errors import BudgetExceeded, PuzzleError, SolverBusy, SolverFull
from pencilbox.web import api, apidocs, assets, calls, exports, icons, studio
from pencilbox.web.lanes import Lane, Lanes, default_lanes
from pencilbox.web.safety import LOCAL_HOSTS, Crashes, HostCheck, SameOrigin, SecurityHeaders

STATIC = Path(__file__).parent / "static"
MAX_BODY = 64 * 1024
GZIP_FROM = 512
"""Answers of fewer bytes are sent as they are."""


class KeptFiles(StaticFiles):
    """Static files sent with a ``Cache-Control`` of their own."""

    def __init__(self, *, directory: Path, cache_control: str) -> None:
        super().__init__(directory=directory)
        self.cache_control = cache_control

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["cache-control"] = self.cache_control
        return response


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes, declared or streamed (413).

    A streamed (chunked) body is cut off once it passes the limit; whatever
    the app answers to the cut-off body is replaced by the 413."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (
            not declared.isdigit() or len(declared) > 12 or int(declared) > self.limit
        ):
            await self.refuse(scope, receive, send)
            return
        seen = 0
        over = refused = False

        async def limited() -> Message:
            nonlocal seen, over
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                over = True
                raise _TooLarge
            return message

        async def answer(message: Message) -> None:
            nonlocal refused
            if not over:
                await send(message)
            elif not refused:
                refused = True
                await self.refuse(scope, receive, send)

        try:
            await self.app(scope, limited, answer)
        except _TooLarge:
            if not refused:
                refused = True
                await self.refuse(scope, receive, send)

    async def refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = JSONResponse({"error": f"request body over {self.limit} bytes"}, 413)
        await response(scope, receive, send)


class _TooLarge(Exception):
    pass


def default_bank() -> Path | None:
    """The bank to deal from: $PENCILBOX_BANK, else the one shipped, else none."""
    env = os.environ.get("PENCILBOX_BANK")
    if env:
        return Path(env)
    try:
        from pencilbox.bank.store import SHIPPED
    except ImportError:  # pragma: no cover
        return None
    return SHIPPED if SHIPPED.is_file() else None


def puzzle_file(name: str, path: str) -> Path:
    """The file ``path`` in the static directory of the puzzle registered as
    ``name``; 404 for an unknown puzzle, a missing file or a path that leaves
    the directory."""
    missing = StarletteHTTPException(404, "no such file")
    if name not in pencilbox.puzzle_names():
        raise missing
    frontend = pencilbox.puzzle(name).frontend
    if frontend is None or frontend.static_dir is None:
        raise missing
    try:
        root = frontend.static_dir.resolve()
        target = (root / path).resolve()
        if not target.is_relative_to(root) or not target.is_file():
            raise missing
    except (ValueError, OSError):  # a null byte, a name too long for the system
        raise missing from None
    return target


def static_file(url: str) -> Path | None:
    """The file the server sends for ``url`` under ``/static/`` or a
    puzzle's ``/puzzles/NAME/`` (None: none)."""
    if url.startswith("/static/"):
        return STATIC / url.removeprefix("/static/")
    name, _, path = url.removeprefix(calls.PUZZLE_STATIC + "/").partition("/")
    if not url.startswith(calls.PUZZLE_STATIC + "/"):
        return None
    try:
        return puzzle_file(name, path)
    except StarletteHTTPException:
        return None


def create_app(
    bank_path: Path | str | None = "default",
    solver_seconds: float = calls.SOLVER_SECONDS,
    workers: int | None = None,
    allowed_hosts: Iterable[str] = (),
    lanes: tuple[Lane, ...] | None = None,
) -> FastAPI:
    """The app. ``solver_seconds`` is each request's solver deadline,
    ``workers`` caps the workers of each lane (default: by the machine's
    cores, see :func:`~pencilbox.web.lanes.default_lanes`) unless
    ``lanes`` are given outright, and ``allowed_hosts`` the ``Host`` names
    it answers besides localhost, 127.0.0.1 and [::1]."""
    pools = Lanes(lanes if lanes is not None else default_lanes(workers=workers))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        for pool in pools.pools.values():
            pool.start()
        try:
            yield
        finally:
            pools.close()

    app = FastAPI(
        title="pencilbox",
        version=pencilbox.__version__,
        description="Pencil puzzles with a solver inside: boards, hints, checks.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    apidocs.add_docs(app)
    apidocs.add_examples(app)
    app.state.bank_path = (
        default_bank()
        if bank_path == "default"
        else (Path(bank_path) if bank_path is not None else None)
    )
    app.state.answer_cache = calls.AnswerCache()
    app.state.reads = calls.ReadCache()
    app.state.lanes = pools
    app.state.solver_seconds = solver_seconds
    app.state.limits = calls.limits()  # what /api/puzzles tells the browser

    @app.exception_handler(BudgetExceeded)
    async def too_slow(request: Request, exc: BudgetExceeded) -> JSONResponse:
        status = 429 if isinstance(exc, SolverFull) else 503
        retry = exc.retry_after if isinstance(exc, SolverBusy) else 1
        return JSONResponse({"error": str(exc)}, status, headers={"Retry-After": str(retry)})

    @app.exception_handler(PuzzleError)
    async def puzzle_error(request: Request, exc: PuzzleError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(calls.Conflict)
    async def conflict(request: Request, exc: calls.Conflict) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=409)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for e in exc.errors()[:3]:
            where = ".".join(str(x) for x in e.get("loc", ()) if x != "body")
            parts.append(f"{where}: {e.get('msg')}" if where else str(e.get("msg")))
        return JSONResponse({"error": "; ".join(parts) or "bad request"}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(
            {"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers
        )

    app.include_router(api.router)
    app.include_router(studio.router)
    app.include_router(exports.router)

    version = assets.tag(STATIC)
    modules = [
        str(fe["module_url"])
        for name in pencilbox.puzzle_names()
        if (fe := calls.frontend_json(pencilbox.puzzle(name))) and fe["module_url"]
    ]
    page = assets.page(STATIC, version, modules, static_file)

    @app.get("/", include_in_schema=False)
    def index() -> HTMLResponse:
        return HTMLResponse(page, headers={"Cache-Control": assets.ASK})

    @app.get("/manifest.webmanifest", include_in_schema=False)
    def manifest() -> Response:
        return Response(
            assets.manifest(),
            media_type="application/manifest+json",
            headers={"Cache-Control": assets.DAY},
        )

    @app.get("/icons/icon-{side}.png", include_in_schema=False)
    def icon(side: int) -> Response:
        if side not in icons.SIZES:
            raise StarletteHTTPException(404, "no such file")
        return Response(
            icons.drawn(side), media_type="image/png", headers={"Cache-Control": assets.DAY}
        )

    @app.api_route(
        calls.PUZZLE_STATIC + "/{name}/{path:path}",
        methods=["GET", "HEAD"],
        include_in_schema=False,
    )
    def puzzle_static(name: str, path: str) -> FileResponse:
        """A file from a registered puzzle's own static directory."""
        return FileResponse(puzzle_file(name, path), headers={"Cache-Control": "no-cache"})

    app.mount(
        f"/static/v/{version}",
        KeptFiles(directory=STATIC, cache_control=assets.YEAR),
        name="static-versioned",
    )
    app.mount("/static", KeptFiles(directory=STATIC, cache_control=assets.ASK), name="static")
    # Innermost first: the last added sees every request first and every answer last.
    app.add_middleware(BodyLimit)
    app.add_middleware(SameOrigin)
    app.add_middleware(HostCheck, allowed=(*LOCAL_HOSTS, *allowed_hosts))
    app.add_middleware(Crashes)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_FROM)
    app.add_middleware(SecurityHeaders)
    return app


__all__: list[Any] = ["create_app", "MAX_BODY"]
