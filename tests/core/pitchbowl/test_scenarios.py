"""Pitch Bowl replay scenarios (scenarios/*.jsonl beside this file), each with the output
worked out by hand from the rulebook in its ``*.expected.json`` (``_why`` says how, line by
line). An expected ``rejected`` entry gives ``line``, ``input`` and the ``rule`` ID the
reason must name (docs/spec/replay.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def test_real_cli_replays_a_full_match():
    """The installed console script, once, on the full match to 3 touchdowns."""
    script = Path(sys.executable).with_name("pitchside")
    if not script.exists():  # pragma: no cover - the project is installed in the venv
        pytest.skip("pitchside console script not installed")
    path = SCENARIOS / "full_match_to_3.jsonl"
    proc = subprocess.run([str(script), "replay", str(path)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert (out["game"], out["status"], out["winner"], out["score"]) == ("pitchbowl", "finished", "A", {"A": 3, "B": 1})
    strict = subprocess.run([str(script), "replay", "--strict", str(path)], capture_output=True, text=True, timeout=60)
    assert strict.returncode == 3
