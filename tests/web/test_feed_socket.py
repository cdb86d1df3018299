"""The table's end of the feed socket: a receiver that is behind refuses the NEWEST
datagram (a Unix datagram socket keeps the older ones queued), so the publisher offers
the latest again until the web side takes it: latest wins, and a web side that catches
up shows the live state without waiting for a heartbeat."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

from support.web_live import sim_table
from pitchside.web.publisher import DatagramSink, FeedPublisher


def _fill(path: Path) -> list[socket.socket]:
    """Send junk to ``path`` until its queue is full (a fresh socket's first send fails)."""
    socks: list[socket.socket] = []
    for _ in range(256):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        s.setblocking(False)
        socks.append(s)
        sent = 0
        try:
            while sent < 100_000:
                s.sendto(b"junk", str(path))
                sent += 1
        except BlockingIOError:
            if sent == 0:
                return socks
    raise AssertionError("the receiver's queue never filled")


def test_a_full_feed_socket_gets_the_latest_snapshot_once_it_drains(tmp_path: Path) -> None:
    path = tmp_path / "feed.sock"
    rx = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    rx.bind(str(path))
    sim, _ = sim_table("pitchnut")
    sink = DatagramSink(path)
    pub = FeedPublisher([sink], heartbeat_s=None, retry_s=0.02)  # no heartbeat to hide behind
    fillers = _fill(path)
    try:
        pub.publish(sim.runtime.kiosk)
        assert pub.flush(10) and pub.seq == 1
        time.sleep(0.1)
        assert sink.dropped >= 2  # refused, and refused again on a retry: the queue is full
        rx.settimeout(2.0)
        got = None
        while got is None:  # drain: the junk first, then the snapshot the retry sends
            data = rx.recv(1 << 17)
            if data != b"junk":
                got = json.loads(data)
        assert got["seq"] == 1 and got["game"] == "pitchnut"
        rx.settimeout(0.2)  # delivered: the retries stop (nothing more until a change)
        try:
            extra = rx.recv(1 << 17)
        except TimeoutError:
            extra = None
        assert extra is None
    finally:
        pub.close()
        sink.close()
        for s in fillers:
            s.close()
        rx.close()
        sim.close()


def test_a_snapshot_sent_again_is_encoded_once(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A heartbeat or a retry to a full socket sends the same snapshot object again: its
    datagram is the bytes made the first time (the worker thread shares the table's CPU)."""
    from pitchside.web import publisher

    path = tmp_path / "feed.sock"
    rx = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    rx.bind(str(path))
    calls: list[object] = []
    real = publisher.json.dumps
    monkeypatch.setattr(publisher.json, "dumps", lambda obj, **kw: calls.append(obj) or real(obj, **kw))
    sink = DatagramSink(path)
    try:
        snap = {"seq": 7, "table": "T"}
        assert sink(snap) is True and sink(snap) is True
        assert calls == [snap]  # encoded once for two sends
        assert [json.loads(rx.recv(1024)) for _ in range(2)] == [snap, snap]
        other = {"seq": 8, "table": "T"}
        assert sink(other) is True and calls == [snap, other]  # a new snapshot is encoded
        assert json.loads(rx.recv(1024)) == other
    finally:
        sink.close()
        rx.close()
