"""A per-edge trace of the table beside the web side: where the slow edges of a
50-client round come from.

    .venv/bin/python bench/webtrace.py --edges 3000 --rounds 4 --json /tmp/webtrace.json
    .venv/bin/python bench/webtrace.py --base DIR  # and web50@base: DIR's web side, interleaved
    .venv/bin/python bench/webtrace.py --web-cpu 500 --no-trace --base DIR  # CPU per seq, no table
    .venv/bin/python bench/webtrace.py --smoke     # tiny (tests/bench/test_webtrace.py: shape only)

Two conditions, interleaved round by round (rotated): ``none`` (the bench table with no
``[web]``) and ``web50`` (its publisher feeding ``pitchside web`` with 50 SSE clients),
placed as bench/web.py places them (the table's process on the last CPU, the web side and
the clients on the others). Every measured edge is kept, not only the summary: its
stages as bench/latency.py splits them (``latency.split_stages``: driver, rules, journal,
render, handoff and other add up to the edge's total; wake is a part of other) and
its stamps on ``time.perf_counter_ns`` (CLOCK_MONOTONIC, the same clock in every process
on the machine). Beside them, in ``web50``:

* **send**: each datagram the table's :class:`DatagramSink` sends (seq, stamp);
* **rx**: the web side's feed thread handing each snapshot to the hub, and **fan**: the
  first and the last stream's write of each seq (the web process is started through this
  file, ``--traced-web``, which wraps ``Hub.publish_threadsafe`` and ``Entry.sse`` before
  running ``pitchside web``; its stamps are written when it exits);
* **read**: each client's read of each seq (the swarm, ``--traced-swarm``).

The report, per condition: the p99 and, for the edges slower than their round's ``none``
p99 (the slow tail), which stage grew (each stage's median over the slow edges against
its median over all edges) and how many of them overlapped a fan-out (from the web side's
receipt of a seq to the last client's read of it) compared with the share of all edges
that did: a tail in bursts would overlap far more often than edges at random.

``--spinner`` also times a pure CPU loop on the table's CPU with a CPU spinner on the
other CPUs on and off (interleaved): a host that shares the cores below the OS slows the
loop's median; an OS that moves other load onto the table's CPU shows in its p99.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import web  # noqa: E402
from common import pct  # noqa: E402

STAGES = ("driver", "rules", "render", "handoff", "wake", "other")
"""The stages reported (``latency.split_stages``; the journal is off in these runs, and
wake is a part of other)."""


# --- the web side and the clients, traced ------------------------------------------------


def _traced_web(out: str, argv: list[str]) -> int:
    """``pitchside web`` with the hub's receipts and the streams' writes stamped."""
    from pitchside.cli.main import main
    from pitchside.web import hub

    rx: list[tuple[int, int]] = []
    fan: dict[str, list[int]] = {}
    publish, sse = hub.Hub.publish_threadsafe, hub.Entry.sse

    def publish_traced(self: Any, snap: dict[str, Any], *args: Any) -> None:
        rx.append((int(snap["seq"]), time.perf_counter_ns()))
        publish(self, snap, *args)

    def sse_traced(self: Any, event: str) -> bytes:
        t = time.perf_counter_ns()
        first_last = fan.setdefault(f"{self.boot}:{self.seq}", [self.seq, t, t, 0])
        first_last[2] = t
        first_last[3] += 1
        return sse(self, event)

    hub.Hub.publish_threadsafe = publish_traced  # type: ignore[method-assign,assignment]
    hub.Entry.sse = sse_traced  # type: ignore[method-assign]

    prof = None
    if os.environ.get("WEBTRACE_PROFILE"):  # a cProfile of the web side, written beside the stamps
        import cProfile
        prof = cProfile.Profile()
        prof.enable()

    def dump() -> None:
        Path(out).write_text(json.dumps({"rx": rx, "fan": fan, "hub": hub.__file__}))
        if prof is not None:
            prof.disable()
            prof.dump_stats(os.environ["WEBTRACE_PROFILE"])

    atexit.register(dump)
    raise_signal = signal.raise_signal

    def dump_then_raise(sig: int) -> None:  # uvicorn re-raises SIGTERM once it has stopped
        dump()
        raise_signal(sig)

    signal.raise_signal = dump_then_raise
    return main(argv)


async def _traced_swarm(n: int, url: str, out: str) -> None:
    """``n`` SSE clients (10 per loopback address); each read's (seq, stamp) written to
    ``out`` when stdin closes."""
    import httpx

    reads: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    connected = 0
    all_in = asyncio.Event()

    async def client(i: int, http: Any) -> None:
        nonlocal connected
        async with http.stream("GET", url + "/events", timeout=httpx.Timeout(10, read=None)) as r:
            async for line in r.aiter_lines():
                if line.startswith("retry: "):
                    connected += 1
                    if connected == n:
                        all_in.set()
                elif line.startswith("id: "):
                    reads[i].append((int(line[4:]), time.perf_counter_ns()))

    per = web.PER_ADDRESS
    https = [httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(local_address=f"127.0.0.{2 + a}"),
                               limits=httpx.Limits(max_connections=per + 2)) for a in range((n + per - 1) // per)]
    tasks = [asyncio.create_task(client(i, https[i // per])) for i in range(n)]
    await asyncio.wait_for(all_in.wait(), 140)
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    Path(out).write_text(json.dumps(reads))
    print(json.dumps({"clients": n}), flush=True)


class TracedWeb(web.WebProcess):
    """:class:`web.WebProcess` started through ``--traced-web`` (stamps to ``trace``)."""

    def __init__(self, tmp: Path, name: str, pythonpath: Path | None = None) -> None:
        self.trace = tmp / f"{name}.trace.json"
        env = dict(os.environ)
        if pythonpath is not None:  # another tree's pitchside package (the base of a comparison)
            env["PYTHONPATH"] = os.pathsep.join([str(pythonpath), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        self.port = web.free_port()
        self.feed = tmp / f"{name}.sock"
        self.url = f"http://127.0.0.1:{self.port}"
        t0 = time.monotonic()
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--traced-web", str(self.trace), "--",
             "web", "--listen", f"127.0.0.1:{self.port}", "--feed", str(self.feed), "--db", str(tmp / "none.db")],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
            preexec_fn=web._web_preexec(web.WEB_NICE))
        self.startup_s = self._wait_ready(t0, timeout=150.0)  # nice 10 on a loaded CPU starts slowly

    def stamps(self) -> dict[str, Any]:
        self.stop()
        return dict(json.loads(self.trace.read_text()))


class TracedSwarm(web.Swarm):
    def __init__(self, url: str, n: int, out: Path) -> None:
        self.out = out
        self.proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--traced-swarm", str(n),
                                      "--url", url, "--out", str(out)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     preexec_fn=web._web_preexec(web.SWARM_NICE))
        if self._line(150.0).strip() != "ready":
            self.close()
            raise RuntimeError(f"the traced swarm did not connect its {n} clients")

    def reads(self) -> list[list[tuple[int, int]]]:
        self.close()
        return [[(int(s), int(t)) for s, t in c] for c in json.loads(self.out.read_text())]


# --- the table, every edge kept --------------------------------------------------------


@contextmanager
def traced_table() -> Iterator[tuple[list[dict[str, Any]], list[tuple[int, int]]]]:
    """For the runs inside: every measured edge's record (stamps in ns, stages in ns) and
    every datagram sent (seq, stamp)."""
    import latency
    from pitchside.web.publisher import DatagramSink

    edges: list[dict[str, Any]] = []
    sends: list[tuple[int, int]] = []

    class TraceProbe(latency.Probe):
        def arm(self) -> None:
            self.keep()
            super().arm()

        def keep(self) -> None:
            split = self.split()
            if self.armed or split is None or self.t_frame is None or self.t_handle is None:
                return
            edges.append({"t_edge": self.t_edge, "t_frame": self.t_frame, "total": self.t_frame - self.t_edge}
                         | split)
            self.t_frame = None

    send = DatagramSink.__call__

    def send_traced(self: Any, snap: dict[str, Any]) -> bool:
        out = send(self, snap)
        sends.append((int(snap["seq"]), time.perf_counter_ns()))
        return out

    with latency.patched(latency, "Probe", TraceProbe), latency.patched(DatagramSink, "__call__", send_traced):
        probes: list[Any] = []
        init = TraceProbe.__init__

        def init_kept(self: Any) -> None:
            init(self)
            probes.append(self)

        with latency.patched(TraceProbe, "__init__", init_kept):
            try:
                yield edges, sends
            finally:
                for p in probes:
                    p.armed = False
                    p.keep()


def run_round(cond: str, n: int, feed: Path | None) -> tuple[list[dict[str, Any]], list[tuple[int, int]], int]:
    import latency

    scenario, config = web.demo_config(feed)
    with traced_table() as (edges, sends):
        with web.on_cpus(web.PLACES["table"]), \
                latency.patched(latency, "load_demo", lambda: (scenario, config)), web.publishing():
            t0 = time.perf_counter_ns()
            latency.run_table(n, journal=False, device="partial", threaded=True)
    return list(edges), list(sends), t0


# --- the analysis ------------------------------------------------------------------------


def windows(fan: list[list[int]], reads: list[list[tuple[int, int]]]) -> list[tuple[int, int, int]]:
    """Each fanned-out seq's window: (seq, the first stream's write, the last client's read
    of that seq after it and before the same seq's next fan-out: seqs start at 1 again with
    each table's new publisher)."""
    by_seq: dict[int, list[int]] = {}
    for c in reads:
        for s, t in c:
            by_seq.setdefault(s, []).append(t)
    for ts in by_seq.values():
        ts.sort()
    starts: dict[int, list[int]] = {}
    for s, t0, _t1, _n in fan:
        starts.setdefault(s, []).append(t0)
    out = []
    import bisect
    for s, t0s in starts.items():
        t0s.sort()
        ts = by_seq.get(s, [])
        for i, t0 in enumerate(t0s):
            end = t0s[i + 1] if i + 1 < len(t0s) else float("inf")
            got = ts[bisect.bisect_left(ts, t0):bisect.bisect_left(ts, end)]
            if got:
                out.append((s, t0, got[-1]))
    return sorted(out, key=lambda w: w[1])


def overlaps(edge: dict[str, Any], wins: list[tuple[int, int, int]]) -> bool:
    """Whether a fan-out window (sorted by start) overlaps the edge's [edge, frame]."""
    import bisect
    a, b = edge["t_edge"], edge["t_frame"]
    i = bisect.bisect_left(wins, b, key=lambda w: w[1])  # the windows that start before the frame
    return any(w[2] > a for w in wins[max(0, i - 20):i])


def _med(v: Sequence[float]) -> float:
    return round(statistics.median(v) / 1000, 1) if v else float("nan")


Window = tuple[int, int, int]


def analyse(edges: list[dict[str, Any]], threshold_ns: float,
            web_side: tuple[list[Window], list[Window]] | None) -> dict[str, Any]:
    """The slow tail of one round's edges: those above ``threshold_ns``. ``web_side``: the
    fan-out windows (first stream write to the last client's read) and the web side's
    write windows (first to last stream write of a seq), each ``(seq, start, end)``."""
    slow = [e for e in edges if e["total"] > threshold_ns]
    out: dict[str, Any] = {
        "edges": len(edges), "p99_us": round(pct([e["total"] for e in edges], 99) / 1000, 1),
        "slow": len(slow),
        "stage_median_us_all": {s: _med([e[s] for e in edges]) for s in STAGES},
        "stage_median_us_slow": {s: _med([e[s] for e in slow]) for s in STAGES},
        "stage_p99_us_all": {s: round(pct([e[s] for e in edges], 99) / 1000, 1) for s in STAGES},
        # the stage that took most of each slow edge's excess over the round's medians
        "slow_by_largest_stage": {},
    }
    meds = {s: statistics.median(e[s] for e in edges) for s in STAGES} if edges else {}
    for e in slow:
        worst = max(STAGES, key=lambda s: e[s] - meds[s])
        out["slow_by_largest_stage"][worst] = out["slow_by_largest_stage"].get(worst, 0) + 1
    if web_side is not None and edges:
        for name, wins in zip(("fanout_to_last_read", "web_side_writing"), web_side):
            out[f"share_overlapping_{name}"] = {
                "all": round(sum(overlaps(e, wins) for e in edges) / len(edges), 3),
                "slow": round(sum(overlaps(e, wins) for e in slow) / len(slow), 3) if slow else None,
            }
            spans = [w1 - w0 for _, w0, w1 in wins]
            out[f"{name}_span_us"] = {"p50": _med(spans), "p99": round(pct(spans, 99) / 1000, 1)}
        # slow edges in a row (a burst) against slow edges alone
        idx = [i for i, e in enumerate(edges) if e["total"] > threshold_ns]
        out["slow_next_to_slow"] = sum(1 for a, b in zip(idx, idx[1:]) if b - a == 1)
    return out


def cpu_s(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far (s; every thread)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run(tmp: Path, n: int, rounds: int, clients: int, raw: str | None = None,
        base: Path | None = None) -> dict[str, Any]:
    """``rounds`` rounds of ``n`` edges in each condition, rotated: ``none``, ``web50``
    (this tree's web side) and, with ``base`` (a source tree, e.g. ``git worktree add``
    of an older commit), ``web50@base``: the same with ``base``'s web side (its own
    process and 50 clients), so a change of the web side is measured interleaved."""
    conditions = ("none", "web50") + (("web50@base",) if base else ())
    sides = {"web50": TracedWeb(tmp, "web50")}
    if base is not None:
        sides["web50@base"] = TracedWeb(tmp, "base", pythonpath=base / "firmware")
    swarms = {c: TracedSwarm(w.url, clients, tmp / f"{c}.reads.json") for c, w in sides.items()}
    per: dict[str, list[list[dict[str, Any]]]] = {c: [] for c in conditions}
    cpu: dict[str, list[dict[str, float]]] = {c: [] for c in conditions}
    try:
        for r in range(rounds):
            k = r % len(conditions)
            for cond in conditions[k:] + conditions[:k]:
                side = sides.get(cond)
                before = {c: (cpu_s(w.proc.pid), cpu_s(swarms[c].proc.pid)) for c, w in sides.items()}
                edges, _, _ = run_round(cond, n, None if side is None else side.feed)
                per[cond].append(edges)
                # each web side's and swarm's CPU in this round, µs per edge (an idle side pings only)
                cpu[cond].append({f"{c}:{part}": round((cpu_s(p) - b) / len(edges) * 1e6, 1)
                                  for c, w in sides.items()
                                  for part, p, b in (("web", w.proc.pid, before[c][0]),
                                                     ("swarm", swarms[c].proc.pid, before[c][1]))})
    finally:
        reads = {c: s.reads() for c, s in swarms.items()}
        stamps = {c: w.stamps() for c, w in sides.items()}
    web_side = {}
    for c in sides:
        wins = windows(list(stamps[c]["fan"].values()), reads[c])
        writes = sorted(((int(q), int(t0), int(t1)) for q, t0, t1, _n in stamps[c]["fan"].values()),
                        key=lambda w: w[1])
        web_side[c] = (wins, writes)
    if raw:  # every edge, window and read, for a closer look
        Path(raw).write_text(json.dumps({"edges": per, "cpu": cpu, "web_side": web_side}))
    report: dict[str, Any] = {"edges_per_round": n, "rounds": rounds, "clients": clients,
                              "load": os.getloadavg(), "rounds_detail": []}
    for r in range(rounds):
        threshold = pct([e["total"] for e in per["none"][r]], 99)
        report["rounds_detail"].append({c: analyse(per[c][r], threshold, web_side.get(c)) | {"cpu_us_per_edge": cpu[c][r]}
                                        for c in conditions})
    report["p99_us"] = {c: [d[c]["p99_us"] for d in report["rounds_detail"]] for c in conditions}
    report["p99_ratio_to_none"] = {c: round(statistics.median(a / b for a, b in zip(report["p99_us"][c],
                                                                                      report["p99_us"]["none"])), 3)
                                   for c in conditions if c != "none"}
    # the web side's own CPU per edge while the table feeds it (its rounds only)
    report["web_cpu_us_per_edge"] = {c: {part: statistics.median(x[f"{c}:{part}"] for x in cpu[c])
                                         for part in ("web", "swarm")} for c in sides}
    return report


def web_cpu(tmp: Path, n: int, clients: int, base: Path | None = None, rounds: int = 3,
            gap_s: float = 0.003) -> dict[str, Any]:
    """The web side's CPU per seq, without the table: ``n`` snapshots (the demo table's
    first, renumbered) sent straight to each web side's feed socket ``gap_s`` apart, 50
    clients each; the web process's and its swarm's user+system CPU per seq (µs),
    ``rounds`` rounds alternating between this tree's web side and ``base``'s."""
    import socket as socketlib

    with web.web_table(tmp / "unused.sock") as (table, _steps):
        table.runtime.publish()
        table.runtime.publisher.flush()
        snap = dict(table.runtime.publisher.latest)
    sides = {"this": TracedWeb(tmp, "cpu-this")}
    if base is not None:
        sides["base"] = TracedWeb(tmp, "cpu-base", pythonpath=base / "firmware")
    swarms = {c: TracedSwarm(w.url, clients, tmp / f"cpu-{c}.reads.json") for c, w in sides.items()}
    out: dict[str, list[dict[str, float]]] = {c: [] for c in sides}
    sock = socketlib.socket(socketlib.AF_UNIX, socketlib.SOCK_DGRAM)
    sock.settimeout(30)  # a web side that stopped reading fails the run instead of hanging it
    seq = 0
    try:
        for r in range(rounds):
            for c in list(sides)[r % len(sides):] + list(sides)[:r % len(sides)]:
                w, sw = sides[c], swarms[c]
                time.sleep(0.5)  # the previous side's backlog drains
                b = (cpu_s(w.proc.pid), cpu_s(sw.proc.pid))
                t0 = time.monotonic()
                for i in range(n):
                    seq += 1
                    sock.sendto(json.dumps(snap | {"seq": seq, "boot": "cpu"}, separators=(",", ":")).encode(),
                                str(w.feed))
                    time.sleep(gap_s)
                time.sleep(1.0)  # the fan-out and the clients catch up
                out[c].append({"web": round((cpu_s(w.proc.pid) - b[0]) / n * 1e6, 1),
                               "swarm": round((cpu_s(sw.proc.pid) - b[1]) / n * 1e6, 1),
                               "wall_s": round(time.monotonic() - t0, 2)})
    finally:
        sock.close()
        got = {c: s.reads() for c, s in swarms.items()}
        for w in sides.values():
            w.stop()
    return {"seqs_per_round": n, "clients": clients, "rounds": out, "load": os.getloadavg(),
            "web_us_per_seq": {c: statistics.median(x["web"] for x in v) for c, v in out.items()},
            "swarm_us_per_seq": {c: statistics.median(x["swarm"] for x in v) for c, v in out.items()},
            "every_client_every_seq": {c: all(len(r) == len(got[c][0]) for r in got[c]) for c in got}}


# --- below the OS: a spinner on the other CPUs --------------------------------------------


def spinner(rounds: int = 6, chunks: int = 400) -> dict[str, Any]:
    """A fixed pure-Python loop timed ``chunks`` times on the table's CPU, with a CPU
    spinner (``while True: pass``) on each other CPU on and off, rounds interleaved; p50
    and p99 per round in µs."""
    def work() -> int:
        x = 0
        for i in range(20000):
            x += i * i
        return x

    res: dict[str, list[tuple[float, float]]] = {"off": [], "on": []}
    others = sorted(web.PLACES["web"] - web.PLACES["table"])
    with web.on_cpus(web.PLACES["table"]):
        for r in range(rounds):
            for cond in (("off", "on") if r % 2 == 0 else ("on", "off")):
                spins = [] if cond == "off" else [subprocess.Popen(
                    [sys.executable, "-c", f"import os; os.sched_setaffinity(0, {{{cpu}}})\nwhile True: pass"])
                    for cpu in others]
                time.sleep(0.3 if spins else 0)
                ts = []
                for _ in range(chunks):
                    t = time.perf_counter_ns()
                    work()
                    ts.append(time.perf_counter_ns() - t)
                for s in spins:
                    s.kill()
                    s.wait()
                res[cond].append((round(pct(ts, 50) / 1000, 1), round(pct(ts, 99) / 1000, 1)))
    return {"rounds": res, "p50_ratio_on_off": round(statistics.median(a[0] / b[0] for a, b in zip(res["on"], res["off"])), 3),
            "p99_ratio_on_off": round(statistics.median(a[1] / b[1] for a, b in zip(res["on"], res["off"])), 3),
            "load": os.getloadavg()}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--traced-web"]:
        return _traced_web(argv[1], argv[3:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--edges", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--spinner", action="store_true")
    ap.add_argument("--web-cpu", type=int, metavar="N", help="the web side's CPU per seq, N seqs a round (no table)")
    ap.add_argument("--no-trace", action="store_true", help="skip the per-edge trace")
    ap.add_argument("--json")
    ap.add_argument("--raw", help="every edge and fan-out window, as JSON, here")
    ap.add_argument("--base", type=Path, help="a source tree whose web side runs as web50@base (interleaved)")
    ap.add_argument("--traced-swarm", type=int)
    ap.add_argument("--url")
    ap.add_argument("--out")
    args = ap.parse_args(argv)
    if args.traced_swarm:
        asyncio.run(_traced_swarm(args.traced_swarm, args.url, args.out))
        return 0
    if args.smoke:
        args.edges, args.rounds, args.clients = 8, 2, 4
    out: dict[str, Any] = {}
    if args.spinner:
        out["spinner"] = spinner(2 if args.smoke else 6, 20 if args.smoke else 400)
    with tempfile.TemporaryDirectory(prefix="pitchside-webtrace-") as d:
        if args.web_cpu:
            out["web_cpu"] = web_cpu(Path(d), 20 if args.smoke else args.web_cpu, args.clients, args.base,
                                     1 if args.smoke else 3)
        if not args.no_trace:
            out["trace"] = run(Path(d), args.edges, args.rounds, args.clients, args.raw, args.base)
    text = json.dumps(out, indent=1)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
