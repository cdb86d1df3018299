"""What the hardware can do, as the drivers know it, handed to the config checks.

The firmware may not import the drivers (``pitchside_hw``, the import contract of
pyproject.toml), yet ``check-config`` must refuse exactly what the drivers would refuse
at start (a config ``check-config`` accepts never fails at start). So the
drivers' package offers its limits through the ``pitchside.hardware`` entry point (the
same plugin seam as the ``pitchside.commands`` subcommands): a function returning a
:class:`HardwareLimits`. Without that package installed, :data:`ANY_HARDWARE` accepts
every name and size (and says so in :attr:`HardwareLimits.source`).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import EntryPoints, entry_points
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pitchside.app.config_displays import DisplayConfig

log = logging.getLogger(__name__)

ENTRY_POINT_GROUP = "pitchside.hardware"
"""The entry point group; its ``limits`` entry is a function returning :class:`HardwareLimits`."""

DisplayCheck = Callable[["DisplayConfig"], list[tuple[str, str]]]
"""Checks one display as the driver would build it: ``[(key, message)]``, where ``key``
is a key of the display's table (``"width"``, ``"page_address_offset"``) and
``message`` says what to write instead; ``[]`` when the driver would accept it."""


def _accept_any(display: DisplayConfig) -> list[tuple[str, str]]:
    return []


@dataclass(frozen=True, slots=True)
class HardwareLimits:
    """The names and checks the drivers own.

    :param pin_factories: gpiozero pin factory names the drivers build
        (``pitchside_hw.pins.FACTORY_NAMES``); ``()``: any name.
    :param display_drivers: luma driver names (``pitchside_hw.display.drivers()``);
        ``()``: any name.
    :param check_display: the driver's own check of a display's size and settings.
    :param source: where these limits come from, for messages.
    :param header_pins: see the attribute.
    """

    pin_factories: tuple[str, ...]
    display_drivers: tuple[str, ...]
    check_display: DisplayCheck = _accept_any
    source: str = "the drivers"
    header_pins: Callable[[], tuple[tuple[str, int], ...]] = tuple
    """The header's GPIOs an input or output may take, ``("GPIOn", header pin)``, in
    the order ``check-config`` suggests one instead of a pin in use (``()``: none is
    suggested); called only when a pin clashes, so a table's start never loads the
    header's data."""


ANY_HARDWARE = HardwareLimits((), (), _accept_any, "no drivers installed: names and sizes not checked")
"""The limits when no ``pitchside.hardware`` entry point is installed."""


@functools.cache
def _installed_entry_points() -> Any:
    """Every installed entry point: an ``EntryPoints`` (a ``SelectableGroups`` on Python
    3.11, whose ``select(group=...)`` is the same)."""
    return entry_points()


def plugins(group: str) -> EntryPoints:
    """The installed entry points of ``group`` (``pitchside.commands``,
    ``pitchside.hardware``): every distribution's are read once per process, not once
    per group (each read opens every installed distribution's metadata; start-up)."""
    found: EntryPoints = _installed_entry_points().select(group=group)
    return found


@functools.cache
def installed_limits() -> HardwareLimits:
    """The limits of the installed drivers (the ``pitchside.hardware`` entry point named
    ``limits``), loaded once; :data:`ANY_HARDWARE` when there is none."""
    for ep in plugins(ENTRY_POINT_GROUP):
        if ep.name == "limits":
            limits = ep.load()()
            if isinstance(limits, HardwareLimits):
                return limits
            log.warning("entry point %s gave %r, not HardwareLimits: ignored", ep.value, limits)
    return ANY_HARDWARE
