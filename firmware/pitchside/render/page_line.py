"""A text line that sits in one controller page.

SSD1306/SH1106 panels take their RAM in 8-px pages, and the partial-update device
(hardware/pitchside_hw/partial.py) sends only the pages and columns that change. A line
whose capitals straddle two pages costs both on every change of its text. Here the
capitals' bottom row is the last row of a page, whatever the font size chosen: capitals
of up to 8 px stay in that page, and only the descenders reach the page below; at 9
and 10 px the top row of a tall lower-case letter (l, f, b, d) is the page above's last
row (tests/render/test_page_line.py), so a text with one costs that page's columns too.
A paged line's page marker stays in the capitals' page as well.
"""

from __future__ import annotations

from pitchside.render import fonts, widgets
from pitchside.render.fonts import Box
from pitchside.render.panel import INK, Canvas
from pitchside.render.widgets import Align

PAGE = 8
"""Rows of one controller page."""


def page_line(c: Canvas, box: Box, text: str, *, page_end: int, align: Align = "center",
              sizes: tuple[int, ...] = fonts.SIZES, fill: int = INK, pad: int = 2) -> Box:
    """Draw ``text`` on one line in ``box`` (:func:`pitchside.render.widgets.paged_text`:
    the largest size of ``sizes`` it fits at, paged when it fits none, never cut) with
    its capitals' bottom on row ``page_end - 1`` (``page_end``: the row, in px, where the
    next page starts, a multiple of :data:`PAGE` inside the box).

    :returns: the ink box drawn.
    :raises ValueError: ``page_end`` is not inside ``box`` or no size fits its height.
    """
    x0, y0, x1, y1 = box
    if not y0 < page_end <= y1:
        raise ValueError(f"page end {page_end} is not inside rows {y0}-{y1}")
    size = fonts.lay_out(text, x1 - x0 - 2 * pad, y1 - y0, sizes).size
    font = fonts.text_font(size)
    cap_h = fonts.text_bbox("0AH", font)[3] - fonts.cap_top(size)
    top = max(y0, page_end - cap_h - 1)  # paged_text's ``top`` puts the capitals 1 px under it
    return widgets.paged_text(c, (x0, top, x1, y1), text, align=align, sizes=(size,), fill=fill, pad=pad, top=True,
                              marker_end=page_end)
