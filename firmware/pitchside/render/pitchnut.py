"""Pitchnut screens: :func:`render` turns a :class:`PitchnutView` into a frame.

One screen per moment of a match (rulebook ``shared/rules/002_9ea862c19c083d00.txt``,
rulings PN-xx):

* ``toss``: the match settings, the names, "PRESS COIN TO TOSS" (PN-05).
* ``choose_breaker``: the toss winner points at who breaks (PN-05).
* ``shooting``, live: per side (A left, B right) a name tag (the shooter's in inverse
  video with an arrow at its column), the pieces of its colour left on the board in big
  seven-segment digits, "POISON" once it is shooting for the poison (PN-31), and under
  them its colour and what it owes (PN-08) or its banked bonus turns (PN-15, PN-30). While
  the board is open (PN-10) the middle says OPEN with the pieces left of each colour.
  The header's middle shows games won (PN-A9), or the game number in a one-game match.
* ``shooting``, the shot sheet: one row per sensed piece with its kind, then the extra
  rows (pieces added by hand, pitch off the board, foul, pieces knocked off); the cursor
  row in inverse video; the bottom line says what will be committed.
* ``finished``: the winner large, games won, and why the last game ended.

The bottom line, first match wins: a refusal (in a box over the lower screen) or a
warning (inverse), what to do at the board (``action``, inverse: "SPOT 1 WHITE AT THE
CENTRE"), an info prompt, the live shot's pockets (``"IN 2: P1 P3"``), the screen's own.

Layout at 128x64 (rows y0-y1 inclusive): header 0-11, big digits 13-38, status 40-51,
bottom line 52-63.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from pitchside.core.notice import Notice
from pitchside.core.rules.pitchnut import (
    State,
    is_on_poison,
    on_board,
    outcome,
    shooter,
)
from pitchside.core.sides import SIDES, Side
from pitchside.core.words import pitchnut as words
from pitchside.render import fonts, screen
from pitchside.render.fonts import Box
from pitchside.render.view import Prompt
from pitchside.render.widgets import (
    bar,
    draw_score,
    new_canvas,
    prompt_bar,
    refusal_over,
    score_width,
    text_in_box,
    triangle,
    wrap,
)

HEADER_H = 12
"""Header row height in px."""
BOTTOM_H = 12
"""Bottom line height in px."""
STATUS_H = 11
"""Per-side status row (colour, owed, bonus) height in px."""
SHEET_ROW_H = 10
"""A shot-sheet row's height in px."""


@dataclass(frozen=True)
class SheetRow:
    """One row of the shot sheet: ``label`` left, ``value`` right; ``missing``: the
    players still have to say (drawn with a marker)."""

    label: str
    value: str
    missing: bool = False


@dataclass(frozen=True)
class PitchnutView:
    """Everything a Pitchnut screen shows.

    :param state: the rules state (its phase picks the screen).
    :param names: what to call sides A and B (short ASCII).
    :param prompt: the bottom line's message (info, refusal or warning), or None.
    :param action: what the players must do at the board now, shown in inverse video.
    :param shot_line: what the pockets have sensed in the live shot, or None.
    :param sheet: the shot sheet's rows (empty: not on the sheet).
    :param cursor: the sheet row being changed.
    :param sheet_title: the sheet's header text.
    :param summary: what the sheet will commit, for its bottom line.
    :param breaker: the side the toss winner points at (phase ``choose_breaker``).
    :param sensed: pieces counted per pocket (1-4) in the shot being entered.
    """

    state: State
    names: tuple[str, str] = ("A", "B")
    prompt: Prompt | None = None
    action: str | None = None
    shot_line: str | None = None
    sheet: tuple[SheetRow, ...] = ()
    cursor: int = 0
    sheet_title: str = ""
    summary: str = ""
    breaker: Side | None = None
    sensed: tuple[int, int, int, int] = (0, 0, 0, 0)


def render(view: PitchnutView, size: tuple[int, int] = (128, 64)) -> Image.Image:
    """Draw ``view`` as a frame for the panel.

    :param size: panel (width, height) in px, at least 96x48; 128x64 is the design size.
    :returns: a mode ``"1"`` image of ``size`` (1 = lit pixel).
    :raises ValueError: ``size`` too small.
    """
    img, draw = new_canvas(size)
    phase = view.state.phase
    if phase == "toss":
        _toss(draw, view, size)
    elif phase == "choose_breaker":
        _choose_breaker(draw, view, size)
    elif phase == "shooting" and view.sheet:
        _sheet(draw, view, size)
    elif phase == "shooting":
        _shooting(draw, view, size)
    else:
        _finished(draw, view, size)
    refusal_over(draw, size, view.prompt)
    return img


# --- helpers ---------------------------------------------------------------------------


def _name(view: PitchnutView, side: Side) -> str:
    return view.names[0] if side == "A" else view.names[1]


def _tag(view: PitchnutView, side: Side) -> str:
    """The side's label; in doubles the shooting side's says which partner shoots."""
    name = _name(view, side)
    who = shooter(view.state)
    if who is None or who[0] != side or len(who) == 1:
        return name
    return f"{name}{who[1:]}" if len(name) == 1 else f"{name} {who[1:]}"


def _bottom(draw: ImageDraw.ImageDraw, view: PitchnutView, size: tuple[int, int], default: str,
            extra: str | None = None) -> None:
    """The bottom line (module docstring: what takes it)."""
    w, h = size
    box = (0, h - BOTTOM_H, w, h)
    p = view.prompt
    if p is not None and p.kind != "info":
        prompt_bar(draw, box, p)
    elif view.action:
        bar(draw, box, view.action, inverse=True)
    elif p is not None:
        prompt_bar(draw, box, p)
    elif extra:
        bar(draw, box, extra, inverse=False)
    else:
        bar(draw, box, default, inverse=False)


def _first_fitting(candidates: tuple[str, ...], width: int, size: int) -> str:
    """The first candidate that fits ``width`` px at font ``size`` uncut, else the last."""
    font = fonts.text_font(size)
    for c in candidates:
        if fonts.text_width(c, font) <= width - 2:
            return c
    return candidates[-1]


def _goal(state: State) -> str:
    g = state.options.games
    return "1 GAME" if g == 1 else f"FIRST TO {g}"


# --- screens ---------------------------------------------------------------------------


def _toss(draw: ImageDraw.ImageDraw, view: PitchnutView, size: tuple[int, int]) -> None:
    w, h = size
    opts = view.state.options
    bar(draw, (0, 0, w, HEADER_H), "PITCHNUT", inverse=True, sizes=(fonts.MEDIUM, fonts.SMALL))
    top, bottom = HEADER_H + 1, h - BOTTOM_H - 1
    line = f"{opts.pieces} EACH  {_goal(view.state)}" + ("  DOUBLES" if opts.players == "doubles" else "")
    if bottom - top >= 26:
        text_in_box(draw, (0, top + 1, w, top + 12), line, align="center", sizes=(fonts.SMALL, fonts.TINY))
        top += 14
    text_in_box(draw, (0, top, w, bottom), f"{_name(view, 'A')}  v  {_name(view, 'B')}", align="center",
                sizes=(20, 18, 16, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY))
    _bottom(draw, view, size, "PRESS COIN TO TOSS")


def _choose_breaker(draw: ImageDraw.ImageDraw, view: PitchnutView, size: tuple[int, int]) -> None:
    w, h = size
    state = view.state
    winner = state.toss_winner or "A"
    bar(draw, (0, 0, w, HEADER_H), "WHO BREAKS?", inverse=True, sizes=(fonts.MEDIUM, fonts.SMALL))
    top, bottom = HEADER_H + 1, h - BOTTOM_H - 2
    if bottom - top >= 30:  # room for who won the toss above the names
        text_in_box(draw, (0, top, w, top + 11), f"{_name(view, winner)} WON THE TOSS",
                    align="center", sizes=(fonts.SMALL, fonts.TINY))
        top += 13
    half = w // 2
    for side in SIDES:
        x0, x1 = (2, half - 2) if side == "A" else (half + 2, w - 2)
        box = (x0 + 7, top, x1 - 7, bottom)
        if view.breaker == side:
            draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=1)
            text_in_box(draw, box, _name(view, side), align="center", fill=0,
                        sizes=(16, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY))
            ah = 10
            ay = top + (bottom - top - ah) // 2
            triangle(draw, (x0, ay, x0 + 6, ay + ah), "right")
        else:
            text_in_box(draw, box, _name(view, side), align="center",
                        sizes=(16, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY))
    _bottom(draw, view, size, "+/-: CHANGE, DONE: OK")


def _centre_label(state: State) -> str:
    if state.options.games > 1:
        return f"{state.score.A}-{state.score.B}"
    return f"G{state.game_number}"


def _status(state: State, side: Side) -> str:
    """The status text under a side: a debt (PN-08) and the shooter's banked bonus turns
    (PN-30) when there are any, else its colour's name."""
    parts = []
    if state.owed[side]:
        parts.append(f"OWES {state.owed[side]}")
    if state.turn == side and state.bonus:
        parts.append(f"+{state.bonus} BONUS")
    colour = state.colours[side]
    if not parts and colour is not None:
        parts.append(colour.upper())
    return " ".join(parts)


def _status_row(draw: ImageDraw.ImageDraw, box: Box, state: State, side: Side) -> None:
    """A side's status row, centred: its colour as a disc (hollow: white, filled:
    black) and :func:`_status`."""
    x0, y0, x1, y1 = box
    text = _status(state, side)
    colour = state.colours[side]
    disc = 8 if colour is not None else 0
    gap = 3 if disc and text else 0
    fit = fonts.fit_text(text, max(1, x1 - x0 - disc - gap - 2), y1 - y0, (fonts.SMALL, fonts.TINY)) if text else None
    tw = fonts.text_width(fit.text, fit.font) if fit else 0
    left = x0 + (x1 - x0 - disc - gap - tw) // 2
    if disc:
        dy = y0 + (y1 - y0 - disc) // 2
        draw.ellipse((left, dy, left + disc - 1, dy + disc - 1), outline=1, fill=1 if colour == "black" else 0)
    if fit:
        tx = left + disc + gap
        text_in_box(draw, (tx, y0, min(x1, tx + tw + 2), y1), fit.text, align="left",
                    sizes=(int(fit.font.size),), pad=0)


def _shooting(draw: ImageDraw.ImageDraw, view: PitchnutView, size: tuple[int, int]) -> None:
    w, h = size
    state = view.state
    half = w // 2
    status_top = h - BOTTOM_H - STATUS_H
    body = (HEADER_H + 1, status_top - 1)
    mid_w = 26
    mid = (half - mid_w // 2, 0, half + mid_w // 2, HEADER_H)
    text_in_box(draw, mid, _centre_label(state), align="center", sizes=(fonts.SMALL, fonts.TINY), pad=0)
    left = on_board(state)
    is_open = state.colours.A is None
    for side in SIDES:
        x0, x1 = (0, half - 1) if side == "A" else (half + 1, w)
        tag_box = (x0, 0, mid[0] - 1, HEADER_H) if side == "A" else (mid[2] + 1, 0, x1, HEADER_H)
        if state.turn == side:
            draw.rectangle((tag_box[0], tag_box[1], tag_box[2] - 1, tag_box[3] - 1), fill=1)
            text_in_box(draw, tag_box, _tag(view, side), align="center", fill=0,
                        sizes=(fonts.LARGE, fonts.MEDIUM, fonts.SMALL))
            ah = 12
            ay = body[0] + (body[1] - body[0] - ah) // 2
            if side == "A":
                triangle(draw, (x0, ay, x0 + 6, ay + ah), "right")
            else:
                triangle(draw, (x1 - 6, ay, x1, ay + ah), "left")
        else:
            text_in_box(draw, tag_box, _tag(view, side), align="center", sizes=(fonts.MEDIUM, fonts.SMALL))
        colour = state.colours[side]
        inner = (x0 + 8, body[0] + 1, x1 - 8, body[1])
        if colour is not None:
            if is_on_poison(state, side):
                text_in_box(draw, inner, "POISON", align="center",
                            sizes=(fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY))
            else:
                draw_score(draw, inner, left[colour], max_height=inner[3] - inner[1])
        _status_row(draw, (x0, status_top, x1, h - BOTTOM_H), state, side)
    if is_open:
        _open_board(draw, (9, body[0] + 1, w - 9, body[1]), left.white, left.black)
    else:
        draw.line((half, body[0] + 2, half, status_top - 2), fill=1)
    who = shooter(state) or ""
    default = f"{_name(view, state.turn or 'A')}{who[1:]} " + ("BREAKS" if state.is_break else "TO SHOOT")
    if state.turn is not None and is_on_poison(state, state.turn):
        default = f"{_name(view, state.turn)}: SINK THE POISON"
    _bottom(draw, view, size, default, view.shot_line)


def _open_board(draw: ImageDraw.ImageDraw, box: Box, white: int, black: int) -> None:
    """The open board (PN-10): "OPEN BOARD" and the pieces left of each colour, a
    letter and big digits centred in each half."""
    x0, y0, x1, y1 = box
    if y1 - y0 < 22:  # a small panel: one line
        text_in_box(draw, box, f"OPEN  W {white}  B {black}", align="center", sizes=(fonts.SMALL, fonts.TINY))
        return
    text_in_box(draw, (x0, y0, x1, y0 + 11), "OPEN BOARD", align="center", sizes=(fonts.MEDIUM, fonts.SMALL))
    top, bottom = y0 + 12, y1
    h = bottom - top
    cx = (x0 + x1) // 2
    font = fonts.text_font(fonts.MEDIUM)
    for label, n, (a, b) in (("W", white, (x0, cx - 2)), ("B", black, (cx + 2, x1))):
        lw = fonts.text_width(label, font) + 3
        width = lw + score_width(n, h)
        left = a + (b - a - width) // 2
        text_in_box(draw, (left, top, left + lw, bottom), label, align="left", sizes=(fonts.MEDIUM,), pad=0)
        draw_score(draw, (left + lw, top, b, bottom), n, max_height=h, align="left")


def _sheet(draw: ImageDraw.ImageDraw, view: PitchnutView, size: tuple[int, int]) -> None:
    """The shot sheet: the rows, the cursor row in inverse video, a scroll mark."""
    w, h = size
    state = view.state
    who = _name(view, state.turn or "A")
    title = _first_fitting((f"{who}: {view.sheet_title}", view.sheet_title), w - 4, fonts.SMALL)
    bar(draw, (0, 0, w, HEADER_H), title, inverse=True, sizes=(fonts.SMALL, fonts.TINY))
    top = HEADER_H
    room = max(1, (h - BOTTOM_H - top) // SHEET_ROW_H)
    n = len(view.sheet)
    cursor = min(view.cursor, n - 1)
    first = min(max(0, cursor - room + 2), max(0, n - room))
    for i, row in enumerate(view.sheet[first:first + room]):
        index = first + i
        y0 = top + i * SHEET_ROW_H
        box = (0, y0, w - 4, y0 + SHEET_ROW_H)
        selected = index == cursor
        if selected:
            draw.rectangle((0, y0, w - 5, y0 + SHEET_ROW_H - 1), fill=1)
        fill = 0 if selected else 1
        value = row.value
        label_box = (box[0], y0, box[0] + 74, box[3])
        text_in_box(draw, label_box, row.label, align="left", fill=fill, sizes=(fonts.SMALL, fonts.TINY))
        if value:
            if row.missing:
                value = "? + -" if selected else "?"
            text_in_box(draw, (label_box[2], y0, box[2], box[3]), value, align="right", fill=fill,
                        sizes=(fonts.SMALL, fonts.TINY))
    if n > room:  # a scroll bar at the right edge
        track = (w - 3, top, w - 1, top + room * SHEET_ROW_H - 1)
        length = max(3, (track[3] - track[1]) * room // n)
        start = track[1] + (track[3] - track[1] - length) * first // max(1, n - room)
        draw.rectangle((track[0], start, track[2], start + length), fill=1)
    _bottom(draw, view, size, f"= {view.summary}")


def _finished(draw: ImageDraw.ImageDraw, view: PitchnutView, size: tuple[int, int]) -> None:
    """The winner, games won, and why the deciding game ended (two lines)."""
    w, h = size
    state = view.state
    result = outcome(state)
    headline = f"{_name(view, result.winner)} WINS" if result and result.winner else "MATCH OVER"
    bar(draw, (0, 0, w, HEADER_H), "MATCH OVER", inverse=True, sizes=(fonts.MEDIUM, fonts.SMALL))
    big = (0, HEADER_H + 1, w, HEADER_H + 15)
    text_in_box(draw, big, headline, align="center", sizes=(14, fonts.LARGE, fonts.MEDIUM))
    line_h = fonts.line_height(fonts.TINY)
    lines = 2 if h >= 64 else 1
    top = h - lines * line_h - 1  # the cause, at the bottom
    sy0, sy1 = big[3] + 1, min(big[3] + 14, top - 2)
    gap = 18
    draw_score(draw, (0, sy0, w // 2 - gap // 2, sy1), state.score.A, max_height=sy1 - sy0, align="right")
    draw_score(draw, (w // 2 + gap // 2, sy0, w, sy1), state.score.B, max_height=sy1 - sy0, align="left")
    dash_y = (sy0 + sy1) // 2 - 1
    draw.rectangle((w // 2 - 4, dash_y, w // 2 + 3, dash_y + 1), fill=1)
    if view.prompt is not None and view.prompt.kind != "info":
        _bottom(draw, view, size, "")
        return
    text = short_cause(result.cause, view.names) if result else ""
    for i, line in enumerate(wrap(text, w - 4, fonts.TINY, lines)):
        y = top + i * line_h
        if y + line_h > h:
            break
        text_in_box(draw, (0, y, w, y + line_h), line, align="center", sizes=(fonts.TINY,))


def short_cause(cause: Notice, names: tuple[str, str]) -> str:
    """How a game ended for two short lines, e.g. ``"Ann sank the poison alone
    (PN-31)"``: the cause's short words (:mod:`pitchside.core.words.pitchnut`), then its
    rule ID."""
    return f"{words.describe(cause, names).short} ({cause.rule})"


def describe(state: State) -> str:
    """A one-line summary for logs: ``"G1 A 1-0 W9 B10 A to shoot"``."""
    left = on_board(state)
    who = shooter(state)
    tail = f"{who} to shoot" if who else state.phase
    return f"G{state.game_number} {state.score.A}-{state.score.B} W{left.white} B{left.black} {tail}"


screen.register_prompted(PitchnutView, render)
