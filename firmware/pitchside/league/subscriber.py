"""The league's MQTT client (paho-mqtt 2.x, MQTT v5): a persistent session
(``clean_start`` false, a session expiry) subscribed at QoS 1 to
``pitchside/<venue>/+/#``, so what the broker acknowledged while the league was away
arrives when it is back (docs/spec/mqtt.md, "Delivery").

paho acknowledges a QoS 1 message after ``on_message`` returns, and the league commits
a result to SQLite inside it: a league killed mid-message gets it again, and the store
keeps one copy by ``(match, digest)``.
"""

from __future__ import annotations

import logging
import ssl
import time
from collections.abc import Callable

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from pitchside.app.config_mqtt import read_credentials
from pitchside.league.service import League

log = logging.getLogger(__name__)

SESSION_EXPIRY_S = 7 * 24 * 3600
"""The broker keeps the league's session (and queues its QoS 1 messages) this long."""


class Subscriber:
    """Feed ``league`` from the broker at ``host:port``.

    :param credentials: a ``USER:PASSWORD`` file (the broker's ``league`` user), or None.
    :param client_id: the session's name: the same one across restarts, or the broker
        starts a new, empty session (default: the credentials' user name, which the club's
        broker uses whatever the client says).
    """

    def __init__(self, league: League, host: str, port: int, *, credentials: str | None = None,
                 tls: bool = False, ca_file: str | None = None, client_id: str | None = None,
                 keepalive_s: int = 30, wall: Callable[[], float] = time.time) -> None:
        self.league = league
        self.host, self.port, self.keepalive = host, port, keepalive_s
        self.wall = wall
        self.topic = f"pitchside/{league.wall.venue}/+/#"
        self.connects = 0
        login = read_credentials(credentials) if credentials is not None else None
        # the session's id is the user name, as the club's broker makes it (use_username_as_clientid)
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5,
                                  client_id=client_id or (login[0] if login else f"pitchside-league-{league.wall.venue}"))
        if login is not None:
            self.client.username_pw_set(*login)
        if tls:
            self.client.tls_set(ca_certs=ca_file, tls_version=ssl.PROTOCOL_TLS_CLIENT)
        self.client.reconnect_delay_set(1, 10)
        self.client.on_connect = self._on_connect
        self.client.on_message = self._on_message

    def _on_connect(self, client: mqtt.Client, userdata: object, flags: object, reason: object,
                    properties: object) -> None:
        if getattr(reason, "is_failure", False):
            log.error("league: the broker refused the connection: %s", reason)
            return
        self.connects += 1
        client.subscribe(self.topic, qos=1)

    def _on_message(self, client: mqtt.Client, userdata: object, msg: mqtt.MQTTMessage) -> None:
        try:
            self.league.handle(msg.topic, bytes(msg.payload), self.wall())
        except Exception:  # one bad message never stops the league; the log says which
            log.exception("league: message on %s failed", msg.topic)

    def start(self) -> "Subscriber":
        props = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
        props.SessionExpiryInterval = SESSION_EXPIRY_S
        self.client.connect_async(self.host, self.port, keepalive=self.keepalive, clean_start=False,
                                  properties=props)
        self.client.loop_start()
        return self

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
