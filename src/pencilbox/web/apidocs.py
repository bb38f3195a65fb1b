"""The API's documentation pages, served whole by the app: /docs and /redoc.

Swagger UI and ReDoc come from the ``fastapi-offline`` package and are served
under :data:`ASSET_PATH`, so the pages need no network. Neither page has an
inline script (Swagger UI starts from ``/docs/start.js``), so a
Content-Security-Policy that allows only the app's own scripts admits them.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

import fastapi_offline
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

ASSETS = Path(fastapi_offline.__file__).parent / "static"
"""Swagger UI's and ReDoc's bundles as the package ships them."""
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
    """Serve /docs (Swagger UI), /redoc and their assets from ``app`` itself.

    ``app`` must be created with ``docs_url=None, redoc_url=None``.
    """
    app.mount(ASSET_PATH, StaticFiles(directory=ASSETS), name="docs-assets")
    title = f"{app.title} API"

    def urls(request: Request) -> tuple[str, str]:
        root = request.scope.get("root_path", "")
        return f"{root}{ASSET_PATH}", f"{root}{app.openapi_url}"

    @app.get("/docs", include_in_schema=False)
    def swagger_ui(request: Request) -> HTMLResponse:
        assets, openapi = urls(request)
        root = request.scope.get("root_path", "")
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

    @app.get("/redoc", include_in_schema=False)
    def redoc(request: Request) -> HTMLResponse:
        assets, openapi = urls(request)
        return _page(
            title,
            f'<link rel="icon" type="image/png" href="{assets}/favicon.png">',
            f'<redoc spec-url="{escape(openapi)}"></redoc>'
            f'<script src="{assets}/redoc.standalone.js"></script>',
        )
