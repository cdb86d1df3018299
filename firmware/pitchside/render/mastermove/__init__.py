"""Master Move screens (rules ``docs/rules/mastermove.md``), laid out
per panel: :func:`draw` puts a :class:`MasterMoveView` on a
:class:`~pitchside.render.panel.Canvas` for 128x64, 128x32, 256x64, 128x128 (and the
96x48 of the tests), :func:`render` returns the frame, :func:`render_standings` a
tournament's table of standings.

One screen per phase of :class:`pitchside.core.rules.mastermove.State`:

* ``lineup``, and a piece being picked on the buttons (:class:`EntryView`): the board
  screen (:mod:`.board`): the pitch map as big as the panel allows (:mod:`.pitch`) with
  what is being done beside it.
* ``toss``: the names and "PRESS COIN TO TOSS" (MM-28) (:mod:`.others`).
* ``play`` and ``changes`` (after a Move!, MM-16, MM-21..MM-23): the score screen
  (:mod:`.score`); one layout for both, so a Move! redraws little.
* ``finished``: the winner large, the final score, a forfeit said as such (MM-25).
* A quit asked for on the panel (:attr:`MasterMoveView.confirm_quit`): the question
  naming the side that would lose 0-3 by forfeit (MM-25, MM-32).

Every text is laid out to fit, paged where it cannot (never cut); a refusal is the
framework's overlay (plain words, then the rule ID, ``ANY KEY: OK``). Side colours on a
colour panel (A red, B blue), secondary lines dim on greyscale; mode "1" lights all.
"""

from __future__ import annotations

from PIL import Image

from pitchside.render import screen, widgets
from pitchside.render.mastermove.board import board_layout, draw_board_screen
from pitchside.render.mastermove.others import draw_confirm_quit, draw_finished, draw_toss
from pitchside.render.mastermove.pitch import CELL, CELLS, draw_pitch
from pitchside.render.mastermove.score import draw_score_screen, score_layout
from pitchside.render.mastermove.standings import (
    STANDINGS_ROWS,
    StandingsView,
    draw_standings,
    render_standings,
    standings_cells,
)
from pitchside.render.mastermove.view import EntryView, MasterMoveView
from pitchside.render.panel import Canvas, Panel

__all__ = [
    "CELL", "CELLS", "STANDINGS_ROWS", "EntryView", "MasterMoveView", "StandingsView", "board_layout", "draw",
    "draw_pitch", "render", "render_standings", "score_layout", "standings_cells",
]


def draw(view: MasterMoveView, c: Canvas) -> None:
    """Draw ``view`` on ``c`` (the screen of its phase, module docstring), then the
    refusal layer. A view with :attr:`~MasterMoveView.standings` is drawn as
    :func:`render_standings` draws it (its paged texts turning with the canvas's page).

    :raises ValueError: no layout for the canvas's panel size.
    """
    c.layout  # noqa: B018  (raises for a size without a layout)
    if view.standings is not None:
        draw_standings(view.standings, c)
        return
    if view.confirm_quit is not None:
        draw_confirm_quit(view, c)
        return
    phase = view.state.phase
    if phase == "lineup" or (view.entry is not None and phase in ("play", "changes")):
        draw_board_screen(view, c)
    elif phase == "toss":
        draw_toss(view, c)
    elif phase in ("play", "changes"):
        draw_score_screen(view, c)
    else:
        draw_finished(view, c)
    widgets.refusal_layer(c, view.prompt)


def render(view: MasterMoveView, size: Panel | tuple[int, int] = (128, 64), page: int = 0) -> Image.Image:
    """Draw ``view`` as a frame for the panel (a ``(width, height)`` is a mode "1" one).

    :returns: an image of the panel's size and mode.
    :raises ValueError: no layout for the panel's size.
    """
    return screen.render(view, size, page)


screen.register_layout(MasterMoveView, draw)
screen.register_layout(StandingsView, draw_standings)
