"""The kiosk flow (pure) around a game that starts on a serial line and shows pages of
its own on the attract screen: Master Move's move source starts a game from a cold
table (HELLO or LINEUP, MOVE_PROTOCOL.md), its tournament standings take turns with
the attract screen; games without these (Pichenotte) are unaffected."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pitchside.app import tournament_file
from pitchside.tables import effects as fx
from pitchside.tables import kiosk as k
from pitchside.tables import mastermove as mt
from pitchside.tables import pichenotte as pt
from pitchside.cli import tournament as tournament_cli
from pitchside.core import tournament as tt
from pitchside.core.rules import mastermove as rules
from pitchside.core.rules import pichenotte as P
from pitchside.render import screen
from pitchside.render.kiosk import AttractView, MenuView
from pitchside.render.mastermove import StandingsView, render_standings
from pitchside.signals.events import (
    ButtonPressed,
    ButtonReleased,
    SerialLine,
    TimerFired,
)

S = k.KioskSettings(app=mt.APP, dim_after_s=60, suspend_after_s=300, result_timeout_s=90, shift_every_s=30)
INPUTS = ("coin", "shot_done", "undo", "new", "plus", "minus", "next", "moves")
LINEUP_A = "LINEUP A K E1 D C2 G2 W B3 E4 H3 R D8 F8 J E7 L B7 H7"
LINEUP_B = "LINEUP B K E16 D C15 G15 W B14 E13 H14 R C9 G9 J E10 L B10 H10"


def boot(settings: k.KioskSettings = S, ts: mt.TableState | None = None) -> k.KioskState:
    return k.start(settings, ts or settings.app.new_table(rules.Options(), ("Ann", "Bob")), INPUTS, 0.0)[0]


def line(ks: k.KioskState, text: str, at: float) -> tuple[k.KioskState, tuple[k.Effect, ...]]:
    return k.handle(ks, SerialLine("moves", text, at))


def tap(ks: k.KioskState, name: str, at: float) -> k.KioskState:
    ks, _ = k.handle(ks, ButtonPressed(name, at))
    return k.handle(ks, ButtonReleased(name, at + 0.1))[0]


def test_a_hello_on_the_attract_screen_starts_the_game_and_is_passed_on() -> None:
    ks = boot()
    assert ks.mode == "attract"
    ks, eff = line(ks, "HELLO MM1 club board", 5.0)
    assert ks.mode == "playing" and ks.back_to == "playing"
    assert fx.NewMatch() in eff
    due = {e.name: e.due_at for e in eff if isinstance(e, k.StartTimer)}
    assert (due["dim"], due["suspend"]) == (65.0, 305.0)  # a game's deadlines (a stale "shift" is ignored)
    assert ks.table.source == "club board" and ks.table.prompt.text == "club board (MM1) ready"
    assert ks.table.match.state.phase == "lineup" and not ks.table.match.can_undo()


def test_a_lineup_from_the_menu_starts_with_the_options_shown_and_is_the_first_input() -> None:
    ks = tap(boot(), "coin", 1.0)
    assert ks.mode == "menu"
    ks = tap(ks, "plus", 2.0)  # First move: COIN TOSS -> HOME (A)
    assert isinstance(k.view(ks), MenuView)
    ks, eff = line(ks, LINEUP_A, 3.0)
    assert ks.mode == "playing" and ks.table.match.options.first_mover == "A"
    accepted = [e for e in eff if isinstance(e, fx.Accepted)]
    assert eff.index(fx.NewMatch()) < eff.index(accepted[0])  # the new match, then its first input
    assert isinstance(accepted[0].input, rules.Lineup) and accepted[0].input.side == "A"
    ks, _ = line(ks, LINEUP_B, 4.0)
    assert ks.table.match.state.phase == "play" and ks.table.match.state.to_move == "A"  # home moves first (MM-A1)


def test_other_lines_on_a_cold_table_are_dropped() -> None:
    ks = boot()
    for text in ("MOVE D8 D12", "TOSS", "QUIT A", "HELLO MM2", "garbage", ""):
        after, eff = line(ks, text, 5.0)
        assert after.mode == "attract" and after.table is ks.table
        assert not any(isinstance(e, (fx.NewMatch, fx.Accepted)) for e in eff)
    menu = tap(ks, "coin", 6.0)
    after, eff = line(menu, "MOVE D8 D12", 7.0)
    assert after.mode == "menu" and fx.NewMatch() not in eff


def test_a_game_on_hold_carries_on_instead_of_a_new_one() -> None:
    ks = boot()
    ks, _ = line(ks, LINEUP_A, 1.0)
    held = ks.table.match
    ks, _ = k.handle(ks, TimerFired("suspend", 400.0))
    assert ks.mode == "attract"
    ks, eff = line(ks, "HELLO MM1 board", 401.0)
    assert ks.mode == "playing" and fx.NewMatch() not in eff and ks.table.match is held
    ks, _ = line(ks, LINEUP_B, 402.0)
    assert ks.table.match.state.phase == "toss"
    # from the resume question too
    ks, _ = k.handle(ks, TimerFired("suspend", 800.0))
    ks = tap(ks, "plus", 801.0)
    assert ks.mode == "resume"
    ks, eff = line(ks, "HELLO MM1 board", 802.0)
    assert ks.mode == "playing" and ks.table.match.state.phase == "toss"


def test_a_game_without_starts_on_drops_lines_on_attract_as_before() -> None:
    settings = replace(S, app=pt.APP)
    ks = k.start(settings, pt.new_table(P.Options(pucks=2)), INPUTS, 0.0)[0]
    after, eff = k.handle(ks, SerialLine("moves", "HELLO MM1", 1.0))
    assert after.mode == "attract" and after.table is ks.table and fx.NewMatch() not in eff


def test_the_tournament_standings_take_turns_with_the_attract_screen(tmp_path: Path) -> None:
    t = tt.new_tournament("Club cup", "round_robin", ("Yellow", "Blue", "Red"))
    t = tt.add_result(t, tt.game_result("Yellow", "Red", 3, 1))
    tournament_cli.save(t, tmp_path / "cup.toml")
    settings = tournament_file.configured(replace(S, app=mt.APP), str(tmp_path / "cup.toml"))  # the shell's read
    ks = boot(settings)
    assert isinstance(k.view(ks), AttractView)
    ks, _ = k.handle(ks, TimerFired("shift", 30.0))
    page = k.view(ks)
    assert isinstance(page, StandingsView) and page.footer == "Next: Blue v Red"
    assert [(r.rank_text, r.team, r.points) for r in page.rows] == [("1", "Yellow", 3), ("2", "Blue", 0), ("3", "Red", 0)]
    assert screen.render(page, (128, 64)).tobytes() == render_standings(page).tobytes()
    ks, _ = k.handle(ks, TimerFired("shift", 60.0))
    assert isinstance(k.view(ks), AttractView)
    assert pt.APP.attract_views(pt.new_table(P.Options(pucks=2))) == ()  # other games: the attract screen alone
