"""A first visit to the static site on a phone's network, measured.

- :class:`Host` serves a built site as a static host does, recording every
  request it answers (path, status, bytes sent): the network log that says
  whether a file was downloaded twice. Plain, it is ``python -m http.server``
  (HTTP/1.0, every file as it is); ``precompressed``, it sends a file's
  ``.br`` (else ``.gz``) copy to a browser that accepts it, as nginx's
  ``brotli_static`` and the usual hosts do (HTTP/1.1).
- :func:`throttle` slows a page as Lighthouse's mobile mode does (slow 4G:
  1.6 Mbit/s down, 150 ms a response; the CPU 4× slower), through the
  Chrome DevTools Protocol: ``Network.emulateNetworkConditions`` and
  ``Emulation.setCPUThrottlingRate`` on the page, and the network
  conditions on every worker the page starts (its service worker, which
  fetches the engine for it, and the engine's Web Workers), attached as
  they start. Chromium throttles the CPU of pages only: the engine's
  workers run at the machine's speed, and the report says so.
- :func:`first_visit` times a fresh profile's visit: the board, a Hint
  (written ahead, before the engine), the engine ready, then its own Hint,
  Check and the editor's verdict.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

DOWN = 1.6e6 / 8
"""Bytes a second down: 1.6 Mbit/s."""
UP = 750e3 / 8
LATENCY = 150
"""Milliseconds added to every response."""
CPU = 4
"""How many times slower the page's CPU is."""
CONDITIONS = {
    "offline": False,
    "latency": LATENCY,
    "downloadThroughput": DOWN,
    "uploadThroughput": UP,
}
PHONE = {"width": 390, "height": 844}
WAIT_MS = 600_000


@dataclass
class Served:
    """What a host answered: each request as (path, status, bytes of body sent)."""

    requests: list[tuple[str, int, int]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, path: str, status: int, size: int) -> None:
        with self.lock:
            self.requests.append((path, status, size))
            self.times.append(time.perf_counter())

    def clear(self) -> None:
        with self.lock:
            self.requests.clear()
            self.times.clear()

    def sent(self) -> int:
        """Bytes of bodies sent."""
        return sum(size for _, _, size in self.requests)

    def twice(self) -> list[str]:
        """Paths sent whole (status 200) more than once."""
        counts = Counter(path for path, status, _ in self.requests if status == 200)
        return sorted(path for path, n in counts.items() if n > 1)


class Handler(SimpleHTTPRequestHandler):
    """A static host's answers, logged (and, when ``precompressed``, sending
    a file's brotli or gzip copy to a browser that takes it)."""

    served: Served
    precompressed: bool = False
    ENCODINGS = ((".br", "br"), (".gz", "gzip"))

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass

    def send_head(self) -> Any:
        if self.precompressed:
            path = Path(self.translate_path(self.path))
            accepted = self.headers.get("Accept-Encoding", "")
            for suffix, name in self.ENCODINGS:
                copy = path.with_name(path.name + suffix)
                if path.is_file() and copy.is_file() and name in accepted:
                    return self.send_copy(path, copy, name)
        return super().send_head()

    def send_copy(self, path: Path, copy: Path, encoding: str) -> Any:
        stamp = int(path.stat().st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and since == self.date_time_string(stamp):
            self.send_response(304)
            self.end_headers()
            return None
        f = copy.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(copy.stat().st_size))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(stamp))
        self.end_headers()
        return f

    def do_GET(self) -> None:
        self.status = 0
        sent = 0
        f = self.send_head()
        if f:
            try:
                start = f.tell()
                self.copyfile(f, self.wfile)
                sent = f.tell() - start
            finally:
                f.close()
        self.served.add(self.path.split("?", 1)[0], self.status, sent)

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status = code
        super().send_response(code, message)


@contextmanager
def host(folder: Path, precompressed: bool = False) -> Iterator[tuple[str, Served]]:
    """Serve ``folder`` on a free port until the block ends: its URL and its log."""
    log = Served()
    handler = type(
        "Logged",
        (Handler,),
        {
            "served": log,
            "precompressed": precompressed,
            "protocol_version": "HTTP/1.1" if precompressed else "HTTP/1.0",
        },
    )
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", log
    finally:
        server.shutdown()
        server.server_close()


def throttle(context: Any, page: Any) -> dict[str, set[str]]:
    """Slow ``page`` (and every worker it starts) to a phone on slow 4G;
    what each kind of target refused, by the method it refused."""
    cdp = context.new_cdp_session(page)
    kinds: dict[str, str] = {}
    refused: dict[str, set[str]] = {}
    sent: dict[int, str] = {}

    def send(session: str, method: str, params: dict[str, Any]) -> None:
        n = len(sent) + 1
        sent[n] = method
        message = json.dumps({"id": n, "method": method, "params": params})
        cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": message})

    def attached(event: dict[str, Any]) -> None:
        session = event["sessionId"]
        kinds[session] = event["targetInfo"]["type"]
        send(session, "Network.enable", {})
        send(session, "Network.emulateNetworkConditions", CONDITIONS)
        send(session, "Emulation.setCPUThrottlingRate", {"rate": CPU})
        send(session, "Runtime.runIfWaitingForDebugger", {})

    def answered(event: dict[str, Any]) -> None:
        reply = json.loads(event["message"])
        if "error" in reply and reply.get("id") in sent:
            refused.setdefault(kinds.get(event["sessionId"], "?"), set()).add(sent[reply["id"]])

    cdp.on("Target.attachedToTarget", attached)
    cdp.on("Target.receivedMessageFromTarget", answered)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", CONDITIONS)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU})
    cdp.send(
        "Target.setAutoAttach",
        {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False},
    )
    return refused


HINTED = """() => document.querySelector("#status").dataset.kind === "hint" """
VERDICT = '#verdict:not([hidden])[aria-busy="false"][data-verdict]:not([data-verdict=""])'
KEPT = """async () => {
  for (const name of await caches.keys())
    if (await (await caches.open(name)).match("/pencilbox-files.json")) return true;
  return false;
}"""
"""Whether the service worker's cache holds the whole site."""


@dataclass(frozen=True)
class Visit:
    """A first visit's times (s from the start of the navigation, or of the
    action), what it fetched, and what the throttling could not slow."""

    board: float
    hint: float
    hinted: str
    engine: float
    engine_hint: float
    check: float
    verdict: float
    kept: float | None
    sent: int
    twice: list[str]
    refused: dict[str, set[str]]


def since(t: float) -> float:
    return time.perf_counter() - t


def first_visit(browser: Any, url: str, log: Served) -> Visit:
    """A fresh profile's first visit to ``url`` on slow 4G (``log``: the
    host's). Hint is pressed as soon as the board is drawn; once the engine
    is ready, Hint (fill in, then ask again), Check and the editor's
    verdict; then the wait for the service worker to hold the whole site
    (``kept``, None if it did not within a minute), and the host's count."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    refused = throttle(ctx, page)
    log.clear()
    t0 = time.perf_counter()
    page.goto(url + "/")
    page.wait_for_selector("body[data-ready]", timeout=WAIT_MS)
    board = since(t0)
    page.click("#hint")
    page.wait_for_function(HINTED, timeout=WAIT_MS)
    hint = since(t0)
    words = str(page.inner_text("#status"))
    page.wait_for_selector("body[data-engine=ready]", timeout=WAIT_MS)
    engine = since(t0)
    page.click("#hint")  # fill in the hint shown
    t = time.perf_counter()
    page.click("#hint")  # the engine's own
    page.wait_for_function(HINTED, timeout=WAIT_MS)
    engine_hint = since(t)
    t = time.perf_counter()
    page.click("#check")
    page.wait_for_selector("body:not([data-busy])", state="attached", timeout=WAIT_MS)
    check = since(t)
    if page.is_visible("#menu"):
        page.click("#menu")
    t = time.perf_counter()
    page.click("#edit")
    page.wait_for_selector(VERDICT, state="attached", timeout=WAIT_MS)
    verdict = since(t)
    kept = None
    for _ in range(600):
        if page.evaluate(KEPT):
            kept = since(t0)
            break
        page.wait_for_timeout(100)
    ctx.close()
    return Visit(
        board,
        hint,
        words,
        engine,
        engine_hint,
        check,
        verdict,
        kept,
        log.sent(),
        log.twice(),
        refused,
    )
