"""The serial line reader against a pty standing in for a USB device, reached through a
symlink as a udev name would be: lines, partial lines, garbage, unplug and replug."""

from __future__ import annotations

import os
import queue
import tty
from collections.abc import Iterator
from pathlib import Path

import pytest

from pitchside.signals.events import SerialLine, SerialStatus
from pitchside_hw.serial_lines import MAX_LINE, SerialLineReader

WAIT_S = 5.0  # an upper bound for the reader thread to deliver; never a timing assertion


class Device:
    """A pty pair: the test writes on the master; the reader opens the slave by its
    stable name (a symlink)."""

    def __init__(self, link: Path) -> None:
        self.link = link
        self.master = -1
        self.plug()

    def plug(self) -> None:
        self.master, slave = os.openpty()
        tty.setraw(self.master)
        name = os.ttyname(slave)
        os.close(slave)
        if self.link.is_symlink():
            self.link.unlink()
        self.link.symlink_to(name)

    def unplug(self) -> None:
        os.close(self.master)
        self.link.unlink()
        self.master = -1

    def send(self, data: bytes) -> None:
        os.write(self.master, data)


@pytest.fixture
def device(tmp_path: Path) -> Iterator[Device]:
    d = Device(tmp_path / "pitchside-die")
    yield d
    if d.master >= 0:
        os.close(d.master)


@pytest.fixture
def events() -> queue.Queue[object]:
    return queue.Queue()


def next_of(q: queue.Queue[object], kind: type) -> object:
    while True:
        item = q.get(timeout=WAIT_S)
        if isinstance(item, kind):
            return item


def test_lines_arrive_whole_in_order_without_line_endings(device: Device, events: queue.Queue[object]) -> None:
    with SerialLineReader("die", str(device.link), events.put, lambda: 1.5, retry_s=0.05) as reader:
        status = next_of(events, SerialStatus)
        assert status == SerialStatus("die", True, f"connected on {device.link}", 1.5)
        device.send(b"ROLL 3 4")  # a half line first ...
        device.send(b"\r\nROLL 6\nHELLO pitchside-die 1\n")  # ... completed with CRLF
        assert next_of(events, SerialLine) == SerialLine("die", "ROLL 3 4", 1.5)
        assert next_of(events, SerialLine) == SerialLine("die", "ROLL 6", 1.5)
        assert next_of(events, SerialLine) == SerialLine("die", "HELLO pitchside-die 1", 1.5)
        assert reader.lines == 3


def test_garbage_bytes_are_replaced_not_fatal(device: Device, events: queue.Queue[object]) -> None:
    with SerialLineReader("die", str(device.link), events.put, lambda: 0.0, retry_s=0.05):
        next_of(events, SerialStatus)
        device.send(b"\xff\xfeROLL\n")
        line = next_of(events, SerialLine)
        assert isinstance(line, SerialLine) and line.text == "\ufffd\ufffdROLL"


def test_an_endless_line_is_dropped_and_reported(device: Device, events: queue.Queue[object]) -> None:
    with SerialLineReader("die", str(device.link), events.put, lambda: 0.0, retry_s=0.05):
        next_of(events, SerialStatus)
        device.send(b"X" * (MAX_LINE + 50))
        status = next_of(events, SerialStatus)
        assert status == SerialStatus("die", True, f"line over {MAX_LINE} bytes dropped", 0.0)
        device.send(b"\nROLL 2\n")
        line = next_of(events, SerialLine)
        assert isinstance(line, SerialLine) and line.text in ("", "ROLL 2")


def test_unplug_is_reported_and_replug_reconnects_by_itself(device: Device, events: queue.Queue[object]) -> None:
    with SerialLineReader("die", str(device.link), events.put, lambda: 0.0, retry_s=0.05):
        assert next_of(events, SerialStatus).connected is True  # type: ignore[attr-defined]
        device.send(b"ROLL 1\nROL")  # a partial line when the cable is pulled
        assert next_of(events, SerialLine).text == "ROLL 1"  # type: ignore[attr-defined]
        device.unplug()
        lost = [next_of(events, SerialStatus) for _ in range(2)]
        details = [s.detail for s in lost]  # type: ignore[attr-defined]
        assert "a partial line was dropped" in details
        assert any(d.startswith("lost:") for d in details)
        device.plug()
        back = next_of(events, SerialStatus)
        while not back.connected:  # type: ignore[attr-defined]
            back = next_of(events, SerialStatus)  # "cannot open" while it was away
        device.send(b"ROLL 5\n")
        assert next_of(events, SerialLine).text == "ROLL 5"  # type: ignore[attr-defined]


def test_a_missing_port_is_reported_once_not_every_retry(tmp_path: Path, events: queue.Queue[object]) -> None:
    missing = tmp_path / "nothing"
    reader = SerialLineReader("die", str(missing), events.put, lambda: 0.0, retry_s=0.01)
    status = next_of(events, SerialStatus)
    assert status.connected is False and status.detail.startswith(f"cannot open {missing}")  # type: ignore[attr-defined]
    reader.close()
    assert all(not isinstance(e, SerialStatus) for e in list(events.queue))  # no repeats queued


def test_write_line_reaches_the_device(device: Device, events: queue.Queue[object]) -> None:
    with SerialLineReader("die", str(device.link), events.put, lambda: 0.0, retry_s=0.05) as reader:
        next_of(events, SerialStatus)
        assert reader.write_line("HELLO?") is True
        got = b""
        while not got.endswith(b"\n"):
            got += os.read(device.master, 64)
        assert got == b"HELLO?\n"


def test_a_second_exclusive_reader_cannot_open_the_same_port(device: Device, events: queue.Queue[object]) -> None:
    other: queue.Queue[object] = queue.Queue()
    with SerialLineReader("die", str(device.link), events.put, lambda: 0.0, retry_s=0.05):
        next_of(events, SerialStatus)
        with SerialLineReader("die2", str(device.link), other.put, lambda: 0.0, retry_s=0.05):
            status = next_of(other, SerialStatus)
            assert status.connected is False and "exclusively lock" in status.detail  # type: ignore[attr-defined]


def test_loop_url_works_for_tests_without_a_device(events: queue.Queue[object]) -> None:
    with SerialLineReader("move", "loop://", events.put, lambda: 0.0, retry_s=0.05) as reader:
        next_of(events, SerialStatus)
        assert reader.write_line("A: G3-F1")
        assert next_of(events, SerialLine) == SerialLine("move", "A: G3-F1", 0.0)
