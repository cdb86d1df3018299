"""The Pi's 40-pin header as gpiozero knows it: each pin's number, name and place.

gpiozero's board data (``gpiozero.pins.pi.pi_info``) describes the header ``J8`` of
every 40-pin Pi alike (Pi 2 to 5, Zero, 400); the Pi 5's is read here. Used by
``check-config`` (the header pin of a suggested GPIO) and ``pitchside wiring``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

PI5_REVISION = "d04170"
"""A Raspberry Pi 5 (8 GB) board revision code, for gpiozero's board data."""


@dataclass(frozen=True, slots=True)
class HeaderPin:
    """One pin of the header: ``number`` 1..40 (odd on the left column, 1 at the top),
    ``name`` as gpiozero gives it (``"GPIO17"``, ``"3V3"``, ``"5V"``, ``"GND"``),
    ``bcm`` the GPIO number or None, ``row`` 1..20 and ``col`` 1..2."""

    number: int
    name: str
    bcm: int | None
    row: int
    col: int


@functools.cache
def header() -> tuple[HeaderPin, ...]:
    """The 40 pins of J8, by number."""
    from gpiozero.pins.pi import pi_info

    pins = pi_info(PI5_REVISION).headers["J8"].pins
    found = []
    for number in sorted(pins):
        p = pins[number]
        name = str(p.name)
        bcm = int(name[4:]) if name.startswith("GPIO") else None
        found.append(HeaderPin(int(p.number), name, bcm, int(p.row), int(p.col)))
    return tuple(found)


def by_gpio() -> dict[str, HeaderPin]:
    """``{"GPIOn": pin}`` of the header's GPIOs."""
    return {p.name: p for p in header() if p.bcm is not None}
