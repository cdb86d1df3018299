"""The side displays: one small OLED at each player's end of the table (roles
``side_a`` and ``side_b`` in the config), showing that side's name and score in the
biggest digits that fit, and whether it is that side's turn.

A :class:`SideView` is built from any game's replay output (its ``score`` and whose turn
it is), so every game gets side displays without a screen of its own. Laid out for the
panel: the name on a bar across the top (paged, never cut: the
runtime turns a side display's pages as it does the main one's), the score as large as
the rest allows, the status under it (dimmer on greyscale and colour); on the 256x64
panel the name at the left of big digits.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from pitchside.render import screen
from pitchside.render.panel import DIM, INK, Canvas, Panel
from pitchside.render.widgets import draw_score, paged_bar, paged_text, triangle

NAME_H = 13
"""Name bar height in px (128x64; 10 on 128x32, 18 on 128x128)."""


@dataclass(frozen=True)
class SideView:
    """One side's display.

    :param name: the side's name (ASCII; paged when it does not fit).
    :param score: the side's headline score (a half point allowed).
    :param turn: it is this side's turn (the name bar is inverted, an arrow points in).
    :param status: a short word under the score: ``"WINS"``, ``"ON HOLD"`` or ``""``.
    """

    name: str
    score: float
    turn: bool = False
    status: str = ""


def render_side(view: SideView, size: Panel | tuple[int, int] = (128, 64)) -> Image.Image:
    """Draw one side display.

    :returns: an image of the panel's size and mode (a ``(width, height)``: mode "1").
    :raises ValueError: no layout for the panel's size.
    """
    return screen.render(view, size)


def draw_side(view: SideView, c: Canvas) -> None:
    """Lay ``view`` out on ``c`` (every layout of :data:`pitchside.render.panel.LAYOUTS`)."""
    w, h = c.size
    layout = c.layout
    if layout == "wide":
        name_w = w * 3 // 8
        if view.turn:
            c.draw.rectangle((0, 0, name_w - 1, h - 1), fill=INK)
        paged_text(c, (0, 2, name_w, h - (14 if view.status else 2)), view.name, align="center",
                   sizes=(20, 18, 16, 14, 12, 11, 10, 9), max_lines=2, fill=0 if view.turn else INK, pad=2)
        if view.status:
            paged_text(c, (0, h - 13, name_w, h), view.status, align="center", sizes=(12, 11, 10, 9),
                       fill=0 if view.turn else DIM)
        draw_score(c.draw, (name_w + 4, 2, w - 2, h - 2), view.score, max_height=h - 4)
        return
    name_h = {"reduced": 10, "tall": 18}.get(layout, NAME_H)
    sizes = {"reduced": (10, 9), "tall": (16, 14, 12, 11, 10, 9)}.get(layout, (12, 11, 10, 9))
    paged_bar(c, (0, 0, w, name_h), view.name, inverse=view.turn, sizes=sizes)
    status_h = (0 if not view.status else 14 if layout == "tall" else 10 if layout == "reduced" else 11)
    arrow = 14 if view.turn else 0
    if layout == "reduced" and view.status:  # the status beside the score: no room under it
        box = (arrow, name_h + 1, w * 2 // 3, h)
        paged_text(c, (w * 2 // 3, name_h + 1, w, h), view.status, align="center", sizes=(10, 9), fill=DIM)
    else:
        box = (arrow, name_h + 2, w - arrow, h - status_h - 1)
        if view.status:
            paged_text(c, (0, h - status_h, w, h), view.status, align="center",
                       sizes=(12, 11, 10, 9) if layout == "tall" else (10, 9), fill=DIM)
    draw_score(c.draw, box, view.score, max_height=box[3] - box[1])
    if view.turn:
        mid = (box[1] + box[3]) // 2
        half = min(6, (box[3] - box[1]) // 2)
        triangle(c.draw, (1, mid - half, 10, mid + half), "right")


screen.register_layout(SideView, draw_side)
