"""Boulomania screens: every scene laid out on every panel (128x64, 128x32, 256x64,
128x128; modes "1", "L", "RGB") matches its golden image, stays on the panel with its
text uncut (long names, long prompts), names the sides, draws the 18 spaces where the
board data puts them, shows the board a round ended on until the next jack (BM-16,
BM-17), and sends few bytes on a round's end (one controller page).

The scenes are played through the real table controller
(:mod:`pitchside.tables.boulomania`) with given dice, never hand-made states. After an
intended layout change, rewrite the golden images and look at them (4x copies go to
$PITCHSIDE_FRAMES_DIR, default /tmp/pitchside_frames):

    PITCHSIDE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_boulomania_screens.py

The 128x64 mode "1" goldens are tests/render/golden/boulomania_<scene>.png; the other
panels' are tests/render/golden/boulomania/<width>x<height>-<mode>/<scene>.png.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pytest
from PIL import Image
from pitchside.core.boards.boulomania import BOARD, JACK_SPACES
from pitchside.core.rules import boulomania as rules
from pitchside.render import boulomania as screens
from pitchside.render import panel as panel_module
from pitchside.render.boulomania import BoulomaniaView, render
from pitchside.render.panel import Panel
from pitchside.render.screen import Frame
from pitchside.render.view import Prompt
from pitchside.signals.events import ButtonPressed, SerialLine, SerialStatus
from pitchside.tables import boulomania as t
from pitchside.tables.effects import DiceRolled
from support.golden import check_golden, check_panel_golden, panel_id
from support.textfit import TextFit, draw_every_page
from test_fits import RecordingDraw

GOLDEN = Path(__file__).parent / "golden"
NAMES = ("Ann", "Bob")


def press(ts: t.TableState, *names: str) -> t.TableState:
    for name in names:
        ts, _ = t.handle(ts, ButtonPressed(name, 0.0))
    return ts


def roll(ts: t.TableState, *values: int) -> t.TableState:
    ts, _ = t.handle(ts, DiceRolled(values, 0.0))
    assert ts.prompt is None or ts.prompt.kind == "info", ts.prompt
    return ts


def started(**opts: object) -> t.TableState:
    """Ann 5, Bob 2: Ann starts; the jack on 3."""
    ts = t.new_table(rules.Options(**opts), NAMES)  # type: ignore[arg-type]
    return roll(roll(ts, 5, 2), 3)


def midgame() -> t.TableState:
    """Jack on 3: Ann 11, Bob 12 (jack space declared on 3-3 and refused: dead), Bob
    13; Bob 11 pushes Ann's 11 to 16; Ann on jack space 4 with a double; Bob to throw."""
    ts = roll(started(), 5, 6)  # Ann 11
    ts = roll(ts, 6, 6)  # Bob 12
    ts = roll(press(ts, "next"), 4, 4, 5)  # Bob 13
    ts = roll(ts, 5, 6)  # Bob 11, Ann 11 -> 16
    return roll(press(ts, "plus"), 4, 4)  # Ann on jack space 4


def won() -> t.TableState:
    ts = started()
    game = replace(ts.match.state, score=rules.PerSide(12, 9), hand=rules.PerSide(1, 0),
                   spaces=tuple("B" if s == 17 else None for s in range(1, 19)))
    ts = replace(ts, match=replace(ts.match, initial=game, head=None))
    return roll(ts, 5, 6)


def round_end() -> t.TableState:
    """Ann's last bowl on 11 beats Bob's 17 and 18: round 1 to Ann, 2-0."""
    ts = started()
    game = replace(ts.match.state, hand=rules.PerSide(1, 0),
                   spaces=tuple("B" if s in (17, 18) else "A" if s == 12 else None for s in range(1, 19)))
    ts = replace(ts, match=replace(ts.match, initial=game, head=None))
    return roll(ts, 5, 6)


def scene_views() -> dict[str, Callable[[], BoulomaniaView]]:
    return {
        "boulomania_rolloff": lambda: t.view(t.new_table(rules.Options(), NAMES)),
        "boulomania_jack": lambda: t.view(roll(t.new_table(rules.Options(), NAMES), 2, 6)),
        "boulomania_first": lambda: t.view(started()),
        "boulomania_push": lambda: t.view(roll(roll(roll(started(), 5, 6), 6, 6), 5, 6)),
        "boulomania_midgame": lambda: t.view(midgame()),
        "boulomania_shoot": lambda: t.view(press(midgame(), "next", "next")),
        "boulomania_shoot_jack": lambda: t.view(press(midgame(), "next", "next", "minus")),
        "boulomania_declared": lambda: t.view(press(midgame(), "plus", "fork", "fork", "fork")),
        "boulomania_refusal": lambda: t.view(t.handle(midgame(), SerialLine("die", "ROLL 3 7", 0.0))[0]),
        "boulomania_die_lost": lambda: t.view(
            t.handle(midgame(), SerialStatus("die", False, "lost: device disconnected", 0.0))[0]),
        "boulomania_miss": lambda: t.view(roll(press(midgame(), "next", "next"), 4)),
        "boulomania_round_end": lambda: t.view(round_end()),
        "boulomania_finished": lambda: t.view(won()),
    }


SCENES = scene_views()
PANELS = [Panel(128, 64), Panel(128, 32), Panel(256, 64, "L"), Panel(128, 128, "L"), Panel(128, 128, "RGB")]
GOLDEN_PANELS = [Panel(128, 32), Panel(256, 64, "L"), Panel(128, 128, "RGB")]
"""The panels besides 128x64 mode "1" with golden images (one mode per size)."""


@pytest.mark.parametrize("name", sorted(SCENES))
def test_golden(name: str) -> None:
    check_golden(render(SCENES[name]()), GOLDEN / f"{name}.png")


@pytest.mark.parametrize("panel", GOLDEN_PANELS, ids=panel_id)
@pytest.mark.parametrize("name", sorted(SCENES))
def test_golden_on_every_panel(name: str, panel: Panel) -> None:
    frame = render(SCENES[name](), panel)
    assert frame.size == panel.size and frame.mode == panel.mode
    check_panel_golden(frame, GOLDEN / "boulomania" / panel_id(panel) / f"{name}.png")


def test_every_boulomania_golden_has_a_scene() -> None:
    stale = sorted(p.stem for p in GOLDEN.glob("boulomania_*.png") if p.stem not in SCENES)
    stale += sorted(str(p) for p in (GOLDEN / "boulomania").glob("*/*.png")
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


LONG = "The die unit sent something this table cannot read at all, roll again please " * 2
LONG_NAMES = ("MAXIMILIAN-ALEXANDER", "BARTHOLOMEW-JONES")


@pytest.mark.parametrize("panel", [*PANELS, Panel(96, 48)], ids=panel_id)
@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_scene_stays_on_the_panel_uncut_with_long_names_and_prompts(
        name: str, panel: Panel, recorder: list[RecordingDraw], monkeypatch: pytest.MonkeyPatch) -> None:
    """Long names and long prompts of every kind: nothing leaves the panel, no text
    leaves its box or is cut, and the names and prompts are drawn whole (paged)."""
    view = replace(SCENES[name](), names=LONG_NAMES, choice_line=LONG)
    problems: list[str] = []
    with TextFit(monkeypatch) as fit:
        for prompt in (None, Prompt(LONG), Prompt(LONG, "warning"), Prompt(LONG, "refusal", "DIE")):
            fit.clear()
            recorder.clear()
            draw_every_page(fit, Frame(replace(view, prompt=prompt)), panel)
            problems += fit.problems(panel.size) + _inside(recorder, panel.size)
            if view.state.phase != "finished" and prompt is None:
                problems += [f"{n!r} not drawn whole" for n in LONG_NAMES if not fit.shows(n)]
    assert problems == []


@pytest.mark.parametrize("panel", PANELS, ids=panel_id)
def test_the_main_screen_names_both_sides(panel: Panel, monkeypatch: pytest.MonkeyPatch) -> None:
    """The play screen names the players, on every panel."""
    with TextFit(monkeypatch) as fit:
        draw_every_page(fit, Frame(SCENES["boulomania_midgame"]()), panel)
        assert fit.shows("Ann") and fit.shows("Bob")
        assert [d.text for d in fit.drawn if d.text in NAMES and d.frame == 0] == ["Ann", "Bob"]


def test_the_board_draws_all_18_spaces_apart_inside_its_box() -> None:
    box = (0, 0, 71, 41)
    pos = screens.board_layout(BOARD, box)
    assert sorted(pos) == list(range(1, 19))
    r, h = screens.BOWL_R, screens.JACK_HALF
    for n, (x, y) in pos.items():
        reach = h if n in JACK_SPACES else r
        assert box[0] <= x - reach and x + reach < box[2] and box[1] <= y - reach and y + reach < box[3], n
    for a, b in combinations(pos, 2):
        ra = h if a in JACK_SPACES else r
        rb = h if b in JACK_SPACES else r
        (xa, ya), (xb, yb) = pos[a], pos[b]
        assert max(abs(xa - xb), abs(ya - yb)) > ra + rb, (a, b)  # marks never touch
    # the direction of play runs left to right: 7 leftmost, 18 rightmost
    assert min(pos, key=lambda n: pos[n][0]) == 7 and max(pos, key=lambda n: pos[n][0]) == 18


def test_the_play_screen_shows_what_the_issue_asks_for() -> None:
    """The jack and each team's bowls on the board, bowls left, the last roll, who
    rolls next with what choice, the round and game score."""
    ts = press(midgame(), "next", "next")
    v = t.view(ts)
    assert v.state.jack == 3 and v.state.at(4) == "A" and v.state.at(11) == "B" and v.state.at(16) == "A"
    assert v.state.hand == rules.PerSide(6, 5) and v.state.to_play == "B"
    assert v.last == screens.DiceShown((4, 4), "Ann on jack space 4")
    assert v.choice_line == "Bob: SHOOT AT 4" and v.target == 4
    assert v.ended is None
    assert screens.describe(v.state) == "R1 A 0 B 0 jack 3 B to throw"


def test_between_rounds_the_board_the_round_ended_on_is_shown_BM_16() -> None:
    """Ann's last bowl on 11 ends round 1 (2-0, BM-16): until the jack of round 2 is
    rolled the view holds that board, with Ann's 11 and 12 and Bob's 17 and 18, the
    jack on 3, no bowls in hand, round 1; the state itself is round 2's, empty."""
    ts = round_end()
    v = t.view(ts)
    assert v.state.phase == "jack_roll" and v.state.round == 2 and not any(v.state.spaces) and v.state.jack is None
    assert v.state.score == rules.PerSide(2, 0)
    ended = v.ended
    assert ended is not None and v.board is ended
    assert [(n, ended.at(n)) for n in rules.bowls_on_board(ended)] == [(11, "A"), (12, "A"), (17, "B"), (18, "B")]
    assert ended.jack == 3 and ended.hand == rules.PerSide(0, 0) and ended.round == 1
    after = t.view(roll(ts, 4))  # the jack of round 2: the new round's board
    assert after.ended is None and after.board is after.state and after.state.jack == 4


def test_a_die_face_shows_its_pips_and_refuses_a_7() -> None:
    img = Image.new("1", (10, 10), 0)
    from PIL import ImageDraw

    d = ImageDraw.Draw(img)
    screens.draw_die(d, 0, 0, 5)
    dark = sum(1 for x in range(10) for y in range(10) if not img.getpixel((x, y)))
    assert dark == 5 * 4  # five 2x2 pips
    with pytest.raises(ValueError):
        screens.draw_die(d, 0, 0, 7)


def test_a_small_die_face_fits_one_controller_page_with_1_px_pips() -> None:
    """The one-page last-roll line's dice: 7 px square, a 1 px pip
    on a 3x3 grid 2 px apart, a lit px between pips."""
    from PIL import ImageDraw

    img = Image.new("1", (8, 8), 0)
    assert screens.draw_die(ImageDraw.Draw(img), 0, 0, 6, px=7) == (0, 0, 7, 7)
    dark = {(x, y) for x in range(7) for y in range(7) if not img.getpixel((x, y))}
    assert dark == {(1, 1), (5, 1), (1, 3), (5, 3), (1, 5), (5, 5)}
    assert all(img.getpixel((7, y)) == 0 and img.getpixel((y, 7)) == 0 for y in range(8))


def test_a_panel_without_a_layout_is_refused() -> None:
    with pytest.raises(ValueError, match="no screen layout for a 64x32 px panel"):
        render(SCENES["boulomania_midgame"](), (64, 32))


def test_a_score_change_alone_redraws_only_that_side_s_digits_on_128x64() -> None:
    """The same mid-game view but for Bob's game score, 0 then 4 (a round's points,
    BM-16): the SSD1306 pages that change (8 px rows, what the partial-update device
    sends) are those of Bob's digits only, inside the digits' box at the right of his
    row, two whole pages; the board, the names, the turn marker, Ann's digits and both text lines stay
    (one controller page)."""
    from pitchside_hw.partial import changed_spans, pack_pages

    from pitchside.render.boulomania.layout import play_layout
    from pitchside.render.widgets import score_width

    view = SCENES["boulomania_midgame"]()
    assert (view.state.score.A, view.state.score.B) == (0, 0)
    scored = replace(view, state=replace(view.state, score=rules.PerSide(0, 4)))
    spans = changed_spans(pack_pages(render(scored), 8), pack_pages(render(view), 8), 128)
    x0, y0, x1, y1 = play_layout(Panel(128, 64)).sides[1]
    left = x1 - score_width(88, min(18, y1 - y0 - 3)) - 1
    # the digits fill whole pages: rows 24-39 of Bob's rows 20-39, pages 3 and 4
    assert [p for p, _, _ in spans] == [3, 4] and (y0, y1) == (20, 40)
    assert all(left <= c0 <= c1 < x1 for _, c0, c1 in spans), spans
    assert sum(c1 - c0 + 1 for _, c0, c1 in spans) <= 2 * 12
