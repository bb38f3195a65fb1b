"""Fixtures for the web tests: a bank built from code, the app, a live server,
Chromium. ``tests/conftest.py`` makes them every test directory's, so a
puzzle's own tests can drive its board in the browser too."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import pencilbox
from pencilbox.engine import registry
from pencilbox.web import deal

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

TEST_GRADES = {kind.name: kind.samples.bank_grade for kind in registry.kinds()}
"""The shelf of 6×6 boards the test bank holds for each type (its samples say which)."""


@pytest.fixture(scope="session")
def bank_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small bank, made here: two 6×6 boards per type at TEST_GRADES."""
    from pencilbox.bank.store import Bank

    path = tmp_path_factory.mktemp("bank") / "bank.sqlite"
    with Bank(path, writable=True) as bank:
        for name, grade in TEST_GRADES.items():
            kind = pencilbox.puzzle(name)
            for i in range(2):
                d = deal.generate(kind, 6, 6, grade, seed=1000 + i, seconds=5)
                board = {
                    "clues": d.puzzle.clue_count,
                    "puzzle": "\n".join(kind.puzzle_rows(d.puzzle)),
                    "solution": "\n".join(kind.solution_rows(d.solution or (), 6)),
                    "seed": 1000 + i,
                    "generator": "tests/web",
                }
                bank.record((name, 6, 6, d.grade or grade, i), 1, board)
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live(app: Any) -> Iterator[str]:
    """Serve ``app`` on a free 127.0.0.1 port, in a thread, until the block ends."""
    import uvicorn

    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def server(bank_file: Path) -> Iterator[str]:
    """The app on a free 127.0.0.1 port, in a thread; stopped after the session."""
    from pencilbox.web.app import create_app

    with live(create_app(bank_file)) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: object, server: str) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1100, "height": 820})  # type: ignore[attr-defined]
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    # The Content-Security-Policy stays on: anything it blocks fails the test.
    pg.on(
        "console",
        lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None,
    )
    pg.base = server  # type: ignore[attr-defined]
    watch(pg)
    yield pg
    context.close()
    assert not errors, errors


def watch(pg: Any) -> None:
    """Keep what a failed browser test's report shows (see :func:`seen`): the
    API's answers that were not a success and its requests still waiting for
    one, with the time since the page opened."""
    start = time.monotonic()
    pg.refusals = []
    pg.pending = {}

    def stamp() -> str:
        return f"{time.monotonic() - start:6.1f} s"

    pg.on(
        "request",
        lambda r: (
            pg.pending.__setitem__(r, f"{stamp()} {r.method} {r.url}") if "/api/" in r.url else None
        ),
    )
    pg.on("requestfinished", lambda r: pg.pending.pop(r, None))
    pg.on("requestfailed", lambda r: pg.pending.pop(r, None))
    pg.on(
        "response",
        lambda r: (
            pg.refusals.append(f"{stamp()} {r.status} {r.url}")
            if "/api/" in r.url and r.status >= 400
            else None
        ),
    )


def seen(pg: Any) -> str:
    """What the page shows, was refused and still waits for, for a failed
    test's report."""
    lines = [f"url: {pg.url}"]
    for part in ("#title", "#status", "#verdict", "#studio-status"):
        try:
            said = pg.inner_text(part, timeout=1000)
            shown = pg.evaluate(
                "p => { const e = document.querySelector(p);"
                " return `hidden=${e.hidden} busy=${e.getAttribute('aria-busy')}`; }",
                part,
            )
        except Exception as e:  # a closed page or a missing part: say so
            said, shown = f"({type(e).__name__})", ""
        lines.append(f"{part}: {said!r} {shown}")
    return "\n".join(
        lines
        + ["API answers that were not a success:", *pg.refusals]
        + ["API requests still waiting for an answer:", *pg.pending.values()]
    )


PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 850}


def context(browser: Any, server: str, size: str, **options: Any) -> Iterator[Any]:
    """A page of its own browser context at a phone's size (touch) or a laptop's."""
    phone = size == "phone"
    ctx = browser.new_context(
        viewport=PHONE if phone else LAPTOP, has_touch=phone, is_mobile=phone, **options
    )
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.base = server
    watch(pg)
    yield pg
    ctx.close()
    assert not errors, errors


@pytest.fixture
def phone(browser: Any, server: str) -> Iterator[Any]:
    yield from context(browser, server, "phone")


@pytest.fixture
def laptop(browser: Any, server: str) -> Iterator[Any]:
    yield from context(browser, server, "laptop")
