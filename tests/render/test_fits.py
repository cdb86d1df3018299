"""Nothing drawn leaves the panel: the Pichenotte screen's hardest views on every layout
(through :mod:`support.textfit`), and the text helpers' own rules (the text screens,
out-of-order frame and the rest are checked by tests/render/test_text_fit.py)."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageDraw

from pitchside.core.rules import pichenotte as P
from pitchside.render import fonts, widgets
from pitchside.render.pichenotte import PichenotteView, render
from pitchside.render.view import Prompt, TallyEntry
from pitchside.render.panel import Panel
from pitchside.render.screen import Frame
from render_scenes import play_round, shoot, start
from support.textfit import TextFit, draw_every_page


class RecordingDraw(ImageDraw.ImageDraw):
    """An ImageDraw that records the box of everything drawn, as (x0, y0, x1, y1)
    inclusive pixel coordinates."""

    def __init__(self, im: Image.Image) -> None:
        super().__init__(im)
        self.boxes: list[tuple[str, tuple[float, float, float, float]]] = []

    def text(self, xy: Any, text: Any, fill: Any = None, font: Any = None, *args: Any, **kw: Any) -> None:
        if text:
            x0, y0, x1, y1 = self.textbbox(xy, text, font=font)
            self.boxes.append((f"text {text!r}", (x0, y0, x1 - 1, y1 - 1)))
        super().text(xy, text, fill, font, *args, **kw)

    def rectangle(self, xy: Any, *args: Any, **kw: Any) -> None:
        self.boxes.append(("rectangle", _bounds(xy)))
        super().rectangle(xy, *args, **kw)

    def line(self, xy: Any, *args: Any, **kw: Any) -> None:
        self.boxes.append(("line", _bounds(xy)))
        super().line(xy, *args, **kw)

    def polygon(self, xy: Any, *args: Any, **kw: Any) -> None:
        self.boxes.append(("polygon", _bounds(xy)))
        super().polygon(xy, *args, **kw)


def _bounds(xy: Any) -> tuple[float, float, float, float]:
    pts = list(xy)
    if pts and not isinstance(pts[0], tuple):
        pts = list(zip(pts[0::2], pts[1::2]))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def _views() -> dict[str, PichenotteView]:
    long = "Called twenty missed: puck to the ditch " * 3
    s_shoot = shoot(start(P.Options(players="doubles")), 3)
    s_tally = shoot(start(), 24, twenty_every=3)
    s_race = play_round(start(P.Options(format="race500", race_target=5000)), a=(12, 0), b=(0, 0))
    s_race = play_round(s_race, a=(12, 0), b=(0, 0))
    return {
        "toss": PichenotteView(P.new_match(), names=("THE RED TEAM", "THE BLUE TEAM"), prompt=Prompt(long)),
        "shooting": PichenotteView(s_shoot, names=("WIDE NAME HERE", "ANOTHER WIDE ONE"),
                                   prompt=Prompt(long, "warning")),
        "shot_line": PichenotteView(s_shoot, shot_line=long),
        "tally": PichenotteView(s_tally, tally=TallyEntry((12, 12, 12, 12, 12, 12), 4, (99, 99)),
                                prompt=Prompt(long, "refusal"), names=("LONGNAME", "B")),
        "race_big": PichenotteView(s_race),
    }


@pytest.mark.parametrize("panel", [Panel(128, 64), Panel(96, 48), Panel(128, 128, "L"), Panel(256, 64, "L"),
                                   Panel(128, 32)], ids=lambda p: f"{p.width}x{p.height}")
@pytest.mark.parametrize("case", sorted(_views()))
def test_stress_views_fit_every_layout(case: str, panel: Panel, monkeypatch: pytest.MonkeyPatch) -> None:
    with TextFit(monkeypatch) as fit:
        pages = draw_every_page(fit, Frame(_views()[case]), panel)
    assert fit.problems(panel.size) == [] and pages >= 1


def test_finished_with_four_digit_race_scores_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    s = start(P.Options(format="race500", race_target=1000))
    for _ in range(3):
        s = play_round(s, a=(12, 0), b=(0, 0))  # 180 a round
    s = play_round(s, a=(0, 0), b=(0, 0), twenty_every=1)  # 12 twenties each: 240 each
    while s.phase != "finished":
        s = play_round(s, a=(12, 0), b=(0, 0))
    assert P.match_score(s).A >= 1000
    with TextFit(monkeypatch) as fit:
        img = render(PichenotteView(s))
    assert fit.problems((128, 64)) == [] and img.getbbox() is not None


# --- the text helpers ----------------------------------------------------------------


def test_fit_text_keeps_short_text_at_the_largest_size() -> None:
    fit = fonts.fit_text("FREE SHOT", 128, 13)
    assert fit is not None and (fit.text, fit.font.size) == ("FREE SHOT", fonts.LARGE)


def test_fit_text_shrinks_before_giving_up() -> None:
    text = "ROUND 3: COUNT THE ZONES"
    at_large = fonts.text_width(text, fonts.text_font(fonts.LARGE))
    fit = fonts.fit_text(text, at_large - 1, 13)
    assert fit is not None and fit.text == text and fit.font.size < fonts.LARGE
    assert fonts.text_width(text, fit.font) <= at_large - 1


@pytest.mark.parametrize("width", [128, 100, 60, 30, 12, 2])
def test_fit_text_never_cuts_a_text_too_wide_at_every_size(width: int) -> None:
    """No text ends in "…"; one that fits at no size is None (paged)."""
    text = "Called twenty missed: puck to the ditch"
    assert fonts.text_width(text, fonts.text_font(fonts.TINY)) > 128
    assert fonts.fit_text(text, width, 11) is None


def test_fit_text_with_no_room() -> None:
    assert fonts.fit_text("ABC", 2, 11) is None
    with pytest.raises(ValueError):
        fonts.fit_text("ABC", 100, 5)  # no size is that short
    with pytest.raises(ValueError):
        fonts.fit_text("ABC", 0, 11)


def test_fit_text_collapses_whitespace() -> None:
    fit = fonts.fit_text("  HIT \n OR\tCALL  ", 128, 13)
    assert fit is not None and fit.text == "HIT OR CALL"


def test_text_in_box_never_cuts_a_text_it_cannot_fit() -> None:
    """A text too wide for its box even at the smallest size is a
    layout defect, raised (naming the text), never drawn cut with "…"."""
    d = ImageDraw.Draw(Image.new("1", (200, 100)))
    with pytest.raises(ValueError, match="'jgpqyjgpqyjgpqy' does not fit 55 px"):
        widgets.text_in_box(d, (5, 0, 60, 12), "jgpqy" * 3)


@pytest.mark.parametrize("text", ["X", "HIT OR 20", "NO: PI-10", "jgpqy", ""])
@pytest.mark.parametrize("box", [(0, 52, 128, 64), (5, 0, 60, 12), (64, 20, 128, 31)])
def test_text_in_box_ink_stays_in_the_box(text: str, box: tuple[int, int, int, int]) -> None:
    img = Image.new("1", (200, 100))
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = widgets.text_in_box(d, box, text)
    assert box[0] <= x0 <= x1 <= box[2] and box[1] <= y0 <= y1 <= box[3]
    outside = img.copy()
    outside.paste(0, box)
    assert outside.getbbox() is None


def test_only_characters_the_font_has() -> None:
    """The pixel font lacks CJK, say: such a char is named by missing_glyphs; the
    screens' characters and the currency signs are all there."""
    assert fonts.missing_glyphs("\u4e00", fonts.SMALL) == "\u4e00"
    assert fonts.missing_glyphs("…ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789:!-+=/,.€£¥½", fonts.SMALL) == ""


def test_a_word_too_wide_breaks_after_a_hyphen_or_a_slash_first() -> None:
    assert fonts.wrap_words(("MAXIMILIAN-ALEXANDER",), 75, fonts.SMALL) == ("MAXIMILIAN-", "ALEXANDER")
    assert fonts.wrap_words(("/var/lib/pitchside/journal.db",), 120, fonts.SMALL) == ("/var/lib/pitchside/",
                                                                                      "journal.db")
    assert fonts.wrap_words(("3/4.5",), 128, fonts.SMALL) == ("3/4.5",)  # it fits: not broken
