"""The benchmark cannot rot: ``bench/run.py --quick`` runs end to end and writes JSON of
the stable shape, with exact counts. No timing is asserted (figures depend on the
machine); bench/README.md holds the figures of a full run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_quick_run_writes_the_stable_shape(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "run.py"), "--quick", "--events", "60", "--out", str(out)],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "edge_to_frame_p99_vs_baseline" in proc.stdout  # the table was printed
    r = json.loads(out.read_text())
    assert r["schema"] == 1
    assert set(r) >= {"schema", "counts", "figures", "targets", "sections", "run"}

    names = [f["name"] for f in r["figures"]]
    assert len(names) == len(set(names))
    for f in r["figures"]:
        assert set(f) == {"name", "value", "unit", "baseline", "ratio"}
    for name in ("latency.edge_to_frame.p99", "latency.journal.edge_to_frame.p99", "baseline.edge_to_frame.p99",
                 "latency.stage.driver.p50", "latency.stage.render.p99", "bus.ssd1306.full_frame_bytes",
                 "bus.ssd1306.score_change_bytes.mean", "bus.sh1106.i2c_400k.full_frame_ms",
                 "counting.fixed_15ms.miscounts", "footprint.rss_after_matches", "footprint.idle_cpu",
                 "latency.journal.plain_fsync.p99", "latency.journal.journaled_input_vs_plain_fsync.p99",
                 "latency.journal.journaled_input_vs_write.p99", "latency.journal.vs_plain_fsync.ratio.p99.median"):
        assert name in names
    assert [t["name"] for t in r["targets"]] == [
        "edge_to_frame_p99_vs_baseline", "ssd1306_score_change_bytes", "miscounts_at_15ms_gaps",
        "rss_after_matches", "rss_growth_over_matches", "idle_cpu",
        # start-up, counting and growth, added after the first six (names are never changed)
        "threaded_p99_vs_baseline", "threaded_p50_vs_baseline", "journaled_p99_vs_fsync_p99",
        "startup_vs_bare_import", "miscounts_at_5ms_pocket", "miscounts_at_5ms_twenty",
        "whole_table_rss", "whole_table_rss_growth",
        # a score change on each game's main screen
        *(f"main_screen_score_change_bytes_{g}" for g in ("pichenotte", "pitchnut", "boulomania", "pitchbowl",
                                                          "mastermove")),
    ]
    for t in r["targets"]:
        assert f"{t['name']:<34}" in proc.stdout  # every target printed with its result
    assert proc.stdout.count(" PASS") + proc.stdout.count(" FAIL") == len(r["targets"])
    for t in r["targets"]:
        assert set(t) == {"name", "value", "limit", "unit", "pass"} and isinstance(t["pass"], bool)

    # exact counts
    lat = r["sections"]["latency"]
    assert lat["firmware"]["events"] == 60
    assert lat["firmware_journal"]["events"] == 60
    assert lat["baseline"]["events"] == lat["baseline"]["counter"] == 60
    assert lat["firmware_journal"]["journal_writes"] > 0
    # the plain program's baseline: one os.write + os.fsync per journaled input, the same bytes
    assert lat["firmware_journal"]["plain_writes"] == lat["firmware_journal"]["journal_writes"]
    assert lat["firmware_journal"]["plain_bytes"] > 0
    # every journaled edge's write ran inside it: in the loop's thread or on the writer thread
    assert (lat["firmware_journal"]["writes_inline"] + lat["firmware_journal"]["writes_overlapped"]
            == lat["firmware_journal"]["journal_writes"] > 0)
    assert "plain_writes" not in lat["firmware"] or lat["firmware"]["plain_writes"] == 0
    assert lat["firmware"]["journal_writes"] == 0
    # interleaved: every firmware edge had one bare-counter edge beside it, per pair
    for fw, base in (("firmware_threaded", "baseline"), ("firmware", "baseline_sync"),
                     ("firmware_journal", "baseline_journal"), ("firmware_partial", "baseline_stock"),
                     ("firmware_sync_no_ahead", "baseline_sync_no_ahead")):
        assert lat[fw]["events"] == lat[base]["events"] == lat[base]["counter"]
        assert len(lat[fw]["rounds"]) == r["counts"]["rounds"]
    assert set(lat["journal_fs"]) >= {"fstype", "mount", "ram"}
    # the sync arm draws ahead before each pause, as the simulator's loop does; sync_no_ahead never
    assert lat["firmware"]["frames_shown_ahead"] > 0 and lat["firmware_sync_no_ahead"]["frames_shown_ahead"] == 0
    assert lat["firmware_sync_no_ahead"]["events"] == 30  # the quick run's 60 // 2
    fig = {f["name"]: f for f in r["figures"]}
    assert fig["bus.ssd1306.full_frame_bytes"]["value"] == 1030  # 6 address bytes + 1024
    assert fig["bus.sh1106.full_frame_bytes"]["value"] == 1048  # 8 x (3 + 128)
    assert fig["bus.ssd1306.frames_wrong"]["value"] == 0  # the emulated panel always ends right
    assert fig["bus.sh1106.frames_wrong"]["value"] == 0
    for key in ("model_15_60ms", "fixed_15ms", "fixed_15ms_clean_edges"):
        assert r["sections"]["counting"][key]["drops"] == r["counts"]["drops"]
    fp = r["sections"]["footprint"]
    assert fp["matches_replayed"] == r["counts"]["matches"] == fp["matches_finished"]
    wt = fp["whole_table"]
    assert wt["matches"] == wt["matches_finished"] == r["counts"]["whole_table_matches"]
    # CPU per stage, every edge counted; start-up in both bytecode conditions
    assert lat["cpu_stages"]["events"] == r["counts"]["cpu_events"]
    assert "cpu.stage.total.p50" in names and "footprint.startup_vs_bare_import.uncached" in names
    for cond in ("cached", "uncached"):
        assert len(fp["startup"][cond]["startup_runs_s"]) == r["counts"]["startups"]
        assert len(fp["startup"][cond]["bare_import_runs_s"]) == r["counts"]["startups"]
        assert len(fp["startup"][cond]["plain_table_runs_s"]) == r["counts"]["startups"]
    # the plain table beside the bare import: a figure of its own, the bare import its baseline
    plain = fig["footprint.startup_plain_table"]
    assert plain["value"] == r["sections"]["footprint_baseline"]["plain_table_median_s"] > 0
    assert plain["baseline"] == fig["footprint.bare_import"]["value"]
    games = r["sections"]["bus"]["games"]
    assert set(games) == {"pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove"}
    for e in games.values():
        assert e["frames_wrong"] == 0 and e["score_changes"] > 0


def test_a_ram_backed_journal_is_named_and_refused() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import latency
    finally:
        sys.path.remove(str(ROOT / "bench"))
    shm = Path("/dev/shm")
    if shm.is_dir():
        fs = latency.filesystem_of(shm)
        assert fs["ram"] is True and fs["fstype"] == "tmpfs"
    assert not latency.filesystem_of(latency.durable_dir(None))["ram"]
