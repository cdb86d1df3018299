"""Bus bytes between two frames on the emulated SSD1306: what the
partial-update device (hardware/pitchside_hw/partial.py) sends for a frame once the panel
shows the one before, and which pixels differ."""

from __future__ import annotations

from PIL import Image, ImageChops
from pitchside_hw.partial import PanelRam, PartialSSD1306

FULL = 1030
"""Bytes of a whole 128x64 frame through luma's ssd1306 (8 pages of 128 + commands)."""


def sent(before: Image.Image, after: Image.Image) -> int:
    """Bytes on the bus (commands and data) for ``after`` once the panel shows ``before``
    (no periodic full refresh); asserts the emulated panel then shows ``after``."""
    ram = PanelRam("ssd1306")
    dev = PartialSSD1306(ram, full_every=0)
    dev.display(before)
    ram.reset_counts()
    dev.display(after)
    assert ram.shows(after)
    return ram.command_bytes + ram.data_bytes


def changed(before: Image.Image, after: Image.Image) -> tuple[int, int, int, int] | None:
    """The box (x0, y0, x1, y1 exclusive) of the pixels that differ, or None."""
    return ImageChops.difference(before.convert("L"), after.convert("L")).getbbox()
