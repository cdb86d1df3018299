"""The region's broker in its drop-in's sandbox, as far as it can be made here without
systemd: Debian's Mosquitto, run by the drop-in's ExecStart on a config ``pitchside region
init`` wrote, in a mount namespace whose whole file system is read-only but the drop-in's
ReadWritePaths (ProtectSystem=strict), with no new privileges and only the drop-in's
capabilities (``setpriv``). A worker logs in over TLS and leaves a retained command; on
SIGTERM the broker saves its persistence file, and after a start in the same sandbox it
gives the message back."""

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

from support.broker import free_port, mosquitto

ROOT = Path(__file__).resolve().parents[2]
INSTALL = ROOT / "deploy" / "install-region.sh"
PITCHSIDE = Path(sys.executable).with_name("pitchside")


def _dropin(region: Path) -> dict[str, list[str]]:
    text = subprocess.run(["bash", str(INSTALL), "--print-broker-unit", "--dir", str(region)], capture_output=True,
                          text=True, check=True, timeout=60).stdout
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep and not line.startswith("#"):
            out.setdefault(key, []).append(value)
    return out


def _sandboxed(unit: dict[str, list[str]], argv: list[str] | None = None) -> list[str]:
    """``argv`` (default: the drop-in's ExecStart) in the parts of the drop-in's sandbox
    made without systemd."""
    assert unit["ProtectSystem"] == ["strict"] and unit["NoNewPrivileges"] == ["yes"]
    caps = ",".join("+" + c.removeprefix("CAP_").lower() for c in unit["CapabilityBoundingSet"][0].split())
    mounts = ["mount -o remount,bind,ro /"]
    for path in unit["ReadWritePaths"]:
        mounts += [f"mount --bind {shlex.quote(path)} {shlex.quote(path)}",
                   f"mount -o remount,bind,rw {shlex.quote(path)}"]
    command = shlex.join(["setpriv", "--no-new-privs", "--bounding-set", f"-all,{caps}", "--",
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
