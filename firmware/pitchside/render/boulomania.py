"""Boulomania screens: :func:`render` turns a :class:`BoulomaniaView` into a frame.

The play screen (every phase but ``finished``), at the design size 128x64 px:

* **The board**, left, 0-70 x 0-41: the 18 spaces drawn where the board data puts them
  (:mod:`pitchside.core.boards.boulomania`, BM-BOARD), turned a quarter so the direction
  of play runs left to right (space 7 at the left edge, 18 at the right). Bowl spaces
  7-18 are circles 9 px across: empty a thin dotted ring, side A's bowl a filled disc,
  side B's a thick ring with a dot. The six jack spaces are small squares (the jack
  block drawn 1.5 times its size about its centre so they can be told apart): empty
  four corner dots, a bowl the A or B mark in small, the jack a bold ``+`` over its
  space. The target of a declared shot has corner brackets around it; a fork declared
  diagonal has a stub pointing the way its bowl would go.
* **The round**, ``R2``, in the board's bottom-left corner.
* **The scores**, right, 72-127 x 0-41: one row per side, A on top: a marker arrow for
  the side to throw, the side's mark (the legend of the board), its game score in
  seven-segment digits 18 px tall, and its bowls still in hand as small marks (BM-15).
* **The last roll**, 42-51: the dice as die faces with pips, then what the roll did
  (``"Ann on 11, Bob 11>16"``).
* **The bottom line**, 52-63: ``view.prompt`` (a refusal in a box over the screen, a
  warning in inverse video) or the declared throw, ``"Ann: POINT 2 DICE"``.

The ``finished`` screen: "GAME OVER", the winner large, the final score (BM-18), the
rounds played.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from pitchside.core.boards.boulomania import JACK_SPACES, Board
from pitchside.core.rules.boulomania import JACK, State, outcome
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
    triangle,
)

BOTTOM_H = 12
"""Bottom line height in px."""
LAST_H = 11
"""Last-roll row height in px."""
BOWL_R = 4
"""Radius in px of a bowl space's circle."""
JACK_HALF = 2
"""Half the side in px of a jack space's square (5 px squares)."""
JACK_BLOCK_ZOOM = 1.5
"""The jack block is drawn this many times its size about its centre."""
SCORE_COL = 72
"""x of the score column at 128 px wide (scaled on other widths)."""


@dataclass(frozen=True)
class DiceShown:
    """A roll to show: ``values`` (1-6 each), what it did, and a shorter way to say
    it for when ``text`` does not fit ("": none)."""

    values: tuple[int, ...]
    text: str = ""
    short: str = ""


@dataclass(frozen=True)
class BoulomaniaView:
    """Everything a Boulomania screen shows.

    :param state: the rules state.
    :param names: what to call sides A and B (short ASCII; cut to fit).
    :param choice_line: the declared throw, for the bottom line when no prompt is set.
    :param target: the declared shot's target (a space or ``"jack"``), bracketed.
    :param last: the last roll the rules accepted.
    :param prompt: a one-line message that takes the bottom line (a refusal shows in a
        box over the lower screen).
    :param diagonal: the fork spaces a push will leave diagonally: a stub from the
        space towards its diagonal successor.
    :param die: the die unit's status (``"connected"``, ``"lost"``, ...).
    """

    state: State
    names: tuple[str, str] = ("A", "B")
    choice_line: str | None = None
    target: int | str | None = None
    last: DiceShown | None = None
    prompt: Prompt | None = None
    diagonal: frozenset[int] = frozenset()
    die: str = "none"


def render(view: BoulomaniaView, size: tuple[int, int] = (128, 64)) -> Image.Image:
    """Draw ``view`` as a frame for the panel.

    :param size: panel (width, height) in px, at least 96x48; 128x64 is the design size.
    :returns: a mode ``"1"`` image of ``size`` (1 = lit pixel).
    :raises ValueError: ``size`` too small.
    """
    img, draw = new_canvas(size)
    if view.state.phase == "finished":
        _finished(draw, view, size)
    else:
        _play(draw, view, size)
    refusal_over(draw, size, view.prompt)
    return img


# --- the board -------------------------------------------------------------------------


def board_layout(board: Board, box: Box) -> dict[int, tuple[int, int]]:
    """Screen centre (x, y) in px of every space 1..18 inside ``box``: the board's
    coordinates turned a quarter (the direction of play, board y, runs left to right;
    board x runs top to bottom), scaled to fit with room for the circles, the jack
    block zoomed by :data:`JACK_BLOCK_ZOOM` about its centre."""
    coords = dict(board.coords)
    jx = sum(coords[j][0] for j in JACK_SPACES) / len(JACK_SPACES)
    jy = sum(coords[j][1] for j in JACK_SPACES) / len(JACK_SPACES)
    for j in JACK_SPACES:
        x, y = coords[j]
        coords[j] = (jx + (x - jx) * JACK_BLOCK_ZOOM, jy + (y - jy) * JACK_BLOCK_ZOOM)
    xs = [c[0] for c in coords.values()]
    ys = [c[1] for c in coords.values()]
    x0, y0, x1, y1 = box
    m = BOWL_R
    s = min((x1 - x0 - 1 - 2 * m) / (max(ys) - min(ys)), (y1 - y0 - 1 - 2 * m) / (max(xs) - min(xs)))
    width = (max(ys) - min(ys)) * s
    height = (max(xs) - min(xs)) * s
    ox = x0 + m + (x1 - x0 - 1 - 2 * m - width) / 2
    oy = y0 + m + (y1 - y0 - 1 - 2 * m - height) / 2
    return {n: (round(ox + (y - min(ys)) * s), round(oy + (x - min(xs)) * s)) for n, (x, y) in coords.items()}


def _dotted_circle(draw: ImageDraw.ImageDraw, cx: int, cy: int, r: int) -> None:
    scratch = Image.new("1", (2 * r + 1, 2 * r + 1), 0)
    ImageDraw.Draw(scratch).ellipse((0, 0, 2 * r, 2 * r), outline=1)
    for yy in range(2 * r + 1):
        for xx in range(2 * r + 1):
            if scratch.getpixel((xx, yy)) and (xx + yy) % 2 == 0:
                draw.point((cx - r + xx, cy - r + yy), fill=1)


def draw_bowl(draw: ImageDraw.ImageDraw, cx: int, cy: int, side: Side | None, r: int = BOWL_R) -> None:
    """A bowl space's mark centred at (cx, cy): empty (dotted ring), A (disc), B (thick
    ring with a centre dot)."""
    box = (cx - r, cy - r, cx + r, cy + r)
    if side is None:
        _dotted_circle(draw, cx, cy, r)
    elif side == "A":
        draw.ellipse(box, fill=1)
    else:
        draw.ellipse(box, outline=1, width=1)
        draw.rectangle((cx - 1, cy - 1, cx + 1, cy + 1), fill=1)


def draw_small(draw: ImageDraw.ImageDraw, cx: int, cy: int, side: Side | None, h: int = JACK_HALF) -> None:
    """A jack space's (or a bowl in hand's) mark, (2h+1) px square: empty (corner
    dots), A (filled), B (frame with a centre dot)."""
    box = (cx - h, cy - h, cx + h, cy + h)
    if side is None:
        for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
            draw.point((x, y), fill=1)
    elif side == "A":
        draw.rectangle(box, fill=1)
    else:
        draw.rectangle(box, outline=1)
        draw.point((cx, cy), fill=1)


def draw_jack(draw: ImageDraw.ImageDraw, cx: int, cy: int) -> None:
    """The jack: a bold plus 7 px across, black-edged so it reads over its square."""
    draw.rectangle((cx - 4, cy - 2, cx + 4, cy + 2), fill=0)
    draw.rectangle((cx - 2, cy - 4, cx + 2, cy + 4), fill=0)
    draw.rectangle((cx - 3, cy - 1, cx + 3, cy + 1), fill=1)
    draw.rectangle((cx - 1, cy - 3, cx + 1, cy + 3), fill=1)


def _brackets(draw: ImageDraw.ImageDraw, cx: int, cy: int, r: int) -> None:
    """Corner brackets around (cx, cy) at ``r`` px: the declared target."""
    for sx in (-1, 1):
        for sy in (-1, 1):
            x, y = cx + sx * r, cy + sy * r
            draw.line((x, y, x - sx * 2, y), fill=1)
            draw.line((x, y, x, y - sy * 2), fill=1)


def draw_board(draw: ImageDraw.ImageDraw, box: Box, state: State, target: int | str | None = None,
               diagonal: frozenset[int] = frozenset()) -> None:
    """The 18 spaces with the bowls and the jack in ``box`` (module docstring)."""
    board = state.options.board
    pos = board_layout(board, box)
    for f in sorted(diagonal & board.forks):
        nxt = board.successor(f, True)
        (x0, y0), (x1, y1) = pos[f], pos[nxt] if nxt is not None else (pos[f][0] + 9, pos[f][1] + 9)
        d = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
        ux, uy = (x1 - x0) / d, (y1 - y0) / d
        a, b = BOWL_R + 1, BOWL_R + 4  # a stub just outside the circle, towards the diagonal
        draw.line((round(x0 + ux * a), round(y0 + uy * a), round(x0 + ux * b), round(y0 + uy * b)), fill=1, width=2)
    for n, (cx, cy) in pos.items():
        if n in JACK_SPACES:
            draw_small(draw, cx, cy, state.at(n))
        else:
            draw_bowl(draw, cx, cy, state.at(n))
    if state.jack is not None:
        draw_jack(draw, *pos[state.jack])
    if target == JACK and state.jack is not None:
        _brackets(draw, *pos[state.jack], 5)
    elif isinstance(target, int) and target in pos:
        _brackets(draw, *pos[target], BOWL_R + 2 if target not in JACK_SPACES else 4)


# --- dice ------------------------------------------------------------------------------

_PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}
DIE_PX = 10
"""A die face is this many px square."""


def draw_die(draw: ImageDraw.ImageDraw, x: int, y: int, value: int) -> Box:
    """A die face, :data:`DIE_PX` square from (x, y): a lit square with black pips
    (2x2 px on a 3x3 grid, a lit px between them) so it reads as a die, not a digit.

    :raises ValueError: ``value`` not 1..6.
    """
    if value not in _PIPS:
        raise ValueError(f"a die shows 1-6, not {value}")
    draw.rectangle((x, y, x + DIE_PX - 1, y + DIE_PX - 1), fill=1)
    for gx, gy in _PIPS[value]:
        px, py = x + 1 + gx * 3, y + 1 + gy * 3
        draw.rectangle((px, py, px + 1, py + 1), fill=0)
    return (x, y, x + DIE_PX, y + DIE_PX)


# --- screens ---------------------------------------------------------------------------


def _name(view: BoulomaniaView, side: Side) -> str:
    return view.names[0] if side == "A" else view.names[1]


def _scores(draw: ImageDraw.ImageDraw, box: Box, view: BoulomaniaView) -> None:
    state = view.state
    x0, y0, x1, y1 = box
    row_h = (y1 - y0) // 2
    for i, side in enumerate(SIDES):
        top = y0 + i * row_h
        mid = top + row_h // 2
        if state.to_play == side or (state.phase == "jack_roll" and state.starter == side):
            triangle(draw, (x0, mid - 4, x0 + 5, mid + 5), "right")
        draw_bowl(draw, x0 + 10, mid, side)
        draw_score(draw, (x0 + 16, top + 1, x1 - 12, top + row_h - 1), state.score[side],
                   max_height=row_h - 3, align="center")
        hand = state.hand[side]  # bowls still to throw: two columns of small marks
        for k in range(hand):
            col, row = k // 4, k % 4
            draw_small(draw, x1 - 9 + col * 5, top + 3 + row * 5, side, h=1)
    draw.line((x0 + 8, y0 + row_h, x1 - 2, y0 + row_h), fill=1)


def _last(draw: ImageDraw.ImageDraw, box: Box, view: BoulomaniaView) -> None:
    x0, y0, x1, y1 = box
    x = x0 + 1
    if view.last is None:
        text_in_box(draw, (x, y0, x1, y1), f"ROUND {view.state.round}", sizes=(fonts.TINY,), pad=1)
        return
    for v in view.last.values:
        draw_die(draw, x, y0 + (y1 - y0 - DIE_PX) // 2, v)
        x += DIE_PX + 2
    if view.last.text:
        box = (x + 1, y0, x1, y1)
        text = view.last.text
        font = fonts.text_font(fonts.TINY)
        if view.last.short and fonts.text_width(text, font) > box[2] - box[0] - 2:
            text = view.last.short
        text_in_box(draw, box, text, sizes=(fonts.TINY,), pad=1)


def _play(draw: ImageDraw.ImageDraw, view: BoulomaniaView, size: tuple[int, int]) -> None:
    w, h = size
    split = round(SCORE_COL * w / 128)
    top_h = h - BOTTOM_H - LAST_H
    draw_board(draw, (0, 0, split - 1, top_h), view.state, view.target, view.diagonal)
    # the round, in the board's free bottom-left corner (below space 7, left of 10)
    text_in_box(draw, (0, top_h - 10, 18, top_h), f"R{view.state.round}", sizes=(fonts.TINY,), pad=0)
    draw.line((split - 1, 0, split - 1, top_h - 2), fill=1)
    _scores(draw, (split + 1, 0, w, top_h), view)
    _last(draw, (0, top_h, w, top_h + LAST_H), view)
    box = (0, h - BOTTOM_H, w, h)
    if view.prompt is not None and view.prompt.kind != "refusal":  # a refusal has its box
        prompt_bar(draw, box, view.prompt)
    else:
        bar(draw, box, view.choice_line or "", inverse=False)


def _finished(draw: ImageDraw.ImageDraw, view: BoulomaniaView, size: tuple[int, int]) -> None:
    w, h = size
    state = view.state
    result = outcome(state)
    bar(draw, (0, 0, w, 12), "GAME OVER", inverse=True, sizes=(fonts.MEDIUM, fonts.SMALL))
    headline = f"{_name(view, result.winner)} WINS" if result and result.winner else "DRAW"
    big_h = (h - 12 - BOTTOM_H) // 2
    big = (0, 13, w, 13 + big_h)
    text_in_box(draw, big, headline, align="center", sizes=(22, 20, 18, 16, fonts.LARGE, fonts.MEDIUM))
    sy0, sy1 = big[3] + 1, h - BOTTOM_H - 1
    gap = 18
    dh = sy1 - sy0
    draw_score(draw, (14, sy0, w // 2 - gap // 2, sy1), state.score.A, max_height=dh, align="right")
    draw_score(draw, (w // 2 + gap // 2, sy0, w - 14, sy1), state.score.B, max_height=dh, align="left")
    draw_bowl(draw, 6, (sy0 + sy1) // 2, "A")
    draw_bowl(draw, w - 7, (sy0 + sy1) // 2, "B")
    dash_y = (sy0 + sy1) // 2 - 1
    draw.rectangle((w // 2 - 4, dash_y, w // 2 + 3, dash_y + 1), fill=1)
    box = (0, h - BOTTOM_H, w, h)
    if view.prompt is not None:
        prompt_bar(draw, box, view.prompt)
    else:
        bar(draw, box, "NEW: new game", inverse=False)


def describe(state: State) -> str:
    """A one-line summary for logs: ``"R2 A 5 B 3 jack 4 A to throw"``."""
    who = f"{state.to_play} to throw" if state.to_play else state.phase
    return f"R{state.round} A {state.score.A} B {state.score.B} jack {state.jack} {who}"


screen.register_prompted(BoulomaniaView, render)
