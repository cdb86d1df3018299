"""The hub's fan-out serializes each change once: every stream is handed the same SSE
block (50 phones cost one encoding per change, not fifty)."""

from __future__ import annotations

import asyncio

from pitchside.web.hub import Hub
from support.aio import run_in_thread


def test_every_stream_gets_the_same_block_of_a_change_built_once() -> None:
    async def main() -> None:
        hub = Hub()
        hub.attach(asyncio.get_running_loop())
        a, b = hub.subscribe("10.0.0.1"), hub.subscribe("10.0.0.2")
        assert a is not None and b is not None
        hub.publish_threadsafe({"seq": 7, "boot": "b1", "table": "T<1>"})
        got_a, got_b = await a.queue.get(), await b.queue.get()
        assert got_a is got_b
        block = got_a.sse("state")
        assert block == b'id: 7\nevent: state\ndata: {"seq":7,"boot":"b1","table":"T<1>"}\n\n'
        assert got_b.sse("state") is block  # the second stream reuses the first's bytes
        assert got_a.sse("standings") == block.replace(b"event: state", b"event: standings")

    run_in_thread(main)
