"""A moment's full screen: a headline in the biggest text that fits
("TWENTY!", "ROUND 3", "TOUCHDOWN!"), the score in seven-segment digits when it has one,
and a caption in the players' names; a moment that ends the match has its headline in
inverse video.

Laid out for the panel (:func:`screen.register_layout`), not drawn at
128x64 and pasted: any panel of at least :data:`MIN_SIZE` (96x48 and up stack the three
rows; 128x32 puts the score beside the headline on the top half and the caption below).
Text is paged, never cut; every row is drawn only inside its own box. On a colour panel
each side's digits are in its colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from pitchside.render import fonts, screen
from pitchside.render.fonts import Box
from pitchside.render.panel import INK, PAPER, SIDE_A, SIDE_B, Canvas, Panel
from pitchside.render.widgets import draw_score, paged_text, score_width

MIN_SIZE = (96, 32)
"""The smallest panel a moment lays out on, in px (128x32 included)."""

TITLE_SIZES = (32, 28, 26, 24, 22, 20, 18, 16, 14, 12, 11, 10, 9)
"""Headline text sizes, largest first (px, the FreeType size)."""
CAPTION_SIZES = (16, 14, 13, 12, 11, 10, 9)
"""Caption text sizes, largest first."""


@dataclass(frozen=True, slots=True)
class MomentView:
    """A moment on the main display.

    :param title: the headline, ASCII (``"TWENTY!"``).
    :param caption: one line under it (``"Ann wins the round"``).
    :param score: ``(A's, B's)`` to show in digits (whole or half points), or None.
    :param final: the moment ends the match: the headline in inverse video.
    :param short: the caption drawn instead when ``caption`` does not fit whole even
        at the smallest size (``"Alexandra"`` for ``"Alexandra wins the round"``);
        ``""``: none (``caption`` is then cut to fit).
    """

    title: str
    caption: str
    score: tuple[float, float] | None = None
    final: bool = False
    short: str = ""


def _check(size: tuple[int, int]) -> None:
    w, h = size
    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise ValueError(f"panel {w}x{h} px is too small for a moment; at least {MIN_SIZE[0]}x{MIN_SIZE[1]}")


HEADROOM = 1
"""Px kept above a line of text in its box: lower-case ascenders (``b``, ``f``) stand
taller than the capitals the widgets centre on."""


def _sizes_for(height: int, sizes: tuple[int, ...]) -> tuple[int, ...]:
    """The ``sizes`` whose line fits ``height`` px with :data:`HEADROOM` (at least the
    smallest one)."""
    fit = tuple(s for s in sizes if fonts.line_height(s) + HEADROOM <= height)
    return fit or sizes[-1:]


def _caption(c: Canvas, box: Box, view: MomentView) -> None:
    """The caption centred in ``box``: its short form when the whole one would need
    pages (a moment shows for a few seconds: one page reads best)."""
    sizes = _sizes_for(box[3] - box[1], CAPTION_SIZES)
    text = view.caption
    if view.short and len(fonts.lay_out(text, box[2] - box[0] - 2, box[3] - box[1], sizes).pages) > 1:
        text = view.short
    paged_text(c, box, text, align="center", sizes=sizes)  # not dimmed: who won is the news


def _headline(c: Canvas, box: Box, view: MomentView) -> None:
    x0, y0, x1, y1 = box
    if view.final:
        c.draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=INK)
    inner = (x0 + 1, y0 + 1, x1 - 1, y1 - 1)
    paged_text(c, inner, view.title, align="center", sizes=_sizes_for(inner[3] - inner[1], TITLE_SIZES),
               fill=PAPER if view.final else INK, pad=2)


def score_pair_width(score: tuple[float, float], height: int) -> int:
    """Width in px of :func:`draw_score_pair` at digit ``height`` px."""
    gap = fonts.stroke_for(height) + 1
    return score_width(score[0], height) + score_width(score[1], height) + 2 * gap + _dash_width(height)


def _dash_width(height: int) -> int:
    return max(3, fonts.digit_width(height) // 2)


def draw_score_pair(draw: ImageDraw.ImageDraw, box: Box, score: tuple[float, float], align: str = "center",
                    inks: tuple[int, int] = (INK, INK)) -> Box:
    """``A - B`` in seven-segment digits, as tall as fits ``box``, centred (or
    right-aligned with ``align="right"``); A's digits in ``inks[0]``, B's in ``inks[1]``.

    :returns: the box covered.
    :raises ValueError: the box cannot hold 8 px digits.
    """
    x0, y0, x1, y1 = box
    h = y1 - y0
    while h >= 8 and score_pair_width(score, h) > x1 - x0:
        h -= 1
    if h < 8:
        raise ValueError(f"score {score} does not fit {x1 - x0}x{y1 - y0} px")
    w = score_pair_width(score, h)
    x = x1 - w if align == "right" else x0 + (x1 - x0 - w) // 2
    y = y0 + (y1 - y0 - h) // 2
    gap = fonts.stroke_for(h) + 1
    a = draw_score(draw, (x, y, x + score_width(score[0], h), y + h), score[0], max_height=h, fill=inks[0])
    dash_x = a[2] + gap
    t = fonts.stroke_for(h)
    mid = y + (h - t) // 2
    draw.rectangle((dash_x, mid, dash_x + _dash_width(h) - 1, mid + t - 1), fill=1)
    bx = dash_x + _dash_width(h) + gap
    draw_score(draw, (bx, y, bx + score_width(score[1], h), y + h), score[1], max_height=h, fill=inks[1])
    return (x, y, x + w, y + h)


def render_moment(view: MomentView, size: Panel | tuple[int, int] = (128, 64)) -> Image.Image:
    """Draw a moment full screen.

    :returns: an image of the panel's size and mode (a ``(width, height)``: mode "1").
    :raises ValueError: ``size`` smaller than :data:`MIN_SIZE`, or no layout for it.
    """
    return screen.render(view, size)


SIDE_INKS = (SIDE_A, SIDE_B)


def draw_moment(view: MomentView, c: Canvas) -> None:
    """Lay a moment out on ``c``.

    :raises ValueError: the panel is smaller than :data:`MIN_SIZE`.
    """
    _check(c.size)
    w, h = c.size
    if h < 48:
        _short(c, view)
        return
    caption_h = max(12, h * 13 // 64)  # 13 px at 64
    if view.score is None:
        title_box = (0, 0, w, h - caption_h - 2)
    else:
        title_box = (0, 0, w, h * 13 // 32)  # 26 px at 64
        score_box = (2, title_box[3] + 2, w - 2, h - caption_h - 2)
        draw_score_pair(c.draw, score_box, view.score, inks=SIDE_INKS)
    _headline(c, title_box, view)
    _caption(c, (0, h - caption_h, w, h), view)


def _short(c: Canvas, view: MomentView) -> None:
    """A panel under 48 px tall (128x32): the headline on the top half, with the score
    at its right when there is one; the caption across the bottom half."""
    w, h = c.size
    top = h // 2 + 1
    title_box = (0, 0, w, top)
    if view.score is not None:
        covered = draw_score_pair(c.draw, (w // 3, 1, w - 2, top - 1), view.score, align="right", inks=SIDE_INKS)
        title_box = (0, 0, covered[0] - 2, top)
    _headline(c, title_box, view)
    _caption(c, (0, top + 1, w, h), view)


screen.register_layout(MomentView, draw_moment)
