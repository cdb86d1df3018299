"""docs/league.md's "Region" commands, run as written in bash (as root, Debian's
Mosquitto), with only their folders (``/etc/pitchside/...``, ``/var/lib/pitchside``,
``/root``), the region's name and the ports moved into a test folder, and the two
brokers and the workers stopped by their PIDs at the end. Then a table's result at the
venue reaches the region's store through the bridge and a worker."""

from __future__ import annotations

import json
import os
import re
import signal
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
BIN = Path(sys.executable).parent


def blocks() -> list[str]:
    text = (ROOT / "docs" / "league.md").read_text(encoding="utf-8")
    section = text[text.index("## Region: bridges, the region's broker and workers"):]
    section = section[:section.index("\n## ", 10)]
    return re.findall(r"```sh\n(.*?)```", section, re.S)


def adapted(block: str, top: Path, rport: int, vport: int) -> str:
    """``block`` with the test's folders and ports; each background process's PID kept."""
    block = block.replace("/etc/pitchside/", f"{top}/etc/").replace("/var/lib/pitchside", f"{top}/var")
    block = block.replace("/root/region-ca.crt", f"{top}/etc/region/ca.crt")
    block = block.replace("/root/bridge-kings-head.cred", f"{top}/etc/region/bridge-kings-head.cred")
    block = block.replace("region.example.org:8883", f"127.0.0.1:{rport}")
    block = block.replace("--host region.example.org", f"--host 127.0.0.1 --listen 127.0.0.1:{rport}")
    block = re.sub(r"pitchside region (init|add-venue kings-head)", rf"pitchside region \1 --dir {top}/etc/region",
                   block)
    block = block.replace("pitchside club init", f"pitchside club init --dir {top}/etc/club --listen 127.0.0.1:{vport}")
    block = re.sub(r"mosquitto -d -c (\S+)", lambda m: f"mosquitto -c {m[1]} > {m[1]}.log 2>&1 & echo $! >> PIDS",
                   block)
    block = re.sub(r"&\n", f"> {top}/workers.log 2>&1 & echo $! >> PIDS\n", block)
    return block.replace("pitchside ", f"{BIN}/pitchside ").replace("PIDS", f"{top}/pids")


@pytest.fixture
def top() -> Iterator[Path]:
    """A folder user ``mosquitto`` can enter (Mosquitto run as root reads it as that user)."""
    folder = Path(tempfile.mkdtemp(prefix="pitchside-region-docs-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        pids = folder / "pids"
        for pid in (pids.read_text().split() if pids.exists() else []):
            try:
                os.kill(int(pid), signal.SIGTERM)
            except ProcessLookupError:
                pass
        time.sleep(1.0)
        subprocess.run(["rm", "-rf", str(folder)], check=False)


def bash(script: str) -> None:
    with tempfile.TemporaryFile("w+") as err:
        done = subprocess.run(["bash", "-e", "-c", script], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err,
                              text=True, timeout=120)
        err.seek(0)
        assert done.returncode == 0, err.read()[-3000:]


def test_the_region_commands_of_the_docs_run_and_carry_a_result(top: Path) -> None:
    if mosquitto() is None:
        pytest.skip("no mosquitto broker (apt-get install mosquitto, as root)")
    region_block, venue_block = blocks()[:2]
    rport, vport = free_port(), free_port()
    bash(adapted(region_block, top, rport, vport))
    # the workers subscribe before the venue's bridge connects (as the docs say)
    deadline = time.monotonic() + 20
    while "league worker 2: 127.0.0.1" not in (top / "workers.log").read_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1.0)
    bash(adapted(venue_block, top, rport, vport))
    bash(f"{BIN}/pitchside club add-table t1 --dir {top}/etc/club")
    os.kill(int((top / "pids").read_text().split()[-1]), signal.SIGHUP)  # the venue broker reads the new table's user
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
