"""A whole Pitch Bowl match through the simulated table: pins -> drivers -> runtime ->
table controller -> rules -> renderer -> luma device, in virtual time (no sleeps).
The coin toss comes from the simulator's seeded random source (seed 1: side A)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from pitchside.cli.main import main
from pitchside.app.config import load_config
from pitchside.tables.pitchbowl import APP
from pitchside.core.record.format import replay
from pitchside.core.sides import PerSide
from pitchside_sim.run import check_expect, default_config_path
from pitchside_sim.scenario import load_scenario
from pitchside_sim.table import SimTable, sim_config

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "sim" / "pitchside_sim" / "scenarios" / "pitchbowl_match.toml"


def _config():  # type: ignore[no-untyped-def]
    return sim_config(load_config(default_config_path("pitchbowl")), {}, ("Ann", "Bob"))


@pytest.fixture
def sim() -> SimTable:
    table = SimTable(_config(), seed=1)  # seed 1: A wins the toss
    yield table
    table.close()


def test_the_demo_match_ends_as_worked_out_by_hand_PB_30(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["sim", "pitchbowl", "--script", str(DEMO), "--out", str(tmp_path), "--no-terminal"])
    assert status == 0, capsys.readouterr().err
    final = json.loads((tmp_path / "final.json").read_text())
    assert final["status"] == "finished" and final["winner"] == "B"
    assert final["score"] == {"A": 2, "B": 3}
    assert final["result"] == "PB-30: B scored 3 touchdowns"
    assert final["toss_winner"] == "A"
    assert final["kicker"] == "A"  # Ann scored the 4th touchdown and kicked the last kick-off
    assert final["active"] is None and final["possession"] is None and final["to_act"] is None
    assert final["last_loss"] == {"side": "B", "cause": "TOUCHDOWN", "rule": "PB-27"}
    assert final["off_field"] == {"A": 0, "B": 0}
    frames = sorted(tmp_path.glob("frame_*.png"))
    assert len(frames) > 80
    assert (tmp_path / "match.gif").stat().st_size > 0


def test_the_demo_replay_file_has_the_accepted_inputs_only(tmp_path: Path) -> None:
    assert main(["sim", "pitchbowl", "--script", str(DEMO), "--out", str(tmp_path), "--no-terminal"]) == 0
    lines = (tmp_path / "match.jsonl").read_text().splitlines()
    result = replay(lines, strict=True)
    assert result.exit_status == 0
    assert result.output()["score"] == {"A": 2, "B": 3}
    inputs = [json.loads(line) for line in lines[1:]]
    assert inputs[0] == {"input": "coin_toss", "winner": "A", "at": 0.0}
    assert inputs[1]["input"] == "choose" and inputs[1]["choice"] == "kick"
    # the refusals (a placement short on the marker, a Hand Off with no carrier, a second
    # Pass, a Pick Up against a carrier) are not in the record, nor is the cleared TD
    kinds = [i["input"] for i in inputs]
    assert kinds.count("placement") == 10 and kinds.count("kickoff") == 5
    assert kinds.count("end_turn") == 1 and "undo" not in kinds
    assert sum(1 for i in inputs if i.get("touchdown")) == 5
    assert [i.get("result") for i in inputs if i.get("announce") == "pass"] == ["success", "interception", "success"]


def test_the_scenario_expectations_hold(tmp_path: Path) -> None:
    scenario = load_scenario(DEMO, APP.buttons, APP.beams)
    assert scenario.game == "pitchbowl" and scenario.seed == 1
    config = sim_config(_config(), scenario.options, scenario.names)
    sim = SimTable(config, seed=scenario.seed)
    try:
        for action in scenario.actions:
            sim.act(action, scenario.gap_s)
        assert check_expect(sim.output(), scenario.expect) == []
    finally:
        sim.close()


def test_coin_toss_through_the_drivers_spins_then_shows_the_seeded_winner(sim: SimTable) -> None:
    sim.press("coin")  # wake: the menu
    sim.advance_to(sim.now + 0.5)
    sim.press("coin")  # start and toss
    t_toss = sim.now
    assert sim.runtime.state.match.state.toss_winner == "A"  # decided and journaled at once
    assert sim.runtime.state.spin >= 1
    sim.advance_to(sim.now + 2.0)
    assert sim.runtime.state.spin == 0
    times = [at for at, _ in sim.device.frames if at > t_toss - 0.3]
    assert len(times) == 6  # five frames of the spinning coin, then the reveal
    assert [round(b - a, 3) for a, b in itertools.pairwise(times)] == [0.3] * 5
    assert times[-1] - times[0] == pytest.approx(1.5)
    sim.press("plus")
    sim.press("shot_done")
    out = sim.output()
    assert out["phase"] == "place_defender" and out["kicker"] == "A"


def test_power_cut_mid_animation_resumes_with_the_same_winner(tmp_path: Path) -> None:
    db = tmp_path / "journal.db"
    sim = SimTable(_config(), seed=2, journal=db)
    sim.press("coin")
    sim.advance_to(sim.now + 0.5)
    sim.press("coin")
    sim.advance_to(sim.now + 0.4)  # the coin is still spinning
    winner = sim.runtime.state.match.state.toss_winner
    assert sim.runtime.state.spin >= 1
    sim.close()  # the power goes
    back = SimTable(_config(), seed=99, journal=db)  # another random source: no re-toss
    try:
        ts = back.runtime.state
        assert ts.match.state.phase == "choose" and ts.match.state.toss_winner == winner and ts.spin == 0
        back.press("coin")  # a second toss is refused
        assert back.runtime.state.match.state.toss_winner == winner
        assert back.runtime.state.prompt.rule == "PB-02"
    finally:
        back.close()


def test_a_pitch_entered_on_the_panel_reaches_the_rules(sim: SimTable) -> None:
    for name in ("coin", "coin"):
        sim.press(name)
        sim.advance_to(sim.now + 0.5)
    sim.advance_to(sim.now + 2.0)
    for name in ("minus", "shot_done", "shot_done", "shot_done", "miss", "shot_done"):  # A receives; touch back
        sim.press(name)
        sim.advance_to(sim.now + 0.3)
    out = sim.output()
    assert out["active"] == "A" and out["possession"] == "A" and out["kicker"] == "B"
    for name in ("pass", "shot_done", "pass"):
        sim.press(name)
        sim.advance_to(sim.now + 0.3)
    state = sim.runtime.state
    assert state.match.state.pass_used and state.match.state.pitched == 1
    assert state.prompt.kind == "refusal" and state.prompt.rule == "PB-22"
    assert state.match.state.off_field == PerSide(0, 0)
