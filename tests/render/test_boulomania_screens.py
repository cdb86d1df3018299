"""Boulomania screens: every scene renders at 128x64 in mode "1", stays on the panel at
other sizes, shows its text uncut for ordinary names, draws the 18 spaces where the
board data puts them, and matches its golden image.

The scenes are played through the real table controller
(:mod:`pitchside.tables.boulomania`) with given dice, never hand-made states. After an
intended layout change, rewrite the golden images and look at them (4x copies go to
$PITCHSIDE_FRAMES_DIR, default /tmp/pitchside_frames):

    PITCHSIDE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_boulomania_screens.py
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pytest
from PIL import Image
from pitchside.tables import boulomania as t
from pitchside.tables.effects import DiceRolled
from pitchside.core.boards.boulomania import BOARD, JACK_SPACES
from pitchside.core.rules import boulomania as rules
from pitchside.render import boulomania as screens
from pitchside.render import widgets
from pitchside.render.boulomania import BoulomaniaView, render
from pitchside.render.view import Prompt
from pitchside.signals.events import ButtonPressed, SerialLine, SerialStatus
from support.golden import check_golden
from test_fits import MARGIN, RecordingDraw, assert_inside

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
    game = replace(ts.game, score=rules.PerSide(12, 9), hand=rules.PerSide(1, 0),
                   spaces=tuple("B" if s == 17 else None for s in range(1, 19)))
    ts = replace(ts, match=replace(ts.match, initial=game, head=None))
    return roll(ts, 5, 6)


def round_end() -> t.TableState:
    """Ann's last bowl on 11 beats Bob's 17 and 18: round 1 to Ann, 2-0."""
    ts = started()
    game = replace(ts.game, hand=rules.PerSide(1, 0),
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


@pytest.mark.parametrize("name", sorted(SCENES))
def test_golden(name: str) -> None:
    check_golden(render(SCENES[name]()), GOLDEN / f"{name}.png")


def test_every_boulomania_golden_has_a_scene() -> None:
    stale = sorted(p.stem for p in GOLDEN.glob("boulomania_*.png") if p.stem not in SCENES)
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
    img = render(SCENES[name]())
    assert_inside(img, recorder[0], (128, 64))
    cut = [what for what, _ in recorder[0].boxes if "…" in what]
    assert cut == []


LONG = "The die unit sent something this table cannot read at all, roll again please " * 2


@pytest.mark.parametrize("size", [(128, 64), (96, 48), (128, 128), (256, 64)])
@pytest.mark.parametrize("name", sorted(SCENES))
def test_stress_views_stay_on_the_panel(name: str, size: tuple[int, int], recorder: list[RecordingDraw]) -> None:
    """Long names and long prompts of every kind, on panels of other sizes."""
    view = replace(SCENES[name](), names=("THE RED DRAGONS", "BLUE WHALES UNITED"), choice_line=LONG)
    for prompt in (None, Prompt(LONG), Prompt(LONG, "warning"), Prompt(LONG, "refusal", "DIE")):
        recorder.clear()
        img = render(replace(view, prompt=prompt), size)
        assert_inside(img, recorder[0], size)


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
    assert screens.describe(v.state) == "R1 A 0 B 0 jack 3 B to throw"


def test_a_die_face_shows_its_pips_and_refuses_a_7() -> None:
    img = Image.new("1", (10, 10), 0)
    from PIL import ImageDraw

    d = ImageDraw.Draw(img)
    screens.draw_die(d, 0, 0, 5)
    dark = sum(1 for x in range(10) for y in range(10) if not img.getpixel((x, y)))
    assert dark == 5 * 4  # five 2x2 pips
    with pytest.raises(ValueError):
        screens.draw_die(d, 0, 0, 7)


def test_too_small_a_panel_is_refused() -> None:
    with pytest.raises(ValueError):
        render(SCENES["boulomania_midgame"](), (64, 32))
