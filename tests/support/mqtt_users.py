"""Clients of the club tests' broker logged in as its users (tests/support/broker.py),
recording what the broker answered: the CONNACK's session flag, each PUBACK's reason,
each SUBACK, what arrived and why the broker dropped them; and a broker of a test's
own (``own_broker``), whose persistent sessions start empty."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from support.broker import USERS, Broker, mosquitto, user


@dataclass
class Client:
    """One paho client logged in as a broker user: what its CONNACK said, what it got,
    each publish's reason, and whether the broker dropped it."""

    c: mqtt.Client
    session_present: bool | None = None
    got: list[tuple[str, bytes]] = field(default_factory=list)
    acks: dict[int, str] = field(default_factory=dict)
    granted: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def publish(self, topic: str, payload: bytes | str = b"{}", retain: bool = False) -> str:
        """Publish at QoS 1; the PUBACK's reason as paho words it ("Success", "Not authorized")."""
        mid = self.c.publish(topic, payload, qos=1, retain=retain).mid
        assert until(lambda: mid in self.acks), f"no PUBACK for {topic}"
        return self.acks[mid]

    def close(self) -> None:
        self.c.disconnect()
        self.c.loop_stop()


def until(test: Any, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if test():
            return True
        time.sleep(0.02)
    return False


def login(broker: Broker, name: str, client_id: str | None = None, *, persistent: bool = False,
          resume: bool = False, subscribe: str | None = None) -> Client:
    """``name``'s user (:func:`support.broker.user`) connected with ``client_id`` (default
    the user name); ``resume``: clean start off (a session of that id is taken up);
    ``persistent``: that, and a session expiry of an hour."""
    c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id or user(name), protocol=mqtt.MQTTv5)
    c.username_pw_set(user(name), USERS[user(name)])
    cl = Client(c)

    def on_connect(client: mqtt.Client, ud: Any, flags: Any, reason: Any, props: Any) -> None:
        cl.session_present = bool(flags.session_present)
        if subscribe is not None:
            client.subscribe(subscribe, qos=1)

    def on_message(client: mqtt.Client, ud: Any, msg: mqtt.MQTTMessage) -> None:
        with cl.lock:
            cl.got.append((msg.topic, bytes(msg.payload)))

    c.on_connect = on_connect
    c.on_message = on_message
    c.on_publish = lambda client, ud, mid, rc, props: cl.acks.__setitem__(mid, str(rc))
    c.on_subscribe = lambda client, ud, mid, rcs, props: cl.granted.extend(str(r) for r in rcs)
    c.on_disconnect = lambda client, ud, flags, rc, props: cl.dropped.append(str(rc))
    props = Properties(PacketTypes.CONNECT)
    if persistent:
        props.SessionExpiryInterval = 3600
    c.connect("127.0.0.1", broker.port, keepalive=5, clean_start=not (persistent or resume), properties=props)
    c.loop_start()
    assert until(lambda: cl.session_present is not None), f"{name} did not connect"
    if subscribe is not None:
        assert until(lambda: cl.granted), f"{name}: no SUBACK"
    return cl


@pytest.fixture
def own_broker(tmp_path: Path) -> Iterator[Broker]:
    """A broker of this test's own: its persistent sessions start empty."""
    binary = mosquitto()
    assert binary is not None
    b = Broker(binary, tmp_path / "broker").start()
    try:
        yield b
    finally:
        b.stop()
