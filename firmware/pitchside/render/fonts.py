"""Fonts and glyphs for a 1-bit OLED read from across a pub table.

Two kinds of lettering:

* **Text** (names, labels, prompts, prices): a pixel font, the X.Org "misc-fixed"
  character-cell family (public domain; Debian's ``xfonts-base``), in the strikes of
  :data:`STRIKES`, shipped as PCF files in ``render/pixelfont/`` and loaded by Pillow's
  FreeType at their design sizes (``ImageFont.truetype``): every pixel is the font
  designer's, nothing is scaled or hinted. Each strike covers Latin-1, Latin Extended-A
  and the currency signs (``€ £ ¥ $``...), so a pub's prices and names with accents
  (``Zoé``, ``Jürgen``) draw as written, and ``0 O``, ``1 l I !`` are distinct shapes
  at every size (tests/render/test_pixel_font.py). A glyph keeps a blank column at the
  right of its cell, so two glyphs never join and a space is always a cell wide.
  Each file is a subset of Debian's: the glyphs of those ranges, punctuation and arrows,
  unchanged (``render/pixelfont/README``; ``scripts/pixelfont`` makes them again). Loaded,
  the eight strikes take 1.0 MiB of memory where the whole files took 5.9 (their
  thousands of other glyphs), and each strike is loaded once for all the nominal sizes
  it draws: a table's resident memory at its first frame is 39.1 MiB
  (``bench/footprint.py``; 38.5 before this font, 49.4 with the whole files) and 42.0
  over 200 matches of the whole table (57.9 with the whole files).

  Screens ask for text by a **nominal size** (9 to 32, roughly the point size of a
  text font: 9 the smallest legible, 12 a name); :data:`STRIKES` maps each to the
  largest strike whose capitals and lines are no taller than the layouts were made for.
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

import gzip
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont
Box = tuple[int, int, int, int]

# Nominal text sizes (see the module docstring).
LARGE = 12
MEDIUM = 11
SMALL = 10
TINY = 9
SIZES = (LARGE, MEDIUM, SMALL, TINY)

STRIKES: tuple[tuple[int, str], ...] = (
    (7, "4x6"),     # capitals 5 px: only where nothing larger fits (the out-of-order frame of a tiny panel)
    (8, "5x7"),     # capitals 6 px, a cell 5 px wide
    (9, "6x9"),     # capitals 6 px, descenders 2: a line of capitals in 8 px (one controller page)
    (10, "6x10"),   # capitals 7 px
    (12, "7x13"),   # capitals 9 px, 18 characters on 128 px
    (14, "8x13B"),  # capitals 10 px, bold
    (16, "9x15B"),  # capitals 10 px, bold and wide
    (18, "10x20"),  # capitals 13 px: the largest, for every nominal size from 18
)
"""Nominal size -> the misc-fixed strike drawn from that size up to the next one."""


def strike_name(size: int) -> str:
    """The name (``"7x13"``) of the strike :func:`text_font` draws nominal ``size`` with.

    :raises ValueError: ``size`` is below the smallest nominal size."""
    chosen = [name for at, name in STRIKES if at <= size]
    if not chosen:
        raise ValueError(f"no text size below {STRIKES[0][0]} px: {size}")
    return chosen[-1]


PIXELFONT = Path(__file__).with_name("pixelfont")
"""Where the strikes' PCF files are (package data)."""


@lru_cache(maxsize=None)
def text_font(size: int) -> ImageFont.FreeTypeFont:
    """The text font at nominal ``size`` (its strike of :data:`STRIKES`), cached; its
    ``size`` is the nominal size (what :func:`line_height` and the layouts key on).

    :raises ValueError: ``size`` is below the smallest nominal size.
    """
    strike = _strike(strike_name(size))
    # A second wrapper of the strike's one FreeType face (the nominal sizes 18 to 32
    # all draw 10x20): only ``size`` differs, the nominal size (FreeType keeps the
    # strike's; Pillow reads it only in font_variant and pickling, which load the file
    # again). Each loaded face holds its file twice (Pillow copies the bytes for
    # FreeType) and FreeType's tables: 0.1-0.2 MiB a strike.
    font = ImageFont.FreeTypeFont.__new__(ImageFont.FreeTypeFont)
    font.__dict__.update(strike.__dict__)
    font.size = size
    return font


@lru_cache(maxsize=None)
def _strike(name: str) -> ImageFont.FreeTypeFont:
    """The strike ``name`` (``"7x13"``) loaded from its PCF file, once."""
    # Uncompressed in memory: FreeType reading the .gz itself inflates the file again
    # from its start for each glyph it seeks back to (2-10 ms a line, 0.02 ms this way).
    pcf = io.BytesIO(gzip.decompress((PIXELFONT / f"{name}.pcf.gz").read_bytes()))
    return ImageFont.truetype(pcf, int(name.split("x")[1].rstrip("B")))


@lru_cache(maxsize=None)
def _notdef(size: int) -> bytes:
    """The mask of the font's default glyph at ``size`` (what a char it lacks draws)."""
    return bytes(text_font(size).getmask("\uffff"))


def missing_glyphs(text: str, size: int = SMALL) -> str:
    """The chars of ``text`` the text font has no glyph for at nominal ``size`` px (each
    would draw as the font's default glyph or nothing). ``""``: all drawable."""
    font = text_font(size)
    out = []
    for ch in dict.fromkeys(text):
        if ch.isspace():
            continue
        mask = font.getmask(ch)
        if mask.getbbox() is None or bytes(mask) == _notdef(size):
            out.append(ch)
    return "".join(out)


_SCRATCH_PAD = 4


@lru_cache(maxsize=8192)
def text_bbox(text: str, font: Font) -> Box:
    """The ink box of ``text`` drawn at (0, 0) with ``font`` (anchor ``"la"``: the top
    of the font's cell), as ``(x0, y0, x1, y1)``, x1/y1 exclusive. A text without ink
    (empty, spaces): (0, 0, 0, 0).

    Cached: a screen measures the same few strings on every frame."""
    if not text or text.isspace():
        return (0, 0, 0, 0)
    mask = _cell_mask(text, font)
    box = mask.getbbox()
    if box is None:
        return (0, 0, 0, 0)
    p = _SCRATCH_PAD
    return (box[0] - p, box[1] - p, box[2] - p, box[3] - p)


@lru_cache(maxsize=4096)
def _cell_mask(text: str, font: Font) -> Image.Image:
    """``text`` drawn at (pad, pad) on a blank mode "1" image with room around it."""
    p = _SCRATCH_PAD
    w = round(font.getlength(text)) + 2 * p
    img = Image.new("1", (w, _cell_height(font) + 2 * p), 0)
    ImageDraw.Draw(img).text((p, p), text, font=font, fill=1)
    return img


@lru_cache(maxsize=None)
def _cell_height(font: Font) -> int:
    ascent, descent = font.getmetrics()
    return int(ascent + descent)


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
    text = " ".join(text.split())
    for size in usable:
        font = text_font(size)
        if text_width(text, font) <= max_width:
            return Fitted(text, font)
    return None


MIN_LEGIBLE = TINY
"""The smallest text size in px a player reads at arm's length on a 128x64 panel: text
that does not fit at it is paged (:func:`lay_out`), never cut."""

CAPITALS_TINY = 8
"""The 5x7 strike: capitals 6 px tall, as tall as the smallest legible size's (6x9), in
5 px cells where that one's are 6. A line all in capitals may take it after the sizes
a layout offers (:func:`capitals_sizes`); lower case in it is too small to read."""


def capitals_sizes(text: str, sizes: tuple[int, ...]) -> tuple[int, ...]:
    """``sizes`` and, for a ``text`` without lower case whose smallest size is
    :data:`MIN_LEGIBLE`, :data:`CAPITALS_TINY` after them: a warning in capitals
    (``"! JOURNAL MOVED ASIDE"``) on one line where 6 px cells would page it."""
    if sizes and sizes[-1] == MIN_LEGIBLE and text == text.upper():
        return (*sizes, CAPITALS_TINY)
    return sizes


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
    collapsed first. Widths are the drawn ones (:func:`text_width`).

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
    words = tuple(text.split())
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
    top = text_bbox("0AH", font)[1]
    bottom = text_bbox("gjpqy", font)[3]
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
    """``text`` rasterised once into a mode "1" mask the size of its ink box: a screen
    draws the same strings frame after frame. Pasting the mask gives the same pixels."""
    bx0, by0, bx1, by1 = text_bbox(text, font)
    p = _SCRATCH_PAD
    return _cell_mask(text, font).crop((bx0 + p, by0 + p, bx1 + p, by1 + p))


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

