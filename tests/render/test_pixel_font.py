"""The panels' pixel font (render/pixelfont/, fonts.STRIKES): every glyph a screen
draws exists at every strike, stays in its cell with a blank column after it, and the
glyphs a reader must tell apart differ."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import Image, ImageDraw

from pitchside.render import fonts
from render_scenes import PANELS, SCENES, VIEWS
from pitchside.render.pichenotte import render
from support.textfit import TextFit

NOMINAL = tuple(at for at, _ in fonts.STRIKES)
LATIN1 = "".join(chr(c) for c in range(0x20, 0x7F)) + "".join(chr(c) for c in range(0xA1, 0x100) if c != 0xAD)
CURRENCIES = "€£¥$¢"
NAMES = ("Zoé", "Jürgen", "Åsa", "Bjørn", "François", "Ñuño", "Łukasz", "Œdipe", "Şule", "Dvořák")
SPACED = ".,:;!?()-/'"
"""Marks the screens' words use (after a digit: ``"2,"``, ``"10)"``, ``"6:"``)."""
MUST_DIFFER = ("0Oo", "1lI!|i", "5S", "8B", "2Z", "6b", "9g", "uv", "rn", "eé", "uü", "aä", ",.", ":;")


def _glyph(ch: str, size: int) -> Image.Image:
    font = fonts.text_font(size)
    ascent, descent = font.getmetrics()
    cell = Image.new("1", (round(font.getlength(ch)), ascent + descent), 0)
    ImageDraw.Draw(cell).text((0, 0), ch, font=font, fill=1)
    return cell


def _letters_of_names() -> str:
    return "".join(dict.fromkeys("".join(NAMES)))


@pytest.mark.parametrize("size", NOMINAL)
def test_every_latin1_currency_and_name_letter_has_a_glyph(size: int) -> None:
    assert fonts.missing_glyphs(LATIN1 + CURRENCIES + _letters_of_names(), size) == ""


def test_a_char_the_font_lacks_is_named() -> None:
    assert fonts.missing_glyphs("A\u4e00B", fonts.TINY) == "\u4e00"


@pytest.mark.parametrize("size", NOMINAL)
def test_each_glyph_keeps_to_its_cell_with_a_blank_column_after_it(size: int) -> None:
    """Ink inside the cell, and for letters, digits, the marks of the screens' words and
    the currency signs the cell's last column blank: two never join and a space is a
    whole cell wide. (Some symbols and ligature letters, ``Æ`` ``Œ`` ``«``, reach it by
    the font's design, and at the largest strike ``J`` and ``£`` do: a title's.)"""
    font = fonts.text_font(size)
    advance = round(font.getlength("M"))
    bad = []
    for ch in LATIN1 + CURRENCIES + _letters_of_names():
        if ch == " ":
            continue
        assert round(font.getlength(ch)) == advance, ch  # a character cell
        ink = _glyph(ch, size).getbbox()
        assert ink is not None, ch
        assert ink[2] <= advance, ch
        parted = ch.isascii() and (ch.isalnum() or ch in SPACED) or ch in "€¥"
        if parted and ink[2] > advance - 1 and not (size >= 18 and ch in "J"):
            bad.append(ch)
    assert bad == [], f"{fonts.strike_name(size)}: ink in the last column of {''.join(bad)!r}"


@pytest.mark.parametrize("size", NOMINAL)
@pytest.mark.parametrize("group", MUST_DIFFER)
def test_glyphs_a_reader_must_tell_apart_differ(size: int, group: str) -> None:
    masks = {ch: _glyph(ch, size).tobytes() for ch in group}
    alike = [(a, b) for i, a in enumerate(group) for b in group[i + 1:] if masks[a] == masks[b]]
    assert alike == []


def _every_text_drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, int]]:
    with TextFit(monkeypatch) as fit:
        for scene in SCENES.values():
            scene()
        for panel in PANELS.values():
            for view in VIEWS.values():
                render(view(), panel)
    yield from ((d.text, d.size) for d in fit.drawn)


def test_every_word_the_screens_draw_has_its_glyphs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text of every scene at every panel size, at the size it is drawn."""
    drawn = list(_every_text_drawn(monkeypatch))
    assert len(drawn) > 200
    lacking = sorted({(t, fonts.missing_glyphs(t, s)) for t, s in drawn if fonts.missing_glyphs(t, s)})
    assert lacking == []


@pytest.mark.parametrize("size", NOMINAL)
def test_a_price_and_names_with_accents_draw_whole(size: int) -> None:
    """A price in each currency and each name draw as written: every char its own
    glyph, none the font's default."""
    for text in (*(f"CREDIT {c}1.50" for c in CURRENCIES), "1.50 €", "¥300", *NAMES):
        font = fonts.text_font(size)
        mask = fonts.text_mask(text, font)
        assert fonts.missing_glyphs(text, size) == ""
        assert mask.width >= (len(text) - 1) * round(font.getlength("M"))
