"""The simulated OLED: luma's ``dummy`` device, recording every frame it is sent.

Frames are what a real SSD1306 would show: the image after luma's own preprocessing
(rotation, mode "1"), captured at the device, so the same display driver code runs as on
the Pi. :meth:`RecordingDevice.save` writes one PNG per frame and an animated GIF of the
match with Pillow.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from luma.core.device import dummy
from PIL import Image


class RecordingDevice(dummy):  # type: ignore[misc]  # luma is untyped
    """A luma ``dummy`` device that keeps a copy of every frame with its time.

    :param clock: seconds, for each frame's timestamp (the simulator's virtual clock).
    :param on_frame: called with each frame (the terminal view hooks in here).
    """

    def __init__(
        self,
        width: int = 128,
        height: int = 64,
        rotate: int = 0,
        clock: Callable[[], float] | None = None,
        on_frame: Callable[[Image.Image], None] | None = None,
    ) -> None:
        super().__init__(width=width, height=height, rotate=rotate, mode="1")
        self.frames: list[tuple[float, Image.Image]] = []
        self._clock = clock or (lambda: 0.0)
        self._on_frame = on_frame
        self.level = 255
        """The contrast last set, 0..255 (the kiosk dims an idle panel)."""
        self.on = True
        """False while the panel is switched off (:meth:`hide`)."""

    def contrast(self, level: int) -> None:
        super().contrast(level)
        self.level = level

    def hide(self) -> None:
        super().hide()
        self.on = False

    def show(self) -> None:
        super().show()
        self.on = True

    def display(self, image: Image.Image) -> None:
        super().display(image)
        frame = self.image.copy()
        self.frames.append((self._clock(), frame))
        if self._on_frame is not None:
            self._on_frame(frame)

    def save(self, folder: str | Path, scale: int = 4, gif: str = "match.gif") -> list[Path]:
        """Write ``frame_0001.png``... (scaled ``scale`` times, nearest neighbour, so a
        pixel stays a pixel) and an animated GIF whose frame durations follow the
        recorded times (clamped to 0.3..3 s so a long pause stays watchable).

        :returns: the paths written, the GIF last.
        """
        out = Path(folder)
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("frame_*.png"):
            old.unlink()
        paths: list[Path] = []
        big = [self._scaled(img, scale) for _, img in self.frames]
        for i, img in enumerate(big, start=1):
            p = out / f"frame_{i:04d}.png"
            img.save(p)
            paths.append(p)
        if big:
            times = [t for t, _ in self.frames]
            durations = [
                int(1000 * min(3.0, max(0.3, (times[i + 1] - times[i]) if i + 1 < len(times) else 3.0)))
                for i in range(len(times))
            ]
            g = out / gif
            big[0].save(g, save_all=True, append_images=big[1:], duration=durations, loop=0)
            paths.append(g)
        return paths

    @staticmethod
    def _scaled(img: Image.Image, scale: int) -> Image.Image:
        rgb = img.convert("L")
        return rgb.resize((img.width * scale, img.height * scale), Image.Resampling.NEAREST)


def to_terminal(image: Image.Image, on: str = "\u2588", upper: str = "\u2580", lower: str = "\u2584") -> str:
    """A mode "1" frame as text, two pixel rows per line with half blocks, so a 128x64
    panel takes 128 columns and 32 lines of a terminal (works over SSH)."""
    img = image.convert("1")
    w, h = img.size
    px = img.load()
    assert px is not None  # Pillow gives pixel access for an image in memory
    lines = []
    for y in range(0, h, 2):
        row = []
        for x in range(w):
            top = px[x, y] != 0
            bottom = y + 1 < h and px[x, y + 1] != 0
            row.append(on if top and bottom else upper if top else lower if bottom else " ")
        lines.append("".join(row).rstrip())
    return "\n".join(lines)
