"""Fonts and glyphs for a 1-bit OLED read from across a pub table.

Two kinds of lettering, chosen after looking at both on a 4x blow-up of a 128x64 frame:

* **Text** (names, labels, prompts): Pillow's built-in FreeType font,
  ``ImageFont.load_default(size=N)`` (Aileron Regular, embedded in Pillow >= 10.1). Drawn
  on a mode ``"1"`` image Pillow renders it without anti-aliasing, so it stays crisp; it is
  proportional, so about 22 capitals fit a 128 px line at 10 px. It ships inside the Pillow
  wheel (no font files to install on the Pi) and renders identically wherever the same
  wheel (same FreeType) runs, which the golden images rely on. Only ASCII and ``"…"`` have
  glyphs in it (``"½"``, ``"×"``, arrows draw as empty boxes): keep text ASCII. Money is
  the exception a pub needs: the config's currency ``"€"`` or ``"£"`` is drawn as its
  code, ``"EUR 1.50"``, ``"GBP 1.50"`` (:func:`plain`, applied wherever text is measured
  or drawn), so a price never shows as a box. At most sizes the font joins a mark to a
  digit before it (``"8,"``, ``"0-3"``; at 9 px ``"0)"`` reads as a slashed zero):
  every text is measured and drawn with a blank column between them there (:func:`runs`).
  Pillow's older bitmap font (``load_default_imagefont()``) was the alternative: crisper
  cells but a serif Courier-like face, 6 px per character, and noticeably harder to read.
* **Score digits**: seven-segment glyphs drawn as filled rectangles
  (:func:`draw_digits`). At 30 px tall with 4-5 px strokes they read like a real
  scoreboard from metres away, scale to any box without hinting artefacts, and a 1-bit
  panel shows them exactly as drawn. A half point is a stacked fraction (:func:`draw_half`):
  a small ``1`` over a bar over a small ``2``, next to the whole part, so ``1½`` never reads
  as ``15`` (which ``1.5`` with a tiny dot risks on a dim panel).

All sizes and coordinates are pixels; boxes are ``(x0, y0, x1, y1)`` with ``x1``/``y1``
exclusive (the Python slice convention), unlike Pillow's inclusive ``rectangle``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Box = tuple[int, int, int, int]

MONEY = {"€": "EUR", "£": "GBP"}
"""Currency signs the font has no glyph for, and the code each is drawn as."""
_MONEY_RE = re.compile(r"\s*([€£])\s*")
_SCRATCH = Image.new("1", (1, 1))  # a surface to measure text on

# Text sizes in px (the FreeType size; capitals are about 0.75 of it).
LARGE = 12
MEDIUM = 11
SMALL = 10
TINY = 9
SIZES = (LARGE, MEDIUM, SMALL, TINY)


@lru_cache(maxsize=None)
def text_font(size: int) -> ImageFont.FreeTypeFont:
    """The text font at ``size`` px (Pillow's embedded FreeType font), cached.

    :raises ValueError: ``size`` < 1.
    :raises ImportError: Pillow was built without FreeType (the PyPI wheels have it).
    """
    if size < 1:
        raise ValueError(f"font size must be at least 1 px, not {size}")
    font = ImageFont.load_default(size=size)
    if not isinstance(font, ImageFont.FreeTypeFont):  # pragma: no cover - wheel has FreeType
        raise ImportError("Pillow has no FreeType support: the text font needs it")
    return font


def plain(text: str) -> str:
    """``text`` as the font can draw it: each currency sign of :data:`MONEY` as its
    code and a space (``"CREDIT €1.50"`` -> ``"CREDIT EUR 1.50"``, ``"1.50£"`` ->
    ``"1.50 GBP"``); any other text unchanged."""
    if "€" not in text and "£" not in text:
        return text

    def code(m: re.Match[str]) -> str:
        before = " " if m.start() > 0 else ""
        after = " " if m.end() < len(text) else ""
        return f"{before}{MONEY[m.group(1)]}{after}"

    return _MONEY_RE.sub(code, text)


@lru_cache(maxsize=None)
def _notdef(size: int) -> bytes:
    """The mask of the font's "no glyph" box at ``size`` (what a missing char draws)."""
    return bytes(text_font(size).getmask("\uffff"))


def missing_glyphs(text: str, size: int = SMALL) -> str:
    """The chars of ``text`` (as :func:`plain` draws it) the text font has no glyph
    for at ``size`` px: each would draw as an empty box. ``""``: all drawable."""
    font = text_font(size)
    out = []
    for ch in dict.fromkeys(plain(text)):
        if not ch.isspace() and bytes(font.getmask(ch)) == _notdef(size):
            out.append(ch)
    return "".join(out)


@lru_cache(maxsize=8192)
def text_bbox(text: str, font: Font) -> Box:
    """The ink box of ``text`` drawn at (0, 0) with ``font`` (``draw.textbbox`` with
    anchor ``"la"``; of a text in :func:`runs`, the box covering each run's where it
    goes), as ``(x0, y0, x1, y1)``, x1/y1 exclusive. Empty text: (0, 0, 0, 0).

    Cached: a screen measures the same few strings on every frame, and FreeType layout
    was most of a frame's rendering time (bench/README.md)."""
    if not text:
        return (0, 0, 0, 0)
    placed = runs(text, font)
    if len(placed) == 1:
        return _font_bbox(placed[0][1], font)
    boxes = []
    for x, run in placed:
        bx0, by0, bx1, by1 = _framed(run, font)[0]
        boxes.append((x + bx0, by0, x + bx1, by1))
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


@lru_cache(maxsize=8192)
def _font_bbox(text: str, font: Font) -> Box:
    """``draw.textbbox`` of ``text`` (already :func:`plain`) at (0, 0), anchor ``"la"``:
    the box of the font's own layout of it, in one piece."""
    if not text:
        return (0, 0, 0, 0)
    x0, y0, x1, y1 = ImageDraw.Draw(_SCRATCH).textbbox((0, 0), text, font=font)
    return (int(x0), int(y0), int(x1), int(y1))


def is_mark(ch: str) -> bool:
    """Whether ``ch`` is a mark: not a letter, a digit or whitespace (``","``,
    ``")"``, ``":"``, ``"-"``, ``"."``...)."""
    return not (ch.isalnum() or ch.isspace())


@lru_cache(maxsize=8192)
def runs(text: str, font: Font) -> tuple[tuple[int, str], ...]:
    """``text`` (as :func:`plain` draws it) as the runs it is drawn in, ``(x, run)``
    with x in px from the text's origin: one run ``((0, text),)``, the font's own
    layout, unless a mark (:func:`is_mark`) after a digit would join it at this size:
    no blank column between the digit's lit columns and the mark's as the font lays
    them out (``"2,"``, ``"10)"``, ``"6:"``, ``"3-2"``; at 9 px ``"0)"`` read as a
    slashed zero; every panel size). Which pairs join depends on the size and on the digit and
    the mark alone (:func:`_pair_joins`: the font's 1-bit advances are whole px, so what
    comes before them does not move them apart); it is measured, never listed.

    There the mark (with any marks right after it) starts a run, moved right so that
    exactly one blank column parts its lit columns from the digit's (lit columns, not
    the font's boxes, which include side bearings). When the mark still has room before
    the next ink, the rest is a run where the font put it: the text is no wider, and a
    line laid out around it does not move. Room is 2 blank columns before a space (the
    mark reads with the digit, not the next word: ``"2, B"``) and 1 before anything
    else (``"0-3"``, ``"12:30"``: a blank column on either side). Otherwise the rest
    moves right with the mark (``"10)"`` at the end, ``"8, A"`` at 9 px). The runs of
    such a text are each drawn as the font lays them out after a capital
    (:func:`_framed`), and the joins are measured so."""
    text = plain(text)
    out: list[tuple[int, str]] = []
    x, start, i = 0, 0, 1  # x: where the run from ``start`` is drawn
    while i < len(text):
        if not (text[i - 1].isdigit() and is_mark(text[i]) and _pair_joins(text[i - 1], text[i], font)):
            i += 1
            continue
        before = text[start:i]
        out.append((x, before))
        mark_x = x + _lit_columns(before, font)[1] + 1 - _lit_columns(text[i], font)[0]
        j = i + 1
        while j < len(text) and is_mark(text[j]):
            j += 1
        marks, rest = text[i:j], text[j:]
        rest_x = x + round(font.getlength(text[start:j], mode="1"))  # where the font puts the rest
        lit = _lit_columns(rest, font)
        room = 2 if rest[:1].isspace() else 1  # blank columns the mark keeps before the next ink
        if lit[1] > lit[0] and rest_x + lit[0] - (mark_x + _lit_columns(marks, font)[1]) >= room:
            out.append((mark_x, marks))
            x, start, i = rest_x, j, j + 1
        else:
            x, start, i = mark_x, i, i + 1
    out.append((x, text[start:]))
    return tuple(out)


_AFTER = "H "
"""What each run of a text in :func:`runs` is laid out after (then cut away): as in
the middle of a text. Drawn alone, a run starts the font's layout afresh: a first
glyph with a negative side bearing moves the rest a column, and the rows a glyph sits
on follow the tallest outline box in the string (a comma or a "." alone sits a row
high at 9 px, "<" and ">" at 12-22 px)."""


@lru_cache(maxsize=4096)
def _framed(run: str, font: Font) -> tuple[Box, tuple[tuple[int, int], Image.Image] | None]:
    """``run`` as the font lays it out after :data:`_AFTER`, with the "H" on the rows
    it has alone: its box from the run's origin (the font's box of the two, covering
    the run's ink) and its lit pixels ``((x, y), mask)`` from the run's origin
    (None without ink). No glyph's ink reaches left of the space after the "H", at any
    size (tests/render/test_mark_after_digit.py), so the run is what lies right of the
    "H"'s columns."""
    both = _font_bbox(_AFTER + run, font)
    at, (hx0, hy0, hx1, _) = _frame(font)
    ox, oy = 2 - min(0, both[0]), 2 - min(0, both[1])
    size = (both[2] + ox + 2, max(both[3], _font_bbox(_AFTER, font)[3]) + oy + 2)
    b = Image.new("1", size, 0)
    ImageDraw.Draw(b).text((ox, oy), _AFTER + run, font=font, fill=1)
    hb = b.crop((0, 0, ox + hx1, size[1])).getbbox()
    if hb is None:  # pragma: no cover - "H" always has ink
        raise ValueError(f"{_AFTER!r} draws no ink in this font")
    dy = oy + hy0 - hb[1]  # the "H" on its own rows
    rest = b.crop((ox + hx1, 0, size[0], size[1]))
    lit = rest.getbbox()
    box = (_font_bbox(run, font)[0], both[1] + dy, both[2] - at, both[3] + dy)  # the font's box, "H" on its rows
    if lit is None:
        return box, None
    x0, y0 = hx1 + lit[0] - at, lit[1] - oy + dy
    x1, y1 = x0 + lit[2] - lit[0], y0 + lit[3] - lit[1]
    box = (min(box[0], x0), min(box[1], y0), max(box[2], x1), max(box[3], y1))
    return box, ((x0, y0), rest.crop(lit))


@lru_cache(maxsize=64)
def _frame(font: Font) -> tuple[int, Box]:
    """Where a run starts after :data:`_AFTER` (px) and the "H"'s lit box drawn at
    (0, 0) alone (x1/y1 exclusive)."""
    box = _font_bbox(_AFTER, font)
    ox, oy = 2 - min(0, box[0]), 2 - min(0, box[1])
    img = Image.new("1", (box[2] + ox + 2, box[3] + oy + 2), 0)
    ImageDraw.Draw(img).text((ox, oy), _AFTER, font=font, fill=1)
    lit = img.getbbox()
    if lit is None:  # pragma: no cover - "H" always has ink
        raise ValueError(f"{_AFTER!r} draws no ink in this font")
    return round(font.getlength(_AFTER, mode="1")), (lit[0] - ox, lit[1] - oy, lit[2] - ox, lit[3] - oy)


def _lit_columns(text: str, font: Font) -> tuple[int, int]:
    """The columns ``text``'s lit pixels span drawn at x = 0 as a run
    (:func:`_framed`), ``(first, last + 1)``; ``(0, 0)`` for no ink."""
    placed = _framed(text, font)[1]
    return (0, 0) if placed is None else (placed[0][0], placed[0][0] + placed[1].width)


@lru_cache(maxsize=4096)
def _pair_joins(digit_ch: str, mark: str, font: Font) -> bool:
    """Whether ``mark`` drawn right after ``digit_ch`` (in one piece, as a run is:
    :func:`_framed`) has no blank column between its lit pixels and the digit's: the
    column after the digit's last lit one is lit, or nothing is lit past it. Columns
    only: the rows a glyph sits on may move with the mark (:data:`_AFTER`)."""
    digit = _lit_columns(digit_ch, font)[1]  # the column after the digit's last
    placed = _framed(digit_ch + mark, font)[1]
    if placed is None or digit == 0:
        return False
    (x, _), mask = placed
    lit = [x + i for i, v in enumerate(mask.convert("L").reduce((1, mask.height)).tobytes()) if v]
    return digit in lit or not any(c > digit for c in lit)


def text_width(text: str, font: Font) -> int:
    """Width of ``text`` in px: the right edge of its ink box drawn at x = 0."""
    return text_bbox(text, font)[2]


@dataclass(frozen=True)
class Fitted:
    """Text that fits a box: the ``text`` (whitespace collapsed) and the ``font`` to draw
    it with."""

    text: str
    font: ImageFont.FreeTypeFont


@lru_cache(maxsize=4096)
def fit_text(text: str, max_width: int, max_height: int, sizes: tuple[int, ...] = SIZES) -> Fitted | None:
    """Fit ``text`` in ``max_width`` x ``max_height`` px, whole (never cut).

    Tries each size of ``sizes`` (largest first) whose line height
    (:func:`line_height`) fits ``max_height``; at the first one where the whole text fits
    the width, that is the answer; None if it fits at none of them (a text that may not
    fit is paged instead: :func:`lay_out`). Whitespace is collapsed to single spaces first.

    :raises ValueError: no size in ``sizes`` fits ``max_height``, or ``max_width`` < 1.
    """
    if max_width < 1:
        raise ValueError(f"no room for text: max_width {max_width} px")
    usable = [s for s in sizes if line_height(s) <= max_height]
    if not usable:
        raise ValueError(f"no font size in {sizes} fits {max_height} px of height")
    text = " ".join(plain(text).split())
    for size in usable:
        font = text_font(size)
        if text_width(text, font) <= max_width:
            return Fitted(text, font)
    return None


MIN_LEGIBLE = TINY
"""The smallest text size in px a player reads at arm's length on a 128x64 panel: text
that does not fit at it is paged (:func:`lay_out`), never cut."""

MARKER_W = 3
"""Px a paged text gives up at the right of its box for the page marker
(:func:`pitchside.render.widgets.page_marker`)."""


@dataclass(frozen=True)
class Paged:
    """Text laid out in a box: the font ``size`` in px and its ``pages``, each a tuple
    of lines that fit the box's width (a single page when it all fits)."""

    size: int
    pages: tuple[tuple[str, ...], ...]

    @property
    def font(self) -> ImageFont.FreeTypeFont:
        return text_font(self.size)


def lines_fit(size: int, height: int, leading: int = 1) -> int:
    """How many lines at font ``size`` fit ``height`` px, ``leading`` px between them."""
    lh = line_height(size)
    return max(0, (height + leading) // (lh + leading))


@lru_cache(maxsize=4096)
def lay_out(text: str, width: int, height: int, sizes: tuple[int, ...] = SIZES, max_lines: int = 1,
            leading: int = 1, marker: int = MARKER_W, capitals: bool = False) -> Paged:
    """Lay ``text`` out in ``width`` x ``height`` px, never cutting it.

    The largest size of ``sizes`` at which the whole text fits, word-wrapped on at most
    ``max_lines`` lines (as many as fit the height, ``leading`` px apart), is the answer
    on one page. When it fits at none, it is wrapped at the smallest size that fits the
    height, ``marker`` px narrower (room for the page marker), and split into pages of
    that many lines. A word wider than the box is broken between letters. Whitespace is
    collapsed first. Widths are the drawn ones (:func:`text_width`: a mark after a
    digit parted from it, :func:`runs`).

    :param capitals: the text is in capitals (the one-page line of
        render/event_line.py): a size fits the height when :func:`capitals_height`
        does, not a line with descenders (:func:`line_height`).
    :raises ValueError: no size fits the height, or ``width`` leaves no room for a letter.
    """
    need = capitals_height if capitals else line_height
    usable = [s for s in sizes if need(s) <= height]
    if not usable:
        raise ValueError(f"no font size in {sizes} fits {height} px of height")
    if width < 1:
        raise ValueError(f"no room for text: width {width} px")
    words = tuple(plain(text).split())
    if not words:
        return Paged(usable[0], ((),))
    slack = 2 if max_lines > 1 else 0  # room for marks above the capitals and below the descenders
    for size in usable:
        rows = max(1, min(max_lines, lines_fit(size, height - slack, leading)))
        try:
            lines = wrap_words(words, width, size)
        except ValueError:  # a letter wider than the box at this size: a smaller one
            continue
        if len(lines) <= rows:
            return Paged(size, (lines,))
    size = usable[-1]
    rows = max(1, min(max_lines, lines_fit(size, height - slack, leading)))
    lines = wrap_words(words, width - marker, size)
    return Paged(size, tuple(lines[i : i + rows] for i in range(0, len(lines), rows)))


def pages(text: str, width: int, height: int, sizes: tuple[int, ...] = SIZES) -> tuple[str, ...]:
    """``text`` as one-line pages that each fit ``width`` x ``height`` px at one size of
    ``sizes`` (:func:`lay_out` with one line): ``(text,)`` when it fits whole."""
    return tuple(" ".join(page) for page in lay_out(text, width, height, sizes, 1).pages)


@lru_cache(maxsize=4096)
def wrap_words(words: tuple[str, ...], width: int, size: int) -> tuple[str, ...]:
    """Greedy wrap of ``words`` into lines of at most ``width`` px at font ``size``;
    a word wider than that is broken into pieces that fit (never cut off).

    :raises ValueError: not even one letter fits ``width``.
    """
    font = text_font(size)
    pieces: list[tuple[str, bool]] = []  # (piece, glued to the one before: no space)
    for word in words:
        glue = False
        for part in _hyphen_parts(word) if text_width(word, font) > width else (word,):
            while text_width(part, font) > width:
                n = len(part) - 1
                while n > 0 and text_width(part[:n], font) > width:
                    n -= 1
                if n == 0:
                    raise ValueError(f"not one letter of {word!r} fits {width} px at {size} px")
                pieces.append((part[:n], glue))
                part, glue = part[n:], True
            pieces.append((part, glue))
            glue = True
    lines: list[str] = []
    for piece, glued in pieces:
        joined = f"{lines[-1]}{'' if glued else ' '}{piece}" if lines else piece
        if lines and text_width(joined, font) <= width:
            lines[-1] = joined
        else:
            lines.append(piece)
    return tuple(lines)


_BREAK_AFTER = re.compile(r"(?<=[-/])(?=.)")


def _hyphen_parts(word: str) -> tuple[str, ...]:
    """``"MAXIMILIAN-ALEXANDER"`` as ``("MAXIMILIAN-", "ALEXANDER")``, a path
    ``"/var/lib/x.db"`` as ``("/", "var/", "lib/", "x.db")``: where a word too wide for
    its line breaks first (after a hyphen or a slash)."""
    return tuple(_BREAK_AFTER.split(word))


@lru_cache(maxsize=None)
def line_height(size: int) -> int:
    """Pixels a line of text at ``size`` needs, from the top of the tallest capital or
    digit to the bottom of a descender (``"g"``), with no extra leading."""
    font = text_font(size)
    top = text_bbox("0AH|", font)[1]
    bottom = text_bbox("gjpqy|", font)[3]
    return bottom - top


@lru_cache(maxsize=None)
def capitals_height(size: int) -> int:
    """Pixels a line of capitals, digits and marks at ``size`` needs: the capitals'
    rows and one above and one under them, where a parenthesis or an apostrophe rises
    and a comma, a parenthesis or a "Q" hangs (9 px: 6 + 2 = 8, one controller page)."""
    return text_bbox("0AH", text_font(size))[3] - cap_top(size) + 2


@lru_cache(maxsize=None)
def cap_top(size: int) -> int:
    """Offset in px from a ``"la"``-anchored draw position to the top of capitals."""
    return text_bbox("0AH", text_font(size))[1]


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, font: ImageFont.FreeTypeFont,
              fill: int = 1, *, box: Box | None = None) -> Box:
    """Draw ``text`` with its capitals' top at ``xy`` (not the font's ascent line), so
    rows can be laid out by the pixels you see.

    :param box: the box the caller laid the text out in (not used for drawing: the
        text-fit checker of the tests, tests/support/textfit.py, reads it).
    :returns: the ink box drawn (:func:`place_text`'s)."""
    ink, placed = place_text(xy, text, font)
    if placed is not None:
        draw_mask(draw, placed[0], placed[1], fill)
    return ink


Placed = tuple[Box, tuple[tuple[int, int], Image.Image] | None]
"""Where a line of text goes (:func:`place_text`): its ink box, and its mode "1" mask
with the top-left the mask is drawn at (None when the text has no ink)."""


def place_text(xy: tuple[int, int], text: str, font: ImageFont.FreeTypeFont) -> Placed:
    """Where :func:`draw_text` puts ``text`` with its capitals' top-left at ``xy`` (px):
    the one placement both it and the memoised text blocks of render/widgets.py draw by,
    so what the text-fit checker sees through :func:`draw_text` is what a table draws.

    :returns: the ink box (empty, ``(x, y, x, y)`` at the text's origin, for a text
        without ink) and ``((x, y), mask)`` of :func:`text_mask`, or None without ink."""
    x, y = xy
    top = cap_top(int(font.size))
    bx0, by0, bx1, by1 = text_bbox(text, font)
    at = (x + bx0, y - top + by0)
    if bx1 <= bx0 or by1 <= by0:
        return (at[0], at[1], at[0], at[1]), None
    return (at[0], at[1], x + bx1, y - top + by1), (at, _text_mask(text, font))


def draw_mask(draw: ImageDraw.ImageDraw, xy: tuple[int, int], mask: Image.Image, fill: int) -> None:
    """Light ``fill`` where the mode "1" ``mask`` is lit, its top-left at ``xy``: the
    pixels of ``draw.bitmap(xy, mask, fill=fill)`` (:func:`draw_masks` of one)."""
    draw_masks(draw, ((xy, mask),), fill)


def draw_masks(draw: ImageDraw.ImageDraw, masks: Iterable[tuple[tuple[int, int], Image.Image]], fill: int) -> None:
    """Each mode "1" mask of ``masks`` (``(top-left, mask)``) lit in ``fill``: the
    pixels of ``draw.bitmap(xy, mask, fill=fill)`` for each.

    On Pillow's own Draw of an image without a palette, with an int ink, the masks go
    straight to the Draw's core: ``ImageDraw.bitmap`` loads the mask
    again on every call, which makes it a new pixel-access object, about 3 of the 4 µs
    it took per text line here. Any other Draw (a test's recording one) or ink gets
    ``draw.bitmap``.

    The masks must be made in memory (``Image.new`` and drawn on), as every caller's are
    (:func:`text_mask`, the score masks of render/widgets.py), never opened from a
    file: the straight path skips ``bitmap``'s ``mask.load()``."""
    if type(draw) is ImageDraw.ImageDraw and type(fill) is int and draw.palette is None:
        # No mask.load() here, unlike ImageDraw.bitmap (Pillow 13, ImageDraw.py:
        # ``bitmap.load()`` then ``draw_bitmap(xy, bitmap.im, ink)``). Image.load() does
        # two things: an ImageFile (Image.open) reads its pixels in (its ``im`` is unset
        # until then: ``mask.im`` would raise), and an image with a dirty palette
        # pushes it to the core. Neither can apply: the masks here are mode "1" images
        # from Image.new (no palette, storage allocated at once) that nothing opens from
        # a file; tests/render/test_text_placement.py pins that every mask a screen
        # draws is one. A mask from Image.open would need mask.load() first.
        core = draw.draw
        ink = core.draw_ink(fill)
        for xy, mask in masks:
            core.draw_bitmap(xy, mask.im, ink)
    else:
        for xy, mask in masks:
            draw.bitmap(xy, mask, fill=fill)


def text_mask(text: str, font: ImageFont.FreeTypeFont) -> Image.Image:
    """The mode "1" mask :func:`draw_text` draws for ``text`` (its ink box's size,
    drawn at the box's top-left), cached; never change it.

    :raises ValueError: ``text`` has no ink (its box is empty)."""
    bx0, by0, bx1, by1 = text_bbox(text, font)
    if bx1 <= bx0 or by1 <= by0:
        raise ValueError(f"{text!r} draws no ink")
    return _text_mask(text, font)


@lru_cache(maxsize=4096)
def _text_mask(text: str, font: ImageFont.FreeTypeFont) -> Image.Image:
    """``text`` rasterised once into a mode "1" mask the size of its ink box, each of
    its :func:`runs` where it goes: a screen draws the same strings frame after frame,
    and FreeType rendering was most of a frame's time (bench/README.md). Pasting the
    mask gives the same pixels."""
    bx0, by0, bx1, by1 = text_bbox(text, font)
    mask = Image.new("1", (bx1 - bx0, by1 - by0), 0)
    placed = runs(text, font)
    if len(placed) == 1:
        ImageDraw.Draw(mask).text((-bx0, -by0), placed[0][1], font=font, fill=1)
        return mask
    for x, run in placed:
        ink = _framed(run, font)[1]
        if ink is not None:
            (dx, dy), lit = ink
            mask.paste(1, (x + dx - bx0, dy - by0), lit)
    return mask


# --- seven-segment digits ------------------------------------------------------------

#        a
#      f   b
#        g
#      e   c
#        d
_SEGMENTS = {
    "0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc",
    "5": "afgcd", "6": "afgedc", "7": "abc", "8": "abcdefg", "9": "abcdfg",
    "-": "g", " ": "",
}


def digit_width(height: int) -> int:
    """Width in px of one seven-segment digit ``height`` px tall (about 0.62 of it:
    narrower ones made a ``0`` look like a slot at 4x blow-up)."""
    return max(3, round(height * 0.62))


def stroke_for(height: int) -> int:
    """Segment thickness in px for digits ``height`` px tall (about 1/7, at least 1)."""
    return max(1, round(height / 7))


def digits_width(text: str, height: int, gap: int | None = None) -> int:
    """Width in px of ``text`` (digits, ``-``, space) drawn by :func:`draw_digits`."""
    if not text:
        return 0
    g = stroke_for(height) if gap is None else gap
    return len(text) * digit_width(height) + (len(text) - 1) * g


def draw_digit(draw: ImageDraw.ImageDraw, x: int, y: int, ch: str, height: int, fill: int = 1,
               stroke: int | None = None) -> None:
    """One seven-segment glyph with its top-left at (x, y), ``height`` px tall and
    :func:`digit_width` wide. ``"1"`` is right-aligned in its cell, as on a real display.

    :param stroke: segment thickness in px (default :func:`stroke_for`).
    :raises ValueError: ``ch`` is not a digit, ``"-"`` or ``" "``.
    """
    if ch not in _SEGMENTS:
        raise ValueError(f"no seven-segment glyph for {ch!r}")
    w, t = digit_width(height), stroke or stroke_for(height)
    mid = y + (height - t) // 2
    x1, y1 = x + w - 1, y + height - 1  # inclusive, for Pillow
    rects = {
        "a": (x, y, x1, y + t - 1),
        "g": (x, mid, x1, mid + t - 1),
        "d": (x, y1 - t + 1, x1, y1),
        "f": (x, y, x + t - 1, mid + t - 1),
        "b": (x1 - t + 1, y, x1, mid + t - 1),
        "e": (x, mid, x + t - 1, y1),
        "c": (x1 - t + 1, mid, x1, y1),
    }
    for seg in _SEGMENTS[ch]:
        draw.rectangle(rects[seg], fill=fill)


def draw_digits(draw: ImageDraw.ImageDraw, x: int, y: int, text: str, height: int,
                gap: int | None = None, fill: int = 1) -> Box:
    """Draw ``text`` in seven-segment glyphs from top-left (x, y).

    :param height: glyph height in px; width per glyph is :func:`digit_width`.
    :param gap: px between glyphs (default: the stroke width).
    :returns: the box covered, x1/y1 exclusive.
    :raises ValueError: a character without a glyph.
    """
    g = stroke_for(height) if gap is None else gap
    cx = x
    for ch in text:
        draw_digit(draw, cx, y, ch, height, fill)
        cx += digit_width(height) + g
    return (x, y, x + digits_width(text, height, g), y + height)


def half_width(height: int) -> int:
    """Width in px of the stacked ``1/2`` drawn by :func:`draw_half` for a score
    ``height`` px tall."""
    return digit_width(_half_digit_height(height))


def _half_digit_height(height: int) -> int:
    return max(5, (height - 4) // 2)  # leaves 1 px gaps around the 2 px bar between them


def draw_half(draw: ImageDraw.ImageDraw, x: int, y: int, height: int, fill: int = 1) -> Box:
    """A stacked fraction "1 over 2" (one half) in the box (x, y, x + half_width, y + height):
    two small seven-segment digits and a 1 px bar between them.

    :returns: the box covered, x1/y1 exclusive.
    """
    dh = _half_digit_height(height)
    w = digit_width(dh)
    t = max(2, stroke_for(dh)) if dh >= 7 else 1  # 1 px strokes vanish across a room
    draw_digit(draw, x, y, "1", dh, fill, stroke=t)
    bar_y = y + dh + 1  # 1 px gap under the numerator, whatever the parity of height
    draw.rectangle((x, bar_y, x + w - 1, bar_y + 1), fill=fill)
    draw_digit(draw, x, y + height - dh, "2", dh, fill, stroke=t)
    return (x, y, x + w, y + height)

