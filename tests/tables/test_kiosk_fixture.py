"""The league's next fixture at the table: the offer enters as a
FixtureOffered event, the attract screen shows "Next: Ann v Bob - press any button", a
press opens the menu with that game and those names, and SHOT DONE starts the match with
them. Pure kiosk, no sleeps."""

from __future__ import annotations

from pathlib import Path

from pitchside.app.assembly import kiosk_settings
from pitchside.app.config import load_config
from pitchside.render.kiosk import AttractView, MenuView
from pitchside.signals.events import ButtonPressed
from pitchside.tables import effects as fx
from pitchside.tables import kiosk as k

ROOT = Path(__file__).resolve().parents[2]
COMBO = ROOT / "hardware" / "pitchside_hw" / "configs" / "combo.toml"
OFFER = fx.FixtureOffered("3:2:Ann:Bob", "pitchnut", ("Ann", "Bob"))


def combo() -> k.KioskState:
    settings = kiosk_settings(load_config(COMBO))
    ts = settings.app.new_table(settings.app.parse_options({}), ("A", "B"))
    ks, _ = k.start(settings, ts, (), 0.0)
    return ks


def test_the_offer_is_shown_on_the_attract_screen_and_a_press_opens_the_menu_with_its_game_and_names() -> None:
    ks = combo()
    assert ks.settings.app.name == "pichenotte"
    ks, effects = k.handle(ks, OFFER)
    assert effects == () and ks.offer == OFFER and ks.mode == "attract"
    assert k.view(ks) == AttractView("PITCHNUT", ("Next: Ann v Bob", "press any button"), (0, 0))
    ks, _ = k.handle(ks, ButtonPressed("next", 1.0))
    assert (ks.mode, ks.cursor, ks.settings.app.name, ks.table.names) == ("menu", 0, "pitchnut", ("Ann", "Bob"))
    view = k.view(ks)
    assert isinstance(view, MenuView) and view.fields[-1] == ("Names", "Ann v Bob")
    ks, effects = k.handle(ks, ButtonPressed("shot_done", 2.0))
    assert ks.mode == "playing" and fx.NewMatch() in effects
    assert ks.table.names == ("Ann", "Bob") and ks.table.match.codec.name == "pitchnut"


def test_a_withdrawn_offer_or_one_of_a_game_not_offered_here_leaves_the_usual_attract_screen() -> None:
    ks = combo()
    usual = k.view(ks)
    ks, _ = k.handle(ks, fx.FixtureOffered("9:1:Cy:Di", "boulomania", ("Cy", "Di")))
    assert k.view(ks) == usual
    ks, _ = k.handle(ks, OFFER)
    ks, _ = k.handle(ks, fx.FixtureOffered(None))
    assert ks.offer is None and k.view(ks) == usual
    ks, _ = k.handle(ks, ButtonPressed("next", 1.0))
    assert ks.mode == "menu" and ks.table.names == ("A", "B") and ks.settings.app.name == "pichenotte"


def test_every_game_ignores_the_offer() -> None:
    from pitchside.tables.registry import app_for

    for game in ("pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove"):
        app = app_for(game)
        ts = app.new_table(app.parse_options({}), ("A", "B"))
        assert app.handle(ts, OFFER) == (ts, ())
