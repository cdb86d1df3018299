"""Interleaved A/B of the journal's write per journaled step, in one process (bench/README.md,
"Journaled input vs its fsync").

A is the firmware of ``--before``, B this tree (or ``--after``'s), each loaded as
bench/ab_edge.py loads its arms. Per arm, the journal calls of a synchronous demo run
(``latency.run_table(n, journal=True)``: ``start_match``, ``append_lines``, ``end_match``,
``add_refusals``, as the recorder made them, a nested call counted once) are recorded
once; then, round by round, the arms alternating (A B, B A, ...), each arm replays its
calls on a fresh journal in ``--journal-dir`` (a disk: a RAM-backed one is refused), one
call after a pause of 1 ms (as the latency bench's), the PLAIN arm beside them writing
the same replay lines with ``latency.PlainLog`` (one ``os.pwrite`` into a pre-written log + ``os.fdatasync``)::

    cd bench && ../.venv/bin/python ab_journal.py 8 --before 341e9c7

Printed per arm, over all rounds (µs): the call's wall time p50 / p90 / p99 (what the
journal stage of a journaled edge holds besides the recorder's line building), its CPU
time (``thread_time_ns``, syscalls included), the part outside the COMMIT (``BEGIN``, the
statements, the Python around them), the COMMIT (the WAL frames and the fsync), and the
WAL bytes written per call (``-wal`` size growth; a checkpoint restarts the file, so the
figure is taken over the calls between restarts).
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path
from time import perf_counter_ns
from typing import Any

from ab_edge import Arms, extract, order
from common import quantile_us

METHODS = ("start_match", "append_lines", "end_match", "add_refusals")
Call = tuple[str, tuple[Any, ...], dict[str, Any], Any]


def record(arms: Arms, arm: str, n: int, jdir: Path) -> list[Call]:
    """The arm's journal calls of a sync demo run of ``n`` edges (outermost calls only)."""
    lat = arms.use(arm)
    from pitchside.app.journal import Journal

    calls: list[Call] = []
    depth = [0]
    real = {m: getattr(Journal, m) for m in METHODS}

    def wrap(name: str) -> Any:
        def recording(self: Any, *args: Any, **kwargs: Any) -> Any:
            depth[0] += 1
            try:
                out = real[name](self, *args, **kwargs)
            finally:
                depth[0] -= 1
            if depth[0] == 0:
                calls.append((name, args, kwargs, out))
            return out

        return recording

    for m in METHODS:
        setattr(Journal, m, wrap(m))
    try:
        lat.run_table(n, journal=True, device="partial", journal_dir=jdir)
    finally:
        for m in METHODS:
            setattr(Journal, m, real[m])
    return calls


def lines_of(call: Call) -> list[str]:
    """The replay lines a call stores, as the plain program writes them (latency's
    ``Table._note_writes``)."""
    name, args, kwargs, _ = call
    if name == "start_match":
        first = kwargs.get("first")
        return [json.dumps(args[0]), *(json.dumps(x) for x in getattr(first, "lines", ()))]
    if name == "append_lines" and args[1]:
        return [json.dumps(x) for x in args[1]]
    return [json.dumps({"status": args[1] if name == "end_match" else "refusals"})]


class Replay:
    """One arm's calls replayed on a fresh journal, timed."""

    def __init__(self, arms: Arms, arm: str) -> None:
        self.arms, self.arm = arms, arm
        mod = arms.modules[arm]["pitchside.app.journal"]
        self.journal_cls = mod.Journal
        self.commits: list[int] = []
        tx = mod._transaction
        real_exit = tx.__exit__
        commits = self.commits

        def timed_exit(this: Any, *exc: Any) -> Any:
            t = perf_counter_ns()
            try:
                return real_exit(this, *exc)
            finally:
                commits.append(perf_counter_ns() - t)

        tx.__exit__ = timed_exit

    def run(self, calls: list[Call], jdir: Path, out: dict[str, list[int]]) -> None:
        self.arms.use(self.arm)
        d = Path(tempfile.mkdtemp(prefix=f"ab-journal-{self.arm}-", dir=jdir))
        j = self.journal_cls.open(d / "journal.db", wall=lambda: 1_700_000_000.0, synced=lambda: True)
        wal = Path(f"{d / 'journal.db'}-wal")
        ids: dict[int, int] = {}
        try:
            for call in calls:
                name, args, kwargs, result = call
                if name != "start_match":
                    args = (ids.get(args[0], args[0]), *args[1:])
                time.sleep(0.001)
                size = wal.stat().st_size if wal.exists() else 0
                del self.commits[:]
                c, t = time.thread_time_ns(), perf_counter_ns()
                got = getattr(j, name)(*args, **kwargs)
                dt, dc = perf_counter_ns() - t, time.thread_time_ns() - c
                if name == "start_match":
                    ids[result] = got
                out["write"].append(dt)
                out["cpu"].append(dc)
                commit = sum(self.commits)
                out["commit"].append(commit)
                out["outside_commit"].append(dt - commit)
                grown = (wal.stat().st_size if wal.exists() else 0) - size
                if grown >= 0:  # not a WAL restart
                    out["wal_bytes"].append(grown * 1000)  # kept as "ns" for quantile_us: bytes
            if j.warning is not None:
                raise RuntimeError(f"arm {self.arm}: the journal went to memory mode: {j.warning}")
        finally:
            j.close()


def plain_round(calls: list[Call], jdir: Path, out: dict[str, list[int]]) -> None:
    import latency

    d = Path(tempfile.mkdtemp(prefix="ab-journal-plain-", dir=jdir))
    log = latency.PlainLog(d)
    try:
        for call in calls:
            time.sleep(0.001)
            out["write"].append(log.write(lines_of(call)))
    finally:
        log.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rounds", type=int, nargs="?", default=8)
    ap.add_argument("n", type=int, nargs="?", default=240, help="edges of the recorded demo run")
    ap.add_argument("--before", required=True, help="arm A: this commit's firmware")
    ap.add_argument("--after", default=None, help="arm B: this commit's firmware (default: this tree)")
    ap.add_argument("--journal-dir", default=None, help="where the journals are written (a disk)")
    args = ap.parse_args()
    import latency

    jdir = latency.durable_dir(args.journal_dir)
    jdir.mkdir(parents=True, exist_ok=True)
    fs = latency.filesystem_of(jdir)
    if fs["ram"]:
        ap.error(f"{jdir} is on {fs['fstype']} (RAM): no durable figure comes from it")
    work = Path(tempfile.mkdtemp(prefix="ab-journal-", dir=jdir))  # every journal of the run, removed after it
    keys = ("write", "cpu", "outside_commit", "commit", "wal_bytes")
    res: dict[str, dict[str, list[int]]] = {a: {k: [] for k in keys} for a in ("A", "B", "plain")}
    try:
        arms = Arms(extract(args.before), extract(args.after) if args.after else Path(__file__).resolve().parents[1])
        calls = {arm: record(arms, arm, args.n, work) for arm in ("A", "B")}
        replays = {arm: Replay(arms, arm) for arm in ("A", "B")}
        for i in range(args.rounds):
            for arm in order(i):
                replays[arm].run(calls[arm], work, res[arm])
            plain_round(calls["B"], work, res["plain"])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"journal on {fs['fstype']} ({fs['source']} on {fs['mount']}); {args.rounds} rounds x "
          f"{len(calls['A'])} / {len(calls['B'])} calls (A / B), the arms alternating; µs (WAL: bytes)")
    for arm in ("A", "B", "plain"):
        r = res[arm]
        cols = [k for k in keys if r[k]]
        print(f"  {arm:5}  " + "  ".join(
            f"{k} p50 {quantile_us(sorted(r[k]), 0.5):.1f} p90 {quantile_us(sorted(r[k]), 0.9):.1f}"
            f" p99 {quantile_us(sorted(r[k]), 0.99):.1f}" for k in cols))


if __name__ == "__main__":
    main()
