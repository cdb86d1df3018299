"""Slow and greedy clients cannot starve the room (pitchside.web.conns), on real sockets
over 127.0.0.1: 500 half-open sockets from one address leave a phone's ``/api/state``
(and the league's ``/api/wall``) answering, one address holds at most 16 connections,
a request head that does not arrive in time closes its socket while an open stream
lives on, and ``HEAD /events`` takes no stream slot.

The "phone" connects from 127.0.0.2 and the greedy client from 127.0.0.1 (Linux routes
all of 127/8 to the loopback). Waits are bounded (a deadline, then a failure); no figure
of speed is asserted: bench/slowclients.py prints those.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest

from pitchside.league.app import create_app as league_app
from pitchside.league.store import Store
from pitchside.web.app import WebSettings, create_app
from pitchside.web.conns import MAX_CONNS_PER_IP
from pitchside.web.hub import Hub
from pitchside.web.server import BackgroundServer

HALF_HEAD = b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: sl"
SNAP = {"seq": 3, "boot": "b"}


def until(cond: Callable[[], bool], what: str, limit_s: float = 20.0) -> None:
    deadline = time.monotonic() + limit_s
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {limit_s} s: {what}")
        time.sleep(0.02)


def get(port: int, path: str, source: str = "127.0.0.2", method: str = "GET") -> tuple[int, bytes]:
    """One request on a fresh connection from ``source``: (status, body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0)) as s:
        s.sendall(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


def half_open(port: int, source: str = "127.0.0.1") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    s.sendall(HALF_HEAD)
    return s


def closed_by_server(s: socket.socket) -> bool:
    """True once the server closed ``s`` (EOF or a reset), False while it is held open."""
    s.settimeout(0)
    try:
        return s.recv(1) == b""
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True


@contextmanager
def table_server(**limits: float) -> Iterator[tuple[BackgroundServer, Hub]]:
    hub = Hub()
    hub.publish_threadsafe(SNAP)
    server = BackgroundServer(create_app(hub, WebSettings(rate_per_s=1000, burst=1000)), hub, **limits).start()
    try:
        yield server, hub
    finally:
        server.stop()


@contextmanager
def league_server(tmp_path: Path, hub: Hub | None = None) -> Iterator[BackgroundServer]:
    hub, store = hub or Hub(), Store(tmp_path / "league.db")
    hub.publish_threadsafe({"seq": 1, "boot": "b", "tables": []})
    server = BackgroundServer(league_app(hub, store), hub).start()
    try:
        yield server
    finally:
        server.stop()
        store.close()


def test_500_half_open_sockets_from_one_address_leave_the_phone_answered() -> None:
    with table_server() as (server, _), ExitStack() as held:
        socks = [held.enter_context(half_open(server.port)) for _ in range(500)]
        book = server.book
        until(lambda: book.refused == 500 - MAX_CONNS_PER_IP, "the server saw all 500")
        assert book.per_ip == {"127.0.0.1": MAX_CONNS_PER_IP}
        status, body = get(server.port, "/api/state")
        assert (status, body) == (200, b'{"seq":3,"boot":"b"}')
        # the refused ones were closed by the server, the first 16 are held (for now)
        assert sum(closed_by_server(s) for s in socks[:MAX_CONNS_PER_IP]) == 0
        until(lambda: sum(closed_by_server(s) for s in socks[MAX_CONNS_PER_IP:]) == 500 - MAX_CONNS_PER_IP,
              "the refused sockets closed")


def test_the_leagues_pages_are_guarded_the_same(tmp_path: Path) -> None:
    with league_server(tmp_path) as server, ExitStack() as held:
        for _ in range(300):
            held.enter_context(half_open(server.port))
        until(lambda: server.book.refused == 300 - MAX_CONNS_PER_IP, "the server saw all 300")
        status, body = get(server.port, "/api/wall")
        assert status == 200 and body.startswith(b'{"seq":1,')


def test_one_address_holds_at_most_the_cap_and_others_are_not_counted_against_it() -> None:
    with table_server() as (server, _), ExitStack() as held:
        mine = [held.enter_context(half_open(server.port, "127.0.0.3")) for _ in range(MAX_CONNS_PER_IP)]
        until(lambda: server.book.per_ip["127.0.0.3"] == MAX_CONNS_PER_IP, "16 held")
        extra = held.enter_context(half_open(server.port, "127.0.0.3"))
        until(lambda: closed_by_server(extra), "the 17th closed")
        assert server.book.refused == 1 and not any(closed_by_server(s) for s in mine)
        assert get(server.port, "/api/state", source="127.0.0.4")[0] == 200
        # one closed by its client frees its place
        mine[0].close()
        until(lambda: server.book.per_ip["127.0.0.3"] == MAX_CONNS_PER_IP - 1, "a place freed")
        assert get(server.port, "/api/state", source="127.0.0.3")[0] == 200
        assert server.book.refused == 1


def test_a_head_not_sent_in_time_is_closed_and_a_stream_is_not() -> None:
    with table_server(header_timeout_s=0.5) as (server, hub):
        with half_open(server.port) as slow, \
                socket.create_connection(("127.0.0.1", server.port), timeout=10) as stream:
            stream.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            first = stream.recv(65536)
            assert first.startswith(b"HTTP/1.1 200 OK\r\n")
            until(lambda: closed_by_server(slow), "the slow head closed")
            assert server.book.timed_out == 1
            hub.publish_threadsafe({"seq": 4, "boot": "b"})  # long after 0.5 s the stream still gets it
            stream.settimeout(10)
            got = b""
            while b"id: 4\n" not in got:
                chunk = stream.recv(65536)
                assert chunk, "the stream was closed"
                got += chunk
            assert server.book.timed_out == 1


def test_a_kept_alive_connection_gets_a_new_deadline_for_its_next_head() -> None:
    with table_server(header_timeout_s=0.5) as (server, _), \
            socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = b""
        while not answer.endswith(b"}"):
            chunk = s.recv(65536)
            assert chunk, "closed before the answer"
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 200 OK\r\n") and answer.endswith(b'{"seq":3,"boot":"b"}')
        s.sendall(HALF_HEAD)  # the next request, half sent: stock uvicorn held this for ever
        until(lambda: closed_by_server(s), "the half head closed")
        assert server.book.timed_out == 1


@pytest.mark.parametrize("method", ["HEAD", "GET"])
def test_head_events_takes_no_stream_slot(method: str) -> None:
    with table_server() as (server, hub), \
            socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(f"{method} /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        head = s.recv(65536)
        assert head.startswith(b"HTTP/1.1 200 OK\r\n") and b"content-type: text/event-stream" in head
        # the connection stays open (kept alive, or the stream): a HEAD holds no slot meanwhile
        until(lambda: len(hub.clients) == (1 if method == "GET" else 0), "the hub's streams settled")
        time.sleep(0.2)
        assert len(hub.clients) == (1 if method == "GET" else 0)
        assert dict(hub.per_ip) == ({"127.0.0.1": 1} if method == "GET" else {})


def test_head_events_on_the_leagues_wall_takes_no_stream_slot(tmp_path: Path) -> None:
    hub = Hub()
    with league_server(tmp_path, hub) as server, \
            socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(b"HEAD /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        head = s.recv(65536)
        assert head.startswith(b"HTTP/1.1 200 OK\r\n") and b"content-type: text/event-stream" in head
        time.sleep(0.2)
        assert len(hub.clients) == 0 and dict(hub.per_ip) == {}
