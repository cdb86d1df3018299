"""render/page_line.py: a line whose capitals end on the last row of a controller page
at every size it is drawn at (one controller page)."""

from __future__ import annotations

import pytest

from pitchside.render.page_line import page_line
from pitchside.render.panel import Canvas, Panel


@pytest.mark.parametrize(("size", "cap_top"), [(11, 49), (10, 49), (9, 50), (8, 50)])
def test_the_capitals_end_on_the_page_s_last_row(size: int, cap_top: int) -> None:
    c = Canvas(Panel(128, 64))
    ink = page_line(c, (0, 47, 128, 59), "RESTART B0B", page_end=56, sizes=(size,))
    assert (ink[1], ink[3]) == (cap_top, 56)  # capitals (and digits) from cap_top to row 55
    assert c.image.crop((0, 56, 128, 64)).getbbox() is None


@pytest.mark.parametrize(("text", "size"), [("Restart: Ann 1st", 12), ("Restart: Bob moves", 10),
                                          ("Restart: Blue Town moves", 8)])
def test_the_size_is_the_largest_that_fits(text: str, size: int) -> None:
    """Drawn with (12, 10, 8) the line is pixel for pixel the line drawn at ``size``
    alone: the largest of the sizes at which it fits the 124 px between the pads (the
    pixel font's strikes: 7x13 cells are 7 px wide, 6x10 cells 6, 5x7 cells 5: 17, 20 and 24
    characters)."""
    def drawn(sizes: tuple[int, ...]) -> bytes:
        c = Canvas(Panel(128, 64))
        page_line(c, (0, 47, 128, 59), text, page_end=56, sizes=sizes)
        assert c.image.crop((0, 0, 128, 47)).getbbox() is None  # at most a tall letter's top in row 47
        return c.image.tobytes()

    assert drawn((12, 10, 8)) == drawn((size,))
    assert all(drawn((12, 10, 8)) != drawn((other,)) for other in (12, 10, 8) if other != size)


def test_descenders_go_to_the_next_page_only() -> None:
    c = Canvas(Panel(128, 64))
    page_line(c, (0, 47, 128, 59), "Bob plays", page_end=56, sizes=(11,))
    below = c.image.crop((0, 56, 128, 64)).getbbox()
    assert below is not None and below[3] <= 59 - 56


def test_a_page_end_outside_the_box_is_refused() -> None:
    with pytest.raises(ValueError, match="page end 64 is not inside rows 47-59"):
        page_line(Canvas(Panel(128, 64)), (0, 47, 128, 59), "X", page_end=64)
