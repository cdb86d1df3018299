"""docs/league.md's "Region" commands, run as written in bash (as root, Debian's
Mosquitto), with only their folders (``/etc/pitchside/...``, ``/var/lib/...``,
``/etc/systemd/system``, ``/root``), the region's name and the ports moved into a test
folder. What systemd would do is done by running the units' own commands:
``deploy/install-region.sh`` is run with ``--dry-run`` after the ``region init`` it runs
for a new region, then the ExecStart lines of the units it prints (the broker's drop-in,
each worker slot's unit) are started; the venue's broker is started from the ExecStart of
the drop-in the docs write; ``systemctl reload mosquitto`` is a SIGHUP. Every process is
stopped by its PID at the end. Then a table's result at the venue reaches the region's
store through the bridge and a worker."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from pitchside.league.store import Store
from support.broker import free_port, mosquitto
from support.region import result_payload

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
INSTALL = ROOT / "deploy" / "install-region.sh"
PITCHSIDE = "/opt/pitchside/current/venv/bin/pitchside"


def blocks() -> list[str]:
    text = (ROOT / "docs" / "league.md").read_text(encoding="utf-8")
    section = text[text.index("## Region: bridges, the region's broker and workers"):]
    section = section[:section.index("\n## ", 10)]
    return re.findall(r"```sh\n(.*?)```", section, re.S)


def commands(block: str) -> list[str]:
    """The block's commands, a continued line joined."""
    return [c.strip() for c in block.replace("\\\n", " ").splitlines() if c.strip()]


def exec_start(unit: str) -> list[str]:
    """The command of a unit or drop-in: its last non-empty ExecStart."""
    lines = [v for k, _, v in (line.partition("=") for line in unit.splitlines()) if k == "ExecStart" and v]
    return shlex.split(lines[-1])


@dataclass
class Host:
    """The test's stand-in for the machines: their folders under ``top``, the ports."""

    top: Path
    rport: int
    vport: int
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)
    region_broker: int = 0

    def path(self, text: str) -> str:
        top = self.top
        for old, new in (("/etc/systemd/system/", f"{top}/system/"), ("/etc/pitchside/", f"{top}/etc/"),
                         ("/var/lib/pitchside-region", f"{top}/var"), ("/root/region-ca.crt", f"{top}/etc/region/ca.crt"),
                         ("/root/bridge-kings-head.cred", f"{top}/etc/region/bridge-kings-head.cred"),
                         ("region.example.org:8883", f"127.0.0.1:{self.rport}"), (PITCHSIDE, f"{BIN}/pitchside")):
            text = text.replace(old, new)
        return text

    def start(self, argv: list[str], log: str) -> int:
        with open(self.top / log, "ab") as out:
            proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, cwd=self.top)
        self.procs.append(proc)
        return proc.pid

    def install_region(self, args: list[str]) -> None:
        """``sudo deploy/install-region.sh ARGS``: the ``region init`` it runs for a new
        region (with the test's listener), its dry run on that region, then its units."""
        hosts = [args[i + 1] for i, a in enumerate(args) if a == "--host"]
        assert hosts == ["region.example.org"], args
        region = f"{self.top}/etc/region"
        bash(f"{BIN}/pitchside region init --dir {region} --host 127.0.0.1 --listen 127.0.0.1:{self.rport}")
        where = ["--dir", region, "--prefix", f"{self.top}/opt"]
        dry = run([str(INSTALL), *args, "--dry-run", *where])
        assert f"+ {self.top}/opt/current/venv/bin/pitchside region init" not in dry  # the region is kept
        broker = exec_start(run([str(INSTALL), "--print-broker-unit", *where]))
        self.region_broker = self.start(broker, "region-broker.log")
        worker = run([str(INSTALL), "--print-worker-unit", *args, *where])
        creds = self.top / "credentials"
        creds.mkdir()
        (creds / "broker").write_text((self.top / "etc" / "region" / "league.cred").read_text())
        (self.top / "var").mkdir()
        count = int(args[args.index("--workers") + 1])
        log = self.top / "workers.log"
        for slot in range(0, count + 1):  # together, as systemd starts them, on a store not made yet
            argv = [self.path(a.replace("%i", str(slot)).replace("%d", str(creds))) for a in exec_start(worker)]
            self.start([a.replace(f"{self.top}/opt/current/venv/bin", str(BIN)) for a in argv], "workers.log")
        for slot in range(0, count + 1):
            wait_for(lambda: f"league worker {slot}: 127.0.0.1" in log.read_text(), log)

    def do(self, command: str) -> None:
        """One command of the docs, as its machine would run it."""
        argv = shlex.split(command)
        if argv[:2] == ["cd", "~/pitchside"]:
            return  # the test runs in the source
        if argv[:2] == ["sudo", "deploy/install-region.sh"]:
            self.install_region(argv[2:])
        elif argv[:2] == ["sudo", PITCHSIDE] and argv[2:4] == ["region", "add-venue"]:
            bash(f"{self.path(command.removeprefix('sudo '))} --dir {self.top}/etc/region")
        elif argv[:2] == ["sudo", PITCHSIDE] and argv[2:4] == ["club", "init"]:
            bash(f"{self.path(command.removeprefix('sudo '))} --dir {self.top}/etc/club --listen 127.0.0.1:{self.vport}")
        elif command == "sudo systemctl reload mosquitto":
            os.kill(self.region_broker, signal.SIGHUP)
        elif argv[:3] == ["sudo", "mkdir", "-p"]:
            bash(self.path(command.removeprefix("sudo ")))
        elif argv[0] == "printf" and "| sudo tee " in command:
            bash(self.path(command.replace("| sudo tee ", "| tee ")))
        elif command == "sudo systemctl daemon-reload && sudo systemctl restart mosquitto":
            dropin = (self.top / "system" / "mosquitto.service.d" / "pitchside.conf").read_text()
            self.start([self.path(a) for a in exec_start(dropin)], "venue-broker.log")
        else:
            raise AssertionError(f"a command of docs/league.md this test does not know: {command!r}")


def run(argv: list[str]) -> str:
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def wait_for(ready: Callable[[], bool], log: Path, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < deadline, f"not ready in {timeout} s; {log}:\n{log.read_text()[-3000:]}"
        time.sleep(0.1)


@pytest.fixture
def host() -> Iterator[Host]:
    """A folder user ``mosquitto`` can enter (Mosquitto run as root reads it as that user)."""
    folder = Path(tempfile.mkdtemp(prefix="pitchside-region-docs-"))
    folder.chmod(0o755)
    machines = Host(folder, free_port(), free_port())
    try:
        yield machines
    finally:
        for proc in machines.procs:
            proc.terminate()
        for proc in machines.procs:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        subprocess.run(["rm", "-rf", str(folder)], check=False)


def bash(script: str) -> None:
    with tempfile.TemporaryFile("w+") as err:
        done = subprocess.run(["bash", "-e", "-c", script], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err,
                              text=True, timeout=120)
        err.seek(0)
        assert done.returncode == 0, err.read()[-3000:]


def test_the_region_commands_of_the_docs_run_and_carry_a_result(host: Host) -> None:
    if mosquitto() is None:
        pytest.skip("no mosquitto broker (apt-get install mosquitto, as root)")
    region_block, venue_block = blocks()[:2]
    for command in commands(region_block):
        host.do(command)  # the workers subscribe before the venue's bridge connects (as the docs say)
    time.sleep(1.0)
    for command in commands(venue_block):
        host.do(command)
    top, vport = host.top, host.vport
    bash(f"{BIN}/pitchside club add-table t1 --dir {top}/etc/club")
    host.procs[-1].send_signal(signal.SIGHUP)  # the venue broker (started last) reads the new table's user
    time.sleep(0.5)
    user, _, password = (top / "etc" / "club" / "t1.cred").read_text().strip().partition(":")
    table = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=user, protocol=mqtt.MQTTv5)
    table.username_pw_set(user, password)
    table.tls_set(ca_certs=str(top / "etc" / "club" / "ca.crt"), tls_version=ssl.PROTOCOL_TLS_CLIENT)
    table.tls_insecure_set(True)  # the venue's certificate names league.local, reached here as 127.0.0.1
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            table.connect("127.0.0.1", vport, keepalive=10)
            break
        except OSError:
            time.sleep(0.2)
    table.loop_start()
    try:
        while not table.is_connected() and time.monotonic() < deadline:
            time.sleep(0.05)
        info = table.publish("pitchside/kings-head/t1/result", result_payload("kings-head", "t1", 1), qos=1)
        info.wait_for_publish(20)
        assert info.is_published()
    finally:
        table.disconnect()
        table.loop_stop()
    db = top / "var" / "region.db"
    deadline = time.monotonic() + 30
    counted: list[tuple[str, str]] = []
    while time.monotonic() < deadline and not counted:
        time.sleep(0.2)
        store = Store(db)
        try:
            counted = [(c.venue, c.table) for c in store.counted()]
        finally:
            store.close()
    assert counted == [("kings-head", "t1")]
    assert json.loads((top / "etc" / "region" / "region.toml").read_text().split("workers = ")[1]) == 8
