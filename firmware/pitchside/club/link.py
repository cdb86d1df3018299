"""The table's link to the club's broker (docs/spec/mqtt.md): paho-mqtt 2.x, MQTT v5.

:class:`ClubLink` is a sink of the feed publisher (:class:`pitchside.web.publisher.FeedPublisher`):
its call only swaps a reference and sets an event, so the table loop never waits on it.
Its own thread does the rest, in this order on each wake (a snapshot, a broker
acknowledgement, a (re)connect, or every ``poll_s``):

1. acknowledgements: a result whose PUBACK came back successful is marked delivered in
   the journal (:meth:`pitchside.app.outbox.Outbox.delivered`); a refused one (the ACL's
   "Not authorized") is tried again after ``retry_s``;
2. after each (re)connect: the birth message on ``status`` (retained), then the latest
   ``state`` (retained), then the results still owed, from the oldest;
3. the newest snapshot on ``state`` (retained);
4. each line journaled since the last wake on ``events``;
5. the oldest result still owed on ``result`` (QoS 1), one in flight at a time, so the
   league gets them in the order the matches ended;
6. on a paying table (``currency`` given), its audits and lifetime meters on ``audits``
   (retained), read from the journal when its credits ledger changed and after each
   (re)connect.

The broker's last will marks the table offline (``why: "lost"``); :meth:`ClubLink.close`
publishes ``offline`` itself (``why: "stopped"``), since a clean disconnect fires no will.
While the broker is away nothing is sent but the results stay owed in the journal;
paho reconnects by itself (1 s, doubling to 30 s). Every fault is logged and counted,
never raised into the table.
"""

from __future__ import annotations

import logging
import queue
import sqlite3
import ssl
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion, MQTTErrorCode

from pitchside.app.config_mqtt import CredentialsError, MqttConfig, read_credentials, table_user
from pitchside.app.outbox import Cursor, Outbox, Owed
from pitchside.club import messages
from pitchside.club.fixture import parse_offer, tag
from pitchside.tables.effects import FixtureOffered

log = logging.getLogger(__name__)


def firmware_version() -> str:
    """The installed Pitchside's version (``"unknown"`` when not installed)."""
    from importlib import metadata

    try:
        return metadata.version("pitchside")
    except metadata.PackageNotFoundError:  # pragma: no cover - the tests run it installed
        return "unknown"


@dataclass(slots=True)
class LinkCounts:
    """What the link did: messages handed to paho, results acknowledged and marked,
    messages dropped while offline (state and events are not kept), faults."""

    published: int = 0
    delivered: int = 0
    refused: int = 0
    dropped: int = 0
    errors: int = 0
    connects: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)


class ClubLink:
    """Publish one table to the broker of ``config``.

    :param journal: the journal file (its outbox); None: no results, no events (a journal
        in memory mode owes the club nothing it can prove).
    :param name: the table's name (``[table] name``). :param games: the games it offers.
    :param wall: wall-clock seconds (the delivered mark's time).
    :param poll_s: the longest the link sleeps between looks at the journal (s).
    :param retry_s: how long a result the broker refused waits before it is sent again (s).
    :param currency: a paying table's currency symbol (``[pricing] currency``): its audits
        are published; None (no pricing): they are not.
    """

    def __init__(self, config: MqttConfig, journal: str | Path | None, *, name: str = "Pitchside",
                 games: Sequence[str] = (), version: str | None = None, wall: Callable[[], float] = time.time,
                 poll_s: float = 1.0, retry_s: float = 30.0,
                 on_fixture: Callable[[FixtureOffered], None] | None = None, currency: str | None = None) -> None:
        self.config = config
        self.journal = Path(journal) if journal is not None else None
        self.boot = uuid.uuid4().hex[:12]
        self.counts = LinkCounts()
        self._wall = wall
        self._poll_s = poll_s
        self._retry_s = retry_s
        self.name = name
        self.games = tuple(games)
        self.version = version or firmware_version()
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._snap: dict[str, Any] | None = None
        self._acks: queue.SimpleQueue[tuple[int, bool, str]] = queue.SimpleQueue()
        self._connected = False
        self._generation = 0
        self._outbox: Outbox | None = None
        self._outbox_failed = False
        self._uid: str | None = None
        self._cursor: Cursor = (0, 0)
        self._state: dict[str, Any] | None = None
        self._state_seq: int | None = None
        self._inflight: dict[int, tuple[Owed, str]] = {}
        self._sending: int | None = None
        self._retry_at = 0.0
        self._seen_generation = 0
        self.on_fixture = on_fixture
        """Where the league's offers go (the runtime's ``post``): called on paho's thread."""
        self._offer: FixtureOffered | None = None
        self._fixture_topic = f"pitchside/{config.venue}/{config.table}/cmd/fixture"
        self.currency = currency
        self._audits_sent: tuple[int, int] | None = None  # (connect generation, ledger mark) published
        self.client = self._client()
        self._thread = threading.Thread(target=self._run, name="pitchside-club", daemon=True)

    def _status(self, online: bool, why: str | None = None) -> dict[str, Any]:
        return messages.status(online=online, boot=self.boot, venue=self.config.venue, table=self.config.table,
                               name=self.name, version=self.version, games=self.games, why=why)

    def topic(self, kind: str) -> str:
        return messages.topic(self.config.venue, self.config.table, kind)

    def _client(self) -> mqtt.Client:
        c = self.config
        # the client id is the user name, as the club's broker makes it (use_username_as_clientid)
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=table_user(c.venue, c.table), protocol=mqtt.MQTTv5)
        if c.credentials is not None:
            try:
                client.username_pw_set(*read_credentials(c.credentials))
            except CredentialsError as exc:  # the table referees on; the broker will refuse it
                self.counts.errors += 1
                log.error("club broker: %s: connecting without credentials", exc)
        if c.tls:
            client.tls_set(ca_certs=c.ca_file, tls_version=ssl.PROTOCOL_TLS_CLIENT)
        client.will_set(self.topic("status"), messages.encode(self._status(False, "lost")), qos=1, retain=True)
        client.reconnect_delay_set(1, 30)
        client.max_queued_messages_set(1000)  # a broker gone for long: paho keeps no backlog past this
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_publish = self._on_publish
        client.message_callback_add(self._fixture_topic, self._on_fixture)
        return client

    # --- the table's side: returns at once ------------------------------------------------

    def __call__(self, snapshot: dict[str, Any]) -> None:
        """A feed snapshot (the feed publisher's sink): kept as the latest, the link's
        thread woken; never waits."""
        with self._lock:
            self._snap = snapshot
        self._wake.set()

    def start(self) -> "ClubLink":
        """Connect in the background (a broker that is down is retried, never waited on)."""
        self.client.connect_async(self.config.host, self.config.port, keepalive=self.config.keepalive_s)
        self.client.loop_start()
        self._thread.start()
        return self

    def close(self, timeout: float = 3.0) -> None:
        """Publish ``offline`` (``why: "stopped"``) if connected, then disconnect; at most
        about ``timeout`` s."""
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout)
        if self.client.is_connected():
            bye = messages.encode(self._status(False, "stopped"))
            try:
                self.client.publish(self.topic("status"), bye, qos=1, retain=True).wait_for_publish(timeout)
            except (RuntimeError, ValueError) as exc:
                log.warning("club broker: offline status not sent: %s", exc)
        self.client.disconnect()
        self.client.loop_stop()
        if self._outbox is not None:
            self._outbox.close()
            self._outbox = None

    @property
    def connected(self) -> bool:
        return self._connected

    # --- paho's network thread: only flags and a queue ---------------------------------------

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        if reason.is_failure:
            log.warning("club broker %s:%s refused the table: %s", self.config.host, self.config.port, reason)
            return
        with self._lock:
            self._connected = True
            self._generation += 1
        client.subscribe(self._fixture_topic, qos=1)  # retained: the offer comes back on every connect
        self._wake.set()

    def _on_fixture(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        offer = parse_offer(bytes(msg.payload))
        if offer is None:
            self.counts.errors += 1
            log.warning("club broker: unreadable fixture offer on %s ignored", msg.topic)
            return
        with self._lock:
            self._offer = offer if offer.fixture is not None else None
        if self.on_fixture is not None:
            self.on_fixture(offer)

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        with self._lock:
            self._connected = False
        self._wake.set()

    def _on_publish(self, client: mqtt.Client, userdata: Any, mid: int, reason: Any, properties: Any) -> None:
        self._acks.put((mid, not reason.is_failure, str(reason)))
        self._wake.set()

    # --- the link's thread ---------------------------------------------------------------

    def _open_outbox(self) -> None:
        """The journal's outbox, tried on each pass until it opens (logged once)."""
        if self.journal is None or self._outbox is not None:
            return
        try:
            self._outbox = Outbox(self.journal)
        except sqlite3.Error as exc:
            if not self._outbox_failed:
                self.counts.errors += 1
                log.error("club link: journal %s has no outbox yet (%s): no results or events until it has",
                          self.journal, exc)
            self._outbox_failed = True
            return
        self._uid = self._outbox.uid
        self._cursor = self._outbox.cursor()

    def _run(self) -> None:
        self._open_outbox()
        while not self._stop.is_set():
            self._wake.wait(self._poll_s)
            self._wake.clear()
            if self._stop.is_set():
                break
            try:
                self._pass()
            except Exception:  # a bug here must never reach the table
                self.counts.errors += 1
                log.exception("club link pass failed")

    def _pass(self) -> None:
        self._take_acks()
        with self._lock:
            connected, generation = self._connected, self._generation
            snap, self._snap = self._snap, None
        if connected and generation != self._seen_generation:
            self._seen_generation = generation
            self.counts.connects += 1
            self._sending = None  # what was in flight is owed still: sent again, oldest first
            self._publish("status", self._status(True), retain=True)
            if self._state is not None:
                self._publish("state", self._state, retain=True)
        if snap is not None and snap.get("seq") != self._state_seq:
            self._state_seq = snap.get("seq")
            self._state = messages.state(snap, self._uid)
            self._send_or_drop(connected, "state", self._state, retain=True)
        self._open_outbox()
        if self._outbox is None:
            return
        self._events(connected)
        if connected:
            self._next_result()
            self._audits(generation)

    def _audits(self, generation: int) -> None:
        """A paying table's audits, when its ledger changed or the link reconnected."""
        if self.currency is None or self._outbox is None:
            return
        mark = self._outbox.ledger_mark()
        if self._audits_sent == (generation, mark):
            return
        books = self._outbox.audits()
        since = ""
        if books.resets and books.resets[-1][0] is not None:
            since = time.strftime("%Y-%m-%d", time.localtime(books.resets[-1][0]))
        msg = messages.audits(venue=self.config.venue, table=self.config.table, boot=self.boot,
                              read_wall=self._wall(), currency=self.currency, since=since, books=books)
        if self._publish("audits", msg, retain=True) is not None:
            self._audits_sent = (generation, mark)

    def _take_acks(self) -> None:
        while True:
            try:
                mid, ok, why = self._acks.get_nowait()
            except queue.Empty:
                return
            sent = self._inflight.pop(mid, None)
            if sent is None:
                continue  # a state or an event
            owed, digest = sent
            if self._sending == owed.match_id:
                self._sending = None
            if not ok:
                self.counts.refused += 1
                self._retry_at = time.monotonic() + self._retry_s
                log.error("club broker refused the result of match %s (%s): sent again in %.0f s",
                          owed.match_id, why, self._retry_s)
            elif self._outbox is not None and self._outbox.delivered(owed, digest, self._wall()):
                self.counts.delivered += 1

    def _events(self, connected: bool) -> None:
        assert self._outbox is not None and self._uid is not None
        for mid, seq, line in self._outbox.lines_after(self._cursor):
            self._cursor = (mid, seq)
            msg = messages.event(boot=self.boot, journal_uid=self._uid, match_id=mid, seq=seq, line=line)
            self._send_or_drop(connected, "events", msg)

    def _next_result(self) -> None:
        assert self._outbox is not None and self._uid is not None
        if self._sending is not None or time.monotonic() < self._retry_at:
            return
        for owed in self._outbox.owed(1):
            # the lines written with the result (one journal transaction) may have come in
            # after this pass read the events: they go out first, so events keep their order
            self._events(True)
            try:
                msg = messages.result(venue=self.config.venue, table=self.config.table, boot=self.boot,
                                      journal_uid=self._uid, match_id=owed.match_id, lines=owed.lines,
                                      ended_wall=owed.ended_wall, ended_synced=owed.ended_synced)
            except Exception as exc:  # lines that no longer replay: logged, tried again later
                self.counts.errors += 1
                self._retry_at = time.monotonic() + self._retry_s
                log.error("club link: match %s does not replay (%s): result not sent", owed.match_id, exc)
                return
            with self._lock:
                offer = self._offer
            tag(msg, offer)
            info = self._publish("result", msg)
            if info is not None:
                self._inflight[info.mid] = (owed, msg["digest"])
                self._sending = owed.match_id

    def _send_or_drop(self, connected: bool, kind: str, msg: dict[str, Any], retain: bool = False) -> None:
        if connected:
            self._publish(kind, msg, retain=retain)
        else:
            self.counts.dropped += 1

    def _publish(self, kind: str, msg: dict[str, Any], retain: bool = False) -> mqtt.MQTTMessageInfo | None:
        info = self.client.publish(self.topic(kind), messages.encode(msg), qos=1, retain=retain)
        if info.rc != MQTTErrorCode.MQTT_ERR_SUCCESS:
            self.counts.dropped += 1
            return None
        self.counts.published += 1
        self.counts.by_kind[kind] = self.counts.by_kind.get(kind, 0) + 1
        return info
