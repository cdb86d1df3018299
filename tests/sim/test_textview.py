"""The terminal views of a panel frame: Braille dots 2x4 a cell, half
blocks 1x2, Braille at half scale, the one that fits chosen, and a terminal too small
for any told what it needs."""

from __future__ import annotations

import pytest
from PIL import Image

from pitchside_sim.textview import Fit, braille, choose, compose, half_blocks, too_small

HELP = "t toss 1-4 strip/pickup/handoff/pass m miss a all-out f fall d TD e end p def s OK n + - select u undo N new q"


def image(size: tuple[int, int], lit: set[tuple[int, int]], mode: str = "1", level: int = 255) -> Image.Image:
    img = Image.new(mode, size, 0)
    for xy in lit:
        img.putpixel(xy, level if mode != "1" else 1)
    return img


def test_each_dot_of_a_braille_cell_is_its_unicode_bit() -> None:
    # dots 1,2,3,7 down the left column, 4,5,6,8 down the right (U+2800 + bits)
    order = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 3), (1, 3)]
    for bit, xy in enumerate(order):
        assert braille(image((2, 4), {xy})) == [chr(0x2800 + (1 << bit))]
    assert braille(image((2, 4), set(order))) == ["\u28ff"]
    assert braille(image((2, 4), set())) == [" "]  # a dark cell is a space


def test_a_braille_view_takes_a_cell_per_2x4_pixels_and_pads_a_partial_cell() -> None:
    lines = braille(image((5, 6), {(4, 5), (0, 0)}))
    assert lines == ["\u2801  ", "  \u2802"]  # 3 cells across (5 px), 2 down (6 px)


def test_half_scale_lights_a_dot_when_any_of_its_2x2_pixels_is() -> None:
    assert braille(image((4, 8), {(1, 1)}), scale=2) == ["\u2801"]
    assert braille(image((4, 8), {(3, 7)}), scale=2) == ["\u2880"]
    with pytest.raises(ValueError, match="scale must be 1 or 2"):
        braille(image((4, 8), set()), scale=3)


def test_half_blocks_take_two_pixel_rows_a_line() -> None:
    assert half_blocks(image((3, 2), {(0, 0), (1, 1), (2, 0), (2, 1)})) == ["\u2580\u2584\u2588"]


def test_a_grey_pixel_is_lit_from_luminance_32() -> None:
    assert braille(image((2, 4), {(0, 0)}, mode="L", level=32)) == ["\u2801"]
    assert braille(image((2, 4), {(0, 0)}, mode="L", level=31)) == [" "]
    red = Image.new("RGB", (2, 4))
    red.putpixel((0, 0), (255, 0, 0))  # luminance 76
    assert braille(red) == ["\u2801"]


@pytest.mark.parametrize(("size", "terminal", "fit"), [
    ((128, 64), (80, 24), Fit("braille", 66, 16 + 2 + 3)),    # the help line wraps to two
    ((128, 64), (140, 40), Fit("blocks", 130, 32 + 2 + 2)),   # a wide terminal: the most detail
    ((128, 32), (80, 24), Fit("braille", 66, 8 + 2 + 3)),
    ((256, 64), (80, 24), Fit("small", 66, 8 + 2 + 3)),       # Braille would take 130 columns
    ((256, 64), (130, 24), Fit("braille", 130, 16 + 2 + 2)),
    ((128, 128), (80, 24), Fit("small", 34, 16 + 2 + 3)),     # Braille would take 34 rows
    ((128, 64), (30, 10), None),
])  # fmt: skip
def test_the_most_detailed_view_that_fits_is_chosen(size: tuple[int, int], terminal: tuple[int, int],
                                                    fit: Fit | None) -> None:  # fmt: skip
    assert choose(size, terminal, ("pitchbowl", HELP)) == fit


def test_a_view_asked_for_is_kept_or_none_when_it_does_not_fit() -> None:
    assert choose((128, 64), (140, 40), view="braille") == Fit("braille", 66, 18)
    assert choose((128, 64), (80, 24), view="blocks") is None
    with pytest.raises(ValueError, match="view must be auto or one of blocks, braille, small"):
        choose((128, 64), (80, 24), view="ascii")


def test_a_screen_is_the_frame_in_a_border_then_the_footer_all_within_the_terminal() -> None:
    frame = image((128, 64), {(0, 0), (127, 63)})
    lines, fit = compose(frame, (80, 24), ("pitchbowl", HELP))
    assert fit == Fit("braille", 66, 21) and len(lines) == 21
    assert lines[0] == lines[17] == "+" + "-" * 64 + "+"
    assert lines[1] == "|\u2801" + " " * 63 + "|" and lines[16] == "|" + " " * 63 + "\u2880|"
    assert lines[18:] == ["pitchbowl", "t toss 1-4 strip/pickup/handoff/pass m miss a all-out f fall d TD e end p def s",
                          "OK n + - select u undo N new q"]
    assert max(map(len, lines)) <= 80


def test_a_terminal_too_small_is_told_the_size_the_panel_needs() -> None:
    assert too_small((128, 64), (30, 10)) == (
        "the terminal is 30x10: the 128x64 panel needs at least 66 columns x 18 rows (Braille dots) "
        "or 34 columns x 10 rows (small); make the window bigger (q quits)"
    )
    lines, fit = compose(image((128, 64), set()), (30, 10))
    assert fit is None and max(map(len, lines)) <= 30 and len(lines) <= 10
    assert " ".join(lines) == too_small((128, 64), (30, 10))
