"""The out-of-order frame at every panel size a config may give
(``[display] width/height`` 8..512 px); the 128x64 frame is the golden ``out_of_order``."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from pitchside.render import fonts
from pitchside.render.out_of_order import LINES, TITLE, body_lines, render_out_of_order

SIZES = [(128, 64), (96, 48), (128, 128), (256, 64), (512, 512), (128, 32), (64, 48), (64, 32),
         (95, 64), (128, 47), (64, 16), (20, 10), (8, 8), (1, 1)]  # fmt: skip


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_any_size_gives_a_lit_frame_of_that_size(size: tuple[int, int]) -> None:
    img = render_out_of_order(size)
    assert img.mode == "1" and img.size == size
    assert img.getbbox() is not None  # never a blank (switched-off looking) panel


def lit(img: Image.Image) -> int:
    """Lit pixels of a mode "1" image."""
    return sum(img.histogram()[1:])


def _ink(size: tuple[int, int], lines: list[tuple[str, int]]) -> int:
    """Lit pixels of ``lines`` (text, font size) drawn alone: a stand-in for 'all of it
    is there' that does not depend on the layout."""
    img = Image.new("1", (size[0] + 8, size[1] + 8))
    draw = ImageDraw.Draw(img)
    y = 4  # clear of the top edge: nothing is clipped
    for text, s in lines:
        fonts.draw_text(draw, (4, y), text, fonts.text_font(s))
        y += fonts.line_height(s) + 1
    return lit(img)


@pytest.mark.parametrize("width", [96, 128])
def test_a_full_size_panel_says_every_line_without_cutting_it(width: int) -> None:
    img = render_out_of_order((width, 64))
    body = img.crop((0, 15, width, 64))
    size, lines = body_lines(width, 49)
    assert size == fonts.SMALL  # 6x10: "Call the staff." (15 cells of 6 px) fits 94 px
    assert lines == LINES  # every line whole, one line each
    expected = _ink((width, 49), [(line, size) for line in lines])
    assert lit(body) == expected


def test_the_title_bar_is_inverse_on_a_full_size_panel() -> None:
    img = render_out_of_order((128, 64))
    assert img.getpixel((0, 0)) and img.getpixel((127, 13))  # lit bar corners
    assert not img.getpixel((0, 14)) and not img.getpixel((0, 63))


def test_a_small_panel_shows_the_title_alone_black_on_lit() -> None:
    img = render_out_of_order((128, 32))
    dark = 128 * 32 - lit(img)
    assert dark == _ink((128, 32), [(TITLE, fonts.LARGE)])


def test_a_panel_too_small_for_any_font_gets_a_lit_border() -> None:
    img = render_out_of_order((8, 8))
    assert img.getpixel((0, 0)) and img.getpixel((7, 7)) and not img.getpixel((3, 3))


@pytest.mark.parametrize("size", [(0, 64), (128, 0), (-1, 5)])
def test_an_empty_panel_is_refused(size: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match="at least 1 px"):
        render_out_of_order(size)
