"""The drivers' limits for the config checks (the ``pitchside.hardware`` entry point).

``pitchside check-config`` runs the very checks :func:`pitchside_hw.display.open_device`
and :func:`pitchside_hw.pins.make_pin_factory` run at start, without touching a bus: the
display is built by its luma driver on a bus that drops every byte, so the driver's own
size table decides (an ssd1306 of a size luma cannot drive).
"""

from __future__ import annotations

import functools
from typing import Any

from pitchside.app.config import DisplayConfig
from pitchside.app.limits import HardwareLimits
from pitchside.core.errors import ConfigError
from pitchside.render.panel import LAYOUTS
from pitchside_hw.display import SPI_SPEEDS_HZ, drivers, open_device
from pitchside_hw.pins import FACTORY_NAMES

SUGGESTED_ORDER = (4, 5, 6, 12, 13, 16, 17, 19, 21, 22, 23, 26, 27, 18, 20, 15, 14)
"""The order ``check-config`` suggests a free GPIO in, instead of one in use: the
header's plain GPIOs first; then GPIO18 and GPIO20, which the example tables keep for
a buzzer (GPIO18 is a hardware PWM pin) and a coin acceptor; then the UART's RXD and
TXD (free while the serial console is off). Never suggested: GPIO0/1 (the HAT's ID
EEPROM), GPIO2/3 (I2C1), GPIO7-11 (SPI0) and GPIO24/25 (an SPI panel's DC and RST):
the one pin map of every example table keeps them off inputs, so any table may change
its panel between I2C and SPI without moving a wire (WIRING_GUIDE.md, "One pin map")."""

PANEL_SIZES = (
    (128, 64), (128, 32), (96, 16), (64, 48), (64, 32), (128, 128), (72, 40), (64, 128), (128, 96),
    (96, 96), (96, 64), (256, 64), (256, 128), (160, 128), (128, 160), (192, 64), (240, 240),
)  # fmt: skip
"""Panel sizes (px) tried on a driver to name the ones it drives, in the message for a
size it does not."""


class _NullBus:
    """A bus that accepts and drops everything (luma's drivers call these three)."""

    def command(self, *cmd: int) -> None:
        pass

    def data(self, data: list[int]) -> None:
        pass

    def cleanup(self) -> None:
        pass


def _build(driver: str, width: int, height: int, **kwargs: Any) -> None:
    """Build the driver's device on :class:`_NullBus` (its init sequence dropped).

    :raises ConfigError: what :func:`open_device` refuses (its key: a parameter name).
    """
    device = open_device(driver, "noop", width=width, height=height, serial=_NullBus(), **kwargs)
    device.cleanup = lambda: None  # luma's atexit hook: nothing to switch off


@functools.cache
def sizes(driver: str) -> tuple[tuple[int, int], ...]:
    """The sizes of :data:`PANEL_SIZES` that ``driver`` drives."""
    found = []
    for w, h in PANEL_SIZES:
        try:
            _build(driver, w, h)
        except ConfigError:
            continue
        found.append((w, h))
    return tuple(found)


def check_display(d: DisplayConfig) -> list[tuple[str, str]]:
    """``[(key, message)]`` for what the table would refuse of ``d`` at start, ``[]``
    when it would build and draw on it: the driver's own checks (the size, rotate,
    ``page_address_offset``), then whether the screens have a layout for the size
    (:data:`pitchside.render.panel.LAYOUTS`: a size the driver drives
    but no screen lays out is refused here, not with a traceback at the first frame).
    The message names the sizes the driver drives that have a layout."""
    if d.driver not in drivers():
        return []  # named by the config's own check of the driver name
    if d.interface == "spi" and d.bus_speed_hz not in SPI_SPEEDS_HZ:
        return [("bus_speed_hz", f"{d.bus_speed_hz} Hz is not an SPI clock luma drives; use one of "
                                 f"{', '.join(str(s) for s in SPI_SPEEDS_HZ)} (8000000, 8 MHz, suits a panel "
                                 "a hand's width from the Pi)")]

    def usable() -> str:  # for a message only: sizes() builds the driver at 17 sizes (start-up)
        return ", ".join(f"{w}x{h}" for w, h in sizes(d.driver) if (w, h) in LAYOUTS) or "none"

    try:
        _build(d.driver, d.width, d.height, rotate=d.rotate, page_address_offset=d.page_address_offset,
               partial=d.partial)  # fmt: skip
    except ConfigError as exc:
        if exc.key == "width" and "cannot drive" in exc.message:
            return [("width", f"{d.driver} cannot drive {d.width}x{d.height} px; the sizes it drives that the "
                              f"screens lay out are {usable()}: set width and height to one of these "
                              "(or choose the panel's driver)")]
        return [(exc.key, exc.message)]
    if (d.width, d.height) not in LAYOUTS:
        return [("width", f"the screens have no layout for a {d.width}x{d.height} px panel; the sizes "
                          f"{d.driver} drives that the screens lay out are {usable()}: set width and height to one "
                          "of these (or choose the panel's driver)")]
    if d.rotate % 2 and (d.height, d.width) not in LAYOUTS:  # a quarter turn: the screens draw height x width
        turnable = ", ".join(f"{w}x{h}" for w, h in sorted(LAYOUTS) if (h, w) in LAYOUTS) or "none"
        return [("rotate", f"rotate = {d.rotate} turns the {d.width}x{d.height} px panel to {d.height}x{d.width} "
                           "(upright), and the screens have no layout for that; use rotate = 0 or 2 (the panel "
                           f"mounted upside down), or a panel whose turned size has one: {turnable}")]
    return []


def header_pins() -> tuple[tuple[str, int], ...]:
    """``("GPIOn", header pin)`` of :data:`SUGGESTED_ORDER`, the header pin numbers from
    gpiozero's own data of the 40-pin header (J8, the same on every 40-pin Pi)."""
    from pitchside_hw.header import header

    where = {p.name: p.number for p in header() if p.bcm is not None}
    return tuple((f"GPIO{n}", where[f"GPIO{n}"]) for n in SUGGESTED_ORDER)


def limits() -> HardwareLimits:
    """The entry point: the pin factories and display drivers of ``pitchside_hw``."""
    return HardwareLimits(
        pin_factories=FACTORY_NAMES,
        display_drivers=drivers(),
        check_display=check_display,
        source="pitchside_hw",
        header_pins=header_pins,
    )
