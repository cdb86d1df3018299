"""Counting accuracy under load: pieces through a pocket / twenty-hole beam in bursts.

The pulse model: a piece blocks the beam 5-150 ms; pieces of a burst follow
each other with a clear gap of at least 15 ms (from the beam clearing to the next
block); each edge may flicker (a few extra transitions within 2 ms of it, as a piece's
rim enters or leaves the light). Bursts of 1-8 pieces are 0.3-2 s apart.

The edges go through :class:`pitchside_hw.inputs.BeamInput` with the pocket settings of
the Pitchnut table's example config (``hardware/pitchside_hw/configs/pitchnut.toml``:
min block 2.5 ms, re-arm 4 ms, storm 10 blocks in 10 ms and the pulse-train test; the filter's generic defaults,
re-arm 20 ms and storm 6 in 100 ms, cannot meet 15 ms gaps with flicker) or the twenty
hole's (``pichenotte.toml``: min block 2.5 ms, re-arm 4 ms, storm 10 in 10 ms, and the
counter's pulse-train test, 8 block starts in a row each within 3 ms) on a
virtual-clock MockFactory, with the timer requests honoured at their
virtual times (:class:`pitchside_sim.clock.TimerScheduler`). A burst is counted right
when the number of ``BeamBroken`` events equals its pieces. :func:`spacing` measures
what the model's block starts can look like to a storm detector.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

FLICKER_S = 0.002
BLOCK_S = (0.005, 0.150)
BURST = (1, 8)
BURST_GAP_S = (0.3, 2.0)


def edge_group(rng: random.Random, level: bool, p: float) -> list[tuple[float, bool]]:
    """One edge to ``level`` as the beam sees it, times relative to its first edge:
    with probability ``p`` it flickers, 2-6 extra transitions within ``FLICKER_S``,
    ending at ``level``."""
    n = rng.choice((1, 2, 3)) if rng.random() < p else 0
    times = [0.0] + sorted(rng.uniform(0, FLICKER_S) for _ in range(2 * n))
    return [(t, level if i % 2 == 0 else not level) for i, t in enumerate(times)]


def burst_edges(rng: random.Random, start: float, pieces: int, gap_s: tuple[float, float],
                blocked: bool, p: float = 0.5) -> tuple[list[tuple[float, bool]], float]:
    """Edges of one burst from ``start``; returns them and the last edge's time. The
    gap is from a piece's last edge to the next piece's first edge; a block lasts from
    the last edge of its leading flicker to the first edge of its trailing one."""
    edges: list[tuple[float, bool]] = []
    t = start
    for i in range(pieces):
        lead = edge_group(rng, blocked, p)
        edges += [(t + dt, lvl) for dt, lvl in lead]
        end = t + lead[-1][0] + rng.uniform(*BLOCK_S)
        trail = edge_group(rng, not blocked, p)
        edges += [(end + dt, lvl) for dt, lvl in trail]
        t = end + trail[-1][0] + rng.uniform(*gap_s)
    return edges, edges[-1][0]


def pocket_params() -> dict[str, Any]:
    """The pocket beam's filter parameters from the Pitchnut example config (s)."""
    return beam_params("pitchnut", "pocket")


def twenty_params() -> dict[str, Any]:
    """The twenty hole's filter parameters from the Pichenotte example config (s)."""
    return beam_params("pichenotte", "twenty")


def beam_params(game: str, prefix: str, path: Path | None = None) -> dict[str, Any]:
    """The filter parameters (s; ``BeamConfig.counter_kwargs``: all of them, the pulse-train
    test's too) of the first beam named ``prefix...`` in ``game``'s example config
    (hardware/pitchside_hw/configs/<game>.toml), or in the config file ``path``."""
    from pitchside.app.config import load_config
    from pitchside_sim.run import default_config_path

    config = load_config(path if path is not None else default_config_path(game))
    beam = next(b for b in config.beams if b.name.startswith(prefix))
    return dict(beam.counter_kwargs())


def run(drops: int, gap_s: tuple[float, float], seed: int = 9, flicker_p: float = 0.5,
        params: dict[str, Any] | None = None, **beam_kwargs: Any) -> dict[str, Any]:
    """``drops`` pieces in bursts, gaps between pieces drawn from ``gap_s`` (clear time
    after a piece's trailing flicker until the next piece's leading flicker); each edge
    flickers with probability ``flicker_p``. ``beam_kwargs`` override the filter's
    parameters (diagnostics only); ``params`` are the beam's (default the pockets')."""
    from pitchside.signals.events import BeamBroken, SensorNoisy
    from pitchside_hw.inputs import BeamInput
    from pitchside_hw.pins import TickClock
    from pitchside_sim import pulses
    from pitchside_sim.clock import TimerScheduler, VirtualClockFactory

    rng = random.Random(seed)
    factory = VirtualClockFactory(start_s=0.0)
    sched = TimerScheduler(factory)
    clock = TickClock(factory, epoch_ticks=0.0)
    blocked = True  # the example config: open-collector receiver, high when blocked
    pin = factory.pin("GPIO27")
    pin.drive_low()
    beam = BeamInput("twenty", "GPIO27", sched.put, factory, blocked_level=blocked, pull_up=True,
                     **((params or pocket_params()) | beam_kwargs), clock=clock)
    sched.register("twenty", beam.timer_due)
    pin.drive_low()  # lit: clear
    done = 0
    t = 1.0
    wrong_bursts = under = over = noisy = 0
    try:
        while done < drops:
            n = min(rng.randint(*BURST), drops - done)
            edges, end = burst_edges(rng, t, n, gap_s, blocked, flicker_p)
            before = len(sched.of_type(BeamBroken))
            noisy_before = len(sched.of_type(SensorNoisy))
            pulses.replay(factory, pin, edges, scheduler=sched)
            sched.advance_to(end + 0.25)
            counted = len(sched.of_type(BeamBroken)) - before
            noisy += len(sched.of_type(SensorNoisy)) - noisy_before
            if counted != n:
                wrong_bursts += 1
                under += max(0, n - counted)
                over += max(0, counted - n)
            done += n
            t = end + rng.uniform(*BURST_GAP_S)
            sched.events.clear()
    finally:
        beam.close()
        factory.close()
    return {"drops": done, "miscounts": under + over, "missed": under, "extra": over,
            "wrong_bursts": wrong_bursts, "noisy_reports": noisy}


def spacing(drops: int, gap_s: tuple[float, float], seed: int = 9, flicker_p: float = 0.5,
            train_spacing_s: float = 0.003, window_s: float = 0.010) -> dict[str, int]:
    """The pulse model's block starts as the storm detectors of
    :class:`pitchside.signals.beam.BeamCounter` see them, over ``drops`` pieces drawn as
    :func:`run` draws them (the same ``seed`` gives the same edges): ``longest_train``,
    the most block starts in a row each within ``train_spacing_s`` (s) of the previous
    one, and ``most_in_window``, the most block starts within ``window_s`` (s). Pure
    arithmetic on the edges, no filter."""
    rng = random.Random(seed)
    t = 1.0
    done = longest = most = 0
    prev = -1.0
    train = 0
    recent: list[float] = []
    while done < drops:
        n = min(rng.randint(*BURST), drops - done)
        edges, end = burst_edges(rng, t, n, gap_s, True, flicker_p)
        for at, level in edges:
            if not level:
                continue
            train = train + 1 if at - prev <= train_spacing_s else 1
            prev = at
            recent = [s for s in recent if at - s <= window_s] + [at]
            longest, most = max(longest, train), max(most, len(recent))
        done += n
        t = end + rng.uniform(*BURST_GAP_S)
    return {"drops": done, "longest_train": longest, "most_in_window": most}


SCAN_GAPS_MS = ([float(g) for g in range(150, 30, -10)] + [float(g) for g in range(30, 10, -1)]
                + [g / 2 for g in range(20, 1, -1)])
"""The gap scan: 150 ms down to 40 ms by 10 ms, 30 ms to 11 ms by 1 ms, then 10 ms down
to 1 ms by 0.5 ms (each with 10,000 drops in the full run)."""


def shortest_gap(drops_each: int, gaps_ms: list[float], flicker_p: float = 0.5,
                 params: dict[str, Any] | None = None) -> tuple[float | None, list[dict[str, Any]]]:
    """Count ``drops_each`` pieces at each fixed gap (ms), longest first, until one
    miscounts; returns the shortest gap counted right (None: even the longest failed)."""
    rows: list[dict[str, Any]] = []
    best: float | None = None
    for g in sorted(gaps_ms, reverse=True):
        r = run(drops_each, (g / 1000, g / 1000), seed=int(g * 10), flicker_p=flicker_p, params=params)
        rows.append({"gap_ms": g, "miscounts": r["miscounts"], "drops": r["drops"]})
        if r["miscounts"]:
            break
        best = g
    return best, rows
