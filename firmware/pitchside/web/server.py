"""Running the app on uvicorn (plain: pure-Python h11, no compiled extras).

Two ways: :func:`serve` in the main thread (``pitchside web``: uvicorn's own SIGTERM
handling) and :class:`BackgroundServer` on a thread (the simulator's ``--web``, tests).
Either way the hub ends every open stream as soon as shutdown starts, so the server stops
within ``timeout_graceful_shutdown`` (1 s) even with streams open (an SSE stream never
ends by itself and would otherwise block uvicorn's graceful shutdown for ever).

Every connection goes through :mod:`pitchside.web.conns`: a request head must arrive
within 5 s, and one address holds at most 16 connections, so slow or half-open sockets
cannot use up the server (the table's view and the league's pages alike).
"""

from __future__ import annotations

import socket
import threading
import time
from types import FrameType
from typing import Any

import uvicorn

from pitchside.web.conns import HEADER_TIMEOUT_S, MAX_CONNS_PER_IP, Book, GuardedH11Protocol, protocol_class
from pitchside.web.hub import Hub

GRACEFUL_S = 1
"""uvicorn's ``timeout_graceful_shutdown`` (s): the streams are ended before it anyway."""


class Server(uvicorn.Server):
    """uvicorn's server that ends the hub's streams the moment it is told to exit."""

    def __init__(self, config: uvicorn.Config, hub: Hub) -> None:
        super().__init__(config)
        self.hub = hub

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self.hub.close_threadsafe()
        super().handle_exit(sig, frame)


def config(app: Any, host: str, port: int, limit: int = 260, max_conns_per_ip: int = MAX_CONNS_PER_IP,
           header_timeout_s: float = HEADER_TIMEOUT_S, **kw: Any) -> uvicorn.Config:
    """uvicorn's config: h11 with the header deadline and per-address cap
    (:func:`pitchside.web.conns.protocol_class`; its :class:`Book`: :func:`book`),
    asyncio, no access log, ``limit_concurrency`` as a backstop behind those and the
    hub's stream cap, the graceful timeout above."""
    return uvicorn.Config(app, host=host, port=port, http=protocol_class(max_conns_per_ip, header_timeout_s),
                          loop="asyncio", lifespan="on", access_log=False, log_level="warning", limit_concurrency=limit,
                          timeout_graceful_shutdown=GRACEFUL_S, server_header=False, **kw)


def book(server: uvicorn.Server) -> Book:
    """The connection book of a server made with :func:`config` (tests, benchmarks)."""
    cls = server.config.http
    if not (isinstance(cls, type) and issubclass(cls, GuardedH11Protocol)):
        raise TypeError("not a server made by pitchside.web.server.config")
    return cls.book


def serve(app: Any, hub: Hub, host: str, port: int) -> None:
    """Serve in this (main) thread until SIGTERM or SIGINT."""
    Server(config(app, host, port), hub).run()


class BackgroundServer:
    """The app on a daemon thread of this process: :meth:`start` returns once it listens.

    :param port: 0 picks a free port (read :attr:`port` after :meth:`start`).
    :param limits: :func:`config`'s ``max_conns_per_ip`` and ``header_timeout_s`` (tests).
    """

    def __init__(self, app: Any, hub: Hub, host: str = "127.0.0.1", port: int = 0, **limits: Any) -> None:
        self.app, self.hub, self.host, self.limits = app, hub, host, limits
        self.port = port or free_port(host)
        self.server: Server | None = None
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    def start(self, timeout: float = 10.0) -> "BackgroundServer":
        self.server = Server(config(self.app, self.host, self.port, **self.limits), self.hub)
        # off the main thread uvicorn installs no signal handlers (capture_signals)
        self.thread = threading.Thread(target=self.server.run, name="pitchside-web", daemon=True)
        self.thread.start()
        deadline = time.monotonic() + timeout
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the web server did not start on {self.url}")
            time.sleep(0.01)
        return self

    @property
    def book(self) -> Book:
        """The connections it holds per address and those it refused or timed out."""
        if self.server is None:
            raise RuntimeError("the web server is not running")
        return book(self.server)

    def stop(self, timeout: float = 5.0) -> None:
        if self.server is None or self.thread is None:
            return
        self.hub.close_threadsafe()
        self.server.should_exit = True
        self.thread.join(timeout)
        self.server = None


def free_port(host: str = "127.0.0.1") -> int:
    """A port free on ``host`` now (an IPv4 or IPv6 address)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])
