"""A recording serial bus and random test frames for the display tests
(tests/hw/test_display_handoff.py, test_display_ahead.py)."""

from __future__ import annotations

import random
from typing import Any

from PIL import Image, ImageDraw


class Bus:
    """A serial interface that keeps every call (and notes it in ``order``, if given)."""

    def __init__(self, order: list[str] | None = None) -> None:
        self.log: list[tuple[str, tuple[int, ...]]] = []
        self.order = order
        self.fail: OSError | None = None

    def command(self, *cmd: int) -> None:
        if self.fail is not None:
            raise self.fail
        self.log.append(("cmd", cmd))
        if self.order is not None:
            self.order.append("bus")

    def data(self, data: list[int]) -> None:
        if self.fail is not None:
            raise self.fail
        self.log.append(("data", tuple(data)))
        if self.order is not None:
            self.order.append("bus")

    def cleanup(self) -> None:
        pass


def scene(rng: random.Random, size: tuple[int, int], mode: str = "1") -> Image.Image:
    img = Image.new(mode, size)
    d = ImageDraw.Draw(img)
    white: float | tuple[int, ...] = {"1": 1, "L": 255}.get(mode, (255, 255, 255))
    for _ in range(rng.randrange(1, 4)):
        d.text((rng.randrange(size[0] - 20), rng.randrange(size[1] - 10)), str(rng.randrange(1000)), fill=white)
    if rng.random() < 0.3:
        x, y = rng.randrange(size[0] - 10), rng.randrange(size[1] - 10)
        d.rectangle((x, y, x + rng.randrange(10), y + rng.randrange(10)), fill=white)
    return img


def frames(rng: random.Random, size: tuple[int, int], n: int, mode: str = "1") -> list[Image.Image]:
    """Random frames, some repeated (a repeat is skipped), some twice in a row."""
    out: list[Image.Image] = []
    for _ in range(n):
        r = rng.random()
        if out and r < 0.15:
            out.append(out[-1].copy())  # the same frame again: skipped
        elif len(out) > 2 and r < 0.3:
            out.append(out[-3].copy())  # an earlier frame: sent again
        else:
            out.append(scene(rng, size, mode))
    return out


def started(cls: type, serial: object, **kw: object) -> Any:
    dev = cls(serial, **kw)
    dev.persist = True  # luma's atexit hook: no DISPLAYOFF/blank at interpreter exit
    return dev
