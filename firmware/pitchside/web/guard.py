"""The web's safety layer: GET only, a per-client rate limit,
security headers, and no stack trace ever reaches a client. The Host allow-list is
Starlette's ``TrustedHostMiddleware`` (:func:`pitchside.web.app.create_app`).

A plain ASGI middleware, so it also wraps the SSE streams without buffering them.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; frame-ancestors 'self'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
"""Added to every answer: no third-party script, style or frame; no CORS header ever."""


class Bucket:
    """A token bucket: ``rate`` per second, up to ``burst``."""

    __slots__ = ("tokens", "at")

    def __init__(self, burst: float, now: float) -> None:
        self.tokens = burst
        self.at = now


class Guard:
    """The ASGI middleware.

    :param rate_per_s: requests per second per client address, sustained.
    :param burst: requests a client may make at once.
    :param clock: seconds (``time.monotonic``).
    """

    def __init__(self, app: ASGIApp, rate_per_s: float = 10.0, burst: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.app = app
        self.rate = rate_per_s
        self.burst = burst
        self.clock = clock
        self.buckets: dict[str, Bucket] = {}

    def allow(self, ip: str) -> bool:
        now = self.clock()
        b = self.buckets.get(ip)
        if b is None:
            if len(self.buckets) > 10_000:  # forget idle clients: memory stays bounded
                self.buckets.clear()
            b = self.buckets[ip] = Bucket(self.burst, now)
        b.tokens = min(self.burst, b.tokens + (now - b.at) * self.rate)
        b.at = now
        if b.tokens < 1:
            return False
        b.tokens -= 1
        return True

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] not in ("GET", "HEAD"):
            await _plain(send, 405, "read-only: GET only\n", [(b"allow", b"GET, HEAD")])
            return
        client = scope.get("client") or ("?", 0)
        if not self.allow(str(client[0])):
            await _plain(send, 429, "too many requests\n", [(b"retry-after", b"2")])
            return
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            log.exception("web request %s failed", scope.get("path"))
            if not started:
                await _plain(send, 500, "internal error\n")


async def _plain(send: Send, status: int, text: str, extra: list[tuple[bytes, bytes]] | None = None) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()), *HEADERS, *(extra or [])]})
    await send({"type": "http.response.body", "body": body})
