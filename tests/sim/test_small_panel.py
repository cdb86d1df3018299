"""A 128x32 panel: `check-config` passed it and then the table stopped
with a traceback at its first frame (the screens needed 96x48). Now the config check
and the table agree: the demo Pichenotte match plays to its end on the reduced layout,
every frame 128x32."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from PIL import Image

from pitchside.app.config import load_config
from pitchside.cli.main import main
from pitchside_sim.run import default_config_path
from pitchside_sim.scenario import load_scenario
from pitchside_sim.table import SimTable, sim_config
from pitchside.tables.registry import app_for


def test_a_128x32_pichenotte_table_passes_check_config_and_plays_its_match(tmp_path: Path) -> None:
    text = Path(default_config_path("pichenotte")).read_text()
    assert text.count("height = 64") == 1
    path = tmp_path / "table.toml"
    path.write_text(text.replace("height = 64", "height = 32"))
    assert main(["check-config", str(path)]) == 0
    app = app_for("pichenotte")
    scenario = load_scenario(str(resources.files("pitchside_sim") / "scenarios" / "pichenotte_match.toml"),
                             app.buttons, tuple(app.beams))
    config = sim_config(load_config(path), scenario.options, scenario.names)
    assert (config.display.width, config.display.height) == (128, 32)
    frames: list[Image.Image] = []
    sim = SimTable(config, seed=scenario.seed, on_frame=frames.append)
    try:
        for action in scenario.actions:
            sim.act(action, scenario.gap_s)
        assert sim.runtime.state.match.outcome() is not None
    finally:
        sim.close()
    assert len(frames) > 50 and {f.size for f in frames} == {(128, 32)}
