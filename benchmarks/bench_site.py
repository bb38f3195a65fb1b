"""The static site (``pencilbox site``) in headless Chromium, beside the server.

Builds the site (the fetched runtime is cached; ``PENCILBOX_BENCH_SITE``
names a built folder to use instead), serves it with ``python -m
http.server`` and measures:

- the download: every file of the site (what the service worker keeps) and
  what the first visit fetches before the first board is playable;
- first load to a playable board (``body[data-ready]``: the first board
  dealt and drawn, from the answers written ahead while the engine starts)
  and to the engine ready (``body[data-engine=ready]``: Hint and Check
  answer), cold (a fresh browser profile: nothing cached) and from the
  cache (a reload once the service worker holds the site), with what each
  worker's start took (Pyodide's, then pencilbox's);
- Hint latency at 10×10 for each type: one bank board per type played by
  hints at its grade, the same calls asked of the page (timed in the page,
  around ``api.js``'s call) and of the server (FastAPI, in process);
- the studio's first answer (``/api/analyze`` up to probe, the default
  budget of work) on 10×10 bank boards of every grade, in both;
- a deal of a size the bank lacks, in the page: 15×14 (the page offers 4
  to 15 on a side, and the bank holds square shelves alone), each grade of
  each type, made by the engine in the page as ``pencilbox generate
  --grade`` makes it (goal: p95 ≤ 5 s);
- edits that cancel a verdict: a slow call cancelled once a worker is on
  it, then the first answer on a 10×10 board, in turn; how many workers
  were stopped (started afresh, cold) and how many calls an interrupt
  stopped instead (the worker kept warm);
- a first visit on slow 4G, as a phone (:mod:`benchmarks.slow_network`:
  1.6 Mbit/s, 150 ms a response, the page's CPU 4× slower), from a host
  that sends the files as they are (``python -m http.server``) and from one
  that sends their brotli copies: the board, a Hint before the engine (the
  chain written ahead), the engine ready and then its own Hint, Check and
  the editor's verdict, the service worker holding the whole site, the
  bytes the host sent and whether any file was sent twice.

Goals: hint p95 ≤ 300 ms, verdict first answer p95 ≤ 600 ms, cached reload
≤ 2 s, a deal the bank lacks p95 ≤ 5 s; on slow 4G the board ≤ 2 s and a
proved Hint ≤ 10 s. Figures only, nothing asserted.

    .venv/bin/python -m benchmarks bench_site
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pencilbox
from pencilbox import verdicts
from pencilbox.bank.grading import bank_grades
from pencilbox.bank.store import SHIPPED, Bank
from pencilbox.web import calls

from .common import free_port, running

SIZE = 10
HINTS = 60
"""Hint calls per type at most."""
PER_GRADE = 3
"""Bank boards per grade for the studio's first answer."""
LOADS = 3
"""Cold first loads, each in a fresh browser profile."""
RELOADS = 5
"""Reloads from the service worker's cache, each once the page settled."""
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
READY_MS = 300_000
GOALS = {"hint": 300.0, "verdict": 600.0, "cached": 2000.0, "deal": 5000.0}
DEAL = "puzzle?type={name}&size=15&cols=14&grade={grade}&index={n}"
"""A board of a size the bank lacks (15×14: the bank's shelves are square)."""
DEALS_EACH = 2
"""Deals per grade of each type."""

DEALT = """async urls => {
  const api = await import("/static/api.js");
  const out = [];
  for (const url of urls) {
    const t = performance.now();
    const p = await api.get(url);
    out.push([performance.now() - t, p.source, p.grade]);
  }
  return out;
}"""
"""The page's time (ms) for each deal, where the board came from and its grade."""
SLOW_VISITS = 2
"""First visits on slow 4G from each host."""

TIMED = """async calls => {
  const api = await import("/static/api.js");
  const out = [];
  for (const [name, body] of calls) {
    const t = performance.now();
    await api.post(name, body);
    out.push(performance.now() - t);
  }
  return out;
}"""
"""The page's time (ms) for each [name, body] call, through api.js."""

WORKERS = """async () => (await import("/static/engine.js")).workers()"""

CANCELLED = """async ([slow, calls]) => {
  const api = await import("/static/api.js");
  const engine = await import("/static/engine.js");
  const out = [];
  for (const [name, body] of calls) {
    const ctl = new AbortController();
    const asked = api.get(slow, { signal: ctl.signal }).catch(() => null);
    while (!engine.workers().states.includes("busy")) await new Promise(r => setTimeout(r, 5));
    ctl.abort();
    await asked;
    const t = performance.now();
    await api.post(name, body);
    out.push(performance.now() - t);
  }
  return out;
}"""
"""Each [name, body] call made right after a slow call (a deal the bank
lacks, generated) was cancelled, as an edit cancels a verdict: its ms."""
SLOW = "puzzle?type={name}&size=15&cols=14&index={n}"
CANCELS_EACH = 2
"""Boards of each type (of its top grade) asked right after a cancel."""

ENGINE_IDLE = """async () => {
  const { workers } = await import("/static/engine.js");
  const { states } = workers();
  return states.length > 1 && states.every(s => s === "idle");
}"""

SERVICE_WORKER = """async () => {
  const r = await navigator.serviceWorker.ready;
  return !!r.active && navigator.serviceWorker.controller !== null;
}"""


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def figures(xs: list[float]) -> str:
    return f"p50 {pct(xs, 0.5):6.0f} p95 {pct(xs, 0.95):6.0f} max {max(xs):6.0f} ms"


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """``python -m http.server`` serving ``folder``: its URL."""
    port = free_port()
    command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"]
    with running(command, port, cwd=folder) as url:
        yield url


def hint_calls(client: Any, name: str) -> tuple[list[tuple[str, Any]], list[float], str]:
    """A 10×10 bank board of ``name`` played by hints at its grade: the calls,
    the server's time for each, and the board."""
    kind = pencilbox.puzzle(name)
    dealt = client.get(
        "/api/puzzle", params={"type": name, "size": SIZE, "grade": kind.levels[-1], "index": 0}
    ).json()
    p = kind.from_url(dealt["url"])
    marks: list[int | None] = [None] * (p.rows * p.cols)
    asked: list[tuple[str, Any]] = []
    times: list[float] = []
    for _ in range(HINTS):
        body = {
            "puzzle": dealt["url"],
            "marks": calls.marks_rows(kind, marks, p.cols),
            "level": dealt["grade"],
        }
        t = time.perf_counter()
        h = client.post("/api/hint", json=body).json()
        times.append((time.perf_counter() - t) * 1000)
        asked.append(("hint", body))
        if h.get("status") != "hint":
            break
        r, c = h["cell"]
        marks[r * p.cols + c] = kind.parse_value(h["value"], p.rows * p.cols)
    return asked, times, f"{dealt['source']} {dealt['grade']}"


def verdict_calls(client: Any, name: str) -> tuple[list[tuple[str, Any]], list[float]]:
    """The studio's first answer on 10×10 bank boards of every grade of
    ``name``: the calls and the server's time for each."""
    kind = pencilbox.puzzle(name)
    asked: list[tuple[str, Any]] = []
    times: list[float] = []
    with Bank(SHIPPED) as bank:
        for grade in kind.levels:
            for b in list(bank.boards(name, SIZE, SIZE, grade))[:PER_GRADE]:
                body = {"puzzle": kind.to_url(kind.parse(b.puzzle)), "upto": "probe"}
                t = time.perf_counter()
                client.post("/api/analyze", json=body)
                times.append((time.perf_counter() - t) * 1000)
                asked.append(("analyze", body))
    return asked, times


def build_site(work: Path) -> Path:
    chosen = os.environ.get("PENCILBOX_BENCH_SITE")
    if chosen:
        return Path(chosen)
    from pencilbox.site.build import build

    t = time.perf_counter()
    site = build(work / "site", bank=SHIPPED)
    print(
        f"build: {len(site.files)} files in {time.perf_counter() - t:.1f} s "
        f"(Pyodide {site.pyodide}, from the cache once fetched)"
    )
    return site.folder


def first_load(browser: Any, url: str) -> tuple[float, float, int, Any, Any]:
    """A cold visit in a fresh profile: ms to a playable board and to the
    engine ready, bytes fetched by the board, and the context and page (kept
    for the cached reloads)."""
    ctx = browser.new_context(viewport={"width": 1100, "height": 820})
    page = ctx.new_page()
    fetched = [0]

    def count(response: Any) -> None:
        size = response.headers.get("content-length")
        if size is not None and not response.from_service_worker:
            fetched[0] += int(size)

    page.on("response", count)
    t = time.perf_counter()
    page.goto(url + "/")
    page.wait_for_selector("body[data-ready]", timeout=READY_MS)
    ms = (time.perf_counter() - t) * 1000
    page.remove_listener("response", count)
    page.wait_for_selector("body[data-engine=ready]", timeout=READY_MS)
    return ms, (time.perf_counter() - t) * 1000, fetched[0], ctx, page


def settled(page: Any) -> None:
    """Once the service worker holds the site and is in charge of the page,
    and every engine worker is ready (what a player's later visit finds)."""
    for _ in range(1500):
        if page.evaluate(SERVICE_WORKER) and page.evaluate(ENGINE_IDLE):
            return
        page.wait_for_timeout(200)


def cached_load(page: Any) -> tuple[float, float]:
    """A reload served by the service worker: ms to a playable board, and
    to the engine ready."""
    settled(page)
    t = time.perf_counter()
    page.reload()
    page.wait_for_selector("body[data-ready]", timeout=READY_MS)
    ms = (time.perf_counter() - t) * 1000
    page.wait_for_selector("body[data-engine=ready]", timeout=READY_MS)
    return ms, (time.perf_counter() - t) * 1000


def starts(page: Any) -> str:
    """What the page's worker starts took: Pyodide's, then pencilbox's."""
    done = page.evaluate(WORKERS)["starts"]
    return ", ".join(f"{s['runtime']} + {s['engine']}" for s in done) + " ms"


def run() -> None:
    # The server works out every verdict, as the page does: its verdict store
    # (read at each request) is off while this runs.
    kept = os.environ.get(verdicts.ENV)
    os.environ[verdicts.ENV] = "off"
    try:
        measure()
    finally:
        if kept is None:
            del os.environ[verdicts.ENV]
        else:
            os.environ[verdicts.ENV] = kept


def measure() -> None:
    from fastapi.testclient import TestClient
    from playwright.sync_api import sync_playwright

    from pencilbox.web.app import create_app

    if not Path(CHROMIUM).exists() or shutil.which("npm") is None:
        print("skipped: the static site's figures need Debian's chromium and npm")
        return
    with tempfile.TemporaryDirectory() as work:
        folder = build_site(Path(work))
        info = json.loads((folder / "site.json").read_text(encoding="utf-8"))
        client = TestClient(create_app(SHIPPED), base_url="http://localhost")
        with served(folder) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            cold: list[float] = []
            cold_engine: list[float] = []
            cached: list[float] = []
            cached_engine: list[float] = []
            fetched = 0
            page = ctx = None
            for _ in range(LOADS):
                if ctx is not None:
                    ctx.close()
                ms, engine_ms, fetched, ctx, page = first_load(browser, url)
                cold.append(ms)
                cold_engine.append(engine_ms)
            for _ in range(RELOADS):
                ms, engine_ms = cached_load(page)
                cached.append(ms)
                cached_engine.append(engine_ms)
            settled(page)
            print(
                f"download: the site {info['bytes'] / 1e6:.1f} MB in {len(info['files'])} files "
                f"(all kept for offline use); the first visit fetches {fetched / 1e6:.1f} MB "
                "before its first board"
            )
            print(
                f"first load to a playable board, cold  ({LOADS} fresh profiles): {figures(cold)}"
            )
            print(
                f"first load to a playable board, cached ({RELOADS} reloads, service worker): "
                f"{figures(cached)}  goal ≤ {GOALS['cached']:.0f} ms"
            )
            print(f"  to the engine ready (Hint answers), cold:   {figures(cold_engine)}")
            print(f"  to the engine ready (Hint answers), cached: {figures(cached_engine)}")
            print(f"  the last reload's worker starts (Pyodide + pencilbox): {starts(page)}")
            print(f"hint latency, {SIZE}x{SIZE}, the same calls in the page and on the server")
            for name in pencilbox.puzzle_names():
                asked, server, board = hint_calls(client, name)
                page_ms = page.evaluate(TIMED, asked)
                print(
                    f"  {name:<8} {board:<13} n={len(asked):3d} page {figures(page_ms)} | "
                    f"server {figures(server)}",
                    flush=True,
                )
            print(
                f"studio first answer (analyze up to probe), {SIZE}x{SIZE} bank boards, "
                f"{PER_GRADE} per grade"
            )
            for name in pencilbox.puzzle_names():
                asked, server = verdict_calls(client, name)
                if not asked:
                    continue
                page_ms = page.evaluate(TIMED, asked)
                print(
                    f"  {name:<8} n={len(asked):3d} page {figures(page_ms)} | "
                    f"server {figures(server)}",
                    flush=True,
                )
            deals(page)
            cancels(page, client)
            print(
                f"goals: hint p95 ≤ {GOALS['hint']:.0f} ms, verdict first answer p95 ≤ "
                f"{GOALS['verdict']:.0f} ms"
            )
            if ctx is not None:
                ctx.close()
            slow_visits(browser, folder, info)
            browser.close()
        client.close()


def slow_visits(browser: Any, folder: Path, info: dict[str, Any]) -> None:
    """First visits on slow 4G, from a host sending the files as they are
    and from one sending their brotli copies."""
    from .slow_network import CPU, DOWN, LATENCY, first_visit, host

    engine = info["engine"]
    print(
        f"slow 4G first visit ({DOWN * 8 / 1e6:.1f} Mbit/s, {LATENCY} ms a response, the page's "
        f"CPU {CPU}× slower; {SLOW_VISITS} visits each, fresh profiles); the engine's download "
        f"{engine['raw'] / 1e6:.1f} MB as is, {engine['br'] / 1e6:.1f} MB brotli, "
        f"{engine['gz'] / 1e6:.1f} MB gzip"
    )
    for name, precompressed in (("as is (python -m http.server)", False), ("brotli copies", True)):
        with host(folder, precompressed) as (url, log):
            visits = [first_visit(browser, url, log) for _ in range(SLOW_VISITS)]

        def each(field: str, visits: list[Any] = visits) -> str:
            return " / ".join(f"{getattr(v, field):.1f}" for v in visits)

        twice = sorted({p for v in visits for p in v.twice})
        kept = " / ".join(f"{v.kept:.0f}" if v.kept else "never" for v in visits)
        print(
            f"  {name}: board {each('board')} s, a Hint before the engine {each('hint')} s; "
            f"the engine ready {each('engine')} s, then its Hint {each('engine_hint')} s, "
            f"Check {each('check')} s, the editor's verdict {each('verdict')} s; the whole site "
            f"kept at {kept} s; sent {' / '.join(f'{v.sent / 1e6:.1f}' for v in visits)} MB, "
            f"{'every file once' if not twice else 'sent twice: ' + ', '.join(twice)}",
            flush=True,
        )
    refused = {kind: sorted(m) for v in visits for kind, m in v.refused.items()}
    print(f"  what the throttling could not slow (Chromium refused): {refused}")
    print(f"  the hint before the engine: {visits[-1].hinted[:100]}…")
    print("goals on slow 4G: the board ≤ 2 s, a proved Hint ≤ 10 s")


def deals(page: Any) -> None:
    """Boards of a size the bank lacks, made in the page, every grade of every type."""
    print(f"a deal the bank lacks (15x14), {DEALS_EACH} per grade, made in the page")
    every: list[float] = []
    for name in pencilbox.puzzle_names():
        kind = pencilbox.puzzle(name)
        urls = [
            DEAL.format(name=name, grade=grade, n=n)
            for grade in bank_grades(kind)
            for n in range(DEALS_EACH)
        ]
        got = page.evaluate(DEALT, urls)
        ms = [t for t, _, _ in got]
        every += ms
        made = sum(1 for _, source, _ in got if source == "generated")
        print(f"  {name:<8} n={len(ms):3d} page {figures(ms)}  ({made} made)", flush=True)
    print(f"  all      n={len(every):3d} page {figures(every)}  goal p95 ≤ {GOALS['deal']:.0f} ms")


def cancels(page: Any, client: Any) -> None:
    """Edits that cancel a verdict: the first answer after each, and what
    became of the workers."""
    before = page.evaluate(WORKERS)
    names = pencilbox.puzzle_names()
    asked = [c for name in names for c in verdict_calls(client, name)[0][-CANCELS_EACH:]]
    slow = SLOW.format(name=names[0], n=0)
    page_ms = page.evaluate(CANCELLED, [slow, asked])
    after = page.evaluate(WORKERS)
    way = "an interrupt" if after.get("interrupts") else "stopping the worker"
    print(
        f"studio first answer right after a cancelled call ({len(asked)}, cancelled by {way}): "
        f"{figures(page_ms)}; workers stopped {after['stopped'] - before['stopped']}, "
        f"calls halted warm {after.get('halted', 0) - before.get('halted', 0)}"
    )


if __name__ == "__main__":
    run()
