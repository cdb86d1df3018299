"""A league night across venues, at scale: a load generator standing for 1,000 tables
publishes state, events and results to venue Mosquittos, whose bridges (TLS, written by
``pitchside club init --region``) carry them into a region Mosquitto (``pitchside region
init``), where N league workers (``pitchside region worker`` processes on one shared
subscription) check and store each result. Run once for each worker count (1, 2, 4 by
default), each on fresh brokers and a fresh store. Prints figures (not a test)::

    nice .venv/bin/python bench/region.py                         # 1, 2 and 4 workers, about 2 min
    nice .venv/bin/python bench/region.py --pg                    # the same into PostgreSQL
    nice .venv/bin/python bench/region.py --workers 2 --night-s 5 --burst 200 --tables 200

What stands for what: ``--brokers`` venue Mosquittos (default 4) each carry
``--tables / --brokers`` tables (250: the traffic of 25 venues of 10 tables under one
venue id), from one publishing connection per venue broker (a bench user allowed to write
that venue's tables' topics: 1,000 table connections would measure the generator).

Each run has two phases:

* **night**: ``--night-s`` seconds of a league night compressed ``--compress`` times:
  each table sends a ``state`` (retained, ~700 bytes) and an ``events`` (~150 bytes)
  every ``--state-s`` seconds and a result every ``--result-min`` minutes (both divided
  by the compression). Figures: messages/s reaching a region subscriber, results/s
  stored, and publish-to-standings latency p50/p99 (from the publish at the venue to
  the result's row being visible to a standings query, polled every 20 ms).
* **burst**: ``--burst`` results published at once: the rate the workers store them
  (results/s sustained), the measure of scaling with more workers.

Per process: CPU seconds over the run (and as % of one core) and peak RSS (VmHWM), for
the region broker, the venue brokers (summed), each worker, the backstop (which looks
up every result 3 s after the workers had it) and this load generator.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import paho.mqtt.client as mqtt  # noqa: E402
from paho.mqtt.enums import CallbackAPIVersion  # noqa: E402

from pitchside.club import passwd  # noqa: E402
from pitchside.wire import messages as wire  # noqa: E402
from support.region import Region, result_payload  # noqa: E402

STATE = json.dumps({"v": 1, "table": "t", "game": "pitchnut", "status": "playing", "names": ["Ann", "Bob"],
                    "score": [1, 0], "turn": "A", "match": {"id": 7, "uid": "j-7"}, "lines": 42,
                    "notice": {"rule": "PN-12", "code": "pocketed", "text": "x" * 300}, "pad": "y" * 200}).encode()
EVENT = json.dumps({"v": 1, "boot": "b", "match": "j-7", "seq": 42,
                    "line": {"input": "shot", "black": 1, "at": 12.5}}).encode()


def proc_figures(pid: int) -> tuple[float, float]:
    """(CPU seconds user+system, peak RSS MiB) of a running process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    hwm = next(int(x.split()[1]) for x in Path(f"/proc/{pid}/status").read_text().splitlines()
               if x.startswith("VmHWM"))
    return cpu, hwm / 1024


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


class Generator:
    """One publishing connection per venue broker, as user ``bench`` (allowed every table
    topic of its venue)."""

    def __init__(self, rig: Region, password: str, tables_per_venue: int) -> None:
        self.clients: dict[str, mqtt.Client] = {}
        self.tables = {v: [f"t{i:03d}" for i in range(1, tables_per_venue + 1)] for v in rig.venues}
        for venue, broker in rig.venues.items():
            c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench", protocol=mqtt.MQTTv5)
            c.username_pw_set("bench", password)
            c.max_inflight_messages_set(1000)
            c.connect("127.0.0.1", broker.port, keepalive=30)
            c.loop_start()
            self.clients[venue] = c
        self.sent = 0
        self.published: dict[str, float] = {}  # match -> when published

    def publish(self, venue: str, table: str, kind: str, payload: bytes, retain: bool = False) -> None:
        self.clients[venue].publish(f"pitchside/{venue}/{table}/{kind}", payload, qos=1, retain=retain)
        self.sent += 1

    def result(self, venue: str, table: str, payload: bytes, match: str) -> None:
        self.published[match] = time.time()
        self.publish(venue, table, "result", payload)

    def close(self) -> None:
        for c in self.clients.values():
            c.disconnect()
            c.loop_stop()


class Watch:
    """A region subscriber (QoS 0, as a page process would be) counting what arrives, and
    a poller of the store noting when each result's row appears."""

    def __init__(self, rig: Region) -> None:
        self.received = 0
        self._lock = threading.Lock()
        self.client = rig.client("dashboard", self._on_message, "pitchside/+/+/+")
        self.seen: dict[str, float] = {}
        self.db = rig.db
        self._last = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)
        self._thread.start()

    def _on_message(self, m: mqtt.MQTTMessage) -> None:
        with self._lock:
            self.received += 1

    def _poll(self) -> None:
        while not self._stop.wait(0.02):
            rows = query(self.db, "SELECT n, match FROM results WHERE n > {} AND counted = 1", (self._last,))
            now = time.time()
            for n, match in rows:
                self.seen.setdefault(match, now)
                self._last = max(self._last, n)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        self.client.disconnect()
        self.client.loop_stop()


def query(db: str, sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Rows of ``sql`` (``{}`` for each argument) on the league's store: a SQLite file or a
    ``postgresql://`` URL; none while the store is not made yet."""
    if db.startswith("postgresql://"):
        import psycopg

        try:
            with psycopg.connect(db, autocommit=True) as conn:
                return [tuple(r) for r in conn.execute(sql.replace("{}", "%s"), args).fetchall()]
        except psycopg.Error:
            return []
    if not os.path.exists(db):
        return []
    conn = sqlite3.connect(db, timeout=5)
    try:
        return conn.execute(sql.replace("{}", "?"), args).fetchall()
    except sqlite3.OperationalError:
        return []
    finally:
        conn.close()


def add_bench_user(rig: Region, password: str) -> None:
    """User ``bench`` on every venue broker, allowed to write its venue's table topics."""
    for venue, broker in rig.venues.items():
        folder = broker.conf.parent
        line = passwd.hashed_line("bench", password, os.urandom(passwd.SALT_BYTES))
        (folder / "passwd").write_text(passwd.with_user((folder / "passwd").read_text(), line))
        with open(folder / "acl", "a") as fh:
            fh.write(f"\nuser bench\ntopic write pitchside/{venue}/#\n")


def run(workers: int, a: argparse.Namespace, folder: Path, db: str | None) -> dict[str, object]:
    venues = tuple(f"v{i + 1}" for i in range(a.brokers))
    rig = Region(folder, venues=venues, tables=0, workers=workers, backstop_hold_s=30.0, db=db)
    password = "bench-" + os.urandom(8).hex()
    add_bench_user(rig, password)
    rig.start()
    per_venue = a.tables // a.brokers
    gen = Generator(rig, password, per_venue)
    watch = Watch(rig)
    assert rig.supervisor is not None
    procs = {"region broker": [rig.region.proc.pid],  # type: ignore[union-attr]
             "venue brokers": [b.proc.pid for b in rig.venues.values()],  # type: ignore[union-attr]
             **{("backstop" if s == 0 else f"worker {s}"): [p] for s, p in rig.supervisor.pids().items()},
             "load generator": [os.getpid()]}
    cpu0 = {k: sum(proc_figures(p)[0] for p in ps) for k, ps in procs.items()}
    # payloads made before the clock starts (each result replays its lines when made)
    night_results: list[tuple[str, str, bytes, str]] = []
    tables = [(v, t) for v in venues for t in gen.tables[v]]
    compressed_state_s = a.state_s / a.compress
    result_every_s = a.result_min * 60 / a.compress
    expected_results = int(len(tables) * a.night_s / result_every_s)
    for i in range(expected_results + 50):
        v, t = tables[(i * 7919) % len(tables)]
        p = result_payload(v, t, 100_000 + i)
        night_results.append((v, t, p, wire.parse(wire.Result, p).match))
    burst = []
    for i in range(a.burst):
        v, t = tables[(i * 104729) % len(tables)]
        p = result_payload(v, t, 500_000 + i)
        burst.append((v, t, p, wire.parse(wire.Result, p).match))
    t0 = time.monotonic()
    wall0 = time.time()
    next_state = {vt: t0 + (i / len(tables)) * compressed_state_s for i, vt in enumerate(tables)}
    r_i = 0
    r_due = t0 + result_every_s / len(tables)
    tick = 0.01
    while time.monotonic() - t0 < a.night_s:
        now = time.monotonic()
        for vt, due in next_state.items():
            if due <= now:
                gen.publish(vt[0], vt[1], "state", STATE, retain=True)
                gen.publish(vt[0], vt[1], "events", EVENT)
                next_state[vt] = due + compressed_state_s
        while r_due <= now and r_i < len(night_results):
            v, t, p, m = night_results[r_i]
            gen.result(v, t, p, m)
            r_i += 1
            r_due += result_every_s / len(tables)
        time.sleep(max(0.0, tick - (time.monotonic() - now)))
    night_s = time.monotonic() - t0
    night_sent = gen.sent
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and len(watch.seen) < r_i:
        time.sleep(0.05)
    night_received = watch.received
    latencies = [watch.seen[m] - gen.published[m] for _, _, _, m in night_results[:r_i] if m in watch.seen]
    # burst
    b0 = time.time()
    for v, t, p, m in burst:
        gen.result(v, t, p, m)
    deadline = time.monotonic() + 40
    want = {m for _, _, _, m in burst}
    while time.monotonic() < deadline and not want <= watch.seen.keys():
        time.sleep(0.02)
    done = [watch.seen[m] for m in want if m in watch.seen]
    burst_s = (max(done) - b0) if done else float("nan")
    elapsed = time.monotonic() - t0
    figs = {}
    for k, ps in procs.items():
        cpu = sum(proc_figures(p)[0] for p in ps) - cpu0[k]
        rss = sum(proc_figures(p)[1] for p in ps)
        figs[k] = {"cpu_s": round(cpu, 2), "cpu_pct_of_core": round(100 * cpu / elapsed, 1),
                   "peak_rss_mib": round(rss, 1)}
    stored, distinct = query(rig.db, "SELECT COUNT(*), COUNT(DISTINCT venue || '/' || tbl || '/' || match)"
                                     " FROM results")[0]
    watch.close()
    gen.close()
    rig.close()
    return {
        "workers": workers, "store": "postgresql" if rig.db.startswith("postgresql://") else "sqlite",
        "tables": per_venue * a.brokers, "venue_brokers": a.brokers,
        "night": {"seconds": round(night_s, 1), "messages_sent": night_sent,
                  "messages_per_s_sent": round(night_sent / night_s), "messages_per_s_at_region":
                  round(night_received / night_s), "results_sent": r_i,
                  "results_per_s": round(r_i / night_s, 1), "results_stored": len(latencies),
                  "publish_to_standings_ms": {"p50": round(1000 * pct(latencies, 0.5)),
                                              "p99": round(1000 * pct(latencies, 0.99)),
                                              "max": round(1000 * max(latencies)) if latencies else None}},
        "burst": {"results": a.burst, "stored": len(done), "seconds": round(burst_s, 2),
                  "results_per_s": round(len(done) / burst_s, 1) if done else None},
        "rows": {"stored": stored, "distinct": distinct, "expected": r_i + a.burst},
        "processes": figs, "run_s": round(elapsed, 1), "wall_start": wall0,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    ap.add_argument("--tables", type=int, default=1000)
    ap.add_argument("--brokers", type=int, default=4, help="venue brokers (each carries tables/brokers tables)")
    ap.add_argument("--compress", type=float, default=6.0, help="how many times faster than a real night")
    ap.add_argument("--state-s", type=float, default=5.0, help="a table's state (and event) every this many s")
    ap.add_argument("--result-min", type=float, default=15.0, help="a table's result every this many minutes")
    ap.add_argument("--night-s", type=float, default=20.0)
    ap.add_argument("--burst", type=int, default=2000)
    ap.add_argument("--pg", action="store_true",
                    help="store in a throwaway PostgreSQL cluster (fsync on) instead of SQLite")
    a = ap.parse_args()
    out = []
    cluster = None
    if a.pg:
        from support.postgres import Cluster, initdb

        found = initdb()
        if found is None:
            print("no PostgreSQL server (apt-get install postgresql)", file=sys.stderr)
            return 2
        cluster = Cluster(Path(found).parent)
        with (cluster.data / "postgresql.conf").open("a") as f:
            f.write("fsync = on\nsynchronous_commit = on\n")  # as a real server: each commit on disk
        cluster.start()
    try:
        for n in a.workers:
            with tempfile.TemporaryDirectory(prefix="pitchside-region-bench-") as tmp:
                fig = run(n, a, Path(tmp), cluster.new_database() if cluster is not None else None)
            out.append(fig)
            print(json.dumps(fig, indent=2), flush=True)
    finally:
        if cluster is not None:
            cluster.stop()
            cluster.remove()
    base = next((f for f in out if f["workers"] == 1), None)
    if base is not None:
        b1 = base["burst"]["results_per_s"]  # type: ignore[index]
        for f in out:
            r = f["burst"]["results_per_s"]  # type: ignore[index]
            print(f"workers {f['workers']}: burst {r} results/s, scaling x{(r / b1) if r and b1 else float('nan'):.2f}")
    ok = all(f["rows"]["stored"] == f["rows"]["distinct"] == f["rows"]["expected"] for f in out)  # type: ignore[index]
    print("0 lost, 0 counted twice" if ok else "MISMATCH: see store rows/distinct/expected")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
