"""Shared helpers of the benchmark scripts: percentiles, memory, the demo match."""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

SCENARIO = Path(str(resources.files("pitchside_sim") / "scenarios" / "pichenotte_match.toml"))
"""The demo match (scripts/demo): the event stream of the latency and bus benchmarks."""


def pct(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) by the nearest-rank method; nan when empty."""
    if not values:
        return math.nan
    s = sorted(values)
    k = max(0, min(len(s) - 1, math.ceil(q / 100 * len(s)) - 1))
    return float(s[k])


def summary_us(ns: Sequence[int]) -> dict[str, float]:
    """p50/p99/max (and mean) of nanosecond samples, in microseconds."""
    us = [v / 1000 for v in ns]
    return {
        "p50": round(pct(us, 50), 1),
        "p99": round(pct(us, 99), 1),
        "max": round(max(us), 1) if us else math.nan,
        "mean": round(sum(us) / len(us), 1) if us else math.nan,
    }


def rss_mb() -> float:
    """Resident memory of this process (VmRSS), MiB."""
    with open(f"/proc/{os.getpid()}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def load_demo(config_path: str | Path | None = None) -> tuple[Any, Any]:
    """The demo scenario and the table config it plays on (the example Pichenotte config
    with the scenario's options and names)."""
    from pitchside.app.config import load_config
    from pitchside.tables.pichenotte import APP as PICHENOTTE_APP
    from pitchside_sim.run import default_config_path
    from pitchside_sim.scenario import load_scenario
    from pitchside_sim.table import sim_config

    scenario = load_scenario(str(SCENARIO), PICHENOTTE_APP.buttons)
    config = sim_config(load_config(config_path or default_config_path()), scenario.options, scenario.names)
    return scenario, config


def timing_points() -> list[tuple[str, Any, str]]:
    """``(stage, module, name)`` of the callables :class:`Runtime` calls, to be timed by
    wrapping the module attribute: the controller's ``handle`` and ``view`` (the kiosk
    flow around the game where this firmware has one, else the game's controller) and
    the renderer. Found by name, so the bench follows the firmware as it changes;
    whatever is not found is timed as part of "other"."""
    from pitchside.app import runtime

    kiosk = getattr(runtime, "kiosk", None)
    controller = kiosk if kiosk is not None and hasattr(kiosk, "handle") else getattr(runtime, "table", None)
    points: list[tuple[str, Any, str]] = []
    for name in ("handle", "view"):
        if controller is not None and callable(getattr(controller, name, None)):
            points.append(("rules", controller, name))
    screen = getattr(runtime, "screen", None)  # render/screen.py: the one dispatch (draw a Frame)
    for module, name in ((screen, "compose"), (screen, "draw"), (runtime, "render_kiosk"), (runtime, "render"), (kiosk, "render")):
        if module is not None and callable(getattr(module, name, None)):
            points.append(("render", module, name))
            break
    return points


@contextmanager
def patched(obj: Any, name: str, value: Any) -> Iterator[None]:
    """``obj.name`` is ``value`` inside the ``with`` block and its old value again after
    it, however the block ends (the benches' one set-and-restore)."""
    old = getattr(obj, name)
    setattr(obj, name, value)
    try:
        yield
    finally:
        setattr(obj, name, old)


def calls_during(owner: Any, name: str, run: Callable[[], object],
                 keep: Callable[[tuple[Any, ...], Any], Any]) -> list[Any]:
    """What ``keep(args, result)`` gives for each call of ``owner.name`` while ``run()``
    runs (the attribute wrapped for the run by :func:`patched`, then put back): the A/B
    benches record the frames a demo match composed, or the events the kiosk handled, to
    replay them."""
    seen: list[Any] = []
    real = getattr(owner, name)

    def recording(*args: Any, **kwargs: Any) -> Any:
        result = real(*args, **kwargs)
        seen.append(keep(args, result))
        return result

    with patched(owner, name, recording):
        run()
    return seen


def frame_kind(frame: Any) -> str:
    """A frame's view type and, where it has one, its state's phase (``"PichenotteView:tally"``):
    how the A/B benches group their per-frame figures."""
    phase = getattr(getattr(frame.view, "state", None), "phase", None)
    return type(frame.view).__name__ + (f":{phase}" if isinstance(phase, str) else "")


def quantile_us(ns: Sequence[int], p: float) -> float:
    """The ``p`` quantile (0..1) of ``ns`` nanoseconds, in µs: :func:`pct`'s nearest rank,
    as bench/run.py reports (nan when empty)."""
    return pct(ns, p * 100) / 1000
