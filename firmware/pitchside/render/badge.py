"""The corner overlays: the storage badge, a small inverse "!" in a frame's top right
corner while the journal is not saving (docs/STORAGE.md; the service page says why),
and the credit mark in its top left corner during a paid match (pay to play)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from pitchside.render import fonts

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


MARK_H = 8
"""The credit mark's height in px: one controller page (rows 0-7) of a monochrome
OLED, so a change of credit sends only that page's columns under the mark."""


def draw_mark(image: Image.Image, text: str, ink: int | tuple[int, int, int] = 1) -> int:
    """Draw ``text`` (``"$1.50"``) in the 5x7 strike (:data:`~pitchside.render.fonts.CAPITALS_TINY`:
    a sign and digits, their ink in rows 1-6, so ``$`` and ``£`` stay inside the page)
    into the top left corner of ``image`` (changed in place), on a cleared box
    :data:`MARK_H` px high with a column of space before and after it. :returns: the box's width in px."""
    font = fonts.text_font(fonts.CAPITALS_TINY)
    w = min(image.width, fonts.text_width(text, font) + 3)
    d = ImageDraw.Draw(image)
    d.rectangle((0, 0, w - 1, MARK_H - 1), fill=_paper(image))
    fonts.draw_text(d, (1, 1), text, font, fill=ink)  # type: ignore[arg-type]  # a column clear of the bezel
    return w
