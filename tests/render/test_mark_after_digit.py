"""A mark after a digit reads apart from it in every text (render/fonts.py
``runs``, the placement every text shares: ``place_text``/``draw_text`` and the text
blocks of render/widgets.py). The font joins them at most sizes ("2,", "10)", "6:",
"3-2": no blank column between the digit's lit columns and the mark's; at 9 px "0)"
read as a slashed zero): which pairs join at which size is measured here by ink
columns, as Pillow draws the pair in one piece, and each pair that joined must show a
blank column drawn through the shared placement.
"""

from __future__ import annotations

import string

import pytest
from PIL import Image, ImageDraw

from pitchside.render import fonts, widgets
from pitchside.render.panel import Canvas, Panel

SIZES = tuple(range(7, 29))
"""Every text size the screens use (7 px on the smallest panels' fallbacks up to the
28 px moments)."""
MARKS = tuple(m for m in string.punctuation)
"""The marks the font has (ASCII punctuation)."""


def _lit_columns(img: Image.Image) -> list[int]:
    """The columns of ``img`` with a lit pixel (each column averaged to one row)."""
    return [x for x, v in enumerate(img.convert("L").reduce((1, img.height)).tobytes()) if v]


def _ink(img: Image.Image) -> Image.Image:
    """``img`` cropped to its lit pixels."""
    box = img.getbbox()
    assert box is not None
    return img.crop(box)


def _font_draws(text: str, size: int) -> Image.Image:
    """``text`` as Pillow draws it in one piece (the font's own layout), no spacing."""
    img = Image.new("1", (200, 60), 0)
    ImageDraw.Draw(img).text((10, 10), text, font=fonts.text_font(size), fill=1)
    return img


def _parted(pair: Image.Image, digit: Image.Image) -> bool:
    """Whether the column after the digit's last lit one is blank in ``pair`` and ink
    comes after it (the mark's)."""
    last = _lit_columns(digit)[-1]
    lit = _lit_columns(pair)
    return last + 1 not in lit and any(x > last + 1 for x in lit)


def _joined(size: int) -> list[str]:
    """The digit-mark pairs the font joins at ``size`` (marks with ink of their own)."""
    return [d + m for d in string.digits for m in MARKS
            if _lit_columns(_font_draws(m, size)) and not _parted(_font_draws(d + m, size), _font_draws(d, size))]


JOINED = {size: _joined(size) for size in SIZES}


def test_the_font_joins_a_mark_to_the_digit_before_it_at_most_sizes() -> None:
    """The measure (Pillow 13's embedded font, mode "1"): every size but 13 and 20 px
    joins some pair, and at 9 px, the one-page line's, the pairs the tables' words use."""
    assert [s for s in SIZES if JOINED[s]] == [s for s in SIZES if s not in (13, 20)]
    assert {"0)", "2,", "6:", "8,", "0-", "9)"} <= set(JOINED[9])
    assert len(JOINED[9]) == 157


def _drawn(text: str, size: int) -> Image.Image:
    img = Image.new("1", (200, 60), 0)
    fonts.draw_text(ImageDraw.Draw(img), (10, 10), text, fonts.text_font(size), 1)
    return img


@pytest.mark.parametrize("size", [s for s in SIZES if JOINED[s]])
def test_every_pair_the_font_joins_is_drawn_a_blank_column_apart(size: str) -> None:
    """Through draw_text and through paged_text's memoised masks: the column after the
    digit's ink is blank, and the mark is drawn whole (as many lit pixels as the
    digit's and the mark's own)."""
    joined = []
    for pair in JOINED[int(size)]:
        digit, mark = _drawn(pair[0], int(size)), _drawn(pair[1], int(size))
        drawn = _drawn(pair, int(size))
        c = Canvas(Panel.of((200, 60)), 0)
        widgets.paged_text(c, (10, 0, 200, 60), pair, sizes=(int(size),), pad=0)
        paged = c.finish()
        alone = Canvas(Panel.of((200, 60)), 0)
        widgets.paged_text(alone, (10, 0, 200, 60), pair[0], sizes=(int(size),), pad=0)
        count = sum(drawn.getdata()) // 255
        if not (_parted(drawn, digit) and _parted(paged, alone.finish())
                and count == (sum(digit.getdata()) + sum(mark.getdata())) // 255):
            joined.append(pair)
    assert joined == []


def test_a_text_the_font_does_not_join_is_drawn_as_the_font_lays_it_out() -> None:
    """No pair joins: one run, the font's own pixels (the golden frames of such texts
    did not move)."""
    font = fonts.text_font(9)
    text = "ROUND 3 (8>12>17>OUT)"
    assert fonts.runs(text, font) == ((0, text),)
    assert _ink(_drawn(text, 9)).tobytes() == _ink(_font_draws(text, 9)).tobytes()


def test_a_mark_before_a_space_takes_the_room_from_the_space() -> None:
    """At 9 px "2," joins; the comma moves right, the words after it stay where the font
    put them (the text no wider), the comma 2 blank columns clear of the "B"."""
    font = fonts.text_font(9)
    text = "ANN 2, BOB 6"
    assert fonts.runs(text, font) == ((0, "ANN 2"), (29, ","), (29, " BOB 6"))
    assert fonts.text_width(text, font) == 58 == fonts._font_bbox(text, font)[2]
    drawn, own = _ink(_drawn(text, 9)), _ink(_font_draws(text, 9))
    assert drawn.size == own.size
    assert drawn.crop((30, 0, drawn.width, drawn.height)).tobytes() == own.crop((30, 0, own.width, own.height)).tobytes()
    # "2" on columns 23-26, the comma on 28-29 (it was on 26-27, into the 2's foot), "B" from 32
    assert _lit_columns(drawn)[15:22] == [23, 24, 25, 26, 28, 29, 32]
    assert _lit_columns(own)[15:21] == [23, 24, 25, 26, 27, 32]


def test_a_mark_before_more_marks_or_a_letter_moves_the_rest_right() -> None:
    """At 9 px "10)" joins ("0)" a slashed zero): the parenthesis a blank column right
    of the zero, the text 2 px wider than the font lays it out."""
    font = fonts.text_font(9)
    assert fonts.runs("10)", font) == ((0, "10"), (12, ")"))
    assert fonts.text_width("10)", font) == 15
    assert fonts._font_bbox("10)", font)[2] == 13
    drawn = _ink(_drawn("10)", 9))
    assert _lit_columns(drawn) == [0, 1, 2, 5, 6, 7, 8, 9, 11, 12]  # "1", "0", a blank column, ")"


@pytest.mark.parametrize("size", SIZES)
def test_no_glyph_reaches_left_into_the_frame_a_run_is_laid_out_after(size: int) -> None:
    """A run of a spaced text is drawn after fonts._AFTER ("H ") and cut right of the
    "H"'s columns (fonts._framed): no printable glyph after "H " has ink left of the
    column after the "H"'s last, so nothing of a run is cut away."""
    font = fonts.text_font(size)
    h = Image.new("1", (200, 60), 0)
    ImageDraw.Draw(h).text((10, 10), fonts._AFTER, font=font, fill=1)
    cut = h.getbbox()[2]  # type: ignore[index]
    lost = []
    for ch in string.printable.strip():
        img = Image.new("1", (200, 60), 0)
        ImageDraw.Draw(img).text((10, 10), fonts._AFTER + ch, font=font, fill=1)
        if sum(img.crop((0, 0, cut, 60)).getdata()) != sum(h.getdata()):
            lost.append(ch)
    assert lost == []
