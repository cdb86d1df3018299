"""The league wall's publish-to-SSE latency with 50 tables through a REAL Mosquitto
(127.0.0.1, password file and the club's ACL: one user ``club/table-N`` per table) into
``pitchside league serve`` (its own process): every table publishes ``state`` messages
(the contract's :class:`~pitchside.wire.messages.State`, retained, QoS 1, as a table
does) at a league night's rate and faster, and one SSE client on the league's
``/events`` notes when each table's new state reaches the stream.

Interleaved round by round with the baseline: the same publishes under another venue
(``base``, users ``base/table-N``), read by a bare paho subscriber that only parses
the JSON. Prints, per rate, p50/p99/max of publish-to-arrival (ms), messages/s, the
league process's CPU, and the league's p99 over the bare subscriber's. The wall's hub
is "latest wins": a state the stream skipped because the same table's next one came
first counts as arrived with that next one (its latency runs to then: ``superseded``).
Not part of ``bench/run.py``; the smoke test runs ``--quick``::

    .venv/bin/python bench/wall_sse.py            # 50 tables; 10, 100, 500 states/s, unpaced; 3 rounds each
    .venv/bin/python bench/wall_sse.py --quick    # 50 tables; 100, 500 states/s, unpaced; 1 round each
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import httpx  # noqa: E402
import paho.mqtt.client as mqtt  # noqa: E402
from paho.mqtt.enums import CallbackAPIVersion  # noqa: E402

from pitchside.app.config_mqtt import table_user  # noqa: E402
from pitchside.wire import messages as wire  # noqa: E402
from support import broker as support_broker  # noqa: E402

LEAGUE_VENUE, BARE_VENUE = support_broker.VENUE, "base"
DRAIN_S = 30.0
"""How long a round waits for its last states to arrive before it counts the rest missing."""


def state(table: str, seq: int) -> wire.State:
    """Table ``table``'s ``seq``-th state: a PITCHNUT match in play, the score moving."""
    return wire.State(seq=seq, boot="bench", mode="playing", table=table, game="pitchnut", title="PITCHNUT",
                      status="playing", names=wire.Names("Ann", "Bob"), score=wire.Score(seq % 7, seq // 7 % 7),
                      turn_name="Ann" if seq % 2 else "Bob", outcome=None, refusal_rule=None,
                      match_uid=f"{table}-1")


def payload(s: wire.State) -> bytes:
    """``s`` as the table writes it (docs/spec/feed.md's keys), checked to parse back to ``s``."""
    assert s.names is not None and s.score is not None
    out = wire.encode({"v": wire.VERSION, "seq": s.seq, "boot": s.boot, "mode": s.mode, "table": s.table,
                       "game": s.game, "title": s.title, "status": s.status, "names": s.names.to_json(),
                       "score": s.score.to_json(), "turn_name": s.turn_name, "outcome": None, "refusal": None,
                       "match": {"id": 1, "uid": s.match_uid}, "prompt": None, "last": [], "view": None})
    if wire.parse(wire.State, out) != s:
        raise AssertionError(f"the bench's state does not parse back: {out!r}")
    return out


@dataclass
class Recorder:
    """One round's publish times and arrival latencies (any thread: dict and list
    operations under the GIL). A table's states arrive in order; an arrival of seq ``s``
    settles every earlier seq of that table still pending (skipped: superseded)."""

    pending: dict[str, dict[int, float]] = field(default_factory=dict)
    latencies_ms: list[float] = field(default_factory=list)
    published: int = 0
    direct: int = 0
    superseded: int = 0
    repeats: int = 0
    first: float = 0.0
    last: float = 0.0

    def sent(self, table: str, seq: int, t: float) -> None:
        self.pending.setdefault(table, {})[seq] = t
        self.published += 1
        if self.first == 0.0:
            self.first = t

    def seen(self, table: str, seq: int, now: float) -> bool:
        """``table``'s state ``seq`` arrived ``now``: False when it settles nothing (a
        copy, or a wall row unchanged since an earlier snapshot)."""
        mine = self.pending.get(table, {})
        due = sorted(q for q in mine if q <= seq)
        for q in due:
            self.latencies_ms.append((now - mine.pop(q)) * 1e3)
            if q == seq:
                self.direct += 1
            else:
                self.superseded += 1
            self.last = now
        return bool(due)

    def waiting(self) -> int:
        return sum(len(v) for v in self.pending.values())


class Bare:
    """The baseline subscriber: each message's JSON parsed, its table's seq noted."""

    def __init__(self, port: int) -> None:
        self.rec = Recorder()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bare", protocol=mqtt.MQTTv5)
        self.client.username_pw_set("bare", support_broker.USERS["bare"])
        self.client.on_message = self._on_message
        self.client.on_connect = lambda c, *_: c.subscribe(f"pitchside/{BARE_VENUE}/+/state", qos=1)
        self.client.connect("127.0.0.1", port, keepalive=30)
        self.client.loop_start()

    def _on_message(self, client: mqtt.Client, userdata: object, msg: mqtt.MQTTMessage) -> None:
        now = time.perf_counter()
        obj = json.loads(msg.payload)
        if not self.rec.seen(msg.topic.split("/")[2], int(obj["seq"]), now):
            self.rec.repeats += 1  # a copy: every message is meant to arrive once


class Stream:
    """One SSE client on the league's ``/events`` (httpx streaming, its own thread): each
    wall snapshot's arrival time, each row's table and seq handed to the recorder."""

    def __init__(self, url: str) -> None:
        self.rec = Recorder()
        self.url = url
        self.snapshots = 0
        self.latest: dict[str, int] = {}
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def alive(self) -> bool:
        return self.thread.is_alive()

    def _read(self) -> None:
        event = ""
        with httpx.Client(timeout=httpx.Timeout(5.0, read=None)) as http, http.stream("GET", self.url) as r:
            self.ready.set()
            for line in r.iter_lines():
                if self.stop.is_set():
                    return
                if line.startswith("event:"):
                    event = line[6:].strip()
                if event != "wall" or not line.startswith("data:"):
                    continue  # the banner, the retry, a ping
                now = time.perf_counter()
                snap: dict[str, Any] = json.loads(line[5:])
                self.snapshots += 1
                for row in snap["tables"]:
                    if row["seq"] is not None:
                        self.latest[row["table"]] = int(row["seq"])
                        self.rec.seen(row["table"], int(row["seq"]), now)


def cpu_s(pid: int) -> float:
    """CPU seconds (user + system) of a running process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Round:
    path: str
    rate: float
    published: int
    arrived: int
    direct: int
    superseded: int
    repeats: int
    missing: int
    per_s: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    elapsed_s: float
    league_cpu_s: float | None


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def run_round(path: str, rate: float, count: int, tables: list[str], clients: list[mqtt.Client],
              rec: Recorder, seqs: dict[str, int], league_pid: int, stream: Stream) -> Round:
    """``count`` states round-robin over ``tables`` at ``rate`` per second in all (0: as
    fast as the publishing clients take them)."""
    c0 = cpu_s(league_pid)
    t0 = time.perf_counter()
    for k in range(count):
        i = k % len(tables)
        t = tables[i]
        seqs[t] += 1
        body = payload(state(t, seqs[t]))
        delay = t0 + k / rate - time.perf_counter() if rate else 0.0
        if delay > 0:
            time.sleep(delay)
        venue = LEAGUE_VENUE if path == "league" else BARE_VENUE
        rec.sent(t, seqs[t], time.perf_counter())
        clients[i].publish(f"pitchside/{venue}/{t}/state", body, qos=1, retain=True)
    deadline = time.monotonic() + DRAIN_S
    while rec.waiting() and time.monotonic() < deadline:
        if not stream.alive():
            raise RuntimeError("the SSE reader stopped (its traceback is above)")
        time.sleep(0.005)
    lat = rec.latencies_ms
    span = rec.last - rec.first
    return Round(path, rate, rec.published, len(lat), rec.direct, rec.superseded, rec.repeats, rec.waiting(),
                 round(len(lat) / span, 1) if span > 0 else float("nan"), round(pct(lat, 0.5), 2),
                 round(pct(lat, 0.99), 2), round(max(lat, default=float("nan")), 2), round(rec.last - t0, 3),
                 round(cpu_s(league_pid) - c0, 2) if path == "league" else None)


def connect(venue: str, tables: list[str], port: int) -> list[mqtt.Client]:
    out = []
    for t in tables:
        user = table_user(venue, t)
        c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=user, protocol=mqtt.MQTTv5)
        c.username_pw_set(user, support_broker.USERS[user])
        c.max_inflight_messages_set(100)
        c.connect("127.0.0.1", port, keepalive=30)
        c.loop_start()
        out.append(c)
    deadline = time.monotonic() + 10
    while not all(c.is_connected() for c in out) and time.monotonic() < deadline:
        time.sleep(0.02)
    return out


def wait_http(url: str) -> None:
    for _ in range(200):
        try:
            with urllib.request.urlopen(url, timeout=2):  # noqa: S310 - 127.0.0.1 only
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{url} did not answer in 10 s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="1 round of 100, 250, 250 states at 100/s, 500/s, unpaced")
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--json", type=Path, help="write the figures here as JSON too")
    a = ap.parse_args()
    plan = ([(100.0, 100), (500.0, 250), (0.0, 250)], 1) if a.quick else \
        ([(10.0, 100), (100.0, 500), (500.0, 2000), (0.0, 2000)], 3)
    binary = support_broker.mosquitto()
    if binary is None:
        print("no mosquitto (apt-get install mosquitto)", file=sys.stderr)
        return 2
    tables = [f"table-{i + 1}" for i in range(a.tables)]
    for venue in (LEAGUE_VENUE, BARE_VENUE):  # the ACL's pattern pins VENUE/TABLE users to their topics
        support_broker.USERS.update({table_user(venue, t): f"{venue}-{t}-bench" for t in tables})
    support_broker.USERS["bare"] = "B-secret-bench"  # reads the baseline venue: its own ACL line
    rounds: list[Round] = []
    with tempfile.TemporaryDirectory(prefix="pitchside-wall-bench-") as tmp:
        folder = Path(tmp)
        b = support_broker.Broker(binary, folder / "broker")
        with open(b.folder / "acl", "a") as acl:
            acl.write(f"\nuser bare\ntopic read pitchside/{BARE_VENUE}/#\n")
        b.start()
        port = support_broker.free_port()
        league = subprocess.Popen([str(Path(sys.executable).with_name("pitchside")), "league", "serve",
                                   "--broker", f"127.0.0.1:{b.port}", "--credentials", str(b.credentials("league")),
                                   "--venue", LEAGUE_VENUE, "--db", str(folder / "league.db"),
                                   "--http", f"127.0.0.1:{port}"], stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        clients: dict[str, list[mqtt.Client]] = {}
        bare: Bare | None = None
        stream: Stream | None = None
        try:
            wait_http(url + "/healthz")
            stream = Stream(url + "/events")
            bare = Bare(b.port)
            clients = {v: connect(v, tables, b.port) for v in (LEAGUE_VENUE, BARE_VENUE)}
            stream.ready.wait(10)
            time.sleep(1.0)  # the league's and the bare subscriber's subscriptions are in place
            seqs = {v: dict.fromkeys(tables, 0) for v in (LEAGUE_VENUE, BARE_VENUE)}
            for rate, count in plan[0]:
                for r in range(plan[1]):
                    for path in ("league", "bare")[::1 if r % 2 == 0 else -1]:
                        venue = LEAGUE_VENUE if path == "league" else BARE_VENUE
                        rec = Recorder()
                        if path == "league":
                            stream.rec = rec
                        else:
                            bare.rec = rec
                        rounds.append(run_round(path, rate, count, tables, clients[venue], rec, seqs[venue],
                                                league.pid, stream))
            shown = dict(stream.latest)
            final = {t: seqs[LEAGUE_VENUE][t] for t in tables}
        finally:
            if stream is not None:
                stream.stop.set()
            for cs in clients.values():
                for c in cs:
                    c.disconnect()
                    c.loop_stop()
            if bare is not None:
                bare.client.disconnect()
                bare.client.loop_stop()
            league.terminate()
            league.wait(10)
            b.stop()
    return report(rounds, plan[1], a.tables, shown == final, a.json)


def label(rate: float) -> str:
    return f"{rate:g}" if rate else "max"


def report(rounds: list[Round], n: int, tables: int, wall_final: bool, out: Path | None) -> int:
    load = os.getloadavg()
    print(f"{tables} tables, {n} round(s) per rate and path, interleaved; load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"{'path':<7} {'states/s':>8} {'sent':>6} {'arrived':>7} {'superseded':>10} {'missing':>7} "
          f"{'msg/s':>7} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'league CPU':>10} {'us/msg':>6}")
    summary: dict[str, dict[str, float]] = {}
    for rate in dict.fromkeys(r.rate for r in rounds):
        for path in ("league", "bare"):
            mine = [r for r in rounds if r.rate == rate and r.path == path]
            sent, got = sum(r.published for r in mine), sum(r.arrived for r in mine)
            sup, miss = sum(r.superseded for r in mine), sum(r.missing for r in mine)
            p50, p99, top = (statistics.median(getattr(r, k) for r in mine) for k in ("p50_ms", "p99_ms", "max_ms"))
            per_s = statistics.median(r.per_s for r in mine)
            cpu = sum(r.league_cpu_s or 0.0 for r in mine)
            span = sum(r.elapsed_s for r in mine)
            summary[f"{rate:g}.{path}"] = {"p50_ms": p50, "p99_ms": p99, "max_ms": top, "per_s": per_s}
            cpu_text = f"{cpu / span * 100:>9.0f}% {cpu / sent * 1e6:>6.0f}" if path == "league" else ""
            print(f"{path:<7} {label(rate):>8} {sent:>6} {got:>7} {sup:>10} {miss:>7} {per_s:>7.0f} {p50:>7.2f} "
                  f"{p99:>7.2f} {top:>7.2f} {cpu_text}")
        lg, bb = summary[f"{rate:g}.league"], summary[f"{rate:g}.bare"]
        print(f"        {label(rate)} states/s: league p99 / bare p99 = {lg['p99_ms'] / bb['p99_ms']:.1f}, "
              f"p50 = {lg['p50_ms'] / bb['p50_ms']:.1f}")
    print(f"the stream's last wall shows every table's last state: {wall_final}")
    if out is not None:
        out.write_text(json.dumps({"tables": tables, "rounds_per_rate": n, "wall_final": wall_final,
                                   "rounds": [asdict(r) for r in rounds]}, indent=1))
    ok = wall_final and all(r.missing == 0 and r.arrived == r.published for r in rounds)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
