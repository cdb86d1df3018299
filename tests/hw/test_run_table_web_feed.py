"""``pitchside run`` with a ``[web]`` section sends its snapshots to the ``pitchside web``
process over the configured datagram socket (the real table feeds the web
view), and without one it sends nothing. Runs in this process on gpiozero's mock pins,
with the simulator's recording device as the panel (as test_run_table_out_of_order)."""

from __future__ import annotations

import json
import os
import signal
import socket
import threading
import time
from pathlib import Path

import pytest

import pitchside_hw.table as table_module
from pitchside_hw.table import run_table
from pitchside_sim.frames import RecordingDevice

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "hardware" / "pitchside_hw" / "configs" / "pitchbowl.toml"


def config(tmp_path: Path, feed: Path | None) -> str:
    text = EXAMPLE.read_text().replace('pin_factory = "lgpio"', 'pin_factory = "mock"')
    text = text.replace('journal = "/var/lib/pitchside/journal.db"', f'journal = "{tmp_path / "journal.db"}"')
    if feed is not None:
        text += f'\n[web]\nlisten = "127.0.0.1:8080"\nfeed = "{feed}"\n'
    path = tmp_path / "table.toml"
    path.write_text(text)
    return str(path)


def run_until_fed(path: str, receiver: socket.socket | None, monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """Run the table until a snapshot arrives (or 3 s pass), then SIGTERM it."""
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    device = RecordingDevice(128, 64)
    monkeypatch.setattr(table_module, "open_device", lambda *a, **k: device)
    got: list[dict] = []

    def listen_then_stop() -> None:
        deadline = time.monotonic() + 3.0
        while time.monotonic() < deadline and not got:
            if receiver is None:
                time.sleep(0.05)
                continue
            try:
                got.append(json.loads(receiver.recv(65536)))
            except (BlockingIOError, TimeoutError):
                continue
        os.kill(os.getpid(), signal.SIGTERM)

    thread = threading.Thread(target=listen_then_stop, daemon=True)
    thread.start()
    assert run_table(path) == 0
    thread.join(5)
    return got


def test_the_real_table_feeds_the_web_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    feed = tmp_path / "feed.sock"
    receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    receiver.bind(str(feed))
    receiver.settimeout(0.1)
    try:
        got = run_until_fed(config(tmp_path, feed), receiver, monkeypatch)
    finally:
        receiver.close()
    assert len(got) >= 1
    snap = got[0]
    assert (snap["game"], snap["status"], snap["score"]) == ("pitchbowl", "playing", {"A": 0, "B": 0})
    assert snap["seq"] >= 0


def test_without_a_web_section_nothing_is_sent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert run_until_fed(config(tmp_path, None), None, monkeypatch) == []
