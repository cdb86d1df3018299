"""The Pitch Bowl referee flow at the table: panel events -> rules inputs (pure).

Each test drives :func:`pitchside.tables.pitchbowl.handle` with the events the drivers
produce and asserts the exact rules state (shared/rules/rulings.md, PB-xx) or the exact
refusal shown.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from pitchside.tables import pitchbowl as t
from pitchside.tables.effects import Accepted, CoinTossed, StartTimer, TossCoin
from pitchside.core.game import Outcome
from pitchside.core.match import Match
from pitchside.core.notice import Notice
from pitchside.core.record.pitchbowl import PitchBowlCodec
from pitchside.core.rules import pitchbowl as rules
from pitchside.core.sides import PerSide
from pitchside.core.words.pitchbowl import describe
from pitchside.signals.events import ButtonPressed, SensorNoisy, TimerFired

from support.pitchbowl_presses import NAMES, press


def refused(ts: t.TableState, rule: str) -> str:
    assert ts.prompt is not None and ts.prompt.kind == "refusal", ts.prompt
    assert ts.prompt.rule == rule
    return ts.prompt.text


def tossed(winner: str = "A", **opts: object) -> t.TableState:
    """Through the coin press, the toss and its whole animation."""
    ts = t.new_table(rules.Options(**opts), NAMES)  # type: ignore[arg-type]
    ts, eff = press(ts, "coin")
    assert eff == [TossCoin()]
    ts, eff2 = t.handle(ts, CoinTossed(winner, 1.0))  # type: ignore[arg-type]
    assert eff2 == (Accepted(rules.CoinToss(winner), 1.0), StartTimer("game:toss", 1.3))  # type: ignore[arg-type]
    due = 1.3
    for _ in range(t.SPIN_FRAMES):
        ts, eff3 = t.handle(ts, TimerFired("game:toss", due))
        due = round(due + t.SPIN_FRAME_S, 10)
        if eff3:
            assert eff3 == (StartTimer("game:toss", pytest.approx(due)),)  # type: ignore[arg-type]
            due = eff3[0].due_at  # type: ignore[union-attr]
    assert ts.spin == 0
    return ts


def kicked_off(landed: bool = True, **opts: object) -> t.TableState:
    """Ann wins the toss and kicks; both placements with the defaults; the kick-off:
    Bob's first turn."""
    ts, _ = press(tossed("A", **opts), "plus", "shot_done", "shot_done", "shot_done")
    if not landed:
        ts, _ = press(ts, "miss")
    ts, _ = press(ts, "shot_done")
    assert ts.match.state.phase == "turn" and ts.match.state.active == "B"
    return ts


# --- the coin toss -------------------------------------------------------------------


def test_coin_toss_is_journaled_at_once_and_revealed_after_the_animation_PB_02() -> None:
    ts = t.new_table(names=NAMES)
    ts, eff = press(ts, "coin")
    assert eff == [TossCoin()]
    ts, eff = t.handle(ts, CoinTossed("B", 5.0))
    assert eff == (Accepted(rules.CoinToss("B"), 5.0), StartTimer("game:toss", 5.3))
    assert ts.match.state.phase == "choose" and ts.match.state.toss_winner == "B"  # decided and in the journal
    assert t.view(ts).spin == 1  # but not shown yet
    frames = [1]
    due = 5.3
    while ts.spin:
        ts, eff = t.handle(ts, TimerFired("game:toss", due))
        frames.append(ts.spin)
        if eff:
            (timer,) = eff
            assert isinstance(timer, StartTimer) and timer.name == "game:toss"
            assert timer.due_at == pytest.approx(due + 0.3)
            due = timer.due_at
    assert frames == [1, 2, 3, 4, 5, 0]
    assert due == pytest.approx(5.0 + 1.5)  # revealed 1.5 s after the toss
    assert ts.prompt is not None and ts.prompt.text == "Bob won the toss: kick or receive?"  # as resumed shows it


def test_stale_or_foreign_timers_do_not_step_the_animation() -> None:
    ts = t.new_table(names=NAMES)
    ts, _ = t.handle(ts, CoinTossed("A", 5.0))
    same, eff = t.handle(ts, TimerFired("game:toss", 9.9))  # not the due one
    assert same == ts and eff == ()
    same, eff = t.handle(ts, TimerFired("game:other", 5.3))
    assert same == ts and eff == ()


def test_a_press_during_the_spin_reveals_the_winner_and_chooses_nothing() -> None:
    ts = t.new_table(names=NAMES)
    ts, _ = t.handle(ts, CoinTossed("A", 5.0))
    ts, eff = press(ts, "plus")
    assert eff == [] and ts.spin == 0
    assert ts.choice is None
    assert ts.prompt is not None and ts.prompt.text == "Ann won the toss: kick or receive?"
    # the animation's next timer finds nothing to do
    ts2, eff = t.handle(ts, TimerFired("game:toss", 5.3))
    assert ts2 == ts and eff == ()


def test_undo_during_the_spin_takes_the_toss_back() -> None:
    ts = t.new_table(names=NAMES)
    ts, _ = t.handle(ts, CoinTossed("A", 5.0))
    ts, eff = press(ts, "undo")
    assert eff == [Accepted(None, 10.0)]
    assert ts.match.state.phase == "toss" and ts.spin == 0


def test_power_cut_mid_animation_resumes_with_the_journaled_winner_no_second_toss() -> None:
    ts = t.new_table(names=NAMES)
    ts, _ = t.handle(ts, CoinTossed("B", 5.0))
    assert ts.spin == 1
    back = t.resumed(ts.match, NAMES, last_was_undo=False)  # the journal holds coin_toss B
    assert back.spin == 0 and back.match.state.phase == "choose" and back.match.state.toss_winner == "B"
    assert back.prompt is not None and back.prompt.text == "Bob won the toss: kick or receive?"
    back, eff = press(back, "coin")
    assert eff == []
    # the rules' own refusal of a second toss (the table no longer restates it)
    assert refused(back, "PB-02") == "the coin is tossed once, at the start of the match"


def test_coin_again_after_the_toss_is_refused_PB_02() -> None:
    ts, eff = press(tossed(), "coin")
    assert eff == []
    refused(ts, "PB-02")


def test_anything_but_coin_before_the_toss_is_refused_PB_02() -> None:
    ts, eff = press(t.new_table(names=NAMES), "shot_done")
    assert eff == []
    assert refused(ts, "PB-02") == "toss the coin first (COIN)"


# --- the choice, placements, kick-off ------------------------------------------------


def test_winner_chooses_kick_and_places_first_PB_02_PB_03() -> None:
    ts = tossed("B")
    ts, eff = press(ts, "shot_done")
    assert eff == [] and "KICK" in refused(ts, "PB-02")  # nothing chosen yet
    ts, _ = press(ts, "plus")
    assert ts.choice == "kick" and t.view(ts).choice == "kick"
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Choose("kick"), 10.0)]
    assert ts.match.state.kicker == "B" and ts.match.state.phase == "place_defender"
    assert ts.choice is None


def test_winner_chooses_receive_with_minus_the_loser_kicks_PB_02() -> None:
    ts, _ = press(tossed("A"), "minus", "shot_done")
    assert ts.match.state.kicker == "B"
    assert rules.to_act(ts.match.state) == "B"


def test_next_toggles_the_choice() -> None:
    ts, _ = press(tossed("A"), "next")
    assert ts.choice == "kick"
    ts, _ = press(ts, "next")
    assert ts.choice == "receive"


def test_placements_with_the_default_checklist_then_the_kick_off_PB_03_PB_05() -> None:
    ts, _ = press(tossed("A"), "plus", "shot_done")
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Placement("A"), 10.0)]
    assert ts.match.state.phase == "place_attacker"
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Placement("B"), 10.0)]
    assert ts.match.state.phase == "kickoff"
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Kickoff(True), 10.0)]
    assert ts.match.state.active == "B" and ts.match.state.possession is None


def test_placement_checklist_short_on_the_marker_is_refused_PB_04() -> None:
    ts, _ = press(tossed("A"), "plus", "shot_done")
    ts, _ = press(ts, "next", "minus")  # ON MARKER 3 -> 2
    assert t.field_value(ts, 1) == "2"
    assert t.view(ts).placement[1] == ("MARKER", "2")
    ts, eff = press(ts, "shot_done")
    assert eff == []
    assert refused(ts, "PB-04") == "only 2 players touch the centre line marker: at least 3"
    assert ts.match.state.phase == "place_defender"
    ts, eff = press(ts, "plus", "shot_done")  # corrected: the draft was kept
    assert eff == [Accepted(rules.Placement("A"), 10.0)]


def test_placement_fields_players_wing_overlap_PB_04() -> None:
    ts, _ = press(tossed("A"), "plus", "shot_done")
    ts, _ = press(ts, "minus")  # cursor 0: players 10
    ts, _ = press(ts, "shot_done")
    assert refused(ts, "PB-04") == "10 players placed: exactly 11 are required"
    ts, _ = press(ts, "plus", "next", "next", "plus")  # players 11, wing 3
    ts, _ = press(ts, "shot_done")
    assert refused(ts, "PB-04") == "3 players on a wing: at most 2 on each wing"
    ts, _ = press(ts, "minus", "next", "plus")  # wing 2, overlap yes
    ts, _ = press(ts, "shot_done")
    assert refused(ts, "PB-04") == "no player may overlap the centre line"


def test_placement_out_of_order_is_refused_PB_03() -> None:
    ts, _ = press(tossed("A"), "plus", "shot_done")  # Ann kicks: Ann places first
    ts, _ = press(ts, "next", "next", "next", "next")
    assert t.field_value(ts, 4) == "ANN"
    ts, _ = press(ts, "plus")  # TEAM: Bob
    assert t.field_value(ts, 4) == "BOB"
    ts, eff = press(ts, "shot_done")
    assert eff == []
    assert refused(ts, "PB-03") == "the defender Ann (kicker) places first, then Bob"


def test_touch_back_with_miss_gives_the_receiver_the_ball_PB_06() -> None:
    ts = kicked_off(landed=False)
    assert ts.match.state.possession == "B"


def test_turn_buttons_before_the_kick_off_are_refused_with_the_engines_reason() -> None:
    ts, _ = press(tossed("A"), "plus", "shot_done")
    ts, eff = press(ts, "pass")
    assert eff == []
    assert refused(ts, "PB-03") == "the teams are being placed: no pitch before the kick-off"


# --- pitches -------------------------------------------------------------------------


def test_a_simple_pitch_is_one_press_PB_15() -> None:
    ts, eff = press(kicked_off(), "shot_done")
    assert eff == [Accepted(rules.Pitch(), 10.0)]
    assert ts.match.state.pitched == 1 and rules.pitches_left(ts.match.state) == 10


def test_pick_up_success_then_the_bonus_pitch_owed_PB_18_PB_19() -> None:
    ts, _ = press(kicked_off(), "pickup")
    assert t.draft_line(ts) == "PICK UP?"
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Pitch(announce="pickup", result="success"), 10.0)]
    g = ts.match.state
    assert g.possession == "B" and g.bonus_pending and g.pitched == 1
    assert ts.prompt is not None and ts.prompt.text == "Bob: bonus pitch, now"
    assert t.hint(ts) == "BONUS PITCH NOW: OK"
    ts, _ = press(ts, "shot_done")
    assert not ts.match.state.bonus_pending and ts.match.state.pitched == 1  # the bonus adds none


def test_pick_up_announced_while_holding_the_ball_is_refused_PB_18() -> None:
    ts = kicked_off(landed=False)  # touch back: Bob holds the ball
    ts, eff = press(ts, "pickup")
    assert eff == [] and ts.pitch.announce is None
    assert refused(ts, "PB-18") == "Bob already holds the ball: nothing to pick up"


def test_hand_off_with_no_ball_carrier_is_refused_PB_20() -> None:
    ts, _ = press(kicked_off(), "handoff")  # the kick-off ball is loose
    assert refused(ts, "PB-20") == "a Hand Off needs a ball carrier of Bob, and Bob has none"


def test_a_second_pass_in_a_turn_is_refused_at_the_announcement_PB_22() -> None:
    ts = kicked_off(landed=False)
    ts, eff = press(ts, "pass", "shot_done")
    assert eff == [Accepted(rules.Pitch(announce="pass", result="success"), 10.0)]
    assert ts.match.state.pass_used and ts.match.state.possession == "B"
    ts, eff = press(ts, "pass")
    assert eff == []
    assert refused(ts, "PB-22") == "one Pass per turn: Bob has already passed this turn"


def test_strip_with_no_opposing_carrier_is_refused_PB_17() -> None:
    ts, _ = press(kicked_off(landed=False), "strip")
    assert refused(ts, "PB-17") == "no opposing ball carrier to strip: your team holds the ball"


def test_announcement_pressed_again_is_taken_back() -> None:
    ts, _ = press(kicked_off(landed=False), "pass", "pass")
    assert ts.pitch == t.PitchDraft()


def test_failed_pass_intercepted_gives_the_ball_to_the_opponent_PB_23() -> None:
    ts, _ = press(kicked_off(landed=False), "pass", "miss", "miss")
    assert t.draft_line(ts) == "INTERCEPTED"
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Pitch(announce="pass", result="interception"), 10.0)]
    g = ts.match.state
    assert g.active == "A" and g.possession == "A"
    assert g.last_loss == rules.Loss("B", "INTERCEPTION", "PB-23")
    assert ts.prompt is not None and ts.prompt.text == "Interception: Ann's turn"


def test_miss_cycles_miss_and_back_to_success_for_a_hand_off_PB_14() -> None:
    ts, _ = press(kicked_off(landed=False), "handoff", "miss")
    assert ts.pitch.result == "miss" and t.draft_line(ts) == "HAND OFF MISSED"
    ts, _ = press(ts, "miss")
    assert ts.pitch.result is None
    ts, _ = press(ts, "miss", "shot_done")
    assert ts.match.state.active == "A" and ts.match.state.possession is None
    assert ts.match.state.last_loss == rules.Loss("B", "MISS", "PB-14")


def test_miss_with_nothing_announced_is_refused_PB_13() -> None:
    ts, eff = press(kicked_off(), "miss")
    assert eff == []
    refused(ts, "PB-13")


def test_a_second_all_out_warns_then_is_a_foul_that_passes_the_initiative_PB_09() -> None:
    ts, _ = press(kicked_off(), "all_out", "shot_done")
    assert ts.match.state.all_out_used and ts.match.state.active == "B"
    ts, _ = press(ts, "all_out")
    assert ts.prompt is not None and ts.prompt.kind == "warning"
    assert t.draft_line(ts) == "ALL-OUT"
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Pitch(all_out=True), 10.0)]
    assert ts.match.state.active == "A"
    assert ts.match.state.last_loss == rules.Loss("B", "FALL", "PB-09")


def test_fall_loses_the_initiative_PB_10() -> None:
    ts, _ = press(kicked_off(), "fall", "shot_done")
    assert ts.match.state.active == "A" and ts.match.state.last_loss == rules.Loss("B", "FALL", "PB-10")


def test_touchdown_makes_the_scorer_the_next_kicker_PB_27() -> None:
    ts, _ = press(kicked_off(landed=False), "touchdown")
    assert t.draft_line(ts) == "TOUCHDOWN"
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Pitch(touchdown=True), 10.0)]
    g = ts.match.state
    assert g.score == PerSide(0, 1) and g.kicker == "B" and g.phase == "place_defender"


def test_selector_out_of_bounds_and_clearance_PB_21_PB_24() -> None:
    ts = kicked_off()
    ts, _ = press(ts, "next")  # shows the first field, CLEARANCE
    assert t.view(ts).selector == "< CLEARANCE: NO >"
    ts, _ = press(ts, "plus")
    assert ts.pitch.clearance
    ts, _ = press(ts, "next", "next", "plus")  # OUT BOB 1
    assert t.view(ts).selector == "< OUT BOB: 1 >"
    assert t.draft_line(ts) == "CLEARANCE OUT BOB"
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Pitch(clearance=True, out_of_bounds=("B",)), 10.0)]
    g = ts.match.state
    assert g.off_field == PerSide(0, 1) and g.active == "A"
    assert g.last_loss == rules.Loss("B", "OUT_OF_BOUNDS", "PB-24")  # the first cause the engine lists


def test_selector_ball_out_gives_the_ball_to_the_opponent_PB_25() -> None:
    ts = kicked_off()
    ts, _ = press(ts, "pickup", "shot_done")
    assert ts.match.state.bonus_pending
    ts, _ = press(ts, "miss")
    refused(ts, "PB-13")  # the bonus pitch announces nothing here
    ts = replace(ts, prompt=None)
    ts, _ = press(ts, "pass", "next", "next", "next", "next")
    assert t.field_label(ts, ts.cursor) == "BALL OUT"
    ts, _ = press(ts, "plus", "miss", "shot_done")
    assert ts.match.state.active == "A" and ts.match.state.possession == "A"
    assert ts.match.state.last_loss == rules.Loss("B", "MISS", "PB-14")


def test_selector_carrier_out_with_out_and_ball_out_only_PB_35() -> None:
    """OUT <carrier's side> and BALL OUT are the carrier leaving the field (PB-35), without
    CARRIER OUT."""
    ts = kicked_off(landed=False)  # Bob holds the ball
    ts, _ = press(ts, "next", "next", "next", "plus", "next", "plus")
    assert t.draft_line(ts) == "OUT BOB BALL OUT"
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Pitch(out_of_bounds=("B",), ball_out=True), 10.0)]
    g = ts.match.state
    assert (g.active, g.possession, g.off_field) == ("A", "A", PerSide(0, 1))
    assert g.last_loss == rules.Loss("B", "OUT_OF_BOUNDS", "PB-24")
    assert ts.prompt is not None and ts.prompt.text == "Out Of Bounds: Ann's turn"


def test_selector_ball_out_alone_while_carried_is_the_carrier_out_PB_35() -> None:
    """BALL OUT alone while a piece carries the ball: the carrier left the field with it
    (PB-35, PB-A5), out of bounds without OUT <side>: the opponent gets the ball."""
    ts = kicked_off(landed=False)  # Bob holds the ball
    ts, _ = press(ts, "next", "next", "next", "next")
    assert t.field_label(ts, ts.cursor) == "BALL OUT"
    ts, _ = press(ts, "plus")
    assert t.draft_line(ts) == "BALL OUT"
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Pitch(ball_out=True), 10.0)]
    g = ts.match.state
    assert (g.active, g.possession, g.off_field, g.pitched) == ("A", "A", PerSide(0, 1), 0)
    assert g.last_loss == rules.Loss("B", "OUT_OF_BOUNDS", "PB-24")
    assert ts.prompt is not None and ts.prompt.text == "Out Of Bounds: Ann's turn"


def test_selector_pickup_with_ball_out_is_the_new_carrier_out_PB_35() -> None:
    ts = kicked_off()  # the ball loose in Bob's half
    ts, _ = press(ts, "pickup", "next", "next", "next", "next", "plus")
    assert t.draft_line(ts) == "PICK UP? BALL OUT"
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Pitch(announce="pickup", result="success", ball_out=True), 10.0)]
    g = ts.match.state
    assert (g.active, g.possession, g.off_field) == ("A", "A", PerSide(0, 1))
    assert g.last_loss == rules.Loss("B", "OUT_OF_BOUNDS", "PB-24")


def test_touchdown_with_ball_out_stands_PB_36() -> None:
    ts = kicked_off(landed=False)  # Bob holds the ball
    ts, _ = press(ts, "touchdown", "next", "next", "next", "next", "plus", "shot_done")
    assert ts.match.state.score == PerSide(0, 1) and ts.match.state.phase == "place_defender" and ts.match.state.kicker == "B"


def test_selector_counts_stop_at_zero_and_ko_counts_PB_26() -> None:
    ts = kicked_off()
    for _ in range(6):
        ts, _ = press(ts, "next")
    assert t.field_label(ts, ts.cursor) == "K.O. OWN"
    ts, _ = press(ts, "minus")
    assert ts.pitch.ko == 0
    ts, _ = press(ts, "plus", "plus", "shot_done")
    assert ts.match.state.pitched == 3


def test_refused_pitch_keeps_its_draft_for_correction() -> None:
    ts, _ = press(kicked_off(), "touchdown", "shot_done")  # nobody carries the ball
    assert refused(ts, "PB-27") == "no ball carrier after this pitch: a touchdown needs one"
    assert ts.pitch.touchdown and ts.match.state.pitched == 0


def test_undo_clears_the_draft_first_then_takes_back_the_last_input() -> None:
    ts = kicked_off(landed=False)
    ts, _ = press(ts, "shot_done")
    ts, eff = press(ts, "pass", "all_out", "undo")
    assert eff == [] and ts.pitch == t.PitchDraft() and ts.match.state.pitched == 1
    ts, eff = press(ts, "undo")
    assert eff == [Accepted(None, 10.0)] and ts.match.state.pitched == 0


def test_end_turn_passes_the_initiative_PB_34() -> None:
    ts, eff = press(kicked_off(), "end_turn")
    assert eff == [Accepted(rules.EndTurn(), 10.0)]
    assert ts.match.state.active == "A" and ts.match.state.last_loss == rules.Loss("B", "END_OF_TURN", "PB-34")


def test_end_turn_with_a_pitch_being_entered_is_refused() -> None:
    ts, eff = press(kicked_off(), "fall", "end_turn")
    assert eff == []
    refused(ts, "PB-34")


def test_end_turn_refused_with_defensive_placement_on_PB_34() -> None:
    ts, _ = press(kicked_off(defensive_placement=True), "end_turn")
    refused(ts, "PB-34")


def test_defensive_placement_after_a_proper_pitch_and_its_cancellation_PB_31_PB_32() -> None:
    ts = kicked_off(defensive_placement=True)
    ts, _ = press(ts, "def_place")
    assert refused(ts, "PB-31") == "one defensive placement after each proper pitch of Bob"
    ts, _ = press(ts, "shot_done", "def_place")
    assert t.draft_line(ts) == "DEF PLACEMENT"
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.DefPlacement(True), 10.0)]
    assert ts.match.state.def_turned == 1
    ts, _ = press(ts, "shot_done", "def_place", "miss")
    assert t.draft_line(ts) == "DEF PLACEMENT WRONG"
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.DefPlacement(False), 10.0)]
    assert not ts.match.state.def_allowed
    ts, _ = press(ts, "shot_done", "def_place")
    assert refused(ts, "PB-32") == "a defensive placement went wrong: Ann has no more this turn"


def test_defensive_placement_off_is_refused_PB_31() -> None:
    ts, _ = press(kicked_off(), "shot_done", "def_place")
    assert refused(ts, "PB-31") == "the Defensive Placement rule is not in play in this match"


def test_the_match_to_three_touchdowns_PB_30() -> None:
    ts = kicked_off(landed=False)  # Bob holds the ball
    for kick in range(3):
        ts, _ = press(ts, "touchdown", "shot_done")
        if ts.match.state.phase == "finished":
            break
        # Bob scored: OK ends the touchdown's screen; Bob kicks, places first; Ann places;
        # the kick-off is a touch back
        ts, _ = press(ts, "shot_done", "shot_done", "shot_done", "miss", "shot_done")
        assert ts.match.state.active == "A" and ts.match.state.possession == "A"
        ts, _ = press(ts, "end_turn")  # Ann ends her turn; Bob has no ball...
        ts, _ = press(ts, "strip", "shot_done")  # ...and strips Ann's carrier (bonus)
    g = ts.match.state
    assert g.phase == "finished" and g.score == PerSide(0, 3)
    result = rules.outcome(g)
    assert result == Outcome("B", Notice.of("PB-30", "three_touchdowns", side="B", touchdowns=3))
    assert describe(result.cause, NAMES).long == "Bob scored 3 touchdowns"
    ts, eff = press(ts, "shot_done")
    assert eff == [] and ts.prompt is not None and ts.prompt.text == "Match over: press NEW"


def test_noisy_sensor_warning() -> None:
    ts, eff = t.handle(kicked_off(), SensorNoisy("miss", 1.0, "chatter"))
    assert eff == () and ts.prompt is not None and ts.prompt.kind == "warning"


def test_resumed_after_an_undo_says_undone() -> None:
    ts = kicked_off()
    back = t.resumed(ts.match, NAMES, last_was_undo=True)
    assert back.prompt is not None and back.prompt.text == "Undone"


# --- the app -------------------------------------------------------------------------


def test_app_menu_and_options() -> None:
    app = t.APP
    opts = rules.Options()
    assert app.menu(opts) == (("Def. placing", "OFF"), ("End turn", "BUTTON"), ("Carrier out", "BALL OUT"))
    opts = app.menu_change(opts, 0, 1)
    assert opts.defensive_placement
    assert app.menu_change(opts, 1, 1).end_turn == "always"
    assert app.menu_change(opts, 1, -1).end_turn == "never"
    assert app.menu_change(opts, 2, 1).carrier_out == "loose"
    assert {"new", "undo", "next", "plus", "minus", "shot_done", "coin"} <= set(app.buttons)


def test_app_summary() -> None:
    ts = kicked_off(landed=False)
    ts, _ = press(ts, "touchdown", "shot_done")
    assert t.APP.summary(ts) == "0-1, Bob to play"


def test_new_table_from_the_app_uses_its_options() -> None:
    ts = t.APP.new_table(rules.Options(defensive_placement=True), NAMES)
    assert ts.match.options.defensive_placement
    assert isinstance(ts.match, Match) and isinstance(ts.match.codec, PitchBowlCodec)
