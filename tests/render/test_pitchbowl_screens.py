"""Pitch Bowl screens: every phase renders at 128x64 in mode "1", stays on the panel at
other sizes, shows its text uncut for ordinary names, and matches its golden image.

The scenes are built by pressing the panel's buttons through the real table controller
(:mod:`pitchside.tables.pitchbowl`), never by hand-made states, so a change in the
rules or the controller shows up here. After an intended layout change, rewrite the
golden images and look at them (4x copies go to $PITCHSIDE_FRAMES_DIR, default
/tmp/pitchside_frames):

    PITCHSIDE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_pitchbowl_screens.py
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image
from pitchside.tables import pitchbowl as t
from pitchside.tables.effects import CoinTossed
from pitchside.core.rules import pitchbowl as rules
from pitchside.render import pitchbowl as screens
from pitchside.render import widgets
from pitchside.render.pitchbowl import PitchBowlView, render
from pitchside.render.view import Prompt
from pitchside.signals.events import ButtonPressed, TimerFired
from support.golden import check_golden
from test_fits import MARGIN, RecordingDraw, assert_inside

GOLDEN = Path(__file__).parent / "golden"
NAMES = ("Ann", "Bob")


def press(ts: t.TableState, *names: str) -> t.TableState:
    for name in names:
        ts, _ = t.handle(ts, ButtonPressed(name, 0.0))
    return ts


def toss(winner: str = "A", **opts: object) -> t.TableState:
    ts = t.new_table(rules.Options(**opts), NAMES)  # type: ignore[arg-type]
    ts, _ = t.handle(ts, CoinTossed(winner, 0.0))  # type: ignore[arg-type]
    return ts


def revealed(winner: str = "A", **opts: object) -> t.TableState:
    """The toss with its animation played out by its timers (0.3 s apart)."""
    ts = toss(winner, **opts)
    while ts.spin:
        ts, _ = t.handle(ts, TimerFired("game:toss", ts.spin_due))
    return ts


def kicked_off(landed: bool = True, **opts: object) -> t.TableState:
    ts = press(revealed("A", **opts), "plus", "shot_done", "shot_done", "shot_done")
    if not landed:
        ts = press(ts, "miss")
    return press(ts, "shot_done")


def _state(ts: t.TableState) -> PitchBowlView:
    return t.view(ts)


def scene_views() -> dict[str, Callable[[], PitchBowlView]]:
    """Golden scene name -> the view it shows."""
    return {
        "pitchbowl_toss": lambda: _state(t.new_table(rules.Options(defensive_placement=True), NAMES)),
        "pitchbowl_spin": lambda: _state(t.handle(toss(), TimerFired("game:toss", 0.3))[0]),
        "pitchbowl_choose": lambda: _state(press(revealed("B"), "plus")),
        "pitchbowl_placement": lambda: _state(press(revealed("A"), "minus", "shot_done", "next", "minus")),
        "pitchbowl_kickoff": lambda: _state(press(revealed("A"), "plus", "shot_done", "shot_done", "shot_done",
                                                  "miss")),
        "pitchbowl_turn": lambda: _state(press(kicked_off(), "pickup")),
        "pitchbowl_bonus": lambda: _state(press(kicked_off(), "pickup", "shot_done")),
        "pitchbowl_spent": lambda: _state(press(kicked_off(landed=False), "all_out", "shot_done", "pass",
                                                "shot_done", "handoff", "miss")),
        "pitchbowl_refusal": lambda: _state(press(kicked_off(landed=False), "pass", "shot_done", "pass")),
        "pitchbowl_selector": lambda: _state(press(kicked_off(landed=False), "next", "next", "next", "plus")),
        "pitchbowl_lost": lambda: _state(press(kicked_off(landed=False), "pass", "miss", "miss", "shot_done")),
        "pitchbowl_notice": lambda: _state(kicked_off(landed=False)),
        "pitchbowl_finished": lambda: _state(_finished()),
    }


def _finished() -> t.TableState:
    ts = kicked_off(landed=False)
    for _ in range(3):
        ts = press(ts, "touchdown", "shot_done")
        if ts.game.phase == "finished":
            return ts
        ts = press(ts, "shot_done", "shot_done", "miss", "shot_done", "end_turn", "strip", "shot_done")
    return ts


SCENES = scene_views()


@pytest.mark.parametrize("name", sorted(SCENES))
def test_golden(name: str) -> None:
    check_golden(render(SCENES[name]()), GOLDEN / f"{name}.png")


def test_every_pitchbowl_golden_has_a_scene() -> None:
    stale = sorted(p.stem for p in GOLDEN.glob("pitchbowl_*.png") if p.stem not in SCENES)
    assert stale == []


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> list[RecordingDraw]:
    made: list[RecordingDraw] = []

    def new_canvas(size: tuple[int, int]) -> tuple[Image.Image, RecordingDraw]:
        widgets.new_canvas(size)  # the real size check
        img = Image.new("1", (size[0] + MARGIN, size[1] + MARGIN), 0)
        d = RecordingDraw(img)
        made.append(d)
        return img, d

    monkeypatch.setattr(screens, "new_canvas", new_canvas)
    return made


@pytest.mark.parametrize("name", sorted(SCENES))
def test_scene_stays_on_the_panel_and_its_text_is_uncut(name: str, recorder: list[RecordingDraw]) -> None:
    """With ordinary names every word on the design-size screen is whole: nothing is
    shortened with an ellipsis (a refusal's reason wraps, a long notice wraps)."""
    img = render(SCENES[name]())
    assert_inside(img, recorder[0], (128, 64))
    cut = [what for what, _ in recorder[0].boxes if "…" in what]
    assert cut == []


LONG = "Pass intercepted by THE OTHER TEAM, who now hold the ball: their turn " * 2


@pytest.mark.parametrize("size", [(128, 64), (96, 48), (128, 128), (256, 64)])
@pytest.mark.parametrize("name", sorted(SCENES))
def test_stress_views_stay_on_the_panel(name: str, size: tuple[int, int], recorder: list[RecordingDraw]) -> None:
    """Long names and long prompts of every kind, on panels of other sizes."""
    view = replace(SCENES[name](), names=("THE RED DRAGONS", "BLUE WHALES UNITED"))
    for prompt in (None, Prompt(LONG), Prompt(LONG, "warning"), Prompt(LONG, "refusal", "PB-22")):
        recorder.clear()
        img = render(replace(view, prompt=prompt), size)
        assert_inside(img, recorder[0], size)


def test_the_match_screen_says_what_the_issue_asks_for() -> None:
    """Score, initiative, pitches left, the limits, the announcement, the last loss."""
    ts = press(kicked_off(landed=False), "all_out", "shot_done", "pass")
    v = t.view(ts)
    assert v.state.active == "B" and rules.pitches_left(v.state) == 10 and v.state.all_out_used
    assert v.announce == "pass" and v.draft == "PASS?"
    assert screens.describe(v.state) == "0-0 turn B active, 10 left all-out used"


def test_too_small_a_panel_is_refused() -> None:
    with pytest.raises(ValueError):
        render(t.view(t.new_table()), (64, 32))
