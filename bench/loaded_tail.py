"""The table loop's edge-to-frame tail with CPU hogs beside it, the loop thread's scheduling
as arms.

    .venv/bin/python bench/loaded_tail.py                          # 0, 2 and 4 hogs, every arm (about 6 min)
    .venv/bin/python bench/loaded_tail.py --hogs 2 --arms default fifo --events 300 --rounds 2

Each arm is bench/latency.py's threaded pair (:func:`latency.run_pair`: the firmware's
``Runtime.run`` in its own thread, woken by the edge, interleaved edge by edge with the
bare counter that draws in the edge's own thread), with the runtime thread's scheduling
set first thing in that thread (:data:`ARMS`):

* ``default``: as without a scheduling setting (``SCHED_OTHER``, nice 0);
* ``nice-10`` / ``nice-20``: ``os.setpriority`` on the runtime thread's id (lowering nice
  needs ``CAP_SYS_NICE`` or ``RLIMIT_NICE``: the unit's ``LimitNICE=``);
* ``fifo-loop``: ``SCHED_FIFO`` at 10 for the runtime thread alone;
* ``fifo`` / ``rr``: ``SCHED_FIFO`` / ``SCHED_RR`` at 10 for the runtime thread and the
  edge's (the bench's main thread, where the bare counter draws too): what ``pitchside
  run`` gives every thread with ``PITCHSIDE_SCHED=fifo:10`` (:mod:`pitchside.app.sched`;
  needs ``RLIMIT_RTPRIO``, the unit's ``LimitRTPRIO=``, and ``RestrictRealtime=no``), or
  ``CPUSchedulingPolicy=`` in the unit;
* ``fifo-noyield``: ``fifo`` without the loop's yield between frames drawn ahead
  (:func:`pitchside.app.sched.peer_yield`): matters with ``--taps``, when edges come
  while a round is drawn (the edge thread's ``late`` figure);
* ``unpinned``: the runtime thread may run on every CPU (the process and the hogs stay on
  ``--cpu``): what the unit's ``CPUAffinity=`` pinning wins or loses;
* ``fifo-peer-fifo`` / ``fifo-peer-other``: ``fifo`` with a third thread taking the
  interpreter lock every 20 ms (:func:`busy_peer`, the web feed's publisher), at the
  same priority or lowered to ``SCHED_OTHER`` (what the unit's ``CPUSchedulingPolicy=``
  would ask of the threads that are not the table's);
* ``inline``: no runtime thread: each step runs in the edge's own thread right after the
  edge (bench/latency.py's sync run), the most that handing the step to the edge's
  thread while the loop is idle could give, at normal priority.

The process (every thread) and the hogs are pinned to one CPU (``--cpu``, default the
last: the unit's ``CPUAffinity=@TABLE_CPU@``), so the load is on the table's CPU, as when
other processes land there. A hog is a child process spinning in pure Python until its
deadline (``--max-s`` from the start: it stops by itself), stopped by the bench when the
hog count is done. Arms alternate round by round (the order rotates), each round a fresh
table, so a change of the machine's load hits every arm alike; the figures are medians
over the rounds of each round's p50 / p99, and of each round's ratio to its own
interleaved bare counter. No figure is asserted (tests/bench/test_loaded_tail.py runs it
short and checks the counts).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import latency  # noqa: E402  (bench/ on the path first)
from pitchside.app import sched  # noqa: E402

HOG = "import sys, time\nend = time.monotonic() + float(sys.argv[1])\nwhile time.monotonic() < end:\n    pass\n"
"""A hog: spins in pure Python until its time is up (``argv[1]`` seconds)."""


@dataclass(frozen=True)
class Arm:
    """How the runtime thread (``loop``, called first in it) and the edge's thread
    (``edge``: the bench's main thread, for the arm's runs only) are scheduled; ``None``:
    left as they are. ``yields``: the loop's :func:`~pitchside.app.sched.peer_yield` as
    the firmware has it (False: never yields). ``threaded``: False runs each step in the
    edge's own thread (``Runtime.process_pending`` right after the edge, the frames ahead
    drawn before the pause: bench/latency.py's sync run). ``peer``: a third Python thread
    runs beside them at that scheduling (:func:`busy_peer`: the web feed's publisher)."""

    name: str
    loop: Callable[[], None] | None = None
    edge: sched.Sched | None = None
    yields: bool = True
    threaded: bool = True
    peer: sched.Sched | None = None


def _nice(n: int) -> Callable[[], None]:
    def apply() -> None:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), n)

    return apply


def _sched(setting: sched.Sched) -> Callable[[], None]:
    def apply() -> None:
        sched_apply_strict(setting)

    return apply


def _unpinned() -> None:
    os.sched_setaffinity(0, range(os.cpu_count() or 1))


FIFO = sched.Sched("fifo", 10)
RR = sched.Sched("rr", 10)
ARMS = {a.name: a for a in (
    Arm("default"),
    Arm("nice-10", _nice(-10)),
    Arm("nice-20", _nice(-20)),
    Arm("fifo-loop", _sched(FIFO)),
    Arm("fifo", _sched(FIFO), edge=FIFO),
    Arm("rr", _sched(RR), edge=RR),
    Arm("fifo-noyield", _sched(FIFO), edge=FIFO, yields=False),
    Arm("unpinned", _unpinned),
    Arm("inline", threaded=False),
    Arm("fifo-peer-fifo", _sched(FIFO), edge=FIFO, peer=FIFO),
    Arm("fifo-peer-other", _sched(FIFO), edge=FIFO, peer=sched.OFF),
)}


@contextmanager
def hogs(n: int, cpu: int, max_s: float) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``n`` hog processes on ``cpu``, each stopping by itself after ``max_s`` s, stopped
    (SIGTERM, then SIGKILL) when the block ends."""
    procs: list[subprocess.Popen[bytes]] = []
    try:
        for _ in range(n):
            procs.append(subprocess.Popen([sys.executable, "-c", HOG, str(max_s)],
                                          preexec_fn=lambda: os.sched_setaffinity(0, {cpu})))
        time.sleep(0.2)  # running before the first edge
        yield procs
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


PEER_STATE = {f"table-{i}": {"score": [i, i + 1], "names": ["Alice", "Bob"], "seq": i} for i in range(200)}


@contextmanager
def busy_peer(setting: sched.Sched | None) -> Iterator[None]:
    """With a ``setting``, a thread inside the block that every 20 ms holds the interpreter
    lock for a JSON snapshot (about 0.2 ms here), as the web feed's publisher does after
    a frame: at ``setting`` (``off``: lowered to ``SCHED_OTHER`` from the process's
    real-time policy, as a unit's ``CPUSchedulingPolicy=`` would need of its non-critical
    threads)."""
    if setting is None:
        yield
        return
    import json as json_

    stop = threading.Event()

    def work() -> None:
        if setting == sched.OFF:
            os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
        else:
            sched_apply_strict(setting)
        while not stop.wait(0.02):
            json_.dumps(PEER_STATE)

    t = threading.Thread(target=work, name="peer", daemon=True)
    t.start()
    try:
        yield
    finally:
        stop.set()
        t.join()


@contextmanager
def edge_sched(setting: sched.Sched | None) -> Iterator[None]:
    """The calling thread scheduled as ``setting`` inside the block, as it was after it."""
    if setting is None:
        yield
        return
    policy, param = os.sched_getscheduler(0), os.sched_getparam(0)
    sched.apply(setting)
    try:
        yield
    finally:
        os.sched_setscheduler(0, policy, param)


def _never() -> None:
    return None


def refusal(arm: Arm) -> str | None:
    """Why this system refuses ``arm``'s scheduling (no privilege), tried in a thread of
    its own; None when it allows it."""
    why: list[str] = []

    def attempt() -> None:
        try:
            if arm.loop is not None:
                arm.loop()
            if arm.edge is not None:
                sched_apply_strict(arm.edge)
        except OSError as exc:
            why.append(str(exc))

    t = threading.Thread(target=attempt)
    t.start()
    t.join()
    return why[0] if why else None


def sched_apply_strict(setting: sched.Sched) -> None:
    """:func:`pitchside.app.sched.apply`, raising :class:`PermissionError` when refused."""
    applied = sched.apply(setting)
    if applied != setting:
        raise PermissionError(f"{setting.text} refused: the thread runs at {applied.text}")


def measure(hog_counts: list[int], arms: list[Arm], events: int, rounds: int, cpu: int,
            max_s: float, taps: bool = False) -> tuple[dict[str, Any], dict[str, list[int | None]]]:
    """Every arm at every hog count (module notes): the figures by hog count and arm, and
    each hog's exit status by hog count (-15: stopped by the bench, 0: its time was up)."""
    out: dict[str, Any] = {}
    stopped: dict[str, list[int | None]] = {}
    started = time.monotonic()
    for n_hogs in hog_counts:
        per_arm: dict[str, list[dict[str, Any]]] = {a.name: [] for a in arms}
        left = max_s - (time.monotonic() - started)
        if left <= 0:
            break
        with hogs(n_hogs, cpu, left) as procs:
            for r in range(rounds):
                order = arms[r % len(arms):] + arms[:r % len(arms)]
                for arm in order:
                    with edge_sched(arm.edge), busy_peer(arm.peer), latency.patched(
                            sched, "peer_yield", sched.peer_yield if arm.yields else _never):
                        fw, base = latency.run_pair(events, 1, threaded=arm.threaded, device="partial", wait=not taps,
                                                    loop_start=arm.loop)
                    per_arm[arm.name].append({
                        "fw": fw["total_us"], "base": base["total_us"], "wake": fw["stages_us"]["wake"],
                        "ratio_p50": fw["ratio"]["p50"]["median"], "ratio_p99": fw["ratio"]["p99"]["median"],
                        "events": fw["events"], "base_events": base["events"],
                        "idle_wait_timeouts": fw["idle_wait_timeouts"], "late": base["pause_late_us"],
                    })
        stopped[str(n_hogs)] = [p.returncode for p in procs]
        out[str(n_hogs)] = {name: _summary(rs) for name, rs in per_arm.items()}
    return out, stopped


def _summary(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    med = latency._median
    return {
        "rounds": len(rounds),
        "events": sum(r["events"] for r in rounds),
        "baseline_events": sum(r["base_events"] for r in rounds),
        "idle_wait_timeouts": sum(r["idle_wait_timeouts"] for r in rounds),
        "p50_us": med([r["fw"]["p50"] for r in rounds]),
        "p99_us": med([r["fw"]["p99"] for r in rounds]),
        "max_us": med([r["fw"]["max"] for r in rounds]),
        "baseline_p50_us": med([r["base"]["p50"] for r in rounds]),
        "baseline_p99_us": med([r["base"]["p99"] for r in rounds]),
        "wake_p50_us": med([r["wake"]["p50"] for r in rounds]),
        "wake_p99_us": med([r["wake"]["p99"] for r in rounds]),
        "edge_late_p99_us": med([r["late"]["p99"] for r in rounds]),
        "ratio_p50": med([r["ratio_p50"] for r in rounds]),
        "ratio_p99": med([r["ratio_p99"] for r in rounds]),
        "ratio_p99_range": [min(r["ratio_p99"] for r in rounds), max(r["ratio_p99"] for r in rounds)],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hogs", type=int, nargs="+", default=[0, 2, 4], help="hog processes beside the bench, in turn")
    ap.add_argument("--arms", nargs="+", default=list(ARMS), choices=list(ARMS), help="the runtime thread's scheduling")
    ap.add_argument("--events", type=int, default=400, help="edges per arm and round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--cpu", type=int, default=(os.cpu_count() or 1) - 1,
                    help="the CPU of the bench and the hogs (default the last, as the unit pins the table)")
    ap.add_argument("--max-s", type=float, default=900.0, help="no hog outlives this; no hog count starts after it")
    ap.add_argument("--taps", action="store_true",
                    help="each edge right after the last one's release, not once the loop waits (a round may be drawn)")
    ap.add_argument("--json", action="store_true", help="the figures as JSON on stdout")
    args = ap.parse_args(argv)
    os.sched_setaffinity(0, {args.cpu})  # before any thread: every thread inherits it
    load = os.getloadavg()
    refused = {a: why for a in args.arms if (why := refusal(ARMS[a])) is not None}
    arms = [ARMS[a] for a in args.arms if a not in refused]
    figures, stopped = measure(args.hogs, arms, args.events, args.rounds, args.cpu, args.max_s, args.taps)
    result = {"cpu": args.cpu, "events": args.events, "rounds": args.rounds, "taps": args.taps, "load_before": load,
              "load_after": os.getloadavg(), "hogs": figures, "hogs_stopped": stopped, "refused": refused}
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print(f"CPU {args.cpu}, {args.events} edges x {args.rounds} rounds per arm{', taps' if args.taps else ''}; "
          f"load {load[0]:.2f} before, "
          f"{result['load_after'][0]:.2f} after")
    print(f"{'hogs':>4} {'arm':<10} {'p50':>7} {'p99':>7} {'base p99':>8} {'x p50':>6} {'x p99':>6} "
          f"{'(range)':>13} {'wake p50':>8} {'wake p99':>8} {'late p99':>8}")
    for name, why in refused.items():
        print(f"{name}: refused here ({why})")
    for n_hogs, per_arm in figures.items():
        for name, s in per_arm.items():
            lo, hi = s["ratio_p99_range"]
            print(f"{n_hogs:>4} {name:<10} {s['p50_us']:>7.0f} {s['p99_us']:>7.0f} {s['baseline_p99_us']:>8.0f} "
                  f"{s['ratio_p50']:>6.2f} {s['ratio_p99']:>6.2f} {f'({lo:.2f}-{hi:.2f})':>13} "
                  f"{s['wake_p50_us']:>8.0f} {s['wake_p99_us']:>8.0f} {s['edge_late_p99_us']:>8.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
