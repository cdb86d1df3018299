"""The league's MQTT client (paho-mqtt 2.x, MQTT v5): a persistent session
(``clean_start`` false, a session expiry) subscribed at QoS 1 to
``pitchside/<venue>/+/#``, so what the broker acknowledged while the league was away
arrives when it is back (docs/spec/mqtt.md, "Delivery").

Acknowledged only once stored: the client runs with paho's manual acknowledgement
(``manual_ack=True``). ``status``, ``state`` and ``events`` only change the wall (no
disk): they are handled on paho's thread and acknowledged at once. A ``result`` goes to
a worker thread, which checks it, commits it (counted or refused) and only then sends
its PUBACK (``client.ack``). When the store fails (the database locked past its busy
wait, a full or failing disk) the worker logs, waits (0.1 s doubling to 10 s) and tries
the same result again, holding the ones behind it in order: a locked database is waited
for, never skipped. The broker resends a QoS 1 message only when the session
reconnects, never on the same connection (MQTT v5, 4.4), so the retry is in-process;
a league stopped or killed meanwhile has acknowledged nothing, and the broker sends
the unacknowledged results again to the next connection of the session.

A wall message may so be acknowledged before a result received ahead of it: Mosquitto
matches a PUBACK to its message by packet id, whatever the order.

The session's ``ReceiveMaximum`` (:data:`RECEIVE_MAXIMUM`) bounds the messages the
broker has in flight to the league, so the worker's queue is bounded too; the broker
queues the rest (``max_queued_messages`` in deploy/mosquitto/pitchside.conf).
"""

from __future__ import annotations

import logging
import queue
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Self

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from pitchside.league.service import League
from pitchside.league.store import StoreError
from pitchside.wire.credentials import read_credentials
from pitchside.wire.topics import parse_topic

log = logging.getLogger(__name__)

SESSION_EXPIRY_S = 7 * 24 * 3600
"""The broker keeps the league's session (and queues its QoS 1 messages) this long."""

RECEIVE_MAXIMUM = 100
"""Messages the broker may have in flight (sent, not yet acknowledged) to the league."""

RETRY_S = (0.1, 10.0)
"""A result the store failed is tried again after the first, doubling up to the second."""


@dataclass(frozen=True, slots=True)
class _Pending:
    """A result received and not yet acknowledged: ``connection`` counts the connects,
    so an ack never goes to a later connection (the broker resends it there)."""

    topic: str
    payload: bytes
    mid: int
    qos: int
    connection: int
    at: float = 0.0
    """When it was received (``time.monotonic``)."""


class AckingClient:
    """An MQTT v5 client of a persistent session at ``host:port`` subscribed to ``topic``
    at QoS 1 that acknowledges a result only once ``handle`` has stored it (module
    docstring); other messages go to ``handle`` on paho's thread, acknowledged at once.

    :param login: ``(user, password)``, or None.
    :param client_id: the session's name: the same one across restarts, or the broker
        starts a new, empty session.
    """

    def __init__(self, handle: Callable[[str, bytes, float], None], topic: str, host: str, port: int, *,
                 login: tuple[str, str] | None, client_id: str, tls: bool = False, ca_file: str | None = None,
                 keepalive_s: int = 30, wall: Callable[[], float] = time.time,
                 retry_s: tuple[float, float] = RETRY_S, receive_maximum: int = RECEIVE_MAXIMUM,
                 hold_s: float = 0.0) -> None:
        self.handle = handle
        self.hold_s = hold_s
        """A result is handled no sooner than this long after it was received."""
        self.host, self.port, self.keepalive = host, port, keepalive_s
        self.wall = wall
        self.topic = topic
        self.connects = 0
        self.receive_maximum = receive_maximum
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5, manual_ack=True,
                                  client_id=client_id)
        if login is not None:
            self.client.username_pw_set(*login)
        if tls:
            self.client.tls_set(ca_certs=ca_file, tls_version=ssl.PROTOCOL_TLS_CLIENT)
        self.client.reconnect_delay_set(1, 10)
        self.client.on_connect = self._on_connect
        self.client.on_message = self._on_message
        self.retry_s = retry_s
        self.retries = 0
        """Store failures met (each one waited out and tried again)."""
        self.received = self.acked = 0
        """Results received, and acknowledged (stored)."""
        self.last_received = time.monotonic()
        self._results: queue.SimpleQueue[_Pending | None] = queue.SimpleQueue()
        self._stop = threading.Event()
        self._worker = threading.Thread(target=self._work, name="pitchside-league-results", daemon=True)

    def _on_connect(self, client: mqtt.Client, userdata: object, flags: object, reason: object,
                    properties: object) -> None:
        if getattr(reason, "is_failure", False):
            log.error("league: the broker refused the connection: %s", reason)
            return
        self.connects += 1
        client.subscribe(self.topic, qos=1)

    def _on_message(self, client: mqtt.Client, userdata: object, msg: mqtt.MQTTMessage) -> None:
        where = parse_topic(msg.topic)
        self.last_received = time.monotonic()
        if where is not None and where.kind == "result":
            self.received += 1
            self._results.put(_Pending(msg.topic, bytes(msg.payload), msg.mid, msg.qos, self.connects,
                                       time.monotonic()))
            return
        try:
            self.handle(msg.topic, bytes(msg.payload), self.wall())
        except Exception:  # one bad message never stops the league; the log says which
            log.exception("league: message on %s failed", msg.topic)
        client.ack(msg.mid, msg.qos)  # the wall's messages are live: nothing to keep

    def _work(self) -> None:
        """Store each result, in the order received, then acknowledge it."""
        while True:
            item = self._results.get()
            if item is None or not self._store(item):
                return
            if item.connection == self.connects:
                self.client.ack(item.mid, item.qos)
            self.acked += 1

    def _store(self, item: _Pending) -> bool:
        """Store ``item``, trying again until it is stored (True) or the subscriber
        stops (False: not acknowledged, the broker sends it again)."""
        delay = self.retry_s[0]
        if self.hold_s > 0 and self._stop.wait(max(0.0, item.at + self.hold_s - time.monotonic())):
            return False
        while not self._stop.is_set():
            try:
                self.handle(item.topic, item.payload, self.wall())
                return True
            except StoreError as exc:
                self.retries += 1
                log.error("league: result on %s not stored (%s): not acknowledged, tried again in %.1f s",
                          item.topic, exc, delay)
            except Exception:  # a bug: logged, kept unacknowledged and tried again, never dropped
                self.retries += 1
                log.exception("league: result on %s failed: not acknowledged, tried again in %.1f s",
                              item.topic, delay)
            self._stop.wait(delay)
            delay = min(delay * 2, self.retry_s[1])
        return False

    def start(self) -> Self:
        props = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
        props.SessionExpiryInterval = SESSION_EXPIRY_S
        props.ReceiveMaximum = self.receive_maximum
        self._worker.start()
        self.client.connect_async(self.host, self.port, keepalive=self.keepalive, clean_start=False,
                                  properties=props)
        self.client.loop_start()
        return self

    def stop(self) -> None:
        """Stop: a result still being stored is left unacknowledged (sent again later)."""
        self._stop.set()
        self._results.put(None)
        if self._worker.is_alive():
            self._worker.join(10)
        self.client.disconnect()
        self.client.loop_stop()


class Subscriber(AckingClient):
    """Feed ``league`` (one venue's) from the broker at ``host:port``: every topic of
    its venue, ``pitchside/<venue>/+/#``.

    :param credentials: a ``USER:PASSWORD`` file (the broker's ``league`` user), or None.
    :param client_id: the session's name (default: the credentials' user name, which the
        club's broker uses whatever the client says).
    """

    def __init__(self, league: League, host: str, port: int, *, credentials: str | None = None,
                 tls: bool = False, ca_file: str | None = None, client_id: str | None = None,
                 keepalive_s: int = 30, wall: Callable[[], float] = time.time,
                 retry_s: tuple[float, float] = RETRY_S) -> None:
        self.league = league
        login = read_credentials(credentials) if credentials is not None else None
        # the session's id is the user name, as the club's broker makes it (use_username_as_clientid)
        super().__init__(league.handle, f"pitchside/{league.wall.venue}/+/#", host, port, login=login,
                         client_id=client_id or (login[0] if login else f"pitchside-league-{league.wall.venue}"),
                         tls=tls, ca_file=ca_file, keepalive_s=keepalive_s, wall=wall, retry_s=retry_s)
