"""The 128x64 line that says what happened reads apart from its neighbours
(render/event_line.py):

1. the bottom line under it (the prompt) has no ink in the line's page (rows 40-47)
   and a clear row parts the two, on every 128x64 scene of Boulomania and Pitch Bowl
   (a 9 px prompt's "b", "k", "l" on row 47 joined the line's capitals);
2. Boulomania's board keeps 2 clear rows over the line (its bottom ring's dots one row
   over the capitals read as accents: "BÖB");
3. every mark after a digit leaves a blank column ("ANN 2, BOB 6" read "2," as one
   glyph, "10)" as "1Ø").

The line's ink is told apart from the rest by drawing each scene twice: as it is, and
with the line drawn on a scratch canvas (Boulomania's ``_event``, Pitch Bowl's
``event_line``: the same ink box returned, so the rest is laid out the same).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from pitchside.render.boulomania import layout as bm_layout
from pitchside.render.boulomania import screens as bm_screens
from pitchside.render.event_line import event_line
from pitchside.render.panel import Canvas, Panel
from pitchside.render.pitchbowl import turn as pb_turn
from pitchside.render.screen import render
from test_boulomania_screens import SCENES as BM_SCENES
from test_pitchbowl_screens import SCENES as PB_SCENES

SIZE = (128, 64)
LINE_PAGE = (40, 48)
"""The rows of the line's page (page 5) on 128x64."""

SCENES: dict[str, tuple[Callable[[], object], Any, str]] = {
    **{n: (make, bm_screens, "_event") for n, make in BM_SCENES.items()},
    **{n: (make, pb_turn, "event_line") for n, make in PB_SCENES.items()},
}
"""Every golden scene of both games: its view, and the module and name of what draws
the line on it."""


def _rows(img: Image.Image, columns: range = range(SIZE[0])) -> list[int]:
    """The rows with a lit pixel in ``columns``."""
    mono = img.convert("1")
    return [y for y in range(img.height) if any(mono.getpixel((x, y)) for x in columns)]


def _drawn(name: str, page: int) -> tuple[Image.Image, Image.Image] | None:
    """The scene's 128x64 page ``page`` as drawn, and drawn without the line's ink;
    None when the scene shows no line (no play screen, a notice that takes the line's
    rows, a refusal's overlay over it)."""
    make, module, attr = SCENES[name]
    view = make()
    calls: list[object] = []
    real = getattr(module, attr)

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return real(*args, **kwargs)

    with pytest.MonkeyPatch.context() as m:
        m.setattr(module, attr, counting)
        full = render(view, SIZE, page)
    if not calls:
        return None
    if getattr(getattr(view, "prompt", None), "kind", None) == "refusal":
        return None  # the refusal's overlay covers the screen, the line under it

    def elsewhere(c: Canvas, *args: Any, **kwargs: Any) -> Any:
        """The line drawn on a scratch canvas: its ink box returned, the screen laid
        out as with it, none of its ink on the screen."""
        return real(Canvas(c.panel, c.page), *args, **kwargs)

    with pytest.MonkeyPatch.context() as m:
        m.setattr(module, attr, elsewhere)
        bare = render(view, SIZE, page)
    return full, bare


def _line_rows(full: Image.Image, bare: Image.Image) -> list[int]:
    """The rows of the line's own ink: where the scene differs from it drawn without."""
    diff = Image.frombytes("L", full.size, bytes(int(a != b) * 255 for a, b in
                                                zip(full.convert("L").tobytes(), bare.convert("L").tobytes())))
    return _rows(diff)


def _shown(names: list[str]) -> list[tuple[str, int]]:
    """The (scene, page) pairs of ``names`` that show the line (pages 0 and 1 of each):
    the cases the tests below check, listed when they are collected (no skipped case)."""
    return [(n, p) for n in sorted(names) for p in (0, 1) if _drawn(n, p) is not None]


NO_LINE = ["boulomania_finished", "boulomania_refusal", "pitchbowl_bonus", "pitchbowl_choose", "pitchbowl_finished",
           "pitchbowl_kickoff", "pitchbowl_lost", "pitchbowl_notice", "pitchbowl_placement", "pitchbowl_refusal",
           "pitchbowl_spin", "pitchbowl_toss"]
"""The scenes that show no line on either page: no play screen's line (a match over,
the toss, the kick-off, the placements, a choice), a refusal's overlay over it, or a
notice that takes the line's rows: at 128x64 one wider than a line of the pixel font's 6 px
cells, 21 of them, as "Bob: bonus pitch, now" and "Interception: Ann's turn" are)."""
SHOWN = _shown(list(SCENES))
BM_SHOWN = [(n, p) for n, p in SHOWN if n in BM_SCENES]


def test_the_cases_checked_are_the_scenes_that_show_the_line() -> None:
    """Every scene of both games has a case but those without a play screen's line (a
    refusal over it, a screen without one): a scene that lost its line shows here."""
    assert sorted(set(SCENES) - {n for n, _ in SHOWN}) == NO_LINE


@pytest.mark.parametrize(("name", "page"), SHOWN)
def test_the_bottom_line_stays_out_of_the_lines_page_with_a_clear_row_between(name: str, page: int) -> None:
    drawn = _drawn(name, page)
    assert drawn is not None
    full, bare = drawn
    line = _line_rows(full, bare)
    assert line and LINE_PAGE[0] <= line[0] and line[-1] < LINE_PAGE[1], line
    under = [y for y in _rows(bare) if y >= LINE_PAGE[0]]  # the bottom line (the rest ends by row 39)
    assert under, "no bottom line drawn"
    assert under[0] >= LINE_PAGE[1], f"bottom-line ink on rows {[y for y in under if y < LINE_PAGE[1]]}"
    assert under[0] - line[-1] >= 2, f"line ink to row {line[-1]}, bottom line from row {under[0]}: no clear row"


@pytest.mark.parametrize(("name", "page"), BM_SHOWN)
def test_boulomanias_board_keeps_two_clear_rows_over_the_line(name: str, page: int) -> None:
    drawn = _drawn(name, page)
    assert drawn is not None
    full, bare = drawn
    board = bm_layout.play_layout(Panel.of(SIZE)).board
    assert board is not None
    board_rows = [y for y in _rows(bare, range(board[0], board[2])) if y < LINE_PAGE[0]]
    line = _line_rows(full, bare)
    assert board_rows and line
    assert line[0] - board_rows[-1] - 1 >= 2, f"board ink to row {board_rows[-1]}, the line from row {line[0]}"


MARKS = ",)(:;>-.'!?/+=%"
"""The marks the line can show after a digit (the words use ",", ")", ">", ":", "-";
the rest the font has, checked too)."""


@pytest.mark.parametrize("mark", list(MARKS))
def test_every_mark_after_a_digit_leaves_a_blank_column(mark: str) -> None:
    """For each digit 0-9 then ``mark``: the digit's lit columns and the mark's are
    parted by at least one column with no lit pixel."""
    joined = []
    for digit in "0123456789":
        c = Canvas(Panel.of(SIZE), 0)
        event_line(c, (0, 40, 128, 48), f"{digit}{mark}", align="left")
        img = c.finish().convert("1")
        lit = [x for x in range(SIZE[0]) if any(img.getpixel((x, y)) for y in range(*LINE_PAGE))]
        runs = sum(1 for i, x in enumerate(lit) if i == 0 or lit[i - 1] != x - 1)
        alone = Canvas(Panel.of(SIZE), 0)
        event_line(alone, (0, 40, 128, 48), digit, align="left")
        aimg = alone.finish().convert("1")
        digit_cols = [x for x in range(SIZE[0]) if any(aimg.getpixel((x, y)) for y in range(*LINE_PAGE))]
        # the digit's columns then a gap: the first lit column after the digit's last is not next to it
        after = [x for x in lit if x > digit_cols[-1]]
        if runs < 2 or not after or after[0] == digit_cols[-1] + 1:
            joined.append(f"{digit}{mark}")
    assert joined == []
