"""Boulomania rules engine against the rulebook (shared/rules/001_e017ef639f8c18a2.txt)
and rulings BM-01..BM-28 (shared/rules/rulings.md section 2), on BM-BOARD.

Each test cites the sentence or rule it checks; every expected board and score is worked
out by hand from the text and the board tables (rulings 2.2), not read off the engine.
Nearness used below (nearest first, bowl spaces only):
  jack 1: 12 11 13 16 8 9 17 15 10 14 7 18      jack 3: 11 12 16 17 13 15 14 9 8 10 18 7
  jack 2: 12 13 11 14 8 15 17 10 16 9 7 18      jack 5: 11 17 16 15 12 13 18 14 9 8 10 7
Pushes: 7>8 8>12 (diag 13) 9>11 10>13 11>16 12>17 13>15 (diag 14) 14>OUT 15>OUT
16>OUT (diag 18) 17>18 18>OUT; jack behind: 1>3 2>4 3>5 4>6.

(Over 600 lines: the rulebook's cases in its order, so a ruling's tests sit together.)
"""

from __future__ import annotations

import copy
import json

import pytest

from pitchside.core.boards.boulomania import BOARD, board_from_json
from pitchside.core.errors import IllegalInput
from pitchside.core.game import Outcome
from pitchside.core.notice import Notice
from pitchside.core.rules import boulomania as B
from pitchside.core.sides import PerSide

# --- helpers -------------------------------------------------------------------------------


def position(
    board=None, jack=1, hand=(8, 8), to_play="A", starter="A", score=(0, 0), rnd=1, geometry=None, **opts
) -> B.State:
    """A state in the throw phase with ``board`` ({space: side}); the pocket holds the
    rest of each team's bowls, so bowls are conserved."""
    board = board or {}
    o = B.Options(**opts) if geometry is None else B.Options(board=geometry, **opts)
    on = {s: sum(1 for v in board.values() if v == s) for s in "AB"}
    return B.State(
        options=o,
        phase="throw",
        round=rnd,
        starter=starter,
        jack=jack,
        spaces=tuple(board.get(i) for i in range(1, 19)),
        hand=PerSide(*hand),
        pocket=PerSide(o.bowls - hand[0] - on["A"], o.bowls - hand[1] - on["B"]),
        to_play=to_play,
        score=PerSide(*score),
    )


def board_of(state: B.State) -> dict[int, str]:
    return {s: state.at(s) for s in B.bowls_on_board(state)}


def go(state: B.State, *inputs) -> B.State:
    for inp in inputs:
        state = B.apply(state, inp).state
    return state


def pt(*dice, jack_space=False, forks=(), team=None, push=True) -> B.Point:
    return B.Point(tuple(dice), jack_space, tuple(forks), team, push)


def sh(target, die, forks=(), team=None) -> B.Shoot:
    return B.Shoot(target, die, tuple(forks), team)


def refused(state: B.State, inp, rule: str) -> IllegalInput:
    before = copy.deepcopy(state)
    with pytest.raises(IllegalInput) as info:
        B.apply(state, inp)
    assert info.value.rule == rule
    assert info.value.notice is not None and info.value.notice.rule == rule  # a typed refusal
    assert state == before  # refusals leave the state unchanged
    return info.value


def rules_of(step) -> list[str]:
    return [n.rule for n in step.effects]


def summary(state: B.State) -> dict:
    return {
        "board": board_of(state),
        "jack": state.jack,
        "hand": state.hand.as_dict(),
        "pocket": state.pocket.as_dict(),
        "to_play": state.to_play,
    }


# --- BM-01: the equipment -------------------------------------------------------------------


def test_bm01_new_game_two_teams_of_8_bowls_waiting_for_the_start_roll():
    s = B.new_game()
    assert s.phase == "start_roll" and s.hand == PerSide(8, 8) and s.pocket == PerSide(0, 0)
    assert s.score == PerSide(0, 0) and s.jack is None and board_of(s) == {} and s.to_play is None
    assert B.legal_inputs(s) == ("start_roll",)
    assert B.RULES_VERSION == 1


@pytest.mark.parametrize(
    "opts", [{"target": 0}, {"bowls": 9}, {"bowls": 0}, {"double_jack_space": "never"}, {"jack_out_both": "x"}]
)
def test_bm01_options_out_of_range_are_refused(opts):
    with pytest.raises(ValueError):
        B.new_game(B.Options(**opts))


@pytest.mark.parametrize(
    "make",
    [
        lambda: B.StartRoll(7, 1),
        lambda: B.JackRoll(0),
        lambda: B.Point((1,)),
        lambda: B.Point((1, 2, 3, 4)),
        lambda: B.Point((7, 1)),
        lambda: B.Point((3, 4), forks=("left",)),
        lambda: B.Shoot(19, 4),
        lambda: B.Shoot("jack", 7),
    ],
)
def test_bm01_a_die_is_1_to_6_malformed_inputs_cannot_be_built(make):
    with pytest.raises(ValueError):
        make()


# --- "each team throws one dice to see which team starts. The one with the higher number
#      goes first (Team A)" (BM-02) ---------------------------------------------------------


def test_bm02_higher_start_roll_starts():
    s = go(B.new_game(), B.StartRoll(2, 5))
    assert (s.phase, s.starter, s.to_play) == ("jack_roll", "B", None)
    s = go(B.new_game(), B.StartRoll(6, 1))
    assert (s.phase, s.starter) == ("jack_roll", "A")


def test_bm02_equal_start_rolls_decide_nothing():
    s0 = B.new_game()
    step = B.apply(s0, B.StartRoll(4, 4))
    assert step.state == s0 and rules_of(step) == ["BM-02"]


def test_bm02_bm03_phase_refusals():
    s0 = B.new_game()
    refused(s0, B.JackRoll(3), "BM-02")
    refused(s0, pt(3, 4), "BM-02")
    refused(s0, sh("jack", 6), "BM-02")
    s1 = go(s0, B.StartRoll(5, 3))
    refused(s1, B.StartRoll(5, 3), "BM-02")
    refused(s1, pt(3, 4), "BM-03")
    refused(s1, sh("jack", 6), "BM-03")
    s2 = go(s1, B.JackRoll(2))
    refused(s2, B.JackRoll(2), "BM-03")
    assert B.legal_inputs(s1) == ("jack_roll",) and B.legal_inputs(s2) == ("point", "shoot")


# --- "Team A throws one dice to determinate the position of the jack (one of the spaces
#      1-6) and so places the jack" (BM-03, BM-04) ------------------------------------------


@pytest.mark.parametrize("die", range(1, 7))
def test_bm03_bm04_jack_on_the_rolled_space_starter_throws_first(die):
    s = go(B.new_game(), B.StartRoll(1, 3), B.JackRoll(die))
    assert (s.phase, s.jack, s.to_play, s.starter) == ("throw", die, "B", "B")


# --- "throwing a choice of two or three dice, Team A determines the position of its first
#      bowl - the total number of points indicating which space" (BM-05) --------------------


@pytest.mark.parametrize("dice, space", [((3, 4), 7), ((6, 6), 12), ((1, 2, 4), 7), ((6, 6, 6), 18), ((2, 5, 6), 13)])
def test_bm05_bowl_goes_on_the_sum(dice, space):
    s = go(position(jack=1), pt(*dice))
    assert board_of(s) == {space: "A"} and s.hand == PerSide(7, 8) and s.to_play == "B"


# --- "If the total number of points thrown is less than seven, the bowl counts as dead and
#      is removed from the game" (BM-06) ----------------------------------------------------


@pytest.mark.parametrize("dice", [(1, 2), (2, 4), (1, 5), (1, 1, 1), (2, 2, 2), (1, 2, 3)])
def test_bm06_under_seven_is_a_dead_bowl(dice):
    s = go(position(jack=2, board={12: "B"}, hand=(5, 5)), pt(*dice))
    assert board_of(s) == {12: "B"} and s.hand == PerSide(4, 5) and s.pocket == PerSide(4, 2)
    assert s.to_play == "A"  # B holds the point: A throws again (BM-12)


# --- "Now it is Team B's turn ... If Team B is better ... nearer to the jack - then it is
#      Team A's turn to go again" (BM-12) -------------------------------------------------------


def test_bm12_b_gets_nearer_so_a_throws_again():
    # jack 3: 11 is nearer than 16. A on 16; B points 5+6 = 11.
    s = go(position(jack=3, board={16: "A"}, hand=(7, 8), to_play="B"), pt(5, 6))
    assert board_of(s) == {11: "B", 16: "A"} and B.holder(s) == "B" and s.to_play == "A"


def test_bm12_b_not_nearer_throws_again_until_nearer():
    # "If Team B doesn't succeed on the first go, then it throws again until one of its
    # bowls is nearer": jack 3, A on 11 (nearest); B 3+4 = 7, then 4+4 = 8, then 6+6 = 12:
    # still farther than 11 each time, so B keeps throwing.
    s = position(jack=3, board={11: "A"}, hand=(7, 8), to_play="B")
    s = go(s, pt(3, 4))
    assert s.to_play == "B" and board_of(s) == {7: "B", 11: "A"}
    s = go(s, pt(4, 4))
    assert s.to_play == "B" and board_of(s) == {7: "B", 8: "B", 11: "A"}
    s = go(s, pt(6, 6))
    assert s.to_play == "B" and board_of(s) == {7: "B", 8: "B", 11: "A", 12: "B"} and s.hand == PerSide(7, 5)


def test_bm12_until_b_has_no_more_bowls_then_a_throws_all_its_bowls():
    # "... or until Team B has no more bowls left. Then it's Team A's turn again"
    s = position(jack=3, board={11: "A"}, hand=(3, 1), to_play="B")
    s = go(s, pt(3, 4))  # B's last bowl on 7, farther: A's turn, and A throws the rest
    assert s.to_play == "A" and s.hand == PerSide(3, 0)
    s = go(s, pt(4, 4))  # A on 8, A holds: B has none left, so A again (BM-12 [I])
    assert s.to_play == "A" and board_of(s) == {7: "B", 8: "A", 11: "A"}


def test_bm12_a_throw_out_of_turn_is_refused():
    s = position(jack=3, board={11: "A"}, hand=(7, 8), to_play="B")
    refused(s, pt(3, 4, team="A"), "BM-12")
    refused(s, sh("jack", 6, team="A"), "BM-12")
    assert board_of(go(s, pt(3, 4, team="B"))) == {7: "B", 11: "A"}


# --- First special rule (BM-13) ----------------------------------------------------------------


def test_bm13_dead_first_bowls_alternate_until_a_bowl_is_placed():
    # "If Team A does not succeed ... then it is Team B's turn. And if Team B does not
    # succeed either, then Team A may go again ... until a bowl has finally been placed.
    # Whereupon the normal sequence of turns applies."
    s = go(B.new_game(), B.StartRoll(6, 2), B.JackRoll(1))
    s = go(s, pt(1, 2))
    assert s.to_play == "B" and s.pocket == PerSide(1, 0)
    s = go(s, pt(2, 3))
    assert s.to_play == "A" and s.pocket == PerSide(1, 1)
    s = go(s, pt(1, 1, 1))
    assert s.to_play == "B" and s.pocket == PerSide(2, 1)
    s = go(s, pt(3, 4))  # B places on 7: normal sequence, A does not hold, A throws
    assert board_of(s) == {7: "B"} and s.to_play == "A" and s.hand == PerSide(6, 6)


def test_bm13_a_missed_jack_shot_on_an_empty_board_passes_the_turn():
    s = go(position(jack=1, hand=(8, 8)), sh("jack", 3))
    assert board_of(s) == {} and s.pocket == PerSide(1, 0) and s.to_play == "B"


# --- Second special rule (BM-14) ---------------------------------------------------------------


def test_bm14_knock_out_leaving_no_bowl_the_thrower_shoots_again_then_dead_goes_to_rule_1():
    # "If a bowl already placed is knocked out and if there are no other bowls left on the
    # board, then the team which has just had a go may shoot again. If the following bowl
    # cannot then be placed on the board, then it is back to the first special rule."
    s = position(jack=3, board={11: "A"}, hand=(7, 8), to_play="B")
    s = go(s, sh(11, 5))
    assert summary(s) == {"board": {}, "jack": 3, "hand": {"A": 7, "B": 7}, "pocket": {"A": 1, "B": 1}, "to_play": "B"}
    dead = go(s, pt(2, 3))
    assert dead.to_play == "A" and dead.pocket == PerSide(1, 2)
    # "If the next bowl can be placed, then the play continues as normal."
    placed = go(s, pt(3, 4))
    assert board_of(placed) == {7: "B"} and placed.to_play == "A"


def test_bm14_a_kiss_that_pushes_the_last_bowl_into_touch_is_a_knock_out():
    # BM-A13: A alone on 14 (pushes OUT); B kisses it with a 4.
    s = go(position(jack=2, board={14: "A"}, hand=(7, 8), to_play="B"), sh(14, 4))
    assert summary(s) == {"board": {}, "jack": 2, "hand": {"A": 7, "B": 7}, "pocket": {"A": 1, "B": 1}, "to_play": "B"}


def test_bm14_option_rethrow_after_clear_off_passes_to_the_other_team():
    s = go(position(jack=3, board={11: "A"}, hand=(7, 8), to_play="B", rethrow_after_clear=False), sh(11, 5))
    assert board_of(s) == {} and s.to_play == "A"


def test_bm14_the_thrower_without_bowls_left_cannot_throw_again():
    s = go(position(jack=3, board={11: "A"}, hand=(3, 1), to_play="B"), sh(11, 5))
    assert board_of(s) == {} and s.hand == PerSide(3, 0) and s.to_play == "A"


# --- Round scoring (BM-15, BM-16, BM-17) -------------------------------------------------------


def test_bm15_bm16_one_point_per_bowl_nearer_than_the_opponents_nearest():
    # jack 3: 11 12 16 17 13 15 14 9 8 10 18 7. A: 11, 12, 9; B: 16, 10; B's last bowl
    # 1+2+4 = 7. B's nearest is 16; A's 11 and 12 are nearer, 9 is not: A scores 2.
    s = position(jack=3, board={11: "A", 12: "A", 9: "A", 16: "B", 10: "B"}, hand=(0, 1), to_play="B")
    step = B.apply(s, pt(1, 2, 4))
    n = step.state
    assert n.score == PerSide(2, 0) and n.round_scores == (PerSide(2, 0),)
    assert "BM-16" in rules_of(step) and "BM-17" in rules_of(step)
    # "'Winners go first' i.e. the team that wins a round goes first the next by throwing
    # the dice to set the position of the jack" (BM-17); the board is cleared.
    assert (n.phase, n.round, n.starter, n.jack, n.to_play) == ("jack_roll", 2, "A", None, None)
    assert board_of(n) == {} and n.hand == PerSide(8, 8) and n.pocket == PerSide(0, 0)


def test_bm15_the_round_does_not_end_while_a_team_still_has_bowls():
    s = go(position(jack=3, board={11: "A"}, hand=(1, 1), to_play="B"), pt(3, 4))
    assert s.phase == "throw" and s.to_play == "A" and s.score == PerSide(0, 0)


def test_bm16_maximum_eight_points_per_round():
    # "a maximum of eight points per round is possible": all 8 of A on the board, B none.
    board = {s: "A" for s in range(7, 14)}
    s = go(position(jack=1, board=board, hand=(1, 0), to_play="A"), pt(6, 6, 2))
    assert s.score == PerSide(8, 0) and s.starter == "A"


def test_bm16_bm17_b_wins_and_throws_the_jack():
    # jack 2: 12 13 11 14 8 ...; B on 12, A on 13 and 11; A's last bowl dead. B's 12 beats
    # A's best (13): B scores 1 and starts round 2.
    s = position(jack=2, board={12: "B", 13: "A", 11: "A"}, hand=(1, 0), to_play="A", starter="A")
    s = go(s, pt(1, 1))
    assert s.score == PerSide(0, 1) and s.starter == "B" and s.round == 2


def test_bm16_no_bowl_on_the_board_is_a_null_round_and_bm17_same_starter():
    s = go(position(jack=2, hand=(1, 0), to_play="A", starter="B"), pt(1, 2))
    assert s.score == PerSide(0, 0) and s.round_scores == (PerSide(0, 0),) and s.starter == "B"


def test_bm17_option_null_round_starter_other():
    s = go(position(jack=2, hand=(1, 0), to_play="A", starter="B", null_round_starter="other"), pt(1, 2))
    assert s.starter == "A"


def test_bm16_a_bowl_on_a_jack_space_counts_by_that_spaces_distance():
    # jack 1: space 2 (a jack space) is nearer than any bowl space; B on 2 beats A's 12.
    s = go(position(jack=1, board={2: "B", 12: "A", 17: "B"}, hand=(1, 0), to_play="A"), pt(1, 2))
    assert s.score == PerSide(0, 1)  # B's 17 is farther than 12, so only the bowl on 2


# --- "The game ends when one team has gained a total of 13 points" (BM-18) ----------------------


def test_bm18_game_ends_at_13_or_more_and_keeps_the_board():
    board = {11: "A", 12: "A", 9: "A", 16: "B", 10: "B"}
    s = position(jack=3, board=board, hand=(0, 1), to_play="B", score=(12, 5), rnd=7)
    step = B.apply(s, pt(1, 2, 4))
    n = step.state
    assert n.phase == "finished" and n.score == PerSide(14, 5) and n.round == 7 and n.to_play is None
    assert board_of(n) == {**board, 7: "B"} and n.jack == 3
    assert B.outcome(n) == Outcome("A", Notice.of("BM-18", "reached", side="A", points=14, target=13))
    assert B.legal_inputs(n) == ()
    refused(n, pt(3, 4), "BM-18")
    refused(n, B.JackRoll(3), "BM-18")


def test_bm18_target_option():
    s = go(position(jack=3, board={11: "A"}, hand=(0, 1), to_play="B", score=(4, 0), target=5), pt(3, 4))
    assert s.phase == "finished" and B.outcome(s).winner == "A"


# --- Knocking out (BM-19 .. BM-23) ----------------------------------------------------------------


def test_bm19_must_name_an_opponent_bowl_or_the_jack():
    s = position(jack=1, board={12: "A", 9: "B"}, hand=(7, 7), to_play="B")
    refused(s, sh(9, 5), "BM-19")  # its own bowl
    refused(s, sh(13, 5), "BM-19")  # no bowl there
    refused(s, sh(1, 6), "BM-19")  # the jack's space is not a bowl
    assert B.shoot_targets(s) == (12, "jack")


def test_bm19_option_shoot_own():
    s = position(jack=1, board={12: "A", 9: "B"}, hand=(7, 7), to_play="B", shoot_own=True)
    assert B.shoot_targets(s) == (9, 12, "jack")
    n = go(s, sh(9, 5))
    assert board_of(n) == {12: "A"} and n.pocket == PerSide(0, 2)


@pytest.mark.parametrize("die", [1, 2, 3])
def test_bm20_1_2_3_miss_shooter_out_target_stays(die):
    step = B.apply(position(jack=1, board={12: "A", 9: "B"}, hand=(7, 7), to_play="B"), sh(12, die))
    assert summary(step.state) == {
        "board": {12: "A", 9: "B"}, "jack": 1, "hand": {"A": 7, "B": 6}, "pocket": {"A": 0, "B": 1}, "to_play": "B",
    }
    assert "BM-20" in rules_of(step)


def test_bm21_4_kiss_moves_the_target_up_one_space_shooter_out():
    # jack 1, A on 9 (pushes to 11), B shoots 9 with a 4: A's bowl to 11, B's shooter out.
    # A's 11 is now nearer than B's 17 (jack 1: ... 11 ... 17), so B throws again.
    s = go(position(jack=1, board={9: "A", 17: "B"}, hand=(7, 7), to_play="B"), sh(9, 4))
    assert summary(s) == {
        "board": {11: "A", 17: "B"}, "jack": 1, "hand": {"A": 7, "B": 6}, "pocket": {"A": 0, "B": 1}, "to_play": "B",
    }


def test_bm21_kiss_pushes_a_chain_and_takes_fork_choices():
    # A on 7, B on 8 and 13. A... no: B shoots A's 7 with a 4: 7 -> 8 pushes B's 8, at the
    # fork 8 diagonally -> 13, pushing B's 13 at the fork 13 diagonally -> 14.
    s = position(jack=2, board={7: "A", 8: "B", 13: "B"}, hand=(7, 6), to_play="B")
    n = go(s, sh(7, 4, forks=["diagonal", "diagonal"]))
    assert board_of(n) == {8: "A", 13: "B", 14: "B"} and n.pocket == PerSide(0, 1)
    straight = go(s, sh(7, 4))  # default straight: 8 -> 12; 13 is untouched
    assert board_of(straight) == {8: "A", 12: "B", 13: "B"}


def test_bm22_5_hit_both_out():
    s = go(position(jack=1, board={12: "A", 9: "B"}, hand=(7, 7), to_play="B"), sh(12, 5))
    assert summary(s) == {
        "board": {9: "B"}, "jack": 1, "hand": {"A": 7, "B": 6}, "pocket": {"A": 1, "B": 1}, "to_play": "A",
    }


def test_bm23_6_carreau_shooter_takes_the_targets_place():
    s = go(position(jack=1, board={12: "A", 9: "B"}, hand=(7, 7), to_play="B"), sh(12, 6))
    assert summary(s) == {
        "board": {12: "B", 9: "B"}, "jack": 1, "hand": {"A": 7, "B": 6}, "pocket": {"A": 1, "B": 0}, "to_play": "A",
    }


def test_bm19_to_bm23_forks_only_with_a_push():
    s = position(jack=1, board={8: "A"}, hand=(7, 8), to_play="B")
    refused(s, sh(8, 5, forks=["diagonal"]), "BM-11")
    refused(s, sh("jack", 6, forks=["straight"]), "BM-11")
    refused(s, sh(8, 4, forks=["diagonal", "diagonal"]), "BM-11")  # 8 -> 13 meets one fork
    assert board_of(go(s, sh(8, 4, forks=["diagonal"]))) == {13: "A"}


# --- Exception at 12 and 13 "directly to the jack" (BM-24) ---------------------------------------


def test_bm24_4_at_12_moves_the_bowl_and_the_jack_up():
    # jack 1 (behind it: 3); B on 12 pushed to 17, the jack 1 -> 3.
    step = B.apply(position(jack=1, board={12: "B", 9: "A"}, hand=(7, 7), to_play="A"), sh(12, 4))
    assert summary(step.state) == {
        "board": {17: "B", 9: "A"}, "jack": 3, "hand": {"A": 6, "B": 7}, "pocket": {"A": 1, "B": 0}, "to_play": "A",
    }  # jack 3: 17 is nearer than 9, B still holds, A throws again
    assert "BM-24" in rules_of(step)


def test_bm24_4_at_13_with_fork_choice_and_the_jack_up():
    # jack 2 (behind: 4); B on 13 kissed diagonally -> 14; the jack 2 -> 4.
    s = go(position(jack=2, board={13: "B"}, hand=(7, 7), to_play="A"), sh(13, 4, forks=["diagonal"]))
    assert board_of(s) == {14: "B"} and s.jack == 4


def test_bm24_jack_space_behind_occupied_only_the_bowl_moves():
    # "If the jack space behind is occupied by a bowl ... only the bowl struck may be moved
    # up one space. The jack stays where it is." A's bowl on jack space 3, jack on 1.
    s = go(position(jack=1, board={3: "A", 13: "B"}, hand=(6, 7), to_play="A"), sh(13, 4))
    assert board_of(s) == {3: "A", 15: "B"} and s.jack == 1


@pytest.mark.parametrize("jack", [5, 6])
def test_bm24_no_jack_space_behind_the_jack_stays(jack):
    s = go(position(jack=jack, board={12: "B"}, hand=(7, 7), to_play="A"), sh(12, 4))
    assert board_of(s) == {17: "B"} and s.jack == jack and s.phase == "throw"


def test_bm24_option_kiss_jack_last_row_out_ends_the_round_as_bm26():
    # jack 5 pushed out; both teams still hold bowls: a null round (BM-26 [I]).
    s = go(position(jack=5, board={12: "B"}, hand=(7, 7), to_play="A", kiss_jack_last_row="out"), sh(12, 4))
    assert s.phase == "jack_roll" and s.round_scores == (PerSide(0, 0),) and s.round == 2


def test_bm24_kiss_at_12_pushing_a_chain():
    # B on 12, A on 17: 12 -> 17 pushes A's 17 -> 18; jack 2 -> 4.
    s = go(position(jack=2, board={12: "B", 17: "A"}, hand=(6, 7), to_play="A"), sh(12, 4))
    assert board_of(s) == {17: "B", 18: "A"} and s.jack == 4


# --- Exception at 11 "directly next to the jack" (BM-25) -----------------------------------------


def test_bm25_4_at_11_takes_the_shooter_and_the_jack_out_and_ends_the_round():
    # B on 11, A shoots it with a 4: shooter and jack out, the round ends (BM-26): A has 5
    # unplayed after the shot, B has 3: both have bowls, a null round.
    step = B.apply(position(jack=3, board={11: "B", 12: "A"}, hand=(6, 3), to_play="A", starter="B"), sh(11, 4))
    n = step.state
    assert "BM-25" in rules_of(step) and "BM-26" in rules_of(step)
    assert n.round_scores == (PerSide(0, 0),) and n.phase == "jack_roll" and n.starter == "B"


def test_bm25_then_bm26_only_the_shooters_team_has_bowls_left():
    # B has none left: A's 4 at 11 knocks the jack out; A's 2 remaining bowls score.
    n = go(position(jack=3, board={11: "B", 12: "A"}, hand=(3, 0), to_play="A", starter="B"), sh(11, 4))
    assert n.score == PerSide(2, 0) and n.starter == "A"


# --- "Knocking the jack out of play ... only possible if you throw a 6. The shooter bowl is
#      also removed." (BM-26) ------------------------------------------------------------------


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5])
def test_bm26_1_to_5_at_the_jack_is_a_miss(die):
    s = go(position(jack=3, board={11: "B"}, hand=(5, 5), to_play="A"), sh("jack", die))
    assert summary(s) == {
        "board": {11: "B"}, "jack": 3, "hand": {"A": 4, "B": 5}, "pocket": {"A": 4, "B": 2}, "to_play": "A",
    }


def test_bm26_example_a_opponent_has_no_bowls_left_your_remaining_bowls_score():
    # "The opposing team has no bowls left but your team has still got several. If the
    # jack were to be knocked out ... all your remaining bowls - those not yet played - would
    # each score a point (excluding the shooter bowl)." A holds 4; one is the shooter.
    s = position(jack=3, board={11: "B", 12: "B", 9: "A"}, hand=(4, 0), to_play="A", starter="B")
    step = B.apply(s, sh("jack", 6))
    n = step.state
    assert n.score == PerSide(3, 0) and n.round_scores == (PerSide(3, 0),)
    assert n.starter == "A" and n.phase == "jack_roll" and board_of(n) == {}  # bowls on the board do not count


def test_bm26_example_b_last_bowl_at_the_jack_gives_the_opponent_its_unplayed_bowls():
    # "it is not recommended that you use your last bowl to knock the jack out of play if
    # the opponent has still got bowls available. Because then the bowls that the opponent
    # has not yet thrown count as points (as Example A!)." A's last bowl; B holds 3.
    s = position(jack=3, board={11: "B", 9: "A"}, hand=(1, 3), to_play="A", starter="A")
    n = go(s, sh("jack", 6))
    assert n.score == PerSide(0, 3) and n.starter == "B"


def test_bm26_example_b_halting_a_round_both_teams_with_bowls_is_a_null_round():
    # "they can decide to knock the jack out of the play, bring that round to a halt and
    # thus force the start of the next round" (BM-A8: null; the starter starts again).
    s = position(jack=3, board={11: "B", 12: "B"}, hand=(5, 4), to_play="A", starter="A", rnd=3, score=(4, 6))
    n = go(s, sh("jack", 6))
    assert n.score == PerSide(4, 6) and n.round_scores == (PerSide(0, 0),)
    assert (n.phase, n.round, n.starter, n.hand, n.pocket) == ("jack_roll", 4, "A", PerSide(8, 8), PerSide(0, 0))


def test_bm26_option_jack_out_both_own_bowls():
    s = position(jack=3, board={11: "B"}, hand=(5, 4), to_play="A", starter="A", jack_out_both="own_bowls")
    n = go(s, sh("jack", 6))
    assert n.score == PerSide(4, 4) and n.starter == "A"  # level: null-round starter


def test_bm26_neither_team_has_bowls_left_is_null():
    n = go(position(jack=3, board={11: "B"}, hand=(1, 0), to_play="A", starter="B"), sh("jack", 6))
    assert n.score == PerSide(0, 0) and n.starter == "B"


def test_bm18_level_at_the_target_plays_on():
    s = position(jack=3, board={11: "B"}, hand=(3, 3), to_play="A", score=(11, 11), jack_out_both="own_bowls")
    n = go(s, sh("jack", 6))
    assert n.score == PerSide(13, 14) and n.phase == "finished" and B.outcome(n).winner == "B"
    s = position(jack=3, board={11: "B"}, hand=(3, 2), to_play="A", score=(11, 11), jack_out_both="own_bowls")
    n = go(s, sh("jack", 6))
    assert n.score == PerSide(13, 13) and n.phase == "jack_roll" and B.outcome(n) is None


# --- BM-27: bowls on jack spaces: only a 5 or a 6 ------------------------------------------------


@pytest.mark.parametrize("die", [1, 2, 3, 4])
def test_bm27_1_to_4_at_a_jack_space_bowl_is_a_miss_not_a_refusal(die):
    step = B.apply(position(jack=1, board={4: "A"}, hand=(7, 8), to_play="B"), sh(4, die))
    assert board_of(step.state) == {4: "A"} and step.state.pocket == PerSide(0, 1)
    assert "BM-27" in rules_of(step)


def test_bm27_5_and_6_at_a_jack_space_bowl():
    s = position(jack=1, board={4: "A", 9: "B"}, hand=(6, 7), to_play="B")
    assert board_of(go(s, sh(4, 5))) == {9: "B"}
    assert board_of(go(s, sh(4, 6))) == {4: "B", 9: "B"}


def test_bm27_a_4_at_a_jack_space_bowl_refuses_fork_choices():
    refused(position(jack=1, board={4: "A"}, hand=(7, 8), to_play="B"), sh(4, 4, forks=["diagonal"]), "BM-11")


# --- Pushing on (BM-09, BM-10, BM-11) ----------------------------------------------------------


def test_bm10_the_occupant_is_pushed_one_space_in_the_direction_of_play():
    # "If ... you want to move a bowl to space that is already occupied by either one of your
    # own bowls or by one of your opponent's, you may push that bowl on a space": B on 9.
    s = go(position(jack=1, board={9: "B"}, hand=(8, 7)), pt(4, 5))
    assert board_of(s) == {9: "A", 11: "B"} and s.to_play == "A"  # jack 1: B's 11 is nearer than 9


def test_bm10_a_chain_of_pushes():
    # "If the next space is occupied, then that bowl is pushed on a pace as well": 9 -> 11 -> 16.
    s = go(position(jack=1, board={9: "B", 11: "A"}, hand=(7, 7)), pt(4, 5))
    assert board_of(s) == {9: "A", 11: "B", 16: "A"}


def test_bm10_knocked_into_touch_by_pushing():
    # "In this way, it is possible to knock a bowl into touch and out of play": points 11
    # pushes B's 11 -> 16, A's own 16 -> OUT.
    s = go(position(jack=1, board={11: "B", 16: "A"}, hand=(7, 7)), pt(5, 6))
    assert board_of(s) == {11: "A", 16: "B"} and s.pocket == PerSide(1, 0) and s.hand == PerSide(6, 7)


def test_bm10_pushing_own_bowl():
    s = go(position(jack=1, board={12: "A"}, hand=(7, 8)), pt(6, 6))
    assert board_of(s) == {12: "A", 17: "A"}


def test_bm10_pushing_is_mandatory_by_default():
    refused(position(jack=1, board={9: "B"}, hand=(8, 7)), pt(4, 5, push=False), "BM-10")


def test_bm10_option_push_optional_declining_makes_a_dead_bowl():
    s = position(jack=1, board={9: "B"}, hand=(8, 7), push_optional=True)
    n = go(s, pt(4, 5, push=False))
    assert board_of(n) == {9: "B"} and n.pocket == PerSide(1, 0)
    refused(s, pt(6, 6, push=False), "BM-10")  # 12 is free: nothing to decline


@pytest.mark.parametrize(
    "board, dice, forks, after",
    [
        ({8: "B"}, (4, 4), [], {8: "A", 12: "B"}),
        ({8: "B"}, (4, 4), ["diagonal"], {8: "A", 13: "B"}),
        ({13: "B"}, (6, 6, 1), [], {13: "A", 15: "B"}),
        ({13: "B"}, (6, 6, 1), ["diagonal"], {13: "A", 14: "B"}),
        ({16: "B"}, (6, 6, 4), [], {16: "A"}),
        ({16: "B"}, (6, 6, 4), ["diagonal"], {16: "A", 18: "B"}),
        ({8: "B", 13: "B"}, (4, 4), ["diagonal", "diagonal"], {8: "A", 13: "B", 14: "B"}),
        ({8: "B", 13: "B"}, (4, 4), ["diagonal", "straight"], {8: "A", 13: "B", 15: "B"}),
        ({8: "B", 12: "B", 17: "A"}, (4, 4), [], {8: "A", 12: "B", 17: "B", 18: "A"}),
    ],
)
def test_bm11_8_13_16_pushed_straight_or_diagonally(board, dice, forks, after):
    # "Bowls lying on spaces 8, 13 or 16 can be pushed on either straight ahead or diagonally."
    s = go(position(jack=1, board=board, hand=(8, 8 - len([v for v in board.values() if v == "B"]))), pt(*dice, forks=forks))
    assert board_of(s) == after


def test_bm11_more_fork_choices_than_forks_met_are_refused():
    s = position(jack=1, board={8: "B"}, hand=(8, 7))
    refused(s, pt(4, 4, forks=["straight", "straight"]), "BM-11")
    refused(s, pt(3, 4, forks=["diagonal"]), "BM-11")  # 7 is free: no push
    refused(s, pt(1, 2, forks=["diagonal"]), "BM-11")  # dead bowl


def test_bm11_option_fork_chooser():
    s = position(jack=1, board={8: "B"}, hand=(8, 7))
    assert B.fork_chooser(s, "B") == "A"
    assert B.fork_chooser(position(jack=1, board={8: "B"}, hand=(8, 7), fork_chooser="owner"), "B") == "B"


def test_bm09_bowls_on_jack_spaces_are_never_pushed():
    # A's bowl on jack space 4 and a push chain 8 -> 12 -> 17 around it: 4 stays.
    s = go(position(jack=1, board={4: "A", 8: "B", 12: "A"}, hand=(6, 7), to_play="B"), pt(4, 4))
    assert board_of(s) == {4: "A", 8: "B", 12: "B", 17: "A"}


# --- Doubles and jack spaces (BM-07, BM-08) -------------------------------------------------------


def test_bm07_two_4s_give_space_4_or_8():
    # "For instance: throw two 4s and you can take either space 4 or 8."
    s = position(jack=1)
    assert board_of(go(s, pt(4, 4, jack_space=True))) == {4: "A"}
    assert board_of(go(s, pt(4, 4))) == {8: "A"}
    assert B.jack_space_allowed(s, (4, 4)) and not B.jack_space_allowed(s, (4, 5))


def test_bm07_jack_space_also_when_the_sum_space_is_occupied():
    # "If you intend to push on a bowl by throwing only two dice ... you may occupy a jack
    # space only if you throw a double": 8 holds B's bowl; 4-4 onto jack space 4, no push.
    s = go(position(jack=1, board={8: "B"}, hand=(8, 7)), pt(4, 4, jack_space=True))
    assert board_of(s) == {4: "A", 8: "B"}


def test_bm07_without_a_double_refused():
    refused(position(jack=1), pt(4, 5, jack_space=True), "BM-07")


def test_bm07_onto_the_jack_or_a_bowl_refused():
    refused(position(jack=4), pt(4, 4, jack_space=True), "BM-07")
    refused(position(jack=1, board={4: "B"}, hand=(8, 7)), pt(4, 4, jack_space=True), "BM-07")


def test_bm08_only_with_exactly_two_dice():
    e = refused(position(jack=1), pt(4, 4, 4, jack_space=True), "BM-07")
    assert e.notice == Notice.of("BM-07", "jack_space_three_dice")  # its words cite BM-08


def test_bm07_jack_space_if_free_takes_it_when_the_throw_allows_it():
    # declared before the roll (the table's panel): 4-4 with jack space 4 free takes it
    step = B.apply(position(jack=1), B.Point((4, 4), jack_space_if_free=True))
    assert board_of(step.state) == {4: "A"}
    assert Notice.of("BM-07", "on_jack_space", dice=(4, 4), side="A", space=4) in step.effects


def test_bm07_jack_space_if_free_not_free_counts_the_sum_and_says_so():
    # the jack on 4: 4-4 goes on 8, and the notice says the jack space was not free
    step = B.apply(position(jack=4), B.Point((4, 4), jack_space_if_free=True))
    assert board_of(step.state) == {8: "A"}
    assert step.effects[0] == Notice.of("BM-07", "jack_space_not_free", space=4, side="A")
    assert step.state == B.apply(position(jack=4), pt(4, 4)).state  # the same throw as without it
    # not a double: nothing to say, the sum
    step = B.apply(position(jack=4), B.Point((4, 5), jack_space_if_free=True))
    assert board_of(step.state) == {9: "A"} and all(n.code != "jack_space_not_free" for n in step.effects)


def test_bm07_jack_space_and_jack_space_if_free_together_are_malformed():
    with pytest.raises(ValueError):
        B.Point((4, 4), jack_space=True, jack_space_if_free=True)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_bm07_low_doubles_jack_space_n_or_dead(n):
    # BM-A7: 2-2 gives jack space 2 (not 4); without the choice the bowl is dead.
    s = position(jack=6)
    assert board_of(go(s, pt(n, n, jack_space=True))) == {n: "A"}
    dead = go(s, pt(n, n))
    assert board_of(dead) == {} and dead.pocket == PerSide(1, 0)


def test_bm07_option_double_jack_space_push_only():
    s = position(jack=1, double_jack_space="push_only")
    refused(s, pt(4, 4, jack_space=True), "BM-07")  # 8 is free: no push intended
    refused(s, pt(2, 2, jack_space=True), "BM-07")  # a sum of 4 pushes nothing
    s2 = position(jack=1, board={8: "B"}, hand=(8, 7), double_jack_space="push_only")
    assert board_of(go(s2, pt(4, 4, jack_space=True))) == {4: "A", 8: "B"}


# --- BM-28: equally near (another geometry) -------------------------------------------------------


def _tie_board():
    """BM-BOARD with 11 moved to (84, 80): the mirror of 12 about jack 1, equally near it."""
    data = json.loads(BOARD_JSON)
    data["bowlSpaces"]["11"] = [84, 80]
    return board_from_json(data, "tie.json")


BOARD_JSON = json.dumps(
    {
        "jackSpaces": {str(k): list(v) for k, v in BOARD.coords.items() if k <= 6},
        "bowlSpaces": {str(k): list(v) for k, v in BOARD.coords.items() if k >= 7},
        "straight": {str(k): (v if v is not None else "OUT") for k, v in BOARD.straight.items()},
        "diagonal": {str(k): (v if v is not None else "OUT") for k, v in BOARD.diagonal.items()},
        "jackBehind": {str(k): v for k, v in BOARD.jack_behind_table.items()},
        "frontOfJack": sorted(BOARD.front_of_jack),
        "besideJack": sorted(BOARD.beside_jack),
        "distance": "Euclidean",
    }
)


def test_bm28_equally_near_the_thrower_throws_again_and_a_tied_end_is_null():
    board = _tie_board()
    s = position(jack=1, board={12: "A"}, hand=(1, 2), to_play="B", geometry=board)
    n = go(s, pt(5, 6))  # B on 11, exactly as near as A's 12
    assert B.is_tie(n) and B.holder(n) is None and n.to_play == "B"
    n = go(n, pt(3, 4))  # B's last bowl on 7: B has none, A throws its last
    assert n.to_play == "A"
    n = go(n, pt(1, 2))  # dead; the round ends with the best bowls level: null
    assert n.round_scores == (PerSide(0, 0),) and n.starter == "A"


# --- notices ---------------------------------------------------------------------------------------


def test_every_notice_names_a_rule():
    s = go(B.new_game(), B.StartRoll(5, 2), B.JackRoll(3))
    for inp in (pt(5, 6), pt(6, 6), pt(4, 4, jack_space=True), sh(4, 4), sh(12, 6), pt(1, 1), sh(4, 5), sh("jack", 6)):
        step = B.apply(s, inp)
        assert step.effects and all(isinstance(n, Notice) and n.rule.startswith("BM-") and n.code
                                    for n in step.effects)
        s = step.state


def test_a_non_input_is_a_type_error():
    with pytest.raises(TypeError):
        B.apply(position(), "point")  # type: ignore[arg-type]
