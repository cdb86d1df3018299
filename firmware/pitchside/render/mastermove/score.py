"""The Master Move score screen (phases ``play`` and ``changes``), laid out per panel.

One layout for both phases, so a Move! (the only score change, MM-16) redraws the
scorer's digit, the two small turn arrows and the bottom line and leaves the rest alone
(one controller page): each side's name at the top (A left, B right; side colours on a
colour panel) with a small arrow at the outer edge beside the side to move (after a
Move!, the side that restarts, MM-23); the score in Moves in seven-segment digits as
tall as the layout allows; under each the Moves it still needs (MM-15); the bottom
line: the prompt, else the last move (play) or who restarts (changes). On the 128x128
panel the pitch map (:mod:`.pitch`) fills the top half and the score sits under it.

On the 128x64 panel (SSD1306/SH1106, 8-px controller pages) each row that changes on a
move keeps its capitals in one page, so the partial-update device sends one page of it:
the arrows in page 0, the digits (27 px) in pages 1-4, "N TO WIN" in page 5, the bottom
line's capitals in page 6 at every size, an info prompt's too (their bottom row on the
page's last, :mod:`pitchside.render.page_line`; descenders under them, page 7). A Move!
then sends about 22 % of a full frame (tests/render/test_mastermove_bus_bytes.py, and
from the last move to the restart info, tests/bench/test_mastermove_bus.py), where the
bottom line astride pages 6 and 7 and the digits over five pages cost 33-38 %.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.core.sides import SIDES, PerSide, Side
from pitchside.render import fonts, widgets
from pitchside.render.fonts import Box
from pitchside.render.mastermove.pitch import CELLS, draw_pitch, map_size
from pitchside.render.mastermove.view import MasterMoveView
from pitchside.render.page_line import page_line
from pitchside.render.panel import DIM, INK, SIDE_A, SIDE_B, Canvas
from pitchside.render.widgets import Align

NAME_SIZES = (16, 14, 13, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY)
"""Font sizes in px a name is tried at, largest first (paged below the smallest)."""
LINE_SIZES = (14, 13, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY)
"""Font sizes in px of the bottom line, largest first."""
PAGE_LINE_SIZES = (fonts.MEDIUM, fonts.SMALL, fonts.TINY)
"""The bottom line's sizes on the 128x64 panel: those whose capitals (8 px and less)
fit one controller page."""
LAST_SIZES = (fonts.SMALL, fonts.TINY)
"""Font sizes in px of the last move, left-aligned: one size for most moves, so the
line's start stays put from one move to the next (fewer bytes on the bus)."""


@dataclass(frozen=True, slots=True)
class ScoreLayout:
    """Where the score screen puts each part on one panel layout (boxes in px)."""

    names: PerSide[Box]
    name_lines: int
    arrows: PerSide[Box]
    digits: PerSide[Box]
    info: PerSide[Box] | None
    bottom: Box
    divider: tuple[int, int, int] | None
    """x, y0, y1 of the line between the halves (None: none)."""
    board: tuple[int, int] | None = None
    """Top-left corner of the pitch map (the 128x128 panel), or None."""
    line_sizes: tuple[int, ...] = LINE_SIZES
    """Font sizes in px of the bottom line's prompt and centred texts, largest first."""
    line_page_end: int | None = None
    """The row where the controller page holding the bottom line's capitals ends (their
    bottom row is the one above it, at every size: :func:`pitchside.render.page_line.page_line`),
    or None: the line centred in its box."""


def _mirror(w: int, box: Box) -> Box:
    x0, y0, x1, y1 = box
    return (w - x1, y0, w - x0, y1)


def _layout(w: int, h: int, names: Box, arrow: Box, digits: Box, info: Box | None, bottom: Box,
            name_lines: int = 1, divider: tuple[int, int, int] | None = None,
            board: tuple[int, int] | None = None, line_sizes: tuple[int, ...] = LINE_SIZES,
            line_page_end: int | None = None) -> ScoreLayout:
    """A layout from side A's boxes (B's mirror them)."""
    return ScoreLayout(
        names=PerSide(names, _mirror(w, names)), name_lines=name_lines,
        arrows=PerSide(arrow, _mirror(w, arrow)), digits=PerSide(digits, _mirror(w, digits)),
        info=None if info is None else PerSide(info, _mirror(w, info)), bottom=bottom, divider=divider,
        board=board, line_sizes=line_sizes, line_page_end=line_page_end)


def score_layout(c: Canvas) -> ScoreLayout:
    """The score screen's layout for the canvas's panel (module docstring)."""
    w, h = c.size
    name = c.layout
    if name == "reduced":  # 128x32: names beside the digits, the prompt line under them
        return _layout(w, h, (6, 0, 44, 22), (0, 5, 5, 13), (44, 1, 58, 22), None, (0, 22, w, h), name_lines=2)
    if name == "wide":  # 256x64: names beside tall digits
        return _layout(w, h, (8, 0, 92, 42), (0, 15, 6, 27), (94, 2, 118, 42), (0, 43, w // 2, 53),
                       (0, 53, w, h), name_lines=2)
    if name == "tall":  # 128x128: the pitch map above, the score below
        cell = CELLS["tall"]
        mw, mh = map_size(cell)
        return _layout(w, h, (6, mh + 1, 62, mh + 15), (0, mh + 4, 5, mh + 12), (8, mh + 16, 60, h - 21),
                       (0, h - 21, w // 2, h - 12), (0, h - 12, w, h), divider=(w // 2, mh + 16, h - 22),
                       board=((w - mw) // 2, 0))
    if name == "small":  # 96x48
        return _layout(w, h, (5, 0, 46, 11), (0, 2, 4, 9), (6, 12, 44, 36), None, (0, 37, w, h),
                       divider=(w // 2, 13, 35))
    # 128x64: each changing row's capitals in one controller page (module docstring)
    return _layout(w, h, (6, 0, 62, 12), (0, 1, 5, 8), (8, 12, 60, 39), (0, 40, w // 2, 49), (0, 47, w, 59),
                   divider=(w // 2, 14, 45), line_sizes=PAGE_LINE_SIZES, line_page_end=56)


def side_ink(side: Side) -> int:
    """The ink of a side's name and digits (its colour on a colour panel)."""
    return SIDE_A if side == "A" else SIDE_B


def draw_score_screen(view: MasterMoveView, c: Canvas) -> None:
    """The score screen of ``view`` (phase ``play`` or ``changes``) on ``c``."""
    lay = score_layout(c)
    state = view.state
    marked = state.to_move if state.phase == "play" else state.restarting
    if lay.board is not None:
        draw_pitch(c.draw, lay.board[0], lay.board[1], view.board, state.options, CELLS[c.layout])
    for side in SIDES:
        ink = side_ink(side)
        widgets.paged_text(c, lay.names[side], view.name(side), align="center", sizes=NAME_SIZES, fill=ink,
                           pad=0, max_lines=lay.name_lines)
        if marked == side:
            widgets.triangle(c.draw, lay.arrows[side], "right" if side == "A" else "left", fill=INK)
        box = lay.digits[side]
        widgets.draw_score(c.draw, box, state.score[side], max_height=box[3] - box[1], fill=ink)
        if lay.info is not None:
            widgets.paged_text(c, lay.info[side], f"{view.needs(side)} TO WIN", align="center",
                               sizes=(fonts.SMALL, fonts.TINY), fill=DIM, pad=0)
    if lay.divider is not None:
        x, y0, y1 = lay.divider
        c.draw.line((x, y0, x, y1), fill=DIM)
    else:  # digits near the middle: a dash between them, so 1 0 never reads as 10
        a, b = lay.digits.A, lay.digits.B
        y = (a[1] + a[3]) // 2 - 1
        c.draw.rectangle((a[2] + 2, y, b[0] - 3, y + 1), fill=INK)
    prompt = view.prompt
    if prompt is not None and prompt.kind != "refusal" and (prompt.kind != "info" or lay.line_page_end is None):
        x0, y0, x1, y1 = lay.bottom  # a warning's inverse bar clear of the row above a paged line's box
        widgets.prompt_line(c, (x0, y0 + (lay.line_page_end is not None), x1, y1), prompt, lay.line_sizes)
        return
    if prompt is not None and prompt.kind == "info":
        _line(c, lay, prompt.text, align="center", sizes=lay.line_sizes, pad=2)  # as prompt_line's
    elif state.phase == "changes":
        _line(c, lay, f"DONE: {view.name(state.restarting or 'A')} restarts", align="center", sizes=lay.line_sizes)
    elif view.last_move:  # left-aligned at one size: its start stays put from move to move
        _line(c, lay, f"LAST {view.last_move}", align="left", sizes=LAST_SIZES, fill=DIM)
    else:
        _line(c, lay, f"{view.name(state.to_move or 'A')} kicks off", align="center", sizes=lay.line_sizes)


def _line(c: Canvas, lay: ScoreLayout, text: str, *, align: Align, sizes: tuple[int, ...], fill: int = INK,
          pad: int = 1) -> None:
    """The bottom line's text: in one controller page where the layout says so."""
    if lay.line_page_end is None:
        widgets.paged_text(c, lay.bottom, text, align=align, sizes=sizes, fill=fill, pad=pad)
    else:
        page_line(c, lay.bottom, text, page_end=lay.line_page_end, align=align, sizes=sizes, fill=fill, pad=pad)
