"""The Pitch Bowl match screen (phase ``turn``), laid out per panel.

What it shows: each side's touchdowns in the biggest seven-segment digits the layout
allows, in the side's colour; the coach with the initiative (an arrow at the outer end
of his name; at 96x48 his name in inverse video with a notch pointing at his score; on
128x32 an arrow at the outer edge of his score); the Ball beside
the score of the side holding it, or loose in the middle; the players left to pitch
(``"7 LEFT"``) or ``"BONUS!"`` in inverse video when owed (PB-19); ``PASS`` and
``ALL-OUT`` boxed while still available, struck through once spent (PB-22, PB-09);
the players off the field (PB-24); the last loss of initiative and its cause, dim
(PB-28); the bottom line: a prompt, else the selector's field, else the pitch being
entered (``"> PASS? ALL-OUT"``), else what OK does now. A refusal is the overlay.

Boxes (x0, y0, x1, y1 exclusive) per layout, from :func:`turn_layout`:

* 128x64: names 0-11, the initiative an arrow at the outer end of the coach's name,
  digits 16-39 (the controller's 8 px pages 2-4, whole), the limits stacked in the
  middle column 11-30, the loose Ball or OFF under them (31-38); the last loss on one
  page (rows 40-47, page 5: in capitals at the smallest legible size, dim,
  :func:`~pitchside.render.event_line.event_line`) and the bottom line from row 48
  (page 6), a clear row under the last loss's ink
  (:func:`~pitchside.render.event_line.under_line`: 10-11 px capitals on rows 48-55,
  9 px ones on 49-54 under their ascenders, descenders below), so a change of
  initiative, a pitch or a touchdown redraws narrow runs and a page per text line
  (a notice too long for one line takes the last-loss row too).
  96x48: names 0-10 with the inverse tag, the bottom line 38-47, no last-loss row.
* 128x32: digits 1-19 with the arrow (a clear row over the bottom line's ascenders), "7 LEFT" and the loose Ball or OFF in the
  middle, the bottom line 21-31 (paged); the limits and the last loss are left out
  (a refusal still names the limit spent).
* 256x64: names 0-13 (the initiative an arrow at the outer end, as at 128x64: an
  inverse tag made a change of initiative redraw both names), 36 px digits; the middle
  column holds LEFT, both limits on one row, the Ball or OFF, the last loss; the bottom
  line 52-63.
* 128x128: names 0-15 (the initiative an arrow, as at 128x64), digits 19-65 (47 px), a
  row of LEFT, PASS, ALL-OUT; the Ball or OFF; the last loss; the bottom line on two
  lines.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pitchside.core.rules.pitchbowl import pitches_left
from pitchside.core.sides import SIDES, Side
from pitchside.render import fonts
from pitchside.render.fonts import Box
from pitchside.render.panel import DIM, INK, PAPER, Canvas
from pitchside.render.pitchbowl.view import CAUSE_WORDS, PitchBowlView, ball, bottom, frame_of, side_ink
from pitchside.render.event_line import event_fits, event_line
from pitchside.render.widgets import draw_score, paged_text, triangle


@dataclass(frozen=True, slots=True)
class TurnLayout:
    """The match screen's boxes on one panel (module docstring); None: not shown.

    :param tag: the initiative as the coach's name in an inverse tag with a notch
        (True), or as an arrow at the outer end of his name (False).
    :param bottom: the bottom line's box, None: the screen's common one
        (:func:`~pitchside.render.pitchbowl.view.frame_of`).
    :param top: the last loss on one controller page
        (:func:`~pitchside.render.event_line.event_line`) and the bottom line at the
        top of its box, a clear row under the last loss's ink
        (:func:`~pitchside.render.event_line.under_line`), not centred.
    """

    names: tuple[Box, Box] | None
    digits: tuple[Box, Box]
    left: Box
    limits: tuple[Box, Box] | None
    extra: Box
    loss: Box | None
    name_sizes: tuple[int, ...]
    small_sizes: tuple[int, ...]
    tag: bool = True
    bottom: Box | None = None
    top: bool = False


def arrow_width(row_h: int) -> int:
    """The initiative arrow's width in px beside a names row ``row_h`` px tall: half its
    height (it is drawn ``row_h - 2`` px tall), at least 5 (the 128x64 arrow)."""
    return max(5, (row_h - 2) // 2)


def arrow_room(row_h: int) -> int:
    """Where a name's box starts from the panel's outer edge, in px: clear of the arrow."""
    return arrow_width(row_h) + 2


def turn_layout(c: Canvas) -> TurnLayout:
    w, h = c.size
    fr = frame_of(c)
    b0 = fr.bottom[0]
    if c.layout == "reduced":
        col = 44
        # the digits' ink ends on row 19: a clear row over the bottom line's ascenders (row 21)
        return TurnLayout(names=None, digits=((7, 1, col - 14, 20), (w - col + 14, 1, w - 7, 20)),
                          left=(col, 0, w - col, 10), limits=None, extra=(col, 10, w - col, 21), loss=None,
                          name_sizes=(9,), small_sizes=(9,))
    if c.layout == "wide":
        col = 76
        mx0, mx1 = col + 1, w - col - 1
        mid = (mx0 + mx1) // 2
        return TurnLayout(names=((arrow_room(14), 0, col, 14), (w - col, 0, w - arrow_room(14), 14)),
                          digits=((2, 16, col - 16, b0 - 1), (w - col + 16, 16, w - 2, b0 - 1)),
                          left=(mx0, 0, mx1, 14), limits=((mx0, 15, mid, 26), (mid, 15, mx1, 26)),
                          extra=(mx0, 27, mx1, 39), loss=(mx0, 40, mx1, b0 - 1),
                          name_sizes=(12, 11, 10, 9), small_sizes=(11, 10, 9), tag=False)
    if c.layout == "tall":
        half = w // 2
        return TurnLayout(names=((arrow_room(16), 0, half - 1, 16), (half + 1, 0, w - arrow_room(16), 16)),
                          digits=((2, 19, half - 16, 66), (half + 16, 19, w - 2, 66)),
                          left=(0, 68, 40, 80), limits=((41, 68, 82, 80), (82, 68, w, 80)),
                          extra=(0, 81, w, 90), loss=(0, 90, w, b0 - 1),
                          name_sizes=(14, 13, 12, 11, 10, 9), small_sizes=(10, 9), tag=False)
    col = round(w * 40 / 128)  # standard, small (96x48: no last-loss row)
    mx0, mx1 = col + 1, w - col - 1
    if c.layout == "standard":  # the last loss and the digits in whole controller pages (module docstring)
        return TurnLayout(names=((7, 0, col, 12), (w - col, 0, w - 7, 12)),
                          digits=((2, 16, col - 16, 40), (w - col + 16, 16, w - 2, 40)),
                          left=(mx0, 0, mx1, 11), limits=((mx0, 11, mx1, 21), (mx0, 21, mx1, 31)),
                          extra=(mx0, 31, mx1, 40), loss=(0, 40, w, 48), name_sizes=(12, 11, 10, 9),
                          small_sizes=(9,), tag=False, bottom=(0, 48, w, h), top=True)
    row = 9
    header = fr.header
    return TurnLayout(names=((0, 0, col, header), (w - col, 0, w, header)),
                      digits=((2, header + 4, col - 16, b0 - 2), (w - col + 16, header + 4, w - 2, b0 - 2)),
                      left=(mx0, 0, mx1, header), limits=((mx0, header + 1, mx1, header + row + 1),
                                                          (mx0, header + row + 1, mx1, header + 2 * row + 1)),
                      extra=(mx0, header + 2 * row + 1, mx1, b0 - 1), loss=None,
                      name_sizes=(10, 9), small_sizes=(8,))


def draw_turn(c: Canvas, view: PitchBowlView, *, scored: bool = False) -> None:
    """The match screen (module docstring) on ``c``.

    :param scored: the screen a touchdown was scored on (``view.scored``, PB-27): the
        bottom line says the touchdown (:func:`touchdown_words`) instead of the notice
        (who kicks and who places, shown on the placement screen that follows; a
        warning still shows), so against the screen before only the score, the last
        loss and the bottom line change (one controller page)."""
    lay = turn_layout(c)
    state = view.state
    for side, dbox in zip(SIDES, lay.digits):
        _side(c, view, side, dbox, lay)
    if state.bonus_pending:
        x0, y0, x1, y1 = lay.left
        c.draw.rectangle((x0, y0, x1 - 1, y1 - (2 if lay.top else 1)), fill=INK)  # clear of PASS under it
        paged_text(c, lay.left, "BONUS!", align="center", fill=PAPER, sizes=lay.small_sizes, pad=1)
    else:
        paged_text(c, lay.left, f"{pitches_left(state)} LEFT", align="center", sizes=(*lay.name_sizes[1:], 9),
                   pad=1)
    if lay.limits is not None:
        _limit(c, lay.limits[0], "PASS", lay.small_sizes, spent=state.pass_used)
        _limit(c, lay.limits[1], "ALL-OUT", lay.small_sizes, spent=state.all_out_used)
    x0, y0, x1, y1 = lay.extra
    if state.possession is None:
        ball(c, (x0 + x1) // 2, (y0 + y1) // 2)
    elif (state.off_field.A or state.off_field.B) and y1 - y0 >= fonts.line_height(lay.small_sizes[-1]):
        paged_text(c, lay.extra, f"OFF {state.off_field.A}-{state.off_field.B}", align="center",
                   sizes=lay.small_sizes, pad=0)
    own = view.selector or (f"> {view.draft}" if view.draft else "")
    if scored:  # the touchdown in words where the prompt was; who kicks and places is the next screen's
        own = touchdown_words(view, lay)
        if view.prompt is not None and view.prompt.kind == "info":
            view = replace(view, prompt=None)
    prompt = view.prompt
    fr = frame_of(c)
    if not scored and lay.loss is not None and prompt is not None and prompt.kind == "info" and fr.lines == 1 and len(
            fonts.lay_out(prompt.text, c.width - 4, fr.bottom[1] - fr.bottom[0], fr.sizes).pages) > 1:
        # a notice too long for one line takes the last-loss row too (it explains it anyway)
        top = lay.loss[1] - 1 if lay.top else lay.loss[1]  # 128x64: rows 39-63, room for two 11 px lines
        box = (0, top, c.width, (lay.bottom or (0, *fr.bottom))[-1])
        paged_text(c, box, prompt.text, align="center", sizes=fr.sizes, pad=2, max_lines=2)
        return
    above: Box | None = None
    if lay.loss is not None:
        words = _loss_words(view)
        width = lay.loss[2] - lay.loss[0]
        if lay.top:  # one controller page, the bottom line a clear row under its ink
            above = event_line(c, lay.loss, next((t for t in words if event_fits(t, width)), words[-1]), fill=DIM)
        else:
            small = fonts.text_font(lay.small_sizes[-1])
            text = next((t for t in words if fonts.text_width(t, small) <= width - 2), words[-1])
            paged_text(c, lay.loss, text, align="center", sizes=lay.small_sizes, fill=DIM, pad=1)
    bottom(c, view, own, lay.bottom, above=above)


def touchdown_words(view: PitchBowlView, lay: TurnLayout) -> str:
    """The bottom line of the touchdown's screen (PB-27): ``"TOUCHDOWN!"`` where the
    last-loss line names the scorer ("Ann scored - kick-off"), ``"TOUCHDOWN Ann!"`` on a
    layout without that line (128x32). The scorer kicks the kick-off that follows, so he
    is the new state's kicker (PB-23: an interceptor's touchdown is his)."""
    if lay.loss is not None:
        return "TOUCHDOWN!"
    return f"TOUCHDOWN {view.name(view.state.kicker or 'A')}!"


def _side(c: Canvas, view: PitchBowlView, side: Side, dbox: Box, lay: TurnLayout) -> None:
    state = view.state
    ink = side_ink(side)
    active = state.active == side
    if lay.names is not None:
        nbox = lay.names[0 if side == "A" else 1]
        x0, y0, x1, y1 = nbox
        inverse = active and lay.tag
        if inverse:  # the initiative: inverse tag, a notch pointing at the score
            c.draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=ink)
            n = (dbox[0] + dbox[2]) // 2
            c.draw.polygon([(n - 4, y1 - 1), (n + 4, y1 - 1), (n, y1 + 3)], fill=ink)
        elif active:  # the initiative: an arrow at the outer end of the name, pointing at it
            aw = arrow_width(y1 - y0)
            if side == "A":
                triangle(c.draw, (0, y0 + 1, aw, y1 - 1), "right", fill=ink)
            else:
                triangle(c.draw, (c.width - aw, y0 + 1, c.width, y1 - 1), "left", fill=ink)
        paged_text(c, nbox, view.name(side), align="center", fill=PAPER if inverse else ink, sizes=lay.name_sizes,
                   pad=1)
    elif active:  # no names row: an arrow at the outer edge
        ay = (dbox[1] + dbox[3]) // 2 - 5
        if side == "A":
            triangle(c.draw, (0, ay, 5, ay + 10), "right", fill=ink)
        else:
            triangle(c.draw, (c.width - 5, ay, c.width, ay + 10), "left", fill=ink)
    draw_score(c.draw, dbox, state.score[side], max_height=dbox[3] - dbox[1], fill=ink)
    if state.possession == side:  # the holder's Ball on the inner side of his score
        cy = (dbox[1] + dbox[3]) // 2
        ball(c, dbox[2] + 8 if side == "A" else dbox[0] - 9, cy, fill=ink)


def _loss_words(view: PitchBowlView) -> tuple[str, ...]:
    """The last loss of initiative and its cause (PB-28), longest words first (the
    screen shows the first that fits on one line, else pages the last); no colon (its
    upper dot does not show at 9 px)."""
    loss = view.state.last_loss
    if loss is None:
        return (f"{view.name(view.state.kicker or 'A')} kicked off", "KICK-OFF")
    name = view.name(loss.side)
    if loss.cause == "TOUCHDOWN":
        # The scorer kicks the kick-off that follows (PB-27), so while the touchdown is
        # the last loss the kicker is its scorer: the loss's side is the one that lost the
        # initiative, which is not the scorer's when he intercepted the Pass (PB-23).
        scorer = view.name(view.state.kicker or loss.side)
        return (f"{scorer} scored - kick-off", f"{scorer} scored", "TOUCHDOWN")
    cause = CAUSE_WORDS[loss.cause]
    return (f"{name} lost it - {cause}", f"{name} lost - {cause}", f"LOST - {cause}", cause)


def _limit(c: Canvas, box: Box, label: str, sizes: tuple[int, ...], *, spent: bool) -> None:
    """A limit of the turn: in inverse video while available, struck through once spent."""
    x0, y0, x1, y1 = box
    if not spent:
        c.draw.rectangle((x0 + 1, y0, x1 - 2, y1 - 2), fill=INK)
    ink = paged_text(c, (x0 + 1, y0, x1 - 1, y1 - 1), label, align="center", sizes=sizes, pad=1,
                     fill=PAPER if not spent else DIM)
    if spent:
        ym = (y0 + y1 - 1) // 2
        c.draw.line((max(x0, ink[0] - 2), ym, min(x1 - 1, ink[2] + 1), ym), fill=INK)
