"""The web view's bench cannot rot: ``bench/web.py --smoke`` runs every section end to end
(start-up, edge to SSE event, the table in its four conditions, RSS with clients) and its
counts are exact. No timing is asserted (figures depend on the machine); bench/README.md
("Web view") holds the figures of a full run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_smoke_run_measures_every_section_with_exact_counts(tmp_path: Path) -> None:
    out = tmp_path / "web.json"
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "web.py"), "--smoke", "--json", str(out)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    r = json.loads(out.read_text())
    assert len(r["startup_s"]["runs"]) == 1 and r["startup_s"]["median"] > 0
    sse = r["sse"]
    assert sse["edge_to_sse_us"]["n"] + sse["edges_without_a_new_state"] == 6
    assert sse["edge_to_dom_ms"] is None  # --smoke opens no browser
    t = r["table"]
    assert (t["edges_per_run"], t["rounds"], t["clients"], t["streams_open_at_end"]) == (8, 1, 4, 4)
    assert set(t["p99_us"]) == {"none", "web0", "web50", "stopped"}
    assert set(t["p99_ratio_to_none"]) == {"web0", "web50", "stopped"}
    assert t["swarm"]["clients"] == 4 and t["swarm"]["every_seq_in_order"] is True
    rss = r["rss"]
    assert (rss["clients"], rss["streams"]) == (12, 12)
    assert rss["swarm"]["events_min"] == rss["swarm"]["events_max"] == rss["published_seq"]
    assert rss["every_client_saw_the_last_seq"] is True
    assert rss["with_clients_mib"]["VmRSS"] > 0
