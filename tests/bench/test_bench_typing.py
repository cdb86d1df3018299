"""``mypy --strict`` passes over the latency and web benches (bench/ is not a package:
each runs as ``python bench/x.py``, so its modules are found on ``MYPYPATH=bench``; the
modules they import are checked with them). Not every bench module is typed yet
(ab_edge, club, cpu_stages and run still have errors)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TYPED = ("counting", "latency", "web", "webtrace")


def test_mypy_strict_passes_over_the_typed_bench_modules(tmp_path: Path) -> None:
    env = dict(os.environ, MYPYPATH="bench")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "mypy"),
         *(f"bench/{m}.py" for m in TYPED)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, env=env,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found in 4 source files"), result.stdout
