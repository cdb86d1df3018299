"""``mypy --strict`` over the three packages (firmware/, hardware/, sim/; the settings are
``[tool.mypy]`` in pyproject.toml) passes: typing is part of the test run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_strict_passes_over_firmware_hardware_and_sim() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found"), result.stdout
