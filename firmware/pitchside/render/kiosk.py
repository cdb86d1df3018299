"""Screens of the kiosk flow: attract, menu, resume, confirm, and service mode.

Each view is a frozen value the kiosk controller builds (:mod:`pitchside.tables.kiosk`);
:func:`render_kiosk` draws any of them as a mode "1" image, and is their screen in
:func:`pitchside.render.screen.render`.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageChops

from pitchside.render import fonts, screen
from pitchside.render.message import render_message
from pitchside.render.widgets import bar, new_canvas, text_in_box


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


def render_kiosk(view: KioskView, size: tuple[int, int] = (128, 64)) -> Image.Image:
    """Draw a kiosk view (a game's own screens are drawn by its render module; any view
    through :func:`pitchside.render.screen.render`).

    :returns: a mode "1" image of ``size`` (px, at least 96x48).
    :raises ValueError: ``size`` too small.
    """
    if isinstance(view, AttractView):
        return _attract(view, size)
    if isinstance(view, MenuView):
        return _menu(view, size)
    if isinstance(view, ConfirmView):
        return render_message(view.title, view.lines, size)
    if view.page == "pattern":
        return test_pattern(view.pattern, size)
    if view.page == "inputs":
        return _inputs(view, size)
    if view.page == "sensors":
        return _sensors(view, size)
    title = "SERVICE: AUDITS" if view.page == "audits" else "SERVICE: STATUS"
    return render_message(title, [" ".join(r) for r in view.rows] + [view.footer], size)


def _attract(view: AttractView, size: tuple[int, int]) -> Image.Image:
    img, draw = new_canvas(size)
    w, h = size
    text_in_box(draw, (0, 6, w, 26), view.title, align="center", sizes=(16, 14, fonts.LARGE, fonts.MEDIUM))
    y = 32
    for line in view.lines[:2]:
        text_in_box(draw, (0, y, w, y + 12), line, align="center", sizes=(fonts.SMALL, fonts.TINY))
        y += 13
    dx, dy = view.shift
    return ImageChops.offset(img, dx, dy) if (dx or dy) else img


def _menu(view: MenuView, size: tuple[int, int]) -> Image.Image:
    img, draw = new_canvas(size)
    w, h = size
    bar(draw, (0, 0, w, 12), view.title, inverse=True, sizes=(fonts.MEDIUM, fonts.SMALL))
    row_h = 12
    y = 13
    first = max(0, min(view.cursor - 2, len(view.fields) - 3))  # 3 rows shown, the cursor's among them
    for i, (label, value) in enumerate(view.fields[first : first + 3], start=first):
        selected = i == view.cursor
        if selected:
            draw.rectangle((0, y, w - 1, y + row_h - 1), outline=1)
        text_in_box(draw, (2, y, w // 2, y + row_h), label, sizes=(fonts.SMALL, fonts.TINY))
        text_in_box(draw, (w // 2, y, w - 2, y + row_h), value, align="right", sizes=(fonts.SMALL, fonts.TINY))
        y += row_h
    bar(draw, (0, h - 12, w, h), view.hint, inverse=False, sizes=(fonts.SMALL, fonts.TINY))
    return img


def _inputs(view: ServiceView, size: tuple[int, int]) -> Image.Image:
    """Two columns of inputs: a box lit while pressed/blocked, the name, the edge count;
    a "!" before a stuck or noisy input."""
    img, draw = new_canvas(size)
    w, h = size
    bar(draw, (0, 0, w, 11), "SERVICE: INPUTS", inverse=True, sizes=(fonts.SMALL, fonts.TINY))
    row_h = 10
    rows_per_col = (h - 12 - 10) // row_h
    col_w = w // 2
    for i, row in enumerate(view.rows[: rows_per_col * 2]):
        name, state, count = row[0], row[1], row[2]
        x = (i // rows_per_col) * col_w
        y = 12 + (i % rows_per_col) * row_h
        box = (x + 1, y + 2, x + 6, y + 7)
        draw.rectangle(box, outline=1, fill=1 if state in ("on", "stuck") else 0)
        label = ("!" if state in ("stuck", "noisy") else "") + name
        text_in_box(draw, (x + 8, y, x + col_w - 18, y + row_h), label, sizes=(fonts.TINY,), pad=0)
        text_in_box(draw, (x + col_w - 18, y, x + col_w - 1, y + row_h), count, align="right",
                    sizes=(fonts.TINY,), pad=0)  # fmt: skip
    bar(draw, (0, h - 10, w, h), view.footer, inverse=False, sizes=(fonts.TINY,))
    return img


def _sensors(view: ServiceView, size: tuple[int, int]) -> Image.Image:
    """One row per sensor: the name, its health state (``"!"`` before anything but
    ``ok``), blocks in the latest match / per finished match."""
    img, draw = new_canvas(size)
    w, h = size
    bar(draw, (0, 0, w, 11), "SERVICE: SENSORS", inverse=True, sizes=(fonts.SMALL, fonts.TINY))
    row_h = 10
    rows = (h - 12 - 10) // row_h
    name_w, count_w = w * 3 // 8, w // 4
    for i, row in enumerate(view.rows[:rows]):
        name, state, counts = row[0], row[1], row[2]
        y = 12 + i * row_h
        flagged = state not in ("ok", "no record")
        text_in_box(draw, (0, y, name_w, y + row_h), ("!" if flagged else "") + name, sizes=(fonts.TINY,), pad=0)
        text_in_box(draw, (name_w + 1, y, w - count_w - 1, y + row_h), state, sizes=(fonts.TINY,), pad=0)
        text_in_box(draw, (w - count_w, y, w - 1, y + row_h), counts, align="right", sizes=(fonts.TINY,), pad=0)
    bar(draw, (0, h - 10, w, h), view.footer, inverse=False, sizes=(fonts.TINY,))
    return img


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


screen.register(AttractView, render_kiosk)
screen.register(MenuView, render_kiosk)
screen.register(ConfirmView, render_kiosk)
screen.register(ServiceView, render_kiosk)
