"""The service mode's pages (staff: hold NEW, then UNDO): inputs, the display test
patterns, status, sensors and audits.

The view is a frozen value the kiosk controller builds (:func:`pitchside.tables.kiosk.view`)
when a service page is shown; this module (its record and layouts) is loaded then, not
before a table's first frame (start-up). :func:`draw_service` lays a page out
(its screen in :func:`pitchside.render.screen.render`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from pitchside.render import screen
from pitchside.render.kiosk import row_heights
from pitchside.render.message import draw_message
from pitchside.render.panel import INK, PAPER, Canvas, to_logical
from pitchside.render.widgets import paged_bar, paged_text


@dataclass(frozen=True)
class ServiceView:
    """Service mode. ``page`` is ``"inputs"`` (rows: name, state, edge count),
    ``"pattern"`` (the display test; ``pattern`` 0-3), ``"status"`` (rows of text), or
    ``"sensors"`` (rows: name, health state, blocks this match / per match), or
    ``"audits"`` (rows of text, like the status page)."""

    page: str
    rows: tuple[tuple[str, ...], ...] = ()
    pattern: int = 0
    footer: str = ""


def draw_service(view: ServiceView, c: Canvas) -> None:
    """Lay a service page out on ``c`` (every layout; text paged, never cut)."""
    if view.page == "pattern":
        c.image.paste(to_logical(test_pattern(view.pattern, c.size)))
    elif view.page == "inputs":
        _inputs(view, c)
    elif view.page == "sensors":
        _sensors(view, c)
    else:
        title = "SERVICE: AUDITS" if view.page == "audits" else "SERVICE: STATUS"
        draw_message(c, title, [" ".join(r) for r in view.rows] + [view.footer])


def _inputs(view: ServiceView, c: Canvas) -> None:
    """Two columns of inputs: a box lit while pressed/blocked, the name, the edge count;
    a "!" before a stuck or noisy input."""
    w, h = c.size
    title_h, _ = row_heights(c)
    paged_bar(c, (0, 0, w, title_h), "SERVICE: INPUTS", inverse=True, sizes=(10, 9))
    row_h = 10
    rows_per_col = max(1, (h - title_h - 1 - row_h) // row_h)
    col_w = w // 2
    for i, row in enumerate(view.rows[: rows_per_col * 2]):
        name, state, count = row[0], row[1], row[2]
        x = (i // rows_per_col) * col_w
        y = title_h + 1 + (i % rows_per_col) * row_h
        c.draw.rectangle((x + 1, y + 2, x + 6, y + 7), outline=INK, fill=INK if state in ("on", "stuck") else PAPER)
        label = ("!" if state in ("stuck", "noisy") else "") + name
        paged_text(c, (x + 8, y, x + col_w - 22, y + row_h), label, sizes=(9,), pad=0)
        paged_text(c, (x + col_w - 22, y, x + col_w - 1, y + row_h), count, align="right", sizes=(9,), pad=0)
    paged_text(c, (0, h - row_h, w, h), view.footer, align="center", sizes=(9,))


def _sensors(view: ServiceView, c: Canvas) -> None:
    """One row per sensor: the name, its health state (``"!"`` before anything but
    ``ok``), blocks in the latest match / per finished match."""
    w, h = c.size
    title_h, _ = row_heights(c)
    paged_bar(c, (0, 0, w, title_h), "SERVICE: SENSORS", inverse=True, sizes=(10, 9))
    row_h = 10
    rows = max(1, (h - title_h - 1 - row_h) // row_h)
    name_w, count_w = w * 3 // 8, w // 4
    for i, row in enumerate(view.rows[:rows]):
        name, state, counts = row[0], row[1], row[2]
        y = title_h + 1 + i * row_h
        flagged = state not in ("ok", "no record")
        paged_text(c, (0, y, name_w, y + row_h), ("!" if flagged else "") + name, sizes=(9,), pad=0)
        paged_text(c, (name_w + 1, y, w - count_w - 1, y + row_h), state, sizes=(9,), pad=0)
        paged_text(c, (w - count_w, y, w - 1, y + row_h), counts, align="right", sizes=(9,), pad=0)
    paged_text(c, (0, h - row_h, w, h), view.footer, align="center", sizes=(9,))


def test_pattern(n: int, size: tuple[int, int] = (128, 64)) -> Image.Image:
    """Display test patterns: 0 all pixels on, 1 checkerboard, 2 border and diagonals
    (shows offset or clipped columns, e.g. an SH1106 needing page_address_offset), 3 off.

    :returns: a mode "1" image of ``size``.
    """
    img = Image.new("1", size, 255 if n % 4 == 0 else 0)
    w, h = size
    if n % 4 == 1:
        px = img.load()
        assert px is not None  # a new image's pixels are there
        for y in range(h):
            for x in range(w):
                px[x, y] = 255 * ((x + y) % 2)
    elif n % 4 == 2:
        from PIL import ImageDraw

        d = ImageDraw.Draw(img)
        d.rectangle((0, 0, w - 1, h - 1), outline=1)
        d.line((0, 0, w - 1, h - 1), fill=1)
        d.line((0, h - 1, w - 1, 0), fill=1)
    return img


screen.register_layout(ServiceView, draw_service)
