"""Side displays: a small OLED at each player's end (config roles ``side_a`` and
``side_b``) with that side's name, score and turn, for every game."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from pitchside.tables import effects as fx
from pitchside.tables import kiosk as k
from pitchside.tables import pichenotte as t
from pitchside.app.config import ConfigError, load_config
from pitchside.app.runtime import Runtime, TableParts
from pitchside.core.rules import pichenotte as rules
from pitchside.render.kiosk import AttractView
from pitchside.render.panel import Panel
from pitchside.render.side import SideView, render_side
from pitchside.signals.events import ButtonPressed

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml").read_text()
SIDES = """
[displays.side_a]
driver = "ssd1306"
i2c_address = 0x3D

[displays.side_b]
driver = "sh1106"
interface = "spi"
spi_port = 0
spi_device = 1
width = 128
height = 64
"""


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "table.toml"
    p.write_text(text)
    return p


def test_side_displays_are_read_by_role(tmp_path: Path) -> None:
    text = EXAMPLE.replace("[pichenotte]", SIDES + "\n[pichenotte]")  # the example leaves SPI's pins free
    cfg = load_config(write(tmp_path, text))
    roles = dict(cfg.side_displays)
    assert roles["side_a"].i2c_address == 0x3D and roles["side_a"].driver == "ssd1306"
    assert roles["side_b"].interface == "spi" and roles["side_b"].spi_device == 1


def test_a_side_display_on_the_main_display_s_i2c_address_is_refused(tmp_path: Path) -> None:
    text = EXAMPLE.replace("[pichenotte]", '[displays.side_a]\ni2c_address = 0x3C\n\n[pichenotte]')
    with pytest.raises(ConfigError) as info:
        load_config(write(tmp_path, text))
    assert (info.value.key, info.value.message) == (
        "displays.side_a.i2c_address", "i2c-1 address 0x3c is already used by display")


def test_an_spi_side_display_reserves_its_pins_from_the_buttons(tmp_path: Path) -> None:
    text = EXAMPLE.replace("[pichenotte]", SIDES + "\n[pichenotte]").replace('minus = "GPIO21"', 'minus = "GPIO25"')
    with pytest.raises(ConfigError) as info:
        load_config(write(tmp_path, text))
    assert info.value.key == "buttons.minus"  # buttons are checked in name order
    assert info.value.message == ("GPIO25 is used by the display (the SPI panel's reset line, gpio_rst): use GPIO21 "
                                  "(header pin 40), which nothing on this table uses")


def test_an_unknown_display_role_is_named(tmp_path: Path) -> None:
    text = EXAMPLE.replace("[pichenotte]", '[displays.scoreboard]\ndriver = "ssd1306"\n\n[pichenotte]')
    with pytest.raises(ConfigError) as info:
        load_config(write(tmp_path, text))
    assert info.value.key == "displays.scoreboard"


def tossed_kiosk() -> k.KioskState:
    ts = t.new_table(rules.Options(pucks=2), ("Ann", "Bob"))
    ks, _ = k.start(k.KioskSettings(attract=False), ts, (), 0.0)
    ks, _ = k.handle(ks, fx.CoinTossed("B", 1.0))
    return ks


def test_side_view_has_the_side_s_name_score_and_turn() -> None:
    ks = tossed_kiosk()
    assert k.side_view(ks, "A") == SideView("Ann", 0.0, False, "")
    assert k.side_view(ks, "B") == SideView("Bob", 0.0, True, "")


def test_side_view_on_an_idle_table_is_the_moving_attract_screen() -> None:
    ts = t.new_table(rules.Options(pucks=2), ("Ann", "Bob"))
    ks, _ = k.start(k.KioskSettings(), ts, (), 0.0)
    ks = replace(ks, shift=2)
    assert k.side_view(ks, "A") == AttractView("PICHENOTTE", (), k.SHIFTS[2])


def test_side_display_screen_draws_half_points_and_the_turn_arrow() -> None:
    turn = render_side(SideView("Ann", 2.5, True, ""))
    idle = render_side(SideView("Ann", 2.5, False, ""))
    assert turn.size == (128, 64) and turn.mode == "1"
    assert turn.getpixel((5, 38)) != 0 and idle.getpixel((5, 38)) == 0  # the arrow
    assert turn.crop((0, 0, 128, 13)).getbbox() is not None
    with pytest.raises(ValueError):
        render_side(SideView("Ann", 1.0), (64, 32))


class Sink:
    def __init__(self) -> None:
        self.frames: list[Image.Image] = []
        self.levels: list[int] = []

    def show(self, image: Image.Image) -> None:
        self.frames.append(image)

    def contrast(self, level: int) -> None:
        self.levels.append(level)


def test_runtime_keeps_each_side_display_in_step_and_dims_all_displays() -> None:
    main, a, b = Sink(), Sink(), Sink()
    clock = [0.0]
    rt = Runtime(t.new_table(rules.Options(pucks=2), ("Ann", "Bob")), TableParts(main, lambda: "A", lambda: clock[0],
                 settings=k.KioskSettings(attract=False, dim_after_s=10),
                 side_sinks={"A": (a, (128, 64)), "B": (b, (128, 64))}))  # fmt: skip
    rt.refresh()
    assert len(a.frames) == 1 and len(b.frames) == 1
    rt.post(ButtonPressed("coin", 1.0))
    rt.process_pending()  # A won the toss: A's side shows the turn; B's is unchanged
    assert a.frames[-1].tobytes() == render_side(SideView("Ann", 0.0, True, "")).tobytes()
    assert b.frames[-1].tobytes() == render_side(SideView("Bob", 0.0, False, "")).tobytes()
    assert (len(a.frames), len(b.frames)) == (2, 1)
    rt.post(ButtonPressed("call", 2.0))  # refused on a free shot: only the main display changes
    rt.process_pending()
    assert (len(a.frames), len(b.frames)) == (2, 1)
    clock[0] = 20.0
    rt.fire_due(20.0)
    rt.process_pending()
    assert main.levels[-1] == a.levels[-1] == b.levels[-1] == 16  # dimmed together


SIDE_PANELS = [Panel(128, 64), Panel(128, 32), Panel(256, 64, "L"), Panel(128, 128, "L"), Panel(128, 128, "RGB")]
SIDE_VIEWS = {"turn_half": SideView("Ann", 12.5, True, "WINS"), "long_name": SideView("MAXIMILIAN-ALEXANDER", 3.0),
              "on_hold": SideView("Bob", 0.5, False, "ON HOLD")}


@pytest.mark.parametrize("panel", SIDE_PANELS, ids=lambda p: f"{p.width}x{p.height}-{p.mode}")
def test_a_side_display_is_laid_out_on_every_panel_with_its_name_whole(panel: Panel,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The side screen is laid out per panel (it was drawn at 96x48 and
    up only, 128x32 refused), its name and status drawn whole (paged, never cut)."""
    from pitchside.render.screen import Frame
    from support.golden import GOLDEN, check_golden
    from support.textfit import TextFit, draw_every_page

    with TextFit(monkeypatch) as fit:
        for name, view in SIDE_VIEWS.items():
            fit.clear()
            draw_every_page(fit, Frame(view), panel)
            assert fit.problems(panel.size) == [] and fit.shows(view.name), name
            assert not view.status or fit.shows(view.status), name
            folder = f"{panel.width}x{panel.height}" + ("rgb" if panel.mode == "RGB" else "")
            check_golden(render_side(view, panel), GOLDEN / "side" / folder / f"{name}.png", panel.size, panel.mode)


def test_two_spi_panels_share_a_dc_line_but_not_a_reset_line(tmp_path: Path) -> None:
    spi = ('[display]\ndriver = "ssd1322"\ninterface = "spi"\nwidth = 256\nheight = 64\n\n'
           '[displays.side_a]\ndriver = "ssd1306"\ninterface = "spi"\nspi_device = 1\nwidth = 128\nheight = 32\n')
    main_display = EXAMPLE[EXAMPLE.index("[display]"):EXAMPLE.index("\n\n", EXAMPLE.index("[display]"))]
    text = EXAMPLE.replace(main_display + "\n", spi)
    with pytest.raises(ConfigError) as info:
        load_config(write(tmp_path, text))
    assert (info.value.key, info.value.message) == (
        "displays.side_a.gpio_rst", "GPIO25 is already the reset line of display: give each SPI panel its own reset "
                                    "line (opening this one would reset the other)")
    cfg = load_config(write(tmp_path, text.replace("spi_device = 1\n", 'spi_device = 1\ngpio_rst = "GPIO18"\n')))
    (side,) = [d for _, d in cfg.side_displays]
    assert (cfg.display.gpio_dc, side.gpio_dc, side.gpio_rst) == ("GPIO24", "GPIO24", "GPIO18")
