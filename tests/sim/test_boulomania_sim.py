"""A whole Boulomania game through the simulated table: pins -> drivers -> runtime ->
the table controller -> rules -> renderer -> luma device, with the table's die seeded
(no sleeps); and a roll from a die unit on a pty reaching the simulated table."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from pitchside.cli.main import main
from pitchside.app.config import load_config
from pitchside.core.record.format import replay
from pitchside_sim.keys import keymap_for
from pitchside_sim.run import check_expect, default_config_path
from pitchside_sim.scenario import load_scenario
from pitchside_sim.table import SimTable, sim_config

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "sim" / "pitchside_sim" / "scenarios" / "boulomania_match.toml"
ROUNDS = [{"A": 0, "B": 4}, {"A": 0, "B": 2}, {"A": 4, "B": 0}, {"A": 0, "B": 3}, {"A": 0, "B": 0}, {"A": 0, "B": 4}]


def test_the_demo_game_to_13_ends_as_worked_out_by_hand_BM_18(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["sim", "boulomania", "--script", str(DEMO), "--out", str(tmp_path), "--no-terminal"])
    assert status == 0, capsys.readouterr().err
    final = json.loads((tmp_path / "final.json").read_text())
    assert final["status"] == "finished" and final["winner"] == "B"
    assert final["score"] == {"A": 4, "B": 13}
    assert final["round_scores"] == ROUNDS
    assert final["result"] == "BM-18: B reached 13 of 13"
    assert len(sorted(tmp_path.glob("frame_*.png"))) > 150


def test_the_demo_replay_file_replays_to_the_same_result(tmp_path: Path) -> None:
    assert main(["sim", "boulomania", "--script", str(DEMO), "--out", str(tmp_path), "--no-terminal"]) == 0
    lines = (tmp_path / "match.jsonl").read_text().splitlines()
    result = replay(lines, strict=True)
    assert result.exit_status == 0
    assert result.output()["score"] == {"A": 4, "B": 13}
    assert json.loads(lines[0])["sides"] == {"A": "Ann", "B": "Bob"}
    # every roll is an input carrying its values; the refused + is not in the record
    throws = [json.loads(x) for x in lines if '"point"' in x or '"shoot"' in x]
    assert len(throws) == 92
    assert {k: v for k, v in throws[0].items() if k != "at"} == {"input": "point", "dice": [6, 3]}


def test_the_demo_on_a_table_without_a_die_unit_configured() -> None:
    """The same game on a config with no [serial.die]: nothing but the table's die."""
    app_config = load_config(default_config_path("boulomania"))
    scenario = load_scenario(DEMO, ("roll", "fork", "shot_done", "undo", "new", "next", "plus", "minus"), ())
    config = replace(sim_config(app_config, scenario.options, scenario.names), serial=())
    sim = SimTable(config, seed=scenario.seed)
    try:
        for action in scenario.actions:
            sim.act(action, scenario.gap_s)
        assert check_expect(sim.output(), scenario.expect) == []
        _, frame = sim.device.frames[-1]
        assert frame.size == (128, 64)
    finally:
        sim.close()


def test_the_keymap_presses_only_boulomania_buttons() -> None:
    keys, help_line = keymap_for("boulomania")
    buttons = {"roll", "fork", "shot_done", "undo", "new", "next", "plus", "minus"}
    for action in keys.values():
        assert all(name in buttons for name in action.name.split("+"))
    assert ("r", "roll") in help_line
