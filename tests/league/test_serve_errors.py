"""``pitchside league serve`` (and ``standings``) on bad input: one line naming what is
wrong, exit status 2, no traceback; a credentials file others may read is warned about
(the table's check-config warning, the same function); with a real Mosquitto the server
starts and answers its pages."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from pitchside.web.server import free_port
from support.broker import Broker

PITCHSIDE = [sys.executable, "-m", "pitchside.cli.main"]
REFUSED = "127.0.0.1:1"  # nothing listens on port 1


def league(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PITCHSIDE, "league", *args], capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)


def refused(r: subprocess.CompletedProcess[str], message: str) -> None:
    assert (r.returncode, r.stdout, r.stderr) == (2, "", f"pitchside league: {message}\n")


def test_missing_credentials(tmp_path: Path) -> None:
    missing = tmp_path / "nope.cred"
    refused(league("serve", "--credentials", str(missing), "--db", str(tmp_path / "l.db")),
            f"--credentials: {missing} cannot be read (No such file or directory)")


def test_binary_credentials(tmp_path: Path) -> None:
    blob = tmp_path / "blob.cred"
    blob.write_bytes(bytes(range(128, 256)) * 4)
    blob.chmod(0o600)
    refused(league("serve", "--credentials", str(blob), "--db", str(tmp_path / "l.db")),
            f"--credentials: {blob} is not UTF-8 text")


def test_db_in_a_missing_folder(tmp_path: Path) -> None:
    db = tmp_path / "no-such-folder" / "league.db"
    refused(league("serve", "--db", str(db)),
            f"--db {db}: the folder {str(db.parent)!r} does not exist (make it, or name a file in an existing one)")
    assert not db.parent.exists()
    r = league("standings", "--db", str(db))  # only serve makes a database: standings says where it looked
    assert (r.returncode, r.stdout, r.stderr) == (
        2, "", f"pitchside league standings: no league database at {db}: give --db FILE, the file pitchside "
               "league serve --db uses (serve makes it on its first start)\n")


def test_db_that_is_not_a_database(tmp_path: Path) -> None:
    db = tmp_path / "notes.db"
    db.write_text("these are my notes, not a league\n" * 10)
    refused(league("standings", "--db", str(db)), f"--db {db}: cannot be opened as the league's database "
                                                  "(file is not a database)")


def test_a_broker_name_that_does_not_resolve(tmp_path: Path) -> None:
    r = league("serve", "--broker", "nosuchhost.invalid:1883", "--db", str(tmp_path / "l.db"))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("pitchside league: cannot resolve the broker host 'nosuchhost.invalid' (--broker): ")
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_a_broker_that_does_not_answer(tmp_path: Path) -> None:
    refused(league("serve", "--broker", REFUSED, "--db", str(tmp_path / "l.db")),
            "cannot connect to the broker at 127.0.0.1:1 (--broker): Connection refused")


@pytest.mark.parametrize("option, value, message", [
    ("--http", "127.0.0.1:99999", "--http: the port must be 1-65535, not 99999 (in '127.0.0.1:99999')"),
    ("--broker", "league.local", "--broker: must be HOST:PORT such as \"0.0.0.0:8080\" or \"[::1]:8080\", "
                                 "not 'league.local'"),
])
def test_bad_host_port(tmp_path: Path, option: str, value: str, message: str) -> None:
    refused(league("serve", option, value, "--db", str(tmp_path / "l.db")), message)


def test_a_credentials_file_others_may_read_is_warned_about(tmp_path: Path) -> None:
    cred = tmp_path / "league.cred"
    cred.write_text("league:secret\n")
    cred.chmod(0o644)
    r = league("serve", "--credentials", str(cred), "--broker", REFUSED, "--db", str(tmp_path / "l.db"))
    assert (r.returncode, r.stderr) == (2, (
        f"pitchside league: warning: --credentials: {cred} can be read by others (mode 644): chmod 600 {cred}\n"
        "pitchside league: cannot connect to the broker at 127.0.0.1:1 (--broker): Connection refused\n"))
    cred.chmod(0o600)
    r = league("serve", "--credentials", str(cred), "--broker", REFUSED, "--db", str(tmp_path / "l.db"))
    assert "warning" not in r.stderr


def test_serve_starts_with_a_real_broker(tmp_path: Path, broker: Broker) -> None:
    port = free_port()
    proc = subprocess.Popen([*PITCHSIDE, "league", "serve", "--broker", f"127.0.0.1:{broker.port}",
                             "--credentials", str(broker.credentials("league")), "--db", str(tmp_path / "l.db"),
                             "--http", f"127.0.0.1:{port}"], stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/api/wall", timeout=2)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the league's pages did not answer in 30 s"
                time.sleep(0.1)
        assert r.status_code == 200 and r.json()["seq"] >= 0
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)
        assert proc.stderr is not None
        err = proc.stderr.read()
        proc.stderr.close()
    # uvicorn ends by raising the signal it caught again: systemd counts SIGTERM as a clean stop
    assert proc.returncode == -signal.SIGTERM and "Traceback" not in err, err
    assert os.path.exists(tmp_path / "l.db")
