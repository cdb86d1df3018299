"""Pitch Bowl screens: every scene laid out on every panel (128x64, 128x32, 256x64,
128x128; modes "1", "L", "RGB") matches its golden image, stays on the panel with its
text uncut (long names, long prompts: paged, never "…").

The scenes are built by pressing the panel's buttons through the real table controller
(:mod:`pitchside.tables.pitchbowl`), never by hand-made states, so a change in the
rules or the controller shows up here. After an intended layout change, rewrite the
golden images and look at them (4x copies go to $PITCHSIDE_FRAMES_DIR, default
/tmp/pitchside_frames):

    PITCHSIDE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_pitchbowl_screens.py

The 128x64 mode "1" goldens are tests/render/golden/pitchbowl_<scene>.png.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image
from pitchside.core.rules import pitchbowl as rules
from pitchside.render import panel as panel_module
from pitchside.render import pitchbowl as screens
from pitchside.render import widgets
from pitchside.render.panel import Panel
from pitchside.render.pitchbowl import PitchBowlView, render
from pitchside.render.pitchbowl.turn import turn_layout
from pitchside.render.screen import Frame
from pitchside.render.view import Prompt
from pitchside.signals.events import ButtonPressed, TimerFired
from pitchside.tables import pitchbowl as t
from pitchside.tables.effects import CoinTossed
from support.golden import check_golden, check_panel_golden, panel_id
from support.textfit import TextFit, draw_every_page
from test_fits import RecordingDraw

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
        # the touchdown screen (PB-27): Bob's touchdown from his touch back, before the next press
        "pitchbowl_scored": lambda: _state(press(kicked_off(landed=False), "touchdown", "shot_done")),
        "pitchbowl_finished": lambda: _state(_finished()),
    }


def _finished() -> t.TableState:
    ts = kicked_off(landed=False)
    for _ in range(3):
        ts = press(ts, "touchdown", "shot_done")
        if ts.match.state.phase == "finished":
            return ts
        ts = press(ts, "shot_done",  # ends the touchdown's screen
                   "shot_done", "shot_done", "miss", "shot_done", "end_turn", "strip", "shot_done")
    return ts


SCENES = scene_views()


@pytest.mark.parametrize("name", sorted(SCENES))
def test_golden(name: str) -> None:
    check_golden(render(SCENES[name]()), GOLDEN / f"{name}.png")


def test_every_pitchbowl_golden_has_a_scene() -> None:
    stale = sorted(p.stem for p in GOLDEN.glob("pitchbowl_*.png") if p.stem not in SCENES)
    assert stale == []


PANELS = [Panel(128, 64), Panel(128, 32), Panel(256, 64, "L"), Panel(128, 128, "L"), Panel(128, 128, "RGB")]
GOLDEN_PANELS = [Panel(128, 32), Panel(256, 64, "L"), Panel(128, 128, "RGB")]
"""The panels besides 128x64 mode "1" with golden images (one mode per size):
tests/render/golden/pitchbowl/<width>x<height>-<mode>/<scene>.png."""


@pytest.mark.parametrize("panel", GOLDEN_PANELS, ids=panel_id)
@pytest.mark.parametrize("name", sorted(SCENES))
def test_golden_on_every_panel(name: str, panel: Panel) -> None:
    frame = render(SCENES[name](), panel)
    assert frame.size == panel.size and frame.mode == panel.mode
    check_panel_golden(frame, GOLDEN / "pitchbowl" / panel_id(panel) / f"{name}.png")


def test_every_pitchbowl_panel_golden_has_a_scene() -> None:
    stale = sorted(str(p) for p in (GOLDEN / "pitchbowl").glob("*/*.png")
                   if p.stem not in SCENES or p.parent.name not in {panel_id(q) for q in GOLDEN_PANELS})
    assert stale == []


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> list[RecordingDraw]:
    """The canvases draw through RecordingDraw (every primitive's box recorded)."""
    made: list[RecordingDraw] = []

    def draw(im: Image.Image) -> RecordingDraw:
        d = RecordingDraw(im)
        made.append(d)
        return d

    monkeypatch.setattr(panel_module, "ImageDraw", types.SimpleNamespace(Draw=draw))
    return made


def _inside(draws: list[RecordingDraw], size: tuple[int, int]) -> list[str]:
    w, h = size
    return [f"{what} at {(x0, y0, x1, y1)} leaves {w}x{h}" for d in draws for what, (x0, y0, x1, y1) in d.boxes
            if not (0 <= x0 and 0 <= y0 and x1 <= w - 1 and y1 <= h - 1)]


LONG = "Pass intercepted by THE OTHER TEAM, who now hold the ball: their turn " * 2
LONG_NAMES = ("MAXIMILIAN-ALEXANDER", "BARTHOLOMEW-JONES")


@pytest.mark.parametrize("panel", [*PANELS, Panel(96, 48)], ids=panel_id)
@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_scene_stays_on_the_panel_uncut_with_long_names_and_prompts(
        name: str, panel: Panel, recorder: list[RecordingDraw], monkeypatch: pytest.MonkeyPatch) -> None:
    """Long names and long prompts of every kind, on every panel: nothing leaves the
    panel, no text leaves its box or is cut with "…", and the prompts and (where the
    layout has a names row) the names are drawn whole over their pages."""
    view = replace(SCENES[name](), names=LONG_NAMES)
    problems: list[str] = []
    with TextFit(monkeypatch) as fit:
        for prompt in (None, Prompt(LONG), Prompt(LONG, "warning"), Prompt(LONG, "refusal", "PB-22")):
            fit.clear()
            recorder.clear()
            draw_every_page(fit, Frame(replace(view, prompt=prompt)), panel)
            problems += fit.problems(panel.size) + _inside(recorder, panel.size)
            if prompt is not None and prompt.kind == "info" and view.scored is not None:
                # the touchdown's screen says TOUCHDOWN! instead; its notice shows on the
                # checklist after it (tests/app/test_pitchbowl_scored_screen.py)
                problems += ["info drawn on the touchdown's screen"] if fit.shows(prompt.text) else []
            elif prompt is not None:
                want = widgets.refusal_words(prompt) if prompt.kind == "refusal" else prompt.text
                problems += [f"{prompt.kind} not drawn whole"] if not fit.shows(want) else []
            elif view.state.phase == "turn" and panel.layout != "reduced":
                problems += [f"{n!r} not drawn whole" for n in LONG_NAMES if not fit.shows(n)]
    assert problems == []


@pytest.mark.parametrize("panel", PANELS, ids=panel_id)
def test_the_long_pitch_line_is_paged_not_cut(panel: Panel, monkeypatch: pytest.MonkeyPatch) -> None:
    """"> HAND OFF? TOUCHDOWN" (once cut to "> HAND OFF? TOUCHDO…") is shown
    whole, on one line or over pages, on every panel."""
    ts = press(kicked_off(), "pickup", "shot_done", "handoff", "touchdown")
    view = replace(t.view(ts), names=LONG_NAMES)
    assert view.draft == "HAND OFF? TOUCHDOWN"
    with TextFit(monkeypatch) as fit:
        draw_every_page(fit, Frame(view), panel)
        assert fit.problems(panel.size) == []
        assert fit.shows("> HAND OFF? TOUCHDOWN")


def test_the_match_screen_says_what_the_issue_asks_for() -> None:
    """Score, initiative, pitches left, the limits, the announcement, the last loss."""
    ts = press(kicked_off(landed=False), "all_out", "shot_done", "pass")
    v = t.view(ts)
    assert v.state.active == "B" and rules.pitches_left(v.state) == 10 and v.state.all_out_used
    assert v.announce == "pass" and v.draft == "PASS?"
    assert screens.describe(v.state) == "0-0 turn B active, 10 left all-out used"


def test_a_panel_without_a_layout_is_refused() -> None:
    with pytest.raises(ValueError, match="no screen layout for a 64x32 px panel"):
        render(t.view(t.new_table()), (64, 32))


@pytest.mark.parametrize("name", sorted(n for n in SCENES if n in (
    "pitchbowl_bonus", "pitchbowl_lost", "pitchbowl_notice", "pitchbowl_scored", "pitchbowl_selector",
    "pitchbowl_spent", "pitchbowl_turn")))
def test_the_128x32_digits_keep_a_clear_row_over_the_bottom_line(name: str) -> None:
    """On 128x32 the score digits end on row 19 and the bottom line's ascenders start on
    row 21 (turn.py's reduced layout): a wide bottom line ("TOUCHDOWN Bob!") no longer
    touches the digit over it (row 20 was the digit's last row)."""
    frame = render(SCENES[name](), Panel(128, 32)).convert("L")
    for x0, _, x1, _ in turn_layout(panel_module.Canvas(Panel(128, 32), 0)).digits:
        assert frame.crop((x0, 20, x1, 21)).getbbox() is None, (name, x0)
        assert frame.crop((x0, 19, x1, 20)).getbbox() is not None, (name, x0)  # the digit's own last row
