"""``[serial.NAME]`` of the table config: a line-speaking serial device's record.

Loaded only for a config with the section (start-up: a table without it makes
none of these records before its first frame); :mod:`pitchside.app.config` reads the rest.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SerialConfig:
    """A line-speaking serial device (the electronic die, a move source): ``port`` is a
    device path (best a stable udev name, deploy/99-pitchside-serial.rules) or a
    pyserial URL; ``baud`` in bit/s."""

    name: str
    port: str
    baud: int = 9600
