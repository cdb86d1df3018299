"""The architecture's import rules, checked by import-linter (contracts in
pyproject.toml): the firmware never imports gpiozero, luma, pyserial, the drivers or the
simulator; the rules core imports only the standard library; drivers never import the
simulator; layers core <- signals, render <- app."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_are_kept() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run(
        [str(lint), "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "4 kept, 0 broken" in result.stdout
