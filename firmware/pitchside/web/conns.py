"""Connections a slow or greedy client cannot starve the room with: uvicorn's h11
protocol with a header deadline and a per-address connection cap.

Why not plain uvicorn: its h11 protocol arms no timer on a new connection, and a
request's first bytes cancel the keep-alive timer (``data_received``), so a socket that
sends half a request line and stops is kept for ever. Each such socket counts towards
``limit_concurrency``: 265 of them from one laptop made every phone and the TV get 503.
uvicorn's options do not reach it: ``timeout_keep_alive`` runs only between requests,
``limit_concurrency`` counts every address together (it is what answered the 503s), and
``h11_max_incomplete_event_size`` caps the bytes of a header, not its time.

Why not another server: hypercorn 0.18 does time a connection's first head (its
keep-alive timer runs until a request starts) but caps nothing per address, so 500
half-open sockets are all taken in and a phone's p99 grew from 6 to 38 ms while they were;
its ``read_timeout`` times every read, an open SSE stream's too (the client sends
nothing after its request), so it would cut the TV's stream. It would also be a new
dependency (with h2, wsproto and more) and is slower per request here
(bench/slowclients.py measures all three; bench/README.md, "Slow clients").

So this module keeps uvicorn and adds, per connection:

* a **header deadline**: a request's headers must be complete within
  :data:`HEADER_TIMEOUT_S` of the connection opening (or of the previous response
  ending, on a kept-alive connection), else the connection is closed. A request whose
  headers arrived (an SSE stream, for hours) is never timed;
* a **per-address cap**: past :data:`MAX_CONNS_PER_IP` open connections from one
  address a new one is closed at once, before it is read (a warning is logged at most
  once a minute). The hub's cap on streams per address (10) sits below it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from typing import Any, ClassVar

from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

log = logging.getLogger(__name__)

HEADER_TIMEOUT_S = 5.0
"""Seconds a connection has to send a whole request head (line and headers)."""

MAX_CONNS_PER_IP = 16
"""Open connections one address may hold (a browser opens at most 6 to a host, plus
its streams); past it new ones are closed unread."""

WARN_EVERY_S = 60.0
"""At most one warning about refused connections this often."""


class Book:
    """The open connections of one server, per address, and the refusals to report."""

    def __init__(self, max_per_ip: int, header_timeout_s: float) -> None:
        self.max_per_ip = max_per_ip
        self.header_timeout_s = header_timeout_s
        self.per_ip: Counter[str] = Counter()
        self.refused = 0
        self.timed_out = 0
        self._unreported = 0
        self._warned_at = -WARN_EVERY_S

    def take(self, ip: str) -> bool:
        """Count a new connection from ``ip``; False (and counted as refused) past the cap."""
        if self.per_ip[ip] >= self.max_per_ip:
            self.refused += 1
            self._unreported += 1
            now = time.monotonic()
            if now - self._warned_at >= WARN_EVERY_S:
                log.warning("web: refused %d connection(s) over %d open from one address (last %s)",
                            self._unreported, self.max_per_ip, ip)
                self._warned_at, self._unreported = now, 0
            return False
        self.per_ip[ip] += 1
        return True

    def give_back(self, ip: str) -> None:
        self.per_ip[ip] -= 1
        if self.per_ip[ip] <= 0:
            del self.per_ip[ip]


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with the header deadline and the per-address cap of
    :attr:`book` (one :class:`Book` per server: :func:`protocol_class`)."""

    book: ClassVar[Book]

    def __init__(self, config: Config, server_state: ServerState, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self._deadline: asyncio.TimerHandle | None = None
        self._ip: str | None = None  # set while counted in the book

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        ip = self.client[0] if self.client else "?"
        if not self.book.take(ip):
            transport.close()  # stops reading at once: nothing of it is parsed
            return
        self._ip = ip
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._ip is not None:
            self.book.give_back(self._ip)
            self._ip = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._ip is None:  # refused: closing
            return
        before = self.cycle
        super().data_received(data)
        if self.cycle is not before:  # a request's head is complete: its answer is not timed
            self._disarm()

    def on_response_complete(self) -> None:
        before = self.cycle
        super().on_response_complete()
        if self.cycle is before and not self.transport.is_closing():
            self._arm()  # the next request's head has its own deadline

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.book.header_timeout_s, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self) -> None:
        self._deadline = None
        if (self.cycle is None or self.cycle.response_complete) and not self.transport.is_closing():
            self.book.timed_out += 1
            self.transport.close()


def protocol_class(max_per_ip: int = MAX_CONNS_PER_IP,
                   header_timeout_s: float = HEADER_TIMEOUT_S) -> type[GuardedH11Protocol]:
    """A :class:`GuardedH11Protocol` with a book of its own, for one server's
    ``uvicorn.Config(http=...)``."""

    class Guarded(GuardedH11Protocol):
        book = Book(max_per_ip, header_timeout_s)

    return Guarded
