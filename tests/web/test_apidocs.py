"""/docs: served whole by the app, and listing every endpoint.

The page must work with no network: every URL it references is the app's
own and answers, and in Chromium, with every request to another host
refused, /docs still draws each endpoint of the API.
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from pencilbox.web import api
from pencilbox.web.app import create_app

from .fixtures import ARTIFACTS

CONTENT_TYPES = {"script": "javascript", "link": ("css", "image/png")}


class References(HTMLParser):
    """Every src and href of a page, with its tag; inline scripts counted."""

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[tuple[str, str]] = []
        self.inline_scripts = 0
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for key in ("src", "href"):
            if found.get(key):
                self.refs.append((tag, str(found[key])))
        self._in_script = tag == "script" and not found.get("src")

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_scripts += 1

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False


def endpoints() -> set[tuple[str, str]]:
    """(method, path) of every route of the JSON API, read from its router."""
    out = set()
    for route in api.router.routes:
        assert isinstance(route, APIRoute)
        for method in route.methods - {"HEAD"}:
            out.add((method.upper(), route.path))
    return out


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(None), base_url="http://localhost")


def test_docs_reference_only_the_apps_own_assets(client: TestClient) -> None:
    r = client.get("/docs")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    page = References()
    page.feed(r.text)
    assert page.refs, "the page references no assets"
    assert page.inline_scripts == 0
    for tag, url in page.refs:
        parts = urlsplit(url)
        assert not parts.scheme and not parts.netloc, f"{url} is not the app's own"
        assert url.startswith("/"), url
        asset = client.get(url)
        assert asset.status_code == 200, url
        wanted = CONTENT_TYPES[tag]
        kinds = (wanted,) if isinstance(wanted, str) else wanted
        assert any(k in asset.headers["content-type"] for k in kinds), (url, asset.headers)
        assert len(asset.content) > 1000 or tag == "script"


def test_no_page_that_needs_the_network(client: TestClient) -> None:
    # ReDoc would fetch its logo from its makers' site.
    assert client.get("/redoc").status_code == 404


def test_the_openapi_document_lists_every_endpoint(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    listed = {(method.upper(), path) for path, ops in paths.items() for method in ops}
    assert endpoints() <= listed
    assert len(endpoints()) >= 6


@pytest.mark.browser
def test_docs_draw_every_endpoint_with_no_network(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    refused: list[str] = []
    served: list[str] = []

    def only_this_machine(route: Any) -> None:
        host = urlsplit(route.request.url).hostname
        if host == "127.0.0.1":
            served.append(route.request.url)
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    context.route("**/*", only_this_machine)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # The app's Content-Security-Policy stays on: anything it blocks fails the test.
    page.on(
        "console",
        lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None,
    )
    try:
        page.goto(server + "/docs")
        page.wait_for_selector(".opblock", timeout=20_000)
        shown = set()
        for block in page.locator(".opblock").all():
            method = block.locator(".opblock-summary-method").inner_text().strip().upper()
            path = block.locator(".opblock-summary-path").get_attribute("data-path")
            shown.add((method, path))
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "docs-offline.png"), full_page=True)
        title = page.locator(".info .title").inner_text()
    finally:
        context.close()
    assert endpoints() <= shown, endpoints() - shown
    assert "pencilbox" in title
    assert any(u.endswith("/swagger-ui-bundle.js") for u in served)
    assert refused == []
    assert errors == []
