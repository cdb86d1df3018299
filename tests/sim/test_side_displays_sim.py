"""Side displays on the simulated table: each is a recording luma dummy device; the
sim saves their frames beside the main display's."""

from __future__ import annotations

from pathlib import Path

from pitchside.cli.main import main
from pitchside.app.config import load_config
from pitchside.render.side import SideView, render_side
from pitchside_sim.table import SimTable, sim_config

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"
DEMO = ROOT / "sim" / "pitchside_sim" / "scenarios" / "pichenotte_match.toml"
SIDES = '[displays.side_a]\ndriver = "dummy"\ni2c_address = 0x3D\n\n[displays.side_b]\ndriver = "dummy"\ni2c_port = 3\n\n'


def config_with_sides(tmp_path: Path) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(EXAMPLE.read_text().replace("[pichenotte]", SIDES + "[pichenotte]"))
    return path


def test_each_side_display_shows_its_side_after_the_toss(tmp_path: Path) -> None:
    config = sim_config(load_config(config_with_sides(tmp_path)), {"pucks": 2}, ("Ann", "Bob"))
    sim = SimTable(config, seed=1)  # A wins the toss
    try:
        sim.press("shot_done")  # wake: the menu
        sim.advance_to(sim.now + 0.5)
        sim.press("coin")  # start and toss
        sim.advance_to(sim.now + 0.5)
        a, b = sim.side_devices["A"].frames[-1][1], sim.side_devices["B"].frames[-1][1]
        assert a.tobytes() == render_side(SideView("Ann", 0.0, True, "")).tobytes()
        assert b.tobytes() == render_side(SideView("Bob", 0.0, False, "")).tobytes()
    finally:
        sim.close()


def test_the_demo_with_side_displays_saves_their_frames_and_ends_with_the_score(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["sim", "pichenotte", "--config", str(config_with_sides(tmp_path)), "--script", str(DEMO),
                 "--out", str(out), "--no-terminal"]) == 0  # fmt: skip
    assert (out / "side_a" / "side_a.gif").exists() and (out / "side_b" / "side_b.gif").exists()
    from PIL import Image

    for side, name in (("a", "Ann"), ("b", "Bob")):
        last = Image.open(sorted((out / f"side_{side}").glob("frame_*.png"))[-1])
        small = last.resize((128, 64), Image.Resampling.NEAREST).convert("1")
        score, status = (4.5, "WINS") if side == "a" else (1.5, "")
        assert small.tobytes() == render_side(SideView(name, score, False, status)).tobytes()
