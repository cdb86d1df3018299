"""The region's broker and workers in their units' sandboxes, as far as they can be made
here without systemd: each unit's ExecStart in a mount namespace whose whole file system
is read-only but the unit's writable paths (ProtectSystem=strict with ReadWritePaths=, or
StateDirectory=), with no new privileges and only the unit's capabilities (``setpriv``).

The broker: Debian's Mosquitto on a config ``pitchside region init`` wrote; a worker's
user logs in over TLS and leaves a retained command; on SIGTERM the broker saves its
persistence file, and after a start in the same sandbox it gives the message back.
The workers: slots 0 and 1 as an unprivileged user (``nobody``, owning the state
directory as the unit's user does), the broker's password from a copy as systemd's
LoadCredential= hands it over; a venue's result reaches the store."""

from __future__ import annotations

import os
import shlex
import shutil
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from pitchside.league.store import Store
from support.broker import free_port, mosquitto
from support.region import result_payload

ROOT = Path(__file__).resolve().parents[2]
INSTALL = ROOT / "deploy" / "install-region.sh"
PITCHSIDE = Path(sys.executable).with_name("pitchside")
NOBODY = 65534


def _dropin(region: Path, option: str = "--print-broker-unit", *args: str) -> dict[str, list[str]]:
    text = subprocess.run(["bash", str(INSTALL), option, "--dir", str(region), *args], capture_output=True,
                          text=True, check=True, timeout=60).stdout
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep and not line.startswith("#"):
            out.setdefault(key, []).append(value)
    return out


def _sandboxed(unit: dict[str, list[str]], argv: list[str] | None = None, writable: list[str] | None = None,
               user: list[str] | None = None) -> list[str]:
    """``argv`` (default: the unit's ExecStart) in the parts of the unit's sandbox made
    without systemd: ``writable`` (default its ReadWritePaths) the only writable paths,
    as ``user`` (setpriv's options; default root)."""
    assert unit["ProtectSystem"] == ["strict"] and unit["NoNewPrivileges"] == ["yes"]
    caps = "".join(",+" + c.removeprefix("CAP_").lower() for c in unit["CapabilityBoundingSet"][0].split())
    mounts = ["mount -o remount,bind,ro /"]
    for path in unit["ReadWritePaths"] if writable is None else writable:
        mounts += [f"mount --bind {shlex.quote(path)} {shlex.quote(path)}",
                   f"mount -o remount,bind,rw {shlex.quote(path)}"]
    command = shlex.join(["setpriv", *(user or []), "--no-new-privs", "--bounding-set", f"-all{caps}", "--",
                          *(argv or shlex.split(unit["ExecStart"][-1]))])
    return ["unshare", "--mount", "--propagation", "private", "sh", "-e", "-c", " && ".join([*mounts, "exec " + command])]


@pytest.fixture
def region() -> Iterator[Path]:
    if os.geteuid() != 0:
        pytest.skip("needs root: a mount namespace, and Mosquitto dropping to its user")
    if mosquitto() is None or shutil.which("unshare") is None or shutil.which("setpriv") is None:
        pytest.skip("no mosquitto, unshare or setpriv (apt-get install mosquitto util-linux)")
    top = Path(tempfile.mkdtemp(prefix="pitchside-region-sandbox-"))
    top.chmod(0o755)  # user mosquitto enters it
    try:
        yield top / "region"
    finally:
        shutil.rmtree(top, ignore_errors=True)


def _client(region: Path, port: int, on_message: "mqtt.CallbackOnMessage | None" = None) -> mqtt.Client:
    user, _, password = (region / "league.cred").read_text().strip().partition(":")
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="league-1", protocol=mqtt.MQTTv5)
    client.username_pw_set("league-1", password)
    client.tls_set(ca_certs=str(region / "ca.crt"), tls_version=ssl.PROTOCOL_TLS_CLIENT)
    if on_message is not None:
        client.on_message = on_message
    deadline = time.monotonic() + 20
    while True:
        try:
            client.connect("127.0.0.1", port, keepalive=10)
            break
        except OSError:
            assert time.monotonic() < deadline, "the broker did not listen"
            time.sleep(0.1)
    client.loop_start()
    while not client.is_connected():
        assert time.monotonic() < deadline, "no CONNACK"
        time.sleep(0.05)
    return client


def test_the_region_broker_runs_and_persists_in_its_sandbox(region: Path) -> None:
    port = free_port()
    r = subprocess.run([str(PITCHSIDE), "region", "init", "--dir", str(region), "--host", "127.0.0.1", "--listen",
                        f"127.0.0.1:{port}"], capture_output=True, text=True, timeout=60, check=False)
    assert r.returncode == 0, r.stderr
    unit = _dropin(region)
    argv = _sandboxed(unit)
    log = region.parent / "broker.log"
    with open(log, "ab") as out:
        broker = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT)
    try:
        client = _client(region, port)
        info = client.publish("pitchside/kings-head/t1/cmd/fixture", b'{"kept": true}', qos=1, retain=True)
        info.wait_for_publish(10)
        assert info.is_published(), log.read_text()
        client.disconnect()
        client.loop_stop()
    finally:
        broker.terminate()
        code = broker.wait(15)
    text = log.read_text()
    assert code == 0, text
    assert "Saving in-memory database to" in text and "Error" not in text, text
    assert (region / "data" / "mosquitto.db").is_file()
    # a file outside ReadWritePaths stays unwritten: the sandbox has teeth
    probe = subprocess.run(_sandboxed(unit, ["touch", str(region / "x")]), capture_output=True, text=True,
                           timeout=30, check=False)
    assert probe.returncode != 0 and "Read-only file system" in probe.stderr and not (region / "x").exists()
    got: list[bytes] = []
    with open(log, "ab") as out:
        broker = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT)
    try:
        client = _client(region, port, lambda c, u, m: got.append(m.payload))
        client.subscribe("pitchside/kings-head/t1/cmd/fixture", qos=1)
        deadline = time.monotonic() + 10
        while not got and time.monotonic() < deadline:
            time.sleep(0.05)
        client.disconnect()
        client.loop_stop()
    finally:
        broker.terminate()
        broker.wait(15)
    assert got == [b'{"kept": true}']


def test_the_workers_store_a_result_in_their_sandbox(region: Path) -> None:
    port = free_port()
    r = subprocess.run([str(PITCHSIDE), "region", "init", "--dir", str(region), "--host", "127.0.0.1", "--listen",
                        f"127.0.0.1:{port}"], capture_output=True, text=True, timeout=60, check=False)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([str(PITCHSIDE), "region", "add-venue", "kings-head", "--dir", str(region)],
                       capture_output=True, text=True, timeout=60, check=False)
    assert r.returncode == 0, r.stderr
    top = region.parent
    state = top / "var"  # StateDirectory=, owned by the unit's user
    state.mkdir()
    os.chown(state, NOBODY, NOBODY)
    creds = top / "credentials"  # LoadCredential=: a copy only the unit's user reads
    creds.mkdir(mode=0o700)
    (creds / "broker").write_text((region / "league.cred").read_text())
    os.chown(creds / "broker", NOBODY, NOBODY)
    os.chown(creds, NOBODY, NOBODY)
    os.chmod(creds / "broker", 0o400)
    worker = _dropin(region, "--print-worker-unit", "--prefix", "/opt/pitchside")
    assert worker["StateDirectory"] == ["pitchside-region"] and worker["CapabilityBoundingSet"] == [""]
    broker = subprocess.Popen(_sandboxed(_dropin(region)), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    log = top / "workers.log"
    workers: list[subprocess.Popen[bytes]] = []
    try:
        for slot in (0, 1):
            argv = [a.replace("%i", str(slot)).replace("%d", str(creds)).replace("/var/lib/pitchside-region", str(state))
                    .replace("/opt/pitchside/current/venv/bin/pitchside", str(PITCHSIDE))
                    for a in shlex.split(worker["ExecStart"][0])]
            with open(log, "ab") as out:
                workers.append(subprocess.Popen(
                    _sandboxed(worker, argv, [str(state)], ["--reuid", str(NOBODY), "--regid", str(NOBODY),
                                                            "--clear-groups"]),
                    stdout=out, stderr=subprocess.STDOUT, cwd=state, env={**os.environ, "HOME": "/nonexistent"}))
        deadline = time.monotonic() + 30
        while not all(f"league worker {s}: 127.0.0.1" in log.read_text() for s in (0, 1)):
            assert time.monotonic() < deadline and all(w.poll() is None for w in workers), log.read_text()
            time.sleep(0.1)
        user, _, password = (region / "bridge-kings-head.cred").read_text().strip().partition(":")
        venue = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=user, protocol=mqtt.MQTTv5)
        venue.username_pw_set(user, password)
        venue.tls_set(ca_certs=str(region / "ca.crt"), tls_version=ssl.PROTOCOL_TLS_CLIENT)
        venue.connect("127.0.0.1", port, keepalive=10)
        venue.loop_start()
        info = venue.publish("pitchside/kings-head/t1/result", result_payload("kings-head", "t1", 1), qos=1)
        info.wait_for_publish(10)
        venue.disconnect()
        venue.loop_stop()
        counted: list[tuple[str, str]] = []
        while not counted:
            assert time.monotonic() < deadline + 30, log.read_text()
            time.sleep(0.2)
            store = Store(state / "region.db")
            try:
                counted = [(c.venue, c.table) for c in store.counted()]
            finally:
                store.close()
    finally:
        for proc in [*workers, broker]:
            proc.terminate()
        for proc in [*workers, broker]:
            proc.wait(15)
    assert counted == [("kings-head", "t1")]
    assert {p.returncode for p in workers} == {0}, log.read_text()
    assert (state / "region.db").stat().st_uid == NOBODY
