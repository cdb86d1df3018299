"""The kiosk flow (pure): attract, menu, play, result, suspend, staff gestures, service
mode, OLED care. Times are inputs; timers are effects that come back as events."""

from __future__ import annotations

from dataclasses import replace

from pitchside.tables import effects as fx
from pitchside.tables import kiosk as k
from pitchside.tables import pichenotte as t
from pitchside.core.rules import pichenotte as rules
from pitchside.core.sides import PerSide
from pitchside.render.kiosk import AttractView, ConfirmView, MenuView, render_kiosk
from pitchside.render.service import ServiceView
from pitchside.render.pichenotte import PichenotteView
from pitchside.signals.events import ButtonHeld, ButtonPressed, ButtonReleased, SensorNoisy, TimerFired

S = k.KioskSettings(dim_after_s=60, suspend_after_s=300, result_timeout_s=90, shift_every_s=30, stuck_after_s=20)
INPUTS = ("coin", "shot_done", "undo", "new", "next", "plus", "minus", "twenty")


def boot(ts: t.TableState | None = None, settings: k.KioskSettings = S) -> tuple[k.KioskState, tuple[k.Effect, ...]]:
    return k.start(settings, ts or t.new_table(rules.Options(pucks=2)), INPUTS, 0.0)


def tap(ks: k.KioskState, name: str, at: float) -> tuple[k.KioskState, list[k.Effect]]:
    ks, e1 = k.handle(ks, ButtonPressed(name, at))
    ks, e2 = k.handle(ks, ButtonReleased(name, at + 0.1))
    return ks, [*e1, *e2]


def timers(effects: list[k.Effect] | tuple[k.Effect, ...]) -> dict[str, float]:
    return {e.name: e.due_at for e in effects if isinstance(e, k.StartTimer)}


def test_power_on_shows_attract_at_full_contrast_with_its_deadlines() -> None:
    ks, eff = boot()
    assert ks.mode == "attract"
    assert eff[0] == k.SetContrast(255)
    assert timers(eff) == {"dim": 60.0, "shift": 30.0}
    v = k.view(ks)
    assert isinstance(v, AttractView) and v.title == "PICHENOTTE" and v.shift == (0, 0)


def test_defaults_take_two_presses_from_attract_then_coin_tosses() -> None:
    ks, _ = boot()
    ks, _ = tap(ks, "coin", 1.0)
    assert ks.mode == "menu"
    ks, eff = tap(ks, "shot_done", 2.0)
    assert ks.mode == "playing"
    assert fx.NewMatch() in eff
    assert ks.table.match.state.phase == "toss" and ks.table.match.state.hand == PerSide(2, 2)
    ks, eff = tap(ks, "coin", 3.0)
    assert fx.TossCoin() in eff


def test_coin_in_the_menu_starts_and_tosses_at_once() -> None:
    ks, _ = boot()
    ks, _ = tap(ks, "coin", 1.0)
    ks, eff = tap(ks, "coin", 2.0)
    assert ks.mode == "playing"
    assert fx.NewMatch() in eff and fx.TossCoin() in eff
    assert eff.index(fx.NewMatch()) < eff.index(fx.TossCoin())  # the new match is begun, then tossed


def test_menu_changes_options_with_next_plus_minus() -> None:
    ks, _ = boot()
    ks, _ = tap(ks, "coin", 1.0)
    ks, _ = tap(ks, "plus", 1.5)  # players: singles -> doubles
    assert ks.table.match.options.players == "doubles"
    ks, _ = tap(ks, "next", 2.0)
    ks, _ = tap(ks, "plus", 2.5)  # format: rounds -> race500
    ks, _ = tap(ks, "next", 3.0)
    ks, _ = tap(ks, "plus", 3.2)  # the race's target: 500 -> 550
    ks, _ = tap(ks, "next", 3.4)
    ks, _ = tap(ks, "minus", 3.5)  # pucks: 2 is not a choice -> from the top, 12 - 1 step = 10
    opts = ks.table.match.options
    assert (opts.players, opts.format, opts.race_target, opts.pucks) == ("doubles", "race500", 550, 10)
    v = k.view(ks)
    assert isinstance(v, MenuView)
    assert v.fields == (("Players", "DOUBLES"), ("Match", "RACE TO 550"), ("To win", "550 POINTS"), ("Pucks", "10 EACH"),
                        ("Names", "A v B"))
    assert v.cursor == 3


def test_inactivity_dims_and_any_input_restores_full_brightness() -> None:
    ks, _ = boot()
    ks, eff = k.handle(ks, TimerFired("dim", 60.0))
    assert ks.dimmed and eff == (k.SetContrast(16),)
    ks, eff2 = k.handle(ks, ButtonPressed("coin", 61.0))
    assert not ks.dimmed and k.SetContrast(255) in eff2


def test_a_stale_dim_timer_does_nothing() -> None:
    ks, _ = boot()
    ks, _ = tap(ks, "coin", 50.0)  # input at 50 s: the 60 s timer is stale
    ks, eff = k.handle(ks, TimerFired("dim", 60.0))
    assert not ks.dimmed and eff == ()


def test_attract_screen_moves_every_shift_period() -> None:
    ks, _ = boot()
    ks, eff = k.handle(ks, TimerFired("shift", 30.0))
    assert ks.shift == 1 and timers(eff) == {"shift": 60.0}
    v = k.view(ks)
    assert isinstance(v, AttractView) and v.shift == k.SHIFTS[1]
    # the frame is the centred one moved by that many px
    centred = render_kiosk(replace(v, shift=(0, 0)))
    moved = render_kiosk(v)
    dx, dy = k.SHIFTS[1]
    from PIL import ImageChops

    assert ImageChops.offset(centred, dx, dy).tobytes() == moved.tobytes()


def playing(pucks: int = 1) -> k.KioskState:
    ks, _ = boot(t.new_table(rules.Options(pucks=pucks)))
    ks, _ = tap(ks, "coin", 1.0)
    ks, _ = tap(ks, "shot_done", 2.0)
    ks, _ = k.handle(ks, fx.CoinTossed("A", 2.5))
    return ks


def test_a_round_that_does_not_end_the_match_starts_no_result_timer() -> None:
    ks = playing(pucks=1)
    ks, _ = tap(ks, "shot_done", 3.0)  # A free shot stays
    ks, _ = tap(ks, "shot_done", 4.0)  # B hits, stays
    ks, _ = tap(ks, "plus", 5.0)  # A15 = 1
    for _ in range(5):
        ks, _ = tap(ks, "next", 5.5)
    ks, _ = tap(ks, "plus", 6.0)  # B5 = 1
    ks, eff = tap(ks, "shot_done", 7.0)
    assert ks.table.match.state.round_scores == (PerSide(15, 5),)
    assert ks.mode == "playing" and ks.table.match.state.round == 2
    assert "result" not in timers(eff)


def test_finished_match_result_timer_returns_to_attract() -> None:
    ts = t.new_table(rules.Options(pucks=1, rounds_to_win=1))
    ks, _ = boot(ts)
    ks, _ = tap(ks, "coin", 1.0)
    ks, _ = tap(ks, "shot_done", 2.0)
    ks, _ = k.handle(ks, fx.CoinTossed("A", 2.5))
    ks, _ = tap(ks, "shot_done", 3.0)  # A free shot stays
    ks, _ = tap(ks, "no_contact", 3.5)
    ks, _ = tap(ks, "shot_done", 4.0)  # B misses: ditch
    ks, _ = tap(ks, "plus", 5.0)  # A15 = 1
    ks, eff = tap(ks, "shot_done", 6.0)  # A 15 - B 0: A wins the match (first to 1)
    assert ks.table.match.state.phase == "finished"
    assert timers(eff)["result"] == 96.0
    ks, eff = k.handle(ks, TimerFired("result", 96.0))
    assert ks.mode == "attract"
    assert fx.NewMatch() in eff
    assert ks.table.match.state.phase == "toss"


def test_idle_match_is_suspended_and_offered_back() -> None:
    ks = playing(pucks=3)
    ks, _ = tap(ks, "shot_done", 3.0)
    ks, eff = k.handle(ks, TimerFired("suspend", 303.1))
    assert ks.mode == "attract" and eff == tuple(e for e in eff if not isinstance(e, fx.NewMatch))
    assert ks.table.match.state.on_board == PerSide(1, 0)  # kept
    ks, _ = tap(ks, "coin", 400.0)
    assert ks.mode == "resume"
    v = k.view(ks)
    assert isinstance(v, ConfirmView) and v.lines[0] == "Round 1, 0-0"
    ks, _ = tap(ks, "shot_done", 401.0)
    assert ks.mode == "playing" and ks.table.match.state.on_board == PerSide(1, 0)


def test_a_restart_with_a_match_in_progress_goes_straight_back_to_it() -> None:
    ts = t.new_table(rules.Options(pucks=3))
    match, _ = ts.match.apply(rules.CoinToss("B"))
    ks, _ = boot(replace(ts, match=match))
    assert ks.mode == "playing"
    assert isinstance(k.view(ks), PichenotteView)


def test_a_players_hold_of_new_abandons_nothing_without_a_confirm() -> None:
    """A hold of NEW asks END MATCH? (ending a half-played match); it ends nothing by itself."""
    ks = playing(pucks=3)
    ks, _ = tap(ks, "shot_done", 3.0)
    ks, _ = k.handle(ks, ButtonPressed("new", 4.0))
    assert ks.table.prompt is not None and ks.table.prompt.text == "Hold NEW to end the match"
    ks, eff = k.handle(ks, ButtonHeld("new", 5.0))
    assert ks.mode == "end" and ks.table.match.state.on_board == PerSide(1, 0)
    assert not any(isinstance(e, fx.NewMatch) for e in eff)


def staff(ks: k.KioskState, at: float) -> tuple[k.KioskState, list[k.Effect]]:
    """Hold NEW, then hold UNDO with it, release both."""
    effects: list[k.Effect] = []
    for ev in (ButtonPressed("new", at), ButtonPressed("undo", at + 0.3), ButtonHeld("new", at + 1.0),
               ButtonHeld("undo", at + 1.3), ButtonReleased("undo", at + 1.5), ButtonReleased("new", at + 1.6)):
        ks, eff = k.handle(ks, ev)
        effects += eff
    return ks, effects


def test_staff_gesture_opens_service_mode_without_undoing_and_closes_it_again() -> None:
    ks = playing(pucks=3)
    ks, _ = tap(ks, "shot_done", 3.0)
    ks, eff = staff(ks, 10.0)
    assert ks.mode == "service"
    assert not any(isinstance(e, fx.Accepted) for e in eff)  # UNDO's press went nowhere
    assert ks.table.match.state.on_board == PerSide(1, 0)
    ks, _ = staff(ks, 20.0)
    assert ks.mode == "playing"


def test_service_mode_counts_edges_and_shows_live_state() -> None:
    ks, _ = boot()
    ks, _ = staff(ks, 1.0)
    ks, _ = k.handle(ks, ButtonPressed("plus", 5.0))  # held down now
    v = k.view(ks)
    assert isinstance(v, ServiceView) and v.page == "inputs"
    rows = {r[0]: r[1:] for r in v.rows}
    assert rows["plus"] == ("on", "1")
    assert rows["new"] == ("off", "2") and rows["undo"] == ("off", "2")  # press + release each
    ks, _ = k.handle(ks, ButtonReleased("plus", 5.2))
    ks, _ = tap(ks, "next", 6.0)  # page 2: the rest of the inputs? 8 inputs fit one page
    v2 = k.view(ks)
    assert isinstance(v2, ServiceView) and v2.page == "pattern"


def test_service_pattern_page_cycles_the_test_patterns() -> None:
    ks, _ = boot()
    ks, _ = staff(ks, 1.0)
    ks, _ = tap(ks, "next", 2.0)
    ks, _ = tap(ks, "plus", 3.0)
    v = k.view(ks)
    assert isinstance(v, ServiceView) and v.pattern == 1
    img = render_kiosk(v)
    assert img.getpixel((0, 0)) == 0 and img.getpixel((1, 0)) == 255  # checkerboard


def test_abandon_from_service_needs_a_hold_and_a_confirm() -> None:
    ks = playing(pucks=3)
    ks, _ = tap(ks, "shot_done", 3.0)
    ks, _ = staff(ks, 10.0)
    ks, _ = k.handle(ks, ButtonHeld("new", 12.0))
    assert ks.mode == "abandon"
    ks2, _ = tap(ks, "next", 13.0)  # anything but DONE: no
    assert ks2.mode == "service" and ks2.table.match.state.on_board == PerSide(1, 0)
    ks, eff = tap(ks, "shot_done", 13.0)
    assert ks.mode == "menu"
    assert fx.NewMatch() in eff and k.Log("match abandoned by staff") in eff
    assert ks.table.match.state.phase == "toss"


def test_a_button_held_past_the_stuck_time_is_flagged_and_logged() -> None:
    ks, _ = boot()
    ks, eff = k.handle(ks, ButtonPressed("minus", 1.0))
    assert timers(eff)["stuck:minus"] == 21.0
    ks, eff = k.handle(ks, TimerFired("stuck:minus", 21.0))
    assert ks.stat("minus").stuck and eff == (k.Log("button minus stuck pressed"),)
    ks, eff = k.handle(ks, ButtonReleased("minus", 30.0))
    assert not ks.stat("minus").stuck and k.Log("button minus released after being stuck") in eff


def test_a_released_button_is_not_flagged_stuck() -> None:
    ks, _ = boot()
    ks, _ = tap(ks, "minus", 1.0)
    ks, eff = k.handle(ks, TimerFired("stuck:minus", 21.0))
    assert not ks.stat("minus").stuck and eff == ()


def test_a_noisy_sensor_is_flagged_in_service_and_logged_once_per_report() -> None:
    ks, _ = boot()
    ks, eff = k.handle(ks, SensorNoisy("twenty", 2.0, "burst of 34 edges in 69 ms"))
    assert ks.stat("twenty").noisy
    assert eff == (k.Log("sensor twenty: burst of 34 edges in 69 ms"),)


def test_without_attract_the_match_is_always_on() -> None:
    ks, _ = boot(settings=replace(S, attract=False))
    assert ks.mode == "playing"
    ks, eff = tap(ks, "coin", 1.0)
    assert fx.TossCoin() in eff


def test_every_kiosk_screen_renders_at_the_panel_size() -> None:
    ks, _ = boot()
    screens = [ks, replace(ks, mode="menu"), replace(ks, mode="abandon"), replace(ks, mode="service"),
               replace(ks, mode="service", service_page=1), replace(ks, mode="service", service_page=2)]
    for s in screens:
        img = render_kiosk(k.view(s))
        assert img.size == (128, 64) and img.mode == "1"
        assert img.getbbox() is not None  # something is drawn


# --- the QR code of the table's address (the QR code) ------------------------------

URL = "http://pitchside-t1.local:8080/"


def _after_shifts(ks: k.KioskState, n: int) -> k.KioskState:
    for i in range(n):
        ks, _ = k.handle(ks, TimerFired("shift", 30.0 * (i + 1)))
    return ks


def test_with_a_url_the_attract_screen_shows_the_qr_code_in_turn() -> None:
    from pitchside.render.qr import QRView

    ks, _ = boot(settings=replace(S, url=URL))
    shown = [k.view(_after_shifts(ks, n)) for n in range(4)]
    assert [type(v).__name__ for v in shown] == ["AttractView", "QRView", "AttractView", "QRView"]
    assert shown[1] == QRView(URL)
    # without one: the attract screen only, as before
    plain, _ = boot()
    assert {type(k.view(_after_shifts(plain, n))).__name__ for n in range(4)} == {"AttractView"}


def test_with_a_url_the_menu_has_a_phone_row_that_shows_the_qr_code() -> None:
    from pitchside.render.qr import QRView

    ks, _ = boot(settings=replace(S, url=URL))
    ks, _ = tap(ks, "next", 1.0)  # attract -> menu
    menu = k.view(ks)
    assert isinstance(menu, MenuView) and menu.fields[-1] == ("Phone", "QR code")
    plain_menu = k.view(tap(boot()[0], "next", 1.0)[0])
    assert isinstance(plain_menu, MenuView) and plain_menu.fields == menu.fields[:-1]
    for _ in range(len(menu.fields) - 1):
        ks, _ = tap(ks, "next", 2.0)
    assert ks.cursor == len(menu.fields) - 1 and k.view(ks) == QRView(URL, hint="DONE: play")
    same, eff = tap(ks, "plus", 3.0)
    assert (same.table, same.cursor, same.mode) == (ks.table, ks.cursor, "menu")  # nothing to change
    assert [e for e in eff if not isinstance(e, k.StartTimer)] == []
    ks, _ = tap(ks, "next", 4.0)
    assert ks.cursor == 0 and isinstance(k.view(ks), MenuView)  # NEXT wraps to the first row


def test_a_table_of_several_games_shows_the_qr_code_between_the_games_names() -> None:
    from pitchside.render.qr import QRView
    from pitchside.tables.registry import app_for

    games = (app_for("pichenotte"), app_for("pitchnut"))
    ks, _ = boot(settings=replace(S, url=URL, app=games[0], games=games))
    shown = [k.view(_after_shifts(ks, n)) for n in range(5)]
    assert [v.title if isinstance(v, AttractView) else v for v in shown] == [
        "PICHENOTTE", QRView(URL), "PITCHNUT", QRView(URL), "PICHENOTTE"]
