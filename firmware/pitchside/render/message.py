"""Simple text screens: boot, errors, "display test"."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from pitchside.render import fonts
from pitchside.render.panel import Canvas
from pitchside.render.widgets import bar, new_canvas, paged_bar, paged_text, text_in_box

TITLE_H = 13
"""Title bar height in px."""


def render_message(title: str, lines: Sequence[str], size: tuple[int, int] = (128, 64)) -> Image.Image:
    """A title in an inverse bar across the top, then ``lines`` left-aligned below it.

    Each line is shrunk, then cut with "…", to fit the width; lines that do not fit the
    height are dropped, the last shown one ending in "…" to say so.

    :param size: panel (width, height) in px, at least 96x48.
    :returns: a mode ``"1"`` image of ``size``.
    :raises ValueError: ``size`` too small.
    """
    img, draw = new_canvas(size)
    w, h = size
    bar(draw, (0, 0, w, TITLE_H), title, inverse=True, sizes=(fonts.LARGE, fonts.MEDIUM, fonts.SMALL))
    line_h = fonts.line_height(fonts.SMALL) + 1
    room = (h - TITLE_H - 2) // line_h
    shown = list(lines[:room])
    if len(lines) > room and shown:
        shown[-1] = shown[-1].rstrip(" .…") + " …"
    y = TITLE_H + 2
    for line in shown:
        text_in_box(draw, (0, y, w, y + line_h), line, sizes=(fonts.SMALL, fonts.TINY))
        y += line_h
    return img


def draw_message(c: Canvas, title: str, lines: Sequence[str]) -> None:
    """:func:`render_message` laid out on a panel's canvas: the title on an inverse
    bar, then ``lines``, each as large as fits (paged, never cut); on a panel too short
    for every line, the lines are pages of their own (the shell turns them)."""
    w, h = c.size
    title_h = 10 if c.layout == "reduced" else 16 if c.layout == "tall" else TITLE_H
    paged_bar(c, (0, 0, w, title_h), title, inverse=True, sizes=(14, 12, 11, 10, 9))
    shown = [line for line in lines if line.strip()]
    if not shown:
        return
    line_h = 11 if c.layout != "tall" else 14
    room = max(1, (h - title_h - 1) // line_h)
    pages = [shown[i : i + room] for i in range(0, len(shown), room)]
    page = pages[c.paged(len(pages))]
    y = title_h + 1
    for line in page:
        paged_text(c, (0, y, w, y + line_h), line, sizes=(12, 11, 10, 9) if c.layout == "tall" else (10, 9))
        y += line_h
