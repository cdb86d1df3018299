"""A real Mosquitto for the club tests: Debian's ``mosquitto`` (installed here when
missing and running as root: ``apt-get update`` once, then ``apt-get install -y
mosquitto mosquitto-clients``), started on a free port of 127.0.0.1 with a password
file and the ACL that deploy/ ships (deploy/mosquitto/pitchside.acl), stopped by its
own PID. No mocked broker."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from support.apt import find, installed

ROOT = Path(__file__).resolve().parents[2]
ACL = ROOT / "deploy" / "mosquitto" / "pitchside.acl"
CONF = ROOT / "deploy" / "mosquitto" / "pitchside.conf"
USERS = {"table-1": "T1-secret-x", "table-2": "T2-secret-y", "league": "L-secret-z"}
"""The broker's users and passwords (made per session)."""


def mosquitto() -> str | None:
    """The ``mosquitto`` binary, installed with apt when missing (root only), or None."""
    return installed("mosquitto", "mosquitto", "mosquitto-clients")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def broker_config(folder: Path, port: int) -> str:
    """deploy/'s conf.d snippet with this folder's files and port, one listener on
    127.0.0.1, persistence in the folder (as Debian's own mosquitto.conf has it: the
    league's session and the messages queued for it survive a broker restart)."""
    lines = []
    for line in CONF.read_text().splitlines():
        if line.startswith("password_file"):
            line = f"password_file {folder / 'passwd'}"
        elif line.startswith("acl_file"):
            line = f"acl_file {folder / 'acl'}"
        elif line.startswith("listener"):
            line = f"listener {port} 127.0.0.1"
        lines.append(line)
    lines += ["persistence true", f"persistence_location {folder}/", "log_dest stdout", "log_type error", "log_type warning", "log_type notice"]
    if os.geteuid() == 0:
        lines.append("user root")  # the test's folder is root's: no drop to user mosquitto
    return "\n".join(lines) + "\n"


class Broker:
    """One Mosquitto process on 127.0.0.1:``port`` (a free one), its files in ``folder``."""

    def __init__(self, binary: str, folder: Path) -> None:
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        folder.mkdir(parents=True, exist_ok=True)
        passwd = folder / "passwd"
        passwd.write_text("".join(f"{u}:{p}\n" for u, p in USERS.items()))
        tool = find("mosquitto_passwd")
        assert tool is not None, "mosquitto_passwd comes with the mosquitto package"
        subprocess.run([tool, "-U", str(passwd)], check=True, capture_output=True)  # hash the passwords
        shutil.copy(ACL, folder / "acl")
        for f in (passwd, folder / "acl"):
            f.chmod(0o600)
        (folder / "mosquitto.conf").write_text(broker_config(folder, self.port))

    def credentials(self, user: str) -> Path:
        """A credentials file for ``user`` (``USER:PASSWORD``, mode 600)."""
        path = self.folder / f"{user}.cred"
        path.write_text(f"{user}:{USERS[user]}\n")
        path.chmod(0o600)
        return path

    def start(self) -> Broker:
        log = open(self.folder / "broker.log", "ab")
        self.proc = subprocess.Popen([self.binary, "-c", str(self.folder / "mosquitto.conf")],
                                     stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"mosquitto exited {self.proc.returncode}: {(self.folder / 'broker.log').read_text()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("mosquitto did not listen within 10 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="session")
def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Broker]:
    """One real Mosquitto for the session (a conftest imports this fixture); no broker is
    a skip here, which tests/conftest.py turns into a failure under CI=true."""
    binary = mosquitto()
    if binary is None:
        pytest.skip("no mosquitto broker (apt-get install mosquitto, as root)")
    b = Broker(binary, tmp_path_factory.mktemp("broker")).start()
    try:
        yield b
    finally:
        b.stop()
