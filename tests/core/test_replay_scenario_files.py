"""Every replay scenario file of every game, through the same checks.

Scenario files are full matches written from a rulebook, each with the output worked
out by hand in ``NAME.expected.json`` (``_why`` keys say how). They live in
``tests/scenarios/replay/`` (Pichenotte) and ``tests/core/<game>/scenarios/``. An
expected ``rejected`` entry gives ``line``, ``input`` and the ``rule`` ID the reason must
name (docs/spec/replay.md: "the reason naming the rule")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pitchside.core.record.format import dump, replay
from pitchside.core.record.games import GAMES

TESTS = Path(__file__).resolve().parents[1]
FILES = sorted([*TESTS.glob("scenarios/replay/*.jsonl"), *TESTS.glob("core/*/scenarios/*.jsonl")])
IDS = [f"{f.parent.parent.name if f.parent.name == 'scenarios' else 'pichenotte'}/{f.stem}" for f in FILES]


def expected_of(path: Path) -> dict:
    return json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))


def game_of(path: Path) -> str:
    return str(json.loads(path.read_text(encoding="utf-8").splitlines()[0])["game"])


def test_every_game_has_scenarios_and_each_its_expected_output() -> None:
    assert {game_of(f) for f in FILES} == set(GAMES)
    for f in FILES:
        assert f.with_name(f.stem + ".expected.json").exists(), f


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_scenario_gives_the_output_worked_out_by_hand(path: Path) -> None:
    expected = expected_of(path)
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


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_strict_stops_at_the_first_refusal(path: Path) -> None:
    expected = expected_of(path)
    with path.open(encoding="utf-8") as fh:
        result = replay(fh, strict=True)
    if expected["rejected"]:
        assert result.exit_status == 3
        assert [r.line for r in result.rejected] == [expected["rejected"][0]["line"]]
    else:
        assert result.exit_status == 0


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_refused_lines_change_nothing(path: Path) -> None:
    """The same file without its refused lines folds to the same state."""
    expected = expected_of(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    drop = {r["line"] for r in expected["rejected"]}
    kept = [text for n, text in enumerate(lines, start=1) if n not in drop]
    full, pruned = replay(lines).output(), replay(kept).output()
    full.pop("rejected")
    assert pruned.pop("rejected") == []
    assert pruned == full


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_export_replays_to_the_same_state(path: Path) -> None:
    with path.open(encoding="utf-8") as fh:
        result = replay(fh)
    again = replay(dump(result.match).splitlines())
    first, second = result.output(), again.output()
    first.pop("rejected")
    assert second.pop("rejected") == []
    assert second == first
