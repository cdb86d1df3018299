"""The frame a stopped table leaves lit (issue 13 item 13).

A panel with ``persist = true`` keeps its last frame after the service stops, so without
this a dead table would still say PRESS ANY BUTTON TO PLAY. The shell shows
:func:`render_out_of_order` on every display as it stops (a clean stop, SIGTERM, a fatal
error, a failed start); the next start's first frame replaces it.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from pitchside.render import fonts
from pitchside.render.widgets import MIN_SIZE, bar, new_canvas, text_in_box, wrap

TITLE = "OUT OF ORDER"
LINES = ("Sorry, not running.", "Please tell the staff.")
"""What a full-size panel says under :data:`TITLE`."""

TITLE_H = 14
"""Title bar height in px on a full-size panel."""
_SMALL_SIZES = tuple(range(fonts.LARGE, 6, -1))
"""Font sizes in px tried for the title alone on a panel smaller than ``MIN_SIZE``
(below 7 px the capitals stop being legible)."""


def render_out_of_order(size: tuple[int, int]) -> Image.Image:
    """The out-of-order frame for a panel of ``size`` (width, height) px.

    On a panel of at least :data:`~pitchside.render.widgets.MIN_SIZE` (96x48): the
    title in an inverse bar, then :data:`LINES` centred below it (a smaller font, then
    word-wrapped, on a narrow panel; what does not fit the height is left out). On a
    smaller one (a side display, a 128x32 module): the title alone, black on a lit
    panel, on one line or as ``OUT OF`` / ``ORDER``, in the largest font that fits; on a
    panel too small for that, a lit border.

    :param size: the panel's (width, height) in px, each at least 1.
    :returns: a mode ``"1"`` image of ``size``.
    :raises ValueError: a dimension below 1 px.
    """
    w, h = size
    if w < 1 or h < 1:
        raise ValueError(f"panel {w}x{h} px: both dimensions must be at least 1 px")
    if w >= MIN_SIZE[0] and h >= MIN_SIZE[1]:
        return _full(size)
    return _small(size)


def _full(size: tuple[int, int]) -> Image.Image:
    img, draw = new_canvas(size)
    w, h = size
    bar(draw, (0, 0, w, TITLE_H), TITLE, inverse=True, sizes=(fonts.LARGE, fonts.MEDIUM, fonts.SMALL))
    room_w = w - 2  # text_in_box keeps 1 px clear at each edge
    fits = [s for s in (fonts.SMALL, fonts.TINY) if all(fonts.text_width(t, fonts.text_font(s)) <= room_w
                                                        for t in LINES)]
    font_size = fits[0] if fits else fonts.TINY
    line_h = fonts.line_height(font_size) + 2
    room = (h - TITLE_H - 1) // line_h
    lines = [part for line in LINES for part in wrap(line, room_w, font_size, room)][:room]
    y = TITLE_H + 1 + (h - TITLE_H - 1 - line_h * len(lines)) // 2
    for line in lines:
        text_in_box(draw, (0, y, w, y + line_h), line, align="center", sizes=(font_size,))
        y += line_h
    return img


def _small(size: tuple[int, int]) -> Image.Image:
    w, h = size
    img = Image.new("1", size, 1)
    draw = ImageDraw.Draw(img)
    title_lines = ((TITLE,), tuple(TITLE.rsplit(" ", 1)))
    for font_size in _SMALL_SIZES:
        font = fonts.text_font(font_size)
        line_h = fonts.line_height(font_size)
        for lines in title_lines:
            if len(lines) * line_h <= h and all(fonts.text_width(t, font) <= w - 2 for t in lines):
                y = (h - len(lines) * line_h) // 2
                for t in lines:
                    text_in_box(draw, (0, y, w, y + line_h), t, align="center", sizes=(font_size,), fill=0)
                    y += line_h
                return img
    draw.rectangle((0, 0, w - 1, h - 1), fill=0, outline=1)
    return img
