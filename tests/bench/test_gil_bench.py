"""bench/gil.py cannot rot: a short run measures presses in each of the three switch
intervals, edge by edge, and puts the interpreter's switch interval back. No timing is
asserted (figures depend on the machine); bench/README.md ("The interpreter lock's switch
interval") holds the figures of full runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_short_run_measures_every_interval_and_restores_the_default() -> None:
    proc = subprocess.run([sys.executable, "gil.py", "9", "--max-s", "120", "--json"],
                          capture_output=True, text=True, cwd=ROOT / "bench", timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    r = json.loads(proc.stdout)
    assert r["switch_interval_restored_s"] == 0.005  # CPython's default, as the process started
    assert list(r["arms"]) == ["5 ms", "1 ms", "0.5 ms"]
    assert [a["edges"] for a in r["arms"].values()] == [3, 3, 3]  # alternated edge by edge
    assert r["counts"]["matches"] == 1


def test_the_control_measures_busy_and_idle_wakeups_per_interval() -> None:
    proc = subprocess.run([sys.executable, "gil.py", "3", "--control"],
                          capture_output=True, text=True, cwd=ROOT / "bench", timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    arms = [line.split(":")[0].strip() for line in proc.stdout.splitlines()]
    assert arms == ["0.5 ms busy", "0.5 ms idle", "1 ms busy", "1 ms idle", "5 ms busy", "5 ms idle"]
