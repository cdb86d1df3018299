"""Drawing blocks shared by the screens: text laid out in a box (paged, never cut), the
prompt line, the refusal layer, the big score, the turn marker.

Coordinates are pixels; boxes are ``(x0, y0, x1, y1)`` with x1/y1 exclusive. Every
function here draws only inside the box it is given (the tests check this).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, cast

from PIL import Image, ImageDraw, ImageFont

from pitchside.render import fonts
from pitchside.render.fonts import Box
from pitchside.render.panel import INK, PAPER, Canvas
from pitchside.render.view import Prompt

Align = Literal["left", "center", "right"]

MIN_SIZE = (96, 48)
"""Smallest panel in px with room for a title bar and lines under it (the out-of-order
frame's full form; 128x64 is the design size)."""


def text_in_box(draw: ImageDraw.ImageDraw, box: Box, text: str, *, align: Align = "left",
                sizes: tuple[int, ...] = fonts.SIZES, fill: int = 1, pad: int = 1) -> Box:
    """Draw one line of ``text`` inside ``box`` at the largest size of ``sizes`` it fits,
    vertically centred on its capitals; never cut (no "…").

    For a short text whose box is laid out to hold it (the names entry's single letters,
    render/names.py, checked at every panel size by tests/render/test_text_fit.py); a
    text that may not fit is drawn with :func:`paged_text`, which turns pages.

    :param pad: px kept clear at the left and right edges.
    :returns: the ink box drawn ((x0, y0, x0, y0) if nothing was drawn).
    :raises ValueError: no size fits the box's height, or ``text`` does not fit its
        width even at the smallest size (a layout defect: the message names the text).
    """
    x0, y0, x1, y1 = box
    fit = fonts.fit_text(text, x1 - x0 - 2 * pad, y1 - y0, sizes)
    if fit is None:
        raise ValueError(f"{text!r} does not fit {x1 - x0} px at {min(sizes)} px: lay it out with paged_text")
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
    return fonts.draw_text(draw, (x, y), fit.text, fit.font, fill, box=box)


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

    The segments' rectangles are worked out once per score and box (:func:`_score_plan`,
    memoised; latency), with a mask of them all: on Pillow's own Draw the mask is
    drawn (one call, the same pixels); on any other Draw (a test's recording one) every
    rectangle is.

    :returns: the box covered.
    :raises ValueError: see :func:`score_text`; or the box is too small for 8 px digits.
    """
    plan = _score_plan(box, points, max_height, align)
    if plan.mask is not None and type(draw) is ImageDraw.ImageDraw:
        fonts.draw_mask(draw, (plan.covered[0], plan.covered[1]), plan.mask, fill)
        return plan.covered
    for r in plan.rects:
        draw.rectangle(r, fill=fill)
    return plan.covered


@dataclass(frozen=True, slots=True)
class _ScorePlan:
    """Where :func:`draw_score` draws: the ``rects`` (inclusive, in drawing order), the
    box ``covered``, and a mode "1" ``mask`` the size of that box lit where the
    rectangles are (None if one leaves the box)."""

    rects: tuple[Box, ...]
    covered: Box
    mask: Image.Image | None


class _Rects:
    """Stands in for an ImageDraw to note the rectangles the seven-segment glyphs draw
    (:func:`pitchside.render.fonts.draw_digit` and ``draw_half`` draw only rectangles)."""

    def __init__(self) -> None:
        self.rects: list[Box] = []

    def rectangle(self, xy: Box, fill: int | None = None) -> None:
        self.rects.append(xy)


@lru_cache(maxsize=1024)
def _score_plan(box: Box, points: float, max_height: int, align: Align) -> _ScorePlan:
    """The rectangles (inclusive, in drawing order) of :func:`draw_score`, the box it
    covers and their mask (pure: the same arguments, the same plan).

    :raises ValueError: see :func:`draw_score`.
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
    rec = _Rects()
    draw = cast(ImageDraw.ImageDraw, rec)
    cx = x
    if whole:
        cx = fonts.draw_digits(draw, x, y, whole, h)[2]
        cx += fonts.stroke_for(h) + 1 if half else 0
    if half:
        fonts.draw_half(draw, cx, y, h)
    rects, covered = tuple(rec.rects), (x, y, x + w, y + h)
    return _ScorePlan(rects, covered, _mask(rects, covered))


def _mask(rects: tuple[Box, ...], covered: Box) -> Image.Image | None:
    """A mode "1" image the size of ``covered``, lit where the inclusive ``rects`` are;
    None when there are none or one leaves ``covered``."""
    x0, y0, x1, y1 = covered
    if not rects or any(r[0] < x0 or r[1] < y0 or r[2] >= x1 or r[3] >= y1 for r in rects):
        return None
    mask = Image.new("1", (x1 - x0, y1 - y0), 0)
    d = ImageDraw.Draw(mask)
    for r in rects:
        d.rectangle((r[0] - x0, r[1] - y0, r[2] - x0, r[3] - y0), fill=1)
    return mask


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


# --- laid out for the panel: paged, never cut ---------------------------------------

DISMISS = "ANY KEY: OK"
"""What a refusal's overlay says about clearing it: the next press only clears it
(the tables make that press do nothing else)."""


def page_marker(draw: ImageDraw.ImageDraw, box: Box, page: int, pages: int, fill: int = INK) -> None:
    """A scroll bar down the right ``fonts.MARKER_W`` px of ``box`` for a paged text:
    a dotted 1 px track and a 2 px block for page ``page`` of ``pages``."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    if pages < 2 or h < 2:
        return
    x = x1 - 2
    for y in range(y0, y1, 2):
        draw.point((x + 1, y), fill=fill)
    top = y0 + page * h // pages
    bottom = max(top + 1, y0 + (page + 1) * h // pages)
    draw.rectangle((x, top, x + 1, bottom - 1), fill=fill)


def paged_text(c: Canvas, box: Box, text: str, *, align: Align = "left", sizes: tuple[int, ...] = fonts.SIZES,
               fill: int = INK, pad: int = 1, max_lines: int = 1, leading: int = 1, top: bool = False,
               capitals: bool = False, marker_end: int | None = None) -> Box:
    """Draw ``text`` inside ``box`` in the largest size of ``sizes`` it fits at, on up
    to ``max_lines`` lines (:func:`pitchside.render.fonts.lay_out`); text that fits at
    none is paged: the canvas's page of it shows, with a :func:`page_marker`, and the
    canvas notes the page count (the shell turns the pages). Never cut, never "…".

    Where each line goes is worked out once per text and box (:func:`_text_plan`,
    memoised: a screen draws the same texts in the same boxes frame after frame, and
    working the positions out was most of a frame's rendering time, bench/README.md,
    "Latency"), with the mask and place of each line as
    :func:`fonts.draw_text` draws it: the masks are drawn every time, straight, or
    through :func:`fonts.draw_text` when that is not the module's own function (the
    text-fit checker of the tests wraps it to see every text).

    :param pad: px kept clear at the left and right edges.
    :param top: the first line's capitals 1 px under the top of the box (room for a
        parenthesis above them; a layout that keeps a line's capitals in one controller
        page), not the lines centred in it.
    :param capitals: ``text`` is in capitals: a size fits the box's height when its
        capitals and their marks do (:func:`pitchside.render.fonts.capitals_height`;
        the one-page line, render/event_line.py).
    :param marker_end: the row (exclusive) the page marker ends on, None: the box's
        bottom (a line kept in one controller page keeps its marker there too).
    :returns: the ink box of the lines drawn ((x0, y0, x0, y0) for no text).
    :raises ValueError: no size fits the box's height.
    """
    plan = _text_plan(box, text, align, sizes, pad, max_lines, leading, top, capitals)
    n = len(plan.pages)
    k = c.paged(n)
    if n > 1:  # with ``top``, from the capitals' row down: the row over them stays clear
        page_marker(c.draw, (box[0], box[1] + top, box[2], box[3] if marker_end is None else marker_end),
                    c.page % n, n, fill)
    if fonts.draw_text is _DRAW_TEXT:  # no one listens to draw_text: its masks, as it would draw them
        covered, masks = plan.stamps[k]
        fonts.draw_masks(c.draw, masks, fill)
        return covered
    font = plan.font
    return _covering(box, [fonts.draw_text(c.draw, xy, line, font, fill, box=box) for xy, line in plan.pages[k]])


def _covering(box: Box, inks: list[Box]) -> Box:
    """The box covering every line's ink box of a page ((x0, y0, x0, y0) of ``box`` for
    no line): what :func:`paged_text` returns on either path."""
    if not inks:
        return (box[0], box[1], box[0], box[1])
    if len(inks) == 1:
        return inks[0]
    return (min(b[0] for b in inks), min(b[1] for b in inks), max(b[2] for b in inks), max(b[3] for b in inks))


_DRAW_TEXT = fonts.draw_text
"""The text module's own ``draw_text`` (a test's text-fit checker replaces it)."""

Stamp = tuple[Box, tuple[tuple[tuple[int, int], Image.Image], ...]]
"""A page of text as :func:`fonts.draw_text` draws it: its ink box, and each line's
mask with the top-left it is drawn at."""


@dataclass(frozen=True, slots=True)
class _TextPlan:
    """Where :func:`paged_text` draws each page's lines: ``pages[k]`` is a tuple of
    ``((x, y), line)`` (the capitals' top-left of each line, px), drawn in ``font``;
    ``stamps[k]`` the same page as masks (:data:`Stamp`)."""

    font: ImageFont.FreeTypeFont
    pages: tuple[tuple[tuple[tuple[int, int], str], ...], ...]
    stamps: tuple[Stamp, ...]


@lru_cache(maxsize=4096)
def _text_plan(box: Box, text: str, align: Align, sizes: tuple[int, ...], pad: int, max_lines: int, leading: int,
               top: bool, capitals: bool = False) -> _TextPlan:
    """The positions of :func:`paged_text`'s lines for every page (pure: the same
    arguments, the same plan).

    :raises ValueError: no size fits the box's height.
    """
    x0, y0, x1, y1 = box
    laid = fonts.lay_out(text, x1 - x0 - 2 * pad, y1 - y0, sizes, max_lines, leading, capitals=capitals)
    n = len(laid.pages)
    size, font = laid.size, laid.font
    pages = tuple(_page_plan(box, lines, size, font, n, align, pad, leading, top) for lines in laid.pages)
    return _TextPlan(font, pages, tuple(_stamp(box, page, font) for page in pages))


def _stamp(box: Box, page: tuple[tuple[tuple[int, int], str], ...], font: ImageFont.FreeTypeFont) -> Stamp:
    """``page`` as :func:`fonts.draw_text` draws it: each line where
    :func:`fonts.place_text` (draw_text's own placement) puts it, and the ink box
    :func:`paged_text` returns."""
    placed = [fonts.place_text(xy, line, font) for xy, line in page]
    return _covering(box, [ink for ink, _ in placed]), tuple(m for _, m in placed if m is not None)


def _page_plan(box: Box, lines: tuple[str, ...], size: int, font: ImageFont.FreeTypeFont, n: int, align: Align,
               pad: int, leading: int, top: bool) -> tuple[tuple[tuple[int, int], str], ...]:
    if not lines:
        return ()
    x0, y0, x1, y1 = box
    lh = fonts.line_height(size)
    right = x1 - pad - (fonts.MARKER_W if n > 1 else 0)
    if top:
        y = y0 + 1
    elif len(lines) == 1:
        cap_h = fonts.text_bbox("0AH", font)[3] - fonts.cap_top(size)
        y = y0 + max(0, min((y1 - y0 - cap_h) // 2, (y1 - y0) - lh))
    else:
        y = y0 + (y1 - y0 - (len(lines) * lh + (len(lines) - 1) * leading)) // 2
    # keep the ink itself in the box: marks above the capitals ("(", "'") and below them
    ct = fonts.cap_top(size)
    above = min(fonts.text_bbox(line, font)[1] for line in lines) - ct
    below = max(fonts.text_bbox(line, font)[3] for line in lines) - ct + (len(lines) - 1) * (lh + leading)
    y = max(y0 - above, min(y, y1 - below))
    out: list[tuple[tuple[int, int], str]] = []
    for line in lines:
        w = fonts.text_width(line, font)
        if align == "left":
            x = x0 + pad
        elif align == "right":
            x = right - w
        else:
            x = x0 + pad + (right - x0 - pad - w) // 2
        out.append(((x, y), line))
        y += lh + leading
    return tuple(out)


def paged_bar(c: Canvas, box: Box, text: str, *, inverse: bool, align: Align = "center",
              sizes: tuple[int, ...] = fonts.SIZES, ink: int = INK, max_lines: int = 1) -> Box:
    """A text line across ``box`` (:func:`paged_text`, centred, 2 px clear at the
    edges), with ``inverse`` on a filled bar of ``ink`` with the text in paper, else in
    ``ink``; paged, never cut."""
    x0, y0, x1, y1 = box
    if inverse:
        c.draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=ink)
    return paged_text(c, box, text, align=align, sizes=sizes, fill=PAPER if inverse else ink, pad=2,
                      max_lines=max_lines)


def prompt_line(c: Canvas, box: Box, prompt: Prompt, sizes: tuple[int, ...] = fonts.SIZES) -> Box:
    """The bottom line on a canvas: an info prompt plain, a refusal in inverse
    video, a warning in inverse video after a ``"!"``; paged when long. A text in
    capitals may also take the 5x7 strike (:func:`pitchside.render.fonts.capitals_sizes`)."""
    if prompt.kind == "info":
        return paged_bar(c, box, prompt.text, inverse=False, sizes=fonts.capitals_sizes(prompt.text, sizes))
    text = f"! {prompt.text}" if prompt.kind == "warning" else prompt.text
    return paged_bar(c, box, text, inverse=True, sizes=fonts.capitals_sizes(text, sizes))


def side_tag(name: str, side: str, shooter: str | None) -> str:
    """The label over ``side``'s column: its ``name``, and in doubles, on the shooting
    side, which partner shoots (``shooter`` as the rules give it, ``"A2"``: PI-A6,
    PN-A11): ``"Ann 2"``, or ``"A2"`` for a one-letter name; singles or the other side:
    the name alone."""
    if shooter is None or shooter[0] != side or len(shooter) == 1:
        return name
    partner = shooter[1:]
    return f"{name}{partner}" if len(name) == 1 else f"{name} {partner}"


def refusal_words(prompt: Prompt) -> str:
    """A refusal as the overlay says it: the plain words first (capitalised), the rule
    ID second: ``"Only 3 pucks are on the board (PI-10)"``."""
    text = " ".join(prompt.text.split())
    text = text[:1].upper() + text[1:]
    return f"{text} ({prompt.rule})" if prompt.rule else text


REFUSAL_SIZES = (16, 14, 13, fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY)
"""Font sizes in px a refusal's words are tried at, largest first."""


def refusal_layer(c: Canvas, prompt: Prompt | None) -> None:
    """Every laid-out screen's last layer: a refused input over the whole panel (on the
    tall panel its lower two thirds, the score above stays in view): a frame, the
    :func:`refusal_words` as large as they fit on as many lines as fit (paged, never
    cut, when they do not fit at the smallest size), and :data:`DISMISS` on an inverse
    bar at the bottom. Nothing for no prompt or another kind."""
    if prompt is None or prompt.kind != "refusal":
        return
    w, h = c.size
    top = h // 3 if c.panel.has_layout and c.layout == "tall" else 0
    foot = 10 if h <= 32 else 12
    c.draw.rectangle((0, top, w - 1, h - 1), fill=PAPER, outline=INK)
    paged_text(c, (2, top + 2, w - 2, h - foot - 1), refusal_words(prompt), align="center", sizes=REFUSAL_SIZES,
               max_lines=8)
    paged_bar(c, (0, h - foot, w, h), DISMISS, inverse=True, sizes=(fonts.SMALL, fonts.TINY))
