"""The Pitch Bowl screens before and after the drives: the toss, the coin spinning, the
toss winner's choice (PB-02), the placement checklist (PB-03, PB-04), the kick-off
(PB-05, PB-06) and the result (PB-30); laid out on a canvas for its panel."""

from __future__ import annotations

import math

from pitchside.core.rules.pitchbowl import State, outcome
from pitchside.core.sides import Side
from pitchside.render import fonts
from pitchside.render.fonts import Box
from pitchside.render.panel import DIM, INK, PAPER, Canvas
from pitchside.render.pitchbowl.view import PitchBowlView, bottom, frame_of, side_ink, title_bar
from pitchside.render.widgets import draw_score, paged_text

BIG = (24, 20, 18, 16, 14, 12, 11, 10, 9)
"""Font sizes in px of a headline (names, the winner), largest first."""
CHOICE = (16, 14, 12, 11, 10, 9)
"""Font sizes in px of an option box's label."""


def score_text(state: State) -> str:
    return f"{state.score.A}-{state.score.B}"


def body(c: Canvas) -> tuple[int, int]:
    """The rows (y0, y1 exclusive) between the title bar and the bottom line."""
    fr = frame_of(c)
    return fr.header + 1, fr.bottom[0] - 1


def toss(c: Canvas, view: PitchBowlView) -> None:
    """The names, the goal and the options; while the coin spins, the coin."""
    w = c.width
    top, bot = body(c)
    if view.spin:
        if c.layout != "reduced":
            title_bar(c, "COIN TOSS")
        else:
            top = 1
        cy, r = (top + bot) // 2, (bot - top) // 2
        half_w = max(1, round(r * abs(math.cos(view.spin * math.pi / 5))))  # edge-on at frame 3
        cx = w // 2
        c.draw.ellipse((cx - half_w, cy - r, cx + half_w, cy + r), fill=INK)
        if half_w > 4:
            c.draw.ellipse((cx - half_w + 3, cy - r + 3, cx + half_w - 3, cy + r - 3), fill=PAPER, outline=INK)
        bottom(c, view, "TOSSING" + "." * (1 + view.spin % 3))
        return
    names = f"{view.name('A')}  v  {view.name('B')}"
    if c.layout == "reduced":
        paged_text(c, (0, 0, w, bot), names, align="center", sizes=(16, 14, 12, 11, 10, 9))
        bottom(c, view)
        return
    title_bar(c, "PITCH BOWL")
    if c.layout == "small":  # 96x48 (no driver of ours): the names only
        paged_text(c, (0, top, w, bot), names, align="center", sizes=BIG, max_lines=2)
        bottom(c, view)
        return
    line = 12 if c.layout == "tall" else 10
    paged_text(c, (0, top, w, top + line), "FIRST TO 3 TOUCHDOWNS", align="center", sizes=(11, 10, 9), fill=DIM)
    top += line + 1
    if view.state.options.defensive_placement:
        bot -= line
        paged_text(c, (0, bot, w, bot + line), "DEF. PLACEMENT ON", align="center", sizes=(10, 9), fill=DIM)
    paged_text(c, (0, top, w, bot), names, align="center", sizes=BIG, max_lines=3)
    bottom(c, view)


def _choice_boxes(c: Canvas, box: Box, labels: tuple[str, str], selected: int | None, split: float = 0.5) -> None:
    """Two options side by side (the first ``split`` of the width to the first), the
    ``selected`` one (0 or 1) in inverse video, the other framed; a label wraps onto
    two lines where the box is tall enough."""
    x0, y0, x1, y1 = box
    mid = x0 + round((x1 - x0) * split)
    for i, label in enumerate(labels):
        bx0, bx1 = (x0 + 1, mid - 1) if i == 0 else (mid + 1, x1 - 1)
        on = selected == i
        c.draw.rectangle((bx0, y0, bx1 - 1, y1 - 1), fill=INK if on else PAPER, outline=INK)
        inner = bx1 - bx0 - 4
        whole = tuple(s for s in CHOICE if all(fonts.text_width(word, fonts.text_font(s)) <= inner
                                               for word in label.split())) or CHOICE[-1:]  # no word broken
        paged_text(c, (bx0 + 1, y0 + 1, bx1 - 1, y1 - 1), label, align="center", fill=PAPER if on else INK,
                   sizes=whole, pad=1, max_lines=2)


def _title_and_boxes(c: Canvas, header: str, title: str, ink: int, right: str) -> Box:
    """The title bar (``header``, ``right`` at its end), the screen's ``title`` in
    ``ink``; :returns: the option boxes' box."""
    w = c.width
    top, bot = body(c)
    if c.layout == "reduced":
        paged_text(c, (0, 0, w - 30, 10), title, sizes=(9,), fill=ink, pad=1)
        if right:
            paged_text(c, (w - 30, 0, w, 10), right.replace("-", " - "), align="right", sizes=(9,), pad=1)
        return (0, 10, w, bot + 1)
    title_bar(c, header, right)
    split = top + max(11, (bot - top) * 2 // 5)
    paged_text(c, (0, top, w, split), title, align="center", sizes=(20, 16, 14, 12, 11, 10, 9), fill=ink)
    return (0, split + 1, w, bot)


def choose(c: Canvas, view: PitchBowlView) -> None:
    winner: Side = view.state.toss_winner or "A"
    box = _title_and_boxes(c, "COIN TOSS", f"{view.name(winner)} WON THE TOSS", side_ink(winner), "")
    selected = None if view.choice is None else (0 if view.choice == "kick" else 1)
    _choice_boxes(c, box, ("+ KICK", "- RECEIVE"), selected)
    bottom(c, view, "OK: CONFIRM" if view.choice else "")


def placement(c: Canvas, view: PitchBowlView) -> None:
    """The PB-04 checklist in two columns of (label value) cells, the cursor's in
    inverse video; the last cell says the placer's role (PB-03). On the 128x32 panel
    the cell under the cursor only, with its place in the list."""
    w = c.width
    state = view.state
    defender = state.phase == "place_defender"
    kicker = state.kicker or "A"
    placer: Side = kicker if defender else ("B" if kicker == "A" else "A")
    cells = [f"{label} {value}" for label, value in view.placement]
    cells.append("KICKER" if defender else "RECEIVER")
    top, bot = body(c)
    if c.layout == "reduced":
        paged_text(c, (0, 0, w - 30, 10), f"{view.name(placer)} PLACES", sizes=(9,), fill=side_ink(placer))
        paged_text(c, (w - 30, 0, w, 10), score_text(state).replace("-", " - "), align="right", sizes=(9,))
        i = view.cursor if view.cursor is not None else 0
        c.draw.rectangle((0, 11, w - 1, bot - 1), fill=INK)
        paged_text(c, (0, 11, w - 24, bot), cells[i], fill=PAPER, sizes=(11, 10, 9), pad=2)
        paged_text(c, (w - 24, 11, w, bot), f"{i + 1}/{len(cells)}", align="right", fill=PAPER, sizes=(9,), pad=2)
        bottom(c, view)
        return
    title_bar(c, f"{view.name(placer)} PLACES", score_text(state))
    per_col = (len(cells) + 1) // 2
    row_h = (bot - top) // per_col
    sizes: tuple[int, ...] = (14, 12, 11, 10, 9) if c.layout == "tall" else (11, 10, 9) if c.layout != "small" else (9, 8)
    sizes = sizes[max(sizes.index(fonts.lay_out(t, w // 2 - 3, row_h, sizes).size) for t in cells):]  # one size
    for i, text in enumerate(cells):
        col, r = divmod(i, per_col)
        x0, x1 = (0, w // 2) if col == 0 else (w // 2, w)
        y0 = top + r * row_h
        on = view.cursor == i
        if on:
            c.draw.rectangle((x0, y0, x1 - 2, y0 + row_h - 2), fill=INK)
        paged_text(c, (x0, y0, x1 - 1, y0 + row_h), text, fill=PAPER if on else INK, sizes=sizes, pad=1)
    bottom(c, view)


def kickoff(c: Canvas, view: PitchBowlView) -> None:
    state = view.state
    kicker: Side = state.kicker or "A"
    box = _title_and_boxes(c, "KICK-OFF", f"{view.name(kicker)} KICKS", side_ink(kicker), score_text(state))
    split = 0.4 if c.layout == "reduced" else 0.5  # "TOUCH BACK" on one line
    _choice_boxes(c, box, ("LANDED", "TOUCH BACK"), 0 if view.landed else 1, split)
    bottom(c, view)


def finished(c: Canvas, view: PitchBowlView) -> None:
    """The winner large, the final score in the side colours (PB-30)."""
    w, h = c.size
    state = view.state
    result = outcome(state)
    winner = result.winner if result else None
    headline = f"{view.name(winner)} WINS" if winner else "MATCH OVER"
    ink = side_ink(winner) if winner else INK
    if c.layout == "reduced":
        draw_score(c.draw, (0, 0, w // 2 - 9, 18), state.score.A, max_height=18, align="right", fill=side_ink("A"))
        draw_score(c.draw, (w // 2 + 9, 0, w, 18), state.score.B, max_height=18, align="left", fill=side_ink("B"))
        c.draw.rectangle((w // 2 - 4, 8, w // 2 + 3, 9), fill=INK)
        if view.prompt is not None and view.prompt.kind != "refusal":  # a warning takes the headline's row
            bottom(c, view, box=(0, 19, w, h))
        else:
            paged_text(c, (0, 19, w, h), headline, align="center", sizes=(12, 11, 10, 9), fill=ink)
        return
    title_bar(c, "MATCH OVER")
    top, bot = body(c)
    split = top + (bot - top) * 11 // 20
    paged_text(c, (0, top, w, split), headline, align="center", sizes=(28, *BIG), fill=ink, max_lines=2)
    sy0, sy1 = split + 1, bot
    gap = 18
    draw_score(c.draw, (0, sy0, w // 2 - gap // 2, sy1), state.score.A, max_height=sy1 - sy0, align="right",
               fill=side_ink("A"))
    draw_score(c.draw, (w // 2 + gap // 2, sy0, w, sy1), state.score.B, max_height=sy1 - sy0, align="left",
               fill=side_ink("B"))
    dash_y = (sy0 + sy1) // 2 - 1
    c.draw.rectangle((w // 2 - 4, dash_y, w // 2 + 3, dash_y + 1), fill=INK)
    bottom(c, view)
