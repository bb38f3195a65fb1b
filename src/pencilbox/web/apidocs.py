"""The API's documentation page, /docs (Swagger UI), served whole by the app,
and the examples of its OpenAPI document.

Swagger UI comes from the ``fastapi-offline`` package and is served under
:data:`ASSET_PATH`, so the page needs no network. It has no inline script
(Swagger UI starts from ``/docs/start.js``), so a Content-Security-Policy
that allows only the app's own scripts admits it. There is no /redoc: ReDoc
fetches its logo from its makers' site.

The document shows real puzzles of every registered type as examples of
each request that takes a puzzle (made by each type's generator, so they
are always well formed), and of the board a GET /api/puzzle asks for: a
reader can try them, and a fuzzer reaches the solver with them.
"""

from __future__ import annotations

import functools
from html import escape
from pathlib import Path
from typing import Any

import fastapi_offline
from fastapi import FastAPI, Request
from fastapi.openapi.utils import get_openapi
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

import pencilbox
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.registry import kinds

ASSETS = Path(fastapi_offline.__file__).parent / "static"
"""Swagger UI's bundle as the package ships it."""
ASSET_PATH = "/docs/assets"

START = """\
// Starts Swagger UI on the OpenAPI document named by #swagger-ui's data-openapi.
const root = document.getElementById("swagger-ui");
window.ui = SwaggerUIBundle({
  url: root.dataset.openapi,
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
"""


def _page(title: str, head: str, body: str) -> HTMLResponse:
    return HTMLResponse(
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>{head}</head>"
        f"<body>{body}</body></html>\n"
    )


def add_docs(app: FastAPI) -> None:
    """Serve /docs (Swagger UI) and its assets from ``app`` itself.

    ``app`` must be created with ``docs_url=None, redoc_url=None``.
    """
    app.mount(ASSET_PATH, StaticFiles(directory=ASSETS), name="docs-assets")
    title = f"{app.title} API"

    @app.get("/docs", include_in_schema=False)
    def swagger_ui(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        assets, openapi = f"{root}{ASSET_PATH}", f"{root}{app.openapi_url}"
        return _page(
            title,
            f'<link rel="stylesheet" href="{assets}/swagger-ui.css">'
            f'<link rel="icon" type="image/png" href="{assets}/favicon.png">',
            f'<div id="swagger-ui" data-openapi="{escape(openapi)}"></div>'
            f'<script src="{assets}/swagger-ui-bundle.js"></script>'
            f'<script src="{root}/docs/start.js"></script>',
        )

    @app.get("/docs/start.js", include_in_schema=False)
    def swagger_start() -> Response:
        return Response(START, media_type="text/javascript")


EXAMPLE_BOARDS = ((6, 6, 0.8), (8, 8, 0.7))
"""Rows, columns and clue density of each type's example puzzles."""
EXAMPLE_SEEDS = 40
"""Seeds tried for an example with one answer (the first one found is shown)."""


def unique_board(kind: PuzzleKind, rows: int, cols: int, density: float) -> Puzzle:
    """The first generated board with one answer (the last one tried if none)."""
    for seed in range(1, EXAMPLE_SEEDS + 1):
        p, _ = kind.generate(rows, cols, density=density, seed=seed)
        c = kind.count(p, limit=2, budget=20_000, seconds=1.0)
        if c.complete and c.solutions == 1:
            break
    return p


@functools.cache
def puzzle_examples() -> dict[str, dict[str, Any]]:
    """Named examples of a request body that takes a puzzle: a generated
    board of each type and size with one answer, by URL and once as a text
    grid, with blank marks."""
    out: dict[str, dict[str, Any]] = {}
    for kind in kinds():
        for rows, cols, density in EXAMPLE_BOARDS:
            p = unique_board(kind, rows, cols, density)
            blank = [" ".join("?" * cols)] * rows
            out[f"{kind.name}-{rows}x{cols}"] = {
                "summary": f"{kind.title}, {rows}×{cols}",
                "value": {"puzzle": kind.to_url(p), "marks": blank},
            }
        out[f"{kind.name}-text"] = {
            "summary": f"{kind.title}, as a text grid",
            "value": {"puzzle": kind.format(p), "type": kind.name},
        }
    return out


FIELD_EXAMPLES: dict[str, Any] = {"format": "text"}
"""Example values of the other required fields of a body with a puzzle
(``format``, of /api/export: one every puzzle type can be written in)."""


def add_examples(app: FastAPI) -> None:
    """Put the examples into ``app``'s OpenAPI document: the puzzle examples
    on every JSON body with a ``puzzle`` field (fields the body lacks left
    out), the types on GET /api/puzzle's ``type``."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            doc = get_openapi(
                title=app.title,
                version=app.version,
                description=app.description,
                routes=app.routes,
            )
            _annotate(doc)
            app.openapi_schema = doc
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _annotate(doc: dict[str, Any]) -> None:
    schemas = doc.get("components", {}).get("schemas", {})
    for item in doc.get("paths", {}).values():
        for op in item.values():
            body = op.get("requestBody", {}).get("content", {}).get("application/json")
            if body is not None:
                ref = body.get("schema", {}).get("$ref", "")
                fields = schemas.get(ref.rsplit("/", 1)[-1], {}).get("properties", {})
                if "puzzle" in fields:
                    more = {k: v for k, v in FIELD_EXAMPLES.items() if k in fields}
                    body["examples"] = {
                        name: {
                            **ex,
                            "value": {k: v for k, v in ex["value"].items() if k in fields} | more,
                        }
                        for name, ex in puzzle_examples().items()
                    }
            for param in op.get("parameters", []):
                if param.get("in") == "query" and param.get("name") == "type":
                    param["examples"] = {
                        name: {"summary": pencilbox.puzzle(name).title, "value": name}
                        for name in pencilbox.puzzle_names()
                    }
