"""200 SSE clients on one table: each gets the snapshot first, then every seq in order."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import httpx

from pitchside.web.app import WebSettings, create_app
from pitchside.web.hub import Hub
from pitchside.web.server import BackgroundServer

T = TypeVar("T")

CLIENTS, CHANGES = 200, 15


async def _client(url: str, ready: asyncio.Event, counter: list[int]) -> list[int]:
    seqs: list[int] = []
    async with httpx.AsyncClient(timeout=90) as c, c.stream("GET", url + "/events") as r:
        assert r.status_code == 200
        async for line in r.aiter_lines():
            if line.startswith("id: "):
                if not seqs:
                    counter[0] += 1
                    if counter[0] == CLIENTS:
                        ready.set()
                seqs.append(int(line[4:]))
                if seqs[-1] == CHANGES:
                    return seqs
    return seqs


def _run_in_own_thread(main: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``asyncio.run(main())`` on a thread of its own: Playwright's sync API (the browser
    tests, same process) may hold an event loop on this one."""
    out: list[T] = []
    worker = threading.Thread(target=lambda: out.append(asyncio.run(main())))
    worker.start()
    worker.join(timeout=300)
    assert out, "the clients did not finish"
    return out[0]


def test_200_clients_each_get_every_seq_in_order() -> None:
    hub = Hub(max_clients=CLIENTS, max_per_ip=CLIENTS)
    hub.publish_threadsafe({"seq": 0, "boot": "b"})
    settings = WebSettings(max_streams=CLIENTS, max_streams_per_ip=CLIENTS, burst=1000, rate_per_s=1000)
    # every client is 127.0.0.1 here: the per-address connection cap raised to let them in
    server = BackgroundServer(create_app(hub, settings), hub, max_conns_per_ip=CLIENTS + 10).start()

    async def main() -> list[list[int]]:
        ready, counter = asyncio.Event(), [0]
        tasks = [asyncio.create_task(_client(server.url, ready, counter)) for _ in range(CLIENTS)]
        await asyncio.wait_for(ready.wait(), 90)  # all have their snapshot (2 shared cores: generous)
        for seq in range(1, CHANGES + 1):
            hub.publish_threadsafe({"seq": seq, "boot": "b"})
            await asyncio.sleep(0.1)
        return await asyncio.wait_for(asyncio.gather(*tasks), 60)

    try:
        t0 = time.monotonic()
        got = _run_in_own_thread(main)
        assert time.monotonic() - t0 < 150
        assert len(got) == CLIENTS
        assert all(seqs == list(range(0, CHANGES + 1)) for seqs in got)
    finally:
        server.stop()
