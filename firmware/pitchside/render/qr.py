"""The table's web address as a QR code on the OLED: the kiosk's attract
screen shows it in turn with its other pages, and the menu has a row for it, so a player
can follow the match on a phone.

The code is dark modules on a lit quiet zone (the polarity a phone's scanner expects),
the caption beside it. :func:`fit` chooses, in this order of preference: 2 px per module
or more with a quiet zone of 2 to 4 modules at error correction M, then the same at L
(a smaller version: ``http://pitchside-t1.local:8080/`` is version 3 at M, 29 modules,
which needs 66 px at 2 px with 2 modules of quiet zone, but version 2 at L, 25 modules:
2 px, 3 modules = 62 px), then 2 px with a 1-module quiet zone, then 1 px. On 128x64 a
hostname URL with a port, or an IP address with a port, gets 2 px (tests/render/test_qr.py
decodes them with zbar).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from pitchside.render import fonts, screen
from pitchside.render.panel import Canvas
from pitchside.render.widgets import paged_text

MIN_QUIET = 2
"""The quiet zone kept at least (modules); the standard's 4 when the panel has room."""
MAX_QUIET = 4


@dataclass(frozen=True, slots=True)
class QRView:
    """A QR code of ``url`` with up to three caption ``lines`` beside it (e.g.
    ``("FOLLOW", "ON YOUR", "PHONE")``) and a ``hint`` under them (``"NEXT: back"``)."""

    url: str
    lines: tuple[str, ...] = ("FOLLOW", "THIS MATCH", "ON A PHONE")
    hint: str = ""


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the code goes: ``scale`` px per module, ``quiet`` modules of quiet zone,
    ``side`` px of the whole square (quiet zone included), its top-left at ``x, y``."""

    scale: int
    quiet: int
    side: int
    x: int
    y: int


def matrix(url: str, error: str = "m") -> list[list[bool]]:
    """The code's modules (True: dark), segno at error correction ``error`` or better
    (segno raises it while the version stays), no quiet zone.

    :raises ValueError: the URL is too long for a QR code.
    """
    import segno  # only here: a table without a [web] url never loads it

    try:
        code = segno.make(url, error=error, micro=False)
    except segno.DataOverflowError as exc:
        raise ValueError(f"{url!r} is too long for a QR code") from exc
    return [[bool(m) for m in row] for row in code.matrix]


def layout(modules: int, size: tuple[int, int], min_scale: int = 1, min_quiet: int = MIN_QUIET) -> Layout | None:
    """The largest module size (at least ``min_scale`` px), then the widest quiet zone
    (``min_quiet`` to :data:`MAX_QUIET` modules), that fit the panel's height; at the
    left, centred vertically. None: it does not fit."""
    w, h = size
    for scale in range(max(1, h // modules), min_scale - 1, -1):
        for quiet in range(MAX_QUIET, min_quiet - 1, -1):
            side = (modules + 2 * quiet) * scale
            if side <= h and side <= w:
                return Layout(scale, quiet, side, 0, (h - side) // 2)
    return None


def fit(url: str, size: tuple[int, int]) -> tuple[list[list[bool]], Layout]:
    """The modules and layout of ``url``'s code on ``size`` (the order of preference in
    the module's docstring).

    :raises ValueError: the URL is too long, or its code does not fit even at 1 px.
    """
    tries = ((2, MIN_QUIET, "m"), (2, MIN_QUIET, "l"), (2, 1, "l"), (1, MIN_QUIET, "m"), (1, 1, "l"))
    cells: dict[str, list[list[bool]]] = {}
    for min_scale, min_quiet, error in tries:
        cells.setdefault(error, matrix(url, error))
        at = layout(len(cells[error]), size, min_scale, min_quiet)
        if at is not None:
            return cells[error], at
    raise ValueError(f"the QR code of {url!r} does not fit {size[0]}x{size[1]} px")


def draw_code(img: Image.Image, url: str, size: tuple[int, int], centre: bool = False) -> Layout:
    """Draw the code of ``url`` on ``img`` (mode "1", or a canvas's inks) as :func:`fit`
    lays it out in ``size`` px from the top-left; ``centre``: centred across the image's
    width, at the top. Returns the layout.

    :raises ValueError: as :func:`fit`.
    """
    cells, at = fit(url, size)
    if centre:
        at = Layout(at.scale, at.quiet, at.side, (img.width - at.side) // 2, 0)
    draw = ImageDraw.Draw(img)
    draw.rectangle((at.x, at.y, at.x + at.side - 1, at.y + at.side - 1), fill=1)  # lit: the light modules
    s, off_x, off_y = at.scale, at.x + at.quiet * at.scale, at.y + at.quiet * at.scale
    for r, row in enumerate(cells):
        for c, dark in enumerate(row):
            if dark:
                x, y = off_x + c * s, off_y + r * s
                draw.rectangle((x, y, x + s - 1, y + s - 1), fill=0)
    return at


def render_qr(view: QRView, size: tuple[int, int] = (128, 64)) -> Image.Image:
    """The QR screen for a ``size`` panel in mode "1" (any panel: :func:`draw_qr`).

    :raises ValueError: as :func:`draw_qr`.
    """
    return screen.render(view, size)


TALL_CAPTION_H = 30
"""Px kept under the code on the tall (128x128) panel for the caption and hint."""


def draw_qr(view: QRView, c: Canvas) -> None:
    """The QR screen: on the tall panel the code at the top, centred, the caption and
    hint under it; elsewhere the code at the left and the caption and hint in the width
    left (on 128x32 the code at 1 px per module and the words paged).

    :raises ValueError: the code does not fit, or too little width is left beside it
        for a caption (under 24 px).
    """
    w, h = c.size
    if c.layout == "tall":
        at = draw_code(c.image, view.url, (w, h - TALL_CAPTION_H), centre=True)
        hint_h = 11 if view.hint else 0
        paged_text(c, (0, at.side + 1, w, h - hint_h), " ".join(view.lines), align="center",
                   sizes=(fonts.SMALL, fonts.TINY), max_lines=2, leading=0)
        if view.hint:
            paged_text(c, (0, h - hint_h, w, h), view.hint, align="center", sizes=(fonts.TINY,))
        return
    at = draw_code(c.image, view.url, (w, h))
    x0 = at.x + at.side + 2
    if w - x0 < 24:
        raise ValueError(f"no room beside a {at.side} px QR code on {w}x{h} px")
    if c.layout == "reduced":
        words = " ".join((*view.lines, *((view.hint,) if view.hint else ())))
        paged_text(c, (x0, 0, w, h), words, align="center", sizes=(fonts.SMALL, fonts.TINY), max_lines=3, leading=0)
        return
    rows = [*view.lines[:3], *((view.hint,) if view.hint else ())]
    top = max(0, (h - 13 * len(rows)) // 2)
    for i, line in enumerate(rows):
        y = top + i * 13
        paged_text(c, (x0, y, w, y + 12), line, align="center",
                   sizes=(fonts.SMALL, fonts.TINY) if i < len(view.lines[:3]) else (fonts.TINY,))


screen.register_layout(QRView, draw_qr)
