"""Pitch Bowl rules engine against the rulebook (shared/rules/000_293881e4203f7670.txt) and
rulings PB-01..PB-36 (shared/rules/rulings.md, section 1). Every expected state below is
worked out from the rules by hand, not read off the engine, and compared whole.

Not tested here because the engine neither senses nor enforces them (the coaches judge,
PB-A14): PB-08 and PB-11 (the movement table's rings, a player on a line or intersection,
pushed players' distance: they reach the engine only as the ``all_out`` and ``fall``
flags, tested under PB-09 and PB-10), PB-05's kicking stance, and PB-12 (a piece touched
in error is put back, with no penalty stated: nothing to record).

(Over 600 lines: the rulebook's cases in its order, so a ruling's tests sit together.)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from pitchside.core.game import Outcome
from pitchside.core.notice import Notice as Typed
from pitchside.core.rules import pitchbowl as PB
from pitchside.core.sides import PerSide
from pitchside.core.words.pitchbowl import describe

P = PB.Pitch


@dataclass(frozen=True, slots=True)
class Notice:
    """A notice as worded: its long ``text`` for sides named A and B, and its ``rule``
    (the pairs the engine spoke before typed notices, kept as the expected values)."""

    text: str
    rule: str = ""


def said(effects: tuple[object, ...]) -> tuple[Notice, ...]:
    """The typed notices as the replay and a table named A and B word them, each with its
    rule: ``Notice(text, rule)`` (the engine's wording before typed notices, unchanged)."""
    out = []
    for n in effects:
        assert isinstance(n, Typed), n
        out.append(Notice(describe(n, ("A", "B")).long, n.rule))
    return tuple(out)


# --- PB-01, PB-02: the match start and the coin toss --------------------------------------


def test_PB01_new_match_waits_for_the_toss_nothing_scored():
    s = PB.new_match()
    assert s == PB.State(options=PB.Options())
    assert s.phase == "toss" and s.score == PerSide(0, 0) and s.off_field == PerSide(0, 0)
    assert (PB.PLAYERS_ON_FIELD, PB.PIECES, PB.TOUCHDOWNS_TO_WIN) == (11, 13, 3)
    assert PB.legal_inputs(s) == ("coin_toss",)
    assert isinstance(PB.RULES_VERSION, int) and PB.RULES_VERSION >= 1


def test_PB02_toss_winner_chooses():
    step = PB.apply(PB.new_match(), PB.CoinToss("B"))
    assert step.state == PB.State(options=PB.Options(), phase="choose", toss_winner="B")
    assert said(step.effects) == (Notice("B won the toss: kick or receive?", "PB-02"),)
    assert PB.to_act(step.state) == "B"
    assert PB.legal_inputs(step.state) == ("choose",)


@pytest.mark.parametrize("winner,choice,kicker", [("A", "kick", "A"), ("A", "receive", "B"), ("B", "kick", "B"), ("B", "receive", "A")])
def test_PB02_PB03_choice_sets_the_kicker_who_places_first(h, winner, choice, kicker):
    s = h.fold(PB.new_match(), PB.CoinToss(winner), PB.Choose(choice))
    assert s == PB.State(options=PB.Options(), phase="place_defender", toss_winner=winner, kicker=kicker)
    assert PB.to_act(s) == kicker


def test_PB02_second_toss_and_early_choice_refused(h):
    h.refused(PB.new_match(), PB.Choose("kick"), "PB-02")
    s = h.fold(PB.new_match(), PB.CoinToss("A"))
    h.refused(s, PB.CoinToss("B"), "PB-02")
    s = h.fold(s, PB.Choose("kick"))
    h.refused(s, PB.Choose("receive"), "PB-02")


@pytest.mark.parametrize(
    "inp,rule",
    [(PB.Placement("A"), "PB-03"), (PB.Kickoff(), "PB-02"), (P(), "PB-02"), (PB.EndTurn(), "PB-02")],
)
def test_PB02_nothing_before_the_toss(h, inp, rule):
    h.refused(PB.new_match(), inp, rule)


# --- PB-03, PB-04: team placement -----------------------------------------------------------


def test_PB03_defender_places_first_then_attacker_then_kickoff(h):
    s = h.fold(PB.new_match(), PB.CoinToss("A"), PB.Choose("receive"))  # B kicks
    assert s.kicker == "B"
    h.refused(s, PB.Placement("A"), "PB-03")  # a placement out of order
    h.refused(s, PB.Kickoff(), "PB-03")
    s1 = PB.apply(s, PB.Placement("B")).state
    assert s1 == replace(s, phase="place_attacker")
    assert PB.to_act(s1) == "A"
    h.refused(s1, PB.Placement("B"), "PB-03")
    s2 = PB.apply(s1, PB.Placement("A")).state
    assert s2 == replace(s, phase="kickoff")
    assert PB.to_act(s2) == "B" and PB.legal_inputs(s2) == ("kickoff",)
    h.refused(s2, PB.Placement("A"), "PB-03")
    h.refused(s2, P(), "PB-05")


@pytest.mark.parametrize(
    "placement",
    [
        PB.Placement("A", players=10),
        PB.Placement("A", players=12),
        PB.Placement("A", players=13),
        PB.Placement("A", on_marker=2),
        PB.Placement("A", on_marker=0),
        PB.Placement("A", max_on_wing=3),
        PB.Placement("A", over_line=True),
        PB.Placement("A", players=11, on_marker=12),
    ],
)
def test_PB04_checklist_refusals(h, placement):
    s = h.fold(PB.new_match(), PB.CoinToss("A"), PB.Choose("kick"))
    err = h.refused(s, placement, "PB-04")
    assert h.reason(err)


@pytest.mark.parametrize(
    "placement", [PB.Placement("A"), PB.Placement("A", on_marker=11, max_on_wing=0), PB.Placement("A", on_marker=3, max_on_wing=2)]
)
def test_PB04_checklist_edges_accepted(h, placement):
    s = h.fold(PB.new_match(), PB.CoinToss("A"), PB.Choose("kick"))
    assert PB.apply(s, placement).state.phase == "place_attacker"


def test_PB04_attacker_checked_too(h):
    s = h.fold(PB.new_match(), PB.CoinToss("A"), PB.Choose("kick"), PB.Placement("A"))
    h.refused(s, PB.Placement("B", max_on_wing=3), "PB-04")


# --- PB-05, PB-06: the kick-off and the touch back ------------------------------------------


def test_PB05_kickoff_landed_receiver_begins_ball_loose(h):
    s = h.fold(PB.new_match(), PB.CoinToss("A"), PB.Choose("kick"), PB.Placement("A"), PB.Placement("B"))
    step = PB.apply(s, PB.Kickoff(True))
    assert step.state == replace(s, phase="turn", active="B", possession=None)
    assert said(step.effects) == (Notice("Kick-off: B's turn", "PB-05"),)
    assert PB.pitches_left(step.state) == 11


def test_PB06_touch_back_attacker_gets_the_ball(h):
    s = h.fold(PB.new_match(), PB.CoinToss("B"), PB.Choose("kick"), PB.Placement("B"), PB.Placement("A"))
    step = PB.apply(s, PB.Kickoff(False))
    assert step.state == replace(s, phase="turn", active="A", possession="A")
    assert said(step.effects)[0].rule == "PB-06"


def test_PB05_no_second_kickoff_during_play(h):
    h.refused(h.kicked_off(), PB.Kickoff(), "PB-05")


# --- PB-07, PB-15, PB-16, PB-29: pitching each player once, the end of the turn -------------


def test_PB07_PB29_eleven_pitches_end_the_turn(h):
    s = h.kicked_off()  # B's turn
    for n in range(1, 11):
        s = PB.apply(s, P()).state
        assert s.active == "B" and s.pitched == n and PB.pitches_left(s) == 11 - n
    step = PB.apply(s, P())
    assert step.state == h.new_turn(s, "A", "END_OF_TURN", "PB-29")
    assert said(step.effects) == (Notice("B: every player pitched", "PB-29"), Notice("End Of Turn: A's turn", "PB-29"))


def test_PB15_PB16_runs_and_blocks_unlimited_no_effect_but_a_pitch(h):
    s = h.turn("B", possession="A")
    # an unannounced pitch is a Run or a Block: only the pitch count changes
    assert PB.apply(s, P()).state == replace(s, pitched=1)
    s5 = h.fold(s, *[P()] * 5)
    assert s5 == replace(s, pitched=5)


def test_PB29_PB_A13_end_of_turn_counts_only_players_on_the_field(h):
    s = h.turn("B", off_field=PerSide(0, 2), pitched=8)
    step = PB.apply(s, P())
    assert step.state == h.new_turn(replace(s, pitched=9), "A", "END_OF_TURN", "PB-29")


def test_PB29_no_player_left_to_pitch_refused_and_end_turn_allowed(h):
    s = h.turn("B", off_field=PerSide(0, 11), options=PB.Options(defensive_placement=True))
    assert PB.pitches_left(s) == 0
    h.refused(s, P(), "PB-29")
    assert PB.legal_inputs(s) == ("end_turn",)
    assert PB.apply(s, PB.EndTurn()).state == h.new_turn(s, "A", "END_OF_TURN", "PB-34")


# --- PB-09, PB-10: Going All-Out and FALL --------------------------------------------------


@pytest.mark.parametrize(
    "pitch,possession",
    [
        (P(all_out=True), None),  # Run
        (P(all_out=True), "A"),  # Block
        (P(all_out=True, announce="strip", result="success"), "A"),  # Strip (a Block)
        (P(all_out=True, announce="pickup", result="success"), None),
        (P(all_out=True, announce="handoff", result="success"), "B"),
    ],
)
def test_PB09_first_all_out_is_allowed_in_each_move(h, pitch, possession):
    s = h.turn("B", possession=possession)
    new = PB.apply(s, pitch).state
    assert new.active == "B" and new.all_out_used is True and new.last_loss is None


def test_PB09_all_out_in_a_clearance_sets_the_flag_before_the_clearance_loss(h):
    s = h.turn("B")
    new = PB.apply(s, P(all_out=True, clearance=True)).state
    assert new == h.new_turn(replace(s, pitched=1, all_out_used=True), "A", "CLEARANCE", "PB-21")


def test_PB09_second_all_out_is_a_foul_losing_the_initiative(h):
    s = h.fold(h.turn("B"), P(all_out=True), P())
    assert s == replace(h.turn("B"), pitched=2, all_out_used=True)
    step = PB.apply(s, P(all_out=True))
    assert step.state == h.new_turn(replace(s, pitched=3), "A", "FALL", "PB-09")
    assert Notice("Second All-Out: foul", "PB-09") in said(step.effects)


def test_PB09_all_out_is_per_turn(h):
    s = h.fold(h.turn("B"), P(all_out=True), PB.EndTurn())
    assert s.active == "A" and s.all_out_used is False
    assert PB.apply(s, P(all_out=True)).state.last_loss == PB.Loss("B", "END_OF_TURN", "PB-34")


def test_PB09_a_pass_cannot_go_all_out(h):
    h.refused(h.turn("B", possession="B"), P(announce="pass", result="success", all_out=True), "PB-09")


@pytest.mark.parametrize("all_out_used", [False, True])
def test_PB10_fall_loses_the_initiative(h, all_out_used):
    s = h.turn("B", pitched=4, all_out_used=all_out_used)
    step = PB.apply(s, P(fall=True))
    assert step.state == h.new_turn(replace(s, pitched=5), "A", "FALL", "PB-10")
    assert Notice("Fall: movement exceeded", "PB-10") in said(step.effects)


def test_PB10_fall_keeps_what_stands_a_pickup_inside_the_zone(h):
    # the coaches report what stands once the improper part is put back (module docstring)
    s = h.turn("B")
    new = PB.apply(s, P(announce="pickup", result="success", fall=True)).state
    assert new == h.new_turn(replace(s, pitched=1, pickup_used=True, possession="B"), "A", "FALL", "PB-10")


# --- PB-13, PB-14: announcements -------------------------------------------------------------


def test_PB13_unannounced_contact_with_the_carrier_is_a_simple_block(h):
    # The text's example: the opponent keeps the ball.
    s = h.turn("B", possession="A")
    assert PB.apply(s, P()).state == replace(s, pitched=1)


def test_PB13_a_result_without_announcement_is_refused(h):
    h.refused(h.turn("B", possession="A"), P(result="success"), "PB-13")


def test_PB14_an_announcement_needs_its_result(h):
    h.refused(h.turn("B", possession="A"), P(announce="strip"), "PB-14")


@pytest.mark.parametrize(
    "announce,possession,after",
    [("strip", "A", "A"), ("pickup", None, None), ("handoff", "B", None), ("pass", "B", None)],
)
def test_PB14_a_missed_announced_action_loses_the_initiative(h, announce, possession, after):
    s = h.turn("B", possession=possession, pitched=2)
    used = {"strip": "strip_used", "pickup": "pickup_used", "pass": "pass_used"}.get(announce)
    mid = replace(s, pitched=3, possession=after, **({used: True} if used else {}))
    assert PB.apply(s, P(announce=announce, result="miss")).state == h.new_turn(mid, "A", "MISS", "PB-14")


# --- PB-17: Strip the Ball --------------------------------------------------------------------


def test_PB17_strip_success_takes_the_ball_and_owes_a_bonus(h):
    s = h.turn("B", possession="A", pitched=3)
    step = PB.apply(s, P(announce="strip", result="success"))
    assert step.state == replace(s, pitched=4, possession="B", strip_used=True, bonus_pending=True)
    assert said(step.effects) == (Notice("B strips the ball", "PB-17"), Notice("B: bonus pitch, now", "PB-19"))


@pytest.mark.parametrize("possession", [None, "B"])
def test_PB17_strip_needs_an_opposing_carrier(h, possession):
    h.refused(h.turn("B", possession=possession), P(announce="strip", result="success"), "PB-17")


# --- PB-18, PB-19: Pick Up and the bonus pitch ------------------------------------------------


def test_PB18_pickup_success(h):
    s = h.kicked_off()
    step = PB.apply(s, P(announce="pickup", result="success"))
    assert step.state == replace(s, pitched=1, possession="B", pickup_used=True, bonus_pending=True)
    assert PB.legal_inputs(step.state) == ("pitch",)


def test_PB18_pickup_while_holding_the_ball_refused(h):
    err = h.refused(h.turn("B", possession="B"), P(announce="pickup", result="success"), "PB-18")
    assert "already holds" in h.reason(err)


def test_PB18_pickup_of_a_carried_ball_refused(h):
    h.refused(h.turn("B", possession="A"), P(announce="pickup", result="success"), "PB-18")


def test_PB19_bonus_pitch_adds_no_pitched_piece_and_is_cleared(h):
    s = h.fold(h.turn("B"), P(announce="pickup", result="success"))
    assert s.pitched == 1 and s.bonus_pending
    new = PB.apply(s, P()).state
    assert new == replace(s, bonus_pending=False)


def test_PB19_bonus_must_be_taken_at_once(h):
    s = h.fold(h.turn("B"), P(announce="pickup", result="success"))
    h.refused(s, PB.EndTurn(), "PB-19")
    d = h.fold(h.turn("B", options=PB.Options(defensive_placement=True)), P(announce="pickup", result="success"))
    h.refused(d, PB.DefPlacement(), "PB-19")


def test_PB19_bonus_owed_by_the_last_player_comes_before_the_end_of_turn(h):
    s = h.turn("B", possession="A", pitched=10)
    s = PB.apply(s, P(announce="strip", result="success")).state
    assert s.active == "B" and s.pitched == 11 and s.bonus_pending and PB.pitches_left(s) == 0
    assert PB.legal_inputs(s) == ("pitch",)
    step = PB.apply(s, P())
    assert step.state == h.new_turn(replace(s, bonus_pending=False), "A", "END_OF_TURN", "PB-29")


def test_PB19_PB_A3_bonus_pitch_may_be_a_pass(h):
    s = h.fold(h.turn("B"), P(announce="pickup", result="success"))
    new = PB.apply(s, P(announce="pass", result="success")).state
    assert new == replace(s, bonus_pending=False, pass_used=True)


def test_PB19_bonus_lost_with_the_initiative(h):
    s = h.turn("B", possession="A")
    new = PB.apply(s, P(announce="strip", result="success", out_of_bounds=("A",))).state
    mid = replace(s, pitched=1, possession="B", strip_used=True, off_field=PerSide(1, 0))
    assert new == h.new_turn(mid, "A", "OUT_OF_BOUNDS", "PB-24")
    assert new.bonus_pending is False


# --- PB-20: Hand Off --------------------------------------------------------------------------


def test_PB20_hand_offs_unlimited(h):
    s = h.turn("B", possession="B")
    new = h.fold(s, *[P(announce="handoff", result="success")] * 4)
    assert new == replace(s, pitched=4)


def test_PB20_failed_hand_off_drops_the_ball(h):
    s = h.turn("B", possession="B", pitched=1)
    step = PB.apply(s, P(announce="handoff", result="miss"))
    assert step.state == h.new_turn(replace(s, pitched=2, possession=None), "A", "MISS", "PB-14")
    assert said(step.effects)[0] == Notice("Hand Off missed: ball dropped, A places it", "PB-20")


@pytest.mark.parametrize("possession", [None, "A"])
def test_PB20_hand_off_without_a_carrier_refused(h, possession):
    h.refused(h.turn("B", possession=possession), P(announce="handoff", result="success"), "PB-20")


# --- PB-21: Clearance -------------------------------------------------------------------------


def test_PB21_clearance_loses_the_initiative_ball_stays_loose(h):
    s = h.turn("B", pitched=2)
    step = PB.apply(s, P(clearance=True))
    assert step.state == h.new_turn(replace(s, pitched=3), "A", "CLEARANCE", "PB-21")
    assert step.state.possession is None


def test_PB21_clearance_of_a_carried_ball_or_after_an_announced_pickup_refused(h):
    h.refused(h.turn("B", possession="A"), P(clearance=True), "PB-21")
    h.refused(h.turn("B"), P(announce="pickup", result="miss", clearance=True), "PB-21")


# --- PB-22, PB-23: Pass and interception ------------------------------------------------------


def test_PB22_pass_success(h):
    s = h.turn("B", possession="B", pitched=1)
    step = PB.apply(s, P(announce="pass", result="success"))
    assert step.state == replace(s, pitched=2, pass_used=True)
    assert said(step.effects) == (Notice("Pass completed", "PB-22"),)


def test_PB22_second_pass_refused(h):
    s = h.fold(h.turn("B", possession="B"), P(announce="pass", result="success"))
    err = h.refused(s, P(announce="pass", result="success"), "PB-22")
    assert "one Pass per turn" in h.reason(err)


def test_PB22_pass_without_carrier_refused(h):
    h.refused(h.turn("B"), P(announce="pass", result="success"), "PB-22")


def test_PB22_PB_A8_failed_pass_leaves_the_ball_loose(h):
    s = h.turn("B", possession="B")
    assert PB.apply(s, P(announce="pass", result="miss")).state == h.new_turn(
        replace(s, pitched=1, pass_used=True, possession=None), "A", "MISS", "PB-14"
    )


def test_PB23_interception_gives_the_ball_to_the_opponent(h):
    s = h.turn("B", possession="B", pitched=5)
    step = PB.apply(s, P(announce="pass", result="interception"))
    assert step.state == h.new_turn(replace(s, pitched=6, pass_used=True, possession="A"), "A", "INTERCEPTION", "PB-23")
    assert Notice("Pass intercepted by A", "PB-23") in said(step.effects)


@pytest.mark.parametrize("announce,possession", [("handoff", "B"), ("strip", "A"), ("pickup", None)])
def test_PB23_only_a_pass_is_intercepted(h, announce, possession):
    h.refused(h.turn("B", possession=possession), P(announce=announce, result="interception"), "PB-23")


# --- PB-24, PB-25: out of bounds, ball out ----------------------------------------------------


@pytest.mark.parametrize("sides,off", [(("B",), (0, 1)), (("A",), (1, 0)), (("A", "B", "B"), (1, 2))])
def test_PB24_out_of_bounds_any_team_loses_the_initiative(h, sides, off):
    s = h.turn("B", possession="A")
    new = PB.apply(s, P(out_of_bounds=sides)).state
    assert new == h.new_turn(replace(s, pitched=1, off_field=PerSide(*off)), "A", "OUT_OF_BOUNDS", "PB-24")
    assert PB.pitches_left(new) == 11 - off[0]


def test_PB24_off_until_the_next_kickoff(h):
    s = h.turn("B", possession="B", off_field=PerSide(2, 3))
    s = PB.apply(s, P(touchdown=True)).state
    assert s.phase == "place_defender" and s.off_field == PerSide(0, 0)
    s = h.fold(s, PB.Placement("B", players=11), PB.Placement("A"), PB.Kickoff())
    assert PB.pitches_left(s) == 11


def test_PB24_more_players_out_than_on_the_field_refused(h):
    h.refused(h.turn("B", off_field=PerSide(10, 0)), P(out_of_bounds=("A", "A")), "PB-24")


def test_PB25_ball_out_opponent_gets_the_ball_and_the_turn(h):
    # a loose Ball pushed out by another piece (the active player did not touch it)
    s = h.turn("B", pitched=2)
    step = PB.apply(s, P(ball_out=True))
    assert step.state == h.new_turn(replace(s, pitched=3, possession="A"), "A", "BALL_OUT", "PB-25")
    assert Notice("Ball out: A gives it to his player nearest the exit", "PB-25") in said(step.effects)


def test_PB25_clearance_out_of_the_field(h):
    s = h.turn("B")
    new = PB.apply(s, P(clearance=True, ball_out=True)).state
    assert new == h.new_turn(replace(s, pitched=1, possession="A"), "A", "CLEARANCE", "PB-21")


def test_PB25_missed_pass_out_of_the_field(h):
    s = h.turn("B", possession="B")
    new = PB.apply(s, P(announce="pass", result="miss", ball_out=True)).state
    assert new == h.new_turn(replace(s, pitched=1, pass_used=True, possession="A"), "A", "MISS", "PB-14")


# A carried Ball reported out (its carrier leaving, PB-35): test_carried_ball_out.py.


# --- PB-26: K.O. ------------------------------------------------------------------------------


def test_PB26_ko_pieces_count_as_played(h):
    s = h.turn("B")
    step = PB.apply(s, P(ko=2))
    assert step.state == replace(s, pitched=3)
    assert Notice("B: 2 K.O., played this turn", "PB-26") in said(step.effects)


def test_PB26_ko_can_end_the_turn(h):
    s = h.turn("B", pitched=8)
    assert PB.apply(s, P(ko=2)).state == h.new_turn(replace(s, pitched=11), "A", "END_OF_TURN", "PB-29")


def test_PB26_more_ko_than_unturned_pieces_refused(h):
    h.refused(h.turn("B", pitched=8), P(ko=3), "PB-26")


def test_PB26_ko_in_a_bonus_pitch(h):
    s = h.turn("B", pitched=9, possession="B", bonus_pending=True)
    assert PB.apply(s, P(ko=2)).state == h.new_turn(replace(s, pitched=11, bonus_pending=False), "A", "END_OF_TURN", "PB-29")
    h.refused(s, P(ko=3), "PB-26")


# --- PB-27: touchdown in its four forms, the scorer kicks ---------------------------------------


def _after_touchdown(s: PB.State, scorer: str, score: tuple[int, int], **kw) -> PB.State:
    return replace(
        s,
        phase="place_defender",
        kicker=scorer,
        active=None,
        possession=None,
        score=PerSide(*score),
        off_field=PerSide(0, 0),
        pitched=0,
        all_out_used=False,
        all_out_by_bonus_player=False,
        pass_used=False,
        strip_used=False,
        pickup_used=False,
        bonus_pending=False,
        def_window=False,
        def_allowed=True,
        def_turned=0,
        last_loss=PB.Loss(s.active, "TOUCHDOWN", "PB-27"),
        **kw,
    )


@pytest.mark.parametrize(
    "form,pitch,possession",
    [
        ("touches the end line", P(touchdown=True), "B"),
        ("crosses the end line", P(touchdown=True, all_out=True), "B"),
        ("receives on the end line: hand off", P(announce="handoff", result="success", touchdown=True), "B"),
        ("receives in the end zone: pass", P(announce="pass", result="success", touchdown=True), "B"),
    ],
)
def test_PB27_touchdown_forms_score_and_the_scorer_kicks(h, form, pitch, possession):
    s = h.turn("B", possession=possession, pitched=3, score=PerSide(1, 0), off_field=PerSide(1, 1))
    step = PB.apply(s, pitch)
    assert step.state == _after_touchdown(s, "B", (1, 1))
    assert Notice("Touchdown B! 1-1", "PB-27") in said(step.effects)
    assert PB.to_act(step.state) == "B"  # the scorer is the defender: he places first


def test_PB27_touchdown_right_after_a_pickup(h):
    # PB-A4: the carrier then touches the line in the same pitch; the coaches press touchdown
    s = h.turn("B")
    assert PB.apply(s, P(announce="pickup", result="success", touchdown=True)).state == _after_touchdown(s, "B", (0, 1))


def test_PB27_interceptor_receiving_in_the_end_zone_scores(h):
    s = h.turn("B", possession="B")
    assert PB.apply(s, P(announce="pass", result="interception", touchdown=True)).state == _after_touchdown(s, "A", (1, 0))


@pytest.mark.parametrize(
    "possession,pitch",
    [
        (None, P(touchdown=True)),
        ("A", P(touchdown=True)),
        ("A", P(announce="strip", result="miss", touchdown=True)),
        ("B", P(announce="pass", result="miss", touchdown=True)),
        ("B", P(announce="handoff", result="miss", touchdown=True)),
        (None, P(clearance=True, ball_out=True, touchdown=True)),
    ],
)
def test_PB27_touchdown_needs_a_carrier(h, possession, pitch):
    h.refused(h.turn("B", possession=possession), pitch, "PB-27")


def test_PB27_next_phase_full_cycle_scorer_places_first(h):
    s = PB.apply(h.turn("B", possession="B"), P(touchdown=True)).state
    h.refused(s, PB.Placement("A"), "PB-03")
    s = h.fold(s, PB.Placement("B"), PB.Placement("A"), PB.Kickoff())
    assert (s.phase, s.active, s.kicker, s.possession) == ("turn", "A", "B", None)


# --- PB-28: every cause of loss of initiative --------------------------------------------------


@pytest.mark.parametrize(
    "possession,pitch,cause,rule",
    [
        ("A", P(announce="strip", result="miss"), "MISS", "PB-14"),
        (None, P(fall=True), "FALL", "PB-10"),
        (None, P(out_of_bounds=("B",)), "OUT_OF_BOUNDS", "PB-24"),
        (None, P(clearance=True), "CLEARANCE", "PB-21"),
        (None, P(ball_out=True), "BALL_OUT", "PB-25"),
        ("B", P(announce="pass", result="interception"), "INTERCEPTION", "PB-23"),
    ],
)
def test_PB28_each_cause_passes_the_initiative_and_resets_the_turn(h, possession, pitch, cause, rule):
    s = h.turn("B", possession=possession, pitched=4, all_out_used=True, pass_used=possession != "B")
    new = PB.apply(s, pitch).state
    assert new.active == "A" and new.last_loss == PB.Loss("B", cause, rule)
    assert (new.pitched, new.all_out_used, new.pass_used, new.bonus_pending) == (0, False, False, False)
    assert PB.legal_inputs(new)[0] == "pitch"


def test_PB28_end_of_turn_and_touchdown_are_causes_too(h):
    assert PB.apply(h.turn("B"), PB.EndTurn()).state.last_loss == PB.Loss("B", "END_OF_TURN", "PB-34")
    assert PB.apply(h.turn("B", possession="B"), P(touchdown=True)).state.last_loss == PB.Loss("B", "TOUCHDOWN", "PB-27")


def test_PB28_several_causes_report_the_first_of_the_text_list(h):
    s = h.turn("B", possession="B")
    new = PB.apply(s, P(announce="pass", result="miss", fall=True, ball_out=True, out_of_bounds=("A",))).state
    assert new.last_loss == PB.Loss("B", "MISS", "PB-14")
    assert new.possession == "A" and new.off_field == PerSide(1, 0)


# --- PB-30: the match to 3 touchdowns --------------------------------------------------------


def test_PB30_third_touchdown_wins(h):
    s = h.turn("B", possession="B", score=PerSide(2, 2))
    step = PB.apply(s, P(touchdown=True))
    assert step.state == replace(_after_touchdown(s, "B", (2, 3)), phase="finished", kicker="A")
    result = PB.outcome(step.state)
    assert result == Outcome("B", Typed.of("PB-30", "three_touchdowns", side="B", touchdowns=3))
    assert describe(result.cause, ("A", "B")).long == "B scored 3 touchdowns"
    assert said(step.effects)[-1] == Notice("B wins the match", "PB-30")
    assert PB.legal_inputs(step.state) == ()
    for inp in (P(), PB.EndTurn(), PB.CoinToss("A"), PB.Kickoff()):
        h.refused(step.state, inp, "PB-30")


def test_PB30_no_outcome_before_three(h):
    assert PB.outcome(h.turn("B", score=PerSide(2, 2))) is None


# --- PB-31, PB-32: Defensive Placement (advanced rule) ----------------------------------------

DP = PB.Options(defensive_placement=True)


def test_PB31_off_by_default_refused(h):
    s = h.fold(h.turn("B"), P())
    assert s.def_window is False
    h.refused(s, PB.DefPlacement(), "PB-31")
    assert "def_placement" not in PB.legal_inputs(s)


def test_PB31_one_placement_after_each_proper_pitch(h):
    s = h.turn("B", options=DP)
    h.refused(s, PB.DefPlacement(), "PB-31")  # no pitch yet
    s1 = PB.apply(s, P()).state
    assert s1 == replace(s, pitched=1, def_window=True)
    assert PB.legal_inputs(s1) == ("pitch", "def_placement")
    s2 = PB.apply(s1, PB.DefPlacement()).state
    assert s2 == replace(s, pitched=1, def_turned=1)
    h.refused(s2, PB.DefPlacement(), "PB-31")
    s3 = h.fold(s2, P())  # the opponent may decline: the window closes at the next pitch
    assert s3 == replace(s, pitched=2, def_turned=1, def_window=True)
    assert h.fold(s3, P()) == replace(s, pitched=3, def_turned=1, def_window=True)


def test_PB31_no_window_after_a_pitch_that_loses_the_initiative(h):
    s = PB.apply(h.turn("B", options=DP), P(fall=True)).state
    assert s.active == "A" and s.def_window is False
    h.refused(s, PB.DefPlacement(), "PB-31")


def test_PB31_PB_A11_no_placement_between_a_pickup_and_its_bonus(h):
    s = PB.apply(h.turn("B", options=DP), P(announce="pickup", result="success")).state
    assert s.bonus_pending and not s.def_window
    h.refused(s, PB.DefPlacement(), "PB-19")
    s = PB.apply(s, P()).state  # the bonus pitch is proper: now the window opens
    assert s.def_window and PB.apply(s, PB.DefPlacement()).state.def_turned == 1


def test_PB31_no_piece_left_for_a_placement(h):
    s = h.turn("B", options=DP, def_turned=11, pitched=1)
    assert PB.apply(s, P()).state.def_window is False
    h.refused(replace(s, def_window=True), PB.DefPlacement(), "PB-31")


def test_PB32_wrong_placement_cancelled_no_more_this_turn(h):
    s = h.fold(h.turn("B", options=DP), P())
    step = PB.apply(s, PB.DefPlacement(ok=False))
    assert step.state == replace(s, def_window=False, def_allowed=False)
    assert said(step.effects) == (Notice("Placement cancelled: no more for A this turn", "PB-32"),)
    s2 = PB.apply(step.state, P()).state
    assert s2.def_window is False
    h.refused(s2, PB.DefPlacement(), "PB-32")
    # no loss of initiative is stated (PB-32): B goes on; next turn it is allowed again
    s3 = PB.apply(s2, P(fall=True)).state
    assert s3.active == "A" and s3.def_allowed is True


def test_PB32_PB_A12_opponent_ko_cannot_be_placed(h):
    s = h.turn("B", options=DP)
    s = PB.apply(s, P(ko_opponent=2)).state
    assert s.def_turned == 2 and PB.def_pieces_left(s) == 9
    h.refused(h.turn("B", options=DP, def_turned=10), P(ko_opponent=2), "PB-26")


# --- PB-33: per-turn limits -------------------------------------------------------------------


def test_PB33_strip_and_pickup_once_a_turn(h):
    h.refused(h.turn("B", possession="A", strip_used=True), P(announce="strip", result="success"), "PB-33")
    h.refused(h.turn("B", pickup_used=True), P(announce="pickup", result="success"), "PB-33")


# --- PB-34 [I]: ending a turn -----------------------------------------------------------------


def test_PB34_end_turn_counts_as_end_of_turn(h):
    s = h.turn("B", possession="B", pitched=3, all_out_used=True, pass_used=True)
    step = PB.apply(s, PB.EndTurn())
    assert step.state == h.new_turn(s, "A", "END_OF_TURN", "PB-34")
    assert said(step.effects) == (Notice("End Of Turn: A's turn", "PB-34"),)


def test_PB34_end_turn_refused_with_defensive_placement(h):
    s = h.turn("B", options=DP, pitched=3)
    h.refused(s, PB.EndTurn(), "PB-34")
    assert "end_turn" not in PB.legal_inputs(s)


@pytest.mark.parametrize("dp", [False, True])
def test_PB34_option_always(h, dp):
    s = h.turn("B", options=PB.Options(defensive_placement=dp, end_turn="always"))
    assert PB.apply(s, PB.EndTurn()).state.active == "A"


def test_PB34_option_never(h):
    h.refused(h.turn("B", options=PB.Options(end_turn="never")), PB.EndTurn(), "PB-34")


# --- PB-35 [I]: a carrier leaving the field ---------------------------------------------------


def test_PB35_carrier_out_is_out_of_bounds_and_ball_out(h):
    s = h.turn("B", possession="B")
    step = PB.apply(s, P(out_of_bounds=("B",), carrier_out=True))
    mid = replace(s, pitched=1, possession="A", off_field=PerSide(0, 1))
    assert step.state == h.new_turn(mid, "A", "OUT_OF_BOUNDS", "PB-24")
    assert any(n.rule == "PB-25" for n in said(step.effects))


def test_PB35_opponent_carrier_pushed_out_opponent_keeps_the_ball(h):
    s = h.turn("B", possession="A")
    new = PB.apply(s, P(out_of_bounds=("A",), carrier_out=True)).state
    assert new == h.new_turn(replace(s, pitched=1, possession="A", off_field=PerSide(1, 0)), "A", "OUT_OF_BOUNDS", "PB-24")


def test_PB35_option_loose(h):
    s = h.turn("B", possession="B", options=PB.Options(carrier_out="loose"))
    new = PB.apply(s, P(out_of_bounds=("B",), carrier_out=True)).state
    assert new == h.new_turn(replace(s, pitched=1, possession=None, off_field=PerSide(0, 1)), "A", "OUT_OF_BOUNDS", "PB-24")
    # with the ball reported out too, the opponent gets it
    new = PB.apply(s, P(out_of_bounds=("B",), carrier_out=True, ball_out=True)).state
    assert new.possession == "A"


@pytest.mark.parametrize(
    "possession,pitch",
    [(None, P(out_of_bounds=("B",), carrier_out=True)), ("B", P(carrier_out=True)), ("B", P(out_of_bounds=("A",), carrier_out=True))],
)
def test_PB35_inconsistent_carrier_out_refused(h, possession, pitch):
    h.refused(h.turn("B", possession=possession), pitch, "PB-35")


def test_PB35_PB_A5_carrier_out_after_a_pickup_in_the_same_pitch(h):
    s = h.turn("B")
    new = PB.apply(s, P(announce="pickup", result="success", out_of_bounds=("B",), carrier_out=True)).state
    assert new.possession == "A" and new.active == "A" and new.off_field == PerSide(0, 1)


# The replay spec's own fields record a carrier leaving the field:
# ``ball_out`` with the carrier among ``out_of_bounds`` is PB-35 (``carrier_out`` is an
# optional extra), and a touchdown reported with ``ball_out`` stands (PB-36: crossing the
# opposing end line is never out).


def test_PB35_spec_fields_carrier_out_is_out_of_bounds_and_ball_out(h):
    s = h.turn("B", possession="B", pitched=2)
    step = PB.apply(s, P(out_of_bounds=("B",), ball_out=True))
    mid = replace(s, pitched=3, possession="A", off_field=PerSide(0, 1))
    assert step.state == h.new_turn(mid, "A", "OUT_OF_BOUNDS", "PB-24")
    assert said(step.effects) == (
        Notice("B: 1 out of bounds until the kick-off", "PB-24"),
        Notice("Ball out: A gives it to his player nearest the exit", "PB-25"),
        Notice("Out Of Bounds: A's turn", "PB-24"),
    )
    # the same as the product's own extra field says it
    assert PB.apply(s, P(out_of_bounds=("B",), ball_out=True, carrier_out=True)).state == step.state


def test_PB35_spec_fields_opponent_carrier_pushed_out_opponent_keeps_the_ball(h):
    s = h.turn("B", possession="A")
    new = PB.apply(s, P(out_of_bounds=("A", "B"), ball_out=True)).state
    mid = replace(s, pitched=1, possession="A", off_field=PerSide(1, 1))
    assert new == h.new_turn(mid, "A", "OUT_OF_BOUNDS", "PB-24")


def test_PB35_spec_fields_carrier_out_after_a_pickup_in_the_same_pitch(h):
    s = h.turn("B")
    new = PB.apply(s, P(announce="pickup", result="success", out_of_bounds=("B",), ball_out=True)).state
    mid = replace(s, pitched=1, possession="A", off_field=PerSide(0, 1))
    assert new == h.new_turn(mid, "A", "OUT_OF_BOUNDS", "PB-24")


def test_PB35_spec_fields_with_the_loose_option_the_ball_is_out_as_reported(h):
    s = h.turn("B", possession="B", options=PB.Options(carrier_out="loose"))
    new = PB.apply(s, P(out_of_bounds=("B",), ball_out=True)).state
    mid = replace(s, pitched=1, possession="A", off_field=PerSide(0, 1))
    assert new == h.new_turn(mid, "A", "OUT_OF_BOUNDS", "PB-24")


@pytest.mark.parametrize(
    "pitch",
    [
        P(touchdown=True, ball_out=True),
        P(touchdown=True, ball_out=True, all_out=True),
        P(announce="pass", result="success", touchdown=True, ball_out=True),
    ],
)
def test_PB36_a_touchdown_reported_with_ball_out_stands(h, pitch):
    s = h.turn("B", possession="B", pitched=3, score=PerSide(1, 0), off_field=PerSide(1, 1))
    step = PB.apply(s, pitch)
    assert step.state == _after_touchdown(s, "B", (1, 1))
    assert Notice("Touchdown B! 1-1", "PB-27") in said(step.effects)
    assert not any(n.rule == "PB-25" for n in said(step.effects))  # no ball out: a touchdown


def test_PB36_a_touchdown_with_ball_out_and_a_foul_is_ignored_the_carrier_keeps_the_ball(h):
    s = h.turn("B", possession="B", pitched=3)
    step = PB.apply(s, P(touchdown=True, ball_out=True, fall=True))
    assert step.state == h.new_turn(replace(s, pitched=4), "A", "FALL", "PB-10")
    assert Notice("Touchdown not proper: a foul in the same pitch", "PB-36") in said(step.effects)


# --- PB-36 [I]: a touchdown must be proper ------------------------------------------------------


@pytest.mark.parametrize(
    "pitch,extra,cause,rule",
    [
        (P(touchdown=True, fall=True), {}, "FALL", "PB-10"),
        (P(touchdown=True, out_of_bounds=("A",)), {"off_field": PerSide(1, 0)}, "OUT_OF_BOUNDS", "PB-24"),
        (P(touchdown=True, all_out=True), {}, "FALL", "PB-09"),
    ],
)
def test_PB36_touchdown_with_a_foul_is_ignored(h, pitch, extra, cause, rule):
    s = h.turn("B", possession="B", all_out_used=True, pitched=2)
    step = PB.apply(s, pitch)
    assert step.state == h.new_turn(replace(s, pitched=3, **extra), "A", cause, rule)
    assert step.state.score == PerSide(0, 0)
    assert Notice("Touchdown not proper: a foul in the same pitch", "PB-36") in said(step.effects)


def test_PB36_option_off_the_touchdown_counts(h):
    s = h.turn("B", possession="B", options=PB.Options(foul_voids_touchdown=False))
    new = PB.apply(s, P(touchdown=True, fall=True)).state
    assert new.score == PerSide(0, 1) and new.phase == "place_defender" and new.kicker == "B"


def test_PB36_crossing_the_opposing_end_line_is_never_out_of_bounds(h):
    h.refused(h.turn("B", possession="B"), P(touchdown=True, out_of_bounds=("B",), carrier_out=True), "PB-36")


# --- interpretations' options ----------------------------------------------------------------


def test_PB_A3_option_off_bonus_pass_and_hand_off_refused(h):
    s = h.fold(h.turn("B", options=PB.Options(bonus_any_action=False)), P(announce="pickup", result="success"))
    h.refused(s, P(announce="pass", result="success"), "PB-19")
    h.refused(s, P(announce="handoff", result="success"), "PB-19")
    assert PB.apply(s, P()).state.bonus_pending is False


def test_PB_A11_option_placement_before_the_bonus(h):
    opts = PB.Options(defensive_placement=True, def_placement_before_bonus=True)
    s = PB.apply(h.turn("B", options=opts), P(announce="pickup", result="success")).state
    assert s.bonus_pending and s.def_window
    s = PB.apply(s, PB.DefPlacement()).state
    assert s.bonus_pending and s.def_turned == 1 and not s.def_window
    h.refused(s, PB.EndTurn(), "PB-19")
    assert PB.apply(s, P()).state == replace(s, bonus_pending=False, def_window=True)


def test_PB09_same_player_may_go_all_out_again_in_its_bonus_pitch(h):
    s = h.fold(h.turn("B"), P(announce="pickup", result="success", all_out=True))
    assert s.all_out_by_bonus_player
    new = PB.apply(s, P(all_out=True)).state
    assert new == replace(s, bonus_pending=False, all_out_by_bonus_player=False)
    # but a later player's All-Out is the second player's: a foul
    assert PB.apply(new, P(all_out=True)).state.last_loss == PB.Loss("B", "FALL", "PB-09")


def test_PB09_bonus_player_after_another_players_all_out_fouls(h):
    s = h.fold(h.turn("B"), P(all_out=True), P(announce="pickup", result="success"))
    assert not s.all_out_by_bonus_player
    assert PB.apply(s, P(all_out=True)).state.last_loss == PB.Loss("B", "FALL", "PB-09")


def test_PB09_option_bonus_all_out_again_off(h):
    s = h.fold(h.turn("B", options=PB.Options(bonus_all_out_again=False)), P(announce="pickup", result="success", all_out=True))
    assert PB.apply(s, P(all_out=True)).state.last_loss == PB.Loss("B", "FALL", "PB-09")


@pytest.mark.parametrize("opts", [PB.Options(end_turn="sometimes"), PB.Options(carrier_out="kept")])  # type: ignore[arg-type]
def test_bad_options_raise_value_error(opts):
    with pytest.raises(ValueError):
        PB.new_match(opts)


# --- the Summary Table of Actions, row by row --------------------------------------------------
# | action | times per turn | announcement | bonus |


def test_summary_run_unlimited_no_announcement_no_bonus(h):
    s = h.fold(h.turn("B"), *[P()] * 10)
    assert s == replace(h.turn("B"), pitched=10)


def test_summary_block_unlimited_no_announcement_no_bonus(h):
    s = h.fold(h.turn("B", possession="A"), *[P()] * 10)
    assert s == replace(h.turn("B", possession="A"), pitched=10)  # opponent keeps the ball


def test_summary_strip_once_announced_bonus(h):
    s = h.turn("B", possession="A")
    s1 = PB.apply(s, P(announce="strip", result="success")).state
    assert s1.bonus_pending and s1.strip_used and s1.possession == "B"
    assert PB.apply(s, P()).state.possession == "A"  # unannounced: a Block
    h.refused(replace(s, strip_used=True), P(announce="strip", result="success"), "PB-33")


def test_summary_pickup_once_announced_bonus(h):
    s = h.turn("B")
    s1 = PB.apply(s, P(announce="pickup", result="success")).state
    assert s1.bonus_pending and s1.pickup_used and s1.possession == "B"
    # unannounced touch of the Ball: a Clearance
    assert PB.apply(s, P(clearance=True)).state.last_loss == PB.Loss("B", "CLEARANCE", "PB-21")
    h.refused(replace(s, pickup_used=True), P(announce="pickup", result="success"), "PB-33")


def test_summary_hand_off_unlimited_announced_no_bonus(h):
    s = h.fold(h.turn("B", possession="B"), *[P(announce="handoff", result="success")] * 6)
    assert s == replace(h.turn("B", possession="B"), pitched=6)


def test_summary_clearance_once_ends_the_turn_no_announcement(h):
    s = PB.apply(h.turn("B"), P(clearance=True)).state
    assert s.active == "A" and not s.bonus_pending


def test_summary_pass_once_announced_no_bonus(h):
    s = PB.apply(h.turn("B", possession="B"), P(announce="pass", result="success")).state
    assert s.pass_used and not s.bonus_pending and s.active == "B"
    h.refused(s, P(announce="pass", result="success"), "PB-22")
    # unannounced, the carrier's pitch is only a Run: no pass made
    s2 = PB.apply(h.turn("B", possession="B"), P()).state
    assert not s2.pass_used and s2.possession == "B"


def test_summary_defensive_placement_unlimited_no_announcement_no_bonus(h):
    s = h.turn("B", options=DP)
    for n in range(1, 10):
        s = h.fold(s, P(), PB.DefPlacement())
        assert s.def_turned == n and s.active == "B" and not s.bonus_pending


# --- queries ---------------------------------------------------------------------------------


def test_to_act_and_legal_inputs_through_a_kickoff(h):
    s = PB.new_match()
    seen = []
    for inp in (PB.CoinToss("B"), PB.Choose("receive"), PB.Placement("A"), PB.Placement("B"), PB.Kickoff()):
        seen.append((s.phase, PB.to_act(s), PB.legal_inputs(s)))
        s = PB.apply(s, inp).state
    seen.append((s.phase, PB.to_act(s), PB.legal_inputs(s)))
    assert seen == [
        ("toss", None, ("coin_toss",)),
        ("choose", "B", ("choose",)),
        ("place_defender", "A", ("placement",)),
        ("place_attacker", "B", ("placement",)),
        ("kickoff", "A", ("kickoff",)),
        ("turn", "B", ("pitch", "end_turn")),
    ]


def test_apply_rejects_foreign_input():
    with pytest.raises(TypeError):
        PB.apply(PB.new_match(), object())  # type: ignore[arg-type]
