"""``mypy --strict`` passes over the typed benches (bench/ is not a package: each runs as
``python bench/x.py``, so its modules are found on ``MYPYPATH=bench``, and the benches
that put tests/ on ``sys.path`` for ``support`` (club) find it on ``MYPYPATH=tests``; the
modules they import are checked with them)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TYPED = ("ab_edge", "ab_journal", "club", "counting", "cpu_stages", "dataclass_cost", "fsync_methods", "gil", "intake",
         "latency", "loaded_tail", "result_size", "run", "slowclients", "wall_sse", "web",
         "webtrace")


def test_mypy_strict_passes_over_the_typed_bench_modules(tmp_path: Path) -> None:
    env = dict(os.environ, MYPYPATH=os.pathsep.join(("bench", "tests")))
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "mypy"),
         *(f"bench/{m}.py" for m in TYPED)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, env=env,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(f"Success: no issues found in {len(TYPED)} source files"), result.stdout
