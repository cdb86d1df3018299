"""What a table's config wires to the Pi's 40-pin header: one :class:`Wire` per used
header pin (its colour and the part at its other end), for ``pitchside wiring``.

Pure: a :class:`~pitchside.app.config.TableConfig` in, wires out. The header's pin
names and places come from gpiozero's board data (:mod:`pitchside_hw.header`); the
buses' pins, the SPI panel's DC and RST, and the power pins each part takes follow the
wiring tables (``WIRING*.md``, ``WIRING_GUIDE.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pitchside.app.config import DisplayConfig, TableConfig
from pitchside_hw.header import by_gpio


class Colour(Enum):
    """Wire colours of a common jumper-wire kit, each with the colour drawn for it."""

    BLACK = "#1a1a1a"
    RED = "#d62728"
    ORANGE = "#ff8c1a"
    YELLOW = "#f2c200"
    GREEN = "#2ca02c"
    BLUE = "#1f5fd6"
    VIOLET = "#8a3fc4"
    GREY = "#8c8c8c"
    WHITE = "#ffffff"
    BROWN = "#8c564b"


@dataclass(frozen=True, slots=True)
class Wire:
    """A wire from header pin ``pin`` (1..40) to ``part``, in ``colour``."""

    pin: int
    colour: Colour
    part: str


@dataclass(frozen=True, slots=True)
class Wiring:
    """Everything ``pitchside wiring`` draws of one config."""

    title: str
    subtitle: str
    wires: tuple[Wire, ...]
    notes: tuple[str, ...]


I2C1_PINS = {"SDA": 3, "SCL": 5}
SPI0_PINS = {"MOSI": 19, "SCLK": 23, "CE0": 24, "CE1": 26}
PANEL_3V3, SPI_PANEL_3V3, BEAMS_3V3 = 1, 17, 1
EMITTERS_5V, BUZZER_5V = 2, 4
BEAMS_GND, BUTTONS_GND, I2C_GND, SPI_GND, BUZZER_GND, COIN_GND = 6, 9, 14, 20, 34, 39
"""The power pins each kind of part takes (the wiring tables' choice; any 3V3, 5V or
GND pin would do)."""


def _panel_name(role: str, d: DisplayConfig) -> str:
    where = {"display": "panel", "side_a": "side A panel", "side_b": "side B panel"}[role]
    return f"{where} {d.driver.upper()}"


def _displays(config: TableConfig) -> list[tuple[str, DisplayConfig]]:
    return [("display", config.display), *config.side_displays]


def _display_wires(config: TableConfig, gpio: dict[str, int]) -> list[Wire]:
    wires: list[Wire] = []
    i2c = [(r, d) for r, d in _displays(config) if d.interface == "i2c"]
    spi = [(r, d) for r, d in _displays(config) if d.interface == "spi"]
    if i2c:
        names = " + ".join(f"{_panel_name(r, d)} @{d.i2c_address:#04x}" for r, d in i2c)
        wires += [Wire(I2C1_PINS["SDA"], Colour.BLUE, f"{names}: SDA"),
                  Wire(I2C1_PINS["SCL"], Colour.YELLOW, f"{names}: SCL"),
                  Wire(PANEL_3V3, Colour.ORANGE, f"{_panel_name(*i2c[0])}: VCC"),
                  Wire(I2C_GND, Colour.BLACK, f"{_panel_name(*i2c[0])}: GND")]  # fmt: skip
    for role, d in spi:
        name = _panel_name(role, d)
        wires += [Wire(SPI0_PINS["MOSI"], Colour.BLUE, f"{name}: DIN (MOSI)"),
                  Wire(SPI0_PINS["SCLK"], Colour.YELLOW, f"{name}: CLK (SCLK)"),
                  Wire(SPI0_PINS["CE1" if d.spi_device else "CE0"], Colour.VIOLET, f"{name}: CS"),
                  Wire(gpio[d.gpio_dc], Colour.GREY, f"{name}: DC"),
                  Wire(gpio[d.gpio_rst], Colour.WHITE, f"{name}: RES (reset)"),
                  Wire(SPI_PANEL_3V3, Colour.ORANGE, f"{name}: VCC"),
                  Wire(SPI_GND, Colour.BLACK, f"{name}: GND")]  # fmt: skip
    return wires


def wiring(config: TableConfig, name: str) -> Wiring:
    """The wires of ``config`` (``name``: the config file's name, for the title)."""
    gpio = {pin: p.number for pin, p in by_gpio().items()}
    wires = _display_wires(config, gpio)
    for b in config.buttons:
        wires.append(Wire(gpio[b.pin], Colour.GREEN, f"{b.name.replace('_', ' ').upper()} button"))
    if config.buttons:
        wires.append(Wire(BUTTONS_GND, Colour.BLACK, "every button's other leg"))
    for beam in config.beams:
        wires.append(Wire(gpio[beam.pin], Colour.BROWN, f"{beam.name.replace('_', ' ')} beam: receiver OUT"))
    if config.beams:
        wires += [Wire(BEAMS_3V3, Colour.ORANGE, "beam receivers: VCC"),
                  Wire(EMITTERS_5V, Colour.RED, "beam emitters (IR LED + resistor)"),
                  Wire(BEAMS_GND, Colour.BLACK, "beam receivers and emitters: GND")]  # fmt: skip
    if config.coin is not None:
        wires += [Wire(gpio[config.coin.pin], Colour.VIOLET, "coin acceptor: COIN (open collector)"),
                  Wire(COIN_GND, Colour.BLACK, "coin acceptor GND (common ground)")]  # fmt: skip
        if config.coin.free_credit_pin:
            wires.append(Wire(gpio[config.coin.free_credit_pin], Colour.GREEN, "free-credit key switch"))
        c = config.coin
        if c.inhibit_pin:
            wires.append(Wire(gpio[c.inhibit_pin], Colour.GREY,
                              f"coin acceptor: INHIBIT (via NPN; {c.inhibit_active} refuses)"))
        if c.meter_pin:
            wires.append(Wire(gpio[c.meter_pin], Colour.WHITE, "coin meter (via transistor + diode)"))
        if c.door_pin:
            wires.append(Wire(gpio[c.door_pin], Colour.GREEN, "coin door switch (to GND, closed while shut)"
                              if c.door_open == "high" else "coin door switch (to GND, closed while open)"))
    if config.sound is not None:
        kind = "active buzzer" if config.sound.kind == "buzzer" else "passive buzzer (PWM)"
        wires += [Wire(gpio[config.sound.pin], Colour.BROWN, f"{kind}: transistor base (1 kOhm)"),
                  Wire(BUZZER_5V, Colour.RED, "buzzer +"),
                  Wire(BUZZER_GND, Colour.BLACK, "buzzer transistor emitter")]  # fmt: skip
    merged: dict[int, Wire] = {}
    for w in wires:  # a power pin shared by two parts carries both names
        old = merged.get(w.pin)
        merged[w.pin] = w if old is None else Wire(w.pin, old.colour, f"{old.part}; {w.part}")
    games = " + ".join(config.offered_games)
    d = config.display
    notes = tuple(f"USB: {s.name} device on {s.port} ({s.baud} baud)" for s in config.serial)
    uart = [w.part for w in merged.values() if w.pin in (8, 10)]
    if uart:
        notes += ("GPIO14/15 are the UART's: keep the serial console off (raspi-config nonint do_serial_cons 1)",)
    return Wiring(
        title=f"{config.name}: {name}",
        subtitle=f"{games}; panel {d.driver.upper()} {d.width}x{d.height} on {d.interface.upper()}",
        wires=tuple(sorted(merged.values(), key=lambda w: w.pin)),
        notes=notes,
    )
