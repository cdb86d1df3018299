"""Pichenotte screens, laid out per panel: :func:`draw` lays a
:class:`PichenotteView` out on a :class:`~pitchside.render.panel.Canvas`; :func:`render`
returns the frame for a panel.

One screen per phase of :class:`pitchside.core.rules.pichenotte.State` (rules
``docs/rules/pichenotte.md``):

* ``toss``: the match settings, the names, "PRESS COIN TO TOSS".
* ``shooting``: the match score in the biggest seven-segment digits the panel allows,
  side A left and side B right; a small arrow at the outer edge of the shooter's side
  (``"A1"``/``"A2"`` in doubles beside the name); pucks left in hand and this round's
  twenties per side; and the prompt line.
* ``tally``: the zone counts being keyed in, the cursor field in inverse video, the pucks
  left to assign and the round points they make.
* ``finished``: the winner (or DRAW) large, the final score, "NEW: new match".

The prompt line shows, first match wins: ``view.prompt`` (a warning in inverse video; a
refusal is the full :func:`~pitchside.render.widgets.refusal_layer`), then
``view.shot_line``, then the phase's own prompt (in ``shooting``: ``"FREE SHOT"``
(PI-09) or ``"HIT OR CALL 20"`` (PI-05), after the round number). Text that does not fit
is paged, never cut.

Layouts (rows in px, y0-y1 inclusive):

* 128x64 ("standard"): names 0-10, digits 12-39 (28 px), pucks/twenties capitals on
  rows 41-46 (in the controller's 8 px page 5), prompt capitals on rows 48-55 (page 6,
  descenders below):
  a shot changes the arrow, the counts and the prompt, each in one page (at
  most a quarter of the frame on the bus).
* 128x32 ("reduced"): digits 0-20 with the arrow, the prompt 22-31 (paged).
* 256x64 ("wide"): per side, the name and counts in a column beside 50 px digits;
  prompt 52-63.
* 128x128 ("tall"): names 0-15, digits 18-77 (60 px), counts 80-93, prompt 96-127 on
  up to two lines.
* 96x48 ("small"): the standard layout, smaller.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

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
from pitchside.render import screen
from pitchside.render.panel import DIM, INK, PAPER, SIDE_A, SIDE_B, Canvas, Panel
from pitchside.render.view import Prompt, TallyEntry
from pitchside.render.widgets import (
    draw_score,
    paged_bar,
    paged_text,
    prompt_line,
    refusal_layer,
    side_tag,
    triangle,
)


@dataclass(frozen=True)
class PichenotteView:
    """Everything a Pichenotte screen shows.

    :param state: the rules state (its phase picks the screen).
    :param shot_line: what the table has seen so far during the current shot, e.g.
        ``"SEEN: 20 DROPPED"``; shown on the prompt line unless a prompt is set.
    :param tally: the zone entry in progress (phase ``tally``); None shows the zone
        entry empty with the cursor on A15.
    :param prompt: a message that takes the prompt line (a notice, a warning) or the
        screen (a refusal).
    :param names: what to call sides A and B on screen (any letters the pixel font has:
        Zoé, Jürgen; paged when long).
    """

    state: State
    shot_line: str | None = None
    tally: TallyEntry | None = None
    prompt: Prompt | None = None
    names: tuple[str, str] = ("A", "B")


@dataclass(frozen=True)
class _Rows:
    """One layout's rows (y0, y1 exclusive) of the shooting screen and its text sizes."""

    names: tuple[int, int] | None
    digits: tuple[int, int]
    info: tuple[int, int] | None
    prompt: tuple[int, int]
    prompt_lines: int = 1
    name_sizes: tuple[int, ...] = (11, 10, 9)
    info_sizes: tuple[int, ...] = (9,)
    prompt_sizes: tuple[int, ...] = (11, 10, 9)
    arrow: tuple[int, int] = (5, 9)  # the turn arrow's width and height in px


_ROWS = {
    "standard": _Rows(names=(0, 11), digits=(12, 40), info=(40, 49), prompt=(47, 64)),
    "small": _Rows(names=(0, 10), digits=(11, 29), info=(29, 38), prompt=(36, 48), name_sizes=(10, 9),
                   prompt_sizes=(10, 9)),
    "reduced": _Rows(names=None, digits=(0, 21), info=None, prompt=(22, 32), prompt_sizes=(10, 9)),
    "tall": _Rows(names=(0, 16), digits=(18, 78), info=(80, 94), prompt=(96, 128), prompt_lines=2,
                  name_sizes=(16, 14, 12, 11, 10), info_sizes=(12, 11, 10, 9),
                  prompt_sizes=(16, 14, 13, 12, 11, 10, 9), arrow=(7, 13)),
}

TOP_ALIGNED = ("standard", "small")
"""Layouts whose prompt capitals sit at the top of the prompt rows (a controller page of
their own, the descenders below), not centred."""


def draw(view: PichenotteView, c: Canvas) -> None:
    """Lay ``view`` out on ``c`` (any panel with a layout; the refusal layer last).

    :raises ValueError: a malformed view (e.g. a score with a fraction other than a half).
    """
    phase = view.state.phase
    if phase == "toss":
        _toss(c, view)
    elif phase == "shooting":
        _wide_shooting(c, view) if c.layout == "wide" else _shooting(c, view)
    elif phase == "tally":
        _tally(c, view)
    else:
        _finished(c, view)
    refusal_layer(c, view.prompt)


def render(view: PichenotteView, size: Panel | tuple[int, int] = (128, 64), page: int = 0) -> Image.Image:
    """The frame of ``view`` for a panel (a ``(width, height)`` is mode "1").

    :returns: an image of the panel's size and mode.
    :raises ValueError: no layout for the panel (:data:`pitchside.render.panel.LAYOUTS`).
    """
    return screen.render(view, size, page)


# --- helpers -------------------------------------------------------------------------


def _name(view: PichenotteView, side: Side) -> str:
    return view.names[0] if side == "A" else view.names[1]


def _ink(side: Side) -> int:
    """The side's colour (white on a mono or grey panel)."""
    return SIDE_A if side == "A" else SIDE_B


def _initial(view: PichenotteView, side: Side) -> str:
    """One letter for a narrow column: the name's initial, or the side letter when
    both names start alike."""
    a, b = view.names[0][:1].upper(), view.names[1][:1].upper()
    if a == b or not a or not b:
        return side
    return a if side == "A" else b


def _tag(view: PichenotteView, side: Side) -> str:
    """The side's label; in doubles the shooting side's shows which partner shoots."""
    return side_tag(_name(view, side), side, shooter(view.state))


def _line(c: Canvas, view: PichenotteView, rows: tuple[int, int], default: str, *, sizes: tuple[int, ...],
          lines: int = 1, top: bool = False) -> None:
    """The prompt line: the view's prompt (not a refusal: that is the overlay), else
    the shot line, else ``default``."""
    box = (0, rows[0], c.width, rows[1])
    prompt = view.prompt
    if prompt is not None and prompt.kind == "warning":
        prompt_line(c, box, prompt, sizes)
        return
    text = prompt.text if prompt is not None and prompt.kind == "info" else view.shot_line or default
    paged_text(c, box, text, align="center", sizes=sizes, pad=2, max_lines=lines, top=top)


def _info(view: PichenotteView, side: Side) -> str:
    state = view.state
    rail = state.rail[side]
    return f"{state.hand[side]} LEFT" + (f" {rail}x20" if rail else "")


def _default_prompt(state: State) -> str:
    return f"R{state.round}: " + ("FREE SHOT" if is_free_shot(state) else "HIT OR CALL 20")


# --- screens -------------------------------------------------------------------------


def _toss(c: Canvas, view: PichenotteView) -> None:
    w, h = c.size
    opts = view.state.options
    players = "DOUBLES" if opts.players == "doubles" else "SINGLES"
    goal = f"RACE TO {opts.race_target}" if opts.format == "race500" else f"FIRST TO {opts.rounds_to_win}"
    if c.layout == "reduced":
        paged_text(c, (0, 0, w, 20), f"{_name(view, 'A')} v {_name(view, 'B')}", align="center",
                   sizes=(16, 14, 12, 11, 10, 9))
        _line(c, view, (21, 32), "PRESS COIN TO TOSS", sizes=(10, 9))
        return
    title_h = 16 if c.layout == "tall" else 12
    paged_bar(c, (0, 0, w, title_h), "PICHENOTTE", inverse=True, sizes=(14, 12, 11, 10))
    paged_text(c, (0, title_h + 1, w, title_h + 12), f"{players}  {goal}", align="center", sizes=(10, 9), fill=DIM)
    bottom_h = 24 if c.layout == "tall" else 12
    names_box = (0, title_h + 13, w, h - bottom_h - 1)
    paged_text(c, names_box, f"{_name(view, 'A')}  v  {_name(view, 'B')}", align="center",
               sizes=(24, 20, 18, 16, 14, 12, 11, 10, 9), max_lines=3)
    _line(c, view, (h - bottom_h, h), "PRESS COIN TO TOSS", sizes=(14, 12, 11, 10, 9), lines=2)


def _shooting(c: Canvas, view: PichenotteView) -> None:
    w, h = c.size
    rows = _ROWS[c.layout]
    state = view.state
    score = match_score(state)
    half = w // 2
    aw, ah = rows.arrow
    for side in SIDES:
        x0, x1 = (0, half - 1) if side == "A" else (half + 1, w)
        ink = _ink(side)
        shooting = state.turn == side
        arrow_rows = rows.names or rows.digits
        if rows.names is not None:
            n0, n1 = rows.names
            tag_box = (x0 + aw + 1, n0, x1 - aw - 1, n1)
            paged_text(c, tag_box, _tag(view, side), align="center", sizes=rows.name_sizes, fill=ink, pad=0)
        sbox = (x0 + aw + 2, rows.digits[0], x1 - aw - 2, rows.digits[1])
        draw_score(c.draw, sbox, score[side], max_height=sbox[3] - sbox[1], fill=ink)
        if shooting:  # a small arrow at the outer edge: a turn change moves a few bytes
            ay = arrow_rows[0] + (arrow_rows[1] - arrow_rows[0] - ah) // 2
            if side == "A":
                triangle(c.draw, (0, ay, aw, ay + ah), "right", fill=ink)
            else:
                triangle(c.draw, (w - aw, ay, w, ay + ah), "left", fill=ink)
        if rows.info is not None:
            paged_text(c, (x0, rows.info[0], x1, rows.info[1]), _info(view, side), align="center",
                       sizes=rows.info_sizes, fill=DIM, pad=0, top=c.layout in TOP_ALIGNED)
    c.draw.line((half, rows.digits[0] + 2, half, rows.digits[1] - 3), fill=DIM)
    _line(c, view, rows.prompt, _default_prompt(state), sizes=rows.prompt_sizes, lines=rows.prompt_lines,
          top=c.layout in TOP_ALIGNED)


def _wide_shooting(c: Canvas, view: PichenotteView) -> None:
    """256x64: per side a column of name (up to two lines) and counts beside the digits."""
    w, h = c.size
    state = view.state
    score = match_score(state)
    half = w // 2
    prompt_top = 52
    for side in SIDES:
        x0, x1 = (0, half - 2) if side == "A" else (half + 2, w)
        ink = _ink(side)
        col = (x0 + 9, 0, x0 + 62, prompt_top) if side == "A" else (x1 - 62, 0, x1 - 9, prompt_top)
        digits = (x0 + 64, 1, x1 - 2, prompt_top - 2) if side == "A" else (x0 + 2, 1, x1 - 64, prompt_top - 2)
        draw_score(c.draw, digits, score[side], max_height=digits[3] - digits[1], fill=ink)
        paged_text(c, (col[0], 2, col[2], 30), _tag(view, side), align="center", sizes=(14, 12, 11, 10, 9),
                   fill=ink, pad=0, max_lines=2)
        paged_text(c, (col[0], 32, col[2], 50), _info(view, side), align="center", sizes=(11, 10, 9), fill=DIM,
                   pad=0, max_lines=2)
        if state.turn == side:
            if side == "A":
                triangle(c.draw, (0, 14, 7, 28), "right", fill=ink)
            else:
                triangle(c.draw, (w - 7, 14, w, 28), "left", fill=ink)
    c.draw.line((half, 4, half, prompt_top - 5), fill=DIM)
    _line(c, view, (prompt_top, h), _default_prompt(state), sizes=(12, 11, 10, 9))


def _tally(c: Canvas, view: PichenotteView) -> None:
    """A table, one row per side: the rail's twenties (read-only), the 15/10/5 zone
    counts (the cursor field in inverse video), pucks still to assign, round points;
    on the 128x32 panel only the field being keyed in, large."""
    w, h = c.size
    state = view.state
    entry = view.tally or TallyEntry((0, 0, 0, 0, 0, 0), 0, (state.on_board.A, state.on_board.B))
    done = entry.remaining == (0, 0)
    hint = "COUNTED: PRESS DONE" if done else "COUNT: + - NEXT, DONE"
    if c.layout == "reduced":
        i = entry.cursor // 3
        side: Side = "A" if i == 0 else "B"
        zone = ("15", "10", "5")[entry.cursor % 3]
        count = entry.counts[entry.cursor]
        paged_text(c, (0, 0, 70, 21), f"{_name(view, side)} {zone}s", sizes=(12, 11, 10, 9), max_lines=2)
        c.draw.rectangle((72, 0, 100, 20), fill=INK)
        draw_score(c.draw, (74, 2, 99, 19), count, max_height=17, fill=PAPER)
        paged_text(c, (101, 0, w, 21), f"{entry.remaining[i]} LEFT", align="center", sizes=(9,), pad=0, max_lines=2)
        _line(c, view, (22, 32), hint, sizes=(10, 9))
        return
    bottom_h = 24 if c.layout == "tall" else 12
    header_h = 14 if c.layout == "tall" else 12
    edges = [round(e * w / 128) for e in (0, 13, 28, 43, 58, 73, 99, 128)]
    cols = list(zip(edges, edges[1:]))
    labels = ("", "20", "15", "10", "5", "LEFT", "PTS")
    c.draw.rectangle((0, 0, w - 1, header_h - 1), fill=INK)
    for (c0, c1), label in zip(cols, labels):
        paged_text(c, (c0, 0, c1, header_h), label, align="center", fill=PAPER, sizes=(11, 10, 9), pad=0)
        if c0 > 0:  # column rules, so "20" "15" never read as "2015"
            c.draw.line((c0, 0, c0, header_h - 1), fill=PAPER)
    body_top, body_bottom = header_h + 1, h - bottom_h - 1
    row_h = (body_bottom - body_top) // 2
    for i, side in enumerate(SIDES):
        y0 = body_top + i * row_h + 1
        y1 = y0 + row_h - 1
        n15, n10, n5 = entry.side(side)
        values = (_initial(view, side), str(state.rail[side]), str(n15), str(n10), str(n5),
                  str(entry.remaining[i]), str(round_points(state.rail[side], (n15, n10, n5))))
        for j, ((c0, c1), value) in enumerate(zip(cols, values)):
            is_cursor = 2 <= j <= 4 and entry.cursor == i * 3 + (j - 2)
            if is_cursor:
                c.draw.rectangle((c0 + 1, y0, c1 - 2, y1 - 1), fill=INK)
            ink = PAPER if is_cursor else _ink(side) if j == 0 else DIM if j == 1 else INK
            paged_text(c, (c0, y0, c1, y1), value, align="left" if j == 0 else "center", fill=ink,
                       sizes=(24, 20, 18, 16, 14, 12, 11, 10, 9), pad=1)
    c.draw.line((0, body_top + row_h, w - 1, body_top + row_h), fill=INK)
    _line(c, view, (h - bottom_h, h), hint, sizes=(14, 12, 11, 10, 9), lines=2)


def _finished(c: Canvas, view: PichenotteView) -> None:
    w, h = c.size
    state = view.state
    result = outcome(state)
    score = match_score(state)
    winner = None if result is None else result.winner
    headline = "DRAW" if winner is None else f"{_name(view, winner)} WINS"
    ink = INK if winner is None else _ink(winner)
    if c.layout == "reduced":  # the score as big as the panel allows, the winner under it
        draw_score(c.draw, (0, 0, w // 2 - 9, 18), score.A, max_height=18, align="right", fill=SIDE_A)
        draw_score(c.draw, (w // 2 + 9, 0, w, 18), score.B, max_height=18, align="left", fill=SIDE_B)
        c.draw.rectangle((w // 2 - 4, 8, w // 2 + 3, 9), fill=INK)
        paged_text(c, (0, 19, w, 32), headline, align="center", sizes=(12, 11, 10, 9), fill=ink)
        return
    reduced = False
    title_h = 0 if reduced else 16 if c.layout == "tall" else 12
    bottom_h = 10 if reduced else 24 if c.layout == "tall" else 12
    if title_h:
        paged_bar(c, (0, 0, w, title_h), "MATCH OVER", inverse=True, sizes=(12, 11, 10))
    body = h - title_h - bottom_h
    split = title_h + (body * 11 // 20 if not reduced else body // 2)
    paged_text(c, (0, title_h + 1, w, split), headline, align="center",
               sizes=(28, 24, 22, 20, 18, 16, 14, 12, 11, 10, 9), fill=ink, max_lines=2)
    sy0, sy1 = split + 1, h - bottom_h - 1
    gap = 18
    draw_score(c.draw, (0, sy0, w // 2 - gap // 2, sy1), score.A, max_height=sy1 - sy0, align="right", fill=SIDE_A)
    draw_score(c.draw, (w // 2 + gap // 2, sy0, w, sy1), score.B, max_height=sy1 - sy0, align="left", fill=SIDE_B)
    dash_y = (sy0 + sy1) // 2 - 1
    c.draw.rectangle((w // 2 - 4, dash_y, w // 2 + 3, dash_y + 1), fill=INK)
    _line(c, view, (h - bottom_h, h), "NEW: new match", sizes=(12, 11, 10, 9))


def describe(state: State) -> str:
    """A one-line text summary of what the screen shows, for logs and the terminal
    front end: ``"R2 A 1.5 B 0.5 A1 to shoot"``."""
    s = match_score(state)
    who = shooter(state)
    tail = f"{who} to shoot" if who else state.phase
    return f"R{state.round} A {fmt_points(s.A)} B {fmt_points(s.B)} {tail}"


screen.register_layout(PichenotteView, draw)
