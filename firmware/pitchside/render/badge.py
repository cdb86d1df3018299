"""The corner overlays: the storage badge, a small inverse "!" in a frame's top right
corner while the journal is not saving (docs/STORAGE.md; the service page says why),
and the credit mark during a paid match (pay to play): in the top left corner, or where
the frame leaves it room, never over what the screen shows."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from pitchside.render import fonts
from pitchside.render.fonts import Box

BADGE_W, BADGE_H = 7, 11
"""The badge's size in px."""


def draw_badge(image: Image.Image, ink: int | tuple[int, int, int] = 1) -> None:
    """Draw the 7x11 px inverse "!" into the top right corner of ``image`` (any mode,
    changed in place; at least 7x11 px), lit in ``ink`` (a value of the image's mode)."""
    w = image.width
    d = ImageDraw.Draw(image)
    d.rectangle((w - BADGE_W, 0, w - 1, BADGE_H - 1), fill=ink)
    d.rectangle((w - 5, 2, w - 3, 6), fill=_paper(image))
    d.rectangle((w - 5, 8, w - 3, 9), fill=_paper(image))


def _paper(image: Image.Image) -> int | tuple[int, int, int]:
    return (0, 0, 0) if image.mode == "RGB" else 0


MARK_H = 8
"""The credit mark's height in px: one controller page (8 rows) of a monochrome OLED,
so a change of credit sends only that page's columns under the mark."""


@lru_cache(maxsize=64)
def mark_size(text: str) -> tuple[int, int]:
    """The credit mark's box for ``text``: ``(width, ink_x0)``, px; its ink (the 5x7
    strike, drawn with its capitals' top 1 px under the box's top: rows 1-6) with a
    column clear on each side, and where that ink starts from the text's origin."""
    ink, _ = fonts.place_text((0, 1), text, fonts.text_font(fonts.CAPITALS_TINY))
    return ink[2] - ink[0] + 2, ink[0]


def place_mark(image: Image.Image, text: str) -> tuple[Box, str] | None:
    """Where the credit mark of ``text`` goes on ``image`` (a frame drawn, its other
    overlays too): the first box :data:`MARK_H` px high, on a controller page (rows
    8k to 8k+7), in which ``image`` has no ink, so the mark never covers what the
    screen shows.

    Tried in order, with :data:`MARK_GAP` px free around the box: the top page's left
    corner, its right corner, the middle of its first stretch of free columns wide
    enough (between two names); then the left and the right corner of each page below
    it. Then, on a busy frame, the same places with only the box's own clear column
    and rows around it (never between two lines of words: a page below the top one
    offers its corners alone). A text of several words (``"$1.50 FULL"``) that does not fit
    in a place is tried there again as its first word alone (the amount): the mark
    stays on top rather than move down to say why coins are refused.

    :returns: the box ``(x0, y0, x1, y1)``, x1/y1 exclusive, and the words it holds; or
        None when the frame has room for neither (a refusal over the whole panel): no
        mark on that frame."""
    words = tuple(dict.fromkeys((text, text.split(" ", 1)[0])))
    ink = _Ink(image)
    for gap in (MARK_GAP, 0):
        for y in range(0, image.height - MARK_H + 1, MARK_H):
            columns = ink.columns(y // MARK_H, gap)
            for candidate in words:
                width = mark_size(candidate)[0]
                x = _free_x(columns, width, gap, between=y == 0)
                if x is not None:
                    return (x, y, x + width, y + MARK_H), candidate
    return None


MARK_GAP = 2
"""Px kept free around a mark's box (more than the box's own clear column and rows)
where the frame has room, so the mark does not read as part of what is next to it."""

_LIT = bytes([0] + [1] * 255)
"""A byte table: 0 stays 0, any other value is 1."""


class _Ink:
    """Which columns of each page of a frame have ink: one byte a column, 1 where they
    do (box averages of the rows, in C: an ink is never 0, nor its average over 8)."""

    def __init__(self, image: Image.Image) -> None:
        grey = image if image.mode == "L" else image.convert("L")
        self._w, self._h = grey.size
        self._pages = grey.reduce((1, MARK_H)).tobytes().translate(_LIT)
        self._pairs: bytes | None = None  # rows 2k and 2k+1, made when first asked
        self._grey = grey

    def columns(self, page: int, gap: int) -> bytes:
        """The ink of page ``page`` (rows ``8 * page`` to ``8 * page + 7``) and, for a
        ``gap`` of :data:`MARK_GAP`, of the rows that far above and below it."""
        w = self._w
        row = self._pages[page * w:(page + 1) * w]
        if gap == 0:
            return row
        if self._pairs is None:
            self._pairs = self._grey.reduce((1, MARK_GAP)).tobytes().translate(_LIT)
        per = MARK_H // MARK_GAP
        lit = int.from_bytes(row, "big")
        for cell in (page * per - 1, (page + 1) * per):
            if 0 <= cell and (cell + 1) * MARK_GAP <= self._h:
                lit |= int.from_bytes(self._pairs[cell * w:(cell + 1) * w], "big")
        return lit.to_bytes(w, "big")


def _free_x(columns: bytes, width: int, gap: int, *, between: bool) -> int | None:
    """Where a box ``width`` px wide goes in a page of ``columns`` (:class:`_Ink`), with
    ``gap`` free px more beside it (on the panel's side, its edge will do): at the left
    edge, the right edge, else (``between``) centred in the first free stretch that
    holds it; None when none does."""
    n = len(columns)
    if width > n:
        return None
    if b"\x01" not in columns[:width + gap]:
        return 0
    if b"\x01" not in columns[max(0, n - width - gap):]:
        return n - width
    if not between:
        return None
    start = columns.find(bytes(width + 2 * gap))  # the first stretch that holds it starts here
    if start < 0:
        return None
    end = columns.find(b"\x01", start)
    return start + ((n if end < 0 else end) - start - width) // 2


def draw_mark(image: Image.Image, text: str, ink: int | tuple[int, int, int] = 1) -> Box | None:
    """Draw the credit mark ``text`` (``"$1.50"``, ``"$1.50 FULL"``) in the 5x7 strike
    (:data:`~pitchside.render.fonts.CAPITALS_TINY`: a sign and digits, their ink in rows
    1-6 of the box, so ``$`` and ``£`` stay inside the page) into ``image`` (changed in
    place) where :func:`place_mark` finds room, lit in ``ink`` (a value of the image's
    mode): never over anything the frame shows.

    :returns: the mark's box, or None when the frame has no room for it (nothing drawn)."""
    placed = place_mark(image, text)
    if placed is None:
        return None
    box, words = placed
    x0 = mark_size(words)[1]
    fonts.draw_text(ImageDraw.Draw(image), (box[0] + 1 - x0, box[1] + 1), words, fonts.text_font(fonts.CAPITALS_TINY),
                    fill=ink, box=box)  # type: ignore[arg-type]  # an RGB ink goes through draw.bitmap
    return box
