"""The Master Move screens around the game, laid out per panel: the coin toss (MM-28),
the result (MM-15, a forfeit MM-25) and the quit question (MM-25, MM-32)."""

from __future__ import annotations

from pitchside.render import fonts, widgets
from pitchside.render.fonts import Box
from pitchside.render.mastermove.score import LINE_SIZES, NAME_SIZES, side_ink
from pitchside.render.mastermove.view import MasterMoveView
from pitchside.core.rules import mastermove as rules
from pitchside.render.panel import DIM, INK, Canvas

HEAD_SIZES = (16, 14, 13, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY)
BIG_SIZES = (24, 22, 20, 18, 16, 14, 13, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY)


def _rows(c: Canvas) -> tuple[int, int]:
    """``(header height, bottom line height)`` in px for the panel."""
    h = c.height
    if h <= 32:
        return 10, 10
    if h >= 128:
        return 16, 14
    return 12, 12


def _header(c: Canvas, text: str, hh: int) -> None:
    widgets.paged_bar(c, (0, 0, c.width, hh), text, inverse=True, sizes=HEAD_SIZES)


def _bottom(c: Canvas, view: MasterMoveView, box: Box, default: str) -> None:
    if view.prompt is not None and view.prompt.kind != "refusal":
        widgets.prompt_line(c, box, view.prompt, LINE_SIZES)
    else:
        widgets.paged_text(c, box, default, align="center", sizes=LINE_SIZES)


def draw_toss(view: MasterMoveView, c: Canvas) -> None:
    """Both line-ups in: the names, and "PRESS COIN TO TOSS" (MM-28)."""
    w, h = c.size
    hh, bh = _rows(c)
    top = 0
    if h > 32:
        _header(c, "MASTER MOVE", hh)
        top = hh + 1
        if h - hh - bh >= 28:  # room for the settings line above the names
            widgets.paged_text(c, (0, top, w, top + 11), f"BOTH LINED UP  FIRST TO {rules.MOVES_TO_WIN}",
                               align="center", sizes=(fonts.SMALL, fonts.TINY), fill=DIM)
            top += 12
    names_box = (0, top, w, h - bh)
    lines = max(1, (names_box[3] - names_box[1]) // 10)
    widgets.paged_text(c, names_box, f"{view.name('A')} v {view.name('B')}", align="center", sizes=BIG_SIZES,
                       max_lines=min(3, lines))
    _bottom(c, view, (0, h - bh, w, h), "PRESS COIN TO TOSS")


def draw_finished(view: MasterMoveView, c: Canvas) -> None:
    """The result: the winner's name large, the final score, a forfeit said as such."""
    w, h = c.size
    state = view.state
    hh, bh = _rows(c)
    result = rules.outcome(state)
    winner = result.winner if result else None
    top = 0
    if h > 32:
        _header(c, "GAME OVER", hh)
        top = hh + 1
    score_h = max(12, (h - top - bh) * 2 // 5)
    head = (0, top, w, h - bh - score_h - 1)
    text = f"{view.name(winner)} WINS" if winner else "GAME OVER"
    widgets.paged_text(c, head, text, align="center", sizes=BIG_SIZES, fill=side_ink(winner) if winner else INK,
                       max_lines=max(1, (head[3] - head[1]) // 12))
    sy0, sy1 = head[3] + 1, h - bh - 1
    gap = 18
    dh = sy1 - sy0
    widgets.draw_score(c.draw, (0, sy0, w // 2 - gap // 2, sy1), state.score.A, max_height=dh, align="right",
                       fill=side_ink("A"))
    widgets.draw_score(c.draw, (w // 2 + gap // 2, sy0, w, sy1), state.score.B, max_height=dh, align="left",
                       fill=side_ink("B"))
    dash_y = (sy0 + sy1) // 2 - 1
    c.draw.rectangle((w // 2 - 4, dash_y, w // 2 + 3, dash_y + 1), fill=INK)
    default = f"{view.name(state.forfeit)} quit: forfeit" if state.forfeit else "NEW: new game"
    _bottom(c, view, (0, h - bh, w, h), default)


def quit_question(view: MasterMoveView) -> tuple[str, str, str, str]:
    """The words of the quit question (:func:`draw_confirm_quit`): its title, who would
    lose 0-3, and how to answer."""
    side = view.confirm_quit or "A"
    return ("QUIT: FORFEIT?", f"{view.name(side)} loses 0-3", "DONE: yes, quit", "UNDO: no  + -: side")


def draw_confirm_quit(view: MasterMoveView, c: Canvas) -> None:
    """The question a panel quit asks before it is sent (MM-25, MM-32): who would lose
    0-3, and how to answer; every line whole (paged where the panel is small)."""
    w, h = c.size
    hh, bh = _rows(c)
    side = view.confirm_quit or "A"
    title, *rest = quit_question(view)
    _header(c, title, hh)
    lines = tuple(rest)
    if h <= 48:  # one page of the question at a time under the title
        text = "  ".join(lines)
        widgets.paged_text(c, (0, hh + 1, w, h), text, align="center", sizes=LINE_SIZES,
                           max_lines=max(1, (h - hh - 1) // 10))
        return
    body = (hh + 1, h)
    row = (body[1] - body[0]) // len(lines)
    for i, line in enumerate(lines):
        box = (0, body[0] + i * row, w, body[0] + (i + 1) * row)
        widgets.paged_text(c, box, line, align="center", sizes=LINE_SIZES, fill=side_ink(side) if i == 0 else INK)
