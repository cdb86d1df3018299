"""A Master Move tournament's table of standings and next pairing (drawn at a size:
the screen from before the layouts, shown on the attract rotation and with NEXT once a
game is over). Every cell is drawn whole: a team name or a footer too
long for its box is paged there (:func:`pitchside.render.widgets.paged_text`, with its
page marker), never cut with "…"."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from PIL import Image

from pitchside.core.tournament import Row
from pitchside.render import screen
from pitchside.render.panel import INK, PAPER, Canvas
from pitchside.render.widgets import paged_text


@dataclass(frozen=True)
class StandingsView:
    """A tournament's table: ``title`` (its name), ``rows`` (from
    :func:`pitchside.core.tournament.standings`), ``footer`` (the next pairing, or the
    champion; the title when empty), ``first`` the index of the first row shown (for
    more teams than fit)."""

    title: str
    rows: tuple[Row, ...]
    footer: str = ""
    first: int = 0


STANDINGS_ROWS = 5
"""Team rows that fit one standings screen at 128x64."""
SIZES = (8,)
"""The table's text size in px: the one whose line (capitals and descenders) fits its
8 px rows."""


def render_standings(view: StandingsView, size: tuple[int, int] = (128, 64), page: int = 0) -> Image.Image:
    """The table of standings: the column heads in an inverse bar (rank, team, played,
    won, Move difference, points), :data:`STANDINGS_ROWS` team rows from
    ``view.first``, and the footer (the next pairing or the champion) under a rule.
    ``view.title`` is shown in the footer when there is no footer text.

    :param page: the page of the paged texts to show (a team name or footer too long for
        its box; the shell turns the pages).
    :returns: a mode ``"1"`` image of ``size`` (any panel: :func:`draw_standings`).
    """
    return screen.render(view, size, page)


def draw_standings(view: StandingsView, c: Canvas) -> None:
    """:func:`render_standings` on any panel's canvas (on 128x32: the heads, one row and
    the footer)."""
    draw = c.draw
    w, h = c.size
    # column edges in px, scaled from the 128 px design
    edges = [round(e * w / 128) for e in (0, 14, 66, 78, 90, 109, 128)]
    cols = list(pairwise(edges))
    heads = ("#", "TEAM", "P", "W", "MD", "PTS")
    row_h = 8
    draw.rectangle((0, 0, w - 1, row_h + 1), fill=1)
    for j, ((c0, c1), label) in enumerate(zip(cols, heads)):
        paged_text(c, (c0, 1, c1, row_h + 1), label, align="left" if j == 1 else "right", sizes=SIZES,
                   pad=3 if j == 1 else 1, fill=PAPER)
    y = row_h + 3
    footer = view.footer or view.title
    for cells in standings_cells(view):
        if y + row_h > h - 10:
            break
        for j, ((c0, c1), value) in enumerate(zip(cols, cells)):
            # the box 1 px taller at the top: a tall lower-case letter fits without moving its row
            paged_text(c, (c0, y - 1, c1, y + row_h), value, align="left" if j == 1 else "right", sizes=SIZES,
                       pad=3 if j == 1 else 1, fill=INK)
        y += row_h
    draw.line((0, h - 10, w - 1, h - 10), fill=1)
    paged_text(c, (0, h - 9, w, h), footer, align="center", sizes=SIZES, pad=1, fill=INK)


def standings_cells(view: StandingsView) -> tuple[tuple[str, str, str, str, str, str], ...]:
    """The text of the team rows :func:`render_standings` draws from ``view.first``
    (at most :data:`STANDINGS_ROWS`): rank (``"3="`` shared), team, played, won, Move
    difference (``"+4"``, ``"0"``, ``"-3"``), points."""
    out = []
    for r in view.rows[view.first:view.first + STANDINGS_ROWS]:
        md = f"{r.diff:+d}" if r.diff else "0"
        out.append((r.rank_text, r.team, str(r.played), str(r.won), md, str(r.points)))
    return tuple(out)


