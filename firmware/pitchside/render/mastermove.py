"""Master Move screens: :func:`render` turns a :class:`MasterMoveView` into a frame,
:func:`render_standings` a tournament's table of standings.

One screen per phase of :class:`pitchside.core.rules.mastermove.State` (rulebook
``shared/rules/003_5f20e1de7461e6e0.txt``), at the design size 128x64 px:

* ``lineup``: the pitch map (below) with the line-ups sent and the one proposed, and
  on the right whose line-up is being set.
* ``toss``: the two names and "PRESS COIN TO TOSS".
* ``play``: the score in Moves in big seven-segment digits, A (yellow) left and B
  (blue) right; the side to move's name tag in inverse video with an arrow at its
  score; under each score the Moves it still needs to win (MM-15) and the changes it
  has left in the game (MM-22); the bottom line shows the last move (``"Ann D8-D12"``).
* ``changes`` (after a Move!): who scored, the score, each side's change now (MM-21,
  MM-30) and who restarts (MM-23).
* ``finished``: the winner large, the final score, a forfeit said as such (MM-25).
* While a piece is being picked with the buttons (:class:`EntryView`), the pitch map
  replaces the score: 16 x 9 squares of 5 px, column 1 on the left, row A at the top;
  A's pieces solid, B's hollow, the goal mouths open in the goal lines, the centre line
  dotted; the cursor square in inverse video, the picked piece framed. The right panel
  names the piece and its squares (``"E7>E6 joker"``). On a panel too low for 5 px
  squares (a 48 px one) the squares are 4 px; where the right panel cannot hold its text
  at the smallest font (a 96 px wide panel) it is left out, the map is centred and the
  bottom line says what it would have said first (:func:`board_layout`).
* A quit asked for on the panel (:attr:`MasterMoveView.confirm_quit`): a confirm screen
  naming the side that would lose 0-3 by forfeit (MM-25, MM-32).
* A tournament's standings and next pairing (:class:`StandingsView`,
  :func:`render_standings`), shown on the attract screen's rotation and with NEXT once
  a game is over.

The bottom line (rows 52-63) shows ``view.prompt`` first (a refusal also opens the
refusal box over the lower half, with its rule ID), else the screen's own line.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from PIL import Image, ImageDraw

from pitchside.core.rules import mastermove as rules
from pitchside.core.rules.mastermove.board import (
    EMPTY_BOARD,
    GOALS,
    col_of,
    make_pitch,
    row_of,
)
from pitchside.core.sides import SIDES, Side
from pitchside.core.tournament import Row
from pitchside.render import fonts, screen
from pitchside.render.message import render_message
from pitchside.render.view import Prompt
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
"""Header row height in px."""
BOTTOM_H = 12
"""Bottom line height in px."""
CELL = 5
"""Pitch map square size in px (16 x 5 + 1 = 81 px wide, 9 x 5 + 1 = 46 px tall)."""
SMALL_CELL = 4
"""Square size on a panel too low for :data:`CELL` (65 x 37 px: fits over a 48 px
panel's bottom line)."""
SIDE_MIN_W = 44
"""The narrowest right panel beside the map that holds its lines at the smallest font
(``"Yellow FC"``, ``"TO MOVE"``, ``"C15 > C14"`` at 8 px); narrower, it is left out."""


@dataclass(frozen=True)
class EntryView:
    """The button entry in progress: the cursor square (None: hidden), the picked piece's
    square, a text for the side panel (``"E7>E6 joker"``) and how many squares the
    cursor can visit now."""

    cursor: int | None
    pick: int | None
    line: str
    candidates: int


@dataclass(frozen=True)
class MasterMoveView:
    """Everything a Master Move screen shows.

    :param state: the rules state (its phase picks the screen).
    :param board: the pieces to draw on the pitch map (before the game: the line-ups
        sent plus the one proposed).
    :param last_move: ``"Ann D8-D12"`` (``" MOVE!"`` appended when it scored), or None.
    :param entry: the button entry, or None.
    :param lining: the side whose line-up the buttons are setting, or None.
    :param source: the move source's name (its ``HELLO``), or None.
    :param source_ok: the move source's port connected (True), lost (False), unknown.
    """

    state: rules.State
    names: tuple[str, str] = ("A", "B")
    prompt: Prompt | None = None
    board: rules.Board = EMPTY_BOARD
    last_move: str | None = None
    entry: EntryView | None = None
    lining: Side | None = None
    source: str | None = None
    source_ok: bool | None = None
    confirm_quit: Side | None = None
    """A quit asked for on the panel, waiting for its confirmation: the side that
    would quit (None: no question open)."""
    standings: StandingsView | None = None
    """Shown instead of the game screen (NEXT once a game is over), or None."""


def render(view: MasterMoveView, size: tuple[int, int] = (128, 64)) -> Image.Image:
    """Draw ``view`` as a frame for the panel.

    :param size: panel (width, height) in px, at least 96x48; 128x64 is the design size.
    :returns: a mode ``"1"`` image of ``size`` (1 = lit pixel).
    :raises ValueError: ``size`` too small.
    """
    if view.standings is not None:
        return render_standings(view.standings, size)
    if view.confirm_quit is not None:
        return _confirm_quit(view, size)
    img, draw = new_canvas(size)
    phase = view.state.phase
    if phase == "lineup" or (view.entry is not None and phase in ("play", "changes")):
        _board_screen(draw, view, size)
    elif phase == "toss":
        _toss(draw, view, size)
    elif phase == "play":
        _play(draw, view, size)
    elif phase == "changes":
        _changes(draw, view, size)
    else:
        _finished(draw, view, size)
    refusal_over(draw, size, view.prompt)
    return img


# --- helpers -------------------------------------------------------------------------


def _name(view: MasterMoveView, side: Side) -> str:
    return view.names[0] if side == "A" else view.names[1]


def _bottom(draw: ImageDraw.ImageDraw, view: MasterMoveView, size: tuple[int, int], default: str) -> None:
    w, h = size
    box = (0, h - BOTTOM_H, w, h)
    if view.prompt is not None:
        prompt_bar(draw, box, view.prompt)
    else:
        bar(draw, box, default, inverse=False)


def _needs(view: MasterMoveView, side: Side) -> int:
    return max(0, rules.MOVES_TO_WIN - view.state.score[side])


def _changes_left(view: MasterMoveView, side: Side) -> int:
    return max(0, view.state.options.max_changes - view.state.changes_used[side])


def draw_pitch(draw: ImageDraw.ImageDraw, x0: int, y0: int, view: MasterMoveView,
               cell: int = CELL) -> tuple[int, int, int, int]:
    """The pitch map with its top-left corner at (``x0``, ``y0``); returns its box.

    Squares of ``cell`` px (:data:`CELL`, or :data:`SMALL_CELL` on a low panel); a
    piece of A is a solid 3x3 block, of B a hollow 3x3 ring; the goals are gaps in the goal lines (the goal mouths); white-area squares
    have two dots; the centre line is dotted. The cursor square is inverted, the picked
    square framed.
    """
    pitch = make_pitch(view.state.options.white_area, view.state.options.grass)
    w, h = 16 * cell + 1, 9 * cell + 1
    draw.rectangle((x0, y0, x0 + w - 1, y0 + h - 1), outline=1)
    cx = x0 + 8 * cell
    for y in range(y0 + 2, y0 + h - 1, 2):
        draw.point((cx, y), fill=1)
    entry = view.entry
    for sq in range(144):
        r, c = row_of(sq), col_of(sq)
        sx, sy = x0 + (c - 1) * cell, y0 + r * cell
        inner = (sx + 1, sy + 1, sx + cell - 1, sy + cell - 1)  # 4x4 inside the grid
        cursor = entry is not None and entry.cursor == sq
        if cursor:
            draw.rectangle((sx, sy, sx + cell, sy + cell), fill=1)
        elif entry is not None and entry.pick == sq:
            draw.rectangle((sx, sy, sx + cell, sy + cell), outline=1)
        if sq in GOALS.A or sq in GOALS.B:  # the goal mouth: a gap in the goal line
            gx = sx if sq in GOALS.A else sx + cell
            draw.line((gx, sy + 1, gx, sy + cell - 1), fill=0)
        if sq in pitch.white and not cursor:
            draw.point((inner[0] + 1, inner[1] + 1), fill=1)
            draw.point((inner[2] - 1, inner[3] - 1), fill=1)
        piece = view.board.get(sq)
        if piece is None:
            continue
        ink = 0 if cursor else 1
        box = (sx + 1, sy + 1, sx + 3, sy + 3)
        if piece.side == "A":
            draw.rectangle(box, fill=ink)
        else:
            draw.rectangle(box, outline=ink, fill=1 - ink)
    return (x0, y0, x0 + w, y0 + h)


# --- screens -------------------------------------------------------------------------


def board_layout(size: tuple[int, int]) -> tuple[int, int, bool]:
    """Where the board screen puts the pitch map on a panel of ``size``: ``(cell, x0,
    side_text)``. The squares are :data:`CELL` px when the map fits above the bottom
    line, else :data:`SMALL_CELL`; the right panel is drawn only when at least
    :data:`SIDE_MIN_W` px are left beside the map, else the map is centred and the
    right panel's text is left out (its first line goes to the bottom line).
    128x64: ``(5, 0, True)``; 96x48: ``(4, 15, False)``."""
    w, h = size
    cell = CELL if 9 * CELL + 1 <= h - BOTTOM_H else SMALL_CELL
    map_w = 16 * cell + 1
    if w - map_w - 2 >= SIDE_MIN_W:
        return cell, 0, True
    return cell, (w - map_w) // 2, False


def _board_screen(draw: ImageDraw.ImageDraw, view: MasterMoveView, size: tuple[int, int]) -> None:
    """The pitch map on the left, what is being done on the right (on a narrow panel,
    the map alone and the essential of the right panel on the bottom line)."""
    w = size[0]
    cell, x0, side_text = board_layout(size)
    px = draw_pitch(draw, x0, 0, view, cell)
    rx0 = px[2] + 2
    state = view.state
    lines: list[tuple[str, bool]] = []
    if state.phase == "lineup":
        lines = [("LINE-UP", True), (_name(view, view.lining or "A"), False)]
    elif state.phase == "changes":
        lines = [("CHANGE", True), (f"{state.score.A}-{state.score.B}", False)]
    else:
        lines = [(_name(view, state.to_move or "A"), True), ("TO MOVE", False)]
    if view.entry is not None and view.entry.line:
        squares, _, kind = view.entry.line.partition(" ")
        lines += [(kind, False), (squares.replace(">", " > "), False)]
    y = 0
    for text, inverse in lines[:4] if side_text else ():
        box = (rx0, y, w, y + 11)
        if inverse:
            bar(draw, box, text, inverse=True, sizes=(fonts.SMALL, fonts.TINY, 8))
        else:
            text_in_box(draw, box, text, align="center", sizes=(fonts.SMALL, fonts.TINY, 8), pad=0)
        y += 12
    if not side_text:  # what the right panel would have said first
        if view.entry is not None and view.entry.line:
            default = view.entry.line
        elif state.phase == "lineup":
            default = f"LINE-UP {_name(view, view.lining or 'A')}"
        elif state.phase == "changes":
            default = f"CHANGE {state.score.A}-{state.score.B}: DONE"
        else:
            default = f"{_name(view, state.to_move or 'A')} TO MOVE"
    elif view.entry is not None:
        default = "+ - NEXT: move  DONE: OK"
    elif state.phase == "lineup":
        default = "DONE: send, + -: edit"
    else:
        default = "+ - NEXT  DONE: OK"
    _bottom(draw, view, size, default)


def _confirm_quit(view: MasterMoveView, size: tuple[int, int]) -> Image.Image:
    """The question a panel quit asks before it is sent (MM-25, MM-32); the lines in
    order of need (a 48 px panel shows the first two)."""
    side = view.confirm_quit or "A"
    return render_message("QUIT: FORFEIT?", (
        f"{_name(view, side)} loses 0-3",
        "DONE: yes, quit",
        "UNDO: no  + -: side",
    ), size)


def _toss(draw: ImageDraw.ImageDraw, view: MasterMoveView, size: tuple[int, int]) -> None:
    w, h = size
    bar(draw, (0, 0, w, HEADER_H), "MASTER MOVE", inverse=True, sizes=(fonts.MEDIUM, fonts.SMALL))
    top, bottom = HEADER_H + 2, h - BOTTOM_H - 1
    if bottom - top >= 26:  # room for the settings line above the names
        text_in_box(draw, (0, top, w, top + 11), "BOTH LINED UP  FIRST TO 3", align="center",
                    sizes=(fonts.SMALL, fonts.TINY))
        top += 13
    text_in_box(draw, (0, top, w, bottom), f"{_name(view, 'A')}  v  {_name(view, 'B')}", align="center",
                sizes=(18, 16, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY))
    _bottom(draw, view, size, "PRESS COIN TO TOSS")


def _has_info_rows(h: int) -> bool:
    """Room for two 9 px rows under 14 px digits (a 64 px panel; not a 48 px one)."""
    return h - HEADER_H - BOTTOM_H - 18 >= 16


def _score_rows(draw: ImageDraw.ImageDraw, view: MasterMoveView, size: tuple[int, int], marked: Side | None) -> None:
    """Name tags, big scores, and under each the Moves to win and changes left (on a
    panel too low for them, the scores alone)."""
    w, h = size
    info = _has_info_rows(h)
    state = view.state
    half = w // 2
    info_h = 9
    info_top = h - BOTTOM_H - 2 * info_h if info else h - BOTTOM_H
    mid_w = 24
    mid = (half - mid_w // 2, 0, half + mid_w // 2, HEADER_H)
    text_in_box(draw, mid, f"TO {rules.MOVES_TO_WIN}", align="center", sizes=(fonts.TINY, 8), pad=0)
    for side in SIDES:
        x0, x1 = (0, half - 1) if side == "A" else (half + 1, w)
        tag = (x0, 0, mid[0] - 1, HEADER_H) if side == "A" else (mid[2] + 1, 0, x1, HEADER_H)
        if marked == side:
            draw.rectangle((tag[0], tag[1], tag[2] - 1, tag[3] - 1), fill=1)
            text_in_box(draw, tag, _name(view, side), align="center", fill=0,
                        sizes=(fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY))
        else:
            text_in_box(draw, tag, _name(view, side), align="center",
                        sizes=(fonts.MEDIUM, fonts.SMALL, fonts.TINY))
        sbox = (x0 + 8, HEADER_H + 1, x1 - 8, info_top - 1)
        draw_score(draw, sbox, state.score[side], max_height=sbox[3] - sbox[1])
        if marked == side:
            ah = 10
            ay = HEADER_H + 1 + (info_top - HEADER_H - 1 - ah) // 2
            if side == "A":
                triangle(draw, (x0, ay, x0 + 6, ay + ah), "right")
            else:
                triangle(draw, (x1 - 6, ay, x1, ay + ah), "left")
        if info:
            need = _needs(view, side)
            text_in_box(draw, (x0, info_top, x1, info_top + info_h), f"{need} TO WIN", align="center",
                        sizes=(fonts.TINY, 8), pad=0)
            left = _changes_left(view, side)
            text_in_box(draw, (x0, info_top + info_h, x1, info_top + 2 * info_h),
                        f"CHANGES {left}", align="center", sizes=(fonts.TINY, 8), pad=0)
    draw.line((half, HEADER_H + 2, half, h - BOTTOM_H - 2), fill=1)


def _play(draw: ImageDraw.ImageDraw, view: MasterMoveView, size: tuple[int, int]) -> None:
    _score_rows(draw, view, size, view.state.to_move)
    side = view.state.to_move or "A"
    default = f"LAST {view.last_move}" if view.last_move else f"{_name(view, side)} kicks off"
    _bottom(draw, view, size, default)


def _changes(draw: ImageDraw.ImageDraw, view: MasterMoveView, size: tuple[int, int]) -> None:
    """After a Move!: the score, then each side's change now (of those left in the
    game), and who restarts."""
    w, h = size
    state = view.state
    half = w // 2
    info_h = 9 if _has_info_rows(h) else 0
    info_top = h - BOTTOM_H - 2 * info_h
    scorer: Side = "B" if state.restarting == "A" else "A"
    bar(draw, (0, 0, w, HEADER_H), f"MOVE! {_name(view, scorer)}", inverse=True,
        sizes=(fonts.MEDIUM, fonts.SMALL, fonts.TINY))
    for side in SIDES:
        x0, x1 = (0, half - 1) if side == "A" else (half + 1, w)
        sbox = (x0 + 10, HEADER_H + 1, x1 - 10, info_top - 1)
        draw_score(draw, sbox, state.score[side], max_height=sbox[3] - sbox[1])
        if not info_h:
            continue
        text_in_box(draw, (x0, info_top, x1, info_top + info_h), _name(view, side), align="center",
                    sizes=(fonts.TINY, 8), pad=0)
        credit = state.credit[side]
        text_in_box(draw, (x0, info_top + info_h, x1, info_top + 2 * info_h),
                    f"{credit} CHANGE" if credit else "NO CHANGE", align="center", sizes=(fonts.TINY, 8), pad=0)
    draw.line((half, HEADER_H + 2, half, h - BOTTOM_H - 2), fill=1)
    who = state.restarting or "A"
    _bottom(draw, view, size, f"DONE: {_name(view, who)} restarts")


def _finished(draw: ImageDraw.ImageDraw, view: MasterMoveView, size: tuple[int, int]) -> None:
    w, h = size
    state = view.state
    result = rules.outcome(state)
    bar(draw, (0, 0, w, HEADER_H), "GAME OVER", inverse=True, sizes=(fonts.MEDIUM, fonts.SMALL))
    big_h = (h - HEADER_H - BOTTOM_H) // 2
    big = (0, HEADER_H + 1, w, HEADER_H + 1 + big_h)
    headline = f"{_name(view, result.winner)} WINS" if result and result.winner else "GAME OVER"
    text_in_box(draw, big, headline, align="center", sizes=(22, 20, 18, 16, fonts.LARGE, fonts.MEDIUM, fonts.SMALL))
    sy0, sy1 = big[3] + 1, h - BOTTOM_H - 1
    gap = 18
    dh = sy1 - sy0
    draw_score(draw, (0, sy0, w // 2 - gap // 2, sy1), state.score.A, max_height=dh, align="right")
    draw_score(draw, (w // 2 + gap // 2, sy0, w, sy1), state.score.B, max_height=dh, align="left")
    dash_y = (sy0 + sy1) // 2 - 1
    draw.rectangle((w // 2 - 4, dash_y, w // 2 + 3, dash_y + 1), fill=1)
    default = (f"{_name(view, state.forfeit)} quit: forfeit" if state.forfeit else "NEW: new game")
    _bottom(draw, view, size, default)


# --- tournament standings ----------------------------------------------------------------


@dataclass(frozen=True)
class StandingsView:
    """A tournament's table: ``title`` (its name), ``rows`` (from
    :func:`pitchside.core.tournament.standings`), ``footer`` (the next pairing, or the
    champion; the title when empty), ``first`` the index of the first row shown (for
    more teams than fit)."""

    title: str
    rows: tuple[Row, ...]
    footer: str = ""
    first: int = 0


STANDINGS_ROWS = 5
"""Team rows that fit one standings screen at 128x64."""


def render_standings(view: StandingsView, size: tuple[int, int] = (128, 64)) -> Image.Image:
    """The table of standings: the column heads in an inverse bar (rank, team, played,
    won, Move difference, points), :data:`STANDINGS_ROWS` team rows from
    ``view.first``, and the footer (the next pairing or the champion) under a rule.
    ``view.title`` is shown in the footer when there is no footer text.

    :returns: a mode ``"1"`` image of ``size``.
    """
    img, draw = new_canvas(size)
    w, h = size
    # column edges in px, scaled from the 128 px design
    edges = [round(e * w / 128) for e in (0, 14, 66, 78, 90, 109, 128)]
    cols = list(pairwise(edges))
    heads = ("#", "TEAM", "P", "W", "MD", "PTS")
    row_h = 8
    draw.rectangle((0, 0, w - 1, row_h + 1), fill=1)
    for j, ((c0, c1), label) in enumerate(zip(cols, heads)):
        text_in_box(draw, (c0, 1, c1, row_h + 1), label, align="left" if j == 1 else "right", sizes=(8,),
                    pad=3 if j == 1 else 1, fill=0)
    y = row_h + 3
    footer = view.footer or view.title
    for cells in standings_cells(view):
        if y + row_h > h - 10:
            break
        for j, ((c0, c1), value) in enumerate(zip(cols, cells)):
            text_in_box(draw, (c0, y, c1, y + row_h), value, align="left" if j == 1 else "right", sizes=(8,),
                        pad=3 if j == 1 else 1)
        y += row_h
    draw.line((0, h - 10, w - 1, h - 10), fill=1)
    text_in_box(draw, (0, h - 9, w, h), footer, align="center", sizes=(8,), pad=1)
    return img


def standings_cells(view: StandingsView) -> tuple[tuple[str, str, str, str, str, str], ...]:
    """The text of the team rows :func:`render_standings` draws from ``view.first``
    (at most :data:`STANDINGS_ROWS`): rank (``"3="`` shared), team, played, won, Move
    difference (``"+4"``, ``"0"``, ``"-3"``), points."""
    out = []
    for r in view.rows[view.first:view.first + STANDINGS_ROWS]:
        md = f"{r.diff:+d}" if r.diff else "0"
        out.append((r.rank_text, r.team, str(r.played), str(r.won), md, str(r.points)))
    return tuple(out)


screen.register_prompted(MasterMoveView, render)
screen.register(StandingsView, render_standings)
