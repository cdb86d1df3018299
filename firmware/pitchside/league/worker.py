"""The region's league workers: N processes on one MQTT v5 shared subscription
(``$share/<group>/pitchside/+/+/result``) to the region's broker, each storing a result
(checked, committed) before it acknowledges it (:class:`pitchside.league.subscriber.AckingClient`).

What Mosquitto (2.0) does with a shared subscription decides the design (tested in
tests/region/): it hands each message of the group to one member in turn, and a member
whose session persists stays in the turn while it is away: what it was sent and had not
acknowledged, and its share of what arrives meanwhile, wait in *its* session and go to
the next connection of that session, never to another member. So each worker is a
**slot** with a fixed user and client id (``league-<slot>``, its own persistent session)
and the supervisor (:mod:`pitchside.league.workers`) starts a slot again at once when its
process dies: the restarted worker takes the dead one's unacknowledged results and its
queue. A result is stored idempotently by ``(venue, table, match, digest)``, so one
received twice (a worker killed between its commit and its acknowledgement) is a copy:
0 lost, 0 counted twice.

The store is any :class:`ResultSink`: today the league's SQLite store, which several
worker processes share (WAL; a write waits for another's lock, and the subscriber tries
a failed write again).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from pitchside.league.service import judge
from pitchside.league.store import Added
from pitchside.league.subscriber import AckingClient
from pitchside.league.verify import Verdict
from pitchside.wire import messages as wire
from pitchside.wire.errors import WireError
from pitchside.wire.messages import Result
from pitchside.wire.topics import parse_topic

log = logging.getLogger(__name__)

GROUP = "league"
"""The shared subscription's group name (``$share/league/...``)."""

RECEIVE_MAXIMUM = 20
"""Results one worker may hold unacknowledged: what a killed worker's restart takes back."""

BACKSTOP_SLOT = 0
BACKSTOP_HOLD_S = 30.0
"""How long the backstop leaves a result to the workers before it looks for it: long
enough that workers with a backlog (a burst past the store's rate) are not doubled by
it, short enough that a result a fault stranded counts within a minute."""

BACKSTOP_RECEIVE_MAXIMUM = 10_000
"""Results the backstop may hold (a few KB each): with :data:`BACKSTOP_HOLD_S`, it keeps
up with about 330 results/s; past that its queue waits in the broker (nothing lost) and
it catches up."""


class ResultSink(Protocol):
    """What a worker needs of the league's store: one result kept, once, committed
    before it returns (:meth:`pitchside.league.store.Store.add`)."""

    def add(self, msg: Result | None, verdict: Verdict, payload: bytes, wall: float, *,
            venue: str, table: str) -> Added:
        """:raises pitchside.league.store.StoreError: not stored (not acknowledged)."""
        ...

    def has(self, venue: str, table: str, match: str, digest: str) -> bool:
        """Whether a result of that key is stored."""
        ...


@dataclass(slots=True)
class Tally:
    """What one worker did: results kept (counted or refused), copies and conflicts."""

    counted: int = 0
    refused: int = 0
    copies: int = 0
    conflicts: int = 0


def backstop_topic() -> str:
    """The backstop's ordinary (not shared) subscription: every venue's and table's results."""
    return "pitchside/+/+/result"


def shared_topic(group: str = GROUP) -> str:
    """The workers' shared subscription: every venue's and table's results."""
    return f"$share/{group}/pitchside/+/+/result"


class Intake:
    """A result of any venue, checked (:func:`pitchside.league.service.judge`) and stored
    in ``sink``."""

    def __init__(self, sink: ResultSink) -> None:
        self.sink = sink
        self.tally = Tally()
        self._lock = threading.Lock()

    def handle(self, topic: str, payload: bytes, wall: float) -> None:
        """:raises pitchside.league.store.StoreError: not stored (the caller does not ack)."""
        where = parse_topic(topic)
        if where is None or where.kind != "result":
            return
        msg, verdict = judge(where, payload)
        added = self.sink.add(msg, verdict, payload, wall, venue=where.venue, table=where.table)
        with self._lock:
            if added == "copy":
                self.tally.copies += 1
            elif added == "conflict":
                self.tally.conflicts += 1
            elif verdict.ok:
                self.tally.counted += 1
            else:
                self.tally.refused += 1
        if not verdict.ok and added != "copy":
            log.warning("league: refused a result from %s/%s: %s", where.venue, where.table, verdict.reason)


class Worker(AckingClient):
    """Worker slot ``slot`` of the shared subscription: user and client id
    ``<user>-<slot>`` with the password of ``login`` (``league:PASSWORD``, the region's
    ``league.cred``), so each slot keeps its own session."""

    def __init__(self, intake: Intake, host: str, port: int, *, slot: int, login: tuple[str, str],
                 group: str = GROUP, tls: bool = False, ca_file: str | None = None, keepalive_s: int = 30,
                 wall: Callable[[], float] = time.time) -> None:
        self.intake = intake
        self.slot = slot
        user = f"{login[0]}-{slot}"
        super().__init__(intake.handle, shared_topic(group), host, port, login=(user, login[1]), client_id=user,
                         tls=tls, ca_file=ca_file, keepalive_s=keepalive_s, wall=wall,
                         receive_maximum=RECEIVE_MAXIMUM)

    def leave(self, idle_s: float = 2.0, timeout_s: float = 600.0) -> bool:
        """Leave the group for good (a slot no longer run, after ``--count`` is lowered):
        unsubscribe, so the broker stops giving this slot a share; store what its session
        still holds (sent once it is connected) until nothing has come for ``idle_s``
        and all is acknowledged; then end the session (disconnect with a session expiry
        of 0). False, with the session kept, if that takes longer than ``timeout_s``."""
        deadline = time.monotonic() + timeout_s
        while not self.client.is_connected():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        self.client.unsubscribe(self.topic)
        while self.received != self.acked or time.monotonic() - self.last_received < idle_s:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        props = Properties(PacketTypes.DISCONNECT)  # type: ignore[no-untyped-call]
        props.SessionExpiryInterval = 0
        self._stop.set()
        self._results.put(None)
        self.client.disconnect(properties=props)
        self.client.loop_stop()
        return True


class Backstop(AckingClient):
    """Slot 0 (user and client id ``<user>-0``): an ordinary persistent subscription to
    every result beside the workers' shared one. Mosquitto 2.0 restores an ordinary
    subscription of a persistent session after a restart but not a shared one, so a
    result the bridges deliver after a region broker restart and before the workers have
    subscribed again reaches only the backstop (tested in tests/region/); and a result
    left in a slot that stays down waits in that slot's session. The backstop holds each
    result :data:`BACKSTOP_HOLD_S`, then acknowledges it if a worker stored it (a key
    lookup), else checks and stores it itself: 0 lost whatever the group does, at the
    cost of one lookup a result."""

    def __init__(self, intake: Intake, host: str, port: int, *, login: tuple[str, str], tls: bool = False,
                 ca_file: str | None = None, keepalive_s: int = 30, wall: Callable[[], float] = time.time,
                 hold_s: float = BACKSTOP_HOLD_S) -> None:
        self.intake = intake
        self.slot = BACKSTOP_SLOT
        self.taken = 0
        """Results the workers had not stored, stored here."""
        user = f"{login[0]}-{BACKSTOP_SLOT}"
        super().__init__(self._check, backstop_topic(), host, port, login=(user, login[1]), client_id=user,
                         tls=tls, ca_file=ca_file, keepalive_s=keepalive_s, wall=wall,
                         receive_maximum=BACKSTOP_RECEIVE_MAXIMUM, hold_s=hold_s)

    def _check(self, topic: str, payload: bytes, wall: float) -> None:
        """:raises pitchside.league.store.StoreError: not stored (not acknowledged)."""
        where = parse_topic(topic)
        if where is None or where.kind != "result":
            return
        try:
            msg = wire.parse(wire.Result, payload)
        except WireError:
            msg = None
        if msg is not None and self.intake.sink.has(where.venue, where.table, msg.match, msg.digest):
            return
        before = self.intake.tally.counted + self.intake.tally.refused + self.intake.tally.conflicts
        self.intake.handle(topic, payload, wall)
        if self.intake.tally.counted + self.intake.tally.refused + self.intake.tally.conflicts > before:
            self.taken += 1
            log.warning("league backstop: stored a result from %s/%s the workers had not", where.venue, where.table)
