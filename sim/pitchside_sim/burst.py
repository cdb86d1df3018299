"""Can the pocket counts be trusted? Thousands of simulated drops through the real
pocket inputs, counted exactly.

``python -m pitchside_sim.burst`` drives 10,000 simulated pieces through the four
pocket beams of a Pitchnut table, built from its config
(``hardware/pitchside_hw/configs/pitchnut.toml``) by the same
:class:`~pitchside_hw.table.TableInputs` as ``pitchside run``, on the virtual-clock
MockFactory (:mod:`pitchside_sim.clock`), and PRINTS the miscounts (the goal is zero),
the noisy-sensor reports (zero too) and the shortest gap between pieces still counted
right. ``--defaults`` runs the same drops with :class:`~pitchside.signals.beam.BeamCounter`'s
default parameters, to show why the pockets have their own.

The pulse model (what a pocket beam sees; all times in ms)
---------------------------------------------------------
* A piece blocks the beam for ``5..150`` (the real photogate passes of
  ``shared/data/real/beam`` are blocked 6.3-155).
* Pieces follow each other into one pocket at least ``15`` apart: from the end of one
  block (its true trailing edge) to the start of the next (its true leading edge).
* Each true edge may flicker: up to ``2`` glitch pulses (4 extra transitions) within
  ``2`` after it; a flickering leading edge ends blocked, a trailing one ends clear.
  So a glitch pulse is shorter than 2, and the steady part of a block (from the last
  leading glitch to the trailing edge) is at least 5 - 2 = 3 long.
* Edges are timed to 1 us (as lgpio's and the captures' timestamps are); the four
  pockets are independent pins, their drops interleave freely in time.

What the counter must do under this model, and the parameters that do it
-------------------------------------------------------------------------
BeamCounter counts a block when the beam clears if it lasted ``min_block`` and started
at least ``rearm`` after the last counted block ended; ``storm_pulses`` block starts
within ``storm_window`` flag a storm and stop counting until the beam is quiet.

* ``min_block`` must lie between the longest glitch (< 2) and the shortest steady part
  (3): **2.5** (default 2: right on the glitch bound, no margin).
* ``rearm`` must outlast the trailing flicker (2) and stay under the gap between pieces:
  **4** (pieces down to 5 apart; 8 met 15 but merged pieces closer than 8;
  default 20: a piece 15 after the previous one is merged into it).
* Storms: **10 within 15** (was 14 within 30, which flagged bursts of
  flickering pieces 5 apart as storms: 3,993 miscounts in 10,000 drops). Chosen by a
  scan (bench/README.md, "Counting accuracy"): of the settings that still flag
  every frame of both IR captures (tests/signals/test_captures_tuned.py), 8-10 within
  10-15 counted 10,000 drops at 5 with flicker with 0 miscounts; 10 within 20 or 30
  already missed. Default 6 within 100: six flicker-free pieces 20 apart, or two
  flickering ones, make a "storm", and the counter then drops the pieces that follow.
* ``max_block`` stays 2 s (a piece resting in the beam is a stuck sensor).

With these, every photogate pass of the real captures still counts once and the IR
frames count at most one piece each (their 9 ms NEC leader; the 2.35 ms SIRC leader is
now under ``min_block``) and are flagged as noisy: tests/sim/test_pitchnut_burst.py.
``gpiozero``'s ``bounce_time`` cannot be the counter: its meaning depends on the
backend. RPi.GPIO and the native factory *suppress* edges for ``bounce_time`` after an
edge, so a sub-ms noise spike is reported as a block whose clearing edge may be
suppressed (a phantom piece, or a beam seen blocked until the next edge), and no pulse
length is ever checked. lgpio reports an edge once the level has been stable for
``bounce_time``: set to 2.5 ms it would drop this model's flicker, but only on lgpio,
with every edge delayed by it, and with no re-arm or storm detection. MockFactory
ignores it, so none of it could be tested. The pure counter on raw, timestamped edges
does all of it the same on every backend and in these tests (:mod:`pitchside_hw.inputs`).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from pitchside.app.config import BeamConfig, TableConfig, load_config
from pitchside.signals.events import BeamBroken, SensorNoisy
from pitchside_hw.pins import TickClock
from pitchside_hw.table import TableInputs

from pitchside_sim.clock import TimerScheduler, VirtualClockFactory
from pitchside_sim.pulses import Edge, drive

POCKETS = ("pocket_1", "pocket_2", "pocket_3", "pocket_4")
"""The Pitchnut pocket beams, by pin-map name."""


@dataclass(frozen=True, slots=True)
class PulseModel:
    """The pulse model of the module docstring; times in seconds."""

    min_block_s: float = 0.005
    max_block_s: float = 0.150
    min_gap_s: float = 0.015
    flicker_s: float = 0.002
    max_glitches: int = 2


MODEL = PulseModel()


def _us(t: float) -> float:
    """``t`` (s) on a 1 us grid."""
    return round(t * 1e6) / 1e6


def _flicker(rng: random.Random, at: float, glitches: int, window_s: float) -> list[float]:
    """``2 * glitches`` distinct transition times in (at, at + window_s], sorted, 1 us grid."""
    slots = max(1, int(window_s * 1e6))
    picks = sorted(rng.sample(range(1, slots + 1), 2 * glitches)) if glitches else []
    return [_us(at + p * 1e-6) for p in picks]


def piece_edges(rng: random.Random, t0: float, block_s: float, blocked: bool,
                model: PulseModel = MODEL, glitches: tuple[int, int] | None = None) -> list[Edge]:
    """One piece through a beam: blocked at ``t0`` for ``block_s`` (s), each edge with
    0..``max_glitches`` glitch pulses within ``flicker_s`` after it (or exactly
    ``glitches`` = (leading, trailing)). ``blocked`` is the electrical blocked level."""
    lead, trail = glitches if glitches is not None else (
        rng.randint(0, model.max_glitches), rng.randint(0, model.max_glitches))
    t0, t1 = _us(t0), _us(t0 + block_s)
    edges: list[Edge] = [(t0, blocked)]
    level = blocked
    for t in _flicker(rng, t0, lead, model.flicker_s):
        level = not level
        edges.append((t, level))
    edges.append((t1, not blocked))
    level = not blocked
    for t in _flicker(rng, t1, trail, model.flicker_s):
        level = not level
        edges.append((t, level))
    return edges


def burst_edges(rng: random.Random, t0: float, n: int, blocked: bool, *, model: PulseModel = MODEL,
                gap_s: tuple[float, float] = (MODEL.min_gap_s, 0.060),
                block_s: tuple[float, float] = (MODEL.min_block_s, MODEL.max_block_s),
                glitches: tuple[int, int] | None = None) -> tuple[list[Edge], float]:
    """``n`` pieces into one pocket from ``t0``: blocks and gaps (true trailing edge to
    next true leading edge) uniform in the given ranges (s). Returns the edges and the
    time the last flicker has settled."""
    edges: list[Edge] = []
    t = t0
    for i in range(n):
        block = rng.uniform(*block_s)
        edges += piece_edges(rng, t, block, blocked, model, glitches)
        t = t + block + (rng.uniform(*gap_s) if i < n - 1 else model.flicker_s)
    return edges, t + 1e-6


@dataclass
class Rig:
    """The pocket beams of ``config`` as ``pitchside run`` builds them, on a virtual-clock
    MockFactory, with a scheduler for their timers."""

    config: TableConfig

    def __post_init__(self) -> None:
        self.factory = VirtualClockFactory()
        self.sched = TimerScheduler(self.factory)
        beams_only = replace(self.config, buttons=(), serial=())
        self.inputs = TableInputs(beams_only, self.factory, self.sched.put, TickClock(self.factory, 0.0))
        for name, driver in self.inputs.inputs.items():
            self.sched.register(name, driver.timer_due)
        self.beams = {b.name: b for b in self.config.beams}
        for b in self.config.beams:  # emitters on: every beam clear
            drive(self.factory.pin(b.pin), b.blocked_level != "high")

    def blocked(self, pocket: str) -> bool:
        """The electrical level of ``pocket`` while blocked."""
        return self.beams[pocket].blocked_level == "high"

    def play(self, edges: Iterable[tuple[float, str, bool]], settle_until: float) -> None:
        """Drive ``(t_s, pocket, level)`` edges in time order, then let time run to
        ``settle_until`` (s)."""
        for t, pocket, level in sorted(edges, key=lambda e: e[0]):
            self.sched.advance_to(t)
            drive(self.factory.pin(self.beams[pocket].pin), level)
        self.sched.advance_to(settle_until)

    def counts(self) -> dict[str, int]:
        """Pieces counted per pocket since the last :meth:`take`."""
        out = dict.fromkeys(self.beams, 0)
        for e in self.sched.of_type(BeamBroken):
            out[e.name] += 1
        return out

    def take(self) -> tuple[dict[str, int], list[SensorNoisy]]:
        """The counts and noisy reports so far, and forget them."""
        counts, noisy = self.counts(), self.sched.of_type(SensorNoisy)
        self.sched.events.clear()
        return counts, noisy

    @property
    def now(self) -> float:
        return float(self.factory.ticks())

    def close(self) -> None:
        self.inputs.close()
        self.factory.close()


@dataclass
class Report:
    """What a run of drops came to."""

    drops: int = 0
    counted: int = 0
    miscounts: int = 0
    noisy: int = 0
    shots: int = 0
    bad_shots: int = 0
    single_drops: int = 0
    burst_drops: int = 0

    def add(self, expected: dict[str, int], got: dict[str, int], noisy: int) -> None:
        self.shots += 1
        self.drops += sum(expected.values())
        self.counted += sum(got.values())
        wrong = sum(abs(got.get(p, 0) - n) for p, n in expected.items())
        self.miscounts += wrong
        self.noisy += noisy
        self.bad_shots += int(wrong > 0 or noisy > 0)


def run_drops(config: TableConfig, total: int = 10_000, seed: int = 4, model: PulseModel = MODEL) -> Report:
    """``total`` drops: half one piece at a time, pocket by pocket (each pocket in turn,
    0.3-2 s apart), half in bursts (a "shot": 2-8 pieces into each of 1-4 pockets at
    once, 15-60 ms apart, one burst in five at the model's worst case: 5 ms blocks
    exactly 15 ms apart with both edges flickering twice). Counts are compared shot by
    shot, pocket by pocket."""
    rng = random.Random(seed)
    rig = Rig(config)
    report = Report()
    pockets = [b.name for b in config.beams]
    try:
        singles = total // 2
        i = 0
        while i < singles:  # pocket by pocket
            pocket = pockets[i % len(pockets)]
            t0 = rig.now + rng.uniform(0.3, 2.0)
            edges, end = burst_edges(rng, t0, 1, rig.blocked(pocket), model=model)
            rig.play(((t, pocket, lv) for t, lv in edges), end + 0.5)
            got, noisy = rig.take()
            report.add({pocket: 1}, got, len(noisy))
            report.single_drops += 1
            i += 1
        left = total - singles
        while left > 0:  # bursts, several pockets at once
            t0 = rig.now + rng.uniform(0.5, 2.0)
            chosen = rng.sample(pockets, rng.randint(1, len(pockets)))
            expected: dict[str, int] = {}
            all_edges: list[tuple[float, str, bool]] = []
            end = t0
            worst = rng.random() < 0.2
            for pocket in chosen:
                n = min(rng.randint(2, 8), left)
                if n <= 0:
                    break
                left -= n
                start = t0 + rng.uniform(0.0, 0.05)
                if worst:
                    edges, stop = burst_edges(rng, start, n, rig.blocked(pocket), model=model,
                                              gap_s=(model.min_gap_s, model.min_gap_s),
                                              block_s=(model.min_block_s, model.min_block_s),
                                              glitches=(model.max_glitches, model.max_glitches))
                else:
                    edges, stop = burst_edges(rng, start, n, rig.blocked(pocket), model=model)
                expected[pocket] = n
                all_edges += [(t, pocket, lv) for t, lv in edges]
                end = max(end, stop)
            rig.play(all_edges, end + 0.5)
            got, noisy = rig.take()
            report.add(expected, got, len(noisy))
            report.burst_drops += sum(expected.values())
    finally:
        rig.close()
    return report


def burst_ok(config: TableConfig, gap_s: float, *, pieces: int = 8, trials: int = 20, seed: int = 7,
             model: PulseModel = MODEL) -> bool:
    """Whether ``trials`` bursts of ``pieces`` pieces into one pocket, the model's worst
    case (5 ms blocks, both edges flickering twice) ``gap_s`` apart, all count exactly
    with no noisy report."""
    rng = random.Random(seed)
    rig = Rig(config)
    pocket = config.beams[0].name
    try:
        for _ in range(trials):
            t0 = rig.now + 1.0
            edges, end = burst_edges(rng, t0, pieces, rig.blocked(pocket), model=model, gap_s=(gap_s, gap_s),
                                     block_s=(model.min_block_s, model.min_block_s),
                                     glitches=(model.max_glitches, model.max_glitches))
            rig.play(((t, pocket, lv) for t, lv in edges), end + 0.5)
            got, noisy = rig.take()
            if got[pocket] != pieces or noisy:
                return False
    finally:
        rig.close()
    return True


def shortest_gap(config: TableConfig, gaps_ms: Sequence[float] | None = None, **kw: object) -> float | None:
    """The shortest gap (ms, from the list, default 30 down to 1 by 0.5) at which
    :func:`burst_ok` holds for it and every longer gap tried; None if not even the first."""
    gaps = list(gaps_ms) if gaps_ms is not None else [g / 2 for g in range(60, 1, -1)]
    best = None
    for g in gaps:
        if not burst_ok(config, g / 1000, **kw):  # type: ignore[arg-type]
            break
        best = g
    return best


def pitchnut_config(path: str | Path | None = None) -> TableConfig:
    """The Pitchnut table config (default: the shipped example)."""
    if path is None:
        from pitchside_sim.run import default_config_path

        path = default_config_path("pitchnut")
    return load_config(path)


def with_default_counting(config: TableConfig) -> TableConfig:
    """``config`` with its beams at BeamCounter's default parameters."""
    beams = tuple(BeamConfig(b.name, b.pin, b.pull_up, b.blocked_level) for b in config.beams)
    return replace(config, beams=beams)


def describe(config: TableConfig) -> str:
    b = config.beams[0]
    return (f"min_block {b.min_block_ms:g} ms, rearm {b.rearm_ms:g} ms, storm {b.storm_pulses} pulses "
            f"within {b.storm_window_ms:g} ms")


def main(argv: Sequence[str] | None = None) -> int:
    """Print the counting report; exit 1 if any drop was miscounted or flagged noisy."""
    parser = argparse.ArgumentParser(prog="python -m pitchside_sim.burst", description=__doc__.split("\n")[0])
    parser.add_argument("--drops", type=int, default=10_000, help="simulated drops (default 10000)")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--config", help="table config (default: the shipped pitchnut.toml)")
    parser.add_argument("--defaults", action="store_true", help="use BeamCounter's default parameters instead")
    args = parser.parse_args(argv)
    config = pitchnut_config(args.config)
    if args.defaults:
        config = with_default_counting(config)
    m = MODEL
    print(f"pulse model: blocks {m.min_block_s * 1e3:g}-{m.max_block_s * 1e3:g} ms, pieces >= "
          f"{m.min_gap_s * 1e3:g} ms apart, each edge flickering <= {m.max_glitches} glitch pulses "
          f"within {m.flicker_s * 1e3:g} ms")
    print(f"pocket counting: {describe(config)}{' (BeamCounter defaults)' if args.defaults else ''}")
    r = run_drops(config, args.drops, args.seed)
    print(f"drops: {r.drops} ({r.single_drops} one at a time, pocket by pocket; {r.burst_drops} in "
          f"{r.shots - r.single_drops} bursts)")
    print(f"counted: {r.counted}")
    print(f"miscounts: {r.miscounts} (shots with a wrong count or a noisy report: {r.bad_shots} of {r.shots})")
    print(f"noisy-sensor reports: {r.noisy}")
    gap = shortest_gap(config)
    if gap is None:
        print("shortest gap counted right: none tried (even 30 ms fails)")
    else:
        print(f"shortest gap still counted right: {gap:g} ms (8-piece bursts, 5 ms blocks, both edges "
              f"flickering; model minimum {m.min_gap_s * 1e3:g} ms)")
    return 0 if r.miscounts == 0 and r.noisy == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
