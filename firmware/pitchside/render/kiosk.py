"""Screens of the kiosk flow: attract, menu, resume and confirm (service mode:
:mod:`pitchside.render.service`, loaded when a service page is first shown).

Each view is a frozen value the kiosk controller builds (:mod:`pitchside.tables.kiosk`);
:func:`draw_kiosk` lays any of them out on a panel's canvas (their screen in
:func:`pitchside.render.screen.render`); :func:`render_kiosk` returns the frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from PIL import Image, ImageChops

from pitchside.render import fonts, screen
from pitchside.render.message import draw_message
from pitchside.render.panel import INK, PAPER, Canvas, Panel
from pitchside.render.view import Prompt
from pitchside.render.widgets import paged_bar, paged_text, prompt_line

if TYPE_CHECKING:
    from pitchside.render.service import ServiceView


@dataclass(frozen=True)
class AttractView:
    """The idle screen: the game's name and a call to play, drawn ``shift`` px off
    centre (it moves every so often so no pixel burns in). ``prompt``: a line at the
    bottom (the shell's storage warning, :class:`pitchside.render.screen.Frame`) under
    the first line of the call to play."""

    title: str
    lines: tuple[str, ...]
    shift: tuple[int, int] = (0, 0)
    prompt: Prompt | None = None


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




KioskView: TypeAlias = "AttractView | MenuView | ConfirmView | ServiceView"
"""The kiosk's screens (the service pages' view is :mod:`pitchside.render.service`'s)."""


def render_kiosk(view: KioskView, size: Panel | tuple[int, int] = (128, 64)) -> Image.Image:
    """Draw a kiosk view for a panel (a game's own screens are drawn by its render
    module; any view through :func:`pitchside.render.screen.render`).

    :returns: an image of the panel's size and mode (a ``(width, height)`` is mode "1").
    :raises ValueError: no layout for the panel's size.
    """
    return screen.render(view, size)


def draw_kiosk(view: AttractView | MenuView | ConfirmView, c: Canvas) -> None:
    """Lay a kiosk view out on ``c`` (every layout; text paged, never cut); the service
    pages are :func:`pitchside.render.service.draw_service`'s."""
    if isinstance(view, AttractView):
        _attract(view, c)
    elif isinstance(view, MenuView):
        _menu(view, c)
    else:
        draw_message(c, view.title, view.lines)


def row_heights(c: Canvas) -> tuple[int, int]:
    """(title bar height, row height) in px for the panel's layout."""
    return {"reduced": (10, 10), "tall": (16, 14)}.get(c.layout, (12, 12))


def _attract(view: AttractView, c: Canvas) -> None:
    w, h = c.size
    reduced = c.layout == "reduced"
    title_box = (0, 1, w, 16 if reduced else h * 2 // 5)
    paged_text(c, title_box, view.title, align="center", sizes=(28, 24, 20, 18, 16, 14, 12, 11, 10, 9))
    lines = [line for line in view.lines if line]
    bottom = h - 1
    foot = 10 if reduced else 12
    if view.prompt is not None:  # at the bottom, under the call to play's first line (alone on a short panel)
        bottom, lines = h - foot - 1, ([] if reduced else lines[:1])
    if lines:
        box = (0, title_box[3] + 1, w, bottom)
        if reduced:
            text = " ".join(lines)
            paged_text(c, box, text, align="center", sizes=fonts.capitals_sizes(text, (10, 9)))
        else:  # a line in capitals (a price: "CREDIT €0.50  GAME €1.50") may take the 5x7 strike
            row = (box[3] - box[1]) // len(lines)
            for i, line in enumerate(lines):
                paged_text(c, (0, box[1] + i * row, w, box[1] + (i + 1) * row), line, align="center",
                           sizes=fonts.capitals_sizes(line, (14, 12, 11, 10, 9)))
    dx, dy = view.shift
    if dx or dy:
        c.image.paste(ImageChops.offset(c.image, dx, dy))
    if view.prompt is not None:  # after the shift, which wraps: a bar at the bottom must not reach the top
        prompt_line(c, (0, h - foot, w, h), view.prompt, sizes=(10, 9) if reduced else (12, 11, 10, 9))


def _menu(view: MenuView, c: Canvas) -> None:
    w, h = c.size
    title_h, row_h = row_heights(c)
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
        ink = PAPER if chosen else INK  # the text a row clear of the bar's top and bottom
        paged_text(c, (2, y + 1, w // 2, y + row_h - 1), label, sizes=(12, 11, 10, 9), fill=ink)
        paged_text(c, (w // 2, y + 1, w - 2, y + row_h - 1), value, align="right", sizes=(12, 11, 10, 9), fill=ink)
        y += row_h
    paged_text(c, (0, h - row_h, w, h), view.hint, align="center", sizes=(12, 11, 10, 9))


screen.register_layout(AttractView, draw_kiosk)
screen.register_layout(MenuView, draw_kiosk)
screen.register_layout(ConfirmView, draw_kiosk)
