"""The server serves like a web server: compressed answers, the front end
under names that change with its content and kept a year, the page with
what it needs preloaded, a manifest, icons, a theme colour and a meta
description."""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import json
import re
import shutil
import struct
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from pencilbox.web import assets
from pencilbox.web.app import STATIC, create_app
from pencilbox.web.safety import INLINE


@pytest.fixture(scope="module")
def client(bank_file: Path) -> Iterator[TestClient]:
    with TestClient(create_app(bank_file, workers=1), base_url="http://localhost") as c:
        yield c


def raw(client: TestClient, path: str) -> tuple[httpx.Headers, bytes]:
    """The answer's headers and its body as sent, asking for gzip (not decoded)."""
    with client.stream("GET", path, headers={"Accept-Encoding": "gzip"}) as r:
        return r.headers, b"".join(r.iter_raw())


def page_links(client: TestClient) -> tuple[str, list[str], list[str]]:
    """The page, the URLs it names, and those it preloads."""
    page = client.get("/").text
    named = re.findall(r'(?:href|src)="(/[^"]*)"', page)
    preloaded = re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"', page)
    return page, named, preloaded


def test_text_is_sent_gzipped_to_a_browser_that_takes_it(client: TestClient) -> None:
    _, named, _ = page_links(client)
    script = next(url for url in named if url.endswith("/app.js"))
    for path in ("/", script, "/api/puzzles"):
        headers, sent = raw(client, path)
        assert headers["content-encoding"] == "gzip", path
        assert "accept-encoding" in headers["vary"].lower()
        assert len(sent) < len(gzip.decompress(sent)) / 2, path
    assert gzip.decompress(raw(client, script)[1]) == (STATIC / "app.js").read_bytes()
    plain = client.get(script, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers


def test_the_front_end_is_kept_a_year_under_names_that_change_with_it(
    client: TestClient, tmp_path: Path
) -> None:
    version = assets.tag(STATIC)
    page, _, preloaded = page_links(client)
    template = (STATIC / "index.html").read_text(encoding="utf-8")
    ours = re.findall(r'="/static/([^"]+)"', template)
    assert ours
    for name in ours:
        assert f'="/static/{name}"' not in page
        assert (f'="/static/v/{version}/{name}"' in page) is (name not in INLINE), name
    for url in {f"/static/v/{version}/{n}" for n in ours} | {
        u for u in preloaded if u.startswith("/static/v/")
    }:
        r = client.get(url)
        assert r.status_code == 200, url
        assert r.headers["cache-control"] == "public, max-age=31536000, immutable", url
    plain = client.get("/static/app.js")
    assert plain.status_code == 200 and plain.headers["cache-control"] == "no-cache"
    assert client.get(f"/static/v/{'0' * 12}/app.js").status_code == 404  # another content's name
    assert client.get("/").headers["cache-control"] == "no-cache"
    # The name changes with any file's content.
    copy = tmp_path / "static"
    shutil.copytree(STATIC, copy)
    assert assets.tag(copy) == version
    (copy / "dom.js").write_text((copy / "dom.js").read_text() + "\n// changed\n")
    assert assets.tag(copy) != version


def test_the_page_preloads_its_modules_and_its_first_call(client: TestClient) -> None:
    """Every module the page's scripts import (their import lines read here)
    and each puzzle's own module are named up front, with /api/puzzles, so
    none waits for the one importing it."""
    _, _, preloaded = page_links(client)
    version = assets.tag(STATIC)
    assert preloaded[0] == "/api/puzzles"
    wanted = {f"/static/v/{version}/{name}" for name in ("app.js", "studio.js")}
    for path in STATIC.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        if f"/static/v/{version}/{path.name}" in preloaded:
            wanted |= {f"/static/v/{version}/{m}" for m in re.findall(r'from "\./([\w.]+)"', text)}
    kinds = client.get("/api/puzzles").json()
    wanted |= {k["frontend"]["module_url"] for k in kinds if k["frontend"]["module_url"]}
    assert wanted <= set(preloaded)
    assert f"/static/v/{version}/engine.js" not in preloaded  # the static site's alone
    for url in preloaded:
        assert client.get(url).status_code == 200, url


def test_the_first_paint_waits_for_no_other_file(client: TestClient) -> None:
    """The stylesheet and firstpaint.js come written into the page, as they
    are in the package, and nothing else in its head holds up the first
    paint (a stylesheet only for print, scripts only as modules); the
    Content-Security-Policy allows exactly those texts, by their sha256
    (computed here), and no other inline code."""
    r = client.get("/")
    page = r.text
    head = page[: page.index("</head>")]
    for link in re.findall(r"<link [^>]*>", head):
        assert 'rel="stylesheet"' not in link or 'media="print"' in link, link
        assert 'rel="modulepreload"' not in link or 'fetchpriority="low"' in link, link
    for script in re.findall(r"<script[^>]*>", page):
        assert script == "<script>" or 'type="module"' in script, script
    policy = {d.split()[0]: d.split()[1:] for d in r.headers["content-security-policy"].split("; ")}
    for element, name in (("style", "style.css"), ("script", "firstpaint.js")):
        texts = re.findall(rf"<{element}>(.*?)</{element}>", page, re.S)
        assert texts == [(STATIC / name).read_text(encoding="utf-8")], name
        digest = base64.b64encode(hashlib.sha256(texts[0].encode()).digest()).decode()
        assert policy[f"{element}-src"] == ["'self'", f"'sha256-{digest}'"], name


def png_side(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_a_phone_installs_the_server_s_page_as_an_app(client: TestClient) -> None:
    page = client.get("/").text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    theme = re.search(r'<meta name="theme-color" content="([^"]+)">', page)
    assert theme is not None and theme.group(1) == assets.THEME
    r = client.get("/manifest.webmanifest")
    assert r.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(r.text)
    assert manifest["theme_color"] == assets.THEME and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["name"]
    for icon in manifest["icons"]:
        data = client.get(icon["src"])
        assert data.headers["content-type"] == "image/png"
        side = png_side(data.content)
        assert icon["sizes"] == f"{side[0]}x{side[1]}"
    assert client.get("/icons/icon-100.png").status_code == 404
    assert "content-security-policy" in r.headers


def test_every_page_has_a_meta_description(client: TestClient) -> None:
    page = client.get("/").text
    said = re.search(r'<meta name="description" content="([^"]{50,160})">', page)
    assert said is not None
    assert said.group(1) == assets.DESCRIPTION
    assert json.loads(client.get("/manifest.webmanifest").text)["description"] == assets.DESCRIPTION


def test_the_page_comes_with_the_first_board_s_rules(client: TestClient) -> None:
    """A first visit deals the first puzzle of /api/puzzles and opens with its
    rules: the page holds them (and its example's shape), so they are painted
    with the page, not once the board has come."""
    page = client.get("/").text
    first = next(k for k in client.get("/api/puzzles").json() if k["frontend"])
    card = re.search(
        r'<section class="rules-card" id="rules-card"[^>]*>(.*?)</section>', page, re.S
    )
    assert card is not None and "hidden" not in card.group(0).split(">")[0]
    inside = card.group(1)
    title = re.search(r'<h2 id="rules-title">([^<]*)</h2>', inside)
    assert title is not None and html.unescape(title.group(1)) == f"How to play {first['title']}"
    items = re.search(r'<ul id="rules-list">(.*?)</ul>', inside)
    assert items is not None
    said = [html.unescape(t) for t in re.findall(r"<li>(.*?)</li>", items.group(1))]
    assert said == (first["frontend"]["rules"] or [first["summary"]])
    example = first["frontend"]["example"]
    assert f'<svg id="rules-board" viewBox="0 0 {example["cols"]} {example["rows"]}"' in inside
