"""The server around the app, over raw sockets: requests not sent in time
are answered 408 and closed, idle connections close, the server's own
errors and the Host check answer JSON with the security headers, and a
port in use or a host that is no address is one line."""

from __future__ import annotations

import json
import select
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI

from pencilbox.errors import ServeError
from pencilbox.web import server
from pencilbox.web.app import create_app
from pencilbox.web.safety import APP_POLICY

from .conftest import free_port

READ_SECONDS = 1.0
"""The request deadline of the server under test (the real one is longer)."""
KEEP_ALIVE = 1


@pytest.fixture(scope="module")
def app(bank_file: Path) -> FastAPI:
    return create_app(bank_file, solver_seconds=5.0, workers=1)


@pytest.fixture(scope="module")
def address(app: FastAPI) -> Iterator[tuple[str, int]]:
    """The app behind pencilbox's server, on a free 127.0.0.1 port, with a
    request deadline of READ_SECONDS."""
    import uvicorn

    patch = pytest.MonkeyPatch()
    patch.setattr(server, "REQUEST_SECONDS", READ_SECONDS)
    port = free_port()
    srv = uvicorn.Server(server.config(app, "127.0.0.1", port, timeout_keep_alive=KEEP_ALIVE))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not srv.started and time.monotonic() < end:
        time.sleep(0.05)
    yield ("127.0.0.1", port)
    srv.should_exit = True
    thread.join(timeout=10)
    patch.undo()


def exchange(address: tuple[str, int], data: bytes, wait: float = 10.0) -> tuple[bytes, bool]:
    """Send ``data`` and read until the server closes the connection (or
    ``wait`` seconds pass): what came back, and whether it closed."""
    with socket.create_connection(address, timeout=wait) as sock:
        if data:
            sock.sendall(data)
        got = b""
        end = time.monotonic() + wait
        while time.monotonic() < end:
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                return got, False
            if not chunk:
                return got, True
            got += chunk
        return got, False


def parse(raw: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


def assert_json_error(raw: bytes, status: int) -> None:
    code, headers, body = parse(raw)
    assert code == status, raw[:200]
    assert headers["content-type"] == "application/json"
    assert headers["content-security-policy"] == APP_POLICY
    assert headers["x-content-type-options"] == "nosniff"
    assert set(json.loads(body)) == {"error"}


GET = b"GET /api/puzzles HTTP/1.1\r\nHost: localhost\r\n"


@pytest.mark.parametrize(
    "data",
    [
        b"",  # connected, then nothing
        b"GET /api/puzz",  # a request line cut short
        GET,  # headers never finished
        b"POST /api/parse HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        b'Content-Length: 100\r\n\r\n{"puzzle": ',  # a body shorter than it says
    ],
    ids=["silent", "request-line", "headers", "body"],
)
def test_a_request_not_sent_in_time_gets_408_and_the_connection_closes(
    address: tuple[str, int], data: bytes
) -> None:
    got, closed = exchange(address, data)
    assert closed
    assert_json_error(got, 408)


def test_a_slow_trickle_is_cut_off_too(address: tuple[str, int]) -> None:
    """A byte every 0.1 s (the whole request would take 45 s) holds no
    connection past the deadline: the 408 comes while it is still coming."""
    answer = b""
    with socket.create_connection(address, timeout=10) as sock:
        for byte in GET * 10:
            readable, _, _ = select.select([sock], [], [], 0.1)
            if readable:
                answer = sock.recv(65536)
                break
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                break
    assert parse(answer)[0] == 408


def test_an_idle_keep_alive_connection_is_closed(address: tuple[str, int]) -> None:
    got, closed = exchange(address, GET + b"\r\n")
    assert closed
    assert parse(got)[0] == 200


@pytest.mark.parametrize(
    "data",
    [
        b"NONSENSE\r\n\r\n",
        GET + b"Bad Header Without Colon\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: -5\r\n\r\n",
        b"POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: bogus\r\n\r\n",
    ],
    ids=["request-line", "header", "length", "encoding"],
)
def test_a_request_the_server_cannot_read_gets_a_json_400(
    address: tuple[str, int], data: bytes
) -> None:
    got, closed = exchange(address, data)
    assert closed
    assert_json_error(got, 400)


@pytest.mark.parametrize(
    "hosts",
    [
        [b"[::1]evil"],
        [b"localhost:80@evil.example"],
        [b"127.0.0.1:8200, evil.example"],
        [b"localhost:8000:8000"],
        [b"localhost/evil"],
        [b"evil.example"],
        [b"localhost", b"evil.example"],
        [b"localhost", b"localhost"],
        [],
    ],
    ids=lambda hosts: "+".join(h.decode() for h in hosts) or "none",
)
def test_only_one_well_formed_local_host_is_served(
    address: tuple[str, int], hosts: list[bytes]
) -> None:
    lines = b"".join(b"Host: " + h + b"\r\n" for h in hosts)
    got, _ = exchange(address, b"GET /api/puzzles HTTP/1.0\r\n" + lines + b"\r\n")
    assert_json_error(got, 400)


@pytest.mark.parametrize("host", [b"localhost", b"LOCALHOST:8000", b"127.0.0.1:1", b"[::1]:80"])
def test_local_hosts_with_ports_are_served(address: tuple[str, int], host: bytes) -> None:
    got, _ = exchange(address, b"GET /api/puzzles HTTP/1.0\r\nHost: " + host + b"\r\n\r\n")
    assert parse(got)[0] == 200


def test_an_unexpected_error_is_a_json_500_with_the_headers(bank_file: Path) -> None:
    from fastapi.testclient import TestClient

    app = create_app(bank_file, workers=1)

    def boom() -> None:
        raise RuntimeError("a bug")

    app.add_api_route("/api/boom", boom)
    r = TestClient(app, base_url="http://localhost").get("/api/boom")
    assert r.status_code == 500 and r.json() == {"error": "internal error"}
    assert r.headers["content-security-policy"] == APP_POLICY


def test_a_port_in_use_is_one_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        with pytest.raises(ServeError, match=f"cannot listen on 127.0.0.1:{port}"):
            server.bind("127.0.0.1", port)


@pytest.mark.parametrize("host", ["", " ", "not a host!!", "300.1.2.3", "localhost/x", "\x00"])
def test_a_host_that_is_no_address_is_one_line(host: str) -> None:
    with pytest.raises(ServeError):
        server.bind(host, 0)


def test_serve_binds_the_address_it_is_given() -> None:
    sock = server.bind("127.0.0.1", 0)
    try:
        assert sock.getsockname()[0] == "127.0.0.1"
    finally:
        sock.close()


@pytest.mark.parametrize(
    "path",
    [
        "/puzzles/yinyang/%00",
        "/puzzles/yinyang/yinyang.js%00",
        "/puzzles/yinyang/" + "a" * 300,
        "/puzzles/yinyang/" + "a/" * 3000,
        "/static/%00",
        "/static/" + "a" * 300,
        "/docs/assets/%00",
    ],
    ids=["null", "null-after-name", "long-name", "deep", "static-null", "static-long", "docs"],
)
def test_a_file_name_the_system_cannot_open_is_a_404(bank_file: Path, path: str) -> None:
    from fastapi.testclient import TestClient

    r = TestClient(create_app(bank_file, workers=1), base_url="http://localhost").get(path)
    assert r.status_code == 404 and set(r.json()) == {"error"}
    assert r.headers["content-security-policy"] == APP_POLICY
