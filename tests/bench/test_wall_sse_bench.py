"""The wall's publish-to-SSE bench cannot rot: ``bench/wall_sse.py --quick`` through a real
Mosquitto into ``pitchside league serve``, with exact counts only: every state each of the
50 tables published reached the league's stream (directly or with the same table's next
one) and the bare subscriber exactly once, none missing, and the stream's last wall shows
each table's last state. No timing is asserted; bench/README.md ("The wall's stream")
holds the figures of a full run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_quick_run_sees_every_state_once(tmp_path: Path) -> None:
    out = tmp_path / "wall.json"
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "wall_sse.py"), "--quick", "--json", str(out)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    r = json.loads(out.read_text())
    assert (r["tables"], r["rounds_per_rate"], r["wall_final"]) == (50, 1, True)
    rounds = r["rounds"]
    assert [(x["path"], x["rate"], x["published"]) for x in rounds] == [
        ("league", 100.0, 100), ("bare", 100.0, 100), ("league", 500.0, 250), ("bare", 500.0, 250),
        ("league", 0.0, 250), ("bare", 0.0, 250)]
    for x in rounds:
        assert (x["arrived"], x["missing"], x["repeats"]) == (x["published"], 0, 0), x
        assert x["direct"] + x["superseded"] == x["published"], x
    assert [x["superseded"] for x in rounds if x["path"] == "bare"] == [0, 0, 0]
