"""The storage badge: a small inverse "!" in a frame's top right corner while the
journal is not saving (docs/STORAGE.md); the service page says why."""

from __future__ import annotations

from PIL import Image, ImageDraw

BADGE_W, BADGE_H = 7, 11
"""The badge's size in px."""


def draw_badge(image: Image.Image, ink: int | tuple[int, int, int] = 1) -> None:
    """Draw the 7x11 px inverse "!" into the top right corner of ``image`` (any mode,
    changed in place; at least 7x11 px), lit in ``ink`` (a value of the image's mode)."""
    w = image.width
    d = ImageDraw.Draw(image)
    d.rectangle((w - BADGE_W, 0, w - 1, BADGE_H - 1), fill=ink)
    d.rectangle((w - 5, 2, w - 3, 6), fill=_paper(image))
    d.rectangle((w - 5, 8, w - 3, 9), fill=_paper(image))


def _paper(image: Image.Image) -> int | tuple[int, int, int]:
    return (0, 0, 0) if image.mode == "RGB" else 0
