"""The rooms server's own defences on the web: Host and Origin checks, security headers.

:class:`WebGuard` is a pure ASGI middleware (no dependency beyond Starlette's own
pieces) that :func:`~brady_widgets.rooms.server.create_app` wraps around the app.

Host check (DNS rebinding)
    A page on ``evil.example`` whose DNS name is later pointed at 127.0.0.1 (or at the
    teacher's laptop) is, for the browser, the same origin as that address: its
    scripts could read the pages and open ``/ws``. The one thing they cannot change is
    the ``Host`` header, which still says ``evil.example``. So every request must name
    one of the served names: ``localhost``, ``127.0.0.1``, ``[::1]``, this machine's
    hostname and LAN address, plus the host of ``--public-url`` and every
    ``--allow-host NAME`` (``--allow-host '*'`` turns the check off, for a proxy that
    rewrites names). A wrong Host gets a plain-text 400; a WebSocket handshake with one
    is refused before it is accepted (the client sees HTTP 403).

Origin check (cross-site pages)
    A browser lets any page open a WebSocket to any address, and sends the cookies-free
    handshake with an ``Origin`` header naming the page's origin; it always sends it, and
    a page's script cannot remove or forge it. A page served from another origin (another
    port on 127.0.0.1, a site on the internet, a classmate's laptop) could otherwise join
    a table, guess codes or drive the teacher's page's connection. So a WebSocket to
    ``/ws`` and every state-changing HTTP request (anything but GET, HEAD and OPTIONS) are
    accepted only when ``Origin`` is the server's own origin (the request's scheme and the
    host and port its ``Host`` header names) or one given with ``--allow-origin ORIGIN``.

    A WebSocket *without* an Origin header is accepted: no browser sends one (so no
    cross-site page can make one), while Python clients (``RemoteSeat``, the tests'
    clients) send none. Refusing them would stop scripts and protect nothing; such a
    client is held to everything else (tokens, rate limits, the same validation). A
    state-changing HTTP request without Origin is refused: browsers send Origin on every
    such request, and no client of this server sends one.

Security headers on every HTTP answer
    ``Content-Security-Policy`` (:data:`CSP`: only this server's own scripts, styles and
    sockets; no inline script; never inside a frame: the teacher's page cannot be
    click-jacked), ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer``
    (a page's address never leaves in a request) and ``X-Frame-Options: DENY`` (older
    browsers' frame-ancestors). The pages have no inline script and no inline ``style=``
    attribute (their scripts are ``/assets/*.js``); the views set ``element.style`` from
    JS, which a CSP does not restrict.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import PlainTextResponse

__all__ = ["CSP", "SECURITY_HEADERS", "PerMinute", "WebGuard", "default_hosts", "origin_of"]

#: the pages' Content-Security-Policy: ``default-src 'self'`` covers scripts, styles, images
#: and (in Chromium, Firefox and Safari) the same-origin ``ws:``/``wss:`` socket
CSP = "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
SECURITY_HEADERS = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}
#: methods that change nothing (HTTP's "safe" methods): no Origin check for them
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443}
#: at most this many distinct refused hosts/origins are reported on the terminal
MAX_REPORTED = 50


class PerMinute:
    """Tries per address over the last minute (a sliding minute): a join by code, a wrong
    teacher's token at the front's export, a new QR code drawn. Once a minute the addresses
    with no try this last minute are forgotten: the memory is that of the addresses heard
    from lately, not of every address ever heard from (a server on the open internet hears
    from many)."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = {}  # address -> its tries this last minute
        self.swept = time.monotonic()

    def allow(self, addr: str, most: int) -> bool:
        """Count a try by ``addr`` if it has had fewer than ``most`` this last minute."""
        now = time.monotonic()
        if now - self.swept >= 60:
            self.swept = now
            self.times = {a: ts for a, ts in self.times.items() if ts and now - ts[-1] < 60}
        recent = [t for t in self.times.get(addr, []) if now - t < 60]
        if len(recent) >= most:
            self.times[addr] = recent
            return False
        recent.append(now)
        self.times[addr] = recent
        return True


def _split_host(value: str) -> tuple[str, int | None]:
    """``"Example.org:8765"`` -> ``("example.org", 8765)``; ``"[::1]"`` -> ``("::1", None)``.
    Raises ValueError for a value that is not a host[:port]."""
    value = value.strip()
    if not value or any(c in value for c in "/?#@ \t\\"):
        raise ValueError(f"not a host: {value!r}")
    parts = urlsplit("//" + value)
    name = parts.hostname
    if not name:
        raise ValueError(f"not a host: {value!r}")
    return name.rstrip(".").lower(), parts.port


def _host_name(value: str) -> str:
    """A served name as given on the command line (``[::1]``, ``::1``, ``Class.Local``)."""
    value = value.strip()
    if ":" in value and not value.startswith("["):  # a bare IPv6 address
        value = f"[{value}]"
    return _split_host(value)[0]


def origin_of(url: str) -> tuple[str, str, int]:
    """``"https://Games.School.example/rooms/"`` -> ``("https", "games.school.example", 443)``.
    Raises ValueError for anything but an http(s) origin or URL."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        raise ValueError(f"not an http(s) origin: {url!r}")
    return (
        scheme,
        parts.hostname.rstrip(".").lower(),
        parts.port or DEFAULT_PORTS[scheme],
    )


def default_hosts() -> set[str]:
    """The names this machine answers to by default: loopback, its LAN address, its hostname
    and that name on the local network's mDNS (``NAME.local``). No DNS lookup (``getfqdn``
    can hang for seconds on a network without DNS): other names are given with --allow-host."""
    from .cli import lan_address

    names = {"localhost", "127.0.0.1", "::1", lan_address()}
    name = socket.gethostname().rstrip(".").lower()
    if name:
        names |= {name, name if name.endswith(".local") else f"{name}.local"}
    return names


def _with_headers(send: Any) -> Any:
    """``send`` that adds :data:`SECURITY_HEADERS` to the response's start."""

    async def send_with_headers(message: dict) -> None:
        if message["type"] == "http.response.start":
            message.setdefault("headers", [])
            h = MutableHeaders(scope=message)
            for name, value in SECURITY_HEADERS.items():
                h[name] = value
        await send(message)

    return send_with_headers


class WebGuard:
    """ASGI middleware: Host and Origin checks, security headers (see the module's docstring).

    ``hosts``: served names besides :func:`default_hosts` (``"*"``: any name);
    ``origins``: origins accepted besides the server's own (``"https://lms.school.example"``).
    """

    def __init__(
        self,
        app: Any,
        hosts: Iterable[str] = (),
        origins: Iterable[str] = (),
        defaults: bool = True,
    ):
        self.app = app
        hosts = list(hosts)
        self.any_host = "*" in hosts
        self.hosts = frozenset(
            {
                *(default_hosts() if defaults else ()),
                *(_host_name(h) for h in hosts if h != "*"),
            }
        )
        self.origins = frozenset(origin_of(o) for o in origins)
        self.reported: set[str] = set()

    # -------------------------------------------------------------- checks
    def host_ok(self, host: str | None) -> tuple[str, int | None] | None:
        """The request's (name, port) when its Host is served, else None."""
        if not host:
            return None
        try:
            name, port = _split_host(host)
        except ValueError:
            return None
        return (name, port) if self.any_host or name in self.hosts else None

    def origin_ok(self, origin: str, scheme: str, host: tuple[str, int | None]) -> bool:
        """Is ``origin`` the server's own (``scheme`` and the Host's name and port) or allowed?"""
        try:
            o = origin_of(origin)
        except ValueError:  # "null" (a sandboxed frame, a file:// page) or junk
            return False
        scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
        own = (scheme, host[0], host[1] or DEFAULT_PORTS.get(scheme, 0))
        return o == own or o in self.origins

    def report(self, what: str, value: str) -> None:
        """One line on the terminal per distinct refused value: the teacher sees what to allow."""
        key = f"{what}={value}"
        if key in self.reported or len(self.reported) >= MAX_REPORTED:
            return
        self.reported.add(key)
        flag = "--allow-host" if what == "Host" else "--allow-origin"
        print(
            f"rooms: refused a request with {what} {value!r} (if that is yours, start with {flag})",
            flush=True,
        )

    # ---------------------------------------------------------------- ASGI
    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):  # lifespan
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host = self.host_ok(headers.get("host"))
        if host is None:
            self.report("Host", headers.get("host", ""))
            await self.refuse(scope, receive, send, 400, "This server does not answer to that name.")
            return
        origin = headers.get("origin")
        if kind == "websocket":
            if origin is not None and not self.origin_ok(origin, scope.get("scheme", "ws"), host):
                self.report("Origin", origin)
                await self.refuse(
                    scope,
                    receive,
                    send,
                    403,
                    "Connections come only from this server's own pages.",
                )
                return
            await self.app(scope, receive, send)
            return
        if scope["method"] not in SAFE_METHODS and (
            origin is None or not self.origin_ok(origin, scope.get("scheme", "http"), host)
        ):
            self.report("Origin", origin or "(none)")
            await self.refuse(
                scope,
                receive,
                send,
                403,
                "Changes come only from this server's own pages.",
            )
            return

        await self.app(scope, receive, _with_headers(send))

    async def refuse(self, scope: dict, receive: Any, send: Any, status: int, text: str) -> None:
        if scope["type"] == "websocket":
            # before the handshake is accepted: the server answers HTTP 403, nothing is opened
            message = await receive()
            if message["type"] == "websocket.connect":
                await send({"type": "websocket.close", "code": 1008, "reason": text})
            return

        await PlainTextResponse(text, status_code=status)(scope, receive, _with_headers(send))
