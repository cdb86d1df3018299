"""Screens of the kiosk flow: attract, menu, resume, confirm, and service mode.

Each view is a frozen value the kiosk controller builds (:mod:`pitchside.tables.kiosk`);
:func:`draw_kiosk` lays any of them out on a panel's canvas (their screen in
:func:`pitchside.render.screen.render`); :func:`render_kiosk` returns the frame.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageChops

from pitchside.render import screen
from pitchside.render.message import draw_message
from pitchside.render.panel import INK, PAPER, Canvas, Panel, to_logical
from pitchside.render.widgets import paged_bar, paged_text


@dataclass(frozen=True)
class AttractView:
    """The idle screen: the game's name and a call to play, drawn ``shift`` px off
    centre (it moves every so often so no pixel burns in)."""

    title: str
    lines: tuple[str, ...]
    shift: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class MenuView:
    """Match options before a match: ``fields`` as (label, value), the one under
    ``cursor`` highlighted, and a hint line."""

    title: str
    fields: tuple[tuple[str, str], ...]
    cursor: int
    hint: str


@dataclass(frozen=True)
class ConfirmView:
    """A yes/no question (abandon a match, resume a suspended one)."""

    title: str
    lines: tuple[str, ...]


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


KioskView = AttractView | MenuView | ConfirmView | ServiceView


def render_kiosk(view: KioskView, size: Panel | tuple[int, int] = (128, 64)) -> Image.Image:
    """Draw a kiosk view for a panel (a game's own screens are drawn by its render
    module; any view through :func:`pitchside.render.screen.render`).

    :returns: an image of the panel's size and mode (a ``(width, height)`` is mode "1").
    :raises ValueError: no layout for the panel's size.
    """
    return screen.render(view, size)


def draw_kiosk(view: KioskView, c: Canvas) -> None:
    """Lay a kiosk view out on ``c`` (every layout; text paged, never cut)."""
    if isinstance(view, AttractView):
        _attract(view, c)
    elif isinstance(view, MenuView):
        _menu(view, c)
    elif isinstance(view, ConfirmView):
        draw_message(c, view.title, view.lines)
    elif view.page == "pattern":
        c.image.paste(to_logical(test_pattern(view.pattern, c.size)))
    elif view.page == "inputs":
        _inputs(view, c)
    elif view.page == "sensors":
        _sensors(view, c)
    else:
        title = "SERVICE: AUDITS" if view.page == "audits" else "SERVICE: STATUS"
        draw_message(c, title, [" ".join(r) for r in view.rows] + [view.footer])


def _rows(c: Canvas) -> tuple[int, int]:
    """(title bar height, row height) in px for the panel's layout."""
    return {"reduced": (10, 10), "tall": (16, 14)}.get(c.layout, (12, 12))


def _attract(view: AttractView, c: Canvas) -> None:
    w, h = c.size
    reduced = c.layout == "reduced"
    title_box = (0, 1, w, 16 if reduced else h * 2 // 5)
    paged_text(c, title_box, view.title, align="center", sizes=(28, 24, 20, 18, 16, 14, 12, 11, 10, 9))
    lines = [line for line in view.lines if line]
    if lines:
        box = (0, title_box[3] + 1, w, h - 1)
        if reduced:
            paged_text(c, box, " ".join(lines), align="center", sizes=(10, 9))
        else:
            row = (box[3] - box[1]) // len(lines)
            for i, line in enumerate(lines):
                paged_text(c, (0, box[1] + i * row, w, box[1] + (i + 1) * row), line, align="center",
                           sizes=(14, 12, 11, 10, 9))
    dx, dy = view.shift
    if dx or dy:
        c.image.paste(ImageChops.offset(c.image, dx, dy))


def _menu(view: MenuView, c: Canvas) -> None:
    w, h = c.size
    title_h, row_h = _rows(c)
    if c.layout == "reduced":  # the row under the cursor only, its label and value, then the hint
        label, value = view.fields[view.cursor] if view.fields else ("", "")
        c.draw.rectangle((0, 0, w - 1, 20), outline=INK)  # the text 1 px clear of it
        paged_text(c, (2, 2, w // 2, 19), label, sizes=(11, 10, 9), max_lines=2)
        paged_text(c, (w // 2, 2, w - 2, 19), value, align="right", sizes=(12, 11, 10, 9), max_lines=2)
        paged_text(c, (0, 22, w, h), view.hint, align="center", sizes=(10, 9))
        return
    paged_bar(c, (0, 0, w, title_h), view.title, inverse=True, sizes=(14, 12, 11, 10))
    rows = max(1, (h - title_h - 1 - row_h) // row_h)
    first = max(0, min(view.cursor - (rows - 1), len(view.fields) - rows))
    y = title_h + 1
    for i, (label, value) in enumerate(view.fields[first : first + rows], start=first):
        chosen = i == view.cursor  # in inverse video: an outline touched the capitals
        if chosen:
            c.draw.rectangle((0, y, w - 1, y + row_h - 1), fill=INK)
        ink = PAPER if chosen else INK
        paged_text(c, (2, y, w // 2, y + row_h), label, sizes=(12, 11, 10, 9), fill=ink)
        paged_text(c, (w // 2, y, w - 2, y + row_h), value, align="right", sizes=(12, 11, 10, 9), fill=ink)
        y += row_h
    paged_text(c, (0, h - row_h, w, h), view.hint, align="center", sizes=(12, 11, 10, 9))


def _inputs(view: ServiceView, c: Canvas) -> None:
    """Two columns of inputs: a box lit while pressed/blocked, the name, the edge count;
    a "!" before a stuck or noisy input."""
    w, h = c.size
    title_h, _ = _rows(c)
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
    title_h, _ = _rows(c)
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


screen.register_layout(AttractView, draw_kiosk)
screen.register_layout(MenuView, draw_kiosk)
screen.register_layout(ConfirmView, draw_kiosk)
screen.register_layout(ServiceView, draw_kiosk)
