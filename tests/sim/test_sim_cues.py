"""The simulated table's sound cues (the twenty's with its moment): the
runtime's cues over the demo match, recorded by the simulator's cue log (the buzzer
itself is not simulated)."""

from __future__ import annotations

from pathlib import Path

from pitchside.app.config import load_config
from pitchside.tables.registry import app_for
from pitchside_sim.run import default_config_path
from pitchside_sim.scenario import load_scenario
from pitchside_sim.table import SimTable, sim_config

ROOT = Path(__file__).resolve().parents[2]


def test_the_simulated_demo_match_cues_six_rounds_one_refusal_and_the_win() -> None:
    app = app_for("pichenotte")
    scenario = load_scenario(ROOT / "sim" / "pitchside_sim" / "scenarios" / "pichenotte_match.toml", app.buttons, app.beams)
    sim = SimTable(sim_config(load_config(default_config_path()), scenario.options, scenario.names), seed=scenario.seed)
    try:
        for action in scenario.actions:
            sim.act(action, scenario.gap_s)
        assert sim.output()["score"] == {"A": 4.5, "B": 1.5}
        # round 1 drawn (half a point each), the early DONE of round 3 refused, A wins in 6;
        # each twenty's moment as it comes on the display (tables/cues.py): 12 shot
        # twenties and 2 knocked in, but one shot both sank A's twenty and knocked one in
        # for B, and the next press ended the moments before B's came on: 13 twenty cues
        assert sim.cues == [
            "twenty", "twenty", "point", "twenty", "twenty", "point", "twenty", "refusal", "point",
            "twenty", "twenty", "twenty", "point", "twenty", "twenty", "point", "twenty", "twenty", "twenty",
            "point", "won",
        ]  # fmt: skip
        assert [c for c in sim.cues if c != "twenty"] == ["point", "point", "refusal", "point", "point", "point",
                                                         "point", "won"]  # as without moments
    finally:
        sim.close()
