"""The names entry screen (:mod:`pitchside.tables.names`): initials like a pinball
high score.

Layout (128x64; other sizes scale from the panel's height and width):

* top bar (inverse): whose name, ``"NAME: PLAYER 1"``;
* the letter cells, large and centred: kept letters plain, the cursor's cell in inverse
  video (a blank letter shows as an empty lit cell), letters still to come as a short
  underline; a ``+`` and a ``-`` at their left, for the buttons that change the letter;
* a line of the names entered so far (``"ANN  -"``: ``-`` a skipped player);
* the hint line: the buttons.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from PIL import Image, ImageDraw

from pitchside.render import fonts, screen
from pitchside.render.fonts import Box
from pitchside.render.panel import Canvas
from pitchside.render.widgets import paged_bar, paged_text, text_in_box

TITLE_H = 12
"""Title bar height (px)."""
HINT_H = 11
"""Hint line height (px)."""
DONE_H = 10
"""Names-so-far line height (px)."""


@dataclass(frozen=True)
class NamesView:
    """What the entry shows.

    :param who: whose name (``"PLAYER 1"``, ``"A PLAYER 2"``).
    :param letters: the name's letters, one per cell (spaces for blanks), ASCII.
    :param cursor: the cell being chosen (0-based).
    :param done: the names entered before this one (``"-"`` for a skipped player).
    :param hint: the buttons' line.
    """

    who: str
    letters: str
    cursor: int
    done: tuple[str, ...] = ()
    hint: str = ""


def render_names(view: NamesView, size: tuple[int, int] = (128, 64)) -> Image.Image:
    """Draw the entry screen for a ``size`` panel in mode "1" (any panel: :func:`draw_names`).

    :raises ValueError: no layout for ``size``.
    """
    return screen.render(view, size)


def draw_names(view: NamesView, c: Canvas) -> None:
    """Lay the entry out on ``c``: on 128x32 (``"reduced"``) the title, then the letter
    cells at the left and the names so far and the hint beside them; elsewhere title,
    cells, names so far and hint in rows. Text is paged, never cut."""
    w, h = c.size
    reduced = c.layout == "reduced"
    title_h = 10 if reduced else TITLE_H
    paged_bar(c, (0, 0, w, title_h), f"NAME: {view.who}", inverse=True, sizes=(fonts.MEDIUM, fonts.SMALL, fonts.TINY))
    if reduced:
        cells_right = w * 9 // 16
        _cells(c.draw, view, (0, title_h + 1, cells_right, h))
        side = (cells_right + 1, title_h + 1, w, h)
        text = "  ".join(view.done) + (" / " if view.done and view.hint else "") + view.hint
        paged_text(c, side, text, align="center", sizes=(fonts.TINY,), max_lines=2, leading=0)
        return
    bottom = h - HINT_H - DONE_H
    _cells(c.draw, view, (0, title_h + 1, w, bottom))
    if view.done:
        paged_text(c, (0, bottom, w, bottom + DONE_H), "  ".join(view.done), align="center",
                   sizes=(fonts.SMALL, fonts.TINY))  # fmt: skip
    paged_bar(c, (0, h - HINT_H, w, h), view.hint, inverse=False, sizes=(fonts.TINY,))


def _cells(draw: ImageDraw.ImageDraw, view: NamesView, box: Box) -> None:
    """The letter cells centred in ``box``, with the + and - at their left: the cursor's
    cell in inverse video, letters still to come as a short underline."""
    x0, top, x1, bottom = box
    w = x1 - x0
    room = (w - 24) // max(1, len(view.letters))
    cell_w = min((bottom - top) * 3 // 4, room)
    cell_h = min(bottom - top, cell_w * 4 // 3)
    big = tuple(s for s in range(cell_h, fonts.TINY - 1, -1) if fonts.line_height(s) <= cell_h - 2)  # TINY: 128x32
    # a cell at least as wide as the widest letter at the smallest size it may take
    # (+ 4 px: the cell's 1 px edges and text_in_box's 1 px pads): short wide panels
    widest = max(fonts.text_width(ch, fonts.text_font((big or (fonts.TINY,))[-1])) for ch in string.ascii_uppercase)
    cell_w = max(cell_w, min(room, widest + 4))
    top += (bottom - top - cell_h) // 2
    bottom = top + cell_h
    x = x0 + (w - cell_w * len(view.letters)) // 2
    _plus_minus(draw, (x - 11, top, x - 2, bottom))
    for i, ch in enumerate(view.letters):
        cell = (x + 1, top, x + cell_w - 1, bottom)
        if i == view.cursor:
            draw.rectangle((cell[0], cell[1], cell[2] - 1, cell[3] - 1), fill=1)
        if ch.strip():
            text_in_box(draw, cell, ch, align="center", sizes=big or (fonts.TINY,), fill=0 if i == view.cursor else 1)
        elif i > view.cursor:
            draw.line((cell[0] + 2, bottom - 2, cell[2] - 3, bottom - 2), fill=1)
        x += cell_w


def _plus_minus(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A ``+`` in the top half of ``box`` and a ``-`` in its bottom half, drawn as
    strokes (they scale to any box, unlike a glyph that needs its line height)."""
    x0, y0, x1, y1 = box
    arm = max(1, min(x1 - x0, (y1 - y0) // 2) // 2 - 1)
    cx = (x0 + x1) // 2
    for cy, plus in (((y0 * 3 + y1) // 4, True), ((y0 + y1 * 3) // 4, False)):
        draw.line((cx - arm, cy, cx + arm, cy), fill=1)
        if plus:
            draw.line((cx, cy - arm, cx, cy + arm), fill=1)


screen.register_layout(NamesView, draw_names)
