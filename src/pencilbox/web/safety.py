"""Safe defaults for a server on the player's own machine.

- :class:`HostCheck` answers only requests with exactly one ``Host`` header,
  well formed (a name or address and an optional port up to 65535, nothing
  else), that names the machine itself (localhost, 127.0.0.1, [::1]) or a
  host the server was told about, so a web page on another site cannot
  reach the app through DNS rebinding.
- :class:`SameOrigin` refuses (403) API requests that a page of another
  site makes (``Sec-Fetch-Site``, else ``Origin``), and any API request
  that sends either header twice (no browser does; the last would win):
  no other site can make the server deal, hint or analyze.
- :class:`SecurityHeaders` adds a Content-Security-Policy that lets a page
  load only the app's own scripts, styles and images (and, written into
  the page, only the two files its first paint waits for, by their hashes:
  :data:`INLINE`), and the usual headers: no MIME sniffing, no referrer,
  no framing.
- :class:`Crashes` answers an unexpected error with a JSON 500 (inside
  :class:`SecurityHeaders`, so it has the headers too) and logs one line.
"""

from __future__ import annotations

import base64
import hashlib
import ipaddress
import logging
import re
from collections.abc import Iterable
from pathlib import Path

from starlette.datastructures import MutableHeaders
from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]")
"""Host names every server answers to."""

STATIC = Path(__file__).parent / "static"
INLINE = {"firstpaint.js": "script", "style.css": "style"}
"""The files of ``static/`` the page's first paint waits for, written into
the page (:func:`pencilbox.web.assets.inlined`) so a first visit does not
wait a round trip for them, each by the element that holds it."""


def source_hash(name: str) -> str:
    """A CSP source that allows ``static/NAME`` written into the page: the
    sha256 of its text, as the page holds it (line ends as the HTML parser
    leaves them)."""
    text = (STATIC / name).read_text(encoding="utf-8").replace("\r\n", "\n")
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    return f"'sha256-{digest}'"


APP_POLICY = (
    f"default-src 'self'; script-src 'self' {source_hash('firstpaint.js')}; "
    f"style-src 'self' {source_hash('style.css')}; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""The Content-Security-Policy of every response, /docs included (its page
has no inline script and its assets are the app's own); the only inline
code it allows is :data:`INLINE`'s, by hash."""

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


HOST_HEADER = re.compile(
    r"(?P<name>\[[0-9a-f:.]{2,45}\]|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)"
    r"(?::(?P<port>[0-9]{1,5}))?"
)
"""A ``Host`` header: a name, an IPv4 or a bracketed IPv6 address, and an
optional port; nothing before, between or after."""
MAX_PORT = 65535


def host_name(header: str) -> str | None:
    """The host of a ``Host`` header, without the port, lower case; None
    unless the header is one well-formed host (its port, if any, a port)."""
    match = HOST_HEADER.fullmatch(header.lower())
    if match is None or int(match.group("port") or 0) > MAX_PORT:
        return None
    return match.group("name")


def allowed_name(host: str) -> str:
    """How a host the server answers to appears in a ``Host`` header
    (a bare IPv6 address is bracketed)."""
    h = host.strip().lower()
    if ":" in h and not h.startswith("["):
        return f"[{h}]"
    name = host_name(h)
    return name if name is not None else h


class HostCheck:
    """Refuse (400) requests whose ``Host`` is not one of ``allowed``."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = LOCAL_HOSTS) -> None:
        self.app = app
        self.allowed = {allowed_name(h) for h in allowed if h.strip()}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        hosts = [v for k, v in scope.get("headers", []) if k == b"host"]
        header = hosts[0].decode("latin-1") if len(hosts) == 1 else ""
        if host_name(header) not in self.allowed:
            shown = header[:60] or ("(several)" if hosts else "(none)")
            response = JSONResponse({"error": f"host {shown!r} is not served here"}, 400)
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


SAME_SITE_FETCHES = (b"same-origin", b"none")
"""``Sec-Fetch-Site`` values of the app's own page and of the user's own
typing (a bookmark, the address bar)."""


class SameOrigin:
    """Refuse (403) requests under ``prefix`` made by a page of another
    site, or of another port of this one: by ``Sec-Fetch-Site`` when the
    browser sends it, else by an ``Origin`` other than this server's.
    Requests without either (curl, scripts) are not from a browser page."""

    def __init__(self, app: ASGIApp, prefix: str = "/api/") -> None:
        self.app = app
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(self.prefix):
            await self.app(scope, receive, send)
            return
        sent = scope.get("headers", [])
        sites = [v for k, v in sent if k == b"sec-fetch-site"]
        origins = [v for k, v in sent if k == b"origin"]
        if len(sites) > 1 or len(origins) > 1:
            twice = "Sec-Fetch-Site" if len(sites) > 1 else "Origin"
            response = JSONResponse(
                {"error": f"a request with two {twice} headers is refused"}, 403
            )
            await response(scope, receive, send)
            return
        headers = dict(sent)
        site = sites[0] if sites else None
        origin = origins[0] if origins else None
        if site is not None:
            foreign = site not in SAME_SITE_FETCHES
        elif origin is not None:
            own = scope.get("scheme", "http").encode() + b"://" + headers.get(b"host", b"")
            foreign = origin.lower() != own.lower()
        else:
            foreign = False
        if foreign:
            response = JSONResponse({"error": "requests from other sites are refused"}, 403)
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


class Crashes:
    """Answer an error nothing else caught with a JSON 500 (when no answer
    has started), and log it in one line, without a traceback."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except ClientDisconnect:
            return  # nobody to answer
        except Exception as e:
            where = f"{scope.get('method', '')} {scope.get('path', '')[:200]!r}"
            LOG.error("internal error on %s: %s: %s", where, type(e).__name__, str(e)[:200])
            if not started:
                await JSONResponse({"error": "internal error"}, 500)(scope, receive, send)


LOG = logging.getLogger("pencilbox.web")


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
