"""Full-match replay scenarios (tests/scenarios/replay/*.jsonl), each with the output
worked out by hand from the rulebook in its ``*.expected.json`` (``_why`` says how).

An expected ``rejected`` entry gives ``line``, ``input`` and the ``rule`` ID the reason
must name (shared/spec/replay.md: "the reason naming the rule")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pitchside.core.replay.format import dump, replay

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "replay"
FILES = sorted(SCENARIOS.glob("*.jsonl"))


def test_there_are_scenarios():
    assert len(FILES) >= 5
    for f in FILES:
        assert f.with_name(f.stem + ".expected.json").exists(), f


def _expected(path: Path) -> dict:
    return json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))


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
