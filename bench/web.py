"""The web view's bench: what the live web side costs and how fast it is.

    .venv/bin/python bench/web.py            # the figures in bench/README.md ("Web view")
    .venv/bin/python bench/web.py --quick    # smaller counts (a few minutes)
    .venv/bin/python bench/web.py --smoke    # each section once, tiny (tests/bench/test_web_bench.py)

Everything on 127.0.0.1; every count and wait is bounded. The table is the bench's own
(:class:`latency.Table`: the example Pichenotte config on a MockFactory, the runtime in
its own thread, ``PartialSSD1306`` on a noop bus) with a ``[web]`` section, so its runtime
has the :class:`FeedPublisher` sending datagrams to ``pitchside web``, which runs in its
own process as deployed (``python -m pitchside.cli.main web``). Clients are in processes
of their own (this file with ``--swarm``), spread over loopback addresses 127.0.0.2... (ten
streams each: the web side's per-address cap), so neither they nor the web side share
the table's interpreter.

Sections:

* **startup**: spawn ``pitchside web`` until ``/healthz`` answers (median of N).
* **sse**: pin edge (``perf_counter_ns`` before ``drive_low``) to the ``data:`` line of the
  state it caused at an SSE client in this process; with Chromium, to the page's
  ``body[data-seq]`` update (``performance.timeOrigin + now()`` in a MutationObserver
  against this process's ``time.time()``, the same wall clock; ms resolution).
* **table**: the table's edge-to-frame (``latency.run_table``, threaded) in four
  conditions, ``none`` (no ``[web]``: no publisher), ``web0`` (the web side with no
  client), ``web50`` (50 SSE clients connected) and ``stopped`` (the web side with its 50
  clients, SIGSTOPped for the run: its socket fills and the table's datagrams are
  dropped), each round running the four in a rotated order (round r starts at condition
  r), N edges each. A figure is the median over rounds; the ratio to ``none`` is the
  median of the per-round ratios (the target: within 10 %). The web processes live through
  every condition (their idle pings are the same load in all four).
* **rss**: the web process's VmRSS/VmHWM idle and with 200 SSE clients while the demo
  match streams; every client must see every ``seq`` in order, the snapshot first.

Placement, as deployed (:func:`placement`): the table's process (this one, while it runs
the table) on the machine's last CPU, as ``pitchside.service`` pins it
(``CPUAffinity=``, rendered by deploy/install.sh); ``pitchside web`` (``Nice=10``), the
client swarm (nice 19: they stand for the phones and the TV, other devices) and Chromium
on the other CPUs, as ``pitchside-web.service`` keeps it off the table's core. A table
condition named ``NAME/free`` (``--free`` adds them) runs everything on every CPU instead,
to show what the placement buys (its ratio is to ``none/free``).

The test (tests/bench/test_web_bench.py) runs ``--smoke`` for the shape and the counts
only: no timing is asserted anywhere.

(Over 600 lines: its sections share the web side's process, the clients and the
interleaving; each is a function of its own.)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from common import pct, summary_us  # noqa: E402

TARGET_RATIO = 1.10
"""The target: the table's edge-to-frame p99 with the web side stays within 10 %."""
PER_ADDRESS = 10
"""Streams per loopback address (the web side's default cap per address)."""
CONDITIONS = ("none", "web0", "web50", "stopped")
FREE = "/free"
"""The suffix of a condition run without the placement (every process on every CPU)."""


WEB_NICE = 10
"""The web side's niceness, as deploy/pitchside-web.service.in runs it (``Nice=10``): the
table's own process keeps the CPU when both want it."""
SWARM_NICE = 19
"""The clients' niceness: they stand for the phones and the TV, which are other devices,
so on the bench's one machine they take only the CPU the table and web side leave."""


def placement(cpus: set[int] | None = None) -> dict[str, set[int]]:
    """The CPUs of each part, as the deploy units place them: ``table`` the last CPU
    (``pitchside.service``'s ``CPUAffinity=``, the referee's own core), ``web`` the others
    (``pitchside-web.service``, the swarm, Chromium); on one CPU both are that CPU."""
    ordered = sorted(os.sched_getaffinity(0) if cpus is None else cpus)
    table = set(ordered[-1:])
    return {"table": table, "web": set(ordered[:-1]) or table}


PLACES = placement()
"""This machine's placement (the bench process's CPUs when it started)."""
ALL_CPUS = set(os.sched_getaffinity(0))


def place(pid: int, cpus: set[int]) -> None:
    """Every thread of process ``pid`` onto ``cpus`` (``taskset -a``)."""
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            os.sched_setaffinity(int(tid), cpus)
        except (OSError, ValueError):  # a thread that ended meanwhile
            pass


@contextmanager
def on_cpus(cpus: set[int]) -> Iterator[None]:
    """The calling thread (and the threads and processes it starts) on ``cpus``."""
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, cpus)
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


def _web_preexec(nice: int) -> Any:
    def preexec() -> None:
        os.nice(nice)
        os.sched_setaffinity(0, PLACES["web"])
    return preexec


def counts(quick: bool, smoke: bool = False) -> dict[str, int]:
    """How much each section measures: the full run, ``--quick`` (a few minutes less), or
    ``--smoke`` (the test's: each section once, tiny)."""
    if smoke:
        return {"startups": 1, "sse_edges": 6, "dom_edges": 0, "table_edges": 8, "rounds": 1,
                "clients": 4, "rss_clients": 12, "rss_edges": 5}
    if quick:
        return {"startups": 1, "sse_edges": 40, "dom_edges": 15, "table_edges": 60, "rounds": 2,
                "clients": 50, "rss_clients": 200, "rss_edges": 20}
    # 3,000 table edges a round: with 1,000 the p99 (the 10th-worst edge) moved by +/-20 %
    # between identical runs, too much to judge the 10 % target (bench/README.md)
    return {"startups": 5, "sse_edges": 600, "dom_edges": 200, "table_edges": 3000, "rounds": 5,
            "clients": 50, "rss_clients": 200, "rss_edges": 100}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# --- the web side, in its own process ------------------------------------------------------


class WebProcess:
    """``pitchside web`` on 127.0.0.1, fed at ``feed``; :attr:`startup_s` is spawn to the
    first ``/healthz`` answer."""

    def __init__(self, tmp: Path, name: str) -> None:
        self.port = free_port()
        self.feed = tmp / f"{name}.sock"
        self.url = f"http://127.0.0.1:{self.port}"
        t0 = time.monotonic()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pitchside.cli.main", "web", "--listen", f"127.0.0.1:{self.port}",
             "--feed", str(self.feed), "--db", str(tmp / "none.db")],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            preexec_fn=_web_preexec(WEB_NICE))  # as deployed: Nice=10, off the table's core
        self.startup_s = self._wait_ready(t0)

    def _wait_ready(self, t0: float, timeout: float = 60.0) -> float:
        """Seconds from spawn to the first ``/healthz`` answer. On a loaded machine the
        web side starts slowly (Nice 10, off the table's CPU: 30 s were seen not to be
        enough under a test run at load 11), so the wait is generous.

        :raises RuntimeError: it exited, or did not answer within ``timeout`` s; it is
            stopped first, so no orphan is left behind."""
        import httpx

        while time.monotonic() - t0 < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"pitchside web exited: {self.proc.stderr.read() if self.proc.stderr else ''}")
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return time.monotonic() - t0
            except httpx.HTTPError:
                pass
            time.sleep(0.005)
        self.proc.kill()
        self.proc.wait()
        raise RuntimeError(f"pitchside web did not answer /healthz within {timeout:g} s (stopped)")

    def health(self) -> dict[str, Any]:
        import httpx

        return dict(httpx.get(self.url + "/healthz", timeout=5).json())

    def memory_mib(self) -> dict[str, float]:
        out = {}
        with open(f"/proc/{self.proc.pid}/status") as fh:
            for line in fh:
                key = line.split(":")[0]
                if key in ("VmRSS", "VmHWM"):
                    out[key] = round(int(line.split()[1]) / 1024, 1)
        return out

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


class Swarm:
    """``n`` SSE clients in a process of their own (this file ``--swarm``)."""

    def __init__(self, url: str, n: int, timeout: float = 150.0) -> None:
        self.proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--swarm", str(n), "--url", url],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     preexec_fn=_web_preexec(SWARM_NICE))
        assert self.proc.stdout is not None
        line = self._line(timeout)
        if line.strip() != "ready":
            self.close()
            raise RuntimeError(f"the swarm did not connect its {n} clients: {line!r}")

    def _line(self, timeout: float) -> str:
        got: list[str] = []
        t = threading.Thread(target=lambda: got.append(self.proc.stdout.readline() if self.proc.stdout else ""),
                             daemon=True)
        t.start()
        t.join(timeout)
        return got[0] if got else ""

    def close(self) -> dict[str, Any]:
        """End the clients; their report (events per client, in order, snapshot first)."""
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            self.proc.stdin.close()
        line = self._line(30.0)
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)
        return dict(json.loads(line)) if line.strip() else {}


async def _swarm_main(n: int, url: str) -> None:
    import httpx

    seqs: list[list[int]] = [[] for _ in range(n)]
    connected = 0
    all_in = asyncio.Event()

    async def client(i: int, http: Any) -> None:
        nonlocal connected
        async with http.stream("GET", url + "/events", timeout=httpx.Timeout(10, read=None)) as r:
            if r.status_code != 200:
                raise RuntimeError(f"client {i}: {r.status_code}")
            async for line in r.aiter_lines():
                if line.startswith("retry: "):  # the stream's first line: it is open
                    connected += 1
                    if connected == n:
                        all_in.set()
                elif line.startswith("id: "):
                    seqs[i].append(int(line[4:]))

    addresses = (n + PER_ADDRESS - 1) // PER_ADDRESS
    https = [httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(local_address=f"127.0.0.{2 + a}"),
                               limits=httpx.Limits(max_connections=PER_ADDRESS + 2)) for a in range(addresses)]
    tasks = [asyncio.create_task(client(i, https[i // PER_ADDRESS])) for i in range(n)]
    try:
        await asyncio.wait_for(all_in.wait(), 140)  # nice 19 on the non-table CPUs: slow under load
    except TimeoutError:
        print(json.dumps({"error": f"{connected} of {n} connected"}), flush=True)
        return
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)  # until the bench closes our stdin
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for h in https:
        await h.aclose()
    # every seq in order: each next one is one more, or 1 (a new table process: a new boot)
    ordered = all(b == a + 1 or b == 1 for s in seqs for a, b in zip(s, s[1:]))
    print(json.dumps({"clients": n, "events_min": min(map(len, seqs)), "events_max": max(map(len, seqs)),
                      "every_seq_in_order": ordered, "first": sorted({s[0] for s in seqs if s}),
                      "last": sorted({s[-1] for s in seqs if s})}), flush=True)


# --- the table -------------------------------------------------------------------------------


def demo_config(feed: Path | None) -> tuple[Any, Any]:
    from common import load_demo
    from pitchside.app.config_web import WebConfig

    scenario, config = load_demo()
    return scenario, replace(config, web=None if feed is None else WebConfig(feed=str(feed), url=None))


@contextmanager
def publishing() -> Iterator[list[Any]]:
    """``build_table`` as ``pitchside run`` calls it with a ``[web]`` section: a
    :class:`FeedPublisher` sending datagrams to ``[web] feed`` (the bench's tables are
    built by ``latency.Table``, which calls ``build_table`` without one). Yields the
    publishers made, closed at the end."""
    import latency
    import pitchside_hw.table as hw_table
    from pitchside.web.publisher import DatagramSink, FeedPublisher

    made: list[Any] = []
    build = hw_table.build_table

    def build_with_publisher(config: Any, **kw: Any) -> Any:
        for publisher, sink in made:  # one table at a time (run_table builds one per match)
            publisher.close()
            sink.close()
        if config.web is not None:
            sink = DatagramSink(config.web.feed)
            kw["publisher"] = FeedPublisher([sink], table=config.name, url=config.web.url)
            made.append((kw["publisher"], sink))
        return build(config, **kw)

    try:
        with latency.patched(hw_table, "build_table", build_with_publisher):
            yield made
    finally:
        for publisher, sink in made:
            publisher.close()
            sink.close()


@contextmanager
def web_table(feed: Path) -> Iterator[Any]:
    """The bench table with its publisher sending to ``feed``, the runtime in its thread."""
    import latency
    from gpiozero.pins.mock import MockFactory

    scenario, config = demo_config(feed)
    config = replace(config, bounce_ms=latency.BENCH_BOUNCE_MS)
    factory = MockFactory()
    with publishing():
        table = latency.Table(factory, config, None, "partial", latency.Probe(), seed=scenario.seed)
        stop = threading.Event()
        thread = threading.Thread(target=table.runtime.run, args=(stop,), name="runtime", daemon=True)
        thread.start()
        try:
            yield table, latency.match_steps(scenario)
        finally:
            stop.set()
            table.runtime.wake()
            thread.join(5)
            table.close()
            factory.close()


def edges(table: Any, steps: list[tuple[str, str]], n: int) -> Iterator[tuple[Any, bool, list[bool]]]:
    """The demo match's measured edges, over and over (NEW between matches), ``n`` of
    them: each yields (pin, level, the rest to drive after it); the bench drives it.

    NEW leaves the table at the menu, awake: the match's first press (COIN, which wakes a
    table from its attract screen) is played only once, or every later match would start
    one press early and run off its script (each later press refused or ignored, the
    same words again: no new state)."""
    import latency

    bounce_s = latency.BENCH_BOUNCE_MS / 1000 * 1.2
    done = 0
    first = True
    while done < n:
        for verb, name in [*(steps if first else steps[1:]), ("press", "new")]:
            if done >= n:
                return
            if verb == "press":
                pin, level, after = table.press_edges(name)
                table.wait_until(table.last_edge[name] + bounce_s)
                yield pin, level, after
                table.last_edge[name] = time.monotonic()
            else:
                table.wait_until(table.last_count + 0.0205)
                latency._drive(table.beam_pin, table.blocked)
                table.wait_until(time.monotonic() + 0.0025)
                yield table.beam_pin, not table.blocked, []
                table.last_count = time.monotonic()
            done += 1
        first = False


class SSEClient:
    """One stream read on a thread: ``(seq, perf_counter_ns)`` of each state received."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.got: list[tuple[int, int]] = []
        self.cond = threading.Condition()
        self.stop = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        import httpx

        os.sched_setaffinity(0, PLACES["web"])  # this thread: a client, off the table's core
        with httpx.stream("GET", self.url + "/events", timeout=httpx.Timeout(10, read=None)) as r:
            for line in r.iter_lines():
                if self.stop:
                    return
                if line.startswith("id: "):
                    t = time.perf_counter_ns()
                    with self.cond:
                        self.got.append((int(line[4:]), t))
                        self.cond.notify_all()

    def after(self, seq: int, timeout: float) -> tuple[int, int] | None:
        """The first state received with a seq above ``seq``, waiting up to ``timeout``."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for s, t in self.got:
                    if s > seq:
                        return s, t
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(left)

    def latest(self) -> int:
        with self.cond:
            return self.got[-1][0] if self.got else 0


DOM_PROBE = """() => {
  window.__stamps = {};
  new MutationObserver(() => { window.__stamps[document.body.dataset.seq] = performance.timeOrigin + performance.now(); })
    .observe(document.body, {attributes: true, attributeFilter: ["data-seq"]});
}"""


def _browser() -> Any:
    """A Chromium page driver (Playwright with the system chromium), or None."""
    path = shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    if path is None:
        return None
    pw = sync_playwright().start()
    browser = pw.chromium.launch(executable_path=path, headless=True,
                                 args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
    return pw, browser


def run_sse(tmp: Path, n_sse: int, n_dom: int) -> dict[str, Any]:
    """Edge to SSE event, and edge to DOM update in Chromium (when there is one)."""
    web = WebProcess(tmp, "sse")
    sse_ns: list[int] = []
    dom_ms: list[float] = []
    missed = 0
    with on_cpus(PLACES["web"]):  # Chromium and its driver: off the table's core
        chrome = _browser() if n_dom else None
    page = None
    try:
        with on_cpus(PLACES["table"]), web_table(web.feed) as (table, steps):
            table.runtime.publish()
            client = SSEClient(web.url)
            if client.after(0, 10) is None:
                raise RuntimeError("no snapshot on the stream")
            if chrome is not None:
                page = chrome[1].new_page(viewport={"width": 1920, "height": 1080})
                page.goto(web.url + "/tv")
                page.evaluate(DOM_PROBE)
            for i, (pin, level, after) in enumerate(edges(table, steps, n_sse + (n_dom if page else 0))):
                on_page = page if i >= n_sse else None  # this edge's DOM update is timed
                last = client.latest()
                t_wall = time.time() * 1000
                t0 = time.perf_counter_ns()
                latency_drive(pin, level)
                got = client.after(last, 2.0)
                if got is None:
                    missed += 1  # the edge changed nothing the snapshot says
                elif on_page is not None:
                    on_page.wait_for_function("s => Number(document.body.dataset.seq) >= s", arg=got[0],
                                              timeout=5000)
                    stamp = on_page.evaluate("s => window.__stamps[String(s)]", got[0])
                    if stamp is not None:
                        dom_ms.append(float(stamp) - t_wall)
                else:
                    sse_ns.append(got[1] - t0)
                for lvl in after:
                    latency_drive(pin, lvl)
            client.stop = True
    finally:
        if chrome is not None:
            chrome[1].close()
            chrome[0].stop()
        web.stop()
    dom = ({"p50": round(pct(dom_ms, 50), 2), "p99": round(pct(dom_ms, 99), 2), "max": round(max(dom_ms), 2),
            "n": len(dom_ms)} if dom_ms else None)
    return {"edge_to_sse_us": summary_us(sse_ns) | {"n": len(sse_ns)}, "edge_to_dom_ms": dom,
            "dom_skipped": None if n_dom == 0 or chrome is not None else "no chromium or playwright",
            "edges_without_a_new_state": missed}


def latency_drive(pin: Any, level: bool) -> None:
    pin.drive_high() if level else pin.drive_low()


# --- the table with and without the web side -------------------------------------------------


def run_table_conditions(tmp: Path, n: int, rounds: int, clients: int,
                         conditions: tuple[str, ...] = CONDITIONS) -> dict[str, Any]:
    """The table's edge-to-frame in each of ``conditions`` (``none``, ``web0``, ``web50``,
    ``stopped``, each also as ``NAME/free``: without the placement), ``rounds`` rounds in
    a rotated order, ``n`` edges each; p99/p50 in µs (medians over rounds) and each
    condition's p99 ratio to ``none`` (``none/free`` for a free one; median of the
    per-round ratios)."""
    import latency

    w0, w50 = WebProcess(tmp, "web0"), WebProcess(tmp, "web50")
    swarm = Swarm(w50.url, clients)
    feeds = {"none": None, "web0": w0.feed, "web50": w50.feed, "stopped": w50.feed}
    p99: dict[str, list[float]] = {c: [] for c in conditions}
    p50: dict[str, list[float]] = {c: [] for c in conditions}
    try:
        for r in range(rounds):
            k = r % len(conditions)
            for cond in conditions[k:] + conditions[:k]:
                base, free = cond.removesuffix(FREE), cond.endswith(FREE)
                scenario, config = demo_config(feeds[base])
                if free:  # every process on every CPU, as before the placement
                    for proc in (w0.proc, w50.proc, swarm.proc):
                        place(proc.pid, ALL_CPUS)
                if base == "stopped":
                    w50.proc.send_signal(signal.SIGSTOP)
                try:
                    with on_cpus(ALL_CPUS if free else PLACES["table"]), \
                            latency.patched(latency, "load_demo", lambda config=config: (scenario, config)), \
                            publishing() as made:
                        out = latency.run_table(n, journal=False, device="partial", threaded=True)
                    if (base == "none") != (not made):
                        raise RuntimeError(f"condition {cond}: {len(made)} publishers")
                finally:
                    if base == "stopped":
                        w50.proc.send_signal(signal.SIGCONT)
                    if free:
                        for proc in (w0.proc, w50.proc, swarm.proc):
                            place(proc.pid, PLACES["web"])
                p99[cond].append(out["total_us"]["p99"])
                p50[cond].append(out["total_us"]["p50"])
        streams = w50.health()["streams"]
    finally:
        report = swarm.close()
        w0.stop()
        w50.stop()

    def baseline(c: str) -> str:
        return "none/free" if c.endswith(FREE) else "none"

    ratios = {c: round(statistics.median(a / b for a, b in zip(p99[c], p99[baseline(c)])), 3)
              for c in conditions if c != baseline(c) and baseline(c) in p99}
    return {
        "edges_per_run": n, "rounds": rounds, "clients": clients, "streams_open_at_end": streams,
        "cpus": {k: sorted(v) for k, v in PLACES.items()},
        "p99_us": {c: round(statistics.median(v), 1) for c, v in p99.items()},
        "p50_us": {c: round(statistics.median(v), 1) for c, v in p50.items()},
        "p99_us_rounds": p99,
        "p99_ratio_to_none": ratios,
        "within_10_percent": {c: v <= TARGET_RATIO for c, v in ratios.items()},
        "swarm": report,
    }


def run_rss(tmp: Path, clients: int, n_edges: int) -> dict[str, Any]:
    web = WebProcess(tmp, "rss")
    try:
        with on_cpus(PLACES["table"]), web_table(web.feed) as (table, steps):
            table.runtime.publish()
            time.sleep(0.5)
            idle = web.memory_mib()
            swarm = Swarm(web.url, clients)
            try:
                streams = web.health()["streams"]
                for pin, level, after in edges(table, steps, n_edges):
                    latency_drive(pin, level)
                    for lvl in after:
                        latency_drive(pin, lvl)
                    time.sleep(0.01)
                table.runtime.publisher.flush()
                time.sleep(1.0)
                busy = web.memory_mib()
                seq = table.runtime.publisher.seq
            finally:
                report = swarm.close()
    finally:
        web.stop()
    return {"clients": clients, "streams": streams, "idle_mib": idle, "with_clients_mib": busy,
            "published_seq": seq, "swarm": report,
            "every_client_saw_the_last_seq": report.get("last") == [seq] and report.get("every_seq_in_order") is True}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small counts (CI: shape and counts only)")
    ap.add_argument("--smoke", action="store_true", help="tiny counts: each section once (the test)")
    ap.add_argument("--json", help="write the results here too")
    ap.add_argument("--free", action="store_true",
                    help="also run each table condition without the placement (NAME/free)")
    ap.add_argument("--swarm", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--url", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.swarm:
        asyncio.run(_swarm_main(args.swarm, args.url))
        return 0
    n = counts(args.quick, args.smoke)
    t0 = time.monotonic()
    out: dict[str, Any] = {"counts": n, "load_before": os.getloadavg()}
    with tempfile.TemporaryDirectory(prefix="pitchside-webbench-") as d:
        tmp = Path(d)
        starts = []
        for i in range(n["startups"]):
            w = WebProcess(tmp, f"start{i}")
            starts.append(round(w.startup_s, 3))
            w.stop()
        out["startup_s"] = {"median": statistics.median(starts), "runs": starts}
        out["sse"] = run_sse(tmp, n["sse_edges"], n["dom_edges"])
        conditions = CONDITIONS + tuple(c + FREE for c in CONDITIONS) if args.free else CONDITIONS
        out["table"] = run_table_conditions(tmp, n["table_edges"], n["rounds"], n["clients"], conditions)
        out["rss"] = run_rss(tmp, n["rss_clients"], n["rss_edges"])
    out["load_after"] = os.getloadavg()
    out["wall_s"] = round(time.monotonic() - t0, 1)
    text = json.dumps(out, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
