"""Pitch Bowl screens: :func:`render` turns a :class:`PitchBowlView` into a frame.

One screen per phase of :class:`pitchside.core.rules.pitchbowl.State` (rulebook
``shared/rules/000_293881e4203f7670.txt``, rulings PB-xx):

* ``toss``: the names and "PRESS COIN TO TOSS"; while the coin spins (``view.spin``
  1..5) a coin turning edge-on and back, and no winner yet.
* ``choose``: who won the toss, and KICK / RECEIVE with the pending choice in inverse
  video (PB-02).
* ``place_defender`` / ``place_attacker``: who places and as what (PB-03), the
  checklist of PB-04 with the selector's field in inverse video.
* ``kickoff``: who kicks, LANDED / TOUCH BACK with the pending one in inverse (PB-05/06).
* ``turn``: the match screen (below).
* ``finished``: the winner large and the final score (PB-30).

The match screen at the design size 128x64 px, rows y0-y1 inclusive:

* 0-11 header: the names; the coach with the initiative in inverse video with a notch
  pointing at his score; between them the players left to pitch (``"7 LEFT"``) or, when
  owed, ``"BONUS"`` in inverse video (PB-19).
* 12-33 the touchdowns in seven-segment digits, A left, B right; between them the Ball:
  beside the score of the side holding it, or ``LOOSE`` in the middle.
* 35-44 the turn's limits: ``PASS`` and ``ALL-OUT`` boxed while still available, struck
  through once spent (PB-22, PB-09); the players each side has off the field (PB-24).
* 45-53 the last loss of initiative and its cause (PB-28), e.g. ``"BOB LOST IT: MISS"``.
* 54-63 the bottom line: a prompt (a refusal in a box over the lower screen; a notice
  too long for one line wraps over the last-loss row, which it explains anyway), else
  the selector's field (``"< OUT BOB: 1 >"``), else the pitch being entered with the
  pending announcement (``"> PASS? ALL-OUT"``: ``?`` until MISS says otherwise, OK
  confirms it made), else what OK does now.

Text at 9 px avoids colons: their upper dot does not show at that size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from pitchside.core.rules.pitchbowl import State, outcome, pitches_left
from pitchside.core.sides import SIDES, Side
from pitchside.render import fonts, screen
from pitchside.render.fonts import Box
from pitchside.render.view import Prompt
from pitchside.render.widgets import (
    bar,
    draw_score,
    new_canvas,
    prompt_bar,
    refusal_over,
    text_in_box,
    wrap,
)

HEADER_H = 12
"""Header row height in px."""
BOTTOM_H = 10
"""Bottom line height in px."""
ROW_H = 9
"""Height of the limits and last-loss rows in px."""

CAUSE_WORDS = {
    "MISS": "MISS", "FALL": "FALL", "OUT_OF_BOUNDS": "OUT OF BOUNDS", "CLEARANCE": "CLEARANCE",
    "BALL_OUT": "BALL OUT", "INTERCEPTION": "INTERCEPTION", "END_OF_TURN": "END OF TURN",
    "TOUCHDOWN": "TOUCHDOWN",
}  # fmt: skip
"""The causes of a loss of initiative as the text words them (PB-28)."""


@dataclass(frozen=True)
class PitchBowlView:
    """Everything a Pitch Bowl screen shows.

    :param state: the rules state (its phase picks the screen).
    :param names: what to call sides A and B (ASCII, short: cut to fit).
    :param prompt: a one-line message (a refusal, a notice) for the bottom line.
    :param spin: the coin animation's frame (1..), 0 when the coin is not spinning.
    :param choice: the toss winner's pending choice (``"kick"``/``"receive"``), or None.
    :param placement: the placement checklist as (label, value) rows.
    :param cursor: the selector's field (a checklist row), or None.
    :param landed: the pending kick-off: True landed, False touch back.
    :param announce: the pending announcement of the pitch being entered, or None.
    :param draft: the pitch being entered, in words (``"PASS MISSED ALL-OUT"``).
    :param selector: the selector's field and value while it is used, or None.
    :param hint: what OK does now (the bottom line when nothing else is shown).
    """

    state: State
    names: tuple[str, str] = ("A", "B")
    prompt: Prompt | None = None
    spin: int = 0
    choice: str | None = None
    placement: tuple[tuple[str, str], ...] = ()
    cursor: int | None = None
    landed: bool = True
    announce: str | None = None
    draft: str = ""
    selector: str | None = None
    hint: str = ""


def render(view: PitchBowlView, size: tuple[int, int] = (128, 64)) -> Image.Image:
    """Draw ``view`` as a frame for the panel.

    :param size: panel (width, height) in px, at least 96x48; 128x64 is the design size.
    :returns: a mode ``"1"`` image of ``size`` (1 = lit pixel).
    :raises ValueError: ``size`` too small.
    """
    img, draw = new_canvas(size)
    phase = view.state.phase
    if phase == "toss" or view.spin:
        _toss(draw, view, size)
    elif phase == "choose":
        _choose(draw, view, size)
    elif phase in ("place_defender", "place_attacker"):
        _placement(draw, view, size)
    elif phase == "kickoff":
        _kickoff(draw, view, size)
    elif phase == "turn":
        _turn(draw, view, size)
    else:
        _finished(draw, view, size)
    refusal_over(draw, size, view.prompt)
    return img


# --- helpers -------------------------------------------------------------------------


def _name(view: PitchBowlView, side: Side) -> str:
    return view.names[0] if side == "A" else view.names[1]


def _bottom(draw: ImageDraw.ImageDraw, view: PitchBowlView, size: tuple[int, int], own: str = "",
            spare: Box | None = None) -> None:
    """The bottom line: the prompt, else the screen's ``own`` line, else the hint.

    An info prompt too long for one line wraps into ``spare`` (the row above, which it
    then replaces); with no spare row it gives way to ``own`` or the hint, which the
    screen it belongs to already says in other words.
    """
    w, h = size
    box = (0, h - BOTTOM_H, w, h)
    sizes = (fonts.SMALL, fonts.TINY)
    prompt = view.prompt
    if prompt is not None and prompt.kind == "info":
        font = fonts.text_font(fonts.TINY)
        if fonts.text_width(prompt.text, font) <= w - 4:
            bar(draw, box, prompt.text, inverse=False, sizes=sizes)
            return
        if spare is not None:
            draw.rectangle((spare[0], spare[1] - 2, spare[2] - 1, spare[3] - 1), fill=0)  # ascenders reach 2 px up
            lines = wrap(prompt.text.replace(": ", " - "), w - 4, fonts.TINY, 2)
            for line, row in zip(lines, (spare, box)):
                text_in_box(draw, row, line, align="center", sizes=(fonts.TINY,), pad=2)
            return
    elif prompt is not None and prompt.kind == "warning":
        prompt_bar(draw, box, prompt)
        return
    bar(draw, box, own or view.hint, inverse=False, sizes=sizes)


def _header(draw: ImageDraw.ImageDraw, size: tuple[int, int], text: str, right: str = "") -> None:
    """An inverse title bar, with ``right`` (e.g. the score) at its right end."""
    w = size[0]
    draw.rectangle((0, 0, w - 1, HEADER_H - 1), fill=1)
    if right:
        rw = fonts.text_width(right, fonts.text_font(fonts.MEDIUM)) + 6
        text_in_box(draw, (w - rw, 0, w, HEADER_H), right, align="right", fill=0, sizes=(fonts.MEDIUM,), pad=2)
        text_in_box(draw, (0, 0, w - rw, HEADER_H), text, align="left", fill=0,
                    sizes=(fonts.MEDIUM, fonts.SMALL, fonts.TINY), pad=2)
    else:
        text_in_box(draw, (0, 0, w, HEADER_H), text, align="center", fill=0,
                    sizes=(fonts.MEDIUM, fonts.SMALL, fonts.TINY), pad=2)


def _score_text(state: State) -> str:
    return f"{state.score.A}-{state.score.B}"


def _title_and_boxes(size: tuple[int, int]) -> tuple[Box, Box]:
    """The title line and the two option boxes under the header: 15 px for the title
    and the rest for the boxes at 128x64, shared out on smaller panels."""
    w, h = size
    body = h - HEADER_H - BOTTOM_H - 3
    title_h = min(15, body // 2)
    title = (0, HEADER_H + 1, w, HEADER_H + 1 + title_h)
    return title, (0, title[3] + 2, w, h - BOTTOM_H - 2)


def _choice_boxes(draw: ImageDraw.ImageDraw, box: Box, labels: tuple[str, str], selected: int | None) -> None:
    """Two options side by side, the ``selected`` one (0 or 1) in inverse video, the
    other framed; a label may hold one line break."""
    x0, y0, x1, y1 = box
    mid = (x0 + x1) // 2
    for i, label in enumerate(labels):
        bx0, bx1 = (x0 + 2, mid - 2) if i == 0 else (mid + 2, x1 - 2)
        on = selected == i
        draw.rectangle((bx0, y0, bx1 - 1, y1 - 1), fill=1 if on else 0, outline=1)
        rows = label.split("\n")
        row_h = (y1 - y0) // len(rows)
        for j, row in enumerate(rows):
            ry = y0 + j * row_h + (1 if len(rows) > 1 and j == 0 else 0)
            text_in_box(draw, (bx0 + 1, ry, bx1 - 1, ry + row_h), row, align="center", fill=0 if on else 1,
                        sizes=(fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY))


def ball(draw: ImageDraw.ImageDraw, cx: int, cy: int, fill: int = 1) -> Box:
    """The Ball: a football 13x8 px centred on (cx, cy), with its laces in black."""
    box = (cx - 6, cy - 4, cx + 7, cy + 4)
    draw.ellipse((box[0], box[1], box[2] - 1, box[3] - 1), fill=fill)
    draw.line((cx - 2, cy, cx + 3, cy), fill=1 - fill)
    for x in (cx - 1, cx + 1, cx + 3):
        if x < cx + 4:
            draw.point((x, cy - 1), fill=1 - fill)
            draw.point((x, cy + 1), fill=1 - fill)
    return box


# --- screens -------------------------------------------------------------------------


def _toss(draw: ImageDraw.ImageDraw, view: PitchBowlView, size: tuple[int, int]) -> None:
    w, h = size
    opts = view.state.options
    if view.spin:
        _header(draw, size, "COIN TOSS")
        top, bottom = HEADER_H + 2, h - BOTTOM_H - 2
        cy, r = (top + bottom) // 2, (bottom - top) // 2
        # the coin turning: its width follows |cos| of the angle, edge-on at frame 3
        half_w = max(1, round(r * abs(math.cos(view.spin * math.pi / 5))))
        cx = w // 2
        draw.ellipse((cx - half_w, cy - r, cx + half_w, cy + r), fill=1)
        if half_w > 4:
            draw.ellipse((cx - half_w + 3, cy - r + 3, cx + half_w - 3, cy + r - 3), fill=0, outline=1)
        _bottom(draw, view, size, "TOSSING" + "." * (1 + view.spin % 3))
        return
    _header(draw, size, "PITCH BOWL")
    top, bottom = HEADER_H + 1, h - BOTTOM_H
    roomy = bottom - top >= 36  # room for the goal and the option lines around the names
    if roomy:
        text_in_box(draw, (0, top + 1, w, top + 11), "FIRST TO 3 TOUCHDOWNS", align="center",
                    sizes=(fonts.SMALL, fonts.TINY))
        top += 12
        if opts.defensive_placement:
            bottom -= 10
            text_in_box(draw, (0, bottom, w, bottom + 10), "DEF. PLACEMENT ON", align="center", sizes=(fonts.TINY,))
    names = f"{_name(view, 'A')}  v  {_name(view, 'B')}"
    text_in_box(draw, (0, top, w, bottom), names, align="center",
                sizes=(16, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY))
    _bottom(draw, view, size)


def _choose(draw: ImageDraw.ImageDraw, view: PitchBowlView, size: tuple[int, int]) -> None:
    winner = view.state.toss_winner or "A"
    _header(draw, size, "COIN TOSS")
    title, boxes = _title_and_boxes(size)
    text_in_box(draw, title, f"{_name(view, winner)} WON", align="center",
                sizes=(14, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY))
    selected = None if view.choice is None else (0 if view.choice == "kick" else 1)
    _choice_boxes(draw, boxes, ("+ KICK", "- RECEIVE"), selected)
    _bottom(draw, view, size, "OK: CONFIRM" if view.choice else "")


def _placement(draw: ImageDraw.ImageDraw, view: PitchBowlView, size: tuple[int, int]) -> None:
    """The PB-04 checklist in two columns of (label value) cells, the cursor's inverse;
    the last cell says the placer's role (PB-03)."""
    w, h = size
    state = view.state
    defender = state.phase == "place_defender"
    kicker = state.kicker or "A"
    placer: Side = kicker if defender else ("B" if kicker == "A" else "A")
    _header(draw, size, f"{_name(view, placer)} PLACES", _score_text(state))
    cells = [f"{label} {value}" for label, value in view.placement]
    cells.append("KICKER" if defender else "RECEIVER")
    top, bottom = HEADER_H + 1, h - BOTTOM_H - 1
    per_col = (len(cells) + 1) // 2
    row_h = (bottom - top) // per_col
    for i, text in enumerate(cells):
        c, r = divmod(i, per_col)
        split = w // 2
        x0, x1 = (0, split) if c == 0 else (split, w)
        y0 = top + r * row_h
        on = view.cursor == i
        if on:
            draw.rectangle((x0, y0, x1 - 2, y0 + row_h - 2), fill=1)
        text_in_box(draw, (x0, y0, x1, y0 + row_h), text, align="left", fill=0 if on else 1,
                    sizes=(fonts.TINY, 8), pad=1)
    _bottom(draw, view, size)


def _kickoff(draw: ImageDraw.ImageDraw, view: PitchBowlView, size: tuple[int, int]) -> None:
    state = view.state
    kicker = state.kicker or "A"
    _header(draw, size, "KICK-OFF", _score_text(state))
    title, boxes = _title_and_boxes(size)
    text_in_box(draw, title, f"{_name(view, kicker)} KICKS", align="center",
                sizes=(14, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY))
    two_lines = boxes[3] - boxes[1] >= 2 * fonts.line_height(fonts.TINY)
    _choice_boxes(draw, boxes, ("LANDED", "TOUCH\nBACK" if two_lines else "TOUCH BACK"), 0 if view.landed else 1)
    _bottom(draw, view, size)


def _turn(draw: ImageDraw.ImageDraw, view: PitchBowlView, size: tuple[int, int]) -> None:
    w, h = size
    state = view.state
    col = round(w * 40 / 128)  # width of each side's column; the middle gets the rest
    loss_top = h - BOTTOM_H - ROW_H - 1
    score_top, score_bottom = HEADER_H + 3, loss_top - 1
    for side in SIDES:
        x0, x1 = (0, col) if side == "A" else (w - col, w)
        if state.active == side:  # the initiative: inverse tag, notch pointing at the score
            draw.rectangle((x0, 0, x1 - 1, HEADER_H - 1), fill=1)
            notch = (x0 + x1) // 2
            draw.polygon([(notch - 4, HEADER_H - 1), (notch + 4, HEADER_H - 1), (notch, HEADER_H + 3)], fill=1)
            text_in_box(draw, (x0, 0, x1, HEADER_H), _name(view, side), align="center", fill=0,
                        sizes=(fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY))
        else:
            text_in_box(draw, (x0, 0, x1, HEADER_H), _name(view, side), align="center",
                        sizes=(fonts.MEDIUM, fonts.SMALL, fonts.TINY))
        # the score, nudged outwards; the holder's Ball on its inner side
        inner = 16
        sbox = (x0 + 2, score_top + 2, x1 - inner, score_bottom - 2) if side == "A" else (
            x0 + inner, score_top + 2, x1 - 2, score_bottom - 2)
        draw_score(draw, sbox, state.score[side], max_height=sbox[3] - sbox[1])
        if state.possession == side:
            cy = (sbox[1] + sbox[3]) // 2
            ball(draw, x1 - 8 if side == "A" else x0 + 7, cy)
    # the middle: players left (or the bonus pitch owed), the turn's limits, a loose Ball
    mid_x0, mid_x1 = col + 1, w - col - 1
    mid = (mid_x0, 0, mid_x1, HEADER_H)
    if state.bonus_pending:
        draw.rectangle((mid_x0, 0, mid_x1 - 1, HEADER_H - 1), fill=1)
        text_in_box(draw, mid, "BONUS!", align="center", fill=0, sizes=(fonts.SMALL, fonts.TINY))
    else:
        text_in_box(draw, mid, f"{pitches_left(state)} LEFT", align="center", sizes=(fonts.SMALL, fonts.TINY))
    y = HEADER_H + 1
    _limit(draw, (mid_x0, y, mid_x1, y + ROW_H + 1), "PASS", spent=state.pass_used)
    _limit(draw, (mid_x0, y + ROW_H + 1, mid_x1, y + 2 * ROW_H + 2), "ALL-OUT", spent=state.all_out_used)
    y3 = y + 2 * ROW_H + 3
    if state.possession is None:
        ball(draw, (mid_x0 + mid_x1) // 2, (y3 + score_bottom) // 2)
    else:
        off = state.off_field
        if off.A or off.B:
            text_in_box(draw, (mid_x0, y3, mid_x1, score_bottom), f"OFF {off.A}-{off.B}", align="center",
                        sizes=(fonts.TINY,), pad=0)
    # the last loss of initiative and its cause (PB-28)
    loss_box = (0, loss_top, w, loss_top + ROW_H)
    loss = state.last_loss
    if loss is None:
        kicker = _name(view, state.kicker or "A")
        lines: tuple[str, ...] = (f"{kicker} kicked off", "KICK-OFF")
    elif loss.cause == "TOUCHDOWN":
        lines = (f"{_name(view, loss.side)} scored - kick-off", "TOUCHDOWN")
    else:
        cause = CAUSE_WORDS[loss.cause]
        # no colon: at 9 px its upper dot does not show
        lines = (f"{_name(view, loss.side)} lost it - {cause}", f"{_name(view, loss.side)} lost - {cause}",
                 f"LOST - {cause}", cause)
    text_in_box(draw, loss_box, _first_fitting(lines, loss_box, fonts.TINY), align="center", sizes=(fonts.TINY,))
    own = view.selector or (f"> {view.draft}" if view.draft else "")
    _bottom(draw, view, size, own, spare=loss_box)


def _first_fitting(candidates: tuple[str, ...], box: Box, size: int) -> str:
    """The first candidate that fits ``box`` at font ``size`` uncut, else the last."""
    font = fonts.text_font(size)
    for c in candidates:
        if fonts.text_width(c, font) <= box[2] - box[0] - 2:
            return c
    return candidates[-1]


def _limit(draw: ImageDraw.ImageDraw, box: Box, label: str, *, spent: bool) -> None:
    """A limit of the turn: in inverse video while available, struck through once spent."""
    x0, y0, x1, y1 = box
    if not spent:
        draw.rectangle((x0 + 1, y0, x1 - 2, y1 - 2), fill=1)
    ink = text_in_box(draw, (x0, y0, x1, y1 - 1), label, align="center", sizes=(fonts.TINY,), pad=1,
                      fill=0 if not spent else 1)
    if spent:
        ym = (y0 + y1 - 1) // 2
        draw.line((ink[0] - 2, ym, ink[2] + 1, ym), fill=1)


def _finished(draw: ImageDraw.ImageDraw, view: PitchBowlView, size: tuple[int, int]) -> None:
    w, h = size
    state = view.state
    result = outcome(state)
    headline = f"{_name(view, result.winner)} WINS" if result and result.winner else "MATCH OVER"
    _header(draw, size, "MATCH OVER")
    big_h = (h - HEADER_H - BOTTOM_H) // 2
    big = (0, HEADER_H + 1, w, HEADER_H + 1 + big_h)
    text_in_box(draw, big, headline, align="center", sizes=(20, 18, 16, fonts.LARGE, fonts.MEDIUM))
    sy0, sy1 = big[3] + 1, h - BOTTOM_H - 1
    gap = 18
    dh = sy1 - sy0
    draw_score(draw, (0, sy0, w // 2 - gap // 2, sy1), state.score.A, max_height=dh, align="right")
    draw_score(draw, (w // 2 + gap // 2, sy0, w, sy1), state.score.B, max_height=dh, align="left")
    dash_y = (sy0 + sy1) // 2 - 1
    draw.rectangle((w // 2 - 4, dash_y, w // 2 + 3, dash_y + 1), fill=1)
    _bottom(draw, view, size)


def describe(state: State) -> str:
    """A one-line text summary for logs: ``"1-0 B to play, 7 left, pass used"``."""
    parts = [_score_text(state), state.phase]
    if state.active:
        parts.append(f"{state.active} active, {pitches_left(state)} left")
    if state.pass_used:
        parts.append("pass used")
    if state.all_out_used:
        parts.append("all-out used")
    if state.bonus_pending:
        parts.append("bonus owed")
    return " ".join(parts)


screen.register_prompted(PitchBowlView, render)
