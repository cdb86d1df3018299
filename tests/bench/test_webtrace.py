"""The per-edge trace of the table beside the web side cannot rot: ``bench/webtrace.py
--smoke`` runs end to end (the trace of both conditions, the web side's CPU per seq) and
keeps every edge. No timing is asserted (figures depend on the machine); bench/README.md
("Web view") holds the figures of full runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_smoke_trace_keeps_every_edge_of_both_conditions(tmp_path: Path) -> None:
    out, raw = tmp_path / "trace.json", tmp_path / "raw.json"
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "webtrace.py"), "--smoke", "--web-cpu", "1",
                           "--json", str(out), "--raw", str(raw)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    t = json.loads(out.read_text())["trace"]
    assert (t["edges_per_round"], t["rounds"], t["clients"]) == (8, 2, 4)
    assert set(t["p99_us"]) == {"none", "web50"} and set(t["p99_ratio_to_none"]) == {"web50"}
    kept = json.loads(raw.read_text())["edges"]
    assert [len(r) for r in kept["none"]] == [len(r) for r in kept["web50"]] == [8, 8]
    for edge in (e for cond in kept.values() for r in cond for e in r):  # latency.split_stages
        parts = sum(edge[s] for s in ("driver", "rules", "journal", "render", "handoff", "other"))
        assert parts == edge["total"] == edge["t_frame"] - edge["t_edge"]
        assert 0 <= edge["wake"] <= edge["other"] and min(edge.values()) >= 0  # wake: a part of other
    for detail in t["rounds_detail"]:
        assert detail["web50"]["edges"] == 8 and "share_overlapping_web_side_writing" in detail["web50"]
        assert "share_overlapping_web_side_writing" not in detail["none"]
    cpu = json.loads(out.read_text())["web_cpu"]
    assert cpu["seqs_per_round"] == 20 and cpu["clients"] == 4 and len(cpu["rounds"]["this"]) == 1
