"""Pichenotte rules engine against the rulebook (shared/rules/004_*.txt) and rulings
PI-01..PI-23 (shared/rules/rulings.md, section 5). Every expected value below is worked
out from the rules by hand, not read off the engine.

PI-04 (shooting technique) and PI-12 (a puck on a line counts in the lower zone) are the
players' business: the engine neither senses nor enforces them (PI-04 says "not sensed";
PI-12 happens when the players enter zone counts), so they have no test here.

(Over 600 lines: the rulebook's cases in its order, so a ruling's tests sit together.)
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pitchside.core.errors import IllegalInput
from pitchside.core.game import Outcome
from pitchside.core.notice import Notice
from pitchside.core.rules import pichenotte as P
from pitchside.core.sides import PerSide


# --- helpers ---------------------------------------------------------------------------


def shot(called=False, contact=True, twenty=False, ditched=False, knocked_in=None, knocked_off=None) -> P.Shot:
    ki = knocked_in or {}
    ko = knocked_off or {}
    return P.Shot(
        called=called,
        contact=contact,
        twenty=twenty,
        ditched=ditched,
        knocked_in=PerSide(ki.get("A", 0), ki.get("B", 0)),
        knocked_off=PerSide(ko.get("A", 0), ko.get("B", 0)),
    )


def fold(state: P.State, *inputs) -> P.State:
    for inp in inputs:
        state = P.apply(state, inp).state
    return state


def start(winner="A", **opts) -> P.State:
    return fold(P.new_match(P.Options(**opts)), P.CoinToss(winner))


def refused(state: P.State, inp, rule: str) -> IllegalInput:
    with pytest.raises(IllegalInput) as info:
        P.apply(state, inp)
    assert info.value.rule == rule
    assert info.value.notice is not None and info.value.notice.rule == rule
    return info.value


def counts(state: P.State) -> dict:
    return {
        "hand": state.hand.as_dict(),
        "on_board": state.on_board.as_dict(),
        "rail": state.rail.as_dict(),
        "ditch": state.ditch.as_dict(),
    }


def play_round(state: P.State, A=(0, 0, 0, 0), B=(0, 0, 0, 0)) -> P.State:
    """Shoot a whole round and tally it. ``A``/``B`` = (twenties, n15, n10, n5); the rest
    of each side's pucks goes to the ditch (``ditched``: PI-13 / PI-19 either way)."""
    assert state.phase == "shooting"
    queues = {}
    for side, (t, n15, n10, n5) in (("A", A), ("B", B)):
        on = n15 + n10 + n5
        rest = state.hand[side] - t - on
        assert rest >= 0
        queues[side] = ["twenty"] * t + ["board"] * on + ["ditch"] * rest
    while state.phase == "shooting":
        kind = queues[state.turn].pop(0)
        state = P.apply(state, shot(twenty=kind == "twenty", ditched=kind == "ditch")).state
    assert state.phase == "tally"
    return P.apply(state, P.Tally(A[1:], B[1:])).state


# --- PI-01: the start of a round ----------------------------------------------------------


def test_PI01_singles_12_pucks_each_board_and_ditch_empty():
    s = P.new_match()
    assert s.phase == "toss"
    assert counts(s) == {
        "hand": {"A": 12, "B": 12},
        "on_board": {"A": 0, "B": 0},
        "rail": {"A": 0, "B": 0},
        "ditch": {"A": 0, "B": 0},
    }


def test_PI01_PI_A6_doubles_12_pucks_per_team_6_per_player():
    s = start(players="doubles")
    assert s.hand.as_dict() == {"A": 12, "B": 12}
    # each partner shoots 6: over the round A1, A2 each shoot 6 times
    seen = {"A1": 0, "A2": 0, "B1": 0, "B2": 0}
    while s.phase == "shooting":
        seen[P.shooter(s)] += 1
        s = P.apply(s, shot()).state
    assert seen == {"A1": 6, "A2": 6, "B1": 6, "B2": 6}


def test_PI01_doubles_pucks_must_be_even():
    with pytest.raises(ValueError, match="even"):
        P.new_match(P.Options(players="doubles", pucks=7))


@pytest.mark.parametrize("pucks", [0, 51])
def test_PI01_pucks_out_of_range(pucks):
    with pytest.raises(ValueError, match="pucks"):
        P.new_match(P.Options(pucks=pucks))


def test_PI01_every_round_starts_with_board_and_ditch_empty_and_full_hands():
    s = start(pucks=3)
    s = fold(s, shot(), shot(ditched=True), shot(twenty=True), shot(contact=False), shot(), shot())
    assert s.phase == "tally"
    s = P.apply(s, P.Tally((0, 0, s.on_board.A), (0, 0, s.on_board.B))).state
    assert s.round == 2
    assert counts(s) == {
        "hand": {"A": 3, "B": 3},
        "on_board": {"A": 0, "B": 0},
        "rail": {"A": 0, "B": 0},
        "ditch": {"A": 0, "B": 0},
    }


# --- PI-02: alternate shots ---------------------------------------------------------------


def test_PI02_singles_alternate_one_puck_at_a_time_for_24_shots():
    s = start("A")
    order = []
    for i in range(24):
        order.append(s.turn)
        before = s.hand[s.turn]
        side = s.turn
        s = P.apply(s, shot()).state
        assert s.hand[side] == before - 1  # one puck at a time
    assert order == ["A", "B"] * 12
    assert s.phase == "tally" and s.turn is None
    assert s.hand.as_dict() == {"A": 0, "B": 0}
    assert s.on_board.as_dict() == {"A": 12, "B": 12}


def test_PI02_toss_winner_B_shoots_first():
    s = start("B")
    assert s.turn == "B" and s.first_shooter == "B"
    s = P.apply(s, shot()).state
    assert s.turn == "A"


def test_PI20_PI_A6_doubles_shooter_order_A1_B1_A2_B2():
    s = start("A", players="doubles")
    order = []
    while s.phase == "shooting":
        order.append(P.shooter(s))
        s = P.apply(s, shot()).state
    assert order == ["A1", "B1", "A2", "B2"] * 6
    assert len(order) == 24


def _order(s):
    order = []
    while s.phase == "shooting":
        order.append(P.shooter(s))
        s = P.apply(s, shot()).state
    return order, s


def test_PI20_PI_A6_doubles_B_first_goes_on_clockwise():
    # seats clockwise A1, B1, A2, B2: after B1 comes A2, not A1
    order, _ = _order(start("B", players="doubles"))
    assert order == ["B1", "A2", "B2", "A1"] * 6


def test_PI20_PI_A6_doubles_every_round_is_clockwise_and_6_each():
    s = start("A", players="doubles")
    cycle = ["A1", "B1", "A2", "B2"]
    for rnd in range(1, 4):
        first = s.first_shooter
        order, s = _order(s)
        assert order[0] == first + "1"
        i = cycle.index(order[0])
        assert order == [cycle[(i + k) % 4] for k in range(24)]  # a clockwise rotation
        assert {p: order.count(p) for p in cycle} == {p: 6 for p in cycle}
        s = P.apply(s, P.Tally((0, 0, s.on_board.A), (0, 0, s.on_board.B))).state
    assert P.shooter(s) == "B1"  # round 4: B first


def test_singles_shooter_is_the_side():
    s = start("B")
    assert P.shooter(s) == "B"
    assert P.shooter(P.new_match()) is None


# --- PI-03: tally only after all pucks are shot --------------------------------------------


def test_PI03_tally_during_shooting_is_refused_and_changes_nothing():
    s = start(pucks=2)
    s = P.apply(s, shot()).state
    refused(s, P.Tally((0, 0, 1), (0, 0, 0)), "PI-03")
    assert s.phase == "shooting"


def test_PI03_shot_during_tally_is_refused():
    s = start(pucks=1)
    s = fold(s, shot(), shot())
    assert s.phase == "tally" and s.turn is None
    refused(s, shot(), "PI-03")


def test_PI03_tally_before_toss_is_refused():
    refused(P.new_match(), P.Tally((0, 0, 0), (0, 0, 0)), "PI-03")


# --- PI-05 / PI-06: the shooting obligation -----------------------------------------------


def test_PI05_PI06_opponent_on_board_no_contact_sends_shot_puck_to_ditch_at_once():
    s = start("A", pucks=3)
    s = P.apply(s, shot()).state  # A free shot: on board
    assert not P.is_free_shot(s)  # B faces A's puck
    s = P.apply(s, shot(contact=False)).state
    assert counts(s) == {
        "hand": {"A": 2, "B": 2},
        "on_board": {"A": 1, "B": 0},
        "rail": {"A": 0, "B": 0},
        "ditch": {"A": 0, "B": 1},
    }


def test_PI05_contact_keeps_the_shot_puck_on_the_board():
    s = start("A", pucks=3)
    s = fold(s, shot(), shot(contact=True))
    assert s.on_board.as_dict() == {"A": 1, "B": 1}
    assert s.ditch.as_dict() == {"A": 0, "B": 0}


def test_PI06_PI07_ditched_pucks_are_not_played_again_and_score_zero():
    s = start("A", pucks=2)
    # A on board, B misses (ditch), A contact (board), B misses (ditch)
    s = fold(s, shot(), shot(contact=False), shot(), shot(contact=False))
    assert s.phase == "tally"
    assert s.ditch.as_dict() == {"A": 0, "B": 2}
    # B's ditched pucks cannot be counted in a zone
    refused(s, P.Tally((2, 0, 0), (1, 0, 0)), "PI-10")
    s = P.apply(s, P.Tally((2, 0, 0), (0, 0, 0))).state
    assert s.round_scores == (PerSide(30, 0),)


# --- PI-09: the free shot -------------------------------------------------------------------


def test_PI09_free_shot_contact_irrelevant_puck_stays():
    s = start("A", pucks=2)
    assert P.is_free_shot(s)
    s = P.apply(s, shot(contact=False)).state
    assert s.on_board.as_dict() == {"A": 1, "B": 0}
    assert s.ditch.as_dict() == {"A": 0, "B": 0}


def test_PI09_free_shot_when_only_own_pucks_and_opponent_twenties():
    # B's only puck went to the rail: A's next shot is free although B has scored
    s = start("A", pucks=2)
    s = fold(s, shot(ditched=True), shot(twenty=True))
    assert s.on_board.as_dict() == {"A": 0, "B": 0}
    assert P.is_free_shot(s)
    s = P.apply(s, shot(contact=False)).state
    assert s.on_board.as_dict() == {"A": 1, "B": 0}


def test_PI09_free_shot_twenty_goes_to_the_rail():
    s = start("A", pucks=2)
    s = P.apply(s, shot(twenty=True)).state
    assert s.rail.as_dict() == {"A": 1, "B": 0}
    assert s.on_board.as_dict() == {"A": 0, "B": 0}


def test_PI17_PI09_free_shot_called_twenty_that_misses_stays_on_board():
    s = start("A", pucks=2)
    s = P.apply(s, shot(called=True, contact=False)).state
    assert s.on_board.as_dict() == {"A": 1, "B": 0}
    assert s.ditch.as_dict() == {"A": 0, "B": 0}


# --- PI-08 / PI-17: twenties and the call ----------------------------------------------------


def test_PI17_called_twenty_that_misses_goes_to_ditch_even_with_contact():
    s = start("A", pucks=2)
    s = P.apply(s, shot()).state  # A on board
    s = P.apply(s, shot(called=True, contact=True)).state
    assert s.ditch.as_dict() == {"A": 0, "B": 1}
    assert s.on_board.as_dict() == {"A": 1, "B": 0}


def test_PI17_called_twenty_made_goes_to_the_rail():
    s = start("A", pucks=2)
    s = fold(s, shot(), shot(called=True, twenty=True, contact=False))
    assert s.rail.as_dict() == {"A": 0, "B": 1}
    assert s.ditch.as_dict() == {"A": 0, "B": 0}


def test_PI17_PI08_uncalled_twenty_without_contact_still_on_the_rail():
    s = start("A", pucks=2)
    s = fold(s, shot(), shot(called=False, twenty=True, contact=False))
    assert s.rail.as_dict() == {"A": 0, "B": 1}
    assert s.ditch.as_dict() == {"A": 0, "B": 0}
    assert s.on_board.as_dict() == {"A": 1, "B": 0}


def test_PI17_option_call_binds_false_called_miss_with_contact_stays():
    s = start("A", pucks=2, call_binds=False)
    s = fold(s, shot(), shot(called=True, contact=True))
    assert s.on_board.as_dict() == {"A": 1, "B": 1}
    assert s.ditch.as_dict() == {"A": 0, "B": 0}


def test_PI17_option_call_binds_false_called_miss_without_contact_to_ditch():
    s = start("A", pucks=2, call_binds=False)
    s = fold(s, shot(), shot(called=True, contact=False))
    assert s.on_board.as_dict() == {"A": 1, "B": 0}
    assert s.ditch.as_dict() == {"A": 0, "B": 1}


def test_PI08_twenties_cannot_be_lost_across_later_shots():
    s = start("A", pucks=4)
    s = fold(
        s,
        shot(twenty=True),  # A rail 1
        shot(),  # B free: board
        shot(knocked_off={"B": 1}),  # A: knocks B off; A on board
        shot(twenty=True, contact=False),  # B twenty: rail 1
        shot(contact=False),  # A: B has nothing on board -> free, stays
        shot(knocked_off={"A": 2}),  # B knocks both A pucks off
        shot(contact=False, ditched=True),  # A: B on board, no contact -> ditch
        shot(),  # B: A has nothing on board -> free, board
    )
    assert s.phase == "tally"
    assert s.rail.as_dict() == {"A": 1, "B": 1}
    assert counts(s) == {
        "hand": {"A": 0, "B": 0},
        "on_board": {"A": 0, "B": 2},
        "rail": {"A": 1, "B": 1},
        "ditch": {"A": 3, "B": 1},
    }
    # a rail puck cannot be knocked off: there is nothing of A's on the board
    s = P.apply(s, P.Tally((0, 0, 0), (0, 1, 1))).state
    assert s.round_scores == (PerSide(20, 35),)


def test_PI08_rail_pucks_cannot_be_knocked_off():
    s = start("A", pucks=2)
    s = P.apply(s, shot(twenty=True)).state
    refused(s, shot(knocked_off={"A": 1}), "PI-13")


# --- PI-10: the tally --------------------------------------------------------------------------


def test_PI10_tally_5_10_15_20_arithmetic():
    s = start("A", pucks=4)
    s = fold(s, *[shot()] * 6)  # three each on board
    s = fold(s, shot(twenty=True), shot(twenty=True, contact=False))
    assert s.on_board.as_dict() == {"A": 3, "B": 3}
    s = P.apply(s, P.Tally((1, 1, 1), (0, 0, 3))).state
    # A: 20 + 15 + 10 + 5 = 50;  B: 20 + 3*5 = 35
    assert s.round_scores == (PerSide(50, 35),)


def test_PI10_round_points_helper():
    assert P.round_points(2, (1, 2, 3)) == 40 + 15 + 20 + 15
    assert P.round_points(0, (0, 0, 0)) == 0


def test_PI10_tally_not_adding_up_is_refused_and_changes_nothing():
    s = start("A", pucks=2)
    s = fold(s, shot(), shot(), shot(), shot())
    before = s
    err = refused(s, P.Tally((1, 0, 0), (1, 1, 0)), "PI-10")
    assert "PI-10" in str(err)
    assert s == before and s.phase == "tally" and s.round_scores == ()
    err = refused(s, P.Tally((1, 1, 1), (1, 1, 0)), "PI-10")
    assert err.notice == Notice.of("PI-10", "counts_mismatch", side="A", on_board=2, counted=3)


# --- PI-11: knocked in --------------------------------------------------------------------------


def test_PI11_knocked_in_opponent_puck_goes_on_its_owners_rail():
    s = start("A", pucks=2)
    s = fold(s, shot(), shot(knocked_in={"A": 1}))
    assert s.rail.as_dict() == {"A": 1, "B": 0}
    assert s.on_board.as_dict() == {"A": 0, "B": 1}


def test_PI11_knocked_in_own_puck_goes_on_own_rail():
    s = start("A", pucks=3)
    s = fold(s, shot(), shot(), shot(knocked_in={"A": 1}))
    assert s.rail.as_dict() == {"A": 1, "B": 0}
    assert s.on_board.as_dict() == {"A": 1, "B": 1}


def test_PI11_twenty_and_ditched_together_refused():
    s = start("A")
    refused(s, shot(twenty=True, ditched=True), "PI-11")


# --- PI-13: knocked off and the outer line -----------------------------------------------------


def test_PI13_knocked_off_pucks_go_to_the_ditch():
    s = start("A", pucks=3)
    s = fold(s, shot(), shot(), shot(knocked_off={"A": 1, "B": 1}))
    assert counts(s) == {
        "hand": {"A": 1, "B": 2},
        "on_board": {"A": 1, "B": 0},
        "rail": {"A": 0, "B": 0},
        "ditch": {"A": 1, "B": 1},
    }


def test_PI13_shot_puck_on_the_outer_line_after_contact_goes_to_ditch():
    s = start("A", pucks=2)
    s = fold(s, shot(), shot(contact=True, ditched=True))
    assert s.ditch.as_dict() == {"A": 0, "B": 1}
    assert s.on_board.as_dict() == {"A": 1, "B": 0}


def test_PI13_knocking_more_pucks_than_on_the_board_is_refused():
    s = start("A", pucks=3)
    s = fold(s, shot())
    refused(s, shot(knocked_off={"A": 2}), "PI-13")
    refused(s, shot(knocked_in={"A": 1}, knocked_off={"A": 1}), "PI-13")
    refused(s, shot(knocked_off={"B": 1}), "PI-13")  # the shooter has nothing on the board


# --- PI-18: only the shot puck goes to the ditch -------------------------------------------------


def test_PI18_failed_shot_removes_only_the_shot_puck():
    s = start("A", pucks=3)
    s = fold(s, shot(), shot(), shot(contact=False))
    # A's earlier puck and B's puck stay; only A's shot puck is ditched
    assert s.on_board.as_dict() == {"A": 1, "B": 1}
    assert s.ditch.as_dict() == {"A": 1, "B": 0}


def test_PI18_combination_contact_keeps_the_shot_puck():
    # the shooter's puck hits his own, which hits the opponent's: contact (players answer true)
    s = start("A", pucks=3)
    s = fold(s, shot(), shot(), shot(contact=True))
    assert s.on_board.as_dict() == {"A": 2, "B": 1}


# --- PI-19: the outer line on a free shot ------------------------------------------------------


def test_PI19_outer_line_applies_to_free_shots():
    s = start("A", pucks=2)
    s = P.apply(s, shot(ditched=True)).state
    assert s.ditch.as_dict() == {"A": 1, "B": 0}
    assert s.on_board.as_dict() == {"A": 0, "B": 0}


def test_PI19_option_outer_line_on_free_shot_false_puck_on_the_line_stays():
    s = start("A", pucks=3, outer_line_on_free_shot=False)
    s = P.apply(s, P.Shot(ditched=True, on_line=True)).state
    assert s.ditch.as_dict() == {"A": 0, "B": 0}
    assert s.on_board.as_dict() == {"A": 1, "B": 0}
    # not a free shot: PI-13 still applies
    s = P.apply(s, P.Shot(ditched=True, on_line=True)).state
    assert s.ditch.as_dict() == {"A": 0, "B": 1}


def test_PI19_option_off_a_free_shot_into_the_ditch_is_still_in_the_ditch_PI07():
    s = start("A", pucks=2, outer_line_on_free_shot=False)
    s = P.apply(s, shot(ditched=True)).state
    assert s.ditch.as_dict() == {"A": 1, "B": 0}
    assert s.on_board.as_dict() == {"A": 0, "B": 0}


def test_PI13_on_line_without_ditched_is_refused():
    s = start("A", pucks=2)
    refused(s, P.Shot(on_line=True), "PI-13")


# --- PI-A7: technique fouls (option technique_foul) ----------------------------------------


def test_PI_A7_foul_is_refused_when_the_option_is_off():
    s = start("A", pucks=2)
    refused(s, P.Shot(foul=True), "PI-A7")


def test_PI_A7_foul_sends_the_shot_puck_to_the_ditch_even_a_twenty():
    s = start("A", pucks=2, technique_foul=True)
    s = P.apply(s, P.Shot(foul=True, twenty=True)).state
    assert s.ditch.as_dict() == {"A": 1, "B": 0}
    assert s.rail.as_dict() == {"A": 0, "B": 0}
    assert s.on_board.as_dict() == {"A": 0, "B": 0}
    assert s.turn == "B"


# --- PI-18: contact is implied by moving an opponent's puck --------------------------------


def test_PI18_no_contact_with_an_opponent_puck_knocked_off_is_refused():
    s = fold(start("A", pucks=3), shot())  # A on the board: B must hit
    e = refused(s, shot(contact=False, knocked_off={"A": 1}), "PI-18")
    assert e.notice == Notice.of("PI-18", "contact_implied", side="A")
    refused(s, shot(contact=False, knocked_in={"A": 1}), "PI-18")


# --- PI-14 / PI-16: the round --------------------------------------------------------------------


def test_PI14_higher_round_score_wins_the_round():
    s = start("A", pucks=2)
    s = play_round(s, A=(1, 0, 0, 1), B=(0, 2, 0, 0))  # 25 vs 30
    assert s.round_scores == (PerSide(25, 30),)
    assert P.match_score(s) == PerSide(0, 1)


def test_PI16_tied_round_half_a_point_each():
    s = start("A", pucks=2)
    s = play_round(s, A=(1, 0, 0, 0), B=(0, 1, 0, 1))  # 20 vs 20
    assert s.round_scores == (PerSide(20, 20),)
    assert P.match_score(s) == PerSide(0.5, 0.5)
    s = play_round(s)  # 0 - 0: another tie
    assert P.match_score(s) == PerSide(1.0, 1.0)


# --- PI-20: first shooter --------------------------------------------------------------------------


def test_PI20_first_shooter_alternates_every_round():
    s = start("A", pucks=1)
    firsts = [s.turn]
    for _ in range(3):
        s = play_round(s, A=(1, 0, 0, 0))
        firsts.append(s.turn)
    assert firsts == ["A", "B", "A", "B"]
    assert s.round == 4 and s.first_shooter == "B"


def test_PI20_toss_B_then_alternates():
    s = start("B", pucks=1)
    s = play_round(s)
    assert s.turn == "A" and s.first_shooter == "A"


def test_PI20_option_toss_winner_starts_every_round():
    s = start("B", pucks=1, first_shooter="toss_winner")
    for _ in range(3):
        s = play_round(s, B=(1, 0, 0, 0))
        assert s.turn == "B" and s.first_shooter == "B"


def test_PI20_shot_before_toss_refused():
    refused(P.new_match(), shot(), "PI-20")


def test_PI20_second_toss_refused():
    s = start("A")
    refused(s, P.CoinToss("B"), "PI-20")
    s = play_round(start("A", pucks=1))
    refused(s, P.CoinToss("A"), "PI-20")


# --- PI-21: rounds format ---------------------------------------------------------------------------


def test_PI21_match_ends_at_4_round_points_with_the_lead():
    s = start("A", pucks=1)
    for i in range(3):
        s = play_round(s, A=(1, 0, 0, 0))
        assert s.phase == "shooting"
    s = play_round(s, A=(1, 0, 0, 0))
    assert s.phase == "finished" and s.turn is None and s.round == 4
    assert P.match_score(s) == PerSide(4, 0)
    out = P.outcome(s)
    assert out == Outcome("A", Notice.of("PI-21", "rounds_won", side="A", points=4.0))


def test_PI21_four_to_three_and_a_half():
    s = start("A", pucks=1)
    seq = ["A", "B", "tie", "A", "B", "A", "B"]  # 3.5 - 3.5 after 7
    for r in seq:
        s = play_round(s, A=(1, 0, 0, 0) if r in ("A", "tie") else (0, 0, 0, 0),
                       B=(1, 0, 0, 0) if r in ("B", "tie") else (0, 0, 0, 0))
    assert P.match_score(s) == PerSide(3.5, 3.5)
    assert s.phase == "shooting" and s.round == 8  # PI-21: an 8th round
    s = play_round(s, B=(1, 0, 0, 0))
    assert s.phase == "finished"
    assert P.match_score(s) == PerSide(3.5, 4.5)
    assert P.outcome(s).winner == "B"


def test_PI21_four_all_after_a_tie_is_not_over():
    s = start("A", pucks=1)
    for r in ["A", "B", "tie", "A", "B", "A", "B", "tie"]:
        s = play_round(s, A=(1, 0, 0, 0) if r in ("A", "tie") else (0, 0, 0, 0),
                       B=(1, 0, 0, 0) if r in ("B", "tie") else (0, 0, 0, 0))
    assert P.match_score(s) == PerSide(4, 4)
    assert s.phase == "shooting" and s.round == 9
    s = play_round(s, A=(0, 0, 0, 1))
    assert s.phase == "finished" and P.outcome(s).winner == "A"
    assert P.match_score(s) == PerSide(5, 4)


def test_PI21_option_max_rounds_7_draw_at_3_5_all():
    s = start("A", pucks=1, max_rounds=7)
    for r in ["A", "B", "tie", "A", "B", "A", "B"]:
        s = play_round(s, A=(1, 0, 0, 0) if r in ("A", "tie") else (0, 0, 0, 0),
                       B=(1, 0, 0, 0) if r in ("B", "tie") else (0, 0, 0, 0))
    assert s.phase == "finished" and s.round == 7
    assert P.match_score(s) == PerSide(3.5, 3.5)
    out = P.outcome(s)
    assert out == Outcome(None, Notice.of("PI-21", "drawn_after_max_rounds", rounds=7))


def test_PI21_option_max_rounds_7_leader_after_7_wins():
    s = start("A", pucks=1, max_rounds=7)
    for r in ["A", "tie", "tie", "tie", "tie", "tie", "tie"]:
        s = play_round(s, A=(1, 0, 0, 0), B=(1, 0, 0, 0) if r == "tie" else (0, 0, 0, 0))
    assert s.phase == "finished"
    assert P.match_score(s) == PerSide(4, 3)
    assert P.outcome(s).winner == "A"


def test_PI15_anything_after_the_match_is_finished_is_refused():
    s = start("A", pucks=1, rounds_to_win=1)
    s = play_round(s, A=(1, 0, 0, 0))
    assert s.phase == "finished"
    for inp in (shot(), P.Tally((0, 0, 0), (0, 0, 0)), P.CoinToss("A")):
        refused(s, inp, "PI-15")
    assert P.legal_inputs(s) == ()


# --- PI-22: race to 500 --------------------------------------------------------------------------------


def test_PI22_race500_ends_after_the_round_reaching_500_with_higher_total():
    s = start("A", format="race500")
    s = play_round(s, A=(12, 0, 0, 0))  # 240 - 0
    assert P.match_score(s) == PerSide(240, 0) and s.phase == "shooting"
    s = play_round(s, A=(12, 0, 0, 0))  # 480 - 0
    assert P.match_score(s) == PerSide(480, 0) and s.phase == "shooting"
    s = play_round(s, A=(1, 0, 0, 0), B=(0, 0, 0, 1))  # 500 - 5
    assert s.phase == "finished" and s.round == 3
    assert P.match_score(s) == PerSide(500, 5)
    out = P.outcome(s)
    assert out == Outcome("A", Notice.of("PI-22", "race_won", side="A", target=500))


def test_PI22_race500_score_counts_finished_rounds_only():
    s = start("A", format="race500")
    s = play_round(s, A=(2, 0, 0, 1), B=(0, 3, 0, 0))  # 45 - 45
    assert P.match_score(s) == PerSide(45, 45)
    s = fold(s, shot(twenty=True), shot(twenty=True), shot(twenty=True))
    assert s.rail.as_dict() == {"A": 1, "B": 2}  # B shot first in round 2
    assert P.match_score(s) == PerSide(45, 45)


def test_PI22_race500_side_reaching_500_but_behind_loses():
    s = start("A", format="race500")
    s = play_round(s, A=(12, 0, 0, 0), B=(12, 0, 0, 0))
    s = play_round(s, A=(12, 0, 0, 0), B=(12, 0, 0, 0))  # 480 - 480
    s = play_round(s, A=(1, 0, 0, 0), B=(2, 0, 0, 0))  # 500 - 520
    assert s.phase == "finished"
    assert P.match_score(s) == PerSide(500, 520)
    assert P.outcome(s).winner == "B"


def test_PI22_race500_equal_totals_over_500_play_another_round():
    s = start("A", format="race500")
    for _ in range(3):
        s = play_round(s, A=(12, 0, 0, 0), B=(12, 0, 0, 0))
    assert P.match_score(s) == PerSide(720, 720)
    assert s.phase == "shooting" and s.round == 4
    s = play_round(s, A=(0, 0, 0, 1))
    assert s.phase == "finished"
    assert P.match_score(s) == PerSide(725, 720)
    assert P.outcome(s).winner == "A"


def test_PI22_option_race_scoring_cancellation():
    s = start("A", format="race500", race_scoring="cancellation")
    s = play_round(s, A=(12, 0, 0, 0), B=(2, 0, 0, 0))  # 240 - 40: A +200
    assert P.match_score(s) == PerSide(200, 0)
    s = play_round(s, A=(0, 0, 0, 2), B=(5, 0, 0, 0))  # 10 - 100: B +90
    assert P.match_score(s) == PerSide(200, 90)
    s = play_round(s, A=(1, 0, 0, 0), B=(1, 0, 0, 0))  # tie: nobody scores
    assert P.match_score(s) == PerSide(200, 90)
    s = play_round(s, A=(12, 0, 0, 0))  # +240 -> 440
    s = play_round(s, A=(3, 0, 0, 0))  # +60 -> 500
    assert s.phase == "finished"
    assert P.match_score(s) == PerSide(500, 90)
    assert P.outcome(s).winner == "A"


def test_PI22_race500_round_points_not_round_wins():
    # the rounds format would give 1-0; race500 keeps raw points
    s = start("A", format="race500")
    s = play_round(s, A=(0, 0, 0, 1))
    assert P.match_score(s) == PerSide(5, 0)


# --- PI-23: the options ----------------------------------------------------------------------------------


def test_PI23_defaults_are_the_rulings():
    o = P.Options()
    assert (o.players, o.format, o.pucks) == ("singles", "rounds", 12)
    assert o.call_binds is True  # PI-17
    assert o.outer_line_on_free_shot is True  # PI-19
    assert o.first_shooter == "alternate"  # PI-20
    assert o.rounds_to_win == 4 and o.max_rounds is None  # PI-21
    assert o.race_target == 500 and o.race_scoring == "raw"  # PI-22


@pytest.mark.parametrize(
    "bad",
    [
        {"players": "triples"},
        {"format": "sprint"},
        {"first_shooter": "loser"},
        {"race_scoring": "diff"},
        {"rounds_to_win": 0},
        {"max_rounds": 0},
        {"race_target": 0},
    ],
)
def test_PI23_bad_options_raise_value_error(bad):
    with pytest.raises(ValueError):
        P.new_match(P.Options(**bad))


# --- purity: refusals change nothing ---------------------------------------------------------------------


def test_refusals_leave_the_state_unchanged():
    s = start("A", pucks=2)
    s = P.apply(s, shot()).state
    snapshot = replace(s)
    for inp, rule in (
        (P.CoinToss("A"), "PI-20"),
        (P.Tally((1, 0, 0), (0, 0, 0)), "PI-03"),
        (shot(knocked_off={"A": 2}), "PI-13"),
        (shot(twenty=True, ditched=True), "PI-11"),
    ):
        refused(s, inp, rule)
        assert s == snapshot


def test_notices_cite_rules():
    def rules_of(state, inp):
        return [n.rule for n in P.apply(state, inp).effects]

    free = start("A", pucks=2)
    faced = P.apply(free, shot()).state  # B faces A's puck
    assert rules_of(free, shot(twenty=True)) == ["PI-08"]
    assert rules_of(free, shot(ditched=True)) == ["PI-19"]
    assert rules_of(faced, shot(called=True)) == ["PI-17"]
    assert rules_of(faced, shot(contact=False)) == ["PI-06"]
    assert rules_of(faced, shot(ditched=True)) == ["PI-13"]
    assert rules_of(faced, shot(knocked_in={"A": 1})) == ["PI-11"]
    assert rules_of(faced, shot(knocked_off={"A": 1})) == ["PI-13"]
