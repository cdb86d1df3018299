"""Master Move screens laid out per panel: every phase at
128x64, 128x32, 256x64 (greyscale) and 128x128 (greyscale and colour), and 96x48; the
pitch map's pixels; every text whole and inside its box (support/textfit.py); golden
images tests/render/golden/mastermove/<panel>/<scene>.png.

After an intended layout change, rewrite the golden images and look at them:

    PITCHSIDE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_mastermove_screens.py

which also writes each frame scaled 4x to $PITCHSIDE_FRAMES_DIR (default
/tmp/pitchside_frames) as mastermove_<panel>_<scene>.png.
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
from pitchside.render.panel import Canvas, Panel
from pitchside.render.screen import Frame
from pitchside.render.view import Prompt
from pitchside.render.widgets import DISMISS, refusal_words
from pitchside.signals.events import ButtonHeld, ButtonPressed, SerialLine, SerialStatus
from support.golden import FRAMES, UPDATE, show_frame
from support.textfit import TextFit, draw_every_page

GOLDEN = Path(__file__).parent / "golden" / "mastermove"
PANELS = {"128x64": Panel(128, 64), "128x32": Panel(128, 32), "256x64": Panel(256, 64, "L"),
          "128x128": Panel(128, 128, "L"), "128x128rgb": Panel(128, 128, "RGB"), "96x48": Panel(96, 48)}
LONG_NAMES = ("MAXIMILIAN-ALEXANDER", "BARTHOLOMEW-JONES")
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




def check_golden(frame: Image.Image, path: Path, panel: Panel) -> None:
    """``frame`` (the panel's size and mode) equals the golden PNG at ``path`` pixel
    for pixel, or (updating) rewrites it and a 4x copy to look at."""
    assert frame.mode == panel.mode and frame.size == panel.size
    show_frame(frame, f"mastermove_{path.name}")
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        frame.save(path)
        FRAMES.mkdir(parents=True, exist_ok=True)
        big = frame.convert("RGB").resize((frame.width * 4, frame.height * 4), Image.Resampling.NEAREST)
        big.save(FRAMES / f"mastermove_{path.parent.name}_{path.name}")
        return
    assert path.exists(), f"no golden image {path}: run with PITCHSIDE_UPDATE_GOLDEN=1 and look at it"
    with Image.open(path) as golden:
        expected = golden.convert(panel.mode)
    assert ImageChops.difference(frame.convert("RGB"), expected.convert("RGB")).getbbox() is None, path.name


@pytest.mark.parametrize("panel", sorted(PANELS))
@pytest.mark.parametrize("name", sorted(VIEWS))
def test_golden(name: str, panel: str) -> None:
    check_golden(render(VIEWS[name](), PANELS[panel]), GOLDEN / panel / f"{name}.png", PANELS[panel])


def test_standings_golden() -> None:
    check_golden(render_standings(standings_view()), GOLDEN / "128x64" / "standings.png", Panel(128, 64))


def test_every_mastermove_golden_has_a_scene() -> None:
    stale = sorted(str(p.relative_to(GOLDEN)) for p in GOLDEN.glob("*/*.png")
                   if p.parent.name not in PANELS or p.stem not in {*VIEWS, "standings"})
    assert stale == []
    assert sorted(Path(__file__).parent.joinpath("golden").glob("mastermove_*.png")) == []


def _long(view: MasterMoveView) -> MasterMoveView:
    """``view`` with the long names (in its last move and prompt too)."""
    def swap(text: str) -> str:
        return text.replace(NAMES[0], LONG_NAMES[0]).replace(NAMES[1], LONG_NAMES[1])
    prompt = view.prompt and replace(view.prompt, text=swap(view.prompt.text))
    return replace(view, names=LONG_NAMES, last_move=view.last_move and swap(view.last_move), prompt=prompt)


def _shows(fit: TextFit, text: str) -> bool:
    """:meth:`TextFit.shows`, and also a text whose pages repeat one another (the
    line-up count words say "2 runner, 1 joker, 2 raider" twice: the checker drops a
    page equal to the one before, so it reads such a text as not whole)."""
    if fit.shows(text):
        return True
    want = "".join(text.split())
    by_box: dict[object, dict[int, str]] = {}
    for d in fit.drawn:
        frames = by_box.setdefault(d.box, {})
        frames[d.frame] = frames.get(d.frame, "") + "".join(d.text.split())
    return any(want in "".join(f[k] for k in sorted(f)) for f in by_box.values())


def _wanted(view: MasterMoveView) -> tuple[str, ...]:
    """Texts each screen must show whole."""
    p = view.prompt
    if p is not None and p.kind == "refusal":
        return (refusal_words(p), DISMISS)
    want: tuple[str, ...] = (p.text if p.kind == "info" else f"! {p.text}",) if p is not None else ()
    if view.confirm_quit is not None:
        return (f"{view.name(view.confirm_quit)} loses 0-3", "DONE: yes, quit", "UNDO: no + -: side")
    if view.state.phase in ("play", "changes", "toss") and view.entry is None:
        want += (view.names[0], view.names[1])
    if view.state.phase == "play" and view.entry is None and p is None and view.last_move:
        want += (f"LAST {view.last_move}",)
    if view.state.phase == "changes" and view.entry is None and p is None:
        want += (f"DONE: {view.name(view.state.restarting or 'A')} restarts",)
    if view.state.phase == "finished" and p is None:
        want += (f"{view.names[0]} WINS",) if view.state.score.A == 3 else ()
    return want


@pytest.mark.parametrize("panel", sorted(PANELS))
@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_screen_shows_its_texts_whole_at_every_panel(name: str, panel: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    p = PANELS[panel]
    problems: list[str] = []
    with TextFit(monkeypatch) as fit:
        for view in (VIEWS[name](), _long(VIEWS[name]())):
            fit.clear()
            draw_every_page(fit, Frame(view), p)
            problems += fit.problems(p.size) + [f"{w!r} not drawn whole" for w in _wanted(view) if not _shows(fit, w)]
    assert problems == []


TABLE_PROMPTS = (
    Prompt("+ - NEXT: pick a piece, DONE: OK"), Prompt("Nothing there to pick"),
    Prompt("That piece has nowhere to go"), Prompt("D12 to D16: DONE sends"), Prompt("Quit cancelled"),
    Prompt("Line-ups back to the standard ones"), Prompt("Move source connected"),
    Prompt("Move source: lost: unplugged from the table", "warning"), Prompt("MM1 (MOVE/1) ready"),
    Prompt("'MOVE G9 G4 G5 G6': MOVE needs two squares, like MOVE G3 F1", "refusal", "LINE"),
)


def _mm_word_cases() -> list[object]:
    """The notices of tests/core/mastermove/test_mm_words.py (one of every code)."""
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "core" / "mastermove" / "test_mm_words.py"
    spec = importlib.util.spec_from_file_location("_mm_words_cases", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [case[0] for case in module.CASES]


def test_the_word_samples_cover_every_code() -> None:
    from pitchside.core.words import mastermove as words

    assert {n.code for n in _mm_word_cases()} >= set(words.CODES)  # type: ignore[attr-defined]


@pytest.mark.parametrize("panel", sorted(PANELS))
def test_every_describe_text_and_table_prompt_fits_on_every_screen(panel: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every words text of every code (long and short, long names) and the table's own
    prompts, as an info line and as a refusal, on the board, score and toss screens."""
    from pitchside.core.words.mastermove import describe

    p = PANELS[panel]
    prompts = list(TABLE_PROMPTS)
    for n in _mm_word_cases():
        words = describe(n, LONG_NAMES)  # type: ignore[arg-type]
        for text in dict.fromkeys((words.short, words.long)):
            prompts += [Prompt(text), Prompt(text, "refusal", n.rule)]  # type: ignore[attr-defined]
    problems: list[str] = []
    with TextFit(monkeypatch) as fit:
        for base in (VIEWS["entry"](), VIEWS["play"](), VIEWS["toss"](), VIEWS["changes"]()):
            for prompt in prompts:
                view = replace(_long(base), prompt=prompt)
                fit.clear()
                draw_every_page(fit, Frame(view), p)
                problems += [f"{prompt.text!r}: {x}" for x in fit.problems(p.size)]
                problems += [f"{w!r} not whole" for w in _wanted(view) if not _shows(fit, w)]
    assert problems == []


def test_a_size_without_a_layout_is_refused() -> None:
    with pytest.raises(ValueError, match="no screen layout for a 132x64 px panel"):
        render(VIEWS["play"](), (132, 64))


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


def test_the_pitch_map_draws_pieces_solid_and_crossed_or_hollow_and_the_goal_mouths() -> None:
    img = render(mt.view(mt.new_table(names=NAMES)))
    # A's keeper on E1: a solid 3x3 block in the cell at column 1, row E (index 4)
    x, y = 0 * CELL + 1, 4 * CELL + 1
    assert all(img.getpixel((x + i, y + j)) for i in range(3) for j in range(3))
    # B's proposed line-up is not drawn before A's is sent; the goal mouth D1-F1 is a gap in the frame
    assert img.getpixel((0, 3 * CELL + 2)) == 0 and img.getpixel((0, 2 * CELL + 2)) != 0
    sent = lines(mt.new_table(names=NAMES), LINEUP_A)
    img = render(mt.view(sent))
    # B's keeper on E16, column 16: a 3x3 cross, its corners and centre lit, its edges' middles dark
    x, y = 15 * CELL + 1, 4 * CELL + 1
    lit = [[img.getpixel((x + i, y + j)) != 0 for i in range(3)] for j in range(3)]
    assert lit == [[True, False, True], [False, True, False], [True, False, True]]
    # B's pieces at 7 px squares (128x128): hollow rings
    img = render(mt.view(sent), Panel(128, 128))
    x, y = (128 - (16 * 7 + 1)) // 2 + 15 * 7 + 1, 4 * 7 + 1
    assert img.getpixel((x, y)) != 0 and img.getpixel((x + 2, y + 2)) == 0


def test_the_pitch_map_uses_the_side_colours_and_dims_the_centre_line_on_colour() -> None:
    img = render(mt.view(lines(mt.new_table(names=NAMES), LINEUP_A)), Panel(128, 128, "RGB"))
    x0 = (128 - (16 * 7 + 1)) // 2
    assert img.getpixel((x0 + 2, 4 * 7 + 2)) == (255, 90, 60)  # A's keeper E1: red
    assert img.getpixel((x0 + 15 * 7 + 1, 4 * 7 + 1)) == (70, 160, 255)  # B's keeper E16: a blue ring
    assert img.getpixel((x0 + 8 * 7, 2)) == (110, 110, 110)  # the centre line, dim


def test_the_cursor_square_is_inverted() -> None:
    ts = replace(kicked_off(), entry=mt.Entry(cursor=rules.square("D9")))  # an empty square
    img = render(mt.view(ts))
    x, y = 8 * CELL + 2, 3 * CELL + 2
    assert img.getpixel((x, y)) != 0


def test_a_piece_picked_is_framed_and_dotted_to_its_target() -> None:
    """On 128x64 the piece chosen (G9) is framed, its target (G5) inverted and a dotted
    line joins their centres: every other px of row G between them."""
    ts = kicked_off()
    ts = replace(ts, entry=mt.Entry(cursor=rules.square("G5"), pick=rules.square("G9")))
    img = render(mt.view(ts))
    y = 6 * CELL + 3  # row G's centre
    x_pick, x_to = 8 * CELL + 3, 4 * CELL + 3  # the centres of columns 9 and 5
    dots = [img.getpixel((x, y)) != 0 for x in range(x_to + 4, x_pick - 3)]
    assert dots and dots.count(True) == (len(dots) + 1) // 2
    frame = [img.getpixel((8 * CELL, 6 * CELL + j)) != 0 for j in range(CELL + 1)]
    assert all(frame)


def test_standings_show_five_rows_and_page_further() -> None:
    v = standings_view()
    more = replace(v, rows=v.rows + v.rows[:2], first=5)
    a, b = render_standings(v), render_standings(more)
    assert a.size == b.size == (128, 64)
    assert ImageChops.logical_xor(a, b).getbbox() is not None


BOARD_SCREENS = ("lineup", "lineup_edit", "entry", "change_entry")


def test_the_board_is_as_big_as_each_layout_allows() -> None:
    """Square size and map corner per panel: 7 px on 128x128 (centred over the text)
    and 256x64 (the full height), 5 on 128x64, 4 on 96x48 (centred), 3 on 128x32."""
    got = {name: mm.board_layout(Canvas(p))[:3] for name, p in PANELS.items()}
    assert got == {"128x64": (5, 0, 0), "128x32": (3, 0, 2), "256x64": (7, 0, 0), "128x128": (7, 7, 0),
                   "128x128rgb": (7, 7, 0), "96x48": (4, 15, 0)}


@pytest.mark.parametrize("name", BOARD_SCREENS)
def test_at_96x48_the_board_screen_drops_the_side_text_and_keeps_the_map_above_the_bottom_line(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = VIEWS[name]()
    with TextFit(monkeypatch) as fit:
        draw_every_page(fit, Frame(view), Panel(96, 48))
        assert [d.text for d in fit.drawn if d.text not in _bottom_line(view)] == []  # its pages, nothing else
        assert fit.shows(_bottom_line(view)) and all(d.ink[1] >= 37 for d in fit.drawn)
    img = render(view, (96, 48))
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


def test_the_quit_question_names_who_quits_and_how_to_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    view = VIEWS["quit_confirm"]()
    assert view.confirm_quit == "B"  # Blue Town to move after D8-D12
    with TextFit(monkeypatch) as fit:
        for p in PANELS.values():
            fit.clear()
            draw_every_page(fit, Frame(view), p)
            assert all(fit.shows(t) for t in ("QUIT: FORFEIT?", "Blue Town loses 0-3", "DONE: yes, quit")), p


@pytest.mark.parametrize("panel", [Panel(128, 32), Panel(256, 64, "L"), Panel(128, 128, "RGB")], ids=str)
def test_the_standings_draw_on_every_panel(panel: Panel) -> None:
    """The standings were drawn for 96x48 and up only: a Master Move tournament table on a
    128x32 panel stopped at its standings page (ValueError)."""
    from pitchside.core.tournament import Row
    from pitchside.render import screen
    from pitchside.render.mastermove import StandingsView

    view = StandingsView("CUP", (Row(1, "BLUE TOWN", 2, 2, 0, 5, 1, 6), Row(2, "REDS", 2, 0, 2, 1, 5, 0)),
                         "NEXT: BLUE v REDS", 0)
    image = screen.compose(screen.Frame(view), panel).image
    assert image.size == panel.size and image.getbbox() is not None
