"""The README's club walkthrough, run as written: its three ``sh`` blocks in bash from the
repository (``pitchside club init`` and ``add-table``, a REAL Mosquitto on the generated
config with TLS, the league, two simulated tables, then a result finished while the
league is away, across a broker restart), with only its folder, its two ports and its
pace changed so the test runs beside anything else. Every result counts once."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from support.broker import free_port, mosquitto

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def blocks() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("Two simulated tables into a league"):text.index("## Performance")]
    return re.findall(r"```sh\n(.*?)```", section, re.S)


def adapted(block: str, folder: Path, broker_port: int, http_port: int) -> str:
    block = re.sub(r"(?<![\w/.-])club(?=/)", str(folder), block)
    block = block.replace("--dir club", f"--dir {folder}").replace(".venv/bin/", f"{BIN}/")
    return block.replace("8884", str(broker_port)).replace("8090", str(http_port)).replace("--pace 0.2", "--pace 0")


@pytest.fixture
def folder() -> Iterator[Path]:
    """A folder user ``mosquitto`` can enter (Mosquitto run as root reads it as that user)."""
    top = Path(tempfile.mkdtemp(prefix="pitchside-readme-"))
    top.chmod(0o755)
    try:
        yield top / "club"
    finally:
        for pid_file in ("league.pid", "broker.pid"):
            pid = top / "club" / pid_file
            if pid.exists():
                try:
                    os.kill(int(pid.read_text()), signal.SIGTERM)
                except (ProcessLookupError, ValueError):
                    pass
        subprocess.run(["rm", "-rf", str(top)], check=False)


def bash(script: str) -> str:
    """Run ``script``; its output through files, as the servers it starts in the
    background keep theirs open."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        done = subprocess.run(["bash", "-e", "-c", script], cwd=ROOT, stdout=out, stderr=err, text=True, timeout=300)
        out.seek(0)
        err.seek(0)
        assert done.returncode == 0, err.read()[-3000:]
        return out.read()


def until(test: object, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if test():  # type: ignore[operator]
            return True
        time.sleep(0.1)
    return False


def standings(folder: Path, game: str) -> str:
    return bash(f"{BIN}/pitchside league standings --db {folder}/league.db --game {game}")


def test_the_readme_club_walkthrough_runs_and_keeps_a_result_across_a_broker_restart(folder: Path) -> None:
    assert mosquitto() == "/usr/sbin/mosquitto", "the README starts Debian's /usr/sbin/mosquitto"
    setup, tables, restart = blocks()
    assert "club init" in setup and "add-table" in setup and "passwd" not in setup + tables + restart
    bport, hport = free_port(), free_port()
    url = f"http://127.0.0.1:{hport}"

    def healthy() -> bool:
        try:
            return httpx.get(url + "/healthz", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    bash(adapted(setup, folder, bport, hport))
    assert until(healthy)
    time.sleep(1.0)  # the league's subscription is in place before the first result
    bash(adapted(tables, folder, bport, hport))
    assert until(lambda: "pitchnut" in standings(folder, "pitchnut") and "boulomania" in standings(folder, "boulomania"))
    bash(adapted(restart, folder, bport, hport))
    assert until(lambda: "Bob" in standings(folder, "pitchbowl"))
    rows = bash(f"{BIN}/pitchside league standings --db {folder}/league.db")
    assert [line.split()[1:3] for line in rows.splitlines() if line.startswith("    ")] == [
        ["Ann", "P1"], ["Bob", "P1"], ["Bob", "P1"], ["Ann", "P1"], ["Bob", "P1"], ["Ann", "P1"]]
    assert re.findall(r"^(\w+):", rows, re.M) == ["pitchnut", "boulomania", "pitchbowl"]
    conf = (folder / "mosquitto.conf").read_text()
    assert "persistence true" in conf and "use_username_as_clientid true" in conf and "certfile" in conf
