"""A table offering two games on one panel (hardware/pitchside_hw/configs/combo.toml)
through the simulated table: pins -> drivers -> runtime -> kiosk -> each game's rules,
in virtual time (no sleeps)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from pitchside.cli.main import main
from pitchside.app.config import load_config
from pitchside_sim.table import SimTable

ROOT = Path(__file__).resolve().parents[2]
COMBO = ROOT / "hardware" / "pitchside_hw" / "configs" / "combo.toml"
SCENARIOS = ROOT / "sim" / "pitchside_sim" / "scenarios"


@pytest.fixture
def sim() -> Iterator[SimTable]:
    table = SimTable(load_config(COMBO), seed=1)  # seed 1: A wins the toss
    yield table
    table.close()


def presses(sim: SimTable, *names: str) -> None:
    for name in names:
        sim.press(name)
        sim.advance_to(sim.now + 0.5)


def test_pichenotte_on_the_combo_table_takes_two_presses_and_counts_the_twenty(sim: SimTable) -> None:
    assert sim.runtime.kiosk.mode == "attract"
    presses(sim, "shot_done", "shot_done")  # wake, play the defaults (the first game)
    assert sim.runtime.kiosk.mode == "playing"
    assert sim.runtime.state.match.codec.name == "pichenotte"
    presses(sim, "coin")  # toss: A
    sim.drop(beam="pocket_1")  # another game's sensor: not Pichenotte's business
    sim.advance_to(sim.now + 0.5)
    before = sim.runtime.state
    presses(sim, "pitch_off")  # nor is Pitchnut's button
    assert sim.runtime.state == before
    sim.drop(beam="twenty")
    sim.advance_to(sim.now + 0.5)
    presses(sim, "shot_done")
    out = sim.output()
    assert out["game"] == "pichenotte"
    assert out["status"] == "playing"
    lines = sim.replay_text().splitlines()
    assert json.loads(lines[0])["game"] == "pichenotte"
    assert [json.loads(line)["input"] for line in lines[1:]] == ["coin_toss", "shot"]
    assert json.loads(lines[2])["twenty"] == 1


def test_pitchnut_on_the_combo_table_takes_three_presses_and_counts_its_pockets(sim: SimTable) -> None:
    presses(sim, "shot_done", "plus", "shot_done")  # wake, the next game, play
    assert sim.runtime.kiosk.settings.app.name == "pitchnut"
    assert sim.runtime.state.match.codec.name == "pitchnut"
    assert sim.runtime.state.match.options == load_config(COMBO).options_for("pitchnut")
    presses(sim, "coin", "shot_done")  # toss (A), A breaks
    sim.drop(0.030, "pocket_3")
    sim.drop(0.030, "twenty")  # Pichenotte's beam: ignored
    sim.advance_to(sim.now + 0.3)
    assert sim.runtime.state.draft.sensed() == (0, 0, 1, 0)
    presses(sim, "call", "whose")  # Pichenotte's buttons: ignored
    assert sim.runtime.state.draft.sensed() == (0, 0, 1, 0)
    presses(sim, "shot_done", "plus", "shot_done")  # the sheet: one white
    out = sim.output()
    assert out["game"] == "pitchnut"
    assert out["pocketed"] == {"white": 1, "black": 0}
    assert sim.runtime.state.last.sensed == (0, 0, 1, 0)


def test_a_pitchnut_match_resumes_in_pitchnut_after_a_power_cut(tmp_path: Path) -> None:
    config = load_config(COMBO)
    db = tmp_path / "journal.db"
    first = SimTable(config, seed=1, journal=db)
    try:
        presses(first, "shot_done", "plus", "shot_done", "coin")
        assert first.output()["game"] == "pitchnut"
        mid = first.recorder.match_id
    finally:
        first.close()
    again = SimTable(config, seed=1, journal=db)  # the config's first game is Pichenotte
    try:
        assert again.recorder.match_id == mid
        assert again.runtime.kiosk.mode == "playing"
        assert again.runtime.kiosk.settings.app.name == "pitchnut"
        assert again.output()["game"] == "pitchnut"
        presses(again, "shot_done")  # A breaks: Pitchnut goes on where it was
        assert [json.loads(line)["input"] for line in again.replay_text().splitlines()[1:]] == ["coin_toss", "breaker"]
        assert again.recorder.match_id == mid  # the same match, journalled on
    finally:
        again.close()


@pytest.mark.parametrize("game, expected", [
    ("pitchnut", {"status": "finished", "winner": "A", "score": {"A": 2, "B": 0}}),
    ("pichenotte", {"status": "finished", "winner": "A", "score": {"A": 4.5, "B": 1.5}}),
])  # fmt: skip
def test_pitchside_sim_game_on_the_combo_config_starts_on_that_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, expected: dict[str, object]
) -> None:
    script = SCENARIOS / f"{game}_match.toml"
    status = main(["sim", game, "--config", str(COMBO), "--script", str(script), "--out", str(tmp_path), "--no-terminal"])
    assert status == 0, capsys.readouterr().err
    final = json.loads((tmp_path / "final.json").read_text())
    assert final["game"] == game
    assert {key: final[key] for key in expected} == expected


def test_pitchside_sim_refuses_a_game_the_combo_table_does_not_offer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sim", "pitchbowl", "--config", str(COMBO), "--out", str(tmp_path), "--no-terminal"]) == 2
    assert "not the 'pitchbowl' asked for" in capsys.readouterr().err
