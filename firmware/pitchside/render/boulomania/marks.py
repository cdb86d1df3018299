"""The Boulomania board and its marks, drawn in inks on a canvas
(:mod:`pitchside.render.panel`): side A's marks in :data:`~pitchside.render.panel.SIDE_A`,
side B's in :data:`~pitchside.render.panel.SIDE_B`, empty spaces in
:data:`~pitchside.render.panel.DIM` (all lit on a mode "1" panel).

The 18 spaces are drawn where the board data puts them
(:mod:`pitchside.core.boards.boulomania`, BM-BOARD), turned a quarter so the direction
of play runs left to right (space 7 at the left edge, 18 at the right). Bowl spaces 7-18
are circles: empty a dotted ring, side A's bowl a filled disc, side B's a thick ring with
a dot. The six jack spaces are small squares (the jack block drawn 1.5 times its size
about its centre so they can be told apart): empty four corner dots, a bowl the A or B
mark in small, the jack a bold ``+`` over its space. The target of a declared shot has
corner brackets around it; a fork declared diagonal has a stub pointing the way its
bowl would go.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from pitchside.core.boards.boulomania import JACK_SPACES, Board
from pitchside.core.rules.boulomania import JACK, State
from pitchside.core.sides import Side
from pitchside.render.fonts import Box
from pitchside.render.panel import DIM, INK, PAPER, SIDE_A, SIDE_B

BOWL_R = 4
"""Radius in px of a bowl space's circle on the 128 px wide layouts."""
JACK_HALF = 2
"""Half the side in px of a jack space's square (5 px squares)."""
JACK_BLOCK_ZOOM = 1.5
"""The jack block is drawn this many times its size about its centre."""


def side_ink(side: Side) -> int:
    """The ink of ``side``'s marks and name."""
    return SIDE_A if side == "A" else SIDE_B


def board_layout(board: Board, box: Box, r: int = BOWL_R) -> dict[int, tuple[int, int]]:
    """Screen centre (x, y) in px of every space 1..18 inside ``box``: the board's
    coordinates turned a quarter (the direction of play, board y, runs left to right;
    board x runs top to bottom), scaled to fit with ``r`` px of room for the circles,
    the jack block zoomed by :data:`JACK_BLOCK_ZOOM` about its centre."""
    coords = dict(board.coords)
    jx = sum(coords[j][0] for j in JACK_SPACES) / len(JACK_SPACES)
    jy = sum(coords[j][1] for j in JACK_SPACES) / len(JACK_SPACES)
    for j in JACK_SPACES:
        x, y = coords[j]
        coords[j] = (jx + (x - jx) * JACK_BLOCK_ZOOM, jy + (y - jy) * JACK_BLOCK_ZOOM)
    xs = [c[0] for c in coords.values()]
    ys = [c[1] for c in coords.values()]
    x0, y0, x1, y1 = box
    s = min((x1 - x0 - 1 - 2 * r) / (max(ys) - min(ys)), (y1 - y0 - 1 - 2 * r) / (max(xs) - min(xs)))
    width = (max(ys) - min(ys)) * s
    height = (max(xs) - min(xs)) * s
    ox = x0 + r + (x1 - x0 - 1 - 2 * r - width) / 2
    oy = y0 + r + (y1 - y0 - 1 - 2 * r - height) / 2
    return {n: (round(ox + (y - min(ys)) * s), round(oy + (x - min(xs)) * s)) for n, (x, y) in coords.items()}


def _dotted_circle(draw: ImageDraw.ImageDraw, cx: int, cy: int, r: int, fill: int) -> None:
    scratch = Image.new("1", (2 * r + 1, 2 * r + 1), 0)
    ImageDraw.Draw(scratch).ellipse((0, 0, 2 * r, 2 * r), outline=1)
    for yy in range(2 * r + 1):
        for xx in range(2 * r + 1):
            if scratch.getpixel((xx, yy)) and (xx + yy) % 2 == 0:
                draw.point((cx - r + xx, cy - r + yy), fill=fill)


def draw_bowl(draw: ImageDraw.ImageDraw, cx: int, cy: int, side: Side | None, r: int = BOWL_R) -> None:
    """A bowl space's mark centred at (cx, cy), ``r`` px radius: empty (dotted ring,
    dim), A (disc), B (thick ring with a centre dot), in the side's ink."""
    box = (cx - r, cy - r, cx + r, cy + r)
    if side is None:
        _dotted_circle(draw, cx, cy, r, DIM)
    elif side == "A":
        draw.ellipse(box, fill=SIDE_A)
    else:
        draw.ellipse(box, outline=SIDE_B, width=max(1, r // 4))
        d = max(1, r // 4)
        draw.rectangle((cx - d, cy - d, cx + d, cy + d), fill=SIDE_B)


def draw_small(draw: ImageDraw.ImageDraw, cx: int, cy: int, side: Side | None, h: int = JACK_HALF) -> None:
    """A jack space's (or a bowl in hand's) mark, (2h+1) px square: empty (corner
    dots, dim), A (filled), B (frame with a centre dot), in the side's ink."""
    box = (cx - h, cy - h, cx + h, cy + h)
    if side is None:
        for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
            draw.point((x, y), fill=DIM)
    elif side == "A":
        draw.rectangle(box, fill=SIDE_A)
    else:
        draw.rectangle(box, outline=SIDE_B)
        draw.point((cx, cy), fill=SIDE_B)


def draw_jack(draw: ImageDraw.ImageDraw, cx: int, cy: int, k: int = 1) -> None:
    """The jack: a bold plus ``7k`` px across, black-edged so it reads over its square."""
    draw.rectangle((cx - 4 * k, cy - 2 * k, cx + 4 * k, cy + 2 * k), fill=PAPER)
    draw.rectangle((cx - 2 * k, cy - 4 * k, cx + 2 * k, cy + 4 * k), fill=PAPER)
    draw.rectangle((cx - 3 * k, cy - k, cx + 3 * k, cy + k), fill=INK)
    draw.rectangle((cx - k, cy - 3 * k, cx + k, cy + 3 * k), fill=INK)


def _brackets(draw: ImageDraw.ImageDraw, cx: int, cy: int, r: int) -> None:
    """Corner brackets around (cx, cy) at ``r`` px: the declared target."""
    for sx in (-1, 1):
        for sy in (-1, 1):
            x, y = cx + sx * r, cy + sy * r
            draw.line((x, y, x - sx * 2, y), fill=INK)
            draw.line((x, y, x, y - sy * 2), fill=INK)


def draw_board(draw: ImageDraw.ImageDraw, box: Box, state: State, target: int | str | None = None,
               diagonal: frozenset[int] = frozenset(), r: int = BOWL_R) -> None:
    """The 18 spaces with the bowls and the jack in ``box`` (module docstring), bowl
    circles ``r`` px in radius (the jack spaces and the jack grow with it)."""
    board = state.options.board
    pos = board_layout(board, box, r)
    k = max(1, r // BOWL_R)
    h = JACK_HALF * k
    for f in sorted(diagonal & board.forks):
        nxt = board.successor(f, True)
        (x0, y0), (x1, y1) = pos[f], pos[nxt] if nxt is not None else (pos[f][0] + 9, pos[f][1] + 9)
        d = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
        ux, uy = (x1 - x0) / d, (y1 - y0) / d
        a, b = r + 1, r + 4  # a stub just outside the circle, towards the diagonal
        draw.line((round(x0 + ux * a), round(y0 + uy * a), round(x0 + ux * b), round(y0 + uy * b)), fill=INK,
                  width=2)
    for n, (cx, cy) in pos.items():
        if n in JACK_SPACES:
            draw_small(draw, cx, cy, state.at(n), h)
        else:
            draw_bowl(draw, cx, cy, state.at(n), r)
    if state.jack is not None:
        draw_jack(draw, *pos[state.jack], k)
    if target == JACK and state.jack is not None:
        _brackets(draw, *pos[state.jack], 5 * k)
    elif isinstance(target, int) and target in pos:
        _brackets(draw, *pos[target], r + 2 if target not in JACK_SPACES else 4 * k)


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
"""A die face's size in px unless told (:func:`draw_die`)."""


def draw_die(draw: ImageDraw.ImageDraw, x: int, y: int, value: int, fill: int = INK, px: int = DIE_PX) -> Box:
    """A die face, ``px`` square from (x, y): a lit square with black pips on a 3x3
    grid, a lit px between them, so it reads as a die, not a digit: 2x2 px pips at
    :data:`DIE_PX` (10), 1 px ones on a smaller face (7 px: one controller page, the
    128x64 last-roll line).

    :raises ValueError: ``value`` not 1..6, or ``px`` under 7 (no room for the grid).
    """
    if value not in _PIPS:
        raise ValueError(f"a die shows 1-6, not {value}")
    if px < 7:
        raise ValueError(f"a die face needs 7 px for its pips, not {px}")
    draw.rectangle((x, y, x + px - 1, y + px - 1), fill=fill)
    pip, step = (2, 3) if px >= 10 else (1, 2)
    for gx, gy in _PIPS[value]:
        qx, qy = x + 1 + gx * step, y + 1 + gy * step
        draw.rectangle((qx, qy, qx + pip - 1, qy + pip - 1), fill=PAPER)
    return (x, y, x + px, y + px)
