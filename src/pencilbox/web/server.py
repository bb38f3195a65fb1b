"""The HTTP server around the app: uvicorn's h11 protocol, with limits of its own.

- A client must send each whole request (headers and body) within
  :data:`REQUEST_SECONDS` of its first byte, or of connecting: else it gets
  a 408 and the connection is closed, so half-sent requests and bodies
  shorter than their Content-Length cannot hold connections open.
- An idle keep-alive connection is closed after :data:`KEEP_ALIVE_SECONDS`.
- The server's own answers (a request it cannot parse, a request too slow)
  have the app's shape: ``{"error": ...}`` JSON with the security headers.
- :func:`serve` binds its socket before starting, so an address in use or
  a host that is no address is one line (:class:`~pencilbox.errors.ServeError`).
"""

from __future__ import annotations

import asyncio
import json
import socket
import sys
from collections.abc import Iterable
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from pencilbox.errors import ServeError
from pencilbox.web.safety import APP_POLICY, HEADERS, LOCAL_HOSTS, is_loopback

REQUEST_SECONDS = 10.0
"""Time a client has to send a whole request."""
KEEP_ALIVE_SECONDS = 5.0
"""Time an idle keep-alive connection stays open."""
SHUTDOWN_SECONDS = 5.0
"""Time requests still running get when the server is stopped."""
RECEIVING = (h11.IDLE, h11.SEND_BODY)
"""The client's states while a request of it may be arriving."""


def error_headers(body: bytes) -> list[tuple[bytes, bytes]]:
    """The headers of one of the server's own JSON error answers, whose
    body is ``body``; the connection closes after it."""
    return [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
        (b"content-security-policy", APP_POLICY.encode()),
        *((name.encode(), value.encode()) for name, value in HEADERS.items()),
    ]


def error_body(message: str) -> bytes:
    return json.dumps({"error": message}).encode()


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on receiving each request and
    JSON error answers of its own."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.read_timer: asyncio.TimerHandle | None = None
        self._arm()  # the first request must come in time too

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state in RECEIVING and not self.transport.is_closing():
            self._arm()  # a request is on its way: it has REQUEST_SECONDS
        else:
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.conn.their_state is h11.IDLE:
            self._disarm()  # keep-alive: uvicorn's own timer closes idle connections

    def _arm(self) -> None:
        if self.read_timer is None:
            self.read_timer = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

    def _disarm(self) -> None:
        if self.read_timer is not None:
            self.read_timer.cancel()
            self.read_timer = None

    def _too_slow(self) -> None:
        """The request did not arrive in time: answer 408 unless an answer
        is already on its way, and close the connection."""
        self.read_timer = None
        if self.transport.is_closing() or self.conn.their_state not in RECEIVING:
            return
        cycle = self.cycle
        answering = cycle is not None and cycle.response_started and not cycle.response_complete
        if not answering:
            message = f"the request did not arrive within {REQUEST_SECONDS:g} s"
            self._write_raw(408, b"Request Timeout", message)
        if cycle is not None and not cycle.response_complete:
            cycle.disconnected = True  # the app's next receive() says so
            cycle.message_event.set()
        self.transport.close()

    def _write_raw(self, status: int, reason: bytes, message: str) -> None:
        """An answer written past h11 (whose state may not allow one), just
        before the connection closes."""
        body = error_body(message)
        lines = [b"HTTP/1.1 %d %s" % (status, reason)]
        lines += [name + b": " + value for name, value in error_headers(body)]
        self.transport.write(b"\r\n".join(lines) + b"\r\n\r\n" + body)

    def send_400_response(self, msg: str) -> None:
        """A request h11 cannot parse: a JSON 400, then close."""
        self._disarm()
        message = "malformed HTTP request"
        body = error_body(message)
        try:
            headers = error_headers(body)
            self.transport.write(
                self.conn.send(h11.Response(status_code=400, headers=headers, reason="Bad Request"))
                or b""
            )
            self.transport.write(self.conn.send(h11.Data(data=body)) or b"")
            self.transport.write(self.conn.send(h11.EndOfMessage()) or b"")
        except h11.LocalProtocolError:  # no answer is possible in h11's state
            self._write_raw(400, b"Bad Request", message)
        self.transport.close()


def config(app: Any, host: str, port: int, **kw: Any) -> uvicorn.Config:
    """The uvicorn configuration pencilbox serves with (the tests' too)."""
    kw.setdefault("log_level", "warning")
    kw.setdefault("timeout_keep_alive", int(KEEP_ALIVE_SECONDS))
    kw.setdefault("timeout_graceful_shutdown", int(SHUTDOWN_SECONDS))
    return uvicorn.Config(
        app, host=host, port=port, http=GuardedH11Protocol, ws="none", lifespan="on", **kw
    )


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``; :class:`ServeError` when
    the host is no address of this machine or the port is taken."""
    if not host or host != host.strip() or "/" in host:
        raise ServeError(f"{host!r} is not a host to listen on")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except (OSError, UnicodeError) as e:
        raise ServeError(f"cannot listen on {host[:60]!r}: {getattr(e, 'strerror', e)}") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as e:
        sock.close()
        raise ServeError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    sock.setblocking(False)
    return sock


def address(host: str, port: int, sock: socket.socket) -> str:
    """The address a browser on this machine opens: the port bound (the
    one the system chose for port 0), at the host, or at localhost when the
    server listens on every address."""
    port = sock.getsockname()[1] or port
    if host in ("0.0.0.0", ""):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def serve(host: str = "127.0.0.1", port: int = 8000, allowed_hosts: Iterable[str] = ()) -> None:
    """Serve the app; warn when ``host`` is reachable from other machines."""
    from pencilbox.web.app import create_app

    allowed = list(allowed_hosts)
    sock = bind(host, port)
    if not is_loopback(host):
        print(
            f"pencilbox: warning: listening on {host}:{port}, reachable from other "
            "machines; requests must name one of these hosts: "
            + ", ".join([*LOCAL_HOSTS, host, *allowed]),
            file=sys.stderr,
        )
        if host not in ("0.0.0.0", "::"):
            allowed.append(host)
    server = uvicorn.Server(config(create_app(allowed_hosts=allowed), host, port, log_level="info"))
    print(f"pencilbox: the game is at {address(host, port, sock)} (Ctrl-C stops it)", flush=True)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
