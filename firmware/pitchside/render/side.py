"""The side displays: one small OLED at each player's end of the table (roles
``side_a`` and ``side_b`` in the config), showing that side's name and score in the
biggest digits that fit, and whether it is that side's turn.

A :class:`SideView` is built from any game's replay output (its ``score`` and whose turn
it is), so every game gets side displays without a screen of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from pitchside.render import fonts, screen
from pitchside.render.widgets import bar, draw_score, new_canvas, text_in_box, triangle

NAME_H = 13
"""Name bar height in px."""


@dataclass(frozen=True)
class SideView:
    """One side's display.

    :param name: the side's name (ASCII, cut to fit).
    :param score: the side's headline score (a half point allowed).
    :param turn: it is this side's turn (the name bar is inverted, an arrow points in).
    :param status: a short word under the score: ``"WINS"``, ``"ON HOLD"`` or ``""``.
    """

    name: str
    score: float
    turn: bool = False
    status: str = ""


def render_side(view: SideView, size: tuple[int, int] = (128, 64)) -> Image.Image:
    """Draw one side display.

    :returns: a mode "1" image of ``size`` px (at least 96x48).
    :raises ValueError: ``size`` too small.
    """
    img, draw = new_canvas(size)
    w, h = size
    bar(draw, (0, 0, w, NAME_H), view.name, inverse=view.turn, sizes=(fonts.LARGE, fonts.MEDIUM, fonts.SMALL))
    status_h = 11 if view.status else 0
    box = (14 if view.turn else 0, NAME_H + 2, w - (14 if view.turn else 0), h - status_h - 1)
    draw_score(draw, box, view.score, max_height=box[3] - box[1])
    if view.turn:
        mid = (NAME_H + h - status_h) // 2
        triangle(draw, (1, mid - 6, 10, mid + 6), "right")
    if view.status:
        text_in_box(draw, (0, h - status_h, w, h), view.status, align="center", sizes=(fonts.SMALL, fonts.TINY))
    return img


screen.register(SideView, render_side)
