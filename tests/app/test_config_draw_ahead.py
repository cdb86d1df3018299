"""``[display] draw_ahead`` (:mod:`pitchside.app.ahead`): how many frames
the table draws while it waits; the assembly gives the runtime that many, for the
config's buttons and beams. A side display has no such key: it is refused there."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchside.app.ahead import DrawAhead
from pitchside.app.ahead import DRAW_AHEAD
from pitchside.app.config import load_config
from pitchside.core.errors import ConfigError

EXAMPLE = Path(__file__).resolve().parents[2] / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"


def config_with(tmp_path: Path, display_extra: str, sides: str = "") -> Path:
    text = EXAMPLE.read_text(encoding="utf-8").replace("[display]", "[display]\n" + display_extra, 1) + sides
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


CONFIGS = sorted(EXAMPLE.parent.glob("*.toml"))


@pytest.mark.parametrize("path", CONFIGS, ids=[p.stem for p in CONFIGS])
def test_the_default_has_room_for_a_frame_for_each_input_of_every_example_config(path: Path) -> None:
    config = load_config(path)
    assert config.display.draw_ahead == DRAW_AHEAD == 24
    assert len(config.buttons) + len(config.beams) <= DRAW_AHEAD


def test_the_example_config_with_the_most_inputs_has_18() -> None:
    counts = {p.stem: len(load_config(p).buttons) + len(load_config(p).beams) for p in CONFIGS}
    assert max(counts.values()) == 18 and counts["combo"] == 18 and counts["pitchbowl"] == 17


@pytest.mark.parametrize("value", [0, 5, 32])
def test_a_value_in_range_is_kept(tmp_path: Path, value: int) -> None:
    assert load_config(config_with(tmp_path, f"draw_ahead = {value}")).display.draw_ahead == value


@pytest.mark.parametrize("value", [-1, 33])
def test_a_value_out_of_range_is_refused_naming_the_key(tmp_path: Path, value: int) -> None:
    with pytest.raises(ConfigError, match=rf"display\.draw_ahead.*must be between 0 and 32, not {value}"):
        load_config(config_with(tmp_path, f"draw_ahead = {value}"))


def test_a_side_display_s_draw_ahead_is_refused(tmp_path: Path) -> None:
    side = '\n[displays.side_a]\ndriver = "ssd1306"\ninterface = "i2c"\ni2c_address = 0x3D\ndraw_ahead = 4\n'
    with pytest.raises(ConfigError, match=r"displays\.side_a\.draw_ahead.*main \[display\] only"):
        load_config(config_with(tmp_path, "", side))


def test_the_assembled_runtime_draws_ahead_for_the_config_s_buttons_and_beams(tmp_path: Path) -> None:
    from gpiozero.pins.mock import MockFactory

    from pitchside_hw.pins import TickClock
    from pitchside_hw.table import build_table
    from pitchside_hw.display import Display
    from pitchside_hw.partial import PartialSSD1306
    from luma.core.interface.serial import noop

    config = load_config(config_with(tmp_path, "draw_ahead = 3"))
    factory = MockFactory()
    try:
        device = PartialSSD1306(noop())
        device.persist = True
        t = build_table(config, pin_factory=factory, clock=TickClock(factory), journal=None,
                        open_display=lambda role, d: Display(device, persist=True), toss=lambda: "A")
        try:
            plan = t.runtime.parts.draw_ahead
            assert plan == DrawAhead(tuple(b.name for b in config.buttons), ("twenty",), limit=3)
            t.runtime.refresh()
            assert t.runtime.kiosk.mode == "attract"
            assert t.runtime.draw_ahead() == 1  # on the attract screen every press opens the same screen
        finally:
            t.inputs.close()
            t.display.close()
    finally:
        factory.close()


def test_a_side_display_draws_nothing_ahead(tmp_path: Path) -> None:
    side = '\n[displays.side_a]\ndriver = "ssd1306"\ninterface = "i2c"\ni2c_address = 0x3D\n'
    config = load_config(config_with(tmp_path, "", side))
    assert [(role, d.draw_ahead) for role, d in config.side_displays] == [("side_a", 0)]
    assert config.display.draw_ahead == DRAW_AHEAD
