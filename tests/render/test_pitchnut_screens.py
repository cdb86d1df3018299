"""Pitchnut screens: each scene built by real events through the table controller
(never a hand-made state), laid out on every panel (128x64, 128x32, 256x64, 128x128;
modes "1", "L", "RGB"), its text fitting uncut (long names, long prompts: paged, never
"…"), compared pixel for pixel with tests/render/golden/pitchnut/pitchnut_<scene>.png
(128x64 mode "1") and tests/render/golden/pitchnut/<width>x<height>-<mode>/<scene>.png.

After an intended layout change, rewrite them and look at them:

    PITCHSIDE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_pitchnut_screens.py

which also writes each frame scaled 4x to $PITCHSIDE_FRAMES_DIR (default
/tmp/pitchnut_frames).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image
from pitchside.core.rules import pitchnut as R
from pitchside.render.panel import Panel
from pitchside.render.pitchnut import render
from pitchside.render.screen import Frame
from pitchside.render.view import Prompt
from pitchside.signals.events import BeamBroken, ButtonPressed, SensorNoisy, TimerFired
from pitchside.tables import pitchnut as t
from pitchside.tables.effects import CoinTossed
from support.golden import check_golden, check_panel_golden, panel_id
from support.textfit import TextFit, draw_every_page

GOLDEN = Path(__file__).parent / "golden" / "pitchnut"


def press(ts: t.TableState, *names: str) -> t.TableState:
    for name in names:
        ts, _ = t.handle(ts, ButtonPressed(name, 0.0))
    return ts


def drop(ts: t.TableState, *pockets: int) -> t.TableState:
    for i, p in enumerate(pockets):
        ts, _ = t.handle(ts, BeamBroken(f"pocket_{p}", 1.0 + i / 10, 0.02))
    return ts


def tossed(options: R.Options | None = None) -> t.TableState:
    ts = press(t.new_table(options or R.Options(games=3), ("Ann", "Bob")), "coin")
    ts, _ = t.handle(ts, CoinTossed("A", 0.0))
    return ts


def started(options: R.Options | None = None) -> t.TableState:
    return press(tossed(options), "shot_done")


def shot(ts: t.TableState, *kinds: str) -> t.TableState:
    """Pieces of these kinds drop in pocket 1 and are confirmed on the sheet."""
    ts = press(drop(ts, *([1] * len(kinds))), "shot_done")
    order = t.kinds_for(ts.match.state)
    for kind in kinds:
        ts = press(ts, *(["plus"] * (order.index(kind) + 1)), "next")  # type: ignore[arg-type]
    return press(ts, "shot_done")


def frame(ts: t.TableState) -> Image.Image:
    return render(t.view(ts), (128, 64))


SCENES: dict[str, Callable[[], t.TableState]] = {
    "toss": lambda: t.new_table(R.Options(games=3), ("Ann", "Bob")),
    "breaker": lambda: press(tossed(), "plus"),
    "live": lambda: drop(started(), 2, 4),
    "quiet": lambda: t.handle(drop(started(), 2), TimerFired("game:quiet", 5.0))[0],
    "sheet": lambda: press(drop(started(), 2, 4, 4), "shot_done", "plus"),
    "sheet_scrolled": lambda: press(drop(started(), 1), "shot_done", *["next"] * 5, "plus"),
    "assigned": lambda: shot(started(), "white", "white"),
    "spot": lambda: press(shot(started(), "white"), "pitch_off", "shot_done"),
    "owes": lambda: press(started(), "pitch_off", "shot_done"),
    "poison": lambda: shot(started(R.Options(pieces=2, games=3)), "white", "white"),
    "refusal": lambda: press(drop(started(), 3), "shot_done", "shot_done"),
    "warning": lambda: t.handle(started(), SensorNoisy("pocket_2", 1.0, "storm: 14 pulses within 30 ms"))[0],
    "game_won": lambda: shot(shot(started(R.Options(pieces=1, games=2)), "white"), "poison"),
    "finished": lambda: shot(shot(started(R.Options(pieces=2)), "white", "black"), "poison"),
    "doubles": lambda: shot(started(R.Options(players="doubles")), "black"),
}


@pytest.mark.parametrize("name", sorted(SCENES))
def test_golden(name: str) -> None:
    check_golden(frame(SCENES[name]()), GOLDEN / f"pitchnut_{name}.png")


PANELS = [Panel(128, 64), Panel(128, 32), Panel(256, 64, "L"), Panel(128, 128, "L"), Panel(128, 128, "RGB")]
GOLDEN_PANELS = [Panel(128, 32), Panel(256, 64, "L"), Panel(128, 128, "RGB")]
"""The panels besides 128x64 mode "1" with golden images (one mode per size)."""


@pytest.mark.parametrize("panel", GOLDEN_PANELS, ids=panel_id)
@pytest.mark.parametrize("name", sorted(SCENES))
def test_golden_on_every_panel(name: str, panel: Panel) -> None:
    img = render(t.view(SCENES[name]()), panel)
    assert img.size == panel.size and img.mode == panel.mode
    check_panel_golden(img, GOLDEN / panel_id(panel) / f"{name}.png")


def test_every_golden_has_a_scene() -> None:
    stale = sorted(p.stem for p in GOLDEN.glob("*.png") if p.stem.removeprefix("pitchnut_") not in SCENES)
    stale += sorted(str(p) for p in GOLDEN.glob("*/*.png")
                    if p.stem not in SCENES or p.parent.name not in {panel_id(q) for q in GOLDEN_PANELS})
    assert stale == []


LONG = "Piece 3 in pocket 4 was never named: say what it was with plus and minus, then DONE " * 2
LONG_NAMES = ("MAXIMILIAN-ALEXANDER", "BARTHOLOMEW-JONES")


@pytest.mark.parametrize("panel", [*PANELS, Panel(96, 48)], ids=panel_id)
@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_scene_fits_uncut_with_long_names_and_prompts(name: str, panel: Panel,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Long names, a long shot line and action, and long prompts of every kind: no text
    leaves its box or the panel or is cut with "…", and each is drawn whole (paged)."""
    view = t.view(SCENES[name]())
    view = replace(view, names=LONG_NAMES, shot_line=LONG if view.shot_line else None,
                   action=LONG if view.action else None)
    problems: list[str] = []
    with TextFit(monkeypatch) as fit:
        for prompt in (None, Prompt(LONG), Prompt(LONG, "warning"), Prompt(LONG, "refusal", "PN-A12")):
            fit.clear()
            draw_every_page(fit, Frame(replace(view, prompt=prompt)), panel)
            problems += [f"{prompt}: {p}" for p in fit.problems(panel.size)]
            if prompt is not None and prompt.kind != "refusal" and not (prompt.kind == "info" and view.action):
                problems += [f"{prompt.kind} not drawn whole" for _ in [0] if not fit.shows(LONG)]
    assert problems == []


@pytest.mark.parametrize("panel", PANELS, ids=panel_id)
def test_the_main_screen_names_both_sides_and_their_pieces(panel: Panel, monkeypatch: pytest.MonkeyPatch) -> None:
    """The live screen names the players on every panel but 128x32 (score and turn only),
    and a long prompt is paged, never cut (once cut to "Ann on 13 (Ann o...")."""
    view = replace(t.view(SCENES["assigned"]()), prompt=Prompt("Ann on 13 (Ann owes 1, +1 bonus turn, PN-30)"))
    with TextFit(monkeypatch) as fit:
        pages = draw_every_page(fit, Frame(view), panel)
        assert fit.problems(panel.size) == []
        assert fit.shows("Ann on 13 (Ann owes 1, +1 bonus turn, PN-30)")
        assert (fit.shows("Ann") and fit.shows("Bob")) is (panel.layout != "reduced")
    assert pages == {"reduced": 3, "standard": 3, "wide": 2, "tall": 2}[panel.layout]  # 6 px cells


@pytest.mark.parametrize("size", [(128, 64), (96, 48), (128, 32), (256, 64), (128, 128)])
def test_every_scene_renders_at_other_panel_sizes(size: tuple[int, int]) -> None:
    for name, scene in SCENES.items():
        img = render(t.view(scene()), size)
        assert img.size == size and img.mode == "1", name
        assert img.getbbox() is not None, name


def test_what_the_screens_say() -> None:
    """Exact values behind the pixels: whose turn, pieces left, the sheet's rows."""
    v = t.view(SCENES["sheet"]())
    assert v.sheet_title == "SHOT: 3 IN"
    assert [(r.label, r.value) for r in v.sheet[:4]] == [
        ("1 POCKET 2", "WHITE"), ("2 POCKET 4", "?"), ("3 POCKET 4", "?"), ("+ PIECE", "")]
    assert v.summary == "1 WHITE 2 ?"
    v = t.view(SCENES["spot"]())
    assert v.action == "SPOT 1 WHITE AT CENTRE" and v.state.turn == "B"
    v = t.view(SCENES["game_won"]())
    assert v.prompt is not None and v.prompt.text == "Ann wins game 1"
    assert v.state.score.A == 1 and v.state.turn == "B"
    assert R.on_board(t.view(SCENES["poison"]()).state) == R.Pieces(0, 2)
