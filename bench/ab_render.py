"""Interleaved A/B of the render stage's text plan and partial diff in one process (bench/README.md, "Latency").

A is the code before the steps: ``render/widgets.py`` of ``--before`` (default ``9cb0eca``,
read with ``git show``) for ``paged_text`` and ``draw_score`` in every ``pitchside.render``
module that imported them, and the partial device's column-by-column diff
(``pitchside_hw.partial._changed_runs_bytewise``); B is this tree. The arms alternate
(A B, B A, ...) so the machine's load falls on both alike::

    cd bench && ../.venv/bin/python ab_render.py render 20      # screen.compose per frame
    cd bench && ../.venv/bin/python ab_render.py display 20     # Display.show per frame
    cd bench && ../.venv/bin/python ab_render.py edge 6 300     # whole threaded edges, with the bare counter

``render`` and ``display`` time the frames of one demo match (``latency.run_table(120)``)
frame by frame; ``edge`` runs ``latency.run_pair(n, 1, threaded=True, device="partial")``
per arm and round and prints medians over the rounds (µs).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import pkgutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import latency
from common import calls_during
from common import frame_kind as kind
from common import quantile_us as q

ROOT = Path(__file__).resolve().parents[1]


def old_widgets(commit: str) -> ModuleType:
    src = subprocess.run(["git", "show", f"{commit}:firmware/pitchside/render/widgets.py"], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp(prefix="ab-render-")) / "widgets_before.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location("widgets_before", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Arms:
    """Switches the process between the two arms."""

    def __init__(self, commit: str) -> None:
        import pitchside.render as render
        import pitchside_hw.partial as partial
        from pitchside.render import widgets

        self.partial = partial
        before = old_widgets(commit)
        mods = [importlib.import_module(m.name) for m in pkgutil.walk_packages(render.__path__, "pitchside.render.")]
        self.fns = {"B": {"paged_text": widgets.paged_text, "draw_score": widgets.draw_score},
                    "A": {"paged_text": before.paged_text, "draw_score": before.draw_score}}
        self.runs = {"B": partial.changed_runs, "A": partial._changed_runs_bytewise}
        self.holders = [(m, k) for m in mods for k, f in self.fns["B"].items() if getattr(m, k, None) is f]

    def use(self, arm: str) -> None:
        for module, name in self.holders:
            setattr(module, name, self.fns[arm][name])
        self.partial.changed_runs = self.runs[arm]


def demo_frames() -> list[tuple[Any, Any, Any]]:
    """``(frame, panel, image)`` of what the runtime composed in one demo match."""
    from pitchside.render import screen

    return calls_during(screen, "compose", lambda: latency.run_table(120, journal=False, device="partial"),
                        lambda args, drawn: (args[0], args[1] if len(args) > 1 else (128, 64), drawn.image))


def per_frame(arms: Arms, rounds: int, what: str) -> None:
    from pitchside.render import screen
    from pitchside.render.panel import Spares
    from pitchside_hw.display import Display

    frames = demo_frames()
    spares = {"A": Spares(), "B": Spares()}  # each arm draws on its own, as a runtime does
    res: dict[str, dict[str, list[int]]] = {"A": {}, "B": {}}
    for r in range(rounds):
        order = ("A", "B") if r % 2 else ("B", "A")
        if what == "render":
            for frame, size, _ in frames:
                for arm in order:
                    arms.use(arm)
                    t0 = time.perf_counter_ns()
                    screen.compose(frame, size, spares[arm])
                    dt = time.perf_counter_ns() - t0
                    for k in (kind(frame), "all"):
                        res[arm].setdefault(k, []).append(dt)
        else:
            for arm in order:
                arms.use(arm)
                display = Display(latency.make_device("partial"), persist=True, name="ab")
                for _, _, image in frames:
                    t0 = time.perf_counter_ns()
                    display.show(image)
                    res[arm].setdefault("all", []).append(time.perf_counter_ns() - t0)
    arms.use("B")
    print(f"{what}: {rounds} rounds over {len(frames)} frames, µs")
    for k in res["A"]:
        a, b = res["A"][k], res["B"][k]
        print(f"{k:26s} n={len(a):5d}  A p50 {q(a, .5):7.1f} p90 {q(a, .9):7.1f} | B p50 {q(b, .5):7.1f} p90 {q(b, .9):7.1f}")


def edges(arms: Arms, rounds: int, n: int) -> None:
    res: dict[str, list[dict[str, float]]] = {"A": [], "B": []}
    for r in range(rounds):
        for arm in (("A", "B") if r % 2 == 0 else ("B", "A")):
            arms.use(arm)
            fw, base = latency.run_pair(n, 1, threaded=True, device="partial")
            st = fw["stages_us"]
            res[arm].append({"p50": fw["total_us"]["p50"], "p99": fw["total_us"]["p99"],
                             "base_p50": base["total_us"]["p50"], "base_p99": base["total_us"]["p99"],
                             "ratio_p50": fw["total_us"]["p50"] / base["total_us"]["p50"],
                             "ratio_p99": fw["total_us"]["p99"] / base["total_us"]["p99"],
                             **{s: st[s]["p50"] for s in ("driver", "rules", "render", "handoff", "other", "wake")}})
    arms.use("B")
    print(f"edge: {rounds} rounds x {n} threaded edges per arm; medians over the rounds, µs")
    for arm, rows in res.items():
        med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
        print(arm, "  ".join(f"{k} {v:.2f}" if k.startswith("ratio") else f"{k} {v:.0f}" for k, v in med.items()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("what", choices=("render", "display", "edge"))
    ap.add_argument("rounds", type=int)
    ap.add_argument("events", type=int, nargs="?", default=300)
    ap.add_argument("--before", default="9cb0eca")
    args = ap.parse_args(argv)
    arms = Arms(args.before)
    if args.what == "edge":
        edges(arms, args.rounds, args.events)
    else:
        per_frame(arms, args.rounds, args.what)
    return 0


if __name__ == "__main__":
    sys.exit(main())
