"""A press that arrives while frames are drawn ahead: the interpreter lock's switch
interval (bench/README.md, "The interpreter lock's switch interval").

While ``Runtime.run`` waits it draws the likely next frames (``Runtime.draw_ahead``,
CPU-bound Python). A press then comes on the pin library's thread, which must take the
interpreter lock first; CPython makes the thread holding it let go only every
``sys.getswitchinterval()`` s (5 ms by default). This bench measures edges that arrive
*during* such a round, from a thread that was asleep in the kernel (as gpiozero's callback
thread is, in its poll), with the switch interval alternated edge by edge over
:data:`INTERVALS_S` in one process (so the machine's load falls on every arm alike)::

    cd bench && ../.venv/bin/python gil.py 600            # 600 measured presses (200 per arm)
    cd bench && ../.venv/bin/python gil.py 90 --json      # quick, figures as JSON
    cd bench && ../.venv/bin/python gil.py 200 --control  # the mechanism alone: a pure-Python spinner

The table is :class:`latency.Table` (the demo match on a MockFactory, the partial SSD1306
on a noop bus, no journal), its ``Runtime.run`` in its own thread. Per measured press: the
main thread waits for the runtime to be idle (:func:`latency.wait_idle`), sets the
arm's interval, forgets the frames drawn ahead (``Runtime.forget_ahead``, so that the
next round draws every frame again, as after a real state change) and wakes the runtime
(``Runtime.wake``), whose loop then starts a full round. The main thread sleeps (one ``time.sleep``, the interpreter lock released) until
a time in :data:`OFFSET_S` after the wake, then drives the pin (the MockFactory delivers the edge in
the driving thread, as gpiozero's callback thread delivers it). The edge's time is that
sleep's deadline, so the wait for the lock after the thread wakes is in the figure (and
the kernel's timer slack, alike in every arm). Edge-to-frame ends when the frame is
handed to the device; ``to_post_us`` is the part until the event is queued
(``Runtime.post``, in the pin's thread): the wait for the lock, and the driver. An edge counts only when its deadline fell inside a draw-ahead round
(the round's start and end stamped around the real ``draw_ahead``); the others are counted
as ``outside_round``. Presses only: the demo's puck drops are played untimed.

``awake_us`` is the part until the sleeping thread runs its first bytecode after the
deadline (the kernel's wake-up and the wait for the lock, nothing of gpiozero's).

``--control`` measures the mechanism alone, as :func:`control` says: the same sleeping
thread's ``awake`` while another thread runs pure Python (no call that lets go of the
lock), and while none does, per interval.

CPU per round: ``time.thread_time_ns`` of each ``draw_ahead`` round that drew, in the
runtime thread, in two kinds: ``cpu_round_edge_us`` (the measured rounds, cut short by the
press) and ``cpu_round_idle_us`` (the rounds after each untimed release, and after the untimed
puck drops, counted for the arm of the press before them, while the main thread polls ``Runtime.waiting`` every 0.1 ms: a second thread asking for the lock, so the
cost of more hand-overs shows there). Bounded: ``n`` presses, and at most ``--max-s`` s.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
from collections import defaultdict
from dataclasses import replace
from time import perf_counter_ns
from typing import Any

import latency
from common import load_demo, pct, summary_us

INTERVALS_S = (0.005, 0.001, 0.0005)
"""The switch intervals compared (s): CPython's default first."""
OFFSET_S = (0.0002, 0.0010)
"""The press's deadline after the wake that starts the round (s): uniform in this range
(seeded), so that presses fall at every point of a round of ~1.5 ms here."""


def run(n: int, max_s: float = 300.0, seed: int = 1) -> dict[str, Any]:
    """Measure ``n`` presses (arms alternated edge by edge) or as many as ``max_s`` s
    allow; returns per arm (interval in ms as the key) the edge-to-frame summary (µs),
    the CPU per round summaries (µs) and the counts. The interpreter's switch interval
    is put back as it was."""
    from gpiozero.pins.mock import MockFactory

    scenario, config = load_demo()
    config = replace(config, bounce_ms=latency.BENCH_BOUNCE_MS)
    steps = latency.match_steps(scenario)
    old = sys.getswitchinterval()
    totals: dict[float, list[int]] = defaultdict(list)
    to_post: dict[float, list[int]] = defaultdict(list)
    awake: dict[float, list[int]] = defaultdict(list)
    rng = random.Random(seed)
    cpu_edge: dict[float, list[int]] = defaultdict(list)
    cpu_idle: dict[float, list[int]] = defaultdict(list)
    counts: dict[str, int] = defaultdict(int)
    factory = MockFactory()
    end = time.monotonic() + max_s
    k = 0
    try:
        while sum(len(v) for v in totals.values()) < n and time.monotonic() < end:
            table = latency.Table(factory, config, None, "partial", latency.Probe(), seed=scenario.seed)
            try:
                k = _match(table, steps, n, end, k, rng, totals, to_post, awake, cpu_edge, cpu_idle, counts)
            finally:
                table.close()
            counts["matches"] += 1
    finally:
        sys.setswitchinterval(old)
        factory.close()
    return {
        "switch_interval_restored_s": sys.getswitchinterval(),
        "counts": dict(counts),
        "arms": {f"{iv * 1000:g} ms": {
            "edges": len(totals[iv]),
            "edge_to_frame_us": summary_us(totals[iv]),
            "to_post_us": summary_us(to_post[iv]),
            "to_post_p90_us": round(pct(to_post[iv], 90) / 1000, 1),
            "to_post_over_1ms": sum(t > 1_000_000 for t in to_post[iv]),
            "awake_us": summary_us(awake[iv]),
            "cpu_round_edge_us": summary_us(cpu_edge[iv]),
            "cpu_round_idle_us": summary_us(cpu_idle[iv]),
        } for iv in INTERVALS_S},
    }


def control(n: int, seed: int = 1) -> dict[str, Any]:
    """``n`` wake-ups per arm, arms alternated: the main thread sleeps until a deadline
    0.2-1.0 ms ahead (seeded) while a second thread spins in pure Python (``busy``) or
    sleeps too (``idle``), and its ``awake`` (deadline to its first bytecode after the
    sleep, µs) is summarised per interval and kind. The interval is put back."""
    rng = random.Random(seed)
    old = sys.getswitchinterval()
    out: dict[str, list[int]] = defaultdict(list)
    spin, quit_ = threading.Event(), threading.Event()

    def spinner() -> None:
        while not quit_.is_set():
            if not spin.wait(0.05):
                continue
            x = 0
            while spin.is_set():  # pure Python: lets go of the lock only when asked
                x += 1

    t = threading.Thread(target=spinner, name="spinner", daemon=True)
    t.start()
    try:
        for i in range(n * len(INTERVALS_S) * 2):
            iv = INTERVALS_S[i % len(INTERVALS_S)]
            busy = (i // len(INTERVALS_S)) % 2 == 0
            sys.setswitchinterval(iv)
            if busy:
                spin.set()
            time.sleep(0.002)  # the spinner is running now
            deadline = perf_counter_ns() + int(rng.uniform(*OFFSET_S) * 1e9)
            time.sleep(max(0.0, (deadline - perf_counter_ns()) / 1e9))
            out[f"{iv * 1000:g} ms {'busy' if busy else 'idle'}"].append(perf_counter_ns() - deadline)
            spin.clear()
    finally:
        quit_.set()
        spin.clear()
        t.join(1)
        sys.setswitchinterval(old)
    return {k: summary_us(v) for k, v in sorted(out.items())}


def _match(table: latency.Table, steps: list[tuple[str, str]], n: int, end: float, k: int,
           rng: random.Random, totals: dict[float, list[int]], to_post: dict[float, list[int]],
           awake: dict[float, list[int]], cpu_edge: dict[float, list[int]],
           cpu_idle: dict[float, list[int]], counts: dict[str, int]) -> int:
    """One demo match on ``table``; returns the arm counter ``k`` for the next match."""
    probe, rt = table.probe, table.runtime
    done, stop = threading.Event(), threading.Event()
    rounds: list[tuple[int, int]] = []  # (start, end) ns of the rounds since the last wake
    measuring = [False]
    arm = [INTERVALS_S[0]]  # the interval of the edge being measured (and of its release's round)
    process_pending, draw_ahead = rt.process_pending, rt.draw_ahead

    def pending_probe() -> int:
        got = process_pending()
        if probe.armed and probe.handled:
            done.set()
        return got

    def ahead_probe() -> int:
        t0, c0 = perf_counter_ns(), time.thread_time_ns()
        drew: int = draw_ahead()
        if drew:
            cpu = time.thread_time_ns() - c0
            (cpu_edge if measuring[0] else cpu_idle)[arm[0]].append(cpu)
            rounds.append((t0, perf_counter_ns()))
        return drew

    rt.process_pending = pending_probe  # type: ignore[method-assign]
    rt.draw_ahead = ahead_probe  # type: ignore[method-assign]
    bounce_s = latency.BENCH_BOUNCE_MS / 1000 * 1.2
    with table.wrapped():
        thread = threading.Thread(target=rt.run, args=(stop,), name="runtime", daemon=True)
        thread.start()
        try:
            for verb, name in steps:
                if sum(len(v) for v in totals.values()) >= n or time.monotonic() >= end:
                    break
                iv = INTERVALS_S[k % len(INTERVALS_S)]
                if verb == "drop":  # untimed: block 2.5 ms, then clear (the count)
                    table.wait_until(table.last_count + 0.0205)
                    latency._drive(table.beam_pin, table.blocked)
                    time.sleep(0.0025)
                    latency._drive(table.beam_pin, not table.blocked)
                    table.last_count = time.monotonic()
                    latency.wait_idle(rt)
                    continue
                pin, level, after = table.press_edges(name)
                table.wait_until(table.last_edge[name] + bounce_s)
                if not latency.wait_idle(rt):
                    counts["idle_wait_timeouts"] += 1
                sys.setswitchinterval(iv)
                arm[0] = iv
                rt.forget_ahead()  # the next round draws every frame
                rounds.clear()
                measuring[0] = True
                done.clear()
                t_wake = perf_counter_ns()
                rt.wake()
                deadline = t_wake + int(rng.uniform(*OFFSET_S) * 1e9)
                time.sleep(max(0.0, (deadline - perf_counter_ns()) / 1e9))  # asleep, the lock released
                t_awake = perf_counter_ns()  # the first bytecode after the sleep: the lock is ours
                probe.arm()
                probe.t_edge = deadline  # the edge came at the deadline; the wait for the lock counts
                latency._drive(pin, level)
                if not done.wait(5.0):
                    raise RuntimeError("the runtime thread did not handle the press within 5 s")
                probe.armed = False
                measuring[0] = False
                in_round = any(a <= deadline <= b for a, b in rounds)
                if probe.t_frame is None or probe.t_post is None:
                    counts["edges_without_frame"] += 1
                elif not in_round:
                    counts["outside_round"] += 1
                else:
                    totals[iv].append(probe.t_frame - deadline)
                    to_post[iv].append(probe.t_post - deadline)
                    awake[iv].append(t_awake - deadline)
                    k += 1
                for lvl in after:
                    latency._drive(pin, lvl)
                table.last_edge[name] = time.monotonic()
                latency.wait_idle(rt)  # the release's round: cpu_round_idle_us, this arm
        finally:
            stop.set()
            rt.wake()
            thread.join(5)
    return k


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", type=int, nargs="?", default=300, help="measured presses in all (default 300)")
    ap.add_argument("--max-s", type=float, default=300.0, help="stop after this many seconds (default 300)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--control", action="store_true", help="the mechanism alone (control): n wake-ups per arm")
    args = ap.parse_args(argv)
    if args.control:
        for arm, f in control(args.n).items():
            print(f"{arm:>12}: awake p50 / p99 / max {f['p50']:,.0f} / {f['p99']:,.0f} / {f['max']:,.0f} µs")
        return 0
    out = run(args.n, args.max_s)
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"counts: {out['counts']}; switch interval after: {out['switch_interval_restored_s'] * 1000:g} ms")
    print("interval | edges | edge-to-frame p50 / p99 / max µs | awake p50 / p99 | to post p50 / p90 / p99 µs, over 1 ms | CPU per round, edge p50 / idle p50 / idle p99 µs")
    for arm, f in out["arms"].items():
        e, tp, ce, ci = f["edge_to_frame_us"], f["to_post_us"], f["cpu_round_edge_us"], f["cpu_round_idle_us"]
        print(f"{arm:>8} | {f['edges']:5} | {e['p50']:,.0f} / {e['p99']:,.0f} / {e['max']:,.0f} | "
              f"{f['awake_us']['p50']:,.0f} / {f['awake_us']['p99']:,.0f} | "
              f"{tp['p50']:,.0f} / {f['to_post_p90_us']:,.0f} / {tp['p99']:,.0f}, {f['to_post_over_1ms']} | "
              f"{ce['p50']:,.0f} / {ci['p50']:,.0f} / {ci['p99']:,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
