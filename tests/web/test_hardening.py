"""The server under pressure: deadlines kill work, cheap endpoints stay free,
workers have a memory ceiling and die with the server; safe defaults."""

from __future__ import annotations

import asyncio
import concurrent.futures
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.processes import process_table
from pencilbox.web.app import MAX_BODY, create_app
from pencilbox.web.safety import APP_POLICY
from pencilbox.web.workers import SolverBusy, SolverPool

from ..kinds import first_kind, hardest, names, names_with
from .fixtures import TEST_GRADES, free_port

NAME = names()[0]
"""Any puzzle will do for the cheap requests."""
URL = pencilbox.puzzle(NAME).to_url(
    pencilbox.puzzle(NAME).parse(hardest(pencilbox.puzzle(NAME)).puzzle)
)
"""A unique board of that puzzle (its hardest sample)."""


def slow_board() -> str:
    """A board whose probe fixpoint runs for minutes (the first registered
    puzzle's that has one)."""
    kind = first_kind(lambda k: k.samples.slow)
    return kind.format(kind.parse(kind.samples.slow[0]))


def descendants(pid: int) -> set[int]:
    """Every live process below ``pid`` (from /proc)."""
    children: dict[int, list[int]] = {}
    for child, (parent, state, _) in process_table().items():
        if state != "Z":
            children.setdefault(parent, []).append(child)
    out: set[int] = set()
    todo = [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.add(c)
            todo.append(c)
    return out


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1][0] != "Z"
    except OSError:
        return False


def wait_until(condition: object, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return bool(condition())  # type: ignore[operator]


@pytest.fixture(scope="module")
def live_app(bank_file: Path) -> FastAPI:
    return create_app(bank_file, solver_seconds=5.0, workers=2)


@pytest.fixture(scope="module")
def live(live_app: FastAPI) -> Iterator[str]:
    """The app with 2 workers and a 5 s deadline, on a free 127.0.0.1 port."""
    import uvicorn

    port = free_port()
    app = live_app
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    assert wait_until(lambda: srv.started, 20)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


def run_async(coro: Any) -> Any:
    """``asyncio.run`` in a thread of its own (the browser tests keep a loop
    running in this one)."""
    with concurrent.futures.ThreadPoolExecutor(1) as ex:
        return ex.submit(asyncio.run, coro).result()


# -- the pool ---------------------------------------------------------------------------
def test_a_job_past_its_deadline_is_killed_and_replaced() -> None:
    pool = SolverPool(1)
    try:
        pool.start()
        (before,) = pool.pids()
        with pytest.raises(SolverBusy):
            run_async(pool.run(time.sleep, 60, seconds=0.3))
        assert pool.replaced == 1
        assert wait_until(lambda: not alive(before), 5)
        assert wait_until(lambda: len(pool.pids()) == 1, 10)  # replaced in the background
        (after,) = pool.pids()
        assert after != before and alive(after)
        assert run_async(pool.run(sum, [1, 2, 3], seconds=5)) == 6  # the fresh worker works
    finally:
        pool.close()


def test_each_worker_has_a_memory_ceiling() -> None:
    pool = SolverPool(1, memory_mb=300)
    try:
        with pytest.raises(SolverBusy, match="out of memory"):
            run_async(pool.run(bytearray, 1 << 30, seconds=20))
        assert run_async(pool.run(len, bytearray(1000), seconds=5)) == 1000
    finally:
        pool.close()


# -- the server -------------------------------------------------------------------------
def test_expensive_requests_stop_at_the_deadline_and_cheap_ones_never_wait(live: str) -> None:
    """Two workers, each busy on a fixpoint that would run for minutes: the
    cheap endpoints answer meanwhile, and the expensive ones end at the
    deadline: saying they stopped, with what they decided, or (a worker
    that a busy machine kept from answering in time) 503."""
    text = slow_board()
    done: list[tuple[float, int]] = []

    def expensive() -> None:
        r = httpx.post(live + "/api/solve", json={"puzzle": text}, timeout=60)
        stopped = r.status_code == 200 and r.json()["status"] == "stopped"
        done.append((time.monotonic(), 503 if r.status_code == 503 else 200 if stopped else 0))

    threads = [threading.Thread(target=expensive) for _ in range(2)]
    for t in threads:
        t.start()
    time.sleep(0.5)
    with httpx.Client(base_url=live, timeout=60) as client:
        cheap = [
            client.get("/api/puzzles"),
            client.post("/api/parse", json={"puzzle": URL}),
            client.post("/api/check", json={"puzzle": URL}),
            client.get(
                "/api/puzzle",
                params={"type": NAME, "size": 6, "grade": TEST_GRADES[NAME], "index": 0},
            ),
        ]
        cheap_done = time.monotonic()
    for t in threads:
        t.join()
    assert [r.status_code for r in cheap] == [200, 200, 200, 200]
    assert cheap[3].json()["source"] == "bank"
    assert all(code in (200, 503) for _, code in done), done
    assert cheap_done < min(when for when, _ in done)
    # Back to work: a hint is answered by a worker at once.
    r = httpx.post(live + "/api/hint", json={"puzzle": URL}, timeout=30)
    assert r.status_code == 200 and r.json()["status"] == "hint"


def runaway_requests(name: str) -> list[tuple[str, str, dict]]:
    """A hint on the puzzle's first slow board, solving its last, and
    dealing a 15×15 at the top of its ladder: such requests (Numbrix's,
    Kurotto's) once kept a core (and 1.4 GB) busy long after their 503."""
    kind = pencilbox.puzzle(name)
    first, last = kind.samples.slow[0], kind.samples.slow[-1]
    return [
        ("post", "/api/hint", {"json": {"puzzle": first, "type": name}}),
        ("post", "/api/solve", {"json": {"puzzle": last, "type": name}}),
        ("get", "/api/puzzle", {"params": {"type": name, "size": 15, "grade": "probe"}}),
    ]


RUNAWAY_REQUESTS = [
    r for name in names_with(lambda k: k.samples.slow) for r in runaway_requests(name)
]


@pytest.mark.parametrize(("method", "path", "kw"), RUNAWAY_REQUESTS)
def test_no_work_outlives_its_request(
    live: str, live_app: FastAPI, method: str, path: str, kw: dict
) -> None:
    lanes = live_app.state.lanes
    r = httpx.request(method.upper(), live + path, timeout=60, **kw)
    assert r.status_code in (200, 503), r.text
    if r.status_code == 503:
        assert set(r.json()) == {"error"}
    # Whatever the answer, no worker is still busy with the request, and
    # every lane is whole: every worker alive and idle.
    assert wait_until(lanes.is_idle, 5)
    assert all(alive(pid) for pid in lanes.pids())


def server_process(bank_file: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A server of two workers a lane in a process of its own, on a free
    port, and its address (it may not answer yet)."""
    port = free_port()
    code = (
        "import uvicorn; from pencilbox.web.app import create_app; "
        f"uvicorn.run(create_app({str(bank_file)!r}, workers=2), host='127.0.0.1', "
        f"port={port}, log_level='warning')"
    )
    return subprocess.Popen([sys.executable, "-c", code]), f"http://127.0.0.1:{port}"


def test_workers_die_with_the_server(bank_file: Path) -> None:
    proc, base = server_process(bank_file)
    try:
        url = base + "/api/hint"

        def answers() -> bool:
            try:
                return httpx.post(url, json={"puzzle": URL}, timeout=30).status_code == 200
            except httpx.HTTPError:
                return False

        assert wait_until(answers, 60)
        below = descendants(proc.pid)
        assert len(below) >= 2  # the workers (and the fork server)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        assert wait_until(lambda: not any(alive(p) for p in below), 10)
    finally:
        if proc.poll() is None:
            proc.kill()


@pytest.fixture(scope="module")
def client(bank_file: Path) -> TestClient:
    return TestClient(create_app(bank_file), base_url="http://localhost")


@pytest.mark.parametrize("host", ["localhost", "localhost:8000", "127.0.0.1:8000", "[::1]:8000"])
def test_local_host_names_are_served(client: TestClient, host: str) -> None:
    assert client.get("/api/puzzles", headers={"host": host}).status_code == 200


@pytest.mark.parametrize(
    "host",
    [
        "evil.example",
        "evil.example:8000",
        "127.0.0.1.evil.example",
        "localhost:99999",
        "localhost:65536",
        "[::1]:70000",
    ],
)
def test_other_host_names_are_refused(client: TestClient, host: str) -> None:
    r = client.get("/api/puzzles", headers={"host": host})
    assert r.status_code == 400 and "error" in r.json()


def test_the_highest_port_is_a_port(client: TestClient) -> None:
    assert client.get("/api/puzzles", headers={"host": "localhost:65535"}).status_code == 200


@pytest.mark.parametrize(
    "headers",
    [
        [("sec-fetch-site", "cross-site"), ("sec-fetch-site", "same-origin")],
        [("sec-fetch-site", "same-origin"), ("sec-fetch-site", "same-origin")],
        [("origin", "http://evil.example"), ("origin", "http://localhost")],
        [("origin", "http://localhost"), ("origin", "http://localhost")],
    ],
)
def test_a_request_naming_its_site_twice_is_refused(
    client: TestClient, headers: list[tuple[str, str]]
) -> None:
    """No browser sends either header twice; which one counts is nobody's
    guess, so neither does."""
    r = client.get("/api/puzzles", headers=headers)
    assert r.status_code == 403 and "two" in r.json()["error"]


def test_a_host_can_be_allowed(bank_file: Path) -> None:
    c = TestClient(create_app(bank_file, allowed_hosts=["pencils.lan"]), base_url="http://x")
    assert c.get("/api/puzzles", headers={"host": "pencils.lan:8000"}).status_code == 200
    assert c.get("/api/puzzles", headers={"host": "other.lan"}).status_code == 400


@pytest.mark.parametrize("path", ["/", "/api/puzzles", "/static/app.js", "/api/nosuch"])
def test_security_headers(client: TestClient, path: str) -> None:
    h = client.get(path).headers
    assert h["content-security-policy"] == APP_POLICY
    assert "frame-ancestors 'none'" in APP_POLICY and "default-src 'self'" in APP_POLICY
    assert h["x-content-type-options"] == "nosniff"
    assert h["x-frame-options"] == "DENY"
    assert h["referrer-policy"] == "no-referrer"


@pytest.mark.parametrize("path", ["/docs", "/docs/start.js", "/openapi.json"])
def test_the_api_docs_have_the_same_policy(client: TestClient, path: str) -> None:
    # /docs loads only the app's own assets and has no inline script; the
    # browser test of /docs fails on anything this policy blocks.
    assert client.get(path).headers["content-security-policy"] == APP_POLICY


@pytest.mark.parametrize(
    ("method", "path"),
    [("get", "/api/hint"), ("delete", "/api/puzzles"), ("put", "/api/parse"), ("post", "/")],
)
def test_wrong_methods_get_405(client: TestClient, method: str, path: str) -> None:
    r = client.request(method.upper(), path)
    assert r.status_code == 405 and "error" in r.json()


@pytest.mark.parametrize("path", ["/static/../pyproject.toml", "/static/%2e%2e/api.py"])
def test_no_path_escapes_the_static_files(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_a_chunked_oversized_body_gets_413(live: str) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"puzzle": "'
        for _ in range(MAX_BODY // 1000 + 10):
            yield b"." * 1000
        yield b'"}'

    r = httpx.post(
        live + "/api/parse",
        content=chunks(),
        headers={"content-type": "application/json"},
        timeout=30,
    )
    assert r.status_code == 413 and "error" in r.json()


@pytest.mark.parametrize(
    ("host", "warned", "extra", "shown"),
    [
        ("127.0.0.1", False, None, "http://127.0.0.1:8123/"),
        ("::1", False, None, "http://[::1]:8123/"),
        ("0.0.0.0", True, None, "http://127.0.0.1:8123/"),
        ("10.1.2.3", True, "10.1.2.3", "http://10.1.2.3:8123/"),
    ],
)
def test_serve_says_so_when_bound_beyond_this_machine(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    host: str,
    warned: bool,
    extra: str | None,
    shown: str,
) -> None:
    """The server warns when it listens beyond this machine, and says the
    address to open in every case."""
    import uvicorn

    from pencilbox.web import server

    seen: dict[str, object] = {}

    def run(self: uvicorn.Server, sockets: list[object]) -> None:
        seen.update(app=self.config.app, host=self.config.host, sockets=sockets)

    monkeypatch.setattr(uvicorn.Server, "run", run)
    sock = socket.socket()  # not bound: 10.1.2.3 is no address of this machine
    monkeypatch.setattr(server, "bind", lambda host, port: sock)
    server.serve(host=host, port=8123)
    out, err = capsys.readouterr()
    assert out == f"pencilbox: the game is at {shown} (Ctrl-C stops it)\n"
    assert seen["host"] == host and seen["sockets"] == [sock]
    assert ("reachable from other machines" in err) is warned
    client = TestClient(seen["app"], base_url="http://localhost")  # type: ignore[arg-type]
    assert client.get("/api/puzzles").status_code == 200
    if extra is not None:
        assert client.get("/api/puzzles", headers={"host": extra}).status_code == 200
    assert client.get("/api/puzzles", headers={"host": "elsewhere.example"}).status_code == 400


def test_the_command_line_binds_127_0_0_1_by_default() -> None:
    from pencilbox.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert args.host == "127.0.0.1"


def test_a_fixpoint_cut_short_says_stopped_with_what_it_decided() -> None:
    from pencilbox.web import jobs

    kind = first_kind(lambda k: k.samples.slow)
    p = kind.parse(kind.samples.slow[0])
    out = jobs.solve(kind.name, p, None, 0.5)
    assert out["status"] == "stopped" and len(out["grid"]) == p.rows
    tokens = [t for row in out["grid"] for t in row.split()]
    assert len(tokens) == p.rows * p.cols and out["decided"] == sum(t != "?" for t in tokens)
