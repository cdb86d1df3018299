"""The line that says what happened (a Boulomania roll's words, a Pitch Bowl loss of the
initiative), one controller page tall.

SSD1306/SH1106/SSD1309 panels take their RAM in 8 px pages and the partial-update
device (hardware/pitchside_hw/partial.py) sends only the pages and columns that change:
a line whose ink stays in one page costs at most that page when its text changes. Lower
case needs more rows than a page leaves (capitals, the marks above them and the
descenders under them), so the line is drawn in capitals, in the pixel font's 5x7
strike (nominal :data:`SIZE`): capitals 6 rows, as tall as the smallest legible size's
(:data:`pitchside.render.fonts.MIN_LEGIBLE`), nothing rising above them and a comma or
a ``Q`` 1 row under them, with a row clear above them in the page, and 5 px cells where
the 6x9 strike's are 6 (a long name and its words on fewer pages).
The line is laid out, paged and drawn by the shared text block
(:func:`pitchside.render.widgets.paged_text`, its capitals 1 px under the page's top).
The line under it (the bottom line) starts a clear row below its ink, never in its page
(:func:`under_box`, :func:`under_line`).
"""

from __future__ import annotations

from pitchside.render import fonts
from pitchside.render.fonts import Box
from pitchside.render.panel import INK, Canvas
from pitchside.render.widgets import Align, paged_text

PAGE_PX = 8
"""Rows of one controller page of the monochrome OLEDs."""

SIZE = 8
"""The line's nominal font size: the 5x7 strike (capitals 6 px, as the smallest legible
size's, 7 rows with a comma's tail: one page with a row clear above)."""


def event_words(text: str) -> str:
    """``text`` as :func:`event_line` draws it: in capitals, whitespace collapsed."""
    return " ".join(text.upper().split())


def event_fits(text: str, width: int) -> bool:
    """Whether ``text`` fits an :func:`event_line` ``width`` px wide on one page (its
    :func:`event_words` as drawn, 1 px clear at either end)."""
    return fonts.text_width(event_words(text), fonts.text_font(SIZE)) <= width - 2


def event_pages(text: str, width: int) -> tuple[str, ...]:
    """:func:`event_words` of ``text`` as the pages of an :func:`event_line` ``width``
    px wide (:func:`pitchside.render.fonts.lay_out` of one line of capitals): one page
    when they fit, else wrapped (a word too long for a page broken between letters)
    into lines :data:`~pitchside.render.fonts.MARKER_W` px narrower, room for the page
    marker; ``("",)`` for no text.

    :raises ValueError: not one letter fits ``width``."""
    laid = fonts.lay_out(event_words(text), width - 2, PAGE_PX, (SIZE,), capitals=True)
    return tuple(" ".join(page) for page in laid.pages)


def event_line(c: Canvas, box: Box, text: str, *, align: Align = "center", fill: int = INK) -> Box:
    """The line that says what happened, one controller page tall: ``text`` in capitals
    (:func:`event_words`) at :data:`SIZE`, their top 1 px under the top of ``box``
    (lower when a mark rises above them, ``(``, ``'``), 1 px clear at either end, paged
    when too long (:func:`event_pages`, with a
    :func:`~pitchside.render.widgets.page_marker`; the canvas notes the page count),
    never cut: :func:`~pitchside.render.widgets.paged_text` of the words.

    :param box: one page: its top a multiple of :data:`PAGE_PX`, :data:`PAGE_PX` tall.
    :returns: the ink box drawn ((x0, y0, x0, y0) for no text).
    :raises ValueError: ``box`` is not one page.
    """
    _, y0, _, y1 = box
    if y0 % PAGE_PX or y1 - y0 != PAGE_PX:
        raise ValueError(f"a one-page line's box is one {PAGE_PX} px page, not rows {y0}-{y1 - 1}")
    return paged_text(c, box, event_words(text), align=align, sizes=(SIZE,), fill=fill, pad=1, top=True,
                      capitals=True)


def under_box(box: Box, above: Box) -> Box:
    """``box`` (the line under an :func:`event_line`, the bottom line) from the row after
    a clear one under ``above`` (the ink box :func:`event_line` returned, y1 exclusive),
    if that is lower than its top: ``(x0, max(y0, above_y1 + 1), x1, y1)``."""
    x0, y0, x1, y1 = box
    return (x0, max(y0, above[3] + 1), x1, y1)


def under_line(c: Canvas, box: Box, text: str, above: Box, *, sizes: tuple[int, ...], pad: int = 2,
               fill: int = INK) -> Box:
    """The line under an :func:`event_line`: ``text`` on one line centred, in the
    largest of ``sizes`` it fits (paged when none, never cut;
    :func:`~pitchside.render.widgets.paged_text`), its capitals on the top row of
    :func:`under_box` (``box`` clear of ``above``), lower by as many rows as its marks
    or a 9 px ascender rise over the capitals: its ink never above that row.

    :returns: the ink box drawn.
    :raises ValueError: no size fits the box's height."""
    x0, y0, x1, y1 = under_box(box, above)
    size = fonts.lay_out(text, x1 - x0 - 2 * pad, y1 - y0, sizes).size
    rises = fonts.text_bbox(text, fonts.text_font(size))[1] < fonts.cap_top(size)
    top = y0 if rises else y0 - 1  # paged_text's ``top``: the capitals 1 px under the box's top, the ink in it
    return paged_text(c, (x0, top, x1, y1), text, align="center", sizes=(size,), fill=fill, pad=pad, top=True)
