"""Pitchside benchmark (issue 9): latency sensor -> screen against a bare-gpiozero
baseline, bus time of full and partial OLED updates, counting accuracy of the beam
filter under bursts, and footprint. Prints a table and writes ``bench/results.json``.

    .venv/bin/python bench/run.py            # the whole run (the figures in bench/README.md)
    .venv/bin/python bench/run.py --quick    # small counts, for CI (checks shape, not speed)

Figures are measurements of this machine at this moment (the load average is recorded);
only the counts (events, drops, bytes) are exact and repeatable.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

SCHEMA = 1
LATENCY_TARGET_RATIO = 1.5
BUS_TARGET_RATIO = 0.25
RSS_LIMIT_MB = 60.0
RSS_GROWTH_LIMIT_MB = 0.5
IDLE_CPU_LIMIT_PERCENT = 0.1


def counts(quick: bool, events: int | None) -> dict[str, int]:
    if quick:
        n = events or 120
        return {"events": n, "journal": n, "threaded": n // 2, "partial": n // 2, "baseline": n,
                "drops": 400, "gap_drops": 100, "matches": 20, "idle_ms": 300}
    n = events or 10_000
    return {"events": n, "journal": max(1, n * 3 // 10), "threaded": max(1, n // 10), "partial": max(1, n // 10),
            "baseline": n, "drops": 10_000, "gap_drops": 1_000, "matches": 1_000, "idle_ms": 2_000}


def child(args: list[str]) -> dict[str, Any]:
    out = subprocess.run([sys.executable, str(HERE / "footprint.py"), f"{time.time():.6f}", *args],
                         capture_output=True, text=True, check=True, cwd=HERE.parent)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small counts (CI): the shape, not the speed")
    ap.add_argument("--events", type=int, help="edges measured in the main latency run (default 10000)")
    ap.add_argument("--out", default=str(HERE / "results.json"), help="where to write the JSON")
    args = ap.parse_args(argv)
    n = counts(args.quick, args.events)
    started = time.monotonic()
    load0 = os.getloadavg()
    timings: dict[str, float] = {}

    import bus
    import counting
    import latency

    def timed(name: str, fn: Any, *a: Any, **k: Any) -> Any:
        t = time.monotonic()
        r = fn(*a, **k)
        timings[name] = round(time.monotonic() - t, 1)
        print(f"  {name}: {timings[name]} s", file=sys.stderr)
        return r

    print("running (figures follow)...", file=sys.stderr)
    lat = {
        "baseline": timed("baseline", latency.run_baseline, n["baseline"]),
        # as `pitchside run` does it: the display config's default partial-update device
        "firmware": timed("firmware", latency.run_table, n["events"], journal=False, device="partial"),
        "firmware_journal": timed("firmware_journal", latency.run_table, n["journal"], journal=True,
                                  device="partial"),
        "firmware_threaded": timed("firmware_threaded", latency.run_table, n["threaded"], journal=False,
                                   threaded=True, device="partial"),
        "firmware_partial": timed("firmware_stock_luma", latency.run_table, n["partial"], journal=False,
                                  device="ssd1306"),
    }
    busr = timed("bus", bus.run)
    cnt: dict[str, Any] = {}
    cnt["model_15_60ms"] = timed("counting", counting.run, n["drops"], (0.015, 0.060))
    cnt["fixed_15ms"] = counting.run(n["drops"], (0.015, 0.015), seed=15)
    cnt["fixed_15ms_clean_edges"] = counting.run(n["drops"], (0.015, 0.015), seed=15, flicker_p=0)
    cnt["diag_no_storm_detector"] = counting.run(n["drops"], (0.015, 0.060), storm_pulses=10**6)
    cnt["diag_no_storm_rearm_10ms"] = counting.run(n["drops"], (0.015, 0.060), storm_pulses=10**6,
                                                    rearm_s=0.010)
    best_clean, rows_clean = counting.shortest_gap(n["gap_drops"], [g / 2 for g in range(20, 81)], flicker_p=0)
    best_flicker, rows_flicker = counting.shortest_gap(n["gap_drops"], list(range(10, 301, 5)))
    cnt["shortest_gap_ms"] = {"clean_edges": best_clean, "flicker": best_flicker,
                              "drops_per_gap": n["gap_drops"], "scan_clean": rows_clean[-3:],
                              "scan_flicker": rows_flicker[-3:]}
    fp = timed("footprint", child, [str(n["matches"]), str(n["idle_ms"] / 1000)])
    fp_base = child(["baseline"])

    results = assemble(args.quick, n, lat, busr, cnt, fp, fp_base)
    results["run"] = {
        "generated": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "quick": args.quick,
        "wall_s": round(time.monotonic() - started, 1),
        "section_s": timings,
        "python": platform.python_version(),
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs",
        "loadavg_start": [round(x, 2) for x in load0],
        "loadavg_end": [round(x, 2) for x in os.getloadavg()],
    }
    Path(args.out).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print_table(results)
    print(f"\nwrote {args.out} ({results['run']['wall_s']} s)")
    return 0


def fig(name: str, value: Any, unit: str, baseline: Any = None) -> dict[str, Any]:
    ratio = None
    if isinstance(value, (int, float)) and isinstance(baseline, (int, float)) and baseline:
        ratio = round(value / baseline, 2)
    return {"name": name, "value": value, "unit": unit, "baseline": baseline, "ratio": ratio}


def assemble(quick: bool, n: dict[str, int], lat: dict[str, Any], busr: dict[str, Any], cnt: dict[str, Any],
             fp: dict[str, Any], fp_base: dict[str, Any]) -> dict[str, Any]:
    b = lat["baseline"]
    f: list[dict[str, Any]] = []
    for q in ("p50", "p99", "max"):
        f.append(fig(f"latency.edge_to_frame.{q}", lat["firmware"]["total_us"][q], "us", b["total_us"][q]))
    for q in ("p50", "p99", "max"):
        f.append(fig(f"latency.journal.edge_to_frame.{q}", lat["firmware_journal"]["total_us"][q], "us",
                     b["total_us"][q]))
    j = lat["firmware_journal"]["by_kind_us"].get("journaled", {})
    for q in ("p50", "p99", "max"):
        f.append(fig(f"latency.journal.journaled_input.{q}", j.get(q), "us", b["total_us"][q]))
        f.append(fig(f"latency.journal.write.{q}", lat["firmware_journal"]["stages_us"]["journal"][q], "us"))
    for q in ("p50", "p99", "max"):
        f.append(fig(f"latency.threaded.edge_to_frame.{q}", lat["firmware_threaded"]["total_us"][q], "us",
                     b["total_us"][q]))
    for q in ("p50", "p99"):
        f.append(fig(f"latency.stock_luma_device.edge_to_frame.{q}", lat["firmware_partial"]["total_us"][q], "us",
                     b["total_us"][q]))
    for stage in latency_stages():
        for q in ("p50", "p99"):
            bval = b["stages_us"].get(stage, {}).get(q)
            f.append(fig(f"latency.stage.{stage}.{q}", lat["firmware"]["stages_us"][stage][q], "us", bval))
    for q in ("p50", "p99", "max"):
        f.append(fig(f"baseline.edge_to_frame.{q}", b["total_us"][q], "us", b["total_us"][q]))
    for chip, e in busr["devices"].items():
        full = e["full_frame_bytes"]
        f.append(fig(f"bus.{chip}.full_frame_bytes", full, "B", full))
        f.append(fig(f"bus.{chip}.score_change_bytes.mean", e["bytes_per_score_change"]["partial"]["mean"], "B", full))
        f.append(fig(f"bus.{chip}.twenty_scored_bytes.mean", e["bytes_per_twenty_scored"]["partial"]["mean"], "B",
                     full))
        f.append(fig(f"bus.{chip}.round_end_bytes.mean", e["bytes_per_round_end"]["partial"]["mean"], "B", full))
        f.append(fig(f"bus.{chip}.any_frame_bytes.p50", e["bytes_per_frame"]["partial"]["p50"], "B", full))
        f.append(fig(f"bus.{chip}.any_frame_bytes.mean", e["bytes_per_frame"]["partial"]["mean"], "B", full))
        for busname, t in e["bus"].items():
            f.append(fig(f"bus.{chip}.{busname}.full_frame_ms", t["full_frame_ms"], "ms", t["full_frame_ms"]))
            f.append(fig(f"bus.{chip}.{busname}.score_change_ms", t["partial_score_change_ms"], "ms",
                         t["full_frame_ms"]))
            f.append(fig(f"bus.{chip}.{busname}.full_fps", t["full_fps"], "fps", t["full_fps"]))
            f.append(fig(f"bus.{chip}.{busname}.partial_fps", t["partial_fps"], "fps", t["full_fps"]))
        f.append(fig(f"bus.{chip}.frames_wrong", e["frames_wrong_partial"] + e["frames_wrong_full"], "frames"))
    for key in ("model_15_60ms", "fixed_15ms", "fixed_15ms_clean_edges", "diag_no_storm_detector",
                "diag_no_storm_rearm_10ms"):
        f.append(fig(f"counting.{key}.miscounts", cnt[key]["miscounts"], "pieces"))
    f.append(fig("counting.shortest_gap.clean_edges", cnt["shortest_gap_ms"]["clean_edges"], "ms"))
    f.append(fig("counting.shortest_gap.flicker", cnt["shortest_gap_ms"]["flicker"], "ms"))
    f.append(fig("footprint.startup_to_first_frame", fp["startup_to_first_frame_s"], "s",
                 fp_base["startup_to_first_frame_s"]))
    f.append(fig("footprint.rss_after_start", fp["rss_after_start_mb"], "MiB", fp_base["rss_after_start_mb"]))
    f.append(fig("footprint.rss_after_matches", fp["rss_after_matches_mb"], "MiB", fp_base["rss_after_start_mb"]))
    f.append(fig("footprint.rss_growth_after_warmup", fp["rss_growth_after_warmup_mb"], "MiB"))
    f.append(fig("footprint.replay_per_match", fp["replay_ms_per_match"], "ms"))
    f.append(fig("footprint.idle_cpu", fp["idle_cpu_percent"], "%"))
    f.append(fig("footprint.idle_loop_passes_per_s", round(fp["idle_loop_passes"] / max(fp["idle_s"], 1e-9), 2),
                 "1/s"))

    p99, bp99 = lat["firmware"]["total_us"]["p99"], b["total_us"]["p99"]
    ssd = busr["devices"]["ssd1306"]
    targets = [
        {"name": "edge_to_frame_p99_vs_baseline", "value": round(p99 / bp99, 2), "limit": LATENCY_TARGET_RATIO,
         "unit": "x baseline p99", "pass": p99 <= LATENCY_TARGET_RATIO * bp99},
        {"name": "ssd1306_score_change_bytes", "value": ssd["score_change_ratio"], "limit": BUS_TARGET_RATIO,
         "unit": "x full frame", "pass": ssd["score_change_ratio"] <= BUS_TARGET_RATIO},
        {"name": "miscounts_at_15ms_gaps", "value": cnt["fixed_15ms"]["miscounts"], "limit": 0, "unit": "pieces",
         "pass": cnt["fixed_15ms"]["miscounts"] == 0},
        {"name": "rss_after_matches", "value": fp["rss_after_matches_mb"], "limit": RSS_LIMIT_MB, "unit": "MiB",
         "pass": fp["rss_after_matches_mb"] < RSS_LIMIT_MB},
        {"name": "rss_growth_over_matches", "value": fp["rss_growth_after_warmup_mb"], "limit": RSS_GROWTH_LIMIT_MB,
         "unit": "MiB", "pass": fp["rss_growth_after_warmup_mb"] <= RSS_GROWTH_LIMIT_MB},
        {"name": "idle_cpu", "value": fp["idle_cpu_percent"], "limit": IDLE_CPU_LIMIT_PERCENT, "unit": "%",
         "pass": fp["idle_cpu_percent"] <= IDLE_CPU_LIMIT_PERCENT},
    ]
    return {
        "schema": SCHEMA,
        "counts": n,
        "figures": f,
        "targets": targets,
        "sections": {"latency": lat, "bus": busr, "counting": cnt, "footprint": fp, "footprint_baseline": fp_base},
    }


def latency_stages() -> tuple[str, ...]:
    from latency import STAGES

    return STAGES


def print_table(r: dict[str, Any]) -> None:
    print(f"\n{'figure':<52} {'value':>12} {'unit':<6} {'baseline':>10} {'ratio':>7}")
    print("-" * 92)
    for f in r["figures"]:
        v = "-" if f["value"] is None else f["value"]
        b = "-" if f["baseline"] is None else f["baseline"]
        ratio = "-" if f["ratio"] is None else f"{f['ratio']:.2f}x"
        print(f"{f['name']:<52} {v!s:>12} {f['unit']:<6} {b!s:>10} {ratio:>7}")
    print(f"\n{'target':<34} {'value':>10} {'limit':>8} {'unit':<16} result")
    print("-" * 80)
    for t in r["targets"]:
        print(f"{t['name']:<34} {t['value']!s:>10} {t['limit']!s:>8} {t['unit']:<16} {'PASS' if t['pass'] else 'MISS'}")
    c = r["counts"]
    print(f"\nevents: firmware {r['sections']['latency']['firmware']['events']}, journal "
          f"{r['sections']['latency']['firmware_journal']['events']}, baseline "
          f"{r['sections']['latency']['baseline']['events']}; drops {c['drops']}; matches replayed {c['matches']}")


if __name__ == "__main__":
    sys.exit(main())
