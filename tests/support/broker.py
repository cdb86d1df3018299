"""A real Mosquitto for the club tests: Debian's ``mosquitto`` (installed here when
missing and running as root: ``apt-get update`` once, then ``apt-get install -y
mosquitto mosquitto-clients``), started on a free port of 127.0.0.1 with the config, ACL
and password file that ``pitchside club init`` writes (pitchside.club.broker: client ids
bound to user names, the size limits, persistence; plain MQTT), for venue ``club``,
stopped by its own PID. No mocked broker."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from pitchside.app.config_mqtt import table_user
from pitchside.club.broker import BrokerPlan, acl, mosquitto_conf
from support.apt import find, installed

ROOT = Path(__file__).resolve().parents[2]
VENUE = "club"
USERS = {table_user(VENUE, "table-1"): "T1-secret-x", table_user(VENUE, "table-2"): "T2-secret-y",
         "league": "L-secret-z", "dashboard": "D-secret-w", table_user("elsewhere", "table-1"): "E1-secret-v"}
"""The broker's users and passwords (made per broker): two tables, the league, the dashboard,
and a table of another venue (``elsewhere/table-1``: the ACL keeps it out of ``club``)."""


def user(name: str) -> str:
    """The broker user of ``name``: a table id (``table-1``) is ``club/table-1``; ``league``
    and ``dashboard`` are themselves."""
    return name if name in USERS else table_user(VENUE, name)


def mosquitto() -> str | None:
    """The ``mosquitto`` binary, installed with apt when missing (root only), or None."""
    return installed("mosquitto", "mosquitto", "mosquitto-clients")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def broker_config(folder: Path, port: int) -> str:
    """``pitchside club init``'s config for venue ``club`` with this folder's files, one
    plain listener on 127.0.0.1:``port``, and the broker's log on stdout."""
    lines = [mosquitto_conf(BrokerPlan(VENUE, str(folder), tls=False, host="127.0.0.1", port=port)),
             "log_dest stdout", "log_type error", "log_type warning", "log_type notice"]
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
        (folder / "acl").write_text(acl(VENUE))
        (folder / "data").mkdir(exist_ok=True)
        for f in (passwd, folder / "acl"):
            f.chmod(0o600)
        (folder / "mosquitto.conf").write_text(broker_config(folder, self.port))

    def credentials(self, name: str) -> Path:
        """A credentials file for ``name``'s user (:func:`user`: ``USER:PASSWORD``, mode 600)."""
        path = self.folder / f"{name}.cred"
        path.write_text(f"{user(name)}:{USERS[user(name)]}\n")
        path.chmod(0o600)
        return path

    def forget_session(self, name: str) -> None:
        """End ``name``'s persistent session and what is queued for it (an MQTT v5 connect
        with clean start and no session expiry), so a test's league starts afresh: the
        broker names every client of one user alike."""
        c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=user(name), protocol=mqtt.MQTTv5)
        c.username_pw_set(user(name), USERS[user(name)])
        c.connect("127.0.0.1", self.port, keepalive=5, clean_start=True)
        c.loop_start()
        try:
            deadline = time.monotonic() + 5
            while not c.is_connected() and time.monotonic() < deadline:
                time.sleep(0.01)
            assert c.is_connected(), f"{name} could not connect to forget its session"
        finally:
            c.disconnect()
            c.loop_stop()

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
