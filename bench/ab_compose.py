"""Interleaved A/B of the render stage, ``screen.compose`` per frame, whole firmware
against whole firmware in one process (bench/README.md, "A/B of one change").

A is the firmware of ``--before`` (extracted with ``git archive``), B this tree (or
``--after``'s), each arm's modules kept apart as :mod:`ab_edge` keeps them
(:class:`ab_edge.Arms`). Each arm records the frames its runtime composed in one demo
match (a sync ``latency.run_table(120)``), in order; then, round after round, every
frame is composed by both arms in turn (A B, B A, ...), each arm on its own frames in
the order they came, so each composes a frame after the one before it, as the runtime
does::

    cd bench && ../.venv/bin/python ab_compose.py 20 --before 6094378

Prints per arm the p50 and p90 per frame (``time.perf_counter_ns``), over all frames and
per kind of screen, in µs.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from ab_edge import ROOT, Arms, extract
from common import calls_during
from common import frame_kind as kind
from common import quantile_us as q


def record(lat: Any) -> list[tuple[Any, ...]]:
    """``(frame, panel)`` of what the runtime composed in one sync demo match, and the
    runtime's spare canvases where its arm passes them (``pitchside.render.panel.Spares``):
    replayed with them, as the runtime draws."""
    from pitchside.render import screen

    return calls_during(screen, "compose", lambda: lat.run_table(120, journal=False, device="partial"),
                        lambda args, _: (args[0], args[1] if len(args) > 1 else (128, 64), *args[2:3]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rounds", type=int, nargs="?", default=20)
    ap.add_argument("--before", required=True, help="arm A: this commit's firmware")
    ap.add_argument("--after", default=None, help="arm B: this commit's firmware (default: this tree)")
    args = ap.parse_args()
    arms = Arms(extract(args.before), extract(args.after) if args.after else ROOT)
    frames: dict[str, list[tuple[Any, ...]]] = {}
    compose: dict[str, Any] = {}
    for arm in ("A", "B"):
        lat = arms.use(arm)
        frames[arm] = record(lat)
        from pitchside.render import screen

        compose[arm] = screen.compose
    n = min(len(frames["A"]), len(frames["B"]))
    res: dict[str, dict[str, list[int]]] = {"A": {}, "B": {}}
    clock = time.perf_counter_ns
    for r in range(args.rounds):
        order = ("A", "B") if r % 2 == 0 else ("B", "A")
        for i in range(n):
            for arm in order:
                arms.use(arm)
                frame, *rest = frames[arm][i]
                t = clock()
                compose[arm](frame, *rest)
                dt = clock() - t
                for k in ("all", kind(frame)):
                    res[arm].setdefault(k, []).append(dt)
    print(f"screen.compose per frame: {args.rounds} rounds x {n} frames per arm, µs")
    for k in res["A"]:
        a, b = res["A"][k], res["B"].get(k, [0])
        print(f"{k:26s} n={len(a):5d}  A p50 {q(a, .5):7.1f} p90 {q(a, .9):7.1f} | B p50 {q(b, .5):7.1f} p90 {q(b, .9):7.1f}")


if __name__ == "__main__":
    main()
