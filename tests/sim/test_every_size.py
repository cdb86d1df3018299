"""Every game's demo match plays to its scenario's result in the simulator on every
panel size a table may carry (128x64, 128x32, 256x64, 128x128),
every frame at the panel's size and no display fault."""

from __future__ import annotations

from dataclasses import replace
from importlib import resources

import pytest

from pitchside.app.config import load_config
from pitchside.core.record.games import GAMES
from pitchside.tables.registry import app_for
from pitchside_sim.run import check_expect, default_config_path
from pitchside_sim.scenario import load_scenario
from pitchside_sim.table import SimTable, sim_config

SIZES = [(128, 64), (128, 32), (256, 64), (128, 128)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_the_demo_match_ends_in_its_result_at_every_size(game: str, size: tuple[int, int]) -> None:
    app = app_for(game)
    path = str(resources.files("pitchside_sim") / "scenarios" / f"{game}_match.toml")
    scenario = load_scenario(path, app.buttons, tuple(app.beams))
    base = sim_config(load_config(default_config_path(game)), scenario.options, scenario.names)
    config = replace(base, display=replace(base.display, width=size[0], height=size[1]))
    sim = SimTable(config, seed=scenario.seed)
    try:
        for action in scenario.actions:
            sim.act(action, scenario.gap_s)
        out = sim.output()
        assert check_expect(out, scenario.expect) == []
        assert out["status"] == "finished"
        assert sim.runtime.display_errors == 0
        assert {f.size for _, f in sim.device.frames} == {size}
    finally:
        sim.close()
