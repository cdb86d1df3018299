"""The region broker confines each venue's bridge user to its own venue's topics, and
shows each venue's uplink (``pitchside/<venue>/uplink``: 1 up, 0 down, retained)."""

from __future__ import annotations

import threading
import time

import paho.mqtt.client as mqtt

from support.region import Region, result_payload


def test_a_venues_bridge_user_cannot_publish_another_venues_topics(region: Region) -> None:
    seen: list[str] = []
    got = threading.Event()

    def on_message(m: mqtt.MQTTMessage) -> None:
        seen.append(m.topic)
        if m.topic == "pitchside/north/t1/status":
            got.set()

    watcher = region.client("dashboard", on_message, "pitchside/+/+/+")
    # as north's bridge (its user is its client id: the real bridge is kicked off and comes back)
    intruder = region.client("bridge-north")
    try:
        for topic in ("pitchside/south/t1/result", "pitchside/south/t1/state", "pitchside/north/t1/cmd/fixture"):
            intruder.publish(topic, result_payload("south", "t1", 1), qos=1).wait_for_publish(5)
        intruder.publish("pitchside/north/t1/status", b"{}", qos=1).wait_for_publish(5)  # its own: passes
        assert got.wait(10)
        time.sleep(0.5)
    finally:
        intruder.disconnect()
        intruder.loop_stop()
        watcher.disconnect()
        watcher.loop_stop()
    assert seen == ["pitchside/north/t1/status"]
    region.check()  # the workers stored nothing of it


def test_the_region_sees_a_venues_uplink_go_down_and_come_back(region: Region) -> None:
    states: dict[str, list[bytes]] = {}
    lock = threading.Lock()

    def on_message(m: mqtt.MQTTMessage) -> None:
        with lock:
            states.setdefault(m.topic, []).append(bytes(m.payload))

    watcher = region.client("dashboard", on_message, "pitchside/+/uplink")
    try:
        north = region.venues["north"]
        assert north.proc is not None
        north.proc.kill()  # the pub's box or line dies: the region broker publishes the bridge's will
        north.proc.wait(5)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and states.get("pitchside/north/uplink", [b""])[-1] != b"0":
            time.sleep(0.05)
        assert states["pitchside/north/uplink"][-1] == b"0"
        north.start()
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and states["pitchside/north/uplink"][-1] != b"1":
            time.sleep(0.05)
        assert states["pitchside/north/uplink"][-1] == b"1"
        assert states["pitchside/south/uplink"] == [b"1"]
    finally:
        watcher.disconnect()
        watcher.loop_stop()
