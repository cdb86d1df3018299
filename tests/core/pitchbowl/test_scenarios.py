"""Pitch Bowl replay scenarios (scenarios/*.jsonl beside this file), each with the output
worked out by hand from the rulebook in its ``*.expected.json`` (``_why`` says how, line by
line). An expected ``rejected`` entry gives ``line``, ``input`` and the ``rule`` ID the
reason must name (shared/spec/replay.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pitchside.core.replay.format import dump, replay

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.jsonl"))


def _expected(path: Path) -> dict:
    return json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))


def test_there_are_scenarios():
    assert len(FILES) >= 5
    for f in FILES:
        assert f.with_name(f.stem + ".expected.json").exists(), f


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario(path: Path):
    expected = _expected(path)
    with path.open(encoding="utf-8") as fh:
        result = replay(fh)
    out = result.output()
    assert result.exit_status == 0
    for key, value in expected.items():
        if key.startswith("_") or key == "rejected":
            continue
        assert out[key] == value, key
    got = [(r["line"], r["input"]) for r in out["rejected"]]
    assert got == [(r["line"], r["input"]) for r in expected["rejected"]]
    for r, e in zip(out["rejected"], expected["rejected"]):
        assert r["reason"].startswith(e["rule"] + ":"), (r, e)


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_refused_lines_change_nothing(path: Path):
    """The same file without its refused lines folds to the same state."""
    expected = _expected(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    drop = {r["line"] for r in expected["rejected"]}
    kept = [text for n, text in enumerate(lines, start=1) if n not in drop]
    full, pruned = replay(lines).output(), replay(kept).output()
    full.pop("rejected")
    assert pruned.pop("rejected") == []
    assert pruned == full


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario_strict(path: Path):
    expected = _expected(path)
    with path.open(encoding="utf-8") as fh:
        result = replay(fh, strict=True)
    if expected["rejected"]:
        assert result.exit_status == 3
        assert [r.line for r in result.rejected] == [expected["rejected"][0]["line"]]
    else:
        assert result.exit_status == 0


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario_dump_round_trip(path: Path):
    with path.open(encoding="utf-8") as fh:
        result = replay(fh)
    again = replay(dump(result.match).splitlines())
    first, second = result.output(), again.output()
    first.pop("rejected")
    assert second.pop("rejected") == []
    assert second == first


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
