"""The Master Move board screen: the pitch map (:mod:`.pitch`) while line-ups are set
(MM-05, MM-19) and while a piece is picked on the buttons (a move, MM-06..MM-14, or a
change, MM-21), laid out per panel with the map as big as each layout allows.

Beside the map (below it on the 128x128 panel): what is being done (``LINE-UP``, the
side to move, ``CHANGE`` and the score), then the piece under the cursor and its squares
(``"runner"``, ``"D12>D16"``); the bottom line: the prompt, else what the buttons do.
Where no text fits beside the map (a 96 px wide panel) the map is centred and the bottom
line says what the side text would have said first.
"""

from __future__ import annotations

from pitchside.render import fonts, widgets
from pitchside.render.fonts import Box
from pitchside.render.mastermove.pitch import CELLS, draw_pitch, map_size
from pitchside.render.mastermove.score import LINE_SIZES, NAME_SIZES, side_ink
from pitchside.render.mastermove.view import MasterMoveView
from pitchside.render.panel import INK, Canvas

TEXT_SIZES = (14, 13, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY)


def board_layout(c: Canvas) -> tuple[int, int, int, list[Box], Box]:
    """``(cell, x0, y0, side boxes, bottom box)`` of the board screen on ``c``'s panel:
    the map's square size and top-left corner, the boxes of the side text lines (empty:
    no side text) and the bottom line."""
    w, h = c.size
    layout = c.layout
    cell = CELLS[layout]
    mw, mh = map_size(cell)
    if layout == "tall":
        x0 = (w - mw) // 2
        rows = [(0, mh + 1, w, mh + 16), (0, mh + 17, w, mh + 35)]
        return cell, x0, 0, rows, (0, mh + 36, w, h)
    if layout == "small":
        return cell, (w - mw) // 2, 0, [], (0, mh, w, h)
    if layout == "reduced":
        x = mw + 2
        return cell, 0, (h - mh) // 2, [(x, 0, w, 11), (x, 11, w, 21)], (x, 21, w, h)
    if layout == "wide":
        x = mw + 3
        return cell, 0, 0, [(x, 0, w, 15), (x, 16, w, 34)], (x, 35, w, h)
    x = mw  # standard 128x64: four lines beside the map, the bottom line under it
    return cell, 0, 0, [(x, 0, w, 11), (x, 12, w, 23), (x, 24, w, 35), (x, 36, w, mh)], (0, mh + 1, w, h)


def side_lines(view: MasterMoveView) -> list[tuple[str, bool, int]]:
    """The side text, ``(text, inverse, ink)`` in order of need."""
    state = view.state
    if state.phase == "lineup":
        side = view.lining or "A"
        lines = [("LINE-UP", True, INK), (view.name(side), False, side_ink(side))]
    elif state.phase == "changes":
        lines = [("CHANGE", True, INK), (f"{state.score.A}-{state.score.B}", False, INK)]
    else:
        side = state.to_move or "A"
        lines = [(view.name(side), True, side_ink(side)), ("TO MOVE", False, INK)]
    if view.entry is not None and view.entry.line:
        squares, _, kind = view.entry.line.partition(" ")
        lines += [(kind, False, INK), (squares, False, INK)]
    return lines


def bottom_default(view: MasterMoveView, side_text: bool) -> str:
    """The bottom line with no prompt: what the buttons do, or (no side text) the side
    text's essential."""
    state = view.state
    if not side_text:
        if view.entry is not None and view.entry.line:
            return view.entry.line
        if state.phase == "lineup":
            return f"LINE-UP {view.name(view.lining or 'A')}"
        if state.phase == "changes":
            return f"CHANGE {state.score.A}-{state.score.B}: DONE"
        return f"{view.name(state.to_move or 'A')} TO MOVE"
    if view.entry is not None:
        return "+ - NEXT: move  DONE: OK"
    if state.phase == "lineup":
        return "DONE: send, + -: edit"
    return "+ - NEXT  DONE: OK"


def draw_board_screen(view: MasterMoveView, c: Canvas) -> None:
    """The board screen of ``view`` on ``c`` (module docstring)."""
    cell, x0, y0, boxes, bottom = board_layout(c)
    entry = view.entry
    draw_pitch(c.draw, x0, y0, view.board, view.state.options, cell,
               cursor=entry.cursor if entry else None, pick=entry.pick if entry else None)
    lines = side_lines(view)
    if 0 < len(boxes) < len(lines):  # fewer rows: the piece and its squares on one line
        piece = [(f"{lines[3][0]} {lines[2][0]}", False, INK)] if len(lines) == 4 else []
        lines = lines[: len(boxes) - len(piece)] + piece
    for box, (text, inverse, ink) in zip(boxes, lines):
        if inverse:
            c.draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=ink)
        widgets.paged_text(c, box, text, align="center", sizes=NAME_SIZES if inverse else TEXT_SIZES,
                           fill=0 if inverse else ink, pad=1)
    if view.prompt is not None and view.prompt.kind != "refusal":
        widgets.prompt_line(c, bottom, view.prompt, LINE_SIZES)
    else:
        widgets.paged_text(c, bottom, bottom_default(view, bool(boxes)), align="center", sizes=LINE_SIZES)
