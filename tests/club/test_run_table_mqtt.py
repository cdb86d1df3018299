"""``pitchside run`` with an ``[mqtt]`` section: the real table's assembly
starts the club link, which publishes its birth and state to a real Mosquitto, and its
clean stop says offline. In this process on gpiozero's mock pins, as
tests/hw/test_run_table_web_feed.py."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

import pitchside_hw.table as table_module
from pitchside_hw.table import run_table
from pitchside_sim.frames import RecordingDevice
from support.broker import Broker
from support.club import League

EXAMPLE = Path(__file__).resolve().parents[2] / "hardware" / "pitchside_hw" / "configs" / "pitchbowl.toml"


def test_the_real_table_publishes_its_birth_state_and_clean_stop(
    broker: Broker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = EXAMPLE.read_text().replace('pin_factory = "lgpio"', 'pin_factory = "mock"')
    text = text.replace('journal = "/var/lib/pitchside/journal.db"', f'journal = "{tmp_path / "journal.db"}"')
    text += (f'\n[mqtt]\nhost = "127.0.0.1"\nport = {broker.port}\nvenue = "club"\n'
             f'credentials = "{broker.credentials("table-1")}"\n')
    path = tmp_path / "table.toml"
    path.write_text(text)
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    monkeypatch.setattr(table_module, "open_device", lambda *a, **k: RecordingDevice(128, 64))
    league = League(broker).start()
    since = len(league.messages)

    def mine(lg: League) -> list[tuple[str, dict, bool]]:
        # live ones only: earlier tests left retained messages on the session's broker
        return [m for m in lg.messages[since:] if m[0].startswith("pitchside/club/table-1/") and not m[2]]

    def stop_when_stated() -> None:
        league.wait(lambda lg: any(t.endswith("/state") for t, _, _ in mine(lg)), timeout=10)
        os.kill(os.getpid(), signal.SIGTERM)

    thread = threading.Thread(target=stop_when_stated, daemon=True)
    thread.start()
    started = time.monotonic()
    try:
        assert run_table(str(path)) == 0
        thread.join(5)
        assert time.monotonic() - started < 15
        assert league.wait(lambda lg: any(b.get("why") == "stopped" for t, b, _ in mine(lg) if t.endswith("/status")))
        got = mine(league)
        kinds = [t.rsplit("/", 1)[1] for t, _, _ in got]
        assert kinds[0] == "status" and "state" in kinds
        birth = got[0][1]
        assert (birth["online"], birth["games"], birth["table"]) == (True, ["pitchbowl"], "table-1")
        state = next(b for t, b, _ in got if t.endswith("/state"))
        assert (state["game"], state["status"], state["score"]) == ("pitchbowl", "playing", {"A": 0, "B": 0})
        assert got[-1][1] == {**birth, "online": False, "why": "stopped"}
    finally:
        league.close()
