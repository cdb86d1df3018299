"""The two endpoints every live page of Pitchside serves the same way: the hub's latest
snapshot as JSON, and its Server-Sent Events stream (the table's feed, the league's wall).

One stream per page: the snapshot first, then every change, each ``id: seq`` (the hub
replays from ``Last-Event-ID``; each change's block is serialized once for all streams,
:meth:`pitchside.web.hub.Entry.sse`), a ping every ``ping_s`` so proxies and dead phones are
noticed, and the hub's CLOSE ending it (shutdown: an open stream must not hold uvicorn).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse

from pitchside.web.hub import CLOSE, Hub

Endpoint = Callable[[Request], Awaitable[Response]]


def latest_json(hub: Hub, nothing_yet: str) -> Endpoint:
    """``GET`` of the hub's latest snapshot (``application/json``, not cached); 503 with
    ``{"error": nothing_yet}`` and ``retry-after: 1`` before the first."""

    async def endpoint(request: Request) -> Response:
        if hub.latest is None:
            return JSONResponse({"error": nothing_yet}, status_code=503, headers={"retry-after": "1"})
        return Response(hub.latest.text, media_type="application/json", headers={"cache-control": "no-store"})

    return endpoint


def event_stream(hub: Hub, *, banner: str, event: str, retry_ms: int, ping_s: float, ping: str) -> Endpoint:
    """``GET`` of the hub's SSE stream: ``retry: retry_ms`` and the ``banner`` comment,
    then ``id: seq / event: <event> / data: <snapshot>`` per change (the changes queued
    while the stream was writing go out together in one write, in order), ``ping`` (a
    whole SSE block) after ``ping_s`` s of quiet; 503 ``retry-after: 5`` when the hub has no room for
    the client's address (:meth:`Hub.subscribe`). ``HEAD`` gets the stream's headers and
    no stream: it takes no place in the hub (a HEAD stream would have held one until its
    socket closed)."""

    async def endpoint(request: Request) -> Response:
        if request.method == "HEAD":
            return Response(None, media_type="text/event-stream",
                            headers={"cache-control": "no-store", "x-accel-buffering": "no"})
        ip = request.client.host if request.client else "?"
        client = hub.subscribe(ip, request.headers.get("last-event-id"))
        if client is None:
            return PlainTextResponse("too many live pages; try again\n", status_code=503,
                                     headers={"retry-after": "5"})

        async def stream() -> AsyncIterator[str | bytes]:
            try:
                yield f"retry: {retry_ms}\n: {banner}\n\n"
                queue = client.queue
                while True:
                    if queue.empty():  # wait, pinging after ping_s of quiet (no task per wait)
                        try:
                            async with asyncio.timeout(ping_s):
                                entry = await queue.get()
                        except TimeoutError:
                            yield ping
                            continue
                    else:
                        entry = queue.get_nowait()
                    # every change queued by now in one write (a stream that fell behind
                    # catches up in one send, not one per seq), each block shared by all streams
                    blocks = []
                    while entry is not CLOSE:
                        blocks.append(entry.sse(event))
                        if queue.empty():
                            break
                        entry = queue.get_nowait()
                    if blocks:
                        yield blocks[0] if len(blocks) == 1 else b"".join(blocks)
                    if entry is CLOSE:
                        return
            finally:
                hub.unsubscribe(client)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"cache-control": "no-store", "x-accel-buffering": "no"})

    return endpoint
