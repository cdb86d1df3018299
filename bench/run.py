"""Pitchside benchmark: latency sensor -> screen against a bare-gpiozero
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
THREADED_P99_RATIO = 1.5  # threaded edge-to-frame against the interleaved bare counter
THREADED_P50_RATIO = 1.2
JOURNALED_VS_FSYNC_RATIO = 1.2
STARTUP_VS_IMPORT_RATIO = 1.3
WHOLE_TABLE_RSS_MB = 45.0
BUS_TARGET_RATIO = 0.25
RSS_LIMIT_MB = 60.0
RSS_GROWTH_LIMIT_MB = 0.5
IDLE_CPU_LIMIT_PERCENT = 0.1


def counts(quick: bool, events: int | None) -> dict[str, int]:
    """How much each section measures. ``events`` is the threaded headline's edge count
    (the other latency runs are fractions of it), spread over ``rounds`` interleaved
    runs; ``baseline`` the bare counter's edges beside the headline (one per edge)."""
    if quick:
        n = events or 120
        return {"events": n, "journal": n, "threaded": n, "partial": n // 2, "baseline": n,
                "drops": 400, "gap_drops": 100, "matches": 20, "idle_ms": 300, "rounds": 2,
                "whole_table_matches": 4, "startups": 1, "cpu_events": 60, "sysbench_s": 1}
    n = events or 3_000
    return {"events": max(1, n * 2 // 3), "journal": max(1, n * 2 // 3), "threaded": n, "partial": max(1, n // 3),
            "baseline": n, "drops": 10_000, "gap_drops": 10_000, "matches": 1_000, "idle_ms": 2_000, "rounds": 5,
            "whole_table_matches": 1_000, "startups": 5, "cpu_events": 1_000, "sysbench_s": 10}


def child(args: list[str]) -> dict[str, Any]:
    out = subprocess.run([sys.executable, str(HERE / "footprint.py"), f"{time.time():.6f}", *args],
                         capture_output=True, text=True, check=True, cwd=HERE.parent)
    figures: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small counts (CI): the shape, not the speed")
    ap.add_argument("--events", type=int, help="edges of the threaded latency run, the headline (default 3000, 120 with --quick; the other latency runs are fractions of it)")
    ap.add_argument("--out", help="where to write the JSON (default bench/results.json, the published full run; "
                    "with --quick, bench/.quick-results.json, so a quick run never replaces it)")
    ap.add_argument("--journal-dir", help="where the durable journal run writes (default: the temporary directory "
                    "if it is on a disk, else bench/.journal); a RAM-backed one gives no durable figure")
    args = ap.parse_args(argv)
    if args.out is None:
        args.out = str(HERE / (".quick-results.json" if args.quick else "results.json"))
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
    jdir = latency.durable_dir(args.journal_dir)
    jfs = latency.filesystem_of(jdir)
    if jfs["ram"]:
        print(f"  {jdir} is on {jfs['fstype']} (RAM): the durable journal figures are refused", file=sys.stderr)
    lat: dict[str, Any] = {}
    r = n["rounds"]
    # Every firmware run is interleaved edge by edge with a bare counter on the same kind of
    # device (its own MockFactory, the same pause before each edge). The display config's
    # default is the partial-update device, as `pitchside run` uses it.
    lat["firmware_threaded"], lat["baseline"] = timed(
        "threaded", latency.run_pair, n["threaded"], r, threaded=True, device="partial")
    # beside the headline: the same without frames drawn ahead, and fast taps (the next press right after
    # the release, not once the runtime waits: a round of frames drawn ahead may still be running)
    lat["firmware_threaded_no_ahead"], lat["baseline_no_ahead"] = timed(
        "threaded_no_ahead", latency.run_pair, n["partial"], r, threaded=True, device="partial", ahead=False)
    lat["firmware_threaded_taps"], lat["baseline_taps"] = timed(
        "threaded_taps", latency.run_pair, n["partial"], r, threaded=True, device="partial", wait=False)
    # and against a counter that draws its next frame while it waits too (Baseline(predraw=True)): the bus only
    lat["firmware_threaded_vs_predrawn"], lat["baseline_predrawn"] = timed(
        "threaded_vs_predrawn", latency.run_pair, n["threaded"] // 2, r, threaded=True, device="partial",
        predrawn=True)
    # sync (process_pending in the caller's thread, as the simulator and the crash harness run): frames drawn
    # ahead before the pause, as the simulator's loop draws them before it waits for a key; beside it the
    # sync loop as it was before frames were drawn ahead, drawing nothing ahead (`[display] draw_ahead = 0`)
    lat["firmware"], lat["baseline_sync"] = timed("sync", latency.run_pair, n["events"], r, device="partial")
    lat["firmware_sync_no_ahead"], lat["baseline_sync_no_ahead"] = timed(
        "sync_no_ahead", latency.run_pair, n["partial"], r, device="partial", ahead=False)
    lat["firmware_journal"], lat["baseline_journal"] = timed(  # threaded, as a table runs it (the write on
        "journal", latency.run_pair, n["journal"], r, journal=True, device="partial", journal_dir=jdir,  # its
        threaded=True)  # writer thread, the frame drawn ahead or meanwhile, shown once the write has returned)
    lat["firmware_partial"], lat["baseline_stock"] = timed(  # the key is historical: luma's stock device
        "stock_luma", latency.run_pair, n["partial"], r, device="ssd1306")
    lat["journal_fs"] = jfs
    import cpu_stages  # CPU per stage, and what a Pi's core would make of it

    cpu = timed("cpu_stages", cpu_stages.run, n["cpu_events"])
    cpu["sysbench_here"] = cpu_stages.sysbench_here(n["sysbench_s"])
    cpu["estimate"] = cpu_stages.estimate(cpu, cpu["sysbench_here"])
    lat["cpu_stages"] = cpu
    busr = timed("bus", bus.run)
    cnt: dict[str, Any] = {}
    cnt["model_15_60ms"] = timed("counting", counting.run, n["drops"], (0.015, 0.060))
    cnt["fixed_15ms"] = counting.run(n["drops"], (0.015, 0.015), seed=15)
    cnt["fixed_15ms_clean_edges"] = counting.run(n["drops"], (0.015, 0.015), seed=15, flicker_p=0)
    cnt["diag_no_storm_detector"] = counting.run(n["drops"], (0.015, 0.060), storm_pulses=10**6)
    cnt["diag_no_storm_rearm_10ms"] = counting.run(n["drops"], (0.015, 0.060), storm_pulses=10**6,
                                                    rearm_s=0.010)
    twenty = counting.twenty_params()
    cnt["at_5ms_pocket"] = counting.run(n["drops"], (0.005, 0.005), seed=5)
    cnt["at_5ms_twenty"] = counting.run(n["drops"], (0.005, 0.005), seed=5, params=twenty)
    gaps = counting.SCAN_GAPS_MS
    best_clean, rows_clean = timed("gap_scan", counting.shortest_gap, n["gap_drops"], gaps, flicker_p=0)
    best_flicker, rows_flicker = counting.shortest_gap(n["gap_drops"], gaps)
    tw_clean, tw_rows_clean = counting.shortest_gap(n["gap_drops"], gaps, flicker_p=0, params=twenty)
    tw_flicker, tw_rows_flicker = counting.shortest_gap(n["gap_drops"], gaps, params=twenty)
    cnt["shortest_gap_ms"] = {"clean_edges": best_clean, "flicker": best_flicker,
                              "drops_per_gap": n["gap_drops"], "scan_clean": rows_clean[-3:],
                              "scan_flicker": rows_flicker[-3:],
                              "twenty": {"clean_edges": tw_clean, "flicker": tw_flicker,
                                         "scan_clean": tw_rows_clean[-3:], "scan_flicker": tw_rows_flicker[-3:]},
                              "scanned_ms": gaps}
    fp = timed("footprint", child, [str(n["matches"]), str(n["idle_ms"] / 1000)])
    fp_base = child(["baseline"])
    import startup  # interleaved fresh processes; bytecode cached as on an installed table (bench/startup.py)

    fp["startup"] = timed("startup", startup.run, n["startups"])
    st = fp["startup"]["cached"]
    fp["startup_runs_s"], fp["startup_median_s"] = st["startup_runs_s"], st["startup_median_s"]
    fp_base["bare_import_runs_s"], fp_base["bare_import_median_s"] = st["bare_import_runs_s"], st["bare_import_median_s"]
    fp_base["plain_table_runs_s"], fp_base["plain_table_median_s"] = st["plain_table_runs_s"], st["plain_table_median_s"]
    fp["whole_table"] = timed("whole_table", child, ["whole_table", str(n["whole_table_matches"])])

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
        "commit": _commit(),
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
    b = lat["baseline"]  # the bare counter interleaved with the threaded headline
    bs, bj, bk = lat["baseline_sync"], lat["baseline_journal"], lat["baseline_stock"]
    durable = not lat["journal_fs"]["ram"]

    def dur(v: Any) -> Any:
        return v if durable else None  # a RAM-backed journal gives no durable figure

    f: list[dict[str, Any]] = []
    for q in ("p50", "p99", "max"):
        f.append(fig(f"latency.edge_to_frame.{q}", lat["firmware"]["total_us"][q], "us", bs["total_us"][q]))
    for q in ("p50", "p99", "max"):
        f.append(fig(f"latency.journal.edge_to_frame.{q}", dur(lat["firmware_journal"]["total_us"][q]), "us",
                     bj["total_us"][q]))
    j = lat["firmware_journal"]["by_kind_us"].get("journaled", {})
    for q in ("p50", "p99", "max"):
        f.append(fig(f"latency.journal.journaled_input.{q}", dur(j.get(q)), "us", bj["total_us"][q]))
        f.append(fig(f"latency.journal.write.{q}", dur(lat["firmware_journal"]["stages_us"]["journal"][q]), "us"))
    for q in ("p50", "p99", "max"):
        f.append(fig(f"latency.threaded.edge_to_frame.{q}", lat["firmware_threaded"]["total_us"][q], "us",
                     b["total_us"][q]))
    for q in ("p50", "p99"):
        f.append(fig(f"latency.stock_luma_device.edge_to_frame.{q}", lat["firmware_partial"]["total_us"][q], "us",
                     bk["total_us"][q]))
    for stage in latency_stages():
        for q in ("p50", "p99"):
            bval = bs["stages_us"].get(stage, {}).get(q)
            f.append(fig(f"latency.stage.{stage}.{q}", lat["firmware"]["stages_us"][stage][q], "us", bval))
    for q in ("p50", "p99", "max"):
        f.append(fig(f"baseline.edge_to_frame.{q}", b["total_us"][q], "us", b["total_us"][q]))
    # the per-round ratios of each interleaved pair (median over the rounds, spread)
    for mode, key in (("threaded", "firmware_threaded"), ("sync", "firmware"), ("journal", "firmware_journal"),
                      ("stock_luma_device", "firmware_partial"), ("threaded_no_ahead", "firmware_threaded_no_ahead"),
                      ("threaded_taps", "firmware_threaded_taps"), ("threaded_vs_predrawn", "firmware_threaded_vs_predrawn"),
                      ("sync_no_ahead", "firmware_sync_no_ahead")):
        # fast taps: the counter's edge overlaps the firmware's rounds there, so its p99 is no baseline
        for q in (("p50",) if mode == "threaded_taps" else ("p50", "p99")):
            ratio = lat[key]["ratio"][q]
            keep = dur if mode == "journal" else (lambda v: v)
            for stat in ("median", "min", "max"):
                f.append(fig(f"latency.{mode}.ratio.{q}.{stat}", keep(ratio[stat]), "x"))
        for stat, i in (("min", 0), ("max", 1)):
            value = lat[key]["spread_us"]["p99"][i]
            f.append(fig(f"latency.{mode}.edge_to_frame.p99.{stat}", dur(value) if mode == "journal" else value,
                         "us"))
    for q in ("p50", "p99", "max"):
        f.append(fig(f"baseline.stock_luma_device.edge_to_frame.{q}", bk["total_us"][q], "us"))
    jw = lat["firmware_journal"].get("journal_write_us", {})
    for q in ("p50", "p99", "max"):
        f.append(fig(f"latency.journal.fsync_per_journaled_input.{q}", dur(jw.get(q)), "us"))
    # the plain program's baseline (latency.PlainLog: pwrite + fdatasync into a pre-written log, the
    # same bytes per journaled input, interleaved, same file system): the journaled input against it, beside the target's ratio
    # (journaled_p99_vs_fsync_p99, whose "fsync" is the firmware's whole write)
    pf = lat["firmware_journal"].get("plain_fsync_us", {})
    for q in ("p50", "p99", "max"):
        f.append(fig(f"latency.journal.plain_fsync.{q}", dur(pf.get(q)), "us"))
    for q in ("p50", "p99"):
        f.append(fig(f"latency.journal.journaled_input_vs_plain_fsync.{q}", dur(j.get(q)), "us", dur(pf.get(q))))
        f.append(fig(f"latency.journal.journaled_input_vs_write.{q}", dur(j.get(q)), "us", dur(jw.get(q))))
        vs = lat["firmware_journal"].get("journaled_vs_plain_fsync", {}).get(q, {})
        for stat in ("median", "min", "max"):
            f.append(fig(f"latency.journal.vs_plain_fsync.ratio.{q}.{stat}", dur(vs.get(stat)), "x"))
    for stage in latency_stages():
        for q in ("p50", "p99"):
            f.append(fig(f"latency.threaded.stage.{stage}.{q}", lat["firmware_threaded"]["stages_us"][stage][q], "us",
                         b["stages_us"].get(stage, {}).get(q)))
    for mode, key, base_key in (("threaded_no_ahead", "firmware_threaded_no_ahead", "baseline_no_ahead"),
                                ("threaded_taps", "firmware_threaded_taps", "baseline_taps"),
                                ("threaded_vs_predrawn", "firmware_threaded_vs_predrawn", "baseline_predrawn"),
                                ("sync_no_ahead", "firmware_sync_no_ahead", "baseline_sync_no_ahead")):
        for q in ("p50", "p99"):
            base_q = None if (mode, q) == ("threaded_taps", "p99") else lat[base_key]["total_us"][q]
            f.append(fig(f"latency.{mode}.edge_to_frame.{q}", lat[key]["total_us"][q], "us", base_q))

    def share_ahead(run_: dict[str, Any]) -> float | None:  # of the frames handed to the main display
        return round(run_["frames_shown_ahead"] / run_["frames_shown"], 3) if run_.get("frames_shown") else None

    f.append(fig("latency.threaded_taps.frames_drawn_ahead_share", share_ahead(lat["firmware_threaded_taps"]),
                 "of frames shown"))
    thr_run = lat["firmware_threaded"]  # the frames drawn ahead while the runtime waits (Runtime.draw_ahead)
    f.append(fig("latency.threaded.frames_drawn_ahead_share", share_ahead(thr_run), "of frames shown"))
    f.append(fig("latency.threaded.idle_wait_timeouts", thr_run.get("idle_wait_timeouts"), "edges"))
    f.append(fig("latency.sync.frames_drawn_ahead_share", share_ahead(lat["firmware"]), "of frames shown"))
    f.append(fig("latency.sync_no_ahead.frames_drawn_ahead_share", share_ahead(lat["firmware_sync_no_ahead"]),
                 "of frames shown"))
    for q in ("p50", "p99", "max"):
        f.append(fig(f"latency.threaded.draw_ahead_cpu.{q}", thr_run.get("draw_ahead_cpu_us", {}).get(q), "us"))
        f.append(fig(f"latency.threaded.draw_ahead_frames.{q}", thr_run.get("draw_ahead_frames", {}).get(q), "frames"))
    cpu = lat["cpu_stages"]
    for stage, v in cpu["cpu_us"].items():
        for q in ("p50", "p99"):
            f.append(fig(f"cpu.stage.{stage}.{q}", v[q], "us"))
    f.append(fig("cpu.sysbench_here.events_per_cpu_s", cpu["sysbench_here"].get("events_per_cpu_s"), "1/s"))
    for board, e in cpu["estimate"].items():
        f.append(fig(f"estimate.{board}.cpu_factor", e["factor"], "x"))
        for stage in ("rules", "render", "handoff", "total"):
            for q in ("p50", "p99"):
                f.append(fig(f"estimate.{board}.cpu.{stage}.{q}", e["cpu_us"][stage][q], "us", cpu["cpu_us"][stage][q]))
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
    for game, e in busr["games"].items():
        if "skipped" in e:
            continue
        f.append(fig(f"bus.game.{game}.score_change_bytes.mean", e["score_change_bytes"]["mean"], "B",
                     e["full_frame_bytes"]))
        f.append(fig(f"bus.game.{game}.any_frame_bytes.mean", e["any_frame_bytes"]["mean"], "B", e["full_frame_bytes"]))
        f.append(fig(f"bus.game.{game}.frames_wrong", e["frames_wrong"], "frames"))
        f.append(fig(f"bus.game.{game}.main_screen.score_change_bytes.mean",
                     e["main_screen"]["score_change_bytes"]["mean"], "B", e["full_frame_bytes"]))
    for key in ("model_15_60ms", "fixed_15ms", "fixed_15ms_clean_edges", "diag_no_storm_detector",
                "diag_no_storm_rearm_10ms", "at_5ms_pocket", "at_5ms_twenty"):
        f.append(fig(f"counting.{key}.miscounts", cnt[key]["miscounts"], "pieces"))
    for key in ("at_5ms_pocket", "at_5ms_twenty"):
        # a false storm withdraws what the beam counted since it began (the twenty hole)
        f.append(fig(f"counting.{key}.false_storms", cnt[key].get("noisy_reports"), "reports"))
    sg = cnt["shortest_gap_ms"]
    f.append(fig("counting.shortest_gap.clean_edges", sg["clean_edges"], "ms"))
    f.append(fig("counting.shortest_gap.flicker", sg["flicker"], "ms"))
    f.append(fig("counting.shortest_gap.twenty.clean_edges", sg["twenty"]["clean_edges"], "ms"))
    f.append(fig("counting.shortest_gap.twenty.flicker", sg["twenty"]["flicker"], "ms"))
    f.append(fig("footprint.startup_to_first_frame", fp["startup_median_s"], "s",
                 fp_base["startup_to_first_frame_s"]))
    f.append(fig("footprint.startup_vs_bare_import", fp["startup_median_s"], "s", fp_base["bare_import_median_s"]))
    f.append(fig("footprint.bare_import", fp_base["bare_import_median_s"], "s"))
    # what any Python table does to its first frame (bench/startup.py plain_child), beside
    # the bare import for scale; the target stays the bare import's
    f.append(fig("footprint.startup_plain_table", fp_base["plain_table_median_s"], "s", fp_base["bare_import_median_s"]))
    unc = fp["startup"]["uncached"]
    f.append(fig("footprint.startup_vs_bare_import.uncached", unc["startup_median_s"], "s", unc["bare_import_median_s"]))
    for phase, ms in fp["startup"]["cached"]["phases_ms"].items():
        f.append(fig(f"footprint.startup.phase.{phase}", ms, "ms"))
    f.append(fig("footprint.rss_after_start", fp["rss_after_start_mb"], "MiB", fp_base["rss_after_start_mb"]))
    f.append(fig("footprint.rss_after_matches", fp["rss_after_matches_mb"], "MiB", fp_base["rss_after_start_mb"]))
    f.append(fig("footprint.rss_growth_after_warmup", fp["rss_growth_after_warmup_mb"], "MiB"))
    wt = fp["whole_table"]
    f.append(fig("footprint.whole_table.rss_after_matches", wt["rss_after_matches_mb"], "MiB",
                 fp_base["rss_after_start_mb"]))
    f.append(fig("footprint.whole_table.rss_growth_after_warmup", wt["rss_growth_after_warmup_mb"], "MiB"))
    f.append(fig("footprint.whole_table.ms_per_match", wt["ms_per_match"], "ms"))
    f.append(fig("footprint.replay_per_match", fp["replay_ms_per_match"], "ms"))
    f.append(fig("footprint.idle_cpu", fp["idle_cpu_percent"], "%"))
    f.append(fig("footprint.idle_loop_passes_per_s", round(fp["idle_loop_passes"] / max(fp["idle_s"], 1e-9), 2),
                 "1/s"))

    p99, bp99 = lat["firmware"]["total_us"]["p99"], bs["total_us"]["p99"]
    ssd = busr["devices"]["ssd1306"]
    thr = lat["firmware_threaded"]["ratio"]
    jp99 = j.get("p99")
    fs99 = jw.get("p99")
    jratio = round(jp99 / fs99, 2) if durable and jp99 and fs99 else None
    startup_ratio = round(fp["startup_median_s"] / fp_base["bare_import_median_s"], 2)
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
        # start-up, counting at 5 ms gaps, whole-table growth
        {"name": "threaded_p99_vs_baseline", "value": thr["p99"]["median"], "limit": THREADED_P99_RATIO,
         "unit": "x same-device p99", "pass": thr["p99"]["median"] <= THREADED_P99_RATIO},
        {"name": "threaded_p50_vs_baseline", "value": thr["p50"]["median"], "limit": THREADED_P50_RATIO,
         "unit": "x same-device p50", "pass": thr["p50"]["median"] <= THREADED_P50_RATIO},
        {"name": "journaled_p99_vs_fsync_p99", "value": jratio, "limit": JOURNALED_VS_FSYNC_RATIO,
         "unit": "x fsync p99" if durable else f"refused: {lat['journal_fs']['fstype']}",
         "pass": jratio is not None and jratio <= JOURNALED_VS_FSYNC_RATIO},
        {"name": "startup_vs_bare_import", "value": startup_ratio, "limit": STARTUP_VS_IMPORT_RATIO,
         "unit": "x bare import", "pass": startup_ratio <= STARTUP_VS_IMPORT_RATIO},
        {"name": "miscounts_at_5ms_pocket", "value": cnt["at_5ms_pocket"]["miscounts"], "limit": 0,
         "unit": "pieces", "pass": cnt["at_5ms_pocket"]["miscounts"] == 0},
        {"name": "miscounts_at_5ms_twenty", "value": cnt["at_5ms_twenty"]["miscounts"], "limit": 0,
         "unit": "pieces", "pass": cnt["at_5ms_twenty"]["miscounts"] == 0},
        {"name": "whole_table_rss", "value": wt["rss_after_matches_mb"], "limit": WHOLE_TABLE_RSS_MB, "unit": "MiB",
         "pass": wt["rss_after_matches_mb"] < WHOLE_TABLE_RSS_MB},
        {"name": "whole_table_rss_growth", "value": wt["rss_growth_after_warmup_mb"], "limit": RSS_GROWTH_LIMIT_MB,
         "unit": "MiB", "pass": wt["rss_growth_after_warmup_mb"] <= RSS_GROWTH_LIMIT_MB
         and wt["matches_finished"] == wt["matches"]},
        # a score change on each game's main screen (added after those)
        *({"name": f"main_screen_score_change_bytes_{game}", "value": e["main_screen"]["score_change_ratio"],
           "limit": BUS_TARGET_RATIO, "unit": "x full frame",
           "pass": e["main_screen"]["score_change_ratio"] <= BUS_TARGET_RATIO}
          for game, e in busr["games"].items() if "main_screen" in e),
    ]
    return {
        "schema": SCHEMA,
        "counts": n,
        "figures": f,
        "targets": targets,
        "sections": {"latency": lat, "bus": busr, "counting": cnt, "footprint": fp, "footprint_baseline": fp_base},
    }


def _commit() -> str | None:
    """The source tree measured: ``git describe --always --dirty`` of this checkout, or None
    outside one (a copy without git)."""
    import subprocess

    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=HERE, capture_output=True,
                             text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None if out.returncode == 0 else None


def latency_stages() -> tuple[str, ...]:
    """The stages of bench/latency.py, then "wake" (a part of "other", figures added after them)."""
    from latency import STAGES, WAKE

    return (*STAGES, WAKE)


def print_table(r: dict[str, Any]) -> None:
    print(f"\n{'figure':<52} {'value':>12} {'unit':<6} {'baseline':>10} {'ratio':>7}")
    print("-" * 92)
    for f in r["figures"]:
        v = "-" if f["value"] is None else f["value"]
        b = "-" if f["baseline"] is None else f["baseline"]
        ratio = "-" if f["ratio"] is None else f"{f['ratio']:.2f}x"
        print(f"{f['name']:<52} {v!s:>12} {f['unit']:<6} {b!s:>10} {ratio:>7}")
    print(f"\n{'target':<42} {'value':>10} {'limit':>8} {'unit':<18} result")
    print("-" * 90)
    for t in r["targets"]:
        print(f"{t['name']:<42} {t['value']!s:>10} {t['limit']!s:>8} {t['unit']:<18} {'PASS' if t['pass'] else 'FAIL'}")
    jfs = r["sections"]["latency"]["journal_fs"]
    print(f"\njournal file system: {jfs['fstype']} ({jfs['source']} on {jfs['mount']})"
          + (": RAM-backed, the durable figures are refused" if jfs["ram"] else ""))
    fig_ = {f["name"]: f for f in r["figures"]}
    jv, jw = fig_["latency.journal.journaled_input_vs_plain_fsync.p99"], fig_["latency.journal.journaled_input_vs_write.p99"]
    if jv["ratio"] is not None and jw["ratio"] is not None:
        print(f"journaled input p99 {jv['value']} us: {jw['ratio']:.2f}x the firmware's write p99 (the target's "
              f"ratio), {jv['ratio']:.2f}x a plain program's pwrite + fdatasync of the same bytes p99 "
              f"({jv['baseline']} us)")
    c = r["counts"]
    print(f"\nevents: firmware {r['sections']['latency']['firmware']['events']}, journal "
          f"{r['sections']['latency']['firmware_journal']['events']}, baseline "
          f"{r['sections']['latency']['baseline']['events']}; drops {c['drops']}; matches replayed {c['matches']}")


if __name__ == "__main__":
    sys.exit(main())
