"""The Pitch Bowl demo game plays to its result in the simulator on every panel size a
table may carry (issue 14: 128x64, 128x32, 256x64, 128x128), every frame the panel's
size: Bob wins 3-2 (PB-30)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from pitchside.app.config import load_config
from pitchside.tables.registry import app_for
from pitchside_sim.run import check_expect, default_config_path
from pitchside_sim.scenario import load_scenario
from pitchside_sim.table import SimTable, sim_config

DEMO = Path(__file__).resolve().parents[2] / "sim" / "pitchside_sim" / "scenarios" / "pitchbowl_match.toml"


@pytest.mark.parametrize("size", [(128, 64), (128, 32), (256, 64), (128, 128)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_demo_game_ends_in_its_result_at_every_size(size: tuple[int, int]) -> None:
    app = app_for("pitchbowl")
    scenario = load_scenario(DEMO, app.buttons, ())
    base = sim_config(load_config(default_config_path("pitchbowl")), scenario.options, scenario.names)
    config = replace(base, display=replace(base.display, width=size[0], height=size[1]), serial=())
    sim = SimTable(config, seed=scenario.seed)
    try:
        for action in scenario.actions:
            sim.act(action, scenario.gap_s)
        out = sim.output()
        assert check_expect(out, scenario.expect) == []
        assert out["status"] == "finished" and out["score"] == {"A": 2, "B": 3}
        assert sim.runtime.display_errors == 0
        assert {f.size for _, f in sim.device.frames} == {size}
    finally:
        sim.close()
