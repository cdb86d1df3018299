"""bench/loaded_tail.py cannot rot: a short run measures each arm beside 0 and 1 hogs,
interleaved with the bare counter, and stops its hogs. No timing is asserted (figures
depend on the machine); bench/README.md ("The loop's tail under load") holds the figures
of full runs. The real-time arm needs ``CAP_SYS_NICE`` or ``RLIMIT_RTPRIO``: without
either it is reported refused, not measured."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _may_use_fifo_10() -> bool:
    with open("/proc/self/status") as fh:
        eff = next(int(line.split()[1], 16) for line in fh if line.startswith("CapEff:"))
    soft = resource.getrlimit(resource.RLIMIT_RTPRIO)[0]
    return bool(eff >> 23 & 1) or soft == resource.RLIM_INFINITY or soft >= 10  # CAP_SYS_NICE, or the limit


def test_a_short_run_measures_every_arm_beside_its_hogs_and_stops_them() -> None:
    proc = subprocess.run([sys.executable, "loaded_tail.py", "--hogs", "0", "1", "--arms", "default", "fifo",
                           "inline", "--events", "6", "--rounds", "2", "--max-s", "120", "--json"],
                          capture_output=True, text=True, cwd=ROOT / "bench", timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    r = json.loads(proc.stdout)
    measured = ["default", "fifo", "inline"] if _may_use_fifo_10() else ["default", "inline"]
    assert list(r["refused"]) == [a for a in ("default", "fifo", "inline") if a not in measured]
    assert list(r["hogs"]) == ["0", "1"]
    for per_arm in r["hogs"].values():
        assert list(per_arm) == measured
        for figures in per_arm.values():
            assert (figures["rounds"], figures["events"], figures["baseline_events"]) == (2, 12, 12)
    assert r["hogs_stopped"] == {"0": [], "1": [-15]}  # the one hog stopped by the bench (SIGTERM), not by its time
