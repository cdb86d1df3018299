"""The table's side of the feed: the runtime's publisher (:class:`pitchside.app.runtime.Publisher`).

:meth:`FeedPublisher.publish` is called by the runtime after each handled event, on the
runtime's thread: it only swaps a reference (the kiosk state is immutable) and sets an
event, so it returns in microseconds whatever the web side does. A worker thread builds
the snapshot (:func:`pitchside.web.feed.snapshot`), numbers it when it changed and hands
it to the sinks: the in-process hub (:meth:`Hub.publish_threadsafe`) or a datagram to a
``pitchside web`` beside the table (:class:`DatagramSink`). It re-sends the latest every
``heartbeat_s`` so a web side that restarted has the state at once, and every
``retry_s`` to a sink that reported itself full (a datagram socket whose receiver is
behind refuses the NEWEST datagram and keeps the older ones queued: without the retry a
web side that catches up would show a stale state until the next heartbeat). Latest wins.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from pitchside.tables import kiosk
from pitchside.web import feed

log = logging.getLogger(__name__)

Sink = Callable[[dict[str, Any]], "bool | None"]
"""Where snapshots go; must return at once (a fault is logged, never fatal). ``False``:
not delivered because the receiver is behind, so the latest is offered again after
``retry_s``; ``None`` or ``True``: done."""


class FeedPublisher:
    """Latest-wins hand-off from the runtime thread to the feed's sinks.

    :param sinks: called with each new snapshot (and again on each heartbeat).
    :param table: the table's name (``[table] name``). :param url: the pages' address (QR).
    :param heartbeat_s: how often the latest snapshot is re-sent (s); None: never.
    :param retry_s: how soon the latest is offered again to a sink that returned False (s).
    """

    def __init__(self, sinks: Sequence[Sink], table: str = "Pitchside", url: str | None = None,
                 heartbeat_s: float | None = 2.0, retry_s: float = 0.05) -> None:
        self.sinks = list(sinks)
        self.table = table
        self.url = url
        self.boot = uuid.uuid4().hex[:12]
        self.seq = 0
        self.errors = 0
        self.latest: dict[str, Any] | None = None
        self._heartbeat_s = heartbeat_s
        self._retry_s = retry_s
        self._behind: list[Sink] = []
        """The sinks that refused the latest (full): offered it again after ``retry_s``."""
        self._pending: tuple[kiosk.KioskState, int | None, feed.ShownRefusal | None] | None = None
        self._refusal: tuple[int | None, feed.ShownRefusal] | None = None
        """The latest refusal the panel showed and the match it was in (the feed's
        ``last_refusal``), kept by :meth:`publish` (the worker skips states: latest wins):
        forgotten when the match changes."""
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._idle = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pitchside-feed", daemon=True)
        self._thread.start()

    def publish(self, state: kiosk.KioskState, match_id: int | None = None) -> None:
        """The runtime's call after each handled event: returns at once."""
        shown = feed.shown_refusal(state)  # here, not in the worker: it may skip this state
        with self._lock:
            if shown is not None:
                self._refusal = (match_id, shown)
            elif self._refusal is not None and (self._refusal[0] != match_id or not state.table.match.can_undo()):
                self._refusal = None
            self._pending = (state, match_id, None if self._refusal is None else self._refusal[1])
            self._idle.clear()
        self._wake.set()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until the worker has sent everything published so far (tests, bench)."""
        return self._idle.wait(timeout)

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout=2.0)

    def _run(self) -> None:
        last_sent = 0.0
        while not self._stop.is_set():
            woke = self._wake.wait(self._retry_s if self._behind else self._heartbeat_s)
            self._wake.clear()
            with self._lock:
                pending, self._pending = self._pending, None
            if pending is not None:
                self._build(*pending)
                last_sent = time.monotonic()
            elif not woke and self.latest is not None:
                beat = not self._behind or (self._heartbeat_s is not None
                                            and time.monotonic() - last_sent >= self._heartbeat_s)
                if beat:
                    self._send(self.latest)  # heartbeat: same seq, the hub drops repeats
                    last_sent = time.monotonic()
                else:  # a retry: the latest again, to the sinks that were full only
                    self._send(self.latest, list(self._behind))
            with self._lock:
                if self._pending is None:
                    self._idle.set()

    def _build(self, state: kiosk.KioskState, match_id: int | None,
               last_refusal: feed.ShownRefusal | None) -> None:
        try:
            snap = feed.snapshot(state, seq=self.seq + 1, boot=self.boot, table=self.table,
                                 match_id=match_id, url=self.url, last_refusal=last_refusal)
        except Exception:  # a bug in the feed must not touch the table: it is logged
            self.errors += 1
            log.exception("feed snapshot failed")
            return
        if not feed.changed(self.latest, snap):
            return
        self.seq += 1
        self.latest = snap
        self._send(snap)

    def _send(self, snap: dict[str, Any], sinks: Sequence[Sink] | None = None) -> None:
        behind = []
        for sink in self.sinks if sinks is None else sinks:
            try:
                if sink(snap) is False:
                    behind.append(sink)
            except Exception as exc:
                self.errors += 1
                log.warning("feed sink fault, snapshot %s not sent: %s", snap.get("seq"), exc)
        if sinks is None:
            self._behind = behind
        else:
            self._behind = [s for s in self._behind if s in behind]


class DatagramSink:
    """Sends each snapshot as one Unix datagram to ``path`` (the ``pitchside web`` process);
    never waits: a missing or full receiver drops the datagram (counted in ``dropped``).
    Returns False when the receiver is there but full (its queue holds
    ``net.unix.max_dgram_qlen`` datagrams), so the publisher offers the latest again."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self.dropped = 0
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._sock.setblocking(False)
        self._encoded: tuple[dict[str, Any], bytes] | None = None
        """The last snapshot sent and its datagram: a heartbeat or a retry (every 50 ms
        while the receiver is full) sends the same object again, encoded once."""

    def __call__(self, snap: dict[str, Any]) -> bool:
        if self._encoded is not None and self._encoded[0] is snap:
            data = self._encoded[1]
        else:
            data = json.dumps(snap, separators=(",", ":")).encode()
            self._encoded = (snap, data)
        try:
            self._sock.sendto(data, self.path)
        except BlockingIOError:  # the receiver is behind: the publisher retries the latest
            self.dropped += 1
            return False
        except OSError:  # no receiver (not started, restarting): the heartbeat finds it later
            self.dropped += 1
        return True

    def close(self) -> None:
        self._sock.close()
