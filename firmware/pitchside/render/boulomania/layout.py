"""Where each part of the Boulomania play screen goes on each panel layout
(:data:`pitchside.render.panel.LAYOUTS`), as boxes in px ``(x0, y0, x1, y1)``,
x1/y1 exclusive.

* ``standard`` 128x64: the board left (0-70 x 0-37: 2 rows clear over the last
  roll's dice, its ring's dots no accents over the words), the two sides' rows right (a
  turn marker, the name, the bowls in hand under it, the score in 16 px digits in two
  whole controller pages: rows 0-15 and 24-39 of rows 0-19 and 20-39); the last roll
  on one 8 px page (rows 40-47, page 5: 7 px dice, the words in capitals at the
  smallest legible size, :func:`~pitchside.render.event_line.event_line`), the bottom
  line from row 48 (page 6), a clear row under the last roll's ink
  (:func:`~pitchside.render.event_line.under_line`: 10-11 px capitals on rows 48-55,
  9 px ones on 49-54 under their ascenders, descenders below): a new roll redraws one
  page, a new declared throw one page (one controller page).
* ``small`` 96x48: the standard layout scaled, the lines centred in 11 and 12 px rows.
* ``reduced`` 128x32: no board; the two sides' rows side by side (marker, name, bowls
  in hand, 18 px digits), the bottom line paging the prompt, or the last roll and the
  declared throw.
* ``wide`` 256x64: the board left (0-96 x 0-52, 5 px bowls), the two sides in columns
  (name over digits up to 32 px, bowls in hand under them), the last roll and the
  declared throw side by side on the bottom line.
* ``tall`` 128x128: the board across the top (0-128 x 0-58, 5 px bowls), the two sides
  in columns (name over 26 px digits), the last roll, the bottom line (13 px).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pitchside.render import fonts
from pitchside.render.boulomania.marks import BOWL_R
from pitchside.render.fonts import Box
from pitchside.render.panel import Panel

Style = Literal["row", "column"]


@dataclass(frozen=True, slots=True)
class PlayLayout:
    """The play screen's boxes on one panel.

    :param board: the board's box, or None (no board on this layout).
    :param bowl_r: the radius in px of a bowl space's circle.
    :param sides: side A's and side B's boxes.
    :param style: ``"row"``: marker, name and bowls in hand, digits right;
        ``"column"``: marker and name on top, digits under, bowls in hand at the foot.
    :param last: the last roll's box, or None (said on the bottom line).
    :param bottom: the bottom line's box.
    :param choice: where the declared throw goes when it is not on the bottom line
        with the last roll before it (the wide layout: beside the last roll).
    :param sizes: the font sizes of the bottom line, largest first.
    :param name_sizes: the font sizes of the names.
    :param digits: the tallest score digits in px.
    :param top: the last roll on one controller page (7 px dice, the words in
        capitals), the score digits in whole pages and the bottom line at the top of
        its box, a clear row under the last roll's ink
        (:func:`~pitchside.render.event_line.under_line`), not centred.
    """

    board: Box | None
    bowl_r: int
    sides: tuple[Box, Box]
    style: Style
    last: Box | None
    bottom: Box
    choice: Box | None = None
    sizes: tuple[int, ...] = fonts.SIZES
    name_sizes: tuple[int, ...] = (fonts.TINY,)
    digits: int = 18
    top: bool = False


def play_layout(panel: Panel) -> PlayLayout:
    """The play screen's boxes for ``panel`` (module docstring).

    :raises ValueError: no layout for the panel's size.
    """
    w, h = panel.size
    layout = panel.layout
    if layout == "reduced":
        return PlayLayout(board=None, bowl_r=BOWL_R, sides=((0, 0, 64, 21), (64, 0, 128, 21)), style="row",
                          last=None, bottom=(0, 21, 128, 32), sizes=(fonts.SMALL, fonts.TINY))
    if layout == "wide":
        return PlayLayout(board=(0, 0, 96, 52), bowl_r=5, sides=((98, 0, 177, 52), (177, 0, 256, 52)),
                          style="column", last=(0, 52, 128, 64), bottom=(128, 52, 256, 64), choice=(128, 52, 256, 64),
                          name_sizes=(fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY), digits=32)
    if layout == "tall":
        return PlayLayout(board=(0, 0, 128, 58), bowl_r=5, sides=((0, 58, 64, 104), (64, 58, 128, 104)),
                          style="column", last=(0, 104, 128, 115), bottom=(0, 115, 128, 128),
                          name_sizes=(fonts.LARGE, fonts.MEDIUM, fonts.SMALL, fonts.TINY), digits=26)
    split = round(72 * w / 128)  # standard, small
    if layout == "standard":  # the last roll and the digits in whole controller pages (module docstring)
        return PlayLayout(board=(0, 0, split - 1, 38), bowl_r=BOWL_R,
                          sides=((split + 1, 0, w, 20), (split + 1, 20, w, 40)), style="row",
                          last=(0, 40, w, 48), bottom=(0, 48, w, h), sizes=(fonts.MEDIUM, fonts.SMALL, fonts.TINY),
                          top=True)
    top_h = h - 12 - 11
    row = top_h // 2
    return PlayLayout(board=(0, 0, split - 1, top_h), bowl_r=BOWL_R,
                      sides=((split + 1, 0, w, row), (split + 1, row, w, 2 * row)), style="row",
                      last=(0, top_h, w, top_h + 11), bottom=(0, h - 12, w, h))
