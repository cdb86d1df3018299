"""The moment screen (render/moment.py): a golden image per kind of
moment at 128x64 (tests/render/golden/moment/, looked at 4x before committing), and
every moment of the games' scenario files laid out at every panel size it supports
with no text cut ("…") and no glyph outside its box."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchside.render.moment import MomentView, render_moment
from pitchside.render.panel import Panel
from pitchside.render.screen import Frame
from support.golden import check_golden
from support.textfit import TextFit, draw_every_page
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


PANELS = [Panel(96, 48), Panel(128, 64), Panel(128, 32), Panel(256, 64, "L"), Panel(128, 128, "L"),
          Panel(128, 128, "RGB")]


@pytest.mark.parametrize("panel", PANELS, ids=lambda p: f"{p.width}x{p.height}-{p.mode}")
@pytest.mark.parametrize("names", [("Ann", "Bob"), LONG], ids=["short", "long"])
def test_every_moment_fits_every_panel_uncut(panel: Panel, names: tuple[str, str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Each moment's headline and caption (or its short form) are drawn whole over the
    frame's pages, inside their boxes, with no "…" and no glyph the font lacks
    (support.textfit)."""
    problems: list[str] = []
    with TextFit(monkeypatch) as fit:
        for key, view in views(names).items():
            fit.clear()
            draw_every_page(fit, Frame(view), panel)
            problems += [f"{key}: {p}" for p in fit.problems(panel.size)]
            if not fit.shows(view.title) or not (fit.shows(view.caption) or (view.short and fit.shows(view.short))):
                problems.append(f"{key}: {view.title!r} / {view.caption!r} not drawn whole")
    assert problems == []


PANEL_GOLDENS = ("pichenotte_round", "pitchbowl_match", "mastermove_move")


@pytest.mark.parametrize("name", PANEL_GOLDENS)
@pytest.mark.parametrize("panel", PANELS[2:], ids=lambda p: f"{p.width}x{p.height}-{p.mode}")
def test_golden_at_every_panel(panel: Panel, name: str) -> None:
    """A round, a match won (inverse headline) and a move, laid out on the other panels
    (the side colours on the colour one); looked at 4x before committing."""
    folder = f"{panel.width}x{panel.height}" + ("rgb" if panel.mode == "RGB" else "")
    check_golden(render_moment(views()[GOLDENS[name]], panel), GOLDEN / folder / f"{name}.png", panel.size,
                 panel.mode)


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
