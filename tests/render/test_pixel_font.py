"""The panels' pixel font (render/pixelfont/, fonts.STRIKES): every glyph a screen
draws exists at every strike, stays in its cell with a blank column after it, and the
glyphs a reader must tell apart differ."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Iterator
from types import ModuleType

import pytest
from PIL import Image, ImageDraw


from pitchside.core.pricing import Pricing, money
from pitchside.render import fonts, screen
from pitchside.render.kiosk import AttractView
from pitchside.render.panel import Panel
from pitchside.render.pichenotte import render
from pitchside.render.screen import Frame
from render_scenes import PANELS, SCENES, VIEWS
from render_scenes import VIEWS as SCENE_VIEWS
from support.golden import show_frame
from support.textfit import TextFit, draw_every_page

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
def test_the_strikes_are_subsets_without_other_scripts(size: int) -> None:
    """The files keep Latin, punctuation, currency signs and arrows (scripts/pixelfont):
    Greek and Cyrillic, which xfonts-base's strikes have, are left out."""
    assert fonts.missing_glyphs("AαЖ€→…", size) == "αЖ"


def test_nominal_sizes_of_one_strike_share_its_face() -> None:
    """Each strike is loaded once: every nominal size it draws wraps the same FreeType
    face, with its own nominal ``size``."""
    big = [fonts.text_font(s) for s in (18, 24, 32)]
    assert [f.size for f in big] == [18, 24, 32]
    assert big[0].font is big[1].font is big[2].font
    assert fonts.text_font(10).font is fonts.text_font(11).font
    assert fonts.text_font(9).font is not fonts.text_font(10).font
    assert bytes(big[2].getmask("Zoé €1.50")) == bytes(fonts._strike("10x20").getmask("Zoé €1.50"))


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


def _game_views() -> list[object]:
    """Every golden scene's view of the other four games (their screen tests' scenes)."""
    import test_boulomania_screens as bm
    import test_mastermove_screens as mm
    import test_pitchbowl_screens as pb
    import test_pitchnut_screens as pn
    from pitchside.tables import pitchnut as pn_table

    return [*(f() for f in bm.SCENES.values()), *(f() for f in pb.SCENES.values()),
            *(pn_table.view(f()) for f in pn.SCENES.values()), *(f() for f in mm.VIEWS.values())]


def _every_text_drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, int]]:
    games = _game_views()
    with TextFit(monkeypatch) as fit:
        for scene in SCENES.values():
            scene()
        for panel in ALL_PANELS.values():
            for view in VIEWS.values():
                render(view(), panel)
            for v in games:
                screen.render(v, panel)  # type: ignore[arg-type]
    yield from ((d.text, d.size) for d in fit.drawn)


def test_every_word_the_screens_draw_has_its_glyphs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text of every golden scene of the five games at every panel size, at the
    size it is drawn."""
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


ALL_PANELS = {"128x64": Panel(128, 64), "96x48": Panel(96, 48), **PANELS}
"""Every panel size the product lays screens out for."""
PRICED = {c: Pricing(currency=c, game=150) for c in CURRENCIES if c != "¢"}


@pytest.mark.parametrize("panel", sorted(ALL_PANELS))
def test_frames_of_prices_and_names_with_accents_show_whole(panel: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The attract screen's credit line in each currency and a match between Zoé and
    Jürgen Ørjan, at every panel size: every text whole over its pages, no glyph
    missing, no ink outside its box (the text-fit checker), each char drawn."""
    p = ALL_PANELS[panel]
    frames = []
    for sign, pricing in PRICED.items():
        line = f"CREDIT {money(pricing, 50)}  GAME {money(pricing, 150)}"
        view = AttractView("PICHENOTTE", (line, "INSERT COIN"))
        with TextFit(monkeypatch) as fit:
            assert draw_every_page(fit, Frame(view), p) >= 1
            frames.append((f"attract_{ord(sign):x}", screen.render(view, p)))
        assert fit.problems(p.size) == [] and fit.shows(line), (sign, fit.problems(p.size))
    names = ("Zoé", "Jürgen Ørjan")
    view = dataclasses.replace(SCENE_VIEWS["toss"](), names=names)  # "Zoé v Jürgen Ørjan" on every panel
    with TextFit(monkeypatch) as fit:
        draw_every_page(fit, Frame(view), p)
        frames.append(("names_accents", screen.render(view, p)))
    assert fit.problems(p.size) == []
    said = " ".join(d.text for d in fit.drawn).split()  # a name may wrap between its words
    assert {"Zoé", "Jürgen", "Ørjan"} <= set(said), said
    for name, frame in frames:
        show_frame(frame, f"font_{name}.png")


def _strings(value: object, seen: set[int]) -> Iterator[str]:
    """Every str inside ``value`` (dicts, sequences, dataclasses, enums), once."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k, seen)
            yield from _strings(v, seen)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            yield from _strings(v, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _strings(getattr(value, f.name), seen)


def _words_modules() -> list[ModuleType]:
    import pitchside.core.words as package

    return [importlib.import_module(m.name) for m in pkgutil.walk_packages(package.__path__, "pitchside.core.words.")]


def test_every_string_of_the_words_modules_has_its_glyphs_at_every_size() -> None:
    """The words the screens say come from pitchside.core.words (every game's notices,
    refusals, menus): each string of each module, at every strike."""
    seen: set[int] = set()
    texts = {t for m in _words_modules() for name, v in vars(m).items()
             if not name.startswith("__") and not isinstance(v, ModuleType) and not callable(v)
             for t in _strings(v, seen)}
    assert len(texts) > 100
    lacking = sorted({(t, fonts.strike_name(s)) for t in texts for s in NOMINAL if fonts.missing_glyphs(t, s)})
    assert lacking == []
