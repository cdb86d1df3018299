"""render/ owns drawing: one ``render(view, size)`` dispatched on
the view's type, each render module registering its views, and frames whose storage
warning and badge are drawn here, not swapped into the view by the runtime."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, replace

import pytest
from PIL import Image

from pitchside.render import screen
from pitchside.render.badge import draw_badge
from pitchside.render.panel import INK, Canvas
from pitchside.render.kiosk import AttractView, ConfirmView, MenuView, render_kiosk
from pitchside.render.service import ServiceView
from pitchside.render.mastermove import StandingsView, render_standings
from pitchside.render.side import SideView, render_side
from pitchside.render.view import Prompt
from pitchside.tables.registry import app_for, table_games

NAMES = ("Ann", "Bob")
KIOSK_VIEWS = (
    AttractView("PICHENOTTE", ("PRESS ANY BUTTON", "TO PLAY"), (2, 1)),
    MenuView("PITCHNUT", (("Turn", "MORE OWN"),), 0, "DONE: PLAY"),
    ConfirmView("ABANDON MATCH?", ("DONE: yes, abandon", "any other: no")),
    ServiceView("pattern", pattern=2, footer="+ : next pattern"),
    ServiceView("inputs", (("coin", "off", "3"),), footer="NEXT: page 1/3"),
)


def game_view(game: str) -> object:
    app = app_for(game)
    return app.view(app.new_table(app.parse_options({}), NAMES))


@pytest.mark.parametrize("game", table_games())
def test_a_game_s_view_is_drawn_by_its_own_screen(game: str) -> None:
    v = game_view(game)
    own = importlib.import_module(f"pitchside.render.{game}").render
    for size in ((128, 64), (96, 48)):
        assert screen.render(v, size).tobytes() == own(v, size).tobytes()


def test_kiosk_side_and_standings_views_are_drawn_by_their_screens() -> None:
    for v in KIOSK_VIEWS:
        assert screen.render(v, (128, 64)).tobytes() == render_kiosk(v, (128, 64)).tobytes()
    side = SideView("Ann", 2.5, True, "WINS")
    assert screen.render(side, (96, 48)).tobytes() == render_side(side, (96, 48)).tobytes()
    page = StandingsView("Club cup", ())
    assert screen.render(page).tobytes() == render_standings(page).tobytes()


def test_a_view_nobody_registered_is_a_type_error_that_says_how() -> None:
    with pytest.raises(TypeError, match="no screen draws a str .*screen.register_layout"):
        screen.render("PRESS ANY BUTTON")


def blank(view: object, c: Canvas) -> None:
    c.draw.rectangle((0, 0, 1, 1), fill=INK)


def other(view: object, c: Canvas) -> None:
    pass


@dataclass(frozen=True)
class Plain:
    text: str


@dataclass(frozen=True)
class Special(Plain):
    pass


@dataclass(frozen=True)
class WithPrompt:
    prompt: Prompt | None = None


def test_registration_covers_subclasses_and_refuses_a_second_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screen, "_SCREENS", dict(screen._SCREENS))
    screen.register_layout(Plain, blank)
    screen.register_layout(Plain, blank)  # the same screen again (a re-import): fine
    drawn = screen.compose(screen.Frame(Special("x")), (8, 8))
    assert drawn.pages == 1 and drawn.image.mode == "1"
    assert [drawn.image.getpixel((x, y)) for x, y in ((0, 0), (1, 1), (2, 2))] == [255, 255, 0]
    with pytest.raises(TypeError, match="Plain is drawn by .*blank already, not also .*other"):
        screen.register_layout(Plain, other)


def test_a_warning_takes_the_prompt_line_only_of_a_view_with_a_prompt_field(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[object] = []
    monkeypatch.setattr(screen, "_SCREENS", dict(screen._SCREENS))
    screen.register_layout(Plain, lambda v, c: seen.append(v))
    screen.register_layout(WithPrompt, lambda v, c: seen.append(v))
    for view in (Plain("x"), WithPrompt(), WithPrompt(Prompt("NO", "refusal", "PI-20"))):
        screen.compose(screen.Frame(view, warning="NOT SAVING: disk full"), (8, 8))
    assert seen == [Plain("x"), WithPrompt(Prompt("NOT SAVING: disk full", "warning")),
                    WithPrompt(Prompt("NO", "refusal", "PI-20"))]


@pytest.mark.parametrize("game", table_games())
def test_a_frame_s_warning_takes_a_free_prompt_line_and_the_badge_the_corner(game: str) -> None:
    v = game_view(game)
    assert v.prompt is None  # type: ignore[attr-defined]
    own = importlib.import_module(f"pitchside.render.{game}").render
    warned = own(replace(v, prompt=Prompt("NOT SAVING: disk full", "warning")), (128, 64))  # type: ignore[type-var]
    draw_badge(warned)
    frame = screen.draw(screen.Frame(v, warning="NOT SAVING: disk full", badge=True))
    assert frame.tobytes() == warned.tobytes()
    assert screen.draw(screen.Frame(v)).tobytes() == own(v, (128, 64)).tobytes()  # no overlays: the view alone


def test_a_prompt_already_on_the_line_keeps_it_and_the_menu_takes_only_the_badge() -> None:
    refused = replace(game_view("pichenotte"), prompt=Prompt("NO: toss first", "refusal", "PI-20"))  # type: ignore[type-var]
    assert (
        screen.draw(screen.Frame(refused, warning="NOT SAVING: disk full")).tobytes()
        == screen.render(refused).tobytes()
    )
    menu = KIOSK_VIEWS[1]
    expected = render_kiosk(menu, (128, 64))
    draw_badge(expected)
    assert screen.draw(screen.Frame(menu, warning="NOT SAVING: disk full", badge=True)).tobytes() == expected.tobytes()


def test_the_attract_screen_shows_the_warning_under_its_first_line() -> None:
    """An idle table sits on its attract screen: a storage warning there is what staff
    see first (a journal moved aside at start, or not saving)."""
    attract = KIOSK_VIEWS[0]
    warned = replace(attract, prompt=Prompt("JOURNAL MOVED ASIDE", "warning"))
    expected = render_kiosk(warned, (128, 64))
    assert screen.draw(screen.Frame(attract, warning="JOURNAL MOVED ASIDE")).tobytes() == expected.tobytes()
    plain = render_kiosk(attract, (128, 64))
    top = 64 * 2 // 5 - 2  # the title's box, above the lines
    assert expected.crop((0, 0, 128, top)).tobytes() == plain.crop((0, 0, 128, top)).tobytes()
    lit = [sum(expected.getpixel((x, y)) > 0 for x in range(128)) for y in range(52, 64)]
    assert min(lit[:2]) == 128 and min(lit) >= 64  # the inverse bar at the bottom, not shifted with the rest ...
    assert [sum(expected.getpixel((x, y)) > 0 for x in range(128)) for y in range(2)] == [0, 0]  # ... nor wrapped


def test_the_badge_is_an_inverse_exclamation_mark_in_the_top_right_7x11_px() -> None:
    img = Image.new("1", (128, 64))
    draw_badge(img)
    rows = ["".join("#" if img.getpixel((x, y)) else "." for x in range(121, 128)) for y in range(11)]
    assert rows == [
        "#######", "#######", "##...##", "##...##", "##...##", "##...##", "##...##", "#######",
        "##...##", "##...##", "#######",
    ]  # fmt: skip
    assert img.crop((0, 0, 121, 64)).getbbox() is None and img.crop((121, 11, 128, 64)).getbbox() is None
