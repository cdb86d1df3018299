"""Master Move screens: every phase at 128x64 (and the smallest panel), the pitch map's
pixels, the standings table, and golden images tests/render/golden/mastermove_*.png.

After an intended layout change, rewrite the golden images and look at them:

    PITCHSIDE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_mastermove_screens.py

which also writes each frame scaled 4x to $PITCHSIDE_FRAMES_DIR (default
/tmp/mastermove_frames).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from pitchside.tables import mastermove as mt
from pitchside.tables.effects import CoinTossed
from pitchside.core import tournament as tt
from pitchside.core.rules import mastermove as rules
from pitchside.render import mastermove as mm
from pitchside.render.mastermove import (
    CELL,
    MasterMoveView,
    StandingsView,
    render,
    render_standings,
)
from pitchside.render.view import Prompt
from pitchside.signals.events import ButtonHeld, ButtonPressed, SerialLine, SerialStatus
from support.golden import check_golden

GOLDEN = Path(__file__).parent / "golden"
NAMES = ("Yellow FC", "Blue Town")
LINEUP_A = "LINEUP A K E1 D C2 G2 W B3 E4 H3 R D8 F8 J E7 L B7 H7"
LINEUP_B = "LINEUP B K E16 D C15 G15 W B14 E13 H14 R C9 G9 J E10 L B10 H10"


def lines(ts: mt.TableState, *texts: str) -> mt.TableState:
    for t in texts:
        ts, _ = mt.handle(ts, SerialLine("moves", t, 0.0))
    return ts


def press(ts: mt.TableState, *names: str) -> mt.TableState:
    for n in names:
        ts, _ = mt.handle(ts, ButtonPressed(n, 0.0))
    return ts


def kicked_off() -> mt.TableState:
    ts = lines(mt.new_table(names=NAMES), LINEUP_A, LINEUP_B)
    return mt.handle(ts, CoinTossed("A", 0.0))[0]


def first_move() -> mt.TableState:
    return lines(kicked_off(), "MOVE D8 D12")


def one_nil() -> mt.TableState:
    return lines(first_move(), "MOVE G9 G5", "MOVE D12 D16")


def standings_view() -> StandingsView:
    t = tt.new_tournament("Club cup", "round_robin", ("Yellow", "Blue", "Red", "Green", "White"))
    games = [("Blue", "White", 3, 2), ("Red", "Green", 3, 2), ("White", "Yellow", 0, 3), ("Yellow", "Green", 3, 0)]
    for h, a, x, y in games:
        t = tt.add_result(t, tt.game_result(h, a, x, y))
    t = tt.add_result(t, tt.game_result("Blue", "Red", 0, 0, forfeit="Red"))
    nxt = tt.next_pairing(t)
    assert nxt is not None
    return StandingsView(t.name, tt.standings(t), f"Next: {nxt.text()}")


VIEWS: dict[str, Callable[[], MasterMoveView]] = {
    "lineup": lambda: mt.view(mt.new_table(names=NAMES)),
    "lineup_edit": lambda: mt.view(press(mt.new_table(names=NAMES), "plus", "shot_done")),
    "toss": lambda: mt.view(lines(mt.new_table(names=NAMES), LINEUP_A, LINEUP_B)),
    "kickoff": lambda: mt.view(kicked_off()),
    "play": lambda: mt.view(first_move()),
    "entry": lambda: mt.view(press(first_move(), "next", "next", "shot_done")),
    "refusal": lambda: mt.view(lines(first_move(), "MOVE G9 G4")),
    "bad_line": lambda: mt.view(lines(first_move(), "MOVE G9")),
    "source_lost": lambda: mt.view(mt.handle(first_move(), SerialStatus("moves", False, "lost: unplugged", 0.0))[0]),
    "changes": lambda: mt.view(one_nil()),
    "change_entry": lambda: mt.view(press(one_nil(), "minus", "shot_done")),
    "finished": lambda: mt.view(lines(one_nil(), "RESTART", "MOVE G9 G5", "MOVE D8 D12", "MOVE G5 G4",
                                      "MOVE D12 D16", "RESTART", "MOVE G9 G5", "MOVE D8 D12", "MOVE G5 G4",
                                      "MOVE D12 D16")),
    "forfeit": lambda: mt.view(lines(first_move(), "QUIT A")),
    "quit_confirm": lambda: mt.view(mt.handle(first_move(), ButtonHeld("next", 0.0))[0]),
}
SCENES: dict[str, Callable[[], Image.Image]] = {name: (lambda f=f: render(f())) for name, f in VIEWS.items()}
SCENES["standings"] = lambda: render_standings(standings_view())


@pytest.mark.parametrize("name", sorted(SCENES))
def test_golden(name: str) -> None:
    check_golden(SCENES[name](), GOLDEN / f"mastermove_{name}.png")


def test_every_mastermove_golden_has_a_scene() -> None:
    stale = sorted(p.stem for p in GOLDEN.glob("mastermove_*.png") if p.stem.removeprefix("mastermove_") not in SCENES)
    assert stale == []


@pytest.mark.parametrize("size", [(96, 48), (128, 32 * 2), (132, 64), (256, 64)])
@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_screen_renders_at_other_panel_sizes(name: str, size: tuple[int, int]) -> None:
    frame = render(VIEWS[name](), size)
    assert frame.mode == "1" and frame.size == size
    assert frame.getbbox() is not None


def test_what_the_screens_say() -> None:
    assert VIEWS["play"]().last_move == "Yellow FC D8-D12"
    finished = VIEWS["finished"]()
    assert (finished.state.score.A, finished.state.score.B) == (3, 0)
    assert finished.last_move == "Yellow FC D12-D16 MOVE!"
    refused = VIEWS["refusal"]().prompt
    assert refused is not None and (refused.rule, refused.text) == (
        "MM-09  G9-G4", "the runner moves horizontally or vertically, 1 to 4 squares")
    entry = VIEWS["entry"]().entry
    assert entry is not None and entry.line == "C9>B9 runner"  # Blue Town to move: its runner C9


def test_the_pitch_map_draws_pieces_solid_and_hollow_and_the_goal_mouths() -> None:
    img = render(mt.view(mt.new_table(names=NAMES)))
    # A's keeper on E1: a solid 3x3 block in the cell at column 1, row E (index 4)
    x, y = 0 * CELL + 1, 4 * CELL + 1
    assert all(img.getpixel((x + i, y + j)) for i in range(3) for j in range(3))
    # B's proposed line-up is not drawn before A's is sent; the goal mouth D1-F1 is a gap in the frame
    assert img.getpixel((0, 3 * CELL + 2)) == 0 and img.getpixel((0, 2 * CELL + 2)) == 1
    sent = lines(mt.new_table(names=NAMES), LINEUP_A)
    img = render(mt.view(sent))
    # B's keeper on E16: a hollow ring (centre dark) in column 16
    x, y = 15 * CELL + 1, 4 * CELL + 1
    assert img.getpixel((x, y)) == 1 and img.getpixel((x + 1, y + 1)) == 0


def test_the_cursor_square_is_inverted() -> None:
    ts = replace(kicked_off(), entry=mt.Entry(cursor=rules.square("D9")))  # an empty square
    img = render(mt.view(ts))
    x, y = 8 * CELL + 2, 3 * CELL + 2
    assert img.getpixel((x, y)) == 1


def test_a_long_refusal_keeps_its_rule_in_the_title() -> None:
    view = MasterMoveView(kicked_off().game, NAMES, Prompt("x " * 80, "refusal", "MM-24  E7-E6"))
    img = render(view)
    assert img.size == (128, 64)


def test_standings_show_five_rows_and_page_further() -> None:
    v = standings_view()
    more = replace(v, rows=v.rows + v.rows[:2], first=5)
    a, b = render_standings(v), render_standings(more)
    assert a.size == b.size == (128, 64)
    assert ImageChops.logical_xor(a, b).getbbox() is not None


BOARD_SCREENS = ("lineup", "lineup_edit", "entry", "change_entry")


def test_the_board_layout_at_the_design_size_and_the_smallest_panel() -> None:
    assert mm.board_layout((128, 64)) == (5, 0, True)
    assert mm.board_layout((96, 48)) == (4, 15, False)  # 65 x 37 px map, centred; no room for the side text
    assert mm.board_layout((256, 64)) == (5, 0, True)
    assert mm.board_layout((132, 48)) == (4, 0, True)


@pytest.mark.parametrize("name", BOARD_SCREENS)
def test_at_96x48_the_board_screen_drops_the_side_text_and_keeps_the_map_above_the_bottom_line(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[tuple[tuple[int, int, int, int], str]] = []
    real = mm.text_in_box

    def spy(draw: object, box: tuple[int, int, int, int], text: str, **kw: object) -> object:
        drawn.append((box, text))
        return real(draw, box, text, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(mm, "text_in_box", spy)
    monkeypatch.setattr("pitchside.render.widgets.text_in_box", spy)
    view = VIEWS[name]()
    img = render(view, (96, 48))
    assert [text for box, text in drawn] == [_bottom_line(view)]  # the bottom line alone
    assert all(box[1] >= 48 - mm.BOTTOM_H for box, _ in drawn)
    # the map: its frame from x=15 to 79, y=0 to 36, nothing lit right of it above the bottom line
    assert img.crop((15, 0, 80, 37)).getbbox() == (0, 0, 65, 37)
    assert img.crop((80, 0, 96, 36)).getbbox() is None and img.crop((0, 0, 15, 36)).getbbox() is None


def _bottom_line(view: MasterMoveView) -> str:
    """What the bottom line says on the 96x48 board screen: the prompt, else the right
    panel's first line."""
    if view.prompt is not None:
        return view.prompt.text
    if view.entry is not None and view.entry.line:
        return view.entry.line
    return f"LINE-UP {view.names[0] if view.lining == 'A' else view.names[1]}"


def test_the_96x48_bottom_lines_say_what_the_side_panel_said() -> None:
    assert _bottom_line(VIEWS["lineup"]()) == "LINE-UP Yellow FC"
    assert _bottom_line(VIEWS["entry"]()) == "C9>B9 runner"
    assert VIEWS["change_entry"]().entry.line == "H14>G13 winger"


def test_the_quit_question_names_who_quits_and_how_to_answer() -> None:
    view = VIEWS["quit_confirm"]()
    assert view.confirm_quit == "B"  # Blue Town to move after D8-D12
    for size in ((128, 64), (96, 48)):
        assert render(view, size).getbbox() is not None
    assert render(view).tobytes() == mm.render_message(
        "QUIT: FORFEIT?", ("Blue Town loses 0-3", "DONE: yes, quit", "UNDO: no  + -: side")).tobytes()
