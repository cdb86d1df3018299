"""Helpers of the club tests: a table's link on a simulated table, and a subscriber
that stores what it receives the way a league would (results by match id and digest)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from pitchside.app.config_mqtt import MqttConfig
from pitchside.club.link import ClubLink
from pitchside.web.publisher import FeedPublisher
from support.broker import USERS, Broker


def mqtt_config(broker: Broker, table: str = "table-1", venue: str = "club", port: int | None = None) -> MqttConfig:
    return MqttConfig(host="127.0.0.1", port=broker.port if port is None else port, venue=venue, table=table,
                      credentials=str(broker.credentials(table)), keepalive_s=5)


def attach(sim: Any, link: ClubLink) -> FeedPublisher:
    """Feed ``sim``'s runtime snapshots to ``link`` (as the real table's assembly does);
    the sim's journal queues its results."""
    sim.journal.queue_results = True
    pub = FeedPublisher([link], table=sim.config.name, heartbeat_s=None)
    sim.runtime.publisher = pub
    sim.runtime.publish()
    return pub


@dataclass
class League:
    """A subscriber to ``pitchside/#`` as user ``league``: every message by topic, and the
    results stored by ``(match, digest)`` (``received`` counts every copy)."""

    broker: Broker
    messages: list[tuple[str, dict[str, Any], bool]] = field(default_factory=list)
    results: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    received: int = 0
    on_result: Callable[[dict[str, Any]], None] | None = None

    def __post_init__(self) -> None:
        self._cond = threading.Condition()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="league", protocol=mqtt.MQTTv5)
        self.client.username_pw_set("league", USERS["league"])
        self.client.on_message = self._on_message
        self.client.on_connect = lambda c, *_: c.subscribe("pitchside/#", qos=1)
        self.client.reconnect_delay_set(0.2, 1)

    def start(self) -> "League":
        props = Properties(PacketTypes.CONNECT)
        props.SessionExpiryInterval = 3600  # a persistent session: nothing is missed across a broker restart
        # a fresh session (the broker names every league client "league": an earlier test's is
        # forgotten first), then clean_start false, or Mosquitto 2.0 does not persist it
        self.broker.forget_session("league")
        self.client.connect("127.0.0.1", self.broker.port, keepalive=5, clean_start=False, properties=props)
        self.client.loop_start()
        return self

    def _on_message(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        body = json.loads(msg.payload)
        with self._cond:
            self.messages.append((msg.topic, body, bool(msg.retain)))
            if msg.topic.endswith("/result"):
                self.received += 1
                self.results.setdefault((body["match"], body["digest"]), body)
                if self.on_result is not None:
                    self.on_result(body)
            self._cond.notify_all()

    def of(self, kind: str) -> list[dict[str, Any]]:
        with self._cond:
            return [b for t, b, _ in self.messages if t.endswith("/" + kind)]

    def wait(self, test: Callable[["League"], bool], timeout: float = 20.0) -> bool:
        deadline = time.monotonic() + timeout
        with self._cond:
            while not test(self):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(min(left, 0.2))
            return True

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def play(sim: Any, sc: Any) -> None:
    for action in sc.actions:
        sim.act(action, sc.gap_s)


def journal_path(tmp: Path) -> Path:
    return tmp / "journal.db"
