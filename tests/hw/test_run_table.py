"""``pitchside run`` end to end on the production path, with gpiozero's mock pin factory
and luma's dummy device from the config: it starts, tells systemd READY=1 after the
first frame, feeds the watchdog from its loop, and stops cleanly on SIGTERM
(deploy/pitchside.service.in is Type=notify with WatchdogSec)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"


def mock_config(tmp_path: Path) -> Path:
    text = EXAMPLE.read_text()
    text = text.replace('pin_factory = "lgpio"', 'pin_factory = "mock"')
    text = text.replace('driver = "ssd1306"', 'driver = "dummy"')
    text = text.replace('journal = "/var/lib/pitchside/journal.db"', f'journal = "{tmp_path / "journal.db"}"')
    path = tmp_path / "table.toml"
    path.write_text(text)
    return path


def test_run_notifies_systemd_feeds_the_watchdog_and_stops_on_sigterm(tmp_path: Path) -> None:
    sock_path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(sock_path))
    sock.settimeout(30)
    env = dict(os.environ, NOTIFY_SOCKET=str(sock_path), WATCHDOG_USEC="1000000")
    pitchside = Path(sys.executable).with_name("pitchside")
    proc = subprocess.Popen([str(pitchside), "run", "--config", str(mock_config(tmp_path))], env=env,
                            stderr=subprocess.PIPE, text=True)  # fmt: skip
    messages: list[str] = []
    try:
        while messages.count("WATCHDOG=1") < 2:  # the loop wakes to feed it while idle
            messages.append(sock.recv(1024).decode())
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
        sock.settimeout(1)
        while True:
            try:
                messages.append(sock.recv(1024).decode())
            except (socket.timeout, BlockingIOError):
                break
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        assert proc.stderr is not None
        proc.stderr.close()
        sock.close()
    assert messages[0] == "READY=1"
    assert "STATUS=Pichenotte: pichenotte" in messages
    assert messages[-1] == "STOPPING=1"
    assert (tmp_path / "journal.db").exists()


def test_run_with_a_bad_config_exits_2_naming_file_and_key(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(EXAMPLE.read_text().replace('coin = "GPIO4"', 'coin = "GPIO40"'))
    pitchside = Path(sys.executable).with_name("pitchside")
    result = subprocess.run([str(pitchside), "run", "--config", str(bad)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert f"{bad}: buttons.coin: must be a BCM pin GPIO0..GPIO27" in result.stderr


def test_run_off_a_pi_says_how_to_run_the_simulator_instead(tmp_path: Path) -> None:
    model = Path("/proc/device-tree/model")
    if model.exists() and model.read_bytes().startswith(b"Raspberry Pi"):
        pytest.skip("this is a Pi: lgpio starts here")
    config = mock_config(tmp_path)
    config.write_text(config.read_text().replace('pin_factory = "mock"', 'pin_factory = "lgpio"'))
    pitchside = Path(sys.executable).with_name("pitchside")
    result = subprocess.run([str(pitchside), "run", "--config", str(config)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "cannot start the table: pin factory 'lgpio' could not start: " in result.stderr
    assert ("this is not a Raspberry Pi: to try the table here, run the simulator instead: "
            "pitchside sim GAME --config FILE") in result.stderr


def test_a_filter_that_refuses_its_parameters_is_a_config_error_naming_the_key() -> None:
    # check-config runs the same checks, so only a config built in code gets here: the
    # driver's ValueError is still a ConfigError with the key, never a traceback.
    from dataclasses import replace

    from gpiozero.pins.mock import MockFactory

    from pitchside.app.config import load_config
    from pitchside.core.errors import ConfigError
    from pitchside_hw.pins import TickClock
    from pitchside_hw.table import TableInputs

    config = replace(load_config(EXAMPLE), bounce_ms=0.0)
    factory = MockFactory()
    try:
        with pytest.raises(ConfigError) as info:
            TableInputs(config, factory, lambda item: None, TickClock(factory))
        assert (info.value.key, info.value.message) == (
            "gpio.bounce_ms", "bounce_s must be a positive number of seconds, got 0.0 (input call)")
    finally:
        factory.close()
