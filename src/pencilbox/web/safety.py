"""Safe defaults for a server on the player's own machine.

- :class:`HostCheck` answers only requests whose ``Host`` header names the
  machine itself (localhost, 127.0.0.1, [::1]) or a host the server was
  told about, so a web page on another site cannot reach the app through
  DNS rebinding.
- :class:`SecurityHeaders` adds a Content-Security-Policy that lets a page
  load only the app's own scripts, styles and images, and the usual
  headers: no MIME sniffing, no referrer, no framing.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from starlette.datastructures import MutableHeaders
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]")
"""Host names every server answers to."""

APP_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""The Content-Security-Policy of every response, /docs included (its page
has no inline script and its assets are the app's own)."""

HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}


def is_loopback(host: str) -> bool:
    """Whether listening on ``host`` keeps the server to this machine."""
    name = host.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def host_name(header: str) -> str:
    """The host of a ``Host`` header, without the port, lower case."""
    h = header.strip().lower()
    if h.startswith("["):
        end = h.find("]")
        return h[: end + 1] if end > 0 else h
    return h.split(":", 1)[0]


class HostCheck:
    """Refuse (400) requests whose ``Host`` is not one of ``allowed``."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = LOCAL_HOSTS) -> None:
        self.app = app
        self.allowed = {host_name(h) if not h.startswith("[") else h.lower() for h in allowed}
        for h in list(self.allowed):
            if ":" in h and not h.startswith("["):
                self.allowed.add(f"[{h}]")  # a bare IPv6 address

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = dict(scope.get("headers", [])).get(b"host", b"").decode("latin-1")
        if host_name(header) not in self.allowed:
            shown = header[:60] or "(none)"
            response = JSONResponse({"error": f"host {shown!r} is not served here"}, 400)
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


class SecurityHeaders:
    """Add the Content-Security-Policy and security headers to every response
    (a header the app set itself is kept)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = APP_POLICY

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if "content-security-policy" not in headers:
                    headers["content-security-policy"] = policy
                for name, value in HEADERS.items():
                    if name not in headers:
                        headers[name] = value
            await send(message)

        await self.app(scope, receive, with_headers)
