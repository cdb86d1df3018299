"""Pichenotte screens: :func:`render` turns a :class:`PichenotteView` into a frame.

One screen per phase of :class:`pitchside.core.rules.pichenotte.State` (rulebook
``shared/rules/004_29f2c0f750e3a92f.txt``):

* ``toss``: the match settings and "PRESS COIN TO TOSS".
* ``shooting``: the match score in big seven-segment digits, side A left and side B
  right; the shooter's name tag in inverse video with an arrow pointing down at that
  side's score (``"A1"`` in doubles); pucks left in hand and this round's twenties per
  side; the round number; and the bottom line.
* ``tally``: the six zone counts being keyed in, the cursor field in inverse video, the
  pucks left to assign and the round points they make.
* ``finished``: the winner (or DRAW) large, the final score, "NEW: new match".

The bottom line shows, first match wins: ``view.prompt`` (a refusal or warning in inverse
video), then ``view.shot_line`` (what the table saw during the current shot), then the
phase's own prompt (in ``shooting``: ``"FREE SHOT"`` (PI-09) or ``"HIT OR CALL 20"``
(PI-05)).

Layout at the design size 128x64 px, rows y0-y1 inclusive (the header, info and bottom
rows keep their height on other panels; the score gets what is left): header 0-11 (name
tags, round), scores 13-41 (seven-segment digits up to 27 px tall, side A left of a
divider, B right), pucks left in hand and this round's twenties 42-51 (``"9 LEFT 1x20"``),
bottom line 52-63.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from pitchside.core.rules.pichenotte import (
    State,
    fmt_points,
    is_free_shot,
    match_score,
    outcome,
    round_points,
    shooter,
)
from pitchside.core.sides import SIDES, Side
from pitchside.render import fonts, screen
from pitchside.render.fonts import Box
from pitchside.render.view import Prompt, TallyEntry
from pitchside.render.widgets import (
    bar,
    draw_score,
    new_canvas,
    prompt_bar,
    refusal_over,
    text_in_box,
    triangle,
)

HEADER_H = 12
"""Header row height in px (name tags, round)."""
BOTTOM_H = 12
"""Bottom line height in px."""
INFO_H = 10
"""Hands/twenties row height in px."""


@dataclass(frozen=True)
class PichenotteView:
    """Everything a Pichenotte screen shows.

    :param state: the rules state (its phase picks the screen).
    :param shot_line: what the table has seen so far during the current shot, e.g.
        ``"SEEN: 20 DROPPED"``; shown on the bottom line unless a prompt is set.
    :param tally: the zone entry in progress (phase ``tally``); None shows the zone
        entry empty with the cursor on A15.
    :param prompt: a one-line message that takes the bottom line (a refusal, a notice).
    :param names: what to call sides A and B on screen (ASCII, short: they are cut to fit).
    """

    state: State
    shot_line: str | None = None
    tally: TallyEntry | None = None
    prompt: Prompt | None = None
    names: tuple[str, str] = ("A", "B")


def render(view: PichenotteView, size: tuple[int, int] = (128, 64)) -> Image.Image:
    """Draw ``view`` as a frame for the panel.

    :param size: panel (width, height) in px, at least 96x48; 128x64 is the design size.
    :returns: a mode ``"1"`` image of ``size`` (1 = lit pixel).
    :raises ValueError: ``size`` too small; a malformed view (e.g. a score with a fraction
        other than a half).
    """
    img, draw = new_canvas(size)
    phase = view.state.phase
    if phase == "toss":
        _toss(draw, view, size)
    elif phase == "shooting":
        _shooting(draw, view, size)
    elif phase == "tally":
        _tally(draw, view, size)
    else:
        _finished(draw, view, size)
    refusal_over(draw, size, view.prompt)
    return img


# --- helpers -------------------------------------------------------------------------


def _name(view: PichenotteView, side: Side) -> str:
    return view.names[0] if side == "A" else view.names[1]


def _initial(view: PichenotteView, side: Side) -> str:
    """One letter for a narrow column: the name's initial, or the side letter when
    both names start alike."""
    a, b = view.names[0][:1].upper(), view.names[1][:1].upper()
    if a == b or not a or not b:
        return side
    return a if side == "A" else b


def _bottom(draw: ImageDraw.ImageDraw, view: PichenotteView, size: tuple[int, int], default: str) -> None:
    w, h = size
    box = (0, h - BOTTOM_H, w, h)
    if view.prompt is not None:
        prompt_bar(draw, box, view.prompt)
    elif view.shot_line:
        bar(draw, box, view.shot_line, inverse=False)
    else:
        bar(draw, box, default, inverse=False)


def _first_fitting(candidates: tuple[str, ...], box: Box, size: int) -> str:
    """The first candidate that fits ``box`` at font ``size`` uncut, else the last."""
    font = fonts.text_font(size)
    for c in candidates:
        if fonts.text_width(c, font) <= box[2] - box[0] - 2:
            return c
    return candidates[-1]


def _tag(view: PichenotteView, side: Side) -> str:
    """The side's label; in doubles the shooting side's shows which partner shoots."""
    name = _name(view, side)
    who = shooter(view.state)
    if who is None or who[0] != side or len(who) == 1:
        return name
    partner = who[1:]
    return f"{name}{partner}" if len(name) == 1 else f"{name} {partner}"


# --- screens -------------------------------------------------------------------------


def _toss(draw: ImageDraw.ImageDraw, view: PichenotteView, size: tuple[int, int]) -> None:
    w, h = size
    opts = view.state.options
    bar(draw, (0, 0, w, HEADER_H), "PICHENOTTE", inverse=True, sizes=(fonts.MEDIUM, fonts.SMALL))
    players = "DOUBLES" if opts.players == "doubles" else "SINGLES"
    goal = f"RACE TO {opts.race_target}" if opts.format == "race500" else f"FIRST TO {opts.rounds_to_win}"
    top, bottom = HEADER_H + 1, h - BOTTOM_H - 1
    if bottom - top >= 26:  # room for the settings line above the names
        text_in_box(draw, (0, top + 1, w, top + 12), f"{players}  {goal}", align="center",
                    sizes=(fonts.SMALL, fonts.TINY))
        top += 14
    text_in_box(draw, (0, top, w, bottom), f"{_name(view, 'A')}  v  {_name(view, 'B')}", align="center",
                sizes=(20, 18, 16, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY))
    _bottom(draw, view, size, "PRESS COIN TO TOSS")


def _shooting(draw: ImageDraw.ImageDraw, view: PichenotteView, size: tuple[int, int]) -> None:
    w, h = size
    state = view.state
    score = match_score(state)
    half = w // 2
    info_top = h - BOTTOM_H - INFO_H
    score_box_top = HEADER_H + 1
    # centre column: round number, between the two tags
    mid_w = 40
    mid = (half - mid_w // 2, 0, half + mid_w // 2 + mid_w % 2, HEADER_H)
    text_in_box(draw, mid, _first_fitting(
        (f"ROUND {state.round}", f"RND {state.round}", f"R{state.round}"), mid, fonts.SMALL),
                align="center", sizes=(fonts.SMALL, fonts.TINY), pad=0)
    for side in SIDES:
        x0, x1 = (0, half - 1) if side == "A" else (half + 1, w)
        shooting = state.turn == side
        tag_box = (x0, 0, mid[0] - 1, HEADER_H) if side == "A" else (mid[2] + 1, 0, x1, HEADER_H)
        if shooting:
            # inverse tag with a notch arrow pointing down at the score
            draw.rectangle((tag_box[0], tag_box[1], tag_box[2] - 1, tag_box[3] - 1), fill=1)
            text_in_box(draw, tag_box, _tag(view, side), align="center", fill=0,
                        sizes=(fonts.LARGE, fonts.MEDIUM, fonts.SMALL))
        else:
            text_in_box(draw, tag_box, _tag(view, side), align="center",
                        sizes=(fonts.MEDIUM, fonts.SMALL))
        sbox = (x0 + 8, score_box_top + 1, x1 - 8, info_top - 1)
        draw_score(draw, sbox, score[side], max_height=sbox[3] - sbox[1])
        if shooting:
            ah = 12
            ay = score_box_top + (info_top - score_box_top - ah) // 2
            if side == "A":
                triangle(draw, (x0, ay, x0 + 6, ay + ah), "right")
            else:
                triangle(draw, (x1 - 6, ay, x1, ay + ah), "left")
        hand = state.hand[side]
        rail = state.rail[side]
        info = f"{hand} LEFT" + (f"  {rail}x20" if rail else "")
        text_in_box(draw, (x0, info_top, x1, h - BOTTOM_H), info, align="center",
                    sizes=(fonts.SMALL, fonts.TINY))
    # divider between the sides, under the header
    draw.line((half, score_box_top + 2, half, info_top - 2), fill=1)
    _bottom(draw, view, size, "FREE SHOT" if is_free_shot(state) else "HIT OR CALL 20")


def _tally(draw: ImageDraw.ImageDraw, view: PichenotteView, size: tuple[int, int]) -> None:
    """A table, one row per side: the rail's twenties (read-only), the 15/10/5 zone
    counts (the cursor field in inverse video), pucks still to assign, round points."""
    w, h = size
    state = view.state
    entry = view.tally or TallyEntry((0, 0, 0, 0, 0, 0), 0, (state.on_board.A, state.on_board.B))
    # column edges in px, scaled from the 128 px design
    edges = [round(e * w / 128) for e in (0, 13, 28, 43, 58, 73, 99, 128)]
    cols = list(zip(edges, edges[1:]))
    labels = ("", "20", "15", "10", "5", "LEFT", "PTS")
    header = (0, 0, w, HEADER_H)
    draw.rectangle((0, 0, w - 1, HEADER_H - 1), fill=1)
    for (c0, c1), label in zip(cols, labels):
        text_in_box(draw, (c0, 0, c1, HEADER_H), label, align="center", fill=0,
                    sizes=(fonts.SMALL, fonts.TINY), pad=0)
        if c0 > 0:  # column rules, so "20" "15" never read as "2015"
            draw.line((c0, 0, c0, HEADER_H - 1), fill=0)
    body_top, body_bottom = header[3] + 1, h - BOTTOM_H - 1
    row_h = (body_bottom - body_top) // 2
    for i, side in enumerate(SIDES):
        y0 = body_top + i * row_h + 1
        y1 = y0 + row_h - 1
        n15, n10, n5 = entry.side(side)
        values = (_initial(view, side), str(state.rail[side]), str(n15), str(n10), str(n5),
                  str(entry.remaining[i]), str(round_points(state.rail[side], (n15, n10, n5))))
        for j, ((c0, c1), value) in enumerate(zip(cols, values)):
            cell = (c0, y0, c1, y1)
            is_cursor = 2 <= j <= 4 and entry.cursor == i * 3 + (j - 2)
            if is_cursor:
                draw.rectangle((c0 + 1, y0, c1 - 2, y1 - 1), fill=1)
            text_in_box(draw, cell, value, align="left" if j == 0 else "center", fill=0 if is_cursor else 1,
                        sizes=(fonts.LARGE + 2, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY), pad=1)
    # a thin rule under side A's row
    mid_y = body_top + row_h
    draw.line((0, mid_y, w - 1, mid_y), fill=1)
    done = entry.remaining == (0, 0)
    _bottom(draw, view, size, "COUNTED: PRESS DONE" if done else "COUNT: + - NEXT, DONE")


def _finished(draw: ImageDraw.ImageDraw, view: PichenotteView, size: tuple[int, int]) -> None:
    w, h = size
    state = view.state
    result = outcome(state)
    score = match_score(state)
    if result is None or result.winner is None:
        headline = "DRAW"
    else:
        headline = f"{_name(view, result.winner)} WINS"
    bar(draw, (0, 0, w, HEADER_H), "MATCH OVER", inverse=True, sizes=(fonts.MEDIUM, fonts.SMALL))
    big_h = (h - HEADER_H - BOTTOM_H) // 2
    big = (0, HEADER_H + 1, w, HEADER_H + 1 + big_h)
    text_in_box(draw, big, headline, align="center", sizes=(24, 22, 20, 18, 16, fonts.LARGE, fonts.MEDIUM))
    # final score, small seven-segment digits: "A 4 - 2 B"
    sy0, sy1 = big[3] + 1, h - BOTTOM_H - 1
    gap = 18
    left_box = (0, sy0, w // 2 - gap // 2, sy1)
    right_box = (w // 2 + gap // 2, sy0, w, sy1)
    dh = sy1 - sy0
    draw_score(draw, left_box, score.A, max_height=dh, align="right")
    draw_score(draw, right_box, score.B, max_height=dh, align="left")
    dash_y = (sy0 + sy1) // 2 - 1
    draw.rectangle((w // 2 - 4, dash_y, w // 2 + 3, dash_y + 1), fill=1)
    _bottom(draw, view, size, "NEW: new match")


def describe(state: State) -> str:
    """A one-line text summary of what the screen shows, for logs and the terminal
    front end: ``"R2 A 1.5 B 0.5 A1 to shoot"``."""
    s = match_score(state)
    who = shooter(state)
    tail = f"{who} to shoot" if who else state.phase
    return f"R{state.round} A {fmt_points(s.A)} B {fmt_points(s.B)} {tail}"


screen.register_prompted(PichenotteView, render)
