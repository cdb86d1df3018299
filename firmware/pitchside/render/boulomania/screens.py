"""The Boulomania screens drawn on a canvas for its panel: paged, never
cut, and a score change redraws one controller page.

The play screen (every phase but ``finished``), boxes from :mod:`.layout`:

* **the board** (:mod:`.marks`) with the round, ``R2``, in its free bottom-left corner;
  between rounds the board the last round ended on (``view.ended``), so the players
  see which bowls scored (BM-16) and a round's end changes little more than its score;
* **each side**: a marker for the side to throw (or to roll the jack, BM-03), its name
  in its colour, its bowls in hand as small marks (BM-15), its game score in
  seven-segment digits (BM-18), each in a box of its own that a score change leaves
  the rest of the screen alone in (the digits' box is as wide as two digits);
* **the last roll**: the dice as die faces, then what the roll did (dim), its shorter
  words when the long ones do not fit on one line, paged when neither does; at
  128x64 on one controller page (:func:`_event`: small dice, the words in capitals);
* **the bottom line**: ``view.prompt`` (a warning in inverse video; a refusal is drawn
  over the whole screen by :func:`~pitchside.render.widgets.refusal_layer`) or the
  declared throw, ``"Ann: POINT 2 DICE"``; paged, never cut.

The ``finished`` screen: "GAME OVER", the winner large, the final score (BM-18), the
bottom line.
"""

from __future__ import annotations

from pitchside.core.rules.boulomania import outcome
from pitchside.core.sides import SIDES, Side
from pitchside.render import fonts
from pitchside.render.boulomania.layout import PlayLayout, play_layout
from pitchside.render.boulomania.marks import DIE_PX, draw_board, draw_bowl, draw_die, draw_small, side_ink
from pitchside.render.boulomania.view import BoulomaniaView
from pitchside.render.fonts import Box
from pitchside.render.panel import DIM, INK, Canvas
from pitchside.render.event_line import PAGE_PX, event_fits, event_line, under_box, under_line
from pitchside.render.widgets import Align, draw_score, paged_bar, paged_text, prompt_line, score_width, triangle

BIG = (22, 20, 18, 16, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY)
"""Font sizes in px of the finished screen's headline, largest first."""


def draw_play(c: Canvas, view: BoulomaniaView) -> None:
    """The play screen (module docstring) on ``c``."""
    lay = play_layout(c.panel)
    shown = view.board
    if lay.board is not None:
        draw_board(c.draw, lay.board, shown, view.target if view.ended is None else None,
                   view.diagonal if view.ended is None else frozenset(), lay.bowl_r)
        x0, _, x1, y1 = lay.board
        paged_text(c, (x0, y1 - 10, x0 + 18, y1), f"R{shown.round}", sizes=(fonts.TINY,), pad=0)
        if lay.style == "row":
            c.draw.line((x1, 0, x1, y1 - 2), fill=DIM)
    for side, box in zip(SIDES, lay.sides):
        _side(c, box, view, side, lay)
    _lines(c, view, lay)


def _to_throw(view: BoulomaniaView, side: Side) -> bool:
    state = view.state
    return state.to_play == side or (state.phase == "jack_roll" and state.starter == side)


def _side(c: Canvas, box: Box, view: BoulomaniaView, side: Side, lay: PlayLayout) -> None:
    """One side's score block: marker, name, bowls in hand, score digits."""
    x0, y0, x1, y1 = box
    ink = side_ink(side)
    hand = view.board.hand[side]
    score = view.state.score[side]
    if lay.style == "row":
        h = min(lay.digits, y1 - y0 - 3)
        dw = score_width(88, h)
        mid = (y0 + y1) // 2
        if _to_throw(view, side):
            triangle(c.draw, (x0, mid - 4, x0 + 5, mid + 5), "right", fill=INK)
        paged_text(c, (x0 + 7, y0 + 1, x1 - dw - 2, y0 + 11), view.name(side), sizes=lay.name_sizes, fill=ink,
                   pad=0)
        top = y0 + (13 if lay.top else 14)  # standard: side B's marks in page 4, over the last roll's line
        for k in range(hand):  # bowls still to throw: two rows of small marks
            col, row = k % 4, k // 4
            draw_small(c.draw, x0 + 8 + col * 4, top + row * 4, side, h=1)
        digits = (x1 - dw - 1, y0 + 1, x1 - 1, y1 - 1)
        if lay.top:  # the digits in whole controller pages: a score change sends two pages, not three
            page_top = -(-y0 // PAGE_PX) * PAGE_PX
            h = (y1 - page_top) // PAGE_PX * PAGE_PX
            digits = (x1 - dw - 1, page_top, x1 - 1, page_top + h)
        draw_score(c.draw, digits, score, max_height=h, align="right", fill=ink)
        return
    name_h = fonts.line_height(lay.name_sizes[0]) + 2
    if _to_throw(view, side):
        triangle(c.draw, (x0 + 1, y0 + 2, x0 + 6, y0 + name_h - 2), "right", fill=INK)
    paged_text(c, (x0 + 8, y0, x1 - 1, y0 + name_h), view.name(side), sizes=lay.name_sizes, fill=ink, pad=0)
    foot = 7
    draw_score(c.draw, (x0 + 2, y0 + name_h + 1, x1 - 2, y1 - foot - 1), score,
               max_height=min(lay.digits, y1 - y0 - name_h - foot - 2), align="center", fill=ink)
    left = x0 + (x1 - x0 - 5 * hand) // 2 + 2
    for k in range(hand):  # bowls still to throw: a row of small marks
        draw_small(c.draw, left + k * 5, y1 - 4, side, h=1)


def _last_words(view: BoulomaniaView, width: int) -> str:
    """The last roll's words for a line ``width`` px wide: the long ones when they fit
    at the smallest legible size, else the short ones (paged when even they do not)."""
    last = view.last
    assert last is not None
    font = fonts.text_font(fonts.TINY)
    if last.short and fonts.text_width(last.text, font) > width:
        return last.short
    return last.text


def _lines(c: Canvas, view: BoulomaniaView, lay: PlayLayout) -> None:
    prompt = view.prompt if view.prompt is not None and view.prompt.kind != "refusal" else None
    if lay.last is None:  # reduced: the prompt, or the last roll then the throw, on one line
        if prompt is not None:
            prompt_line(c, lay.bottom, prompt, sizes=lay.sizes)
            return
        parts = [view.choice_line or ""]
        if view.last is not None and view.last.text:
            parts.insert(0, _last_words(view, lay.bottom[2] - lay.bottom[0]) + ".")
        paged_bar(c, lay.bottom, " ".join(p for p in parts if p), inverse=False, sizes=lay.sizes)
        return
    if prompt is not None and lay.choice is not None and lay.last is not None:  # wide: the prompt takes the row
        x0, y0, _, y1 = lay.last
        prompt_line(c, (x0, y0, lay.bottom[2], y1), prompt, sizes=lay.sizes)
        return
    ink = _last(c, lay.last, view, lay.top)
    if prompt is not None and prompt.kind != "info":  # a warning's inverse bar, clear of the line above
        prompt_line(c, under_box(lay.bottom, ink) if lay.top else lay.bottom, prompt, sizes=lay.sizes)
        return
    text = prompt.text if prompt is not None else view.choice_line or ""
    if lay.top:  # a clear row under the last roll's ink (render/event_line.py)
        under_line(c, lay.bottom, text, ink, sizes=lay.sizes)
    else:
        paged_text(c, lay.bottom, text, align="center", sizes=lay.sizes, pad=2)


def _last(c: Canvas, box: Box, view: BoulomaniaView, top: bool = False) -> Box:
    """The last roll: die faces, then what it did (dim); the round before any roll.

    :param top: the ``standard`` layout's one-page line (:func:`_event`).
    :returns: the ink box of the one-page line (``top``), else ``box`` itself."""
    if top:
        return _event(c, box, view)
    x0, y0, x1, y1 = box
    if view.last is None:
        paged_text(c, (x0 + 1, y0, x1, y1), f"ROUND {view.board.round}", sizes=(fonts.TINY,), fill=DIM)
        return box
    x = x0 + 1
    for v in view.last.values:
        draw_die(c.draw, x, y0 + (y1 - y0 - DIE_PX) // 2, v)
        x += DIE_PX + 2
    if view.last.text:
        paged_text(c, (x + 1, y0, x1, y1), _last_words(view, x1 - x - 3), sizes=(fonts.TINY,), fill=DIM)
    return box


def draw_finished(c: Canvas, view: BoulomaniaView) -> None:
    """The finished screen: "GAME OVER", the winner, the final score (BM-18)."""
    w, h = c.size
    state = view.state
    result = outcome(state)
    headline = f"{view.name(result.winner)} WINS" if result and result.winner else "DRAW"
    reduced = c.layout == "reduced"
    bottom_h = 0 if reduced else 12 if h <= 64 else 14
    top = 0
    if not reduced:
        paged_bar(c, (0, 0, w, 12), "GAME OVER", inverse=True, sizes=(fonts.MEDIUM, fonts.SMALL))
        top = 13
    big_h = 12 if reduced else (h - top - bottom_h) // 2
    ink = side_ink(result.winner) if result and result.winner else INK
    paged_text(c, (0, top, w, top + big_h), headline, align="center", sizes=BIG, fill=ink)
    sy0, sy1 = top + big_h + 1, h - bottom_h - 1
    gap = 18
    r = 4 if sy1 - sy0 < 30 else 6
    boxes: tuple[tuple[Side, Box, Align], ...] = (("A", (2 * r + 6, sy0, w // 2 - gap // 2, sy1), "right"),
                                                   ("B", (w // 2 + gap // 2, sy0, w - 2 * r - 6, sy1), "left"))
    dh = sy1 - sy0  # both scores at one height: "13-9" with a smaller 13 read as a lead for 9
    for side, (bx0, _, bx1, _), _ in boxes:
        while dh > 8 and score_width(state.score[side], dh) > bx1 - bx0:
            dh -= 1
    for side, box, align in boxes:
        draw_score(c.draw, box, state.score[side], max_height=dh, align=align, fill=side_ink(side))
    draw_bowl(c.draw, r + 2, (sy0 + sy1) // 2, "A", r)
    draw_bowl(c.draw, w - r - 3, (sy0 + sy1) // 2, "B", r)
    dash_y = (sy0 + sy1) // 2 - 1
    c.draw.rectangle((w // 2 - 4, dash_y, w // 2 + 3, dash_y + 1), fill=INK)
    if reduced:
        return
    box = (0, h - bottom_h, w, h)
    prompt = view.prompt
    if prompt is not None and prompt.kind != "refusal":
        prompt_line(c, box, prompt)
    else:
        paged_bar(c, box, "NEW: new game", inverse=False)


SMALL_DIE_PX = 7
"""A die face's size in px on the one-page last-roll line (1 px pips)."""
MOST_DICE = 3
"""The most dice a throw rolls (BM-05): the one-page line keeps room for them before
its words, so the words of two throws start at the same column and a change of roll
sends only the columns that differ ("BOB: DEAD BOWL", "BOB: KISS 15>OUT")."""


def _event(c: Canvas, box: Box, view: BoulomaniaView) -> Box:
    """The last roll on one controller page (``standard``): die faces
    of :data:`SMALL_DIE_PX`, then its words in capitals, dim
    (:func:`~pitchside.render.event_line.event_line`); the round before any roll.

    :returns: the ink box drawn (dice and words)."""
    x0, y0, x1, y1 = box
    last = view.last
    if last is None:
        return event_line(c, box, f"ROUND {view.board.round}", align="left", fill=DIM)
    x = x0 + 1
    dice: Box = (x, y0, x, y0)
    for v in last.values:
        dice = _union(dice, draw_die(c.draw, x, y0, v, px=SMALL_DIE_PX))
        x += SMALL_DIE_PX + 2
    if not last.text:
        return dice
    fixed = x0 + 1 + MOST_DICE * (SMALL_DIE_PX + 2)
    for start, text in ((fixed, last.text), (x, last.text), (fixed, last.short), (x, last.short)):
        if text and event_fits(text, x1 - start):
            break
    else:  # paged after the dice
        start, text = x, last.short or last.text
    return _union(dice, event_line(c, (start, y0, x1, y1), text, align="left", fill=DIM))


def _union(a: Box, b: Box) -> Box:
    """The box holding both ink boxes (an empty one, x0 == x1, adds nothing)."""
    if a[2] <= a[0]:
        return b
    if b[2] <= b[0]:
        return a
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
