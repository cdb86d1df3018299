"""Every example config, bench panel and recommended panel alike, starts on the real
drivers: ``check-config`` accepts it, and the table built from it by the real opener
(:func:`pitchside_hw.table.open_display`: the config's luma driver, size, rotation and
SPI settings) draws its first frame on luma's noop bus. The SPI open path itself, with
the config's DC and RST pins, port, device and clock, runs through luma's ``spi``
interface on a recording bus and GPIO module (no spidev or RPi.GPIO here)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory
from luma.core.interface.serial import noop

from pitchside.app.config import load_config
from pitchside.cli.main import main
from pitchside_hw.display import open_device
from pitchside_hw.pins import TickClock
from pitchside_hw.table import build_table, open_display

CONFIGS = Path(__file__).resolve().parents[2] / "hardware" / "pitchside_hw" / "configs"
EXAMPLES = sorted(CONFIGS.glob("*.toml"))
RECOMMENDED = {  # README, "Which panel for which table"
    "pichenotte_ssd1309": ("ssd1309", "i2c", (128, 64), "1"),
    "pitchnut_ssd1309": ("ssd1309", "i2c", (128, 64), "1"),
    "boulomania_ssd1322": ("ssd1322", "spi", (256, 64), "RGB"),  # luma greys the RGB frame
    "pitchbowl_ssd1322": ("ssd1322", "spi", (256, 64), "RGB"),
    "mastermove_ssd1351": ("ssd1351", "spi", (128, 128), "RGB"),
}


def test_each_game_has_a_bench_and_a_recommended_example() -> None:
    stems = {p.stem for p in EXAMPLES}
    for game in ("pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove"):
        bench = load_config(CONFIGS / f"{game}.toml").display
        assert (bench.driver, bench.interface, bench.width, bench.height) == ("ssd1306", "i2c", 128, 64)
        (recommended,) = [s for s in RECOMMENDED if s.startswith(game + "_")]
        assert recommended in stems
    for stem, (driver, interface, size, _) in RECOMMENDED.items():
        d = load_config(CONFIGS / f"{stem}.toml").display
        assert (d.driver, d.interface, (d.width, d.height)) == (driver, interface, size)


def test_bench_and_recommended_differ_in_their_panel_only() -> None:
    """One pin map: the recommended panel's config wires every part as the bench one,
    with the same options, storage and kiosk; only the displays differ."""
    for stem in RECOMMENDED:
        game = stem.split("_")[0]
        bench, rec = load_config(CONFIGS / f"{game}.toml"), load_config(CONFIGS / f"{stem}.toml")
        assert (rec.buttons, rec.beams, rec.serial) == (bench.buttons, bench.beams, bench.serial)
        assert dataclasses.replace(rec, source=bench.source, display=bench.display,
                                   side_displays=bench.side_displays) == bench  # fmt: skip


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_example_is_accepted_and_draws_its_first_frame_on_lumas_noop_bus(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check-config", str(path)]) == 0
    assert ": OK: " in capsys.readouterr().out
    config = load_config(path)
    config = dataclasses.replace(
        config, pin_factory="mock", serial=(),
        display=dataclasses.replace(config.display, interface="noop"),
        side_displays=tuple((r, dataclasses.replace(d, interface="noop")) for r, d in config.side_displays),
    )  # fmt: skip
    factory = MockFactory()
    try:
        table = build_table(config, pin_factory=factory, clock=TickClock(factory), open_display=open_display(config),
                            journal=None)
        try:
            table.runtime.refresh()
            d = config.display
            assert (table.display.size, table.display.frames_sent) == ((d.width, d.height), 1)
            assert type(table.display.device).__name__.lower().removeprefix("partial") == d.driver
            if path.stem in RECOMMENDED:
                assert table.display.mode == RECOMMENDED[path.stem][3]
        finally:
            table.close()
    finally:
        factory.close()


class Recording(noop):  # type: ignore[misc]
    """luma's own noop interface, recording each call made on it: a stand-in for
    ``spidev.SpiDev()`` and for the ``RPi.GPIO`` module, which this machine lacks."""

    def __init__(self, calls: list[tuple[str, tuple[Any, ...]]], **constants: Any) -> None:
        object.__setattr__(self, "_calls", calls)
        for name, value in constants.items():
            object.__setattr__(self, name, value)

    def __getattr__(self, attr: str) -> Any:
        calls = object.__getattribute__(self, "_calls")
        return lambda *args, **kwargs: calls.append((attr, args))

    def __setattr__(self, attr: str, val: Any) -> None:
        object.__getattribute__(self, "_calls").append(("set " + attr, (val,)))


@pytest.mark.parametrize("stem", ["boulomania_ssd1322", "mastermove_ssd1351"])
def test_an_spi_panel_opens_through_lumas_spi_with_the_configs_pins(stem: str, monkeypatch: pytest.MonkeyPatch) -> None:
    config = load_config(CONFIGS / f"{stem}.toml")
    d = dataclasses.replace(config.display, gpio_dc="GPIO6", gpio_rst="GPIO5", spi_device=1, bus_speed_hz=4_000_000)
    bus_calls: list[tuple[str, tuple[Any, ...]]] = []
    gpio_calls: list[tuple[str, tuple[Any, ...]]] = []
    bus = Recording(bus_calls)
    gpio = Recording(gpio_calls, BCM="BCM", OUT="OUT", LOW=0, HIGH=1)
    opened = open_display(dataclasses.replace(config, display=d))

    import pitchside_hw.table as table_module

    def with_stand_ins(*args: Any, **kwargs: Any) -> Any:
        return open_device(*args, spi_bus=bus, gpio=gpio, **kwargs)

    monkeypatch.setattr(table_module, "open_device", with_stand_ins)
    display = opened("display", d)
    assert display.size == (d.width, d.height)
    assert bus_calls[:2] == [("open", (0, 1)), ("set max_speed_hz", (4_000_000,))]
    # DC and RST set up as outputs, the reset pulse on RST, then DC low for each command
    assert gpio_calls[:5] == [("setup", (6, "OUT")), ("setup", (5, "OUT")), ("output", (5, 0)), ("output", (5, 1)),
                              ("output", (6, 0))]  # fmt: skip
    assert {args[0] for name, args in gpio_calls if name == "output"} == {5, 6}  # no other pin is driven
    assert any(name == "writebytes" for name, _ in bus_calls)  # the init sequence went over the bus
    display.persist = False
    display.close()


def test_open_device_passes_the_spi_settings_to_luma() -> None:
    calls: list[tuple[str, tuple[Any, ...]]] = []
    gpio = Recording(calls, BCM="BCM", OUT="OUT", LOW=0, HIGH=1)
    device = open_device("ssd1322", "spi", width=256, height=64, spi_port=0, spi_device=0, gpio_DC=24, gpio_RST=25,
                         bus_speed_hz=8_000_000, spi_bus=Recording([]), gpio=gpio)
    assert (device.width, device.height, device.mode) == (256, 64, "RGB")
    assert ("setup", (24, "OUT")) in calls and ("setup", (25, "OUT")) in calls
    device.cleanup = lambda: None
