"""Which pins a table's parts take, and the check that no two share one.

The displays' buses take fixed pins (I2C1: GPIO2/3; SPI0: GPIO7-11) and an SPI panel
two more, its data/command and reset lines (``[display] gpio_dc`` and ``gpio_rst``,
GPIO24 and GPIO25 by default, luma's own). An input or output put on one of them is
refused, naming the pin to use instead: the first of the header's free GPIOs that
the drivers list (:attr:`pitchside.app.limits.HardwareLimits.header_pins`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from pitchside.app.config_reader import Problems

if TYPE_CHECKING:
    from pitchside.app.config_displays import DisplayConfig

SPI_BUS_PINS = {0: (7, 8, 9, 10, 11), 1: (16, 17, 18, 19, 20, 21)}
"""BCM pins the kernel's SPI bus takes (CE1 CE0 MISO MOSI SCLK; spi1: CE2 CE1 CE0 MISO
MOSI SCLK) once enabled, by ``spi_port``."""
I2C_BUS_PINS = {1: (2, 3)}
"""BCM pins (SDA, SCL) of the header's I2C bus, by ``i2c_port``."""
SPI_DC_PIN, SPI_RST_PIN = "GPIO24", "GPIO25"
"""The default DC and RST lines of an SPI display (luma's ``gpio_DC``/``gpio_RST``)."""
SPI_BUS_ROLES = {0: ("CE1", "CE0", "MISO", "MOSI", "SCLK"), 1: ("CE2", "CE1", "CE0", "MISO", "MOSI", "SCLK")}
KEPT_FOR_PANELS = {
    "GPIO2": "I2C1 SDA (I2C panels and side displays)", "GPIO3": "I2C1 SCL (I2C panels and side displays)",
    **{f"GPIO{p}": f"SPI0 {r} (SPI panels)" for p, r in zip(SPI_BUS_PINS[0], SPI_BUS_ROLES[0])},
    SPI_DC_PIN: "an SPI panel's DC line", SPI_RST_PIN: "an SPI panel's reset line",
}  # fmt: skip
"""The pins every example table keeps for the panels (WIRING_GUIDE.md, "One pin map"):
an input or output there, on a bus no display of this table uses, is a warning."""


def display_pins(display: DisplayConfig) -> dict[str, str]:
    """The BCM pins the display takes, ``{"GPIOn": what}``, so no input is put on them."""
    pins: dict[str, str] = {}
    if display.interface == "i2c":
        for pin, role in zip(I2C_BUS_PINS.get(display.i2c_port, ()), ("SDA", "SCL")):
            pins[f"GPIO{pin}"] = f"I2C{display.i2c_port} {role}"
    elif display.interface == "spi":
        for pin, role in zip(SPI_BUS_PINS.get(display.spi_port, ()), SPI_BUS_ROLES.get(display.spi_port, ())):
            pins[f"GPIO{pin}"] = f"SPI{display.spi_port} {role}"
    found = {pin: f"display.interface = {display.interface!r}: {role}" for pin, role in pins.items()}
    if display.interface == "spi":
        found[display.gpio_dc] = "the SPI panel's DC line, gpio_dc"
        found[display.gpio_rst] = "the SPI panel's reset line, gpio_rst"
    return found


def check_pins(problems: Problems, uses: Iterable[tuple[str, str]], displays: list[DisplayConfig],
               header_pins: Callable[[], tuple[tuple[str, int], ...]] = tuple) -> None:
    """No pin used twice, and none the displays take.

    :param uses: ``(key, "GPIOn")`` of every input and output, in the config's order.
    :param header_pins: gives the header's GPIOs free for inputs and outputs,
        ``("GPIOn", header pin)``, in the order one is suggested (none: no suggestion);
        called only on a clash.
    """
    uses = list(uses)
    reserved: dict[str, str] = {}
    for disp in displays:
        for pin, what in display_pins(disp).items():
            reserved.setdefault(pin, what)
    used: dict[str, str] = {}
    clashes: list[tuple[str, str]] = []
    kept: list[tuple[str, str]] = []
    for key, pin in uses:
        if pin in used:
            clashes.append((key, f"{pin} is already used by {used[pin]}"))
        elif pin in reserved:
            clashes.append((key, f"{pin} is used by the display ({reserved[pin]})"))
        else:
            used[pin] = key
            if pin in KEPT_FOR_PANELS:
                kept.append((key, f"{pin} is {KEPT_FOR_PANELS[pin]}: free on this table, but the one pin map keeps "
                                  "it off inputs so the panel can change without rewiring"))
    if not clashes and not kept:
        return
    known = header_pins()
    taken = {pin for _, pin in uses} | set(reserved) | _bus_pins(displays)
    free = [(pin, number) for pin, number in known if pin not in taken]
    for key, message in clashes:
        problems.add(key, message + _instead(free, bool(known)))
        if free:
            free.pop(0)  # one suggestion per clash
    for key, message in kept:
        problems.warn(key, message + (_instead(free, bool(known)) if free else ""))
        if free:
            free.pop(0)


def check_spi_lines(displays: list[tuple[str, DisplayConfig]], problems: Problems) -> None:
    """SPI panels may share a DC line (it counts only while a panel's CS is low) but
    never a reset line: luma pulses RST as it opens each panel, which would blank the
    one opened before."""
    lines: dict[str, str] = {}
    for key, d in displays:
        if d.interface != "spi":
            continue
        if d.gpio_dc == d.gpio_rst:
            problems.add(f"{key}.gpio_rst", f"{d.gpio_rst} is also gpio_dc: the panel's DC and reset are two lines")
        if d.gpio_rst in lines:
            problems.add(f"{key}.gpio_rst", f"{d.gpio_rst} is already {lines[d.gpio_rst]}: give each SPI panel its "
                                            "own reset line (opening this one would reset the other)")
        if d.gpio_dc in lines and lines[d.gpio_dc].startswith("the reset"):
            problems.add(f"{key}.gpio_dc", f"{d.gpio_dc} is already {lines[d.gpio_dc]}")
        lines.setdefault(d.gpio_rst, f"the reset line of {key}")
        lines.setdefault(d.gpio_dc, f"the DC line of {key}")


def _bus_pins(displays: list[DisplayConfig]) -> set[str]:
    """Pins never suggested: the I2C1 and SPI0 buses and every display's DC and RST (a
    panel may change from I2C to SPI; the pin map keeps them free on every table)."""
    pins = {f"GPIO{p}" for p in (*I2C_BUS_PINS[1], *SPI_BUS_PINS[0])} | {SPI_DC_PIN, SPI_RST_PIN}
    for d in displays:
        pins |= {d.gpio_dc, d.gpio_rst}
    return pins


def _instead(free: list[tuple[str, int]], known: bool) -> str:
    """What to write instead: the first free pin, or that none is left (when the
    header's pins are known)."""
    if not free:
        return ": every other GPIO of the header is taken on this table" if known else ""
    pin, number = free[0]
    return f": use {pin} (header pin {number}), which nothing on this table uses"
