"""sd_notify: exact datagrams on a real socket, the abstract namespace, the rate limit."""

from __future__ import annotations

import os
import secrets
import socket
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from pitchside.app.sdnotify import Notifier


def _recv_all(sock: socket.socket) -> list[bytes]:
    out = []
    while True:
        try:
            out.append(sock.recv(4096))
        except BlockingIOError:
            return out


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[tuple[str, socket.socket]]:
    """A datagram socket bound to a path (sun_path is 108 bytes at most)."""
    path = tmp_path / "n.sock"
    if len(os.fsencode(path)) >= 100:
        path = Path(tempfile.mkdtemp(prefix="sdn")) / "n.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.setblocking(False)
    yield str(path), sock
    sock.close()


@pytest.fixture
def abstract_listener() -> Iterator[tuple[str, socket.socket]]:
    name = "pitchside-test-" + secrets.token_hex(8)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.setblocking(False)
    yield "@" + name, sock
    sock.close()


def test_messages_on_a_path_socket(listener: tuple[str, socket.socket]) -> None:
    path, sock = listener
    with Notifier.from_env({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "10000000"}) as n:
        assert n.active and n.watchdog_interval_s == 10.0
        assert n.ready()
        assert n.status("match 3-2\nround 4")
        assert n.watchdog(100.0)
        assert n.stopping()
    assert _recv_all(sock) == [b"READY=1", b"STATUS=match 3-2 round 4", b"WATCHDOG=1", b"STOPPING=1"]


def test_abstract_namespace(abstract_listener: tuple[str, socket.socket]) -> None:
    address, sock = abstract_listener
    with Notifier.from_env({"NOTIFY_SOCKET": address}) as n:
        assert n.ready()
        assert n.notify("STATUS=a", "MAINPID=1")
    assert _recv_all(sock) == [b"READY=1", b"STATUS=a\nMAINPID=1"]


def test_watchdog_rate_limited_to_half_the_timeout(listener: tuple[str, socket.socket]) -> None:
    path, sock = listener
    n = Notifier.from_env({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "4000000"})  # 4 s: at most every 2 s
    sent = [t for t in (10.0, 10.5, 11.99, 12.0, 12.1, 13.9, 14.0, 20.0, 20.01) if n.watchdog(t)]
    assert sent == [10.0, 12.0, 14.0, 20.0]
    assert _recv_all(sock) == [b"WATCHDOG=1"] * 4
    # A clock that went back (another time base) does not stall the pings.
    assert n.watchdog(1.0)
    assert not n.watchdog(2.0)
    n.close()


def test_inactive_without_socket() -> None:
    n = Notifier.from_env({})
    assert not n.active and n.watchdog_interval_s is None
    assert not n.ready() and not n.status("x") and not n.stopping() and not n.watchdog(0.0)
    n.close()


def test_no_pings_without_watchdog_usec(listener: tuple[str, socket.socket]) -> None:
    path, sock = listener
    n = Notifier.from_env({"NOTIFY_SOCKET": path})
    assert n.watchdog_interval_s is None and not n.watchdog(0.0)
    assert n.ready()
    assert _recv_all(sock) == [b"READY=1"]
    n.close()


@pytest.mark.parametrize(
    ("env", "interval"),
    [
        ({"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": str(os.getpid())}, 10.0),
        ({"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "1"}, None),  # another process's watchdog
        ({"WATCHDOG_USEC": "junk"}, None),
        ({"WATCHDOG_USEC": "0"}, None),
        ({"WATCHDOG_USEC": "-5"}, None),
        ({"WATCHDOG_USEC": "500000"}, 0.5),
    ],
)
def test_watchdog_env(env: dict[str, str], interval: float | None) -> None:
    assert Notifier.from_env({"NOTIFY_SOCKET": "/nonexistent", **env}).watchdog_interval_s == interval


def test_send_failure_is_quiet_and_retried(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    n = Notifier.from_env({"NOTIFY_SOCKET": str(tmp_path / "gone.sock"), "WATCHDOG_USEC": "2000000"})
    assert not n.ready()
    assert not n.watchdog(5.0)
    assert not n.watchdog(5.1)  # not counted as sent, so it is tried again
    assert len([r for r in caplog.records if "sd_notify" in r.getMessage()]) == 1
    n.close()
