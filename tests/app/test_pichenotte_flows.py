"""Pichenotte flows a tester stumbled on: the menu shows and changes
the configured match length; the zone entry cannot count past the pucks on the board
(PI-10, PI-12) and its UNDO takes back one count, keeping the others."""

from __future__ import annotations

import pytest

from pitchside.core.rules import pichenotte as rules
from pitchside.core.sides import PerSide
from pitchside.render.view import Prompt
from pitchside.signals.events import BeamBroken, ButtonHeld, ButtonPressed
from pitchside.tables import effects as fx
from pitchside.tables import kiosk as k
from pitchside.tables import pichenotte as t


def press(ts: t.TableState, *names: str) -> tuple[t.TableState, list[object]]:
    effects: list[object] = []
    for name in names:
        ts, eff = t.handle(ts, ButtonPressed(name, 1.0))
        effects.extend(eff)
    return ts, effects


def at_tally(pucks: int = 3) -> t.TableState:
    """Every puck shot freely or with contact, each resting on the board: A and B have
    ``pucks`` each on the board, the zone entry open."""
    ts, _ = t.handle(t.new_table(rules.Options(pucks=pucks)), fx.CoinTossed("A", 0.0))
    ts, _ = press(ts, *(["shot_done"] * 2 * pucks))
    assert ts.match.state.phase == "tally" and ts.match.state.on_board == PerSide(pucks, pucks)
    return ts


# --- the menu shows the configured match length ---------------------------------------------


@pytest.mark.parametrize(
    ("options", "match", "to_win"),
    [
        (rules.Options(), "FIRST TO 4", "4 ROUNDS"),
        (rules.Options(rounds_to_win=2), "FIRST TO 2", "2 ROUNDS"),
        (rules.Options(format="race500"), "RACE TO 500", "500 POINTS"),
        (rules.Options(format="race500", race_target=300), "RACE TO 300", "300 POINTS"),
    ],
)
def test_the_menu_shows_the_match_length_the_options_set(options: rules.Options, match: str, to_win: str) -> None:
    assert t.menu(options) == (("Players", "SINGLES"), ("Match", match), ("To win", to_win), ("Pucks", "12 EACH"))


def test_the_kiosk_menu_shows_the_configured_length_not_always_first_to_4() -> None:
    opts = rules.Options(rounds_to_win=3)
    ks, _ = k.start(k.KioskSettings(), t.new_table(opts), (), 0.0)
    ks, _ = k.handle(ks, ButtonPressed("next", 1.0))  # wakes into the menu
    v = k.view(ks)
    assert ks.mode == "menu" and ("Match", "FIRST TO 3") in v.fields  # type: ignore[attr-defined]


def test_the_rounds_to_win_change_by_one_within_the_declared_range_PI_21() -> None:
    opts = rules.Options(rounds_to_win=4)
    assert t.menu_change(opts, 2, +1).rounds_to_win == 5
    assert t.menu_change(opts, 2, -1).rounds_to_win == 3
    assert t.menu_change(rules.Options(rounds_to_win=1), 2, -1).rounds_to_win == 1  # the least declared
    assert t.menu_change(rules.Options(rounds_to_win=99), 2, +1).rounds_to_win == 99  # the most declared
    assert t.menu_change(opts, 2, +1).race_target == 500  # the race's target untouched


def test_the_race_target_changes_by_50_within_the_declared_range_PI_22() -> None:
    race = rules.Options(format="race500")
    assert t.menu_change(race, 2, +1).race_target == 550
    assert t.menu_change(race, 2, -1).race_target == 450
    assert t.menu_change(rules.Options(format="race500", race_target=333), 2, +1).race_target == 350
    assert t.menu_change(rules.Options(format="race500", race_target=333), 2, -1).race_target == 300
    assert t.menu_change(rules.Options(format="race500", race_target=50), 2, -1).race_target == 50
    assert t.menu_change(rules.Options(format="race500", race_target=100_000), 2, +1).race_target == 100_000
    assert t.menu_change(race, 2, +1).rounds_to_win == 4


def test_the_format_row_keeps_both_lengths_and_the_pucks_row_still_cycles() -> None:
    opts = rules.Options(rounds_to_win=6, race_target=250)
    race = t.menu_change(opts, 1, +1)
    assert race.format == "race500" and t.menu(race)[1] == ("Match", "RACE TO 250")
    assert t.menu_change(race, 1, +1) == opts
    assert t.menu_change(opts, 3, +1).pucks == 4  # 12 -> 4 (PUCK_CHOICES wrap)


# --- the zone entry cannot count past the pucks on the board ---------------------------------


def test_a_count_past_the_pucks_on_the_board_is_refused_PI_10() -> None:
    ts, _ = press(at_tally(3), "plus", "plus", "plus")  # A15 = 3: all of A's counted
    assert ts.zones == (3, 0, 0, 0, 0, 0) and t.view(ts).tally.remaining == (0, 3)  # type: ignore[union-attr]
    before = ts
    ts, eff = press(ts, "plus")
    assert eff == [] and ts.zones == before.zones and ts.zone_log == before.zone_log
    assert ts.prompt == Prompt("only 3 of A's pucks on the board", "refusal", "PI-10")
    ts, _ = press(ts, "next", "plus")  # A10: still none left, whatever the zone
    assert ts.zones == (3, 0, 0, 0, 0, 0) and ts.prompt is not None and ts.prompt.rule == "PI-10"
    ts, _ = press(ts, "next", "next", "plus", "plus", "plus", "plus")  # B15: 3, then refused
    assert ts.zones == (3, 0, 0, 3, 0, 0)
    assert t.view(ts).tally.remaining == (0, 0)  # type: ignore[union-attr]
    ts, eff = press(ts, "shot_done")
    assert eff == [fx.Accepted(rules.Tally((3, 0, 0), (3, 0, 0)), 1.0)]


def test_remaining_never_goes_below_zero_however_the_buttons_are_pressed() -> None:
    ts = at_tally(2)
    for name in ("plus", "next", "plus", "plus", "next", "plus", "next", "plus", "minus", "plus", "plus") * 3:
        ts, _ = press(ts, name)
        remaining = t.view(ts).tally.remaining  # type: ignore[union-attr]
        assert min(remaining) >= 0


def test_undo_in_the_zone_entry_takes_back_one_count_and_keeps_the_others() -> None:
    ts, _ = press(at_tally(3), "plus", "plus", "next", "plus", "next", "next", "plus")  # A15 2, A10 1, B15 1
    assert ts.zones == (2, 1, 0, 1, 0, 0) and ts.cursor == 3
    ts, eff = press(ts, "undo")
    assert eff == [] and ts.zones == (2, 1, 0, 0, 0, 0) and ts.prompt == Prompt("B15 back to 0", "info")
    ts, _ = press(ts, "undo")
    assert ts.zones == (2, 0, 0, 0, 0, 0) and ts.cursor == 1  # on the count taken back
    ts, _ = press(ts, "minus")  # A10 is 0: nothing to take
    ts, _ = press(ts, "next", "next", "next", "minus", "undo")  # cursor B15 at 0: nothing; undo A15
    assert ts.zones == (1, 0, 0, 0, 0, 0) and ts.cursor == 0


def test_undo_takes_back_a_minus_too_then_the_last_shot_once_no_count_is_left() -> None:
    ts, _ = press(at_tally(1), "plus", "minus")
    assert ts.zones == (0,) * 6
    ts, eff = press(ts, "undo")  # the minus taken back
    assert eff == [] and ts.zones == (1, 0, 0, 0, 0, 0)
    ts, eff = press(ts, "undo", "undo")  # the plus, then the last shot itself
    assert eff == [fx.Accepted(None, 1.0)] and ts.match.state.phase == "shooting"


# --- a missed or doubled twenty corrected after SHOT DONE -------------------------------------


def hold(ts: t.TableState, name: str) -> tuple[t.TableState, list[object]]:
    """A long press of ``name``: its press, then its hold (the hold time later)."""
    ts, e1 = t.handle(ts, ButtonPressed(name, 5.0))
    ts, e2 = t.handle(ts, ButtonHeld(name, 6.0))
    return ts, [*e1, *e2]


def test_hold_plus_adds_the_twenty_the_beam_missed_to_the_last_shot_PI_08() -> None:
    """A's free shot dropped unsensed; SHOT DONE left it on the board. Hold + (no shot
    being entered): the shot is the same shot with the twenty, entered by hand."""
    ts, _ = t.handle(t.new_table(rules.Options(pucks=3)), fx.CoinTossed("A", 0.0))
    ts, _ = press(ts, "shot_done")
    assert ts.match.state.on_board == PerSide(1, 0) and ts.match.state.rail == PerSide(0, 0)
    ts, eff = hold(ts, "plus")
    amended = rules.Shot(twenty=True, by_hand=("twenty",))
    assert eff == [fx.Accepted(None, 6.0), fx.Accepted(amended, 6.0)]  # journaled: undo, then the shot
    assert ts.match.state.rail == PerSide(1, 0) and ts.match.state.on_board == PerSide(0, 0) and ts.match.state.turn == "B"
    assert ts.draft == t.ShotDraft() and ts.prompt == Prompt("Last shot: 20 added", "info")
    assert [i for i in ts.match.inputs] == [rules.CoinToss("A"), amended]


def test_hold_minus_takes_back_a_doubled_count_and_keeps_the_rest_of_the_shot_PI_11() -> None:
    """B's shot made a twenty and the beam counted it twice (a knocked-in A puck); B also
    knocked one of A's pucks off. Hold -: the extra twenty goes, the ditch count stays."""
    ts, _ = t.handle(t.new_table(rules.Options(pucks=3)), fx.CoinTossed("A", 0.0))
    ts, _ = press(ts, "shot_done", "shot_done", "shot_done")  # A, B, A rest on the board
    assert ts.match.state.on_board == PerSide(2, 1) and ts.match.state.turn == "B"
    ts, _ = t.handle(ts, BeamBroken("twenty", 2.0, 0.03))
    ts, _ = t.handle(ts, BeamBroken("twenty", 2.1, 0.03))  # the doubled count: "A's knocked in"
    ts, eff = press(ts, "ditch_a", "shot_done")
    shot = rules.Shot(twenty=True, knocked_in=PerSide(1, 0), knocked_off=PerSide(1, 0))
    assert eff == [fx.Accepted(shot, 1.0)] and ts.match.state.rail == PerSide(1, 1)
    ts, eff = hold(ts, "minus")
    fixed = rules.Shot(twenty=True, knocked_off=PerSide(1, 0), withdrawn=1)
    assert eff == [fx.Accepted(None, 6.0), fx.Accepted(fixed, 6.0)]
    assert ts.match.state.rail == PerSide(0, 1) and ts.match.state.on_board == PerSide(1, 1) and ts.match.state.ditch == PerSide(1, 0)


def test_a_twenty_added_to_a_lost_shot_saves_it_a_twenty_is_always_on_the_rail_PI_17() -> None:
    ts, _ = t.handle(t.new_table(rules.Options(pucks=3)), fx.CoinTossed("A", 0.0))
    ts, _ = press(ts, "shot_done")  # A on the board
    ts, _ = press(ts, "call", "shot_done")  # B called, the beam saw nothing: to the ditch
    assert ts.match.state.ditch == PerSide(0, 1)
    ts, eff = hold(ts, "plus")
    assert eff[-1] == fx.Accepted(rules.Shot(called=True, twenty=True, by_hand=("twenty",)), 6.0)
    assert ts.match.state.ditch == PerSide(0, 0) and ts.match.state.rail == PerSide(0, 1)


def test_a_twenty_added_to_a_ditched_shot_takes_the_puck_out_of_the_ditch() -> None:
    ts, _ = t.handle(t.new_table(rules.Options(pucks=3)), fx.CoinTossed("A", 0.0))
    ts, _ = press(ts, "ditch_a", "shot_done")  # A's free shot "in the ditch": it was in the hole
    assert ts.match.state.ditch == PerSide(1, 0)
    ts, eff = hold(ts, "plus")
    assert eff[-1] == fx.Accepted(rules.Shot(twenty=True, by_hand=("twenty",)), 6.0)
    assert ts.match.state.ditch == PerSide(0, 0) and ts.match.state.rail == PerSide(1, 0)


def test_a_hold_while_a_shot_is_being_entered_is_the_press_alone() -> None:
    ts, _ = t.handle(t.new_table(rules.Options(pucks=3)), fx.CoinTossed("A", 0.0))
    ts, _ = press(ts, "shot_done", "call")  # B's shot: CALL entered
    ts, eff = hold(ts, "plus")
    assert eff == [] and ts.draft.drops == ("shot",) and ts.match.state.on_board == PerSide(1, 0)


def test_the_last_round_s_final_shot_is_corrected_from_the_zone_entry() -> None:
    ts, _ = press(at_tally(1), "plus")  # A15 = 1 entered, then the last shot corrected
    ts, eff = hold(ts, "plus")
    assert eff[-1] == fx.Accepted(rules.Shot(twenty=True, by_hand=("twenty",)), 6.0)
    assert ts.match.state.phase == "tally" and ts.match.state.rail == PerSide(0, 1) and ts.zones == (0,) * 6


def test_nothing_to_correct_before_a_shot_or_right_after_a_round_s_tally() -> None:
    ts, _ = t.handle(t.new_table(rules.Options(pucks=3)), fx.CoinTossed("A", 0.0))
    ts, eff = hold(ts, "minus")
    assert eff == [] and ts.prompt == Prompt("No last shot to correct", "info")
    ts, _ = press(ts, "shot_done")
    ts, eff = hold(ts, "minus")
    assert eff == [] and ts.prompt == Prompt("The last shot had no twenty", "info")


def test_a_corrected_shot_journaled_as_undo_and_shot_replays_to_the_live_state() -> None:
    """What the journal gets (the effects, in order) is a replay file the spec reads:
    ``undo`` then the corrected ``shot``, and it folds to the table's state."""
    import json

    from pitchside.core.record.format import replay
    from pitchside.core.record.pichenotte import PichenotteCodec

    codec = PichenotteCodec()
    ts, eff1 = t.handle(t.new_table(rules.Options(pucks=3)), fx.CoinTossed("A", 0.0))
    ts, eff2 = press(ts, "shot_done")
    ts, eff3 = hold(ts, "plus")
    lines = [json.dumps({"format": 1, "game": "pichenotte", "options": {"pucks": 3}})]
    for e in (*eff1, *eff2, *eff3):
        assert isinstance(e, fx.Accepted)
        lines.append(json.dumps({"input": "undo"} if e.input is None else codec.input_to_json(e.input)))
    assert [json.loads(x).get("input") for x in lines[1:]] == ["coin_toss", "shot", "undo", "shot"]
    result = replay(lines)
    assert result.rejected == [] and result.match.state == ts.match.state
