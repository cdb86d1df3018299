"""The web side's CPU per change (bench/README.md, "Web view", "Where the slow
50-client rounds come from"): a stream that fell behind sends every change queued meanwhile
in one write, in order; the feed's datagram text is the JSON the streams carry (not
decoded and encoded again)."""

from __future__ import annotations

import asyncio
import socket
import time
from pathlib import Path

from pitchside.web import sse
from pitchside.web.daemon import FeedReceiver
from pitchside.web.hub import Hub
from starlette.requests import Request
from support.aio import run_in_thread


def _request() -> Request:
    return Request({"type": "http", "method": "GET", "path": "/events", "headers": [],
                    "client": ("10.0.0.9", 5000), "query_string": b""})


def test_changes_queued_behind_a_write_go_out_together_in_order() -> None:
    async def main() -> None:
        hub = Hub()
        hub.attach(asyncio.get_running_loop())
        endpoint = sse.event_stream(hub, banner="b", event="state", retry_ms=1000, ping_s=0.2, ping=": p\n\n")
        response = await endpoint(_request())
        body = response.body_iterator  # type: ignore[attr-defined]
        assert await body.__anext__() == "retry: 1000\n: b\n\n"
        hub._publish(hub_entry(hub, 1))
        assert await body.__anext__() == b'id: 1\nevent: state\ndata: {"seq":1,"boot":"x"}\n\n'
        for seq in (2, 3, 4):  # three changes while the stream is busy writing
            hub._publish(hub_entry(hub, seq))
        assert await body.__anext__() == b"".join(
            f'id: {s}\nevent: state\ndata: {{"seq":{s},"boot":"x"}}\n\n'.encode() for s in (2, 3, 4))
        t0 = time.monotonic()
        assert await body.__anext__() == ": p\n\n"  # quiet: the ping after ping_s
        assert time.monotonic() - t0 >= 0.15
        hub._publish(hub_entry(hub, 5))
        hub.close()  # a change and the shutdown queued together: the change, then the end
        assert await body.__anext__() == b'id: 5\nevent: state\ndata: {"seq":5,"boot":"x"}\n\n'
        try:
            await body.__anext__()
        except StopAsyncIteration:
            pass
        else:
            raise AssertionError("the stream did not end on close")
        assert not hub.clients

    run_in_thread(main)


def hub_entry(hub: Hub, seq: int):  # type: ignore[no-untyped-def]
    """The entry ``publish_threadsafe`` would queue for ``{"seq": seq, "boot": "x"}``."""
    from pitchside.web.hub import Entry

    return Entry(seq, "x", {"seq": seq, "boot": "x"}, f'{{"seq":{seq},"boot":"x"}}')


def test_the_datagram_text_is_what_the_hub_serves(tmp_path: Path) -> None:
    hub = Hub()
    rx = FeedReceiver(tmp_path / "feed.sock", hub)
    tx = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    try:
        sent = '{"seq": 1, "boot": "b", "table": "T1"}'  # not as json.dumps would write it here
        tx.sendto(sent.encode(), str(tmp_path / "feed.sock"))
        deadline = time.monotonic() + 5
        while hub.latest is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert hub.latest is not None and hub.latest.text == sent
        assert hub.latest.snap == {"seq": 1, "boot": "b", "table": "T1"}
        # a datagram on two lines would break the SSE data line: the hub encodes it itself
        tx.sendto(b'{"seq": 2,\n "boot": "b"}', str(tmp_path / "feed.sock"))
        deadline = time.monotonic() + 5
        while hub.latest.seq != 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert hub.latest.text == '{"seq":2,"boot":"b"}'
    finally:
        tx.close()
        rx.close()
