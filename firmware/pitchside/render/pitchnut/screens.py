"""Pitchnut screens drawn on a :class:`~pitchside.render.panel.Canvas`, one per moment of
a match (rules PN-xx, ``docs/rules/pitchnut.md``):

* ``toss``: the match settings, the names, "PRESS COIN TO TOSS" (PN-05).
* ``choose_breaker``: the toss winner points at who breaks (PN-05).
* ``shooting``, live: per side (A left, B right, in the side's ink) its name, the pieces
  of its colour left on the board in the biggest seven-segment digits the layout allows,
  and a dim status line: its colour (a disc, hollow white, filled black, beside its
  name; on 128x64 the name alone), what it owes (PN-08), its banked bonus turns (PN-15,
  PN-30), and "POISON" in full ink once it shoots for the poison (PN-31; on 128x32,
  which has no status line, POISON takes the count's place). The digits are led by the letter of the colour they count: while the
  board is open (PN-10) W on A's half and B on B's, then the side's own colour, in the
  same boxes, so a shot redraws the counts alone (one controller page). The turn is a small arrow at the shooter's outer edge; the header's
  middle shows games won (PN-A9) or the game number in a one-game match.
* ``shooting``, the shot sheet: one row per sensed piece with its kind, then the extra
  rows; the cursor row in inverse video; the bottom line says what will be committed.
* ``finished``: the winner large, games won, why the last game ended (with its rule).

The bottom line, first match wins: a warning (inverse), what to do at the board
(``action``, inverse: "SPOT 1 WHITE AT CENTRE"), an info prompt, the live shot's pockets
(``"2 IN: P2, P4"``), the screen's own. A refusal is the whole-panel
:func:`~pitchside.render.widgets.refusal_layer`. Text that does not fit is paged, never
cut.

Layouts (rows in px, y0-y1 exclusive), main screen:

* 128x64 "standard" (and 96x48 "small", scaled): names 0-11 with the turn arrow in
  the controller's page 0, digits 12-40, status capitals in page 5 (40-48), the bottom
  line in page 6 alone: the pixel font's 6x9 strike, its capitals ending on row 53 and
  its descenders on rows 54-55 (:mod:`pitchside.render.page_line`). What to do at the board is that line after a solid arrow, not an
  inverse bar over pages 6 and 7. A score change then sends about 25 % of a full frame
  (tests/bench/test_pitchnut_bus.py).
* 128x32 "reduced": per side the colour's letter and 21 px digits with the arrow; the bottom
  line 22-32 (paged), its default saying whose turn and what they owe.
* 256x64 "wide": per side a column of name (two lines) and status beside 50 px digits;
  the bottom line 52-64.
* 128x128 "tall": names 0-16, 60 px digits 18-78, status 80-94, the bottom line 96-128 on
  up to two lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.core.notice import Notice
from pitchside.core.rules.pitchnut import State, is_on_poison, on_board, outcome, shooter
from pitchside.core.sides import SIDES, Side
from pitchside.core.words import pitchnut as words
from pitchside.render import fonts
from pitchside.render.fonts import Box
from pitchside.render.page_line import page_line
from pitchside.render.panel import DIM, INK, PAPER, SIDE_A, SIDE_B, Canvas
from pitchside.render.pitchnut.view import PitchnutView
from pitchside.render.view import Prompt
from pitchside.render.widgets import (
    draw_score,
    paged_bar,
    paged_text,
    prompt_line,
    refusal_layer,
    side_tag,
    triangle,
)

BIG = (24, 20, 18, 16, 14, 12, 11, 10, 9)
"""Font sizes in px for a headline (names, the winner), largest first."""


@dataclass(frozen=True)
class _Rows:
    """One layout's rows (y0, y1 exclusive) of the main screen and its text sizes."""

    names: tuple[int, int] | None
    digits: tuple[int, int]
    status: tuple[int, int] | None
    bottom: tuple[int, int]
    bottom_lines: int = 1
    name_sizes: tuple[int, ...] = (11, 10, 9)
    status_sizes: tuple[int, ...] = (9,)
    bottom_sizes: tuple[int, ...] = (11, 10, 9)
    arrow: tuple[int, int] = (5, 9)  # the turn arrow's width and height in px
    top: bool = False  # capitals at the top of their rows (one controller page each)
    page_end: int | None = None  # the bottom line's capitals end on the row above (one page)
    arrow_top: int | None = None  # the turn arrow's top row (None: centred on its rows)
    disc: bool = True  # the colour's disc in the status row (no room in a 64 px half beside a debt)


_ROWS = {
    "standard": _Rows(names=(0, 11), digits=(12, 40), status=(40, 49), bottom=(47, 64), arrow=(5, 7), top=True,
                      bottom_sizes=(9,), page_end=54, arrow_top=1, disc=False),
    "small": _Rows(names=(0, 10), digits=(11, 29), status=(29, 38), bottom=(36, 48), name_sizes=(10, 9),
                   bottom_sizes=(10, 9), top=True),
    "reduced": _Rows(names=None, digits=(0, 21), status=None, bottom=(22, 32), bottom_sizes=(10, 9)),
    "tall": _Rows(names=(0, 16), digits=(18, 78), status=(80, 94), bottom=(96, 128), bottom_lines=2,
                  name_sizes=(16, 14, 12, 11, 10), status_sizes=(12, 11, 10, 9),
                  bottom_sizes=(16, 14, 13, 12, 11, 10, 9), arrow=(7, 13)),
}


def draw(view: PitchnutView, c: Canvas) -> None:
    """Lay ``view`` out on ``c`` (any panel with a layout; the refusal layer last).

    :raises ValueError: the panel has no layout (:data:`pitchside.render.panel.LAYOUTS`).
    """
    phase = view.state.phase
    if phase == "toss":
        _toss(c, view)
    elif phase == "choose_breaker":
        _choose_breaker(c, view)
    elif phase == "shooting" and view.sheet:
        _sheet(c, view)
    elif phase == "shooting":
        _wide_shooting(c, view) if c.layout == "wide" else _shooting(c, view)
    else:
        _finished(c, view)
    refusal_layer(c, view.prompt)


# --- helpers -------------------------------------------------------------------------


def _name(view: PitchnutView, side: Side) -> str:
    return view.names[0] if side == "A" else view.names[1]


def _ink(side: Side) -> int:
    """The side's colour (white on a mono or grey panel)."""
    return SIDE_A if side == "A" else SIDE_B


def _tag(view: PitchnutView, side: Side) -> str:
    """The side's label; in doubles the shooting side's says which partner shoots."""
    return side_tag(_name(view, side), side, shooter(view.state))


def _bottom(c: Canvas, view: PitchnutView, box: Box, default: str, *, sizes: tuple[int, ...],
            lines: int = 1, top: bool = False, extra: str | None = None, page_end: int | None = None) -> None:
    """The bottom line (module docstring: what takes it; a refusal is the overlay).

    :param page_end: the line in one controller page, its capitals ending on the row
        above this one (:func:`pitchside.render.page_line.page_line`); what to do at the
        board then has a solid arrow before it, not an inverse bar over two pages."""
    p = view.prompt
    bar = (box[0], box[1] + 1, box[2], box[3]) if top else box  # an inverse bar clear of the row above
    if p is not None and p.kind == "warning":
        prompt_line(c, bar, p, sizes)
    elif view.action and page_end is not None:
        x0, y0, x1, y1 = box
        page = (page_end - 1) // 8 * 8  # the controller page the line's capitals are in
        triangle(c.draw, (x0, page, x0 + 4, page + 8), "right", fill=INK)
        page_line(c, (x0 + 5, y0, x1, y1), view.action, page_end=page_end, align="left", sizes=sizes, pad=1)
    elif view.action:
        paged_bar(c, bar, view.action, inverse=True, sizes=sizes, max_lines=lines)
    else:
        text = p.text if p is not None and p.kind == "info" else extra or default
        if page_end is not None:
            page_line(c, box, text, page_end=page_end, align="center", sizes=sizes, pad=2)
        else:
            paged_text(c, box, text, align="center", sizes=sizes, pad=2, max_lines=lines, top=top)


def _goal(state: State) -> str:
    g = state.options.games
    return "1 GAME" if g == 1 else f"FIRST TO {g}"


def _centre_label(state: State) -> str:
    if state.options.games > 1:
        return f"{state.score.A}-{state.score.B}"
    return f"G{state.game_number}"


def status_text(state: State, side: Side) -> str:
    """The status text under a side: a debt (PN-08) and the shooter's banked bonus turns
    (PN-30) when there are any, else its colour's name ("" on an open board, PN-10)."""
    parts = []
    if state.owed[side]:
        parts.append(f"OWES {state.owed[side]}")
    if state.turn == side and state.bonus:
        parts.append(f"+{state.bonus} BONUS")
    colour = state.colours[side]
    if not parts and colour is not None:
        parts.append(colour.upper())
    return " ".join(parts)


def _disc(c: Canvas, x: int, cy: int, d: int, colour: str) -> None:
    """A piece's colour: a hollow disc for white, a filled one for black, ``d`` px."""
    c.draw.ellipse((x, cy - d // 2, x + d - 1, cy - d // 2 + d - 1), outline=INK, fill=INK if colour == "black" else PAPER)


def _status_row(c: Canvas, box: Box, state: State, side: Side, sizes: tuple[int, ...], top: bool,
                lines: int = 1, disc: bool = True) -> None:
    """A side's status row: its colour's disc at the inner left, then :func:`status_text`
    (dim) centred in the rest; "OPEN" on an open board with nothing owed; "POISON"
    (full ink) once the side shoots for the poison (PN-31), after what it owes or banks
    (paged there, whole words a page, where the row is too narrow for both)."""
    x0, y0, x1, y1 = box
    colour = state.colours[side]
    text = status_text(state, side) or ("OPEN" if colour is None else "")
    fill = DIM
    if colour is not None and is_on_poison(state, side):
        # what it owes or banks first, so a row too narrow for both pages at "POISON"
        text = " ".join((*([text] if text != colour.upper() else []), "POISON"))
        fill = INK
    left = x0 + 2
    d = max(5, min(9, y1 - y0 - 2))
    if not disc or (colour is not None and text
                    and len(fonts.lay_out(text, x1 - left - d - 2, y1 - y0, sizes, lines).pages) > 1):
        colour = None  # no room for the disc beside a debt or a bonus: the words first
    if colour is not None:
        cy = y0 + 4 if top else (y0 + y1) // 2
        _disc(c, left, cy, d, colour)
        left += d + 2
    if text:
        paged_text(c, (left, y0, x1, y1), text, align="center", sizes=sizes, fill=fill, pad=0, top=top,
                   max_lines=lines)


def _default(view: PitchnutView) -> str:
    state = view.state
    turn = state.turn or "A"
    who = shooter(state) or ""
    if is_on_poison(state, turn):
        return f"{_name(view, turn)}: SINK THE POISON"
    return f"{_name(view, turn)}{who[1:]} " + ("BREAKS" if state.is_break else "TO SHOOT")


# --- screens -------------------------------------------------------------------------


def _toss(c: Canvas, view: PitchnutView) -> None:
    w, h = c.size
    opts = view.state.options
    line = f"{opts.pieces} EACH  {_goal(view.state)}" + ("  DOUBLES" if opts.players == "doubles" else "")
    names = f"{_name(view, 'A')}  v  {_name(view, 'B')}"
    if c.layout == "reduced":
        paged_text(c, (0, 0, w, 21), names, align="center", sizes=(16, 14, 12, 11, 10, 9))
        _bottom(c, view, (0, 22, w, h), "PRESS COIN TO TOSS", sizes=(10, 9))
        return
    title_h = 16 if c.layout == "tall" else 12
    bottom_h = 24 if c.layout == "tall" else 12
    paged_bar(c, (0, 0, w, title_h), "PITCHNUT", inverse=True, sizes=(14, 12, 11, 10))
    paged_text(c, (0, title_h + 1, w, title_h + 12), line, align="center", sizes=(10, 9), fill=DIM)
    paged_text(c, (0, title_h + 13, w, h - bottom_h - 1), names, align="center", sizes=BIG, max_lines=3)
    _bottom(c, view, (0, h - bottom_h, w, h), "PRESS COIN TO TOSS", sizes=(14, 12, 11, 10, 9), lines=2)


def _choose_breaker(c: Canvas, view: PitchnutView) -> None:
    w, h = c.size
    winner = view.state.toss_winner or "A"
    reduced = c.layout == "reduced"
    title_h = 0 if reduced else 16 if c.layout == "tall" else 12
    bottom_h = 10 if reduced else 24 if c.layout == "tall" else 12
    top, bottom = title_h + 1, h - bottom_h - 1
    if title_h:
        paged_bar(c, (0, 0, w, title_h), "WHO BREAKS?", inverse=True, sizes=(14, 12, 11, 10))
        paged_text(c, (0, top, w, top + 11), f"{_name(view, winner)} WON THE TOSS", align="center",
                   sizes=(10, 9), fill=DIM)
        top += 12
    half = w // 2
    for side in SIDES:
        x0, x1 = (1, half - 1) if side == "A" else (half + 1, w - 1)
        box = (x0 + 8, top, x1 - 1, bottom)
        chosen = view.breaker == side
        if chosen:
            c.draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=_ink(side))
            ah = 10
            ay = top + (bottom - top - ah) // 2
            triangle(c.draw, (x0, ay, x0 + 6, ay + ah), "right", fill=_ink(side))
        paged_text(c, box, _name(view, side), align="center", fill=PAPER if chosen else _ink(side),
                   sizes=BIG, max_lines=2)
    hint = "+/-: CHANGE, DONE: OK"
    if reduced:
        hint = f"{_name(view, winner)} WON THE TOSS. {hint}"
    _bottom(c, view, (0, h - bottom_h, w, h), hint, sizes=(12, 11, 10, 9), lines=2 if c.layout == "tall" else 1)


def _side_digits(c: Canvas, view: PitchnutView, side: Side, box: Box, poison: bool = True) -> None:
    """What a side has left in ``box``: its colour's pieces on the board; on an open
    board the pieces of colour W (A's half) and B (B's half); with ``poison``, POISON
    (PN-31) instead of the 0 once the side shoots for it (a layout with a status row
    says POISON there, so the count's box keeps its digits; one controller page)."""
    state = view.state
    left = on_board(state)
    colour = state.colours[side]
    x0, y0, x1, y1 = box
    if poison and colour is not None and is_on_poison(state, side):
        paged_text(c, box, "POISON", align="center", sizes=(20, 18, 16, 14, 12, 11, 10, 9), fill=_ink(side), pad=0)
        return
    # the letter of the colour counted, then the count: the same boxes on an open board
    # (PN-10: W on A's half, B on B's) as once the colours are set, so a shot redraws
    # the count alone (one controller page)
    counted = colour or ("white" if side == "A" else "black")
    lw = 8
    paged_text(c, (x0, y0, x0 + lw + 2, y1), counted[0].upper(), align="center", sizes=(11, 10, 9), fill=DIM,
               pad=0)
    draw_score(c.draw, (x0 + lw + 2, y0, x1, y1), left[counted], max_height=y1 - y0,
               fill=INK if colour is None else _ink(side))


def _arrow(c: Canvas, side: Side, rows: tuple[int, int], size: tuple[int, int], top: int | None = None) -> None:
    aw, ah = size
    ay = rows[0] + (rows[1] - rows[0] - ah) // 2 if top is None else top
    if side == "A":
        triangle(c.draw, (0, ay, aw, ay + ah), "right", fill=_ink(side))
    else:
        triangle(c.draw, (c.width - aw, ay, c.width, ay + ah), "left", fill=_ink(side))


def _reduced_default(view: PitchnutView) -> str:
    """128x32 has no status row: whose turn, then what each side owes or banks."""
    state = view.state
    parts = [_default(view)]
    for side in SIDES:
        s = status_text(state, side)
        if s and s.upper() not in ("WHITE", "BLACK"):
            parts.append(f"{_name(view, side)} {s}")
    return ". ".join(parts)


def _shooting(c: Canvas, view: PitchnutView) -> None:
    w, h = c.size
    rows = _ROWS[c.layout]
    state = view.state
    half = w // 2
    aw, _ = rows.arrow
    mid_w = 13 if w <= 128 else 20
    for side in SIDES:
        x0, x1 = (0, half - 1) if side == "A" else (half + 1, w)
        if rows.names is not None:
            n0, n1 = rows.names
            tag = (aw + 1, n0, half - mid_w, n1) if side == "A" else (half + mid_w, n0, w - aw - 1, n1)
            paged_text(c, tag, _tag(view, side), align="center", sizes=rows.name_sizes, fill=_ink(side), pad=0)
        inset = 2 if rows.names is not None else aw + 2  # the arrow is on the names row when there is one
        dbox = (x0 + inset, rows.digits[0], x1 - inset, rows.digits[1])
        _side_digits(c, view, side, dbox, poison=rows.status is None)
        if state.turn == side:
            _arrow(c, side, rows.names or rows.digits, rows.arrow, rows.arrow_top)
        if rows.status is not None:
            _status_row(c, (x0, rows.status[0], x1, rows.status[1]), state, side, rows.status_sizes, rows.top,
                        disc=rows.disc)
    if rows.names is not None:
        paged_text(c, (half - mid_w + 1, rows.names[0], half + mid_w, rows.names[1]), _centre_label(state),
                   align="center", sizes=rows.name_sizes, fill=DIM, pad=0)
    c.draw.line((half, rows.digits[0] + 2, half, rows.digits[1] - 3), fill=DIM)
    default = _reduced_default(view) if rows.status is None else _default(view)
    _bottom(c, view, (0, rows.bottom[0], w, rows.bottom[1]), default, sizes=rows.bottom_sizes,
            lines=rows.bottom_lines, top=rows.top, extra=view.shot_line, page_end=rows.page_end)


def _wide_shooting(c: Canvas, view: PitchnutView) -> None:
    """256x64: per side a column of name (up to two lines) and status beside the digits."""
    w, h = c.size
    state = view.state
    half = w // 2
    bottom_top = 52
    for side in SIDES:
        x0, x1 = (0, half - 2) if side == "A" else (half + 2, w)
        col = (x0 + 9, x0 + 52) if side == "A" else (x1 - 52, x1 - 9)
        digits = (x0 + 54, 1, x1 - 13, bottom_top - 2) if side == "A" else (x0 + 13, 1, x1 - 54, bottom_top - 2)
        _side_digits(c, view, side, digits, poison=False)
        paged_text(c, (col[0], 2, col[1], 30), _tag(view, side), align="center", sizes=(14, 12, 11, 10, 9),
                   fill=_ink(side), pad=0, max_lines=2)
        _status_row(c, (col[0] - 2, 30, col[1], 51), state, side, (11, 10, 9), False, lines=2)
        if state.turn == side:
            _arrow(c, side, (8, 34), (7, 14))
    paged_text(c, (half - 12, 0, half + 12, 11), _centre_label(state), align="center", sizes=(11, 10, 9),
               fill=DIM, pad=0)
    c.draw.line((half, 13, half, bottom_top - 5), fill=DIM)
    _bottom(c, view, (0, bottom_top, w, h), _default(view), sizes=(12, 11, 10, 9), extra=view.shot_line)


def _sheet(c: Canvas, view: PitchnutView) -> None:
    """The shot sheet: a title, the rows (the cursor row in inverse video, a scroll bar
    when they do not all fit), what will be committed on the bottom line; on 128x32
    only the cursor row, large, with its place in the sheet."""
    w, h = c.size
    who = _name(view, view.state.turn or "A")
    n = len(view.sheet)
    cursor = min(view.cursor, n - 1)
    if c.layout == "reduced":
        row = view.sheet[cursor]
        value = ("? + -" if row.missing else row.value) if row.value else ""
        c.draw.rectangle((0, 0, w - 1, 20), fill=INK)
        split = w * 3 // 5
        paged_text(c, (0, 0, split, 21), row.label, sizes=(12, 11, 10, 9), fill=PAPER, pad=2)
        paged_text(c, (split, 0, w, 21), value, align="right", sizes=(12, 11, 10, 9), fill=PAPER, pad=2)
        _bottom(c, view, (0, 22, w, h), f"{cursor + 1}/{n} {who}: = {view.summary}", sizes=(10, 9))
        return
    tall = c.layout == "tall"
    title_h, bottom_h, row_h = (16, 24, 14) if tall else (12, 12, 10)
    sizes = (12, 11, 10, 9) if tall else (10, 9)
    paged_bar(c, (0, 0, w, title_h), f"{who}: {view.sheet_title}", inverse=True, sizes=sizes)
    top = title_h
    room = max(1, (h - bottom_h - top) // row_h)
    first = min(max(0, cursor - room + 2), max(0, n - room))
    label_w = w * 3 // 5
    for i, row in enumerate(view.sheet[first:first + room]):
        y0 = top + i * row_h
        selected = first + i == cursor
        if selected:
            c.draw.rectangle((0, y0, w - 5, y0 + row_h - 1), fill=INK)
        fill = PAPER if selected else INK
        paged_text(c, (0, y0, label_w, y0 + row_h), row.label, sizes=sizes, fill=fill)
        if row.value:
            value = ("? + -" if selected else "?") if row.missing else row.value
            paged_text(c, (label_w, y0, w - 4, y0 + row_h), value, align="right", sizes=sizes, fill=fill)
    if n > room:  # a scroll bar at the right edge
        track = (w - 3, top, w - 1, top + room * row_h - 1)
        length = max(3, (track[3] - track[1]) * room // n)
        start = track[1] + (track[3] - track[1] - length) * first // max(1, n - room)
        c.draw.rectangle((track[0], start, track[2], start + length), fill=DIM)
    _bottom(c, view, (0, h - bottom_h, w, h), f"= {view.summary}", sizes=(14, 12, 11, 10, 9) if tall else (11, 10, 9),
            lines=2 if tall else 1)


def _finished(c: Canvas, view: PitchnutView) -> None:
    """The winner, games won, and why the deciding game ended (with its rule)."""
    w, h = c.size
    state = view.state
    result = outcome(state)
    winner = result.winner if result else None
    headline = f"{_name(view, winner)} WINS" if winner else "MATCH OVER"
    ink = INK if winner is None else _ink(winner)
    cause = short_cause(result.cause, view.names) if result else ""
    if c.layout == "reduced":
        draw_score(c.draw, (0, 0, w // 2 - 9, 14), state.score.A, max_height=14, align="right", fill=SIDE_A)
        draw_score(c.draw, (w // 2 + 9, 0, w, 14), state.score.B, max_height=14, align="left", fill=SIDE_B)
        c.draw.rectangle((w // 2 - 4, 6, w // 2 + 3, 7), fill=INK)
        _bottom(c, view, (0, 15, w, h), f"{headline}. {cause}", sizes=(12, 11, 10, 9), lines=1)
        return
    tall = c.layout == "tall"
    title_h = 16 if tall else 12
    cause_h = 40 if tall else 23 if h >= 64 else 12
    paged_bar(c, (0, 0, w, title_h), "MATCH OVER", inverse=True, sizes=(14, 12, 11, 10))
    body = h - title_h - cause_h
    split = title_h + body // 2
    paged_text(c, (0, title_h + 1, w, split), headline, align="center", sizes=BIG, fill=ink)
    sy0, sy1 = split + 1, h - cause_h - 1
    gap = 18
    draw_score(c.draw, (0, sy0, w // 2 - gap // 2, sy1), state.score.A, max_height=sy1 - sy0, align="right",
               fill=SIDE_A)
    draw_score(c.draw, (w // 2 + gap // 2, sy0, w, sy1), state.score.B, max_height=sy1 - sy0, align="left",
               fill=SIDE_B)
    dash_y = (sy0 + sy1) // 2 - 1
    c.draw.rectangle((w // 2 - 4, dash_y, w // 2 + 3, dash_y + 1), fill=INK)
    _bottom(c, view, (0, h - cause_h, w, h), cause, sizes=(12, 11, 10, 9), lines=3 if tall else 2 if h >= 64 else 1)


def short_cause(cause: Notice, names: tuple[str, str]) -> str:
    """How a game ended, e.g. ``"Ann sank the poison alone (PN-31)"``: the cause's short
    words (:mod:`pitchside.core.words.pitchnut`), then its rule ID."""
    return f"{words.describe(cause, names).short} ({cause.rule})"


def describe(state: State) -> str:
    """A one-line summary for logs: ``"G1 A 1-0 W9 B10 A to shoot"``."""
    left = on_board(state)
    who = shooter(state)
    tail = f"{who} to shoot" if who else state.phase
    return f"G{state.game_number} {state.score.A}-{state.score.B} W{left.white} B{left.black} {tail}"


__all__ = ["Prompt", "describe", "draw", "short_cause", "status_text"]
