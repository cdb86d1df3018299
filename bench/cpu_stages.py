"""CPU time per stage of an edge: what a Pi's estimate is derived from.

The wall-clock stages of :mod:`latency` include waiting (scheduling, a loaded machine,
the GIL); the CPU a stage burns does not, so it is what scales with a slower core. This
runs :func:`latency.run_table` in the synchronous mode (the edge, the runtime's pass and
the frame all in the caller's thread, no journal: its write is an fsync, not CPU) with a
:class:`CpuProbe`, which records ``time.thread_time_ns`` (CPU of the calling thread)
beside every wall-clock stamp of the stock :class:`latency.Probe`:

* **driver**: from the edge to the event on the queue;
* **rules**, **render**, **handoff**: inside the wrapped callables (as in :mod:`latency`);
* **other**: the rest of the edge's CPU up to the frame handed to the device;
* **total**: the edge's CPU, edge to frame.

Figures are microseconds of CPU per edge (p50, p99, max over the edges that ended in a
frame). :func:`estimate` multiplies them by a per-core factor (:data:`CORES`): this
machine's single-thread ``sysbench cpu`` score over the board's published one.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import latency
from common import summary_us

STAGES = ("driver", "rules", "render", "handoff", "other", "total")

CORES: dict[str, dict[str, Any]] = {
    "pi_zero_2w": {
        "cpu": "Cortex-A53, 1.0 GHz",
        # the Pi 3B+'s Cortex-A53 at 1.4 GHz scores 687.45; the Zero 2 W has the same
        # core (BCM2710A1) at 1.0 GHz: scaled by the clock
        "sysbench_events_per_s": round(687.45 * 1.0 / 1.4, 1),
        "source": "leoncode.co.uk/articles/raspberry-pi-benchmarks (sysbench 1.0.20, "
                  "`sysbench cpu --threads=1 --time=60 run`: Pi 3+ 687.45 events/s), x 1.0/1.4 GHz",
    },
    "pi_5": {
        "cpu": "Cortex-A76, 2.4 GHz",
        "sysbench_events_per_s": 2737.49,
        "source": "leoncode.co.uk/articles/raspberry-pi-benchmarks (sysbench 1.0.20, "
                  "`sysbench cpu --threads=1 --time=60 run`: Pi 5 2737.49 events/s)",
    },
}
"""The boards of the estimate table and their published single-thread score."""


class CpuProbe(latency.Probe):
    """:class:`latency.Probe` that also keeps each edge's CPU time per stage (ns, of the
    thread that ran it; one edge at a time, synchronous mode)."""

    def __init__(self) -> None:
        self.cpu_samples: dict[str, list[int]] = defaultdict(list)
        self._cpu: dict[str, int] = defaultdict(int)
        self._cpu_edge = 0
        self._cpu_post: int | None = None
        self._cpu_frame: int | None = None
        self._armed = False
        self._t_frame: int | None = None
        super().__init__()

    # ``armed`` and ``t_frame`` are plain attributes of latency.Probe, set by latency's
    # loop: as properties here they also stamp the CPU clock at the same moments.
    @property
    def armed(self) -> bool:
        return self._armed

    @armed.setter
    def armed(self, value: bool) -> None:
        if self._armed and not value and self._cpu_frame is not None and self._cpu_post is not None:
            parts = {"driver": self._cpu_post - self._cpu_edge, "rules": self._cpu["rules"],
                     "render": self._cpu["render"], "handoff": self._cpu["handoff"]}
            total = self._cpu_frame - self._cpu_edge
            parts["other"] = max(0, total - sum(parts.values()))
            parts["total"] = total
            for k, v in parts.items():
                self.cpu_samples[k].append(v)
        self._armed = value

    @property
    def t_frame(self) -> int | None:
        return self._t_frame

    @t_frame.setter
    def t_frame(self, value: int | None) -> None:
        if value is not None and self._armed:  # the last frame of the edge, as the wall clock's
            self._cpu_frame = time.thread_time_ns()
        self._t_frame = value

    def arm(self) -> None:
        self._cpu = defaultdict(int)
        self._cpu_post = self._cpu_frame = None
        super().arm()
        self._cpu_edge = time.thread_time_ns()

    def timed(self, stage: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        wall = super().timed(stage, fn)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            t = time.thread_time_ns()
            try:
                return wall(*args, **kwargs)
            finally:
                if self._armed:
                    self._cpu[stage] += time.thread_time_ns() - t

        return wrapper

    def post(self, put: Callable[[Any], None]) -> Callable[[Any], None]:
        wall = super().post(put)

        def wrapper(item: Any) -> None:
            if self.latches() and self._cpu_post is None:  # the edge's post, as latency.Probe latches it
                self._cpu_post = time.thread_time_ns()
            wall(item)

        return wrapper


def run(n_events: int) -> dict[str, Any]:
    """CPU per stage over ``n_events`` synchronous edges (no journal, the partial-update
    device): ``{"events", "cpu_us": {stage: {p50, p99, max, mean}}, "wall_total_us"}``."""
    probes: list[CpuProbe] = []

    def make() -> CpuProbe:
        probes.append(CpuProbe())
        return probes[-1]

    with latency.patched(latency, "Probe", make):
        r = latency.run_table(n_events, journal=False, device="partial")
    samples: dict[str, list[int]] = defaultdict(list)
    for p in probes:
        for k, v in p.cpu_samples.items():
            samples[k].extend(v)
    return {"events": len(samples["total"]), "cpu_us": {k: summary_us(samples[k]) for k in STAGES},
            "wall_total_us": r["total_us"]}


def sysbench_here(seconds: float = 10.0) -> dict[str, Any]:
    """This machine's single-thread ``sysbench cpu`` score, run as the boards' published
    ones were (``sysbench cpu --threads=1``, primes up to 10,000): ``events_per_s`` as
    sysbench prints it (per wall second, which a loaded machine lowers) and
    ``events_per_cpu_s`` (per second of the child's CPU time, which it does not: the
    one :func:`estimate` uses, as the stages are CPU time too). Without sysbench
    (``apt install sysbench``) both are None."""
    import resource

    exe = shutil.which("sysbench")
    if exe is None:
        return {"events_per_s": None, "events_per_cpu_s": None, "why": "sysbench not installed"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([exe, "cpu", "--threads=1", f"--time={seconds:g}", "run"], capture_output=True, text=True,
                         check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_s = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rate = events = None
    for line in out.splitlines():
        if "events per second" in line:
            rate = float(line.split(":")[1])
        elif "total number of events" in line:
            events = int(line.split(":")[1])
    return {"events_per_s": rate, "events_per_cpu_s": round(events / cpu_s, 1) if events and cpu_s else None,
            "seconds": seconds, "command": f"sysbench cpu --threads=1 --time={seconds:g} run"}


def estimate(cpu: dict[str, Any], here: dict[str, Any]) -> dict[str, Any]:
    """Each board's CPU per edge: this machine's (``cpu["cpu_us"]``) times
    ``here / board`` (single-thread sysbench scores); empty without this machine's score."""
    score = here.get("events_per_cpu_s")
    if not score:
        return {}
    out: dict[str, Any] = {}
    for board, c in CORES.items():
        factor = round(score / c["sysbench_events_per_s"], 2)
        out[board] = {"factor": factor, "cpu": c["cpu"], "source": c["source"],
                      "cpu_us": {k: {q: round(v[q] * factor, 1) for q in ("p50", "p99")}
                                 for k, v in cpu["cpu_us"].items()}}
    return out
