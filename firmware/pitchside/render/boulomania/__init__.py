"""Boulomania screens: :func:`draw` lays a :class:`BoulomaniaView` out on a canvas for
its panel (128x64, 128x32, 256x64, 128x128 in mode "1", "L" or "RGB"), and
:func:`render` draws it as a frame.

The package: :mod:`.view` (what a screen shows), :mod:`.marks` (the board, bowls, jack
and dice), :mod:`.layout` (the boxes per panel layout), :mod:`.screens` (the play and
finished screens).
"""

from __future__ import annotations

from PIL import Image

from pitchside.core.rules.boulomania import State
from pitchside.render import screen
from pitchside.render.boulomania.marks import (
    BOWL_R,
    DIE_PX,
    JACK_BLOCK_ZOOM,
    JACK_HALF,
    board_layout,
    draw_board,
    draw_bowl,
    draw_die,
    draw_jack,
    draw_small,
)
from pitchside.render.boulomania.screens import draw_finished, draw_play
from pitchside.render.boulomania.view import BoulomaniaView, DiceShown
from pitchside.render.panel import Canvas, Panel
from pitchside.render.widgets import refusal_layer

__all__ = [
    "BOWL_R", "DIE_PX", "JACK_BLOCK_ZOOM", "JACK_HALF", "BoulomaniaView", "DiceShown", "board_layout", "describe",
    "draw", "draw_board", "draw_bowl", "draw_die", "draw_jack", "draw_small", "render",
]


def draw(view: BoulomaniaView, c: Canvas) -> None:
    """Draw ``view`` on ``c`` for its panel: the play or finished screen, then a
    refusal over it (:func:`pitchside.render.widgets.refusal_layer`).

    :raises ValueError: no layout for the canvas's panel size.
    """
    if view.state.phase == "finished":
        draw_finished(c, view)
    else:
        draw_play(c, view)
    refusal_layer(c, view.prompt)


def render(view: BoulomaniaView, size: Panel | tuple[int, int] = (128, 64), page: int = 0) -> Image.Image:
    """Draw ``view`` as a frame (:func:`pitchside.render.screen.render`).

    :param size: the panel, or a ``(width, height)`` in px of a mode "1" one.
    :param page: the page of paged text to show.
    :returns: an image of the panel's size and mode.
    :raises ValueError: no layout for the panel's size.
    """
    return screen.render(view, size, page)


def describe(state: State) -> str:
    """A one-line summary for logs: ``"R2 A 5 B 3 jack 4 A to throw"``."""
    who = f"{state.to_play} to throw" if state.to_play else state.phase
    return f"R{state.round} A {state.score.A} B {state.score.B} jack {state.jack} {who}"


screen.register_layout(BoulomaniaView, draw)
