"""The moment screen (issue 14 item 4, render/moment.py): a golden image per kind of
moment at 128x64 (tests/render/golden/moment/, looked at 4x before committing), and
every moment of the games' scenario files laid out at every panel size it supports
with no text cut ("…") and no glyph outside its box."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pitchside.render import fonts, moment as moment_screen, screen
from pitchside.render.moment import MomentView, render_moment
from support.golden import check_golden
from support.moments import lines_of, moments_of

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden" / "moment"
FILES = {
    "pichenotte": ROOT / "tests" / "scenarios" / "replay" / "ties_to_a_ninth_round.jsonl",
    "pichenotte_draw": ROOT / "tests" / "scenarios" / "replay" / "max_rounds_draw.jsonl",
    "boulomania": ROOT / "tests" / "core" / "boulomania" / "scenarios" / "full_game_to_13.jsonl",
    "pitchbowl": ROOT / "tests" / "core" / "pitchbowl" / "scenarios" / "full_match_to_3.jsonl",
    "pitchnut": ROOT / "tests" / "core" / "pitchnut" / "scenarios" / "match_to_two.jsonl",
    "mastermove": ROOT / "tests" / "core" / "mastermove" / "scenarios" / "full_game_3_1.jsonl",
    "mastermove_forfeit": ROOT / "tests" / "core" / "mastermove" / "scenarios" / "forfeit_carry_over.jsonl",
}
SIZES = ((96, 48), (128, 64), (128, 32), (256, 64), (128, 128))
LONG = ("Alexandra", "Maximilian")
"""Long first names: the captions must still fit the smallest panel."""


def views(names: tuple[str, str] = ("Ann", "Bob")) -> dict[str, MomentView]:
    """Every moment of the scenario files, by ``<file>_<line>_<kind>``."""
    out = {}
    for key, path in FILES.items():
        for line, m in moments_of(lines_of(path), names):
            out[f"{key}_{line}_{m.kind}"] = m.view()
    return out


GOLDENS = {
    "pichenotte_twenty": "pichenotte_5_twenty",
    "pichenotte_round": "pichenotte_7_round",
    "pichenotte_round_tied": "pichenotte_17_round",
    "pichenotte_match": "pichenotte_41_match",
    "boulomania_round": "boulomania_46_round",
    "boulomania_game": "boulomania_105_game",
    "pitchbowl_touchdown": "pitchbowl_14_touchdown",
    "pitchbowl_match": "pitchbowl_34_match",
    "pitchnut_game": "pitchnut_10_game",
    "mastermove_move": "mastermove_19_move",
    "mastermove_game": "mastermove_44_game",
}
"""One golden per kind of moment and game: its name -> the scenario moment drawn."""


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_golden(name: str) -> None:
    check_golden(render_moment(views()[GOLDENS[name]], (128, 64)), GOLDEN / f"{name}.png")


def test_the_poison_golden() -> None:
    view = MomentView("POISON!", "Bob wins game 3", (1.0, 2.0))
    check_golden(render_moment(view, (128, 64)), GOLDEN / "pitchnut_poison.png")


def test_every_golden_has_a_test() -> None:
    assert sorted(p.stem for p in GOLDEN.glob("*.png")) == sorted([*GOLDENS, "pitchnut_poison"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("names", [("Ann", "Bob"), LONG], ids=["short", "long"])
def test_every_moment_fits_every_panel_uncut(size: tuple[int, int], names: tuple[str, str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Each text is drawn whole (fonts.fit_text did not cut it: the caption, or its
    short form where the panel is too narrow for it) and inside its box."""
    drawn: list[tuple[str, Any, Any]] = []
    real = moment_screen.text_in_box

    def recording(draw: Any, box: Any, text: str, **kw: Any) -> Any:
        pad = kw.get("pad", 1)
        fit = fonts.fit_text(text, box[2] - box[0] - 2 * pad, box[3] - box[1], kw.get("sizes", fonts.SIZES))
        ink = real(draw, box, text, **kw)
        drawn.append((text, fit, (box, ink)))
        return ink

    monkeypatch.setattr(moment_screen, "text_in_box", recording)
    for key, view in views(names).items():
        drawn.clear()
        image = screen.render(view, size)
        assert image.size == size and image.mode == "1"
        assert {t for t, _, _ in drawn} <= {view.title, view.caption, view.short} and len(drawn) == 2, key
        for text, fit, (box, ink) in drawn:
            assert not fit.truncated and fit.text == text, f"{key} at {size}: {text!r} cut"
            assert box[0] <= ink[0] and box[1] <= ink[1] and ink[2] <= box[2] and ink[3] <= box[3], (key, text)


def test_the_score_is_drawn_and_the_final_moment_inverse() -> None:
    plain = render_moment(MomentView("MATCH", "Ann wins the match", (3.0, 1.0)), (128, 64))
    final = render_moment(MomentView("MATCH", "Ann wins the match", (3.0, 1.0), True), (128, 64))
    top = (0, 0, 128, 26)
    lit = lambda im: sum(1 for p in im.crop(top).getdata() if p)  # noqa: E731
    assert lit(final) > 128 * 26 // 2 > lit(plain)  # the headline band lit, the text dark
    bare = render_moment(MomentView("MATCH", "Ann wins the match"), (128, 64))
    assert plain.crop((0, 28, 128, 49)).getbbox() is not None and bare.crop((0, 28, 128, 49)) != plain.crop((0, 28, 128, 49))


def test_a_panel_too_small_is_refused() -> None:
    with pytest.raises(ValueError, match="too small for a moment"):
        render_moment(MomentView("TWENTY!", "Ann +20"), (95, 48))
    with pytest.raises(ValueError, match="too small"):
        render_moment(MomentView("TWENTY!", "Ann +20"), (128, 31))
