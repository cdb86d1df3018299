"""The slow-clients bench cannot rot: a short run of ``bench/slowclients.py`` on the
guarded server and on stock uvicorn, with exact answer counts: under 300 half-open
sockets from one address the guarded server answers the phone every time and stock
uvicorn (past its 260-connection limit) never does. No timing is asserted;
bench/README.md ("Slow clients") holds the figures of a full run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_short_run_counts_every_answer(tmp_path: Path) -> None:
    out = tmp_path / "slow.json"
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "slowclients.py"), "--servers", "guarded,uvicorn",
                           "--rounds", "2", "--requests", "5", "--sockets", "300", "--json", str(out)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    r = json.loads(out.read_text())
    assert (r["sockets"], r["rounds"], r["requests"]) == (300, 2, 5)
    assert r["guarded"]["quiet"]["answers"] == r["guarded"]["loaded"]["answers"] == {"200": 10}
    assert r["uvicorn"]["quiet"]["answers"] == {"200": 10}
    assert r["uvicorn"]["loaded"]["answers"] == {"503": 10}
    for server in ("guarded", "uvicorn"):
        for phase in ("quiet", "loaded"):
            assert 0 < r[server][phase]["p50_ms"] <= r[server][phase]["p99_ms"]
