"""The hub: the latest snapshot and one bounded queue per SSE client, in the web's
asyncio loop, fed from any thread (the table's runtime thread, a datagram reader).

Latest wins: a client whose queue is full loses its oldest snapshot, never the newest,
so a slow phone never builds a backlog nor slows the others (a snapshot is the whole
state, so a skipped one loses nothing a later one does not say).
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Entry:
    """One snapshot as the hub keeps it: its ``seq``, ``boot`` and JSON text (encoded once),
    and its SSE block per event name (:meth:`sse`, built once and shared by every stream)."""

    seq: int
    boot: str
    snap: dict[str, Any]
    text: str
    _sse: dict[str, bytes] = field(default_factory=dict, compare=False, repr=False)

    def sse(self, event: str) -> bytes:
        """``id: seq / event: <event> / data: <text>`` as one SSE block (UTF-8): built on
        the first stream's call, the same bytes for every later stream (the fan-out of a
        change costs one encoding, not one per client). Called in the hub's loop only."""
        block = self._sse.get(event)
        if block is None:
            block = self._sse[event] = f"id: {self.seq}\nevent: {event}\ndata: {self.text}\n\n".encode()
        return block


CLOSE = Entry(-1, "", {}, "")
"""Sentinel put on every queue when the hub closes: each stream ends at once."""


@dataclass(eq=False)
class Client:
    """One SSE stream: its queue and the peer's address."""

    ip: str
    queue: "asyncio.Queue[Entry]" = field(default_factory=lambda: asyncio.Queue(maxsize=64))

    def put(self, entry: Entry) -> None:
        """Queue ``entry``; a full queue drops its oldest first (latest wins)."""
        while self.queue.full():
            try:
                self.queue.get_nowait()
            except asyncio.QueueEmpty:  # pragma: no cover - single-threaded loop
                break
        self.queue.put_nowait(entry)


class Hub:
    """The fan-out of snapshots to streams.

    :param max_clients: open streams in all (past it :meth:`subscribe` returns None: 503).
    :param max_per_ip: open streams from one address.
    """

    def __init__(self, max_clients: int = 200, max_per_ip: int = 10) -> None:
        self.max_clients = max_clients
        self.max_per_ip = max_per_ip
        self.clients: set[Client] = set()
        self.per_ip: Counter[str] = Counter()
        self.latest: Entry | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.closed = False
        self._lock = threading.Lock()
        self.published = 0

    # --- any thread -------------------------------------------------------------------

    def publish_threadsafe(self, snap: dict[str, Any], text: str | None = None) -> None:
        """Hand a snapshot over from any thread; returns at once (never waits on a client).
        ``text``: the snapshot's JSON when the caller has it already (the feed's datagram:
        not encoded again); by default it is encoded here, once."""
        if text is None:
            text = json.dumps(snap, separators=(",", ":"))
        entry = Entry(int(snap["seq"]), str(snap.get("boot", "")), snap, text)
        with self._lock:
            loop = self.loop
            if loop is None or loop.is_closed():
                self._keep(entry)
                return
        try:
            loop.call_soon_threadsafe(self._publish, entry)
        except RuntimeError:  # the loop stopped meanwhile: keep it for the next one
            with self._lock:
                self._keep(entry)

    # --- the loop ---------------------------------------------------------------------

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Serve from ``loop`` (the server's lifespan start); the hub opens again."""
        with self._lock:
            self.loop = loop
            self.closed = False

    def _keep(self, entry: Entry) -> bool:
        """Make ``entry`` the latest unless it is a repeat (a heartbeat) or older."""
        old = self.latest
        if old is not None and old.boot == entry.boot and entry.seq <= old.seq:
            return False
        self.latest = entry
        return True

    def _publish(self, entry: Entry) -> None:
        with self._lock:
            fresh = self._keep(entry)
        if not fresh:
            return
        self.published += 1
        for client in self.clients:
            client.put(entry)

    def subscribe(self, ip: str, last_event_id: str | None = None) -> Client | None:
        """A new stream's client with the latest snapshot queued first (unless the
        client's ``Last-Event-ID`` is that snapshot's seq), or None past a limit."""
        if self.closed or len(self.clients) >= self.max_clients or self.per_ip[ip] >= self.max_per_ip:
            return None
        client = Client(ip)
        latest = self.latest
        if latest is not None and last_event_id != str(latest.seq):
            client.put(latest)
        self.clients.add(client)
        self.per_ip[ip] += 1
        return client

    def unsubscribe(self, client: Client) -> None:
        if client in self.clients:
            self.clients.discard(client)
            self.per_ip[client.ip] -= 1
            if self.per_ip[client.ip] <= 0:
                del self.per_ip[client.ip]

    def close(self) -> None:
        """End every stream now (shutdown): each gets :data:`CLOSE`; new ones are refused."""
        self.closed = True
        for client in list(self.clients):
            client.put(CLOSE)

    def close_threadsafe(self) -> None:
        """:meth:`close` from any thread (a signal handler, the thread stopping the server)."""
        loop = self.loop
        if loop is None or loop.is_closed():
            self.closed = True
            return
        try:
            loop.call_soon_threadsafe(self.close)
        except RuntimeError:
            self.closed = True
