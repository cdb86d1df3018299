"""Pitch Bowl screens, laid out per panel: :func:`draw`
lays a :class:`PitchBowlView` out on a :class:`~pitchside.render.panel.Canvas` for
the panel's size and mode; :func:`render` returns the frame for a panel.

One screen per phase of :class:`pitchside.core.rules.pitchbowl.State` (rules
PB-xx, ``docs/rules/pitchbowl.md``):

* ``toss``: the names, the goal, the options and "PRESS COIN TO TOSS"; while the coin
  spins (``view.spin`` 1..5) a coin turning edge-on and back (:mod:`.screens`).
* ``choose``: who won the toss, and KICK / RECEIVE with the pending choice in inverse
  video (PB-02).
* ``place_defender`` / ``place_attacker``: who places and as what (PB-03), the
  checklist of PB-04 with the selector's field in inverse video; right after a
  touchdown (``view.scored``, PB-27), until the next press, the match screen it was
  scored on with the new score and "TOUCHDOWN!" on the bottom line instead (the
  notice of who kicks and places shows on the checklist that follows).
* ``kickoff``: who kicks, LANDED / TOUCH BACK with the pending one in inverse (PB-05/06).
* ``turn``: the match screen (:mod:`.turn`).
* ``finished``: the winner large and the final score (PB-30).

Text that does not fit its box at the smallest legible size is paged, never cut; a
refusal is drawn over the screen by :func:`~pitchside.render.widgets.refusal_layer`.
Sides are drawn in their colours on a colour panel, secondary lines dim on grey.
"""

from __future__ import annotations

from dataclasses import replace

from PIL import Image

from pitchside.core.rules.pitchbowl import State, pitches_left
from pitchside.render import screen
from pitchside.render.panel import Canvas, Panel
from pitchside.render.pitchbowl import screens
from pitchside.render.pitchbowl.screens import score_text
from pitchside.render.pitchbowl.turn import draw_turn
from pitchside.render.pitchbowl.view import CAUSE_WORDS, PitchBowlView, ball
from pitchside.render.widgets import refusal_layer

__all__ = ["CAUSE_WORDS", "PitchBowlView", "ball", "describe", "draw", "render"]


def draw(view: PitchBowlView, c: Canvas) -> None:
    """Lay ``view`` out on ``c`` (any panel with a layout; the refusal layer last).

    :raises ValueError: no layout for the panel's size.
    """
    phase = view.state.phase
    if phase == "toss" or view.spin:
        screens.toss(c, view)
    elif phase == "choose":
        screens.choose(c, view)
    elif view.scored is not None:
        draw_turn(c, replace(view, state=view.scored, draft="", selector=None, announce=None), scored=True)
    elif phase in ("place_defender", "place_attacker"):
        screens.placement(c, view)
    elif phase == "kickoff":
        screens.kickoff(c, view)
    elif phase == "turn":
        draw_turn(c, view)
    else:
        screens.finished(c, view)
    refusal_layer(c, view.prompt)


def render(view: PitchBowlView, size: Panel | tuple[int, int] = (128, 64), page: int = 0) -> Image.Image:
    """The frame of ``view`` for a panel (a ``(width, height)`` is mode "1").

    :returns: an image of the panel's size and mode.
    :raises ValueError: no layout for the panel (:data:`pitchside.render.panel.LAYOUTS`).
    """
    return screen.render(view, size, page)


def describe(state: State) -> str:
    """A one-line text summary for logs: ``"1-0 turn B active, 7 left pass used"``."""
    parts = [score_text(state), state.phase]
    if state.active:
        parts.append(f"{state.active} active, {pitches_left(state)} left")
    if state.pass_used:
        parts.append("pass used")
    if state.all_out_used:
        parts.append("all-out used")
    if state.bonus_pending:
        parts.append("bonus owed")
    return " ".join(parts)


screen.register_layout(PitchBowlView, draw)
