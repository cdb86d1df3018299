"""Text screens: a title and lines of text (the kiosk's confirm questions, the service
mode's status and audits pages), laid out for the panel, paged and never cut."""

from __future__ import annotations

from collections.abc import Sequence

from pitchside.render import fonts
from pitchside.render.panel import Canvas
from pitchside.render.widgets import paged_bar, paged_text

TITLE_H = 13
"""Title bar height in px (128x64 and 256x64; 10 on 128x32, 16 on 128x128)."""


def draw_message(c: Canvas, title: str, lines: Sequence[str]) -> None:
    """A title on an inverse bar across the top of ``c``, then ``lines`` (blank ones
    left out) left-aligned below it, each as large as fits (paged, never cut).

    Rows the lines leave free (a 128x128 panel, or fewer lines than fit) go to the
    first lines that would page on one row, a row at a time until they fit (a long name
    or path wraps onto two rows instead of turning pages). On a panel too short for
    every line, the lines are pages of their own (the shell turns them): each group of
    lines stays up until every page of its longest line is shown, in order."""
    w, h = c.size
    title_h = 10 if c.layout == "reduced" else 16 if c.layout == "tall" else TITLE_H
    paged_bar(c, (0, 0, w, title_h), title, inverse=True, sizes=(14, 12, 11, 10, 9))
    shown = [line for line in lines if line.strip()]
    if not shown:
        return
    line_h = 10 if c.layout != "tall" else 14  # the pixel font's 6x10 lines (9 px) and a row between
    sizes = (12, 11, 10, 9) if c.layout == "tall" else (10, 9)
    room = max(1, (h - title_h - 1) // line_h)

    def pages(line: str, rows: int) -> int:  # as paged_text lays the line out in `rows` rows
        return len(fonts.lay_out(line, w - 2, rows * line_h, sizes, rows).pages)

    rows = [1] * len(shown)
    free = room - len(shown)
    for i, line in enumerate(shown):
        while free > 0 and pages(line, rows[i]) > 1:
            rows[i] += 1
            free -= 1
    groups = [list(zip(shown, rows))[i : i + room] for i in range(0, len(shown), room)]
    # a group of lines stays up for as many pages as its longest line has (each page of
    # each line is shown once, in order, before the next group)
    spans = [max(pages(line, n) for line, n in group) for group in groups]
    k = c.paged(sum(spans))
    for group, span in zip(groups, spans):
        if k < span:
            break
        k -= span
    screen_page, c.page = c.page, k
    try:
        y = title_h + 1
        for line, n in group:
            paged_text(c, (0, y, w, y + n * line_h), line, sizes=sizes, max_lines=n)
            y += n * line_h
    finally:
        c.page = screen_page
