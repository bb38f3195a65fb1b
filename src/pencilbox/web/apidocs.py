"""The API's documentation page, /docs (Swagger UI), served whole by the app.

Swagger UI comes from the ``fastapi-offline`` package and is served under
:data:`ASSET_PATH`, so the page needs no network. It has no inline script
(Swagger UI starts from ``/docs/start.js``), so a Content-Security-Policy
that allows only the app's own scripts admits it. There is no /redoc: ReDoc
fetches its logo from its makers' site.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

import fastapi_offline
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

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
