"""bench/result_size.py, the measure behind the contract's size limit (docs/spec/mqtt.md
"Size"), runs and prints the figures the docs quote: the padded legal result counts, and
the upper bound stays under the limit."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from pitchside.wire.messages import MAX_LINES, MAX_PAYLOAD

ROOT = Path(__file__).resolve().parents[2]


def test_the_largest_legal_result_fits_the_limit_with_headroom() -> None:
    run = subprocess.run([sys.executable, "bench/result_size.py"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert max(v["bytes"] for v in out["scenarios"].values()) == 5010
    assert (out["longest"]["lines"], out["longest"]["bytes"], out["longest"]["counted"]) == (MAX_LINES, 990_647, True)
    assert (out["bound"]["line_chars"], out["bound"]["bytes"], out["limit"]) == (192, 4_780_503, MAX_PAYLOAD)
    assert out["bound"]["bytes"] * 1.75 < MAX_PAYLOAD
