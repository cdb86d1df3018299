"""The table config's displays: ``[display]`` (the main one) and ``[displays.ROLE]``
(a side display at each player's end), each checked by its driver as it would be built
at start, no two on one bus address, into frozen dataclasses.

Part of :mod:`pitchside.app.config`, which reads the whole file and exports these
records; the lines an SPI panel takes are checked with
:func:`pitchside.app.config_pins.check_spi_lines`.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.app.ahead import DRAW_AHEAD, DRAW_AHEAD_MAX
from pitchside.app.config_pins import SPI_DC_PIN, SPI_RST_PIN, check_spi_lines
from pitchside.app.config_reader import Section
from pitchside.app.limits import HardwareLimits


@dataclass(frozen=True, slots=True)
class DisplayConfig:
    """A luma display device by driver name (``ssd1306``, ``sh1106``, ... or ``dummy``)
    on an interface (``i2c``, ``spi``, ``noop``); sizes in px, ``rotate`` in quarter
    turns (0-3, luma's meaning)."""

    driver: str = "ssd1306"
    interface: str = "i2c"
    width: int = 128
    height: int = 64
    rotate: int = 0
    i2c_port: int = 1
    i2c_address: int = 0x3C
    spi_port: int = 0
    spi_device: int = 0
    gpio_dc: str = SPI_DC_PIN
    """SPI only: the BCM pin of the panel's data/command line (luma's ``gpio_DC``)."""
    gpio_rst: str = SPI_RST_PIN
    """SPI only: the BCM pin of the panel's reset line (luma's ``gpio_RST``)."""
    bus_speed_hz: int = 8_000_000
    """SPI only: the bus clock, one of luma's speeds (8 MHz: luma's default)."""
    persist: bool = True
    partial: bool = True
    """ssd1306/sh1106: send only what changed (``pitchside_hw.partial``), a full frame
    every 32; false: luma's driver as it is (a whole frame every time)."""
    page_address_offset: int | None = None
    """sh1106 only: the panel's first column in the chip's 132-column RAM (None: luma's
    default 2; 0 for the 1.3" modules (luma.oled#376) whose picture is shifted
    by two columns with a stripe of noise at one edge)."""
    draw_ahead: int = DRAW_AHEAD
    """The main display only: how many frames the table draws while it waits, one for each
    likely next input (a press of each button, a piece through each beam), so that
    when one comes only the rules run before its frame goes out
    (:mod:`pitchside.app.ahead`); 0: none (each frame drawn when it is needed). 0 on a
    side display, which draws nothing ahead."""


SIDE_ROLES = ("side_a", "side_b")
"""Roles of the side displays (``[displays.side_a]``, ``[displays.side_b]``): a small
OLED at each player's end showing that side's name and score."""


def _read_display(d: Section, limits: HardwareLimits, main: bool = True) -> DisplayConfig:
    """One display table (``[display]``, ``main``, or ``[displays.ROLE]``), checked by its
    driver (:attr:`HardwareLimits.check_display`) as it would be built at start."""
    offset: int | None = None
    if "page_address_offset" in d.raw:
        offset = d.integer("page_address_offset", 2, 0, 131)
    display = DisplayConfig(
        driver=d.choice("driver", limits.display_drivers, "ssd1306"),
        interface=d.choice("interface", ("i2c", "spi", "noop"), "i2c"),
        width=d.integer("width", 128, 8, 512),
        height=d.integer("height", 64, 8, 512),
        rotate=d.integer("rotate", 0, 0, 3),
        i2c_port=d.integer("i2c_port", 1, 0, 31),
        i2c_address=d.integer("i2c_address", 0x3C, 0x03, 0x77),
        spi_port=d.integer("spi_port", 0, 0, 6),
        spi_device=d.integer("spi_device", 0, 0, 3),
        gpio_dc=(d.pin("gpio_dc") if "gpio_dc" in d.raw else None) or SPI_DC_PIN,
        gpio_rst=(d.pin("gpio_rst") if "gpio_rst" in d.raw else None) or SPI_RST_PIN,
        bus_speed_hz=d.integer("bus_speed_hz", 8_000_000, 500_000, 52_000_000),
        persist=d.get("persist", bool, True),
        partial=d.get("partial", bool, True),
        page_address_offset=offset,
        draw_ahead=d.integer("draw_ahead", DRAW_AHEAD, 0, DRAW_AHEAD_MAX) if main else 0,
    )
    if not main and "draw_ahead" in d.raw:
        d.read.add("draw_ahead")
        d.fail("draw_ahead", "is a setting of the main [display] only (it draws the next frames ahead)")
    d.done()
    for key, message in limits.check_display(display):
        d.fail(key, message)
    return display


def read_displays(top: Section, limits: HardwareLimits) -> tuple[DisplayConfig, tuple[tuple[str, DisplayConfig], ...]]:
    """``[display]`` and the side displays; no two on one bus address."""
    display = _read_display(top.sub("display"), limits)
    sides_sec = top.sub("displays")
    side_displays: list[tuple[str, DisplayConfig]] = []
    for role in sorted(sides_sec.raw):
        if role not in SIDE_ROLES:
            sides_sec.read.add(role)
            sides_sec.fail(role, f"not a display role ({', '.join(SIDE_ROLES)}; the main one is [display])")
            continue
        side_displays.append((role, _read_display(sides_sec.sub(role), limits, main=False)))
    sides_sec.done()
    seen_bus: dict[tuple[str, int, int], str] = {}
    for key, disp in [("display", display), *((f"displays.{r}", dc) for r, dc in side_displays)]:
        bus = (disp.interface, disp.i2c_port, disp.i2c_address) if disp.interface == "i2c" else (
            disp.interface, disp.spi_port, disp.spi_device)
        if disp.interface != "noop" and bus in seen_bus:
            where = f"i2c-{bus[1]} address {bus[2]:#04x}" if bus[0] == "i2c" else f"spi{bus[1]}.{bus[2]}"
            top.problems.add(f"{key}.{'i2c_address' if bus[0] == 'i2c' else 'spi_device'}",
                             f"{where} is already used by {seen_bus[bus]}")
        seen_bus.setdefault(bus, key)
    check_spi_lines([("display", display), *((f"displays.{r}", dc) for r, dc in side_displays)], top.problems)
    return display, tuple(side_displays)
