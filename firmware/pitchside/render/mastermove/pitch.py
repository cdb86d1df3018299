"""The Master Move pitch map: 16 x 9 squares, column 1 on the left, row A at the top
(docs/rules/mastermove.md, MM-01..MM-04), as big as each panel
layout lets it be.

Square sizes in px by layout (:data:`CELLS`): 128x128 7 (the board's natural panel: a
113 x 64 px map over the score), 256x64 7 (the map's full height, the text beside it),
128x64 5 (81 x 46 px, the text beside and below), 96x48 4, 128x32 3 (49 x 28 px).
"""

from __future__ import annotations

from PIL import ImageDraw

from pitchside.core.rules import mastermove as rules
from pitchside.core.rules.mastermove.board import GOALS, col_of, make_pitch, row_of
from pitchside.render.fonts import Box
from pitchside.render.panel import DIM, INK, PAPER, SIDE_A, SIDE_B, LayoutName

COLS, ROWS = 16, 9
CELL = 5
"""Square size in px at the design size 128x64."""
CELLS: dict[LayoutName, int] = {"standard": 5, "reduced": 3, "wide": 7, "tall": 7, "small": 4}
"""Square size in px per layout."""


def map_size(cell: int) -> tuple[int, int]:
    """The map's (width, height) in px for squares of ``cell`` px: the squares and the
    1 px frame (5 -> 81 x 46)."""
    return COLS * cell + 1, ROWS * cell + 1


def piece_size(cell: int) -> int:
    """The side in px of a piece's block inside a square of ``cell`` px (3 -> 2,
    4 and 5 -> 3, 7 -> 5): at least 1 px clear of the next square's."""
    return cell - 1 - (cell >= 5)


def draw_pitch(draw: ImageDraw.ImageDraw, x0: int, y0: int, board: rules.Board, options: rules.Options,
               cell: int = CELL, cursor: int | None = None, pick: int | None = None) -> Box:
    """The pitch map with its top-left corner at (``x0``, ``y0``) on a canvas of inks;
    returns its box.

    A's pieces are solid blocks (:data:`SIDE_A`); B's are hollow rings (:data:`SIDE_B`)
    where a piece is 4 px or more, a cross (its corners and centre: a block with its
    edges' middles dark, told from A's solid one on the 128x64 panel's 3 px pieces) at
    3 px, two diagonal dots at 2; the goal mouths are gaps in the goal lines; the
    white-area squares have two dim dots and the centre line is dotted dim
    (:data:`DIM`). A move being entered: the ``pick`` square (the piece chosen) framed,
    the ``cursor`` square (where it goes) inverted, and a dotted line between their
    centres, so the piece and its target read as one move.
    """
    pitch = make_pitch(options.white_area, options.grass)
    w, h = map_size(cell)
    draw.rectangle((x0, y0, x0 + w - 1, y0 + h - 1), outline=INK)
    cx = x0 + 8 * cell
    for y in range(y0 + 2, y0 + h - 1, 2):
        draw.point((cx, y), fill=DIM)
    size = piece_size(cell)
    if pick is not None and cursor is not None and pick != cursor:
        _move_line(draw, x0, y0, cell, pick, cursor)
    for sq in range(COLS * ROWS):
        r, c = row_of(sq), col_of(sq)
        sx, sy = x0 + (c - 1) * cell, y0 + r * cell
        on_cursor = cursor == sq
        if on_cursor:
            draw.rectangle((sx, sy, sx + cell, sy + cell), fill=INK)
        elif pick == sq:
            draw.rectangle((sx, sy, sx + cell, sy + cell), outline=INK)
        if sq in GOALS.A or sq in GOALS.B:  # the goal mouth: a gap in the goal line
            gx = sx if sq in GOALS.A else sx + cell
            draw.line((gx, sy + 1, gx, sy + cell - 1), fill=PAPER)
        if sq in pitch.white and not on_cursor:
            draw.point((sx + 2, sy + 2), fill=DIM)
            draw.point((sx + cell - 2, sy + cell - 2), fill=DIM)
        piece = board.get(sq)
        if piece is None:
            continue
        box = (sx + 1, sy + 1, sx + size, sy + size)
        if piece.side == "A":
            draw.rectangle(box, fill=PAPER if on_cursor else SIDE_A)
        elif size <= 2:
            draw.point([(sx + 1, sy + 1), (sx + 2, sy + 2)], fill=PAPER if on_cursor else SIDE_B)
        elif size == 3:
            draw.rectangle(box, fill=INK if on_cursor else PAPER)
            draw.point([(sx + 1, sy + 1), (sx + 3, sy + 1), (sx + 2, sy + 2), (sx + 1, sy + 3), (sx + 3, sy + 3)],
                       fill=PAPER if on_cursor else SIDE_B)
        else:
            draw.rectangle(box, outline=PAPER if on_cursor else SIDE_B, fill=INK if on_cursor else PAPER)
    return (x0, y0, x0 + w, y0 + h)


def _move_line(draw: ImageDraw.ImageDraw, x0: int, y0: int, cell: int, pick: int, cursor: int) -> None:
    """Dots every other px from the centre of the ``pick`` square to the ``cursor``'s
    (the pieces drawn after it cover their own squares)."""
    def centre(sq: int) -> tuple[int, int]:
        return x0 + (col_of(sq) - 1) * cell + (cell + 1) // 2, y0 + row_of(sq) * cell + (cell + 1) // 2

    (ax, ay), (bx, by) = centre(pick), centre(cursor)
    steps = max(abs(bx - ax), abs(by - ay))
    for i in range(0, steps + 1, 2):
        draw.point((ax + round((bx - ax) * i / steps), ay + round((by - ay) * i / steps)), fill=INK)
