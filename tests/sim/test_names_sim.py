"""Names at the table end to end, on the simulated table of each game
with its journal on disk: the key presses of the names entry -> the names in the
journaled match's header -> a restart in the middle of the match (a power cut) keeps
them -> the web feed and every frame's view carry them -> ``pitchside history`` lists
them. Virtual time, no sleeps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pitchside.cli import main as cli
from pitchside.app.config import load_config
from pitchside.app.journal import Journal
from pitchside.tables import kiosk
from pitchside.tables.registry import TABLES, app_for
from pitchside.web.feed import snapshot
from pitchside_sim.run import default_config_path
from pitchside_sim.scenario import Action, Scenario, load_scenario
from pitchside_sim.table import SimTable, sim_config

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "sim" / "pitchside_sim" / "scenarios"

ANN_BO = (
    ("plus", "next") + ("plus",) * 14 + ("next",) + ("plus",) * 14 + ("next",)  # A, N, N: player 1 is ANN
    + ("plus",) * 2 + ("next",) + ("plus",) * 15 + ("shot_done",)  # B, O, DONE: player 2 is BO
)  # fmt: skip
"""The names entry's presses, from its first letter to its end."""


def press(sim: SimTable, name: str, gap_s: float) -> None:
    sim.act(Action("press", name), gap_s)


def named_table(game: str, db: Path) -> tuple[SimTable, Scenario]:
    """The simulated table of ``game`` on journal ``db``, woken, its names entered with
    :data:`ANN_BO` from the menu's Names row; and the game's demo scenario, whose first
    action (the wake) is done."""
    app = app_for(game)
    scenario = load_scenario(SCENARIOS / f"{game}_match.toml", app.buttons, app.beams)
    config = sim_config(load_config(default_config_path(game)), scenario.options)  # the config's sides
    sim = SimTable(config, seed=scenario.seed, journal=db)
    sim.act(scenario.actions[0], scenario.gap_s)  # wake: the menu
    for _ in app.menu(config.options):  # NEXT down the option rows to the Names row
        press(sim, "next", scenario.gap_s)
    press(sim, "plus", scenario.gap_s)  # open the entry
    modes = [sim.runtime.kiosk.mode]
    for name in ANN_BO:
        press(sim, name, scenario.gap_s)
        modes.append(sim.runtime.kiosk.mode)
    assert modes == ["names"] * len(ANN_BO) + ["menu"] and sim.runtime.state.names == ("ANN", "BO")
    return sim, scenario


@pytest.mark.parametrize("game", list(TABLES))
def test_names_entered_are_journaled_with_the_match_and_listed_by_history(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "journal.db"
    sim, scenario = named_table(game, db)
    try:
        for action in scenario.actions[1:]:  # the scenario's own start press, then the whole match
            sim.act(action, scenario.gap_s)
        assert sim.runtime.state.match.status() == "finished"
        ks = sim.runtime.kiosk  # the game's screen, under the match-won moment shown now
        assert ks.settings.app.view(ks.table).names == ("ANN", "BO")  # type: ignore[attr-defined]
        feed = snapshot(sim.runtime.kiosk, seq=1, boot="b")
        winner = sim.runtime.state.match.outcome().winner
        assert feed["names"] == {"A": "ANN", "B": "BO"}
        assert feed["outcome"]["winner_name"] == {"A": "ANN", "B": "BO", None: None}[winner]
        mid = sim.recorder.match_id
    finally:
        sim.close()
    assert mid is not None
    with Journal.open_readonly(db) as journal:
        (record,) = journal.history()
        assert json.loads(journal.lines(mid)[0])["sides"] == {"A": "ANN", "B": "BO"}
    assert (record.id, record.status, record.header["sides"]) == (mid, "finished", {"A": "ANN", "B": "BO"})
    assert record.result is not None
    assert cli.main(["history", "--db", str(db)]) == 0
    header, row, *notes = capsys.readouterr().out.splitlines()
    assert header.split() == ["ID", "GAME", "STATUS", "STARTED", "SIDES", "INPUTS", "RESULT"]
    assert row[:30] == f"{mid:>5}  {game:<11} {'finished':<10} "
    score = record.result["score"]
    assert row[51:] == f"{'ANN v BO':<24} {record.inputs:>6}  {score['A']}-{score['B']}, winner {record.result['winner']}"
    assert cli.main(["history", "--db", str(db), "--json"]) == 0
    (listed,) = json.loads(capsys.readouterr().out)
    assert listed["header"]["sides"] == {"A": "ANN", "B": "BO"}


@pytest.mark.parametrize("game", list(TABLES))
def test_a_match_resumed_after_a_power_cut_keeps_its_names(game: str, tmp_path: Path) -> None:
    db = tmp_path / "journal.db"
    sim, scenario = named_table(game, db)
    rest = scenario.actions[1:]
    lines = 0
    for i, action in enumerate(rest):  # start, and play past half the match to a journaled input
        sim.act(action, scenario.gap_s)
        now = len(sim.journal.lines(sim.recorder.match_id)) if sim.recorder.match_id else 0
        if i >= len(rest) // 2 and now > lines:
            break
        lines = now
    mid, before = sim.recorder.match_id, sim.runtime.state.match.inputs
    assert mid is not None and sim.runtime.state.match.status() == "playing"
    sim.close()  # a power cut after that input reached the journal: nothing more is written
    sim = SimTable(sim.config, seed=scenario.seed, journal=db)  # power back on
    try:
        assert sim.recorder.match_id == mid and sim.runtime.kiosk.mode == "playing"
        assert sim.runtime.state.match.inputs == before
        assert sim.runtime.state.names == ("ANN", "BO")
        assert kiosk.view(sim.runtime.kiosk).names == ("ANN", "BO")  # type: ignore[attr-defined]
        assert snapshot(sim.runtime.kiosk, seq=1, boot="b")["names"] == {"A": "ANN", "B": "BO"}
    finally:
        sim.close()
