"""render/page_line.py: a line whose capitals end on the last row of a controller page
at every size it is drawn at (issue 14 item 7)."""

from __future__ import annotations

import pytest

from pitchside.render import fonts
from pitchside.render.page_line import page_line
from pitchside.render.panel import Canvas, Panel


@pytest.mark.parametrize(("size", "cap_top"), [(11, 48), (10, 48), (9, 50)])
def test_the_capitals_end_on_the_page_s_last_row(size: int, cap_top: int) -> None:
    c = Canvas(Panel(128, 64))
    ink = page_line(c, (0, 47, 128, 59), "RESTART B0B", page_end=56, sizes=(size,))
    assert (ink[1], ink[3]) == (cap_top, 56)  # capitals (and digits) from cap_top to row 55
    assert c.image.crop((0, 56, 128, 64)).getbbox() is None


def test_the_size_is_the_largest_that_fits() -> None:
    c = Canvas(Panel(128, 64))
    page_line(c, (0, 47, 128, 59), "Restart: Blue Town moves first", page_end=56, sizes=(11, 10, 9))
    assert fonts.lay_out("Restart: Blue Town moves first", 124, 12, (11, 10, 9)).size == 9
    assert c.image.getbbox() is not None and c.image.getbbox()[1] >= 56 - 7  # 6 px capitals, tall l/f above
    assert c.image.crop((0, 0, 128, 48)).getbbox() is None


def test_descenders_go_to_the_next_page_only() -> None:
    c = Canvas(Panel(128, 64))
    page_line(c, (0, 47, 128, 59), "Bob plays", page_end=56, sizes=(11,))
    below = c.image.crop((0, 56, 128, 64)).getbbox()
    assert below is not None and below[3] <= 59 - 56


def test_a_page_end_outside_the_box_is_refused() -> None:
    with pytest.raises(ValueError, match="page end 64 is not inside rows 47-59"):
        page_line(Canvas(Panel(128, 64)), (0, 47, 128, 59), "X", page_end=64)
