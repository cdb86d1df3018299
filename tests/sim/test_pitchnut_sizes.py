"""The Pitchnut demo match plays to its result in the simulator on every panel size a
table may carry (issue 14: 128x64, 128x32, 256x64, 128x128), every frame the panel's
size and no display error: Ann wins 2-0 (game 2 by PN-22, the poison with an opponent's
piece)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from pitchside.app.config import load_config
from pitchside.tables.registry import app_for
from pitchside_sim.run import check_expect, default_config_path
from pitchside_sim.scenario import load_scenario
from pitchside_sim.table import SimTable, sim_config

DEMO = Path(__file__).resolve().parents[2] / "sim" / "pitchside_sim" / "scenarios" / "pitchnut_match.toml"


@pytest.mark.parametrize("size", [(128, 64), (128, 32), (256, 64), (128, 128)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_demo_match_ends_in_its_result_at_every_size(size: tuple[int, int]) -> None:
    app = app_for("pitchnut")
    scenario = load_scenario(DEMO, app.buttons, tuple(app.beams))
    base = sim_config(load_config(default_config_path("pitchnut")), scenario.options, scenario.names)
    config = replace(base, display=replace(base.display, width=size[0], height=size[1]))
    sim = SimTable(config, seed=scenario.seed)
    try:
        for action in scenario.actions:
            sim.act(action, scenario.gap_s)
        out = sim.output()
        assert check_expect(out, scenario.expect) == []
        assert out["status"] == "finished" and out["score"] == {"A": 2, "B": 0}
        assert sim.runtime.display_errors == 0
        assert {f.size for _, f in sim.device.frames} == {size}
    finally:
        sim.close()
