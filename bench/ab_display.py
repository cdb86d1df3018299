"""Interleaved A/B of the display hand-off in one process (bench/README.md, "A/B of one
change").

A is the firmware of ``--before`` (extracted with ``git archive``, as ``ab_edge.py`` does:
its ``firmware/``, ``hardware/`` and ``sim/``), B this tree (or ``--after``'s). The arms
alternate (A B, B A, ...) so the machine's load falls on both alike::

    cd bench && ../.venv/bin/python ab_display.py frames 20 --before 6094378
    cd bench && ../.venv/bin/python ab_display.py journal 6 400 --before 6094378

``frames``: the frames one demo match composed (``latency.run_table(120)``), each handed
to a fresh ``Display`` on the partial device (noop bus) per arm and round, timing
``Display.show`` (A and B) and, for B, ``Display.prepare`` and the ``show`` after it
apart; and the bare counter's frames (luma's ``canvas``, the default font loaded once,
counts 1..300) handed to ``device.display`` of each arm's ``PartialSSD1306``, as the
bench's bare counter does. µs per frame, p50 / p90 over all rounds.

``journal``: ``latency.run_pair(n, 1, journal=True, device="partial")`` per arm and round
(journal on ``--journal-dir``, default ``/tmp``: it must be a real disk), and per round
the journaled edges' p50 / p99, the write's (``journal_write_us``), their ratios and
differences (``extra_*``: what the journaled edge costs beyond its write, the same
quantile of each), and ``tail_*``: from a write's end to the end of its frame's bus
transfer (:class:`Tail`; what must wait for the write); medians over the rounds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from ab_edge import ROOT, Arms, extract, order
from common import calls_during
from common import quantile_us as q


def demo_images(lat: Any) -> list[Any]:
    """The images of what the runtime composed in one sync demo match."""
    from pitchside.render import screen

    return calls_during(screen, "compose", lambda: lat.run_table(120, journal=False, device="partial"),
                        lambda _, drawn: drawn.image)


def counter_images(n: int = 300) -> list[Any]:
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.load_default()
    out = []
    for count in range(1, n + 1):
        img = Image.new("1", (128, 64))
        ImageDraw.Draw(img).text((0, 0), f"{count}", fill="white", font=font)
        out.append(img)
    return out


def frames(arms: Arms, rounds: int) -> None:
    images = demo_images(arms.use("B"))
    counts = counter_images()
    res: dict[str, list[int]] = {k: [] for k in ("A show", "B show", "B prepare", "B show after prepare",
                                                 "A counter", "B counter")}
    for r in range(rounds):
        for arm in order(r):
            lat = arms.use(arm)
            from pitchside_hw.display import Display

            clock = time.perf_counter_ns
            display = Display(lat.make_device("partial"), persist=True, name="ab")
            out = res[f"{arm} show"]
            for image in images:
                t = clock()
                display.show(image)
                out.append(clock() - t)
            if arm == "B":
                display = Display(lat.make_device("partial"), persist=True, name="ab")
                prep, after = res["B prepare"], res["B show after prepare"]
                for image in images:
                    t = clock()
                    display.prepare(image)
                    t1 = clock()
                    display.show(image)
                    t2 = clock()
                    prep.append(t1 - t)
                    after.append(t2 - t1)
            device = lat.make_device("partial")
            out = res[f"{arm} counter"]
            for image in counts:
                t = clock()
                device.display(image)
                out.append(clock() - t)
    arms.use("B")
    print(f"frames: {rounds} rounds, {len(images)} demo frames and {len(counts)} counter frames a round, µs")
    for k, v in res.items():
        print(f"  {k:22s} n={len(v):6d}  p50 {q(v, .5):7.1f}  p90 {q(v, .9):7.1f}  mean {statistics.mean(v) / 1000:7.1f}")


class Tail:
    """The journaled edge's serial tail: from a write's end (``Recorder.accepted_all``
    returning, on the writer thread) to the end of the next frame's bus transfer
    (``_Partial.display`` returning), patched into one arm's classes for one run. The
    bare counter's frames come before each firmware edge, so the first frame after a
    write is the firmware's."""

    def __init__(self) -> None:
        from pitchside.app.recorder import Recorder
        from pitchside_hw import partial

        self.recorder, self.partial = Recorder, partial._Partial
        self.accepted_all, self.display = Recorder.accepted_all, partial._Partial.display
        self.ended: int | None = None
        self.tails: list[int] = []

    def __enter__(self) -> "Tail":
        accepted_all, display = self.accepted_all, self.display

        def written(rec: Any, *args: Any) -> None:
            accepted_all(rec, *args)
            self.ended = time.perf_counter_ns()

        def shown(dev: Any, image: Any) -> None:
            display(dev, image)
            if self.ended is not None:
                self.tails.append(time.perf_counter_ns() - self.ended)
                self.ended = None

        setattr(self.recorder, "accepted_all", written)  # noqa: B010 - a class patched for one run
        setattr(self.partial, "display", shown)  # noqa: B010
        return self

    def __exit__(self, *exc: object) -> None:
        setattr(self.recorder, "accepted_all", self.accepted_all)  # noqa: B010
        setattr(self.partial, "display", self.display)  # noqa: B010


def journal(arms: Arms, rounds: int, n: int, journal_dir: Path) -> None:
    rows: dict[str, list[dict[str, float]]] = {"A": [], "B": []}
    for r in range(rounds):
        for arm in order(r):
            lat = arms.use(arm)
            with Tail() as tail:
                fw, base = lat.run_pair(n, 1, journal=True, device="partial", journal_dir=journal_dir)
            j = fw["by_kind_us"]["journaled"]
            w = fw["journal_write_us"]
            rows[arm].append({"journaled_p50": j["p50"], "journaled_p99": j["p99"], "write_p50": w["p50"],
                              "write_p99": w["p99"], "ratio_p99": j["p99"] / w["p99"],
                              "ratio_p50": j["p50"] / w["p50"], "extra_p50": j["p50"] - w["p50"],
                              "extra_p99": j["p99"] - w["p99"],
                              "tail_p50": q(tail.tails, .5), "tail_p90": q(tail.tails, .9),
                              "handoff_p50": fw["stages_us"]["handoff"]["p50"]})
            print(f"  round {r} {arm}: " + "  ".join(f"{k} {v:.2f}" if k.startswith("ratio") else f"{k} {v:.0f}"
                                                     for k, v in rows[arm][-1].items()), flush=True)
    print(f"journal: {rounds} rounds x {n} edges per arm (medians over rounds, µs)")
    for arm, got in rows.items():
        med = {k: statistics.median(x[k] for x in got) for k in got[0]}
        spread = {k: (min(x[k] for x in got), max(x[k] for x in got)) for k in ("ratio_p99",)}
        print(f"  {arm}: " + "  ".join(f"{k} {v:.2f}" if k.startswith("ratio") else f"{k} {v:.0f}"
                                       for k, v in med.items())
              + f"  (ratio_p99 {spread['ratio_p99'][0]:.2f}-{spread['ratio_p99'][1]:.2f})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=("frames", "journal"))
    ap.add_argument("rounds", type=int, nargs="?", default=10)
    ap.add_argument("n", type=int, nargs="?", default=400)
    ap.add_argument("--before", default="6094378", help="arm A: this commit's firmware")
    ap.add_argument("--after", default=None, help="arm B: this commit's firmware (default: this tree)")
    ap.add_argument("--journal-dir", type=Path, default=Path("/tmp"))
    args = ap.parse_args()
    arms = Arms(extract(args.before), extract(args.after) if args.after else ROOT)
    if args.mode == "frames":
        frames(arms, args.rounds)
    else:
        journal(arms, args.rounds, args.n, args.journal_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
