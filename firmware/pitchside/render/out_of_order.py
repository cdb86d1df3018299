"""The frame a stopped table leaves lit (the out-of-order frame).

A panel with ``persist = true`` keeps its last frame after the service stops, so without
this a dead table would still say PRESS ANY BUTTON TO PLAY. The shell shows
:func:`render_out_of_order` on every display as it stops (a clean stop, SIGTERM, a fatal
error, a failed start); the next start's first frame replaces it.
"""

from __future__ import annotations

from PIL import Image

from pitchside.render import fonts
from pitchside.render.panel import INK, PAPER, Canvas, Panel
from pitchside.render.widgets import MIN_SIZE, paged_bar, paged_text

TITLE = "OUT OF ORDER"
LINES = ("Not running.", "Call the staff.")
"""What a full-size panel says under :data:`TITLE`."""

TITLE_H = 14
"""Title bar height in px on a full-size panel."""
_SMALL_SIZES = tuple(range(fonts.LARGE, 6, -1))
"""Font sizes in px tried for the title alone on a panel smaller than ``MIN_SIZE``
(below 7 px the capitals stop being legible)."""


def render_out_of_order(size: tuple[int, int]) -> Image.Image:
    """The out-of-order frame for a panel of ``size`` (width, height) px.

    The frame stays lit after the service stops, so nothing turns its pages: every text
    on it fits whole on one page, never cut (paged instead). On a panel of at least
    :data:`~pitchside.render.widgets.MIN_SIZE` (96x48): the title in an inverse bar,
    then :data:`LINES` centred below it (a smaller font, then word-wrapped, on a narrow
    panel; a line that does not fit the height is left out whole, the first one first).
    On a smaller one (a side display, a 128x32 module): the title alone, black on a lit
    panel, on one line or as ``OUT OF`` / ``ORDER``, in the largest font that fits; on a
    panel too small for that, a lit border.

    :param size: the panel's (width, height) in px, each at least 1.
    :returns: a mode ``"1"`` image of ``size``.
    :raises ValueError: a dimension below 1 px.
    """
    c = Canvas(Panel.of(size))
    w, h = c.size
    if w >= MIN_SIZE[0] and h >= MIN_SIZE[1]:
        _full(c)
    else:
        _small(c)
    return c.finish()


def body_lines(width: int, height: int) -> tuple[int, tuple[str, ...]]:
    """``(font size, lines)`` shown under the title in a ``width`` x ``height`` px body:
    :data:`LINES` at the largest of SMALL/TINY where each fits one line (else TINY,
    word-wrapped, never cut), as many whole :data:`LINES` as fit the height, the last
    ones kept ("Call the staff." is what a player must read; both fit one line of
    the pixel font's 6 px cells on a 96 px wide panel)."""
    room_w = width - 2  # paged_text keeps 1 px clear at each edge
    fits = [s for s in (fonts.SMALL, fonts.TINY)
            if all(fonts.text_width(t, fonts.text_font(s)) <= room_w for t in LINES)]
    size = fits[0] if fits else fonts.TINY
    room = height // (fonts.line_height(size) + 2)
    for first in range(len(LINES)):
        lines = tuple(part for line in LINES[first:] for part in fonts.wrap_words(tuple(line.split()), room_w, size))
        if len(lines) <= room:
            return size, lines
    return size, ()


def _full(c: Canvas) -> None:
    w, h = c.size
    paged_bar(c, (0, 0, w, TITLE_H), TITLE, inverse=True, sizes=(fonts.LARGE, fonts.MEDIUM, fonts.SMALL))
    font_size, lines = body_lines(w, h - TITLE_H - 1)
    line_h = fonts.line_height(font_size) + 2
    y = TITLE_H + 1 + (h - TITLE_H - 1 - line_h * len(lines)) // 2
    for line in lines:
        paged_text(c, (0, y, w, y + line_h), line, align="center", sizes=(font_size,))
        y += line_h


def _small(c: Canvas) -> None:
    w, h = c.size
    c.draw.rectangle((0, 0, w - 1, h - 1), fill=INK)
    title_lines = ((TITLE,), tuple(TITLE.rsplit(" ", 1)))
    for font_size in _SMALL_SIZES:
        font = fonts.text_font(font_size)
        line_h = fonts.line_height(font_size)
        for lines in title_lines:
            if len(lines) * line_h <= h and all(fonts.text_width(t, font) <= w - 2 for t in lines):
                y = (h - len(lines) * line_h) // 2
                for t in lines:
                    paged_text(c, (0, y, w, y + line_h), t, align="center", sizes=(font_size,), fill=PAPER)
                    y += line_h
                return
    c.draw.rectangle((0, 0, w - 1, h - 1), fill=PAPER, outline=INK)
