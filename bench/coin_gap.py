"""The coin decoder's shortest distinguishable pulse gap: a scan like the
beam's gap scan (bench/counting.py), over coin acceptor pulse trains.

    .venv/bin/python bench/coin_gap.py            # 1,000 coins per gap (the README's figures)
    .venv/bin/python bench/coin_gap.py --quick    # 100 coins per gap

The pulse model: a CH-926 style acceptor's train of N pulses (N drawn from 1, 2, 4, 5
and 10, the usual coin settings) of ``PULSE_S`` (50 ms, the "medium" setting) each,
every pulse length varied by up to ±20 % (:data:`SPREAD`); every edge rings
(:func:`ringing`: with probability ``RING_P`` 1-3 extra transitions within
``RING_S``, 1 ms, ending on the edge's level: a long unshielded cable). The edges go
through :class:`pitchside_hw.coin_input.CoinInput` with the decoder's defaults (bounce 2 ms,
pulses 10-150 ms, a coin complete after a 300 ms quiet gap) on a virtual-clock
MockFactory, the timer requests honoured at their virtual times.

Two gaps are scanned, each fixed for a run, longest first, until a coin is decoded
wrong (a count other than its pulses, a fault, a missing or extra coin):

* **pause**: between two pulses of one coin (the acceptor's own pause), from the end
  of one pulse's ringing to the start of the next's. The shortest pause counted right
  is the figure: a pulse train with shorter pauses merges pulses.
* **coins apart**: between the last pulse of one coin and the first of the next (two
  coins dropped quickly, a multi-coin unit paying a queue). Shorter than the decoder's
  ``gap_s`` they are one coin of the pulses of both, by design: the shortest gap at which
  both coins are told apart is the figure.
"""

from __future__ import annotations

import argparse
import difflib
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "sim"))

PULSE_S = 0.050
SPREAD = 0.2
RING_S = 0.001
RING_P = 0.5
COIN_PULSES = (1, 2, 4, 5, 10)
PAUSE_SCAN_MS = [float(g) for g in range(50, 10, -5)] + [g / 2 for g in range(20, 0, -1)]
"""Pauses inside a train: 50 ms down to 15 by 5, then 10 ms down to 0.5 ms by 0.5."""
APART_SCAN_MS = [float(g) for g in range(400, 320, -20)] + [float(g) for g in range(320, 280, -2)]
"""Coins apart: 400 ms down to 340 by 20, then 320 ms down to 282 ms by 2."""


def ringing(rng: random.Random, at: float, level: bool) -> list[tuple[float, bool]]:
    """One edge to ``level`` at ``at`` (s) as the pin sees it: with probability
    ``RING_P``, 2, 4 or 6 extra transitions within ``RING_S``, ending at ``level``."""
    n = rng.choice((1, 2, 3)) if rng.random() < RING_P else 0
    times = [at] + sorted(at + rng.uniform(0, RING_S) for _ in range(2 * n))
    return [(t, level if i % 2 == 0 else not level) for i, t in enumerate(times)]


def train(rng: random.Random, start: float, pulses: int, pause_s: float) -> tuple[list[tuple[float, bool]], float]:
    """The edges of one coin of ``pulses`` pulses from ``start`` (active low), and its
    last edge's time. A pulse lasts from its leading ringing's last edge to its trailing
    ringing's first; ``pause_s`` runs from the trailing ringing's last edge to the next
    pulse's first edge."""
    edges: list[tuple[float, bool]] = []
    t = start
    for i in range(pulses):
        lead = ringing(rng, t, False)
        end = lead[-1][0] + PULSE_S * (1 + rng.uniform(-SPREAD, SPREAD))
        trail = ringing(rng, end, True)
        edges += lead + trail
        t = trail[-1][0] + pause_s
    return edges, edges[-1][0]


def run(coins: int, pause_s: float, apart_s: float = 0.6, seed: int = 18, **decoder: Any) -> dict[str, Any]:
    """``coins`` coins, ``pause_s`` between the pulses of a coin and ``apart_s`` between
    coins (s); ``decoder`` overrides :class:`~pitchside_hw.coin_input.CoinInput`'s
    parameters. Returns the coins, those decoded wrong (not matched in order by a coin
    of their pulses), the coins decoded, and the faults reported."""
    from pitchside.signals.events import CoinFault, CoinInserted
    from pitchside_hw.coin_input import CoinInput
    from pitchside_hw.pins import TickClock
    from pitchside_sim import pulses
    from pitchside_sim.clock import TimerScheduler, VirtualClockFactory

    rng = random.Random(seed)
    factory = VirtualClockFactory(start_s=0.0)
    sched = TimerScheduler(factory)
    pin = factory.pin("GPIO20")
    pin.drive_high()  # the pull-up: idle
    slot = CoinInput("coin_slot", "GPIO20", sched.put, factory, clock=TickClock(factory, epoch_ticks=0.0), **decoder)
    sched.register("coin_slot", slot.timer_due)
    want: list[int] = []
    t = 1.0
    try:
        for _ in range(coins):
            n = rng.choice(COIN_PULSES)
            edges, end = train(rng, t, n, pause_s)
            pulses.replay(factory, pin, edges, scheduler=sched)
            want.append(n)
            t = end + apart_s
        sched.advance_to(t + 1.0)
        got = [e.pulses for e in sched.of_type(CoinInserted)]
        faults = len(sched.of_type(CoinFault))
    finally:
        slot.close()
        factory.close()
    right = sum(b.size for b in difflib.SequenceMatcher(a=want, b=got, autojunk=False).get_matching_blocks())
    return {"coins": coins, "wrong": coins - right, "decoded": len(got), "faults": faults}


def shortest(coins: int, scan_ms: list[float], what: str) -> tuple[float | None, list[dict[str, Any]]]:
    """Scan ``what`` (``"pause"`` or ``"apart"``) over ``scan_ms``, longest first, until
    a coin is decoded wrong; returns the shortest gap (ms) with every coin right (None:
    not even the longest) and the rows."""
    rows: list[dict[str, Any]] = []
    best: float | None = None
    for g in sorted(scan_ms, reverse=True):
        kw = {"pause_s": g / 1000} if what == "pause" else {"pause_s": PULSE_S, "apart_s": g / 1000}
        r = run(coins, seed=int(g * 10), **kw)
        rows.append({"gap_ms": g, **r})
        if r["wrong"]:
            break
        best = g
    return best, rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="100 coins per gap instead of 1,000")
    parser.add_argument("--coins", type=int, help="coins per gap")
    args = parser.parse_args(argv)
    coins = args.coins or (100 if args.quick else 1000)
    pause, prow = shortest(coins, PAUSE_SCAN_MS, "pause")
    apart, arow = shortest(coins, APART_SCAN_MS, "apart")
    last_p, last_a = prow[-1], arow[-1]
    print(f"coin decoder, {coins} coins per gap, pulses {PULSE_S * 1e3:g} ms ±{SPREAD:.0%}, ringing on "
          f"{RING_P:.0%} of edges within {RING_S * 1e3:g} ms, decoder defaults (bounce 2 ms, gap 300 ms)")  # fmt: skip
    print(f"  shortest pause between pulses counted right: {pause} ms "
          f"(at {last_p['gap_ms']} ms: {last_p['wrong']} of {coins} coins wrong)")
    print(f"  shortest gap between two coins told apart: {apart} ms "
          f"(at {last_a['gap_ms']} ms: {last_a['wrong']} of {coins} coins wrong)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
