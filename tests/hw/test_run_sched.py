"""``pitchside run`` applies ``PITCHSIDE_SCHED`` to every thread of the table once its
first frame is shown (luma's idle pool of four among them), read back from the kernel as
the loop starts (``/proc/self/task/TID/sched``: policy 1 is SCHED_FIFO, prio 89 is
real-time priority 10 on the kernel's scale); and a refused setting leaves one log line
and a table that starts anyway (deploy/README.md, "Real-time priority")."""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.bench_config import bench_config

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import json, os, sys
from pitchside.app import runtime
def run(self, stop, idle_s=None):  # the loop about to start (pitchside_hw.table.run_table)
    threads = []
    for tid in sorted(os.listdir("/proc/self/task"), key=int):
        with open(f"/proc/self/task/{tid}/sched") as fh:
            fields = {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in fh)}
        threads.append([int(fields["policy"]), int(fields["prio"])])
    with open(os.environ["STARTUP_TEST_OUT"], "w") as fh:
        json.dump(threads, fh)
    os._exit(0)
runtime.Runtime.run = run
from pitchside.cli.main import main  # the console script `pitchside`
sys.exit(main())
"""


NORMAL = 120 + os.getpriority(os.PRIO_PROCESS, 0)
"""The kernel's prio of a normal thread at this process's nice (120 at nice 0)."""


def _capable(bit: int) -> bool:
    with open("/proc/self/status") as fh:
        eff = next(int(line.split()[1], 16) for line in fh if line.startswith("CapEff:"))
    return bool(eff >> bit & 1)


def _run(tmp_path: Path, setting: str, prefix: list[str] = []) -> tuple[list[list[int]], list[str]]:
    """``pitchside run`` on the bench config with ``PITCHSIDE_SCHED=setting`` until its loop
    starts: each thread's (kernel policy, kernel prio), and the log lines of pitchside.app.sched."""
    config = bench_config("pichenotte", tmp_path)
    out = tmp_path / "threads.json"
    env = {k: v for k, v in os.environ.items() if k != "NOTIFY_SOCKET"}
    env |= {"STARTUP_TEST_OUT": str(out), "PITCHSIDE_SCHED": setting}
    r = subprocess.run([*prefix, sys.executable, "-c", CHILD, "run", "--config", str(config)], capture_output=True,
                       text=True, cwd=ROOT, timeout=120, env=env)
    assert r.returncode == 0 and out.exists(), r.stderr
    said = [line.split(" pitchside.app.sched: ", 1)[1] for line in r.stderr.splitlines()
            if " pitchside.app.sched: " in line]
    return json.loads(out.read_text()), said


def _may_use_fifo_10() -> bool:
    soft = resource.getrlimit(resource.RLIMIT_RTPRIO)[0]
    return _capable(23) or soft == resource.RLIM_INFINITY or soft >= 10


def test_every_thread_of_the_table_runs_at_the_setting(tmp_path: Path) -> None:
    if not _may_use_fifo_10():
        pytest.skip("neither CAP_SYS_NICE nor RLIMIT_RTPRIO 10 here: the refusal is tested below")
    threads, said = _run(tmp_path, "fifo:10")
    assert said == ["the table runs at fifo:10"]
    assert len(threads) >= 5  # the loop and luma's four workers at least
    assert {tuple(t) for t in threads} == {(1, 89)}


def test_a_refused_setting_starts_the_table_at_normal_priority(tmp_path: Path) -> None:
    prefix: list[str] = []
    if _may_use_fifo_10():  # take the privilege away: no CAP_SYS_NICE, RLIMIT_RTPRIO 0
        setpriv, prlimit = shutil.which("setpriv"), shutil.which("prlimit")
        if setpriv is None or prlimit is None or not _capable(8):  # CAP_SETPCAP, to drop from the bounding set
            pytest.skip("the privilege cannot be taken away here (setpriv, prlimit, CAP_SETPCAP)")
        prefix = [prlimit, "--rtprio=0", setpriv, "--bounding-set=-sys_nice", "--inh-caps=-sys_nice", "--"]
    threads, said = _run(tmp_path, "fifo:10", prefix)
    assert said == ["the table runs at normal priority: fifo:10 refused (Operation not permitted); "
                    "the unit grants it with LimitRTPRIO=10 and RestrictRealtime=no"]
    assert {tuple(t) for t in threads} == {(0, NORMAL)}


def test_off_leaves_the_table_as_it_started(tmp_path: Path) -> None:
    threads, said = _run(tmp_path, "off")
    assert said == []
    assert {tuple(t) for t in threads} == {(0, NORMAL)}
