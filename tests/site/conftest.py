"""Fixtures for the static site: one build per session (the fetched runtime
and its bytecode are cached between sessions), served as any static host
would serve it, by ``python -m http.server``, and Chromium pages of it."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from pencilbox.bank.store import SHIPPED
from tests.web.fixtures import free_port

READY_MS = 180_000
"""How long a page may take to start its engine (Pyodide) on a busy machine."""


def shipped_puzzles() -> tuple[str, ...]:
    """The puzzles pencilbox ships (its own packages): the ones the site's
    wheel and bank hold. A plug-in installed for the tests is not among them."""
    from pencilbox.site.wheel import PACKAGE

    folder = PACKAGE / "puzzles"
    return tuple(sorted(d.name for d in folder.iterdir() if (d / "__init__.py").is_file()))


@pytest.fixture(scope="session")
def site_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The static site, built once for the session with the shipped bank."""
    if shutil.which("npm") is None or shutil.which("node") is None:
        pytest.skip("the static build needs Node.js and npm")
    from pencilbox.site.build import build

    out = tmp_path_factory.mktemp("site") / "out"
    build(out, bank=SHIPPED)
    return out


@contextmanager
def http_server(folder: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``python -m http.server`` serving ``folder`` on a free port, until the block ends."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise RuntimeError("python -m http.server did not start") from None
            time.sleep(0.1)
    try:
        yield f"http://127.0.0.1:{port}", proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=10)


@pytest.fixture(scope="session")
def site_url(site_folder: Path) -> Iterator[str]:
    with http_server(site_folder) as (url, _):
        yield url


@pytest.fixture(scope="module")
def site_browser(browser: Any) -> Any:
    """The run's one Chromium (tests/web/fixtures.py): Playwright's synchronous
    API drives one browser at a time in a thread, so the site's tests share it."""
    return browser


def open_page(browser: Any, url: str, **context: Any) -> tuple[Any, Any, list[str]]:
    """A new context and page at ``url``, once its first board is dealt
    (written ahead, or by the engine); and the page's errors as they come."""
    ctx = browser.new_context(**{"viewport": {"width": 1100, "height": 820}, **context})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "/")
    page.wait_for_selector("body[data-ready]", timeout=READY_MS)
    return ctx, page, errors


@pytest.fixture(scope="module")
def site_page(site_browser: Any, site_url: str) -> Iterator[Any]:
    """One page of the site for the module, once its engine is ready (it
    starts once): its answers are the engine's, none written ahead."""
    ctx, page, errors = open_page(site_browser, site_url)
    page.wait_for_selector("body[data-engine=ready]", timeout=READY_MS)
    yield page
    ctx.close()
    assert not errors, errors


KEPT = """async () => {
  for (const name of await caches.keys())
    if (await (await caches.open(name)).match("/pencilbox-files.json")) return true;
  return false;
}"""
"""Whether the service worker's cache holds the whole site (it writes the
list of what it holds once it does)."""


def wait_until_kept(page: Any) -> None:
    """Until the service worker keeps the whole site: the engine's files as
    they came, the page's from the browser's cache, the rest fetched once the
    engine was ready."""
    for _ in range(1500):
        if page.evaluate(KEPT):
            return
        page.wait_for_timeout(200)
    raise AssertionError("the service worker never kept the whole site")
