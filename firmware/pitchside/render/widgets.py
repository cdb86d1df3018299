"""Drawing blocks shared by the screens: a checked canvas, text fitted to a box, the
prompt bar, the big score, the turn marker.

Coordinates are pixels; boxes are ``(x0, y0, x1, y1)`` with x1/y1 exclusive. Every
function here draws only inside the box it is given (the tests check this).
"""

from __future__ import annotations

from typing import Literal

from PIL import Image, ImageDraw

from pitchside.render import fonts
from pitchside.render.fonts import Box
from pitchside.render.view import Prompt

Align = Literal["left", "center", "right"]

MIN_SIZE = (96, 48)
"""Smallest panel in px the screens lay out on (128x64 is the design size)."""


def new_canvas(size: tuple[int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A black mode ``"1"`` image of ``size`` (width, height) px and a Draw on it.

    :raises ValueError: ``size`` smaller than :data:`MIN_SIZE` in either dimension.
    """
    w, h = size
    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise ValueError(f"panel {w}x{h} px is too small; at least {MIN_SIZE[0]}x{MIN_SIZE[1]}")
    img = Image.new("1", (w, h), 0)
    return img, ImageDraw.Draw(img)


def text_in_box(draw: ImageDraw.ImageDraw, box: Box, text: str, *, align: Align = "left",
                sizes: tuple[int, ...] = fonts.SIZES, fill: int = 1, pad: int = 1) -> Box:
    """Draw one line of ``text`` inside ``box``, shrunk (next size in ``sizes``) and then
    cut with "…" so it never leaves the box; vertically centred on its capitals.

    :param pad: px kept clear at the left and right edges.
    :returns: the ink box drawn ((x0, y0, x0, y0) if nothing was drawn).
    :raises ValueError: no size fits the box's height.
    """
    x0, y0, x1, y1 = box
    fit = fonts.fit_text(text, x1 - x0 - 2 * pad, y1 - y0, sizes)
    if not fit.text:
        return (x0, y0, x0, y0)
    size = int(fit.font.size)
    w = fonts.text_width(fit.text, fit.font)
    if align == "left":
        x = x0 + pad
    elif align == "right":
        x = x1 - pad - w
    else:
        x = x0 + (x1 - x0 - w) // 2
    lh = fonts.line_height(size)
    cap_h = fonts.text_bbox("0AH", fit.font)[3] - fonts.cap_top(size)
    # centre the capitals; descenders may use the room below them
    y = y0 + max(0, min((y1 - y0 - cap_h) // 2, (y1 - y0) - lh))
    return fonts.draw_text(draw, (x, y), fit.text, fit.font, fill)


def bar(draw: ImageDraw.ImageDraw, box: Box, text: str, *, inverse: bool, align: Align = "center",
        sizes: tuple[int, ...] = fonts.SIZES) -> Box:
    """A text line across ``box``; with ``inverse`` a filled white bar with black text."""
    x0, y0, x1, y1 = box
    if inverse:
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=1)
    return text_in_box(draw, box, text, align=align, sizes=sizes, fill=0 if inverse else 1, pad=2)



def wrap(text: str, max_width: int, size: int, max_lines: int) -> list[str]:
    """Greedy word wrap of ``text`` into at most ``max_lines`` lines of ``max_width`` px
    at font ``size``; the last line is cut with "…" if the text does not fit."""
    font = fonts.text_font(size)
    lines: list[str] = []
    words = text.split()
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and fonts.text_width(f"{line} {words[0]}", font) <= max_width:
            line = f"{line} {words.pop(0)}"
        lines.append(line)
    if words and lines:
        lines[-1] = fonts.truncate(f"{lines[-1]} {' '.join(words)}", font, max_width)
    return [fonts.truncate(line, font, max_width) for line in lines]


def refusal_box(draw: ImageDraw.ImageDraw, size: tuple[int, int], rule: str, reason: str) -> None:
    """A refused input, over the lower part of the screen: a framed box with "NO" and
    the rule ID on an inverse title line, then the reason word-wrapped on up to three
    lines, so a player can read why at a glance (the score stays visible above)."""
    w, h = size
    title_h = 12
    line_h = fonts.line_height(fonts.TINY)
    top = max(0, h - title_h - 3 * line_h - 3)
    draw.rectangle((0, top, w - 1, h - 1), fill=0, outline=1)
    draw.rectangle((0, top, w - 1, top + title_h - 1), fill=1)
    text_in_box(draw, (0, top, w, top + title_h), f"NO  {rule}" if rule else "NO", align="center",
                fill=0, sizes=(fonts.SMALL, fonts.TINY), pad=2)
    for i, line in enumerate(wrap(reason, w - 6, fonts.TINY, 3)):
        y = top + title_h + 1 + i * line_h
        text_in_box(draw, (2, y, w - 2, y + line_h), line, align="center", sizes=(fonts.TINY,), pad=1)


def refusal_over(draw: ImageDraw.ImageDraw, size: tuple[int, int], prompt: Prompt | None) -> None:
    """Every game's last layer of a frame: the :func:`refusal_box` of ``prompt`` (its
    rule ID and text) when it is a refusal; nothing for no prompt or another kind."""
    if prompt is not None and prompt.kind == "refusal":
        refusal_box(draw, size, prompt.rule, prompt.text)


def prompt_bar(draw: ImageDraw.ImageDraw, box: Box, prompt: Prompt) -> Box:
    """The bottom line: an info prompt plain, a refusal in inverse video, a warning in
    inverse video after a ``"!"``."""
    if prompt.kind == "info":
        return bar(draw, box, prompt.text, inverse=False)
    text = f"! {prompt.text}" if prompt.kind == "warning" else prompt.text
    return bar(draw, box, text, inverse=True)


def score_text(points: float) -> tuple[str, bool]:
    """``(whole part, has a half)`` of a score: 2.0 -> ("2", False), 1.5 -> ("1", True),
    0.5 -> ("", True). Only whole and half points occur (PI-16, PI-22).

    :raises ValueError: negative points or a fraction other than .5.
    """
    if points < 0:
        raise ValueError(f"scores are never negative: {points}")
    whole = int(points)
    frac = points - whole
    if frac not in (0.0, 0.5):
        raise ValueError(f"a score is whole or a half: {points}")
    half = frac == 0.5
    return ("" if half and whole == 0 else str(whole)), half


def score_width(points: float, height: int) -> int:
    """Width in px of :func:`draw_score` for ``points`` at digit ``height`` px."""
    whole, half = score_text(points)
    w = fonts.digits_width(whole, height)
    if half:
        w += (fonts.stroke_for(height) + 1 if whole else 0) + fonts.half_width(height)
    return w


def draw_score(draw: ImageDraw.ImageDraw, box: Box, points: float, *, max_height: int,
               align: Align = "center", fill: int = 1) -> Box:
    """A score in big seven-segment digits, as tall as fits ``box`` up to ``max_height``
    px, with a stacked 1/2 for a half point.

    :returns: the box covered.
    :raises ValueError: see :func:`score_text`; or the box is too small for 8 px digits.
    """
    x0, y0, x1, y1 = box
    h = min(max_height, y1 - y0)
    while h >= 8 and score_width(points, h) > x1 - x0:
        h -= 1
    if h < 8:
        raise ValueError(f"score {points} does not fit {x1 - x0}x{y1 - y0} px")
    w = score_width(points, h)
    x = x0 if align == "left" else x1 - w if align == "right" else x0 + (x1 - x0 - w) // 2
    y = y0 + (y1 - y0 - h) // 2
    whole, half = score_text(points)
    cx = x
    if whole:
        cx = fonts.draw_digits(draw, x, y, whole, h, fill=fill)[2]
        cx += fonts.stroke_for(h) + 1 if half else 0
    if half:
        fonts.draw_half(draw, cx, y, h, fill=fill)
    return (x, y, x + w, y + h)


def triangle(draw: ImageDraw.ImageDraw, box: Box, direction: Literal["down", "right", "left"],
             fill: int = 1) -> Box:
    """A solid arrowhead filling ``box``, pointing ``direction``."""
    x0, y0, x1, y1 = box
    xm, ym = (x0 + x1 - 1) / 2, (y0 + y1 - 1) / 2
    corners: dict[str, list[tuple[float, float]]] = {
        "down": [(x0, y0), (x1 - 1, y0), (xm, y1 - 1)],
        "right": [(x0, y0), (x1 - 1, ym), (x0, y1 - 1)],
        "left": [(x1 - 1, y0), (x0, ym), (x1 - 1, y1 - 1)],
    }
    draw.polygon(corners[direction], fill=fill)
    return box
