"""A panel frame as terminal text that fits the terminal it is drawn in.

Three views, tried in this order by :func:`choose` (``auto``), the first that fits wins:

========  ====================================  =======================================
 view      one character cell holds              128x64 / 256x64 / 128x128 panel (cells)
========  ====================================  =======================================
 blocks    1x2 pixels (half blocks ``▀▄█``)       128x32 / 256x32 / 128x64
 braille   2x4 pixels (Braille dots U+2800..)     64x16 / 128x16 / 64x32
 small     4x8 pixels: Braille at half scale      32x8 / 64x8 / 32x16
           (a dot is lit when any of its 2x2
           pixels is)
========  ====================================  =======================================

A frame is drawn inside a one-character border (``+--+`` and ``|``), with footer lines
under it (a status line, the keys), each wrapped to the terminal's width; between the
two, in the rows left, the screen's words as plain text (``text``). So a 128x64
panel needs 66 columns and 18 + footer rows in Braille: it fits an 80x24 terminal; a
256x64 panel needs 130 columns in Braille, so an 80-column terminal gets ``small``.
When no view fits, :func:`compose` gives instead a message saying what the terminal is
and the width and height the panel needs (:func:`too_small`).

Pure: no terminal is read here; the caller passes the size (``shutil.get_terminal_size``).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

VIEWS = ("blocks", "braille", "small")
"""The views in the order ``auto`` tries them (most detail first)."""
CELL: dict[str, tuple[int, int]] = {"blocks": (1, 2), "braille": (2, 4), "small": (4, 8)}
"""Pixels per character cell of each view, (columns, rows)."""
LIT_LEVEL = 32
"""A pixel of a greyscale or colour frame is lit from this luminance (0..255) up, so a
dim grey line still shows; a mode "1" pixel is lit when set."""

_BRAILLE_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))
"""Bit of each dot of a Braille cell, by (row 0..3, column 0..1): dots 1-2-3-7 down the
left, 4-5-6-8 down the right (Unicode's Braille Patterns block, base U+2800)."""


@dataclass(frozen=True, slots=True)
class Fit:
    """What a view of a panel takes in a terminal, border and footer included.

    :param view: one of :data:`VIEWS`.
    :param columns: characters across (the frame's cells plus the two border columns).
    :param rows: lines down (the frame's cells, two border lines, the footer lines).
    """

    view: str
    columns: int
    rows: int


def lit(image: Image.Image) -> list[list[bool]]:
    """The lit pixels of ``image`` (any mode), as rows of booleans, ``[y][x]``."""
    grey = image.convert("L") if image.mode != "1" else image
    w, h = grey.size
    data = list(grey.getdata())
    level = 1 if image.mode == "1" else LIT_LEVEL
    return [[data[y * w + x] >= level for x in range(w)] for y in range(h)]


def half_blocks(image: Image.Image) -> list[str]:
    """``image`` as lines of half blocks: two pixel rows per line, one column per pixel.

    :returns: ``ceil(height / 2)`` lines, each ``width`` characters (spaces where dark).
    """
    px = lit(image)
    w, h = image.size
    lines = []
    for y in range(0, h, 2):
        row = []
        for x in range(w):
            top, bottom = px[y][x], y + 1 < h and px[y + 1][x]
            row.append("\u2588" if top and bottom else "\u2580" if top else "\u2584" if bottom else " ")
        lines.append("".join(row))
    return lines


def braille(image: Image.Image, scale: int = 1) -> list[str]:
    """``image`` as lines of Braille cells, each 2x4 dots; with ``scale`` 2 each dot is a
    2x2 block of pixels, lit when any of them is. A cell with no dot lit is a space.

    :param scale: pixels per dot across and down, 1 or 2.
    :returns: ``ceil(height / (4 * scale))`` lines of ``ceil(width / (2 * scale))``
        characters.
    :raises ValueError: ``scale`` is not 1 or 2.
    """
    if scale not in (1, 2):
        raise ValueError(f"scale must be 1 or 2, not {scale!r}")
    px = lit(image)
    w, h = image.size
    dw, dh = -(-w // scale), -(-h // scale)  # the dots across and down

    def dot(x: int, y: int) -> bool:
        return any(px[yy][xx] for yy in range(y * scale, min(h, (y + 1) * scale))
                   for xx in range(x * scale, min(w, (x + 1) * scale)))  # fmt: skip

    lines = []
    for cy in range(0, dh, 4):
        row = []
        for cx in range(0, dw, 2):
            bits = 0
            for r in range(4):
                for c in range(2):
                    if cy + r < dh and cx + c < dw and dot(cx + c, cy + r):
                        bits |= _BRAILLE_BITS[r][c]
            row.append(chr(0x2800 + bits) if bits else " ")
        lines.append("".join(row))
    return lines


def cells(view: str, size: tuple[int, int]) -> tuple[int, int]:
    """Character cells (columns, rows) a ``size`` (width, height px) frame takes in ``view``."""
    cw, ch = CELL[view]
    return -(-size[0] // cw), -(-size[1] // ch)


KeyHelp = tuple[tuple[str, str], ...]
"""Key help: (key, what it does) pairs, e.g. ``(("t", "toss"), ("q", "quit"))``."""


Footer = tuple["str | KeyHelp", ...]
"""Lines under the panel: text (wrapped at spaces) or key help (wrapped between pairs)."""


def fit(view: str, size: tuple[int, int], footer: Footer, columns: int) -> Fit:
    """What ``view`` of a ``size`` panel takes with ``footer`` wrapped to ``columns``."""
    cols, rows = cells(view, size)
    return Fit(view, cols + 2, rows + 2 + len(wrapped(footer, columns)))


def wrapped(footer: Footer, columns: int) -> list[str]:
    """The footer lines, each wrapped at spaces to at most ``columns`` characters (a
    word longer than that is cut), key help between pairs (:func:`wrap_pairs`)."""
    out: list[str] = []
    for line in footer:
        if isinstance(line, str):
            out.extend(textwrap.wrap(line, max(1, columns), break_on_hyphens=False) or [""])
        else:
            out.extend(wrap_pairs(line, columns))
    return out


def help_text(pairs: KeyHelp) -> str:
    """Key help on one line: ``"t toss  q quit"``."""
    return "  ".join(f"{key} {label}" for key, label in pairs)


def wrap_pairs(pairs: Sequence[tuple[str, str]], columns: int) -> list[str]:
    """Key help as lines of at most ``columns`` characters: each ``key label`` pair
    whole, two spaces between pairs, a line broken only between pairs (a pair longer
    than the line gets a line of its own, cut)."""
    lines: list[str] = []
    line = ""
    for key, label in pairs:
        pair = f"{key} {label}"
        if line and len(line) + 2 + len(pair) > columns:
            lines.append(line)
            line = ""
        line = f"{line}  {pair}" if line else pair
    if line:
        lines.append(line)
    return [x[: max(1, columns)] for x in lines]


def fitted_text(text: tuple[str, ...], columns: int, rows: int) -> list[str]:
    """``text`` wrapped to ``columns``, at most ``rows`` lines; cut text ends ``...``."""
    lines = wrapped(tuple(text), columns) if text else []
    if len(lines) <= rows:
        return lines
    if rows <= 0:
        return []
    kept = lines[:rows]
    kept[-1] = kept[-1][: max(0, columns - 3)].rstrip() + "..."
    return kept


def choose(size: tuple[int, int], terminal: tuple[int, int], footer: Footer = (),
           view: str = "auto") -> Fit | None:  # fmt: skip
    """The view to draw a ``size`` panel in a ``terminal`` of (columns, rows): ``view``
    itself, or with ``auto`` the first of :data:`VIEWS` that fits; None when it does not
    fit.

    :raises ValueError: ``view`` is not ``auto`` or one of :data:`VIEWS`.
    """
    if view != "auto" and view not in VIEWS:
        raise ValueError(f"view must be auto or one of {', '.join(VIEWS)}, not {view!r}")
    for name in VIEWS if view == "auto" else (view,):
        f = fit(name, size, footer, terminal[0])
        if f.columns <= terminal[0] and f.rows <= terminal[1]:
            return f
    return None


def too_small(size: tuple[int, int], terminal: tuple[int, int], footer: Footer = (),
              view: str = "auto") -> str:  # fmt: skip
    """The message for a terminal no view fits: ``"the terminal is 30x10: the 128x64
    panel needs at least 66 columns x 20 rows (Braille dots) or 34 columns x 12 rows
    (small); make the window bigger (q quits)"`` (with no footer)."""
    names = VIEWS[1:] if view == "auto" else (view,)
    needs = []
    for name in names:
        cols, _ = cells(name, size)
        f = fit(name, size, footer, cols + 2)  # the footer wrapped to the frame's own width
        needs.append(f"{f.columns} columns x {f.rows} rows ({'Braille dots' if name == 'braille' else name})")
    return (f"the terminal is {terminal[0]}x{terminal[1]}: the {size[0]}x{size[1]} panel needs at least "
            f"{' or '.join(needs)}; make the window bigger (q quits)")  # fmt: skip


def compose(frame: Image.Image, terminal: tuple[int, int], footer: Footer = (),
            view: str = "auto", text: tuple[str, ...] = ()) -> tuple[list[str], Fit | None]:  # fmt: skip
    """The screen for ``frame``: the lines to draw (each at most ``terminal[0]``
    characters, at most ``terminal[1]`` of them when a view fits) and the fit used, or
    the :func:`too_small` message wrapped to the terminal and None.

    :param text: the screen's words (:mod:`pitchside_sim.words`), drawn between the
        panel and the footer in the rows the view leaves (wrapped; cut with ``...``
        when they do not all fit): they never make the panel's view smaller."""
    f = choose(frame.size, terminal, footer, view)
    if f is None:
        return wrapped((too_small(frame.size, terminal, footer, view),), terminal[0])[: max(1, terminal[1])], None
    body = half_blocks(frame) if f.view == "blocks" else braille(frame, 2 if f.view == "small" else 1)
    inner = f.columns - 2
    border = "+" + "-" * inner + "+"
    said = fitted_text(text, terminal[0], terminal[1] - f.rows)
    panel = [border, *("|" + line.ljust(inner) + "|" for line in body), border]
    return [*panel, *said, *wrapped(footer, terminal[0])], f
