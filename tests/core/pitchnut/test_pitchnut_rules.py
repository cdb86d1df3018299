"""Pitchnut rules engine against the rulebook (shared/rules/002_9ea862c19c083d00.txt) and
rulings PN-01..PN-31, PN-A1..PN-A13 (shared/rules/rulings.md, section 3). Every expected
value below is worked out from the rules by hand (in the comment above it), not read off
the engine.

PN-04 (technique) is not sensed: it enters only as a referee's ``foul`` (PN-A10), tested
as a scratch. PN-07 (caroms allowed, no "hit your own first") is the absence of a rule:
the engine has no field for what the pitch hit first; a test checks the poison wins with
every opponent piece still on the board.

(Over 600 lines: the rulebook's cases in its order, so a ruling's tests sit together.)
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pitchside.core.errors import IllegalInput
from pitchside.core.game import Outcome
from pitchside.core.notice import Notice
from pitchside.core.rules import pitchnut as P
from pitchside.core.sides import PerSide

N = Notice.of

# --- helpers ---------------------------------------------------------------------------


def fold(state: P.State, *inputs) -> P.State:
    for inp in inputs:
        state = P.apply(state, inp).state
    return state


def start(breaker="A", toss="A", **opts) -> P.State:
    """A match after the toss (won by ``toss``) and the choice of ``breaker``."""
    return fold(P.new_match(P.Options(**opts)), P.CoinToss(toss), P.Breaker(breaker))


def shot(**kw) -> P.Shot:
    return P.Shot(**kw)


MISS = P.Shot()


def look(s: P.State) -> dict:
    """The state the tests pin down exactly."""
    return {
        "phase": s.phase,
        "turn": s.turn,
        "colours": s.colours.as_dict(),
        "pocketed": s.pocketed.as_dict(),
        "owed": s.owed.as_dict(),
        "bonus": s.bonus,
        "score": s.score.as_dict(),
    }


def st(phase="shooting", turn="A", colours=(None, None), pocketed=(0, 0), owed=(0, 0), bonus=0, score=(0, 0)):
    """The expected :func:`look` dict, positionally: colours (A, B), pocketed (white,
    black), owed (A, B), score (A, B)."""
    return {
        "phase": phase,
        "turn": turn,
        "colours": {"A": colours[0], "B": colours[1]},
        "pocketed": {"white": pocketed[0], "black": pocketed[1]},
        "owed": {"A": owed[0], "B": owed[1]},
        "bonus": bonus,
        "score": {"A": score[0], "B": score[1]},
    }


def refused(state: P.State, inp, notice: Notice) -> IllegalInput:
    """``inp`` is refused with exactly ``notice`` (its rule ID, code and parameters)."""
    before = state
    with pytest.raises(IllegalInput) as info:
        P.apply(state, inp)
    assert info.value.notice == notice
    assert info.value.rule == notice.rule
    assert state == before  # frozen: nothing changed
    return info.value


def assigned(breaker="A", **opts) -> P.State:
    """A breaks and pockets one white: A is white, B black, A to shoot again (PN-10,
    PN-14). Then A misses: B to shoot. Pocketed white 1."""
    s = fold(start(breaker, **opts), shot(white=1), MISS)
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, 0))
    return s


def on_poison_A(**opts) -> P.State:
    """A white with all white pocketed and no debt, A to shoot; black 3 pocketed."""
    s = start(**opts)
    n = s.options.pieces
    return replace(
        s, is_break=False, colours=PerSide("white", "black"), pocketed=P.Pieces(n, 3), turn="A"
    )


# --- PN-01 / PN-A11: sides, singles and doubles -----------------------------------------


def test_PN01_two_sides_singles_shooter_is_the_side():
    s = start("B")
    assert s.turn == "B" and P.shooter(s) == "B"


def test_PN01_PN_A11_doubles_order_A1_B1_A2_B2_and_bonus_stays_with_shooter():
    s = start("A", players="doubles")
    order = [P.shooter(s)]
    for _ in range(4):
        s = P.apply(s, MISS).state
        order.append(P.shooter(s))
    # misses pass the turn: A1, B1, A2, B2, A1
    assert order == ["A1", "B1", "A2", "B2", "A1"]
    # A1 pockets 2 white (assigns white, double: 1 bonus), misses: spends the bonus,
    # A1 still shoots (the bonus stays with the current shooter)
    s = fold(s, shot(white=2), MISS)
    assert P.shooter(s) == "A1" and s.bonus == 0
    s = P.apply(s, MISS).state
    assert P.shooter(s) == "B1"


# --- PN-02 / PN-A1: set-up ------------------------------------------------------------


def test_PN02_set_up_ten_of_each_colour_open_board_nothing_pocketed():
    s = start()
    assert P.on_board(s).as_dict() == {"white": 10, "black": 10}
    assert look(s) == st()
    assert s.is_break


def test_PN02_PN_A1_pieces_option():
    s = start(pieces=3)
    assert P.on_board(s).as_dict() == {"white": 3, "black": 3}


@pytest.mark.parametrize("pieces", [0, 51])
def test_PN02_pieces_out_of_range(pieces):
    with pytest.raises(ValueError, match="pieces"):
        P.new_match(P.Options(pieces=pieces))


def test_PN02_cannot_pocket_more_than_on_the_board():
    s = start(pieces=2)
    refused(s, shot(white=3), N("PN-02", "more_than_on_board", colour="white", on_board=2, count=3))
    s = P.apply(s, shot(black=2)).state  # A black, 0 black left
    refused(s, shot(black=1), N("PN-02", "more_than_on_board", colour="black", on_board=0, count=1))
    refused(s, shot(white=1, white_off=2), N("PN-02", "more_than_on_board", colour="white", on_board=2, count=3))


# --- PN-03 / PN-14: the goal, running out from the break --------------------------------


def test_PN03_PN14_run_out_from_the_break_wins_the_game():
    s = start("A", pieces=3)
    # break: 1 white -> A white (PN-10), shoots again (PN-14)
    s = P.apply(s, shot(white=1)).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 0))
    # 2 white: a double, 1 bonus (PN-15); all 3 white down, no debt: on the poison
    s = P.apply(s, shot(white=2)).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(3, 0), bonus=1)
    assert P.is_on_poison(s, "A") and not P.is_on_poison(s, "B")
    # the poison alone: A wins (PN-31), the match (games 1)
    s = P.apply(s, shot(poison=True)).state
    assert look(s) == st(phase="finished", turn=None, colours=("white", "black"), pocketed=(3, 0), score=(1, 0))
    assert P.outcome(s) == Outcome("A", N("PN-31", "poison_alone_wins", side="A"))
    assert s.breaker_next == "B"


# --- PN-05: toss, breaker, loser breaks --------------------------------------------------


def test_PN05_toss_winner_chooses_the_breaker():
    s = P.new_match()
    assert P.legal_inputs(s) == ("coin_toss",)
    s = P.apply(s, P.CoinToss("B")).state
    assert s.phase == "choose_breaker" and s.toss_winner == "B" and s.turn is None
    assert P.legal_inputs(s) == ("breaker",)
    s = P.apply(s, P.Breaker("A")).state
    assert s.phase == "shooting" and s.turn == "A" and s.breaker == "A" and s.is_break
    assert P.legal_inputs(s) == ("shot",)


def test_PN05_refusals_out_of_order():
    s = P.new_match()
    refused(s, P.Breaker("A"), N("PN-05", "toss_first"))
    refused(s, MISS, N("PN-05", "toss_first"))
    s = P.apply(s, P.CoinToss("A")).state
    refused(s, P.CoinToss("B"), N("PN-05", "toss_once"))
    refused(s, MISS, N("PN-05", "choose_breaker_first", side="A"))
    s = P.apply(s, P.Breaker("B")).state
    refused(s, P.Breaker("A"), N("PN-05", "breaker_after_toss_only"))
    refused(s, P.CoinToss("A"), N("PN-05", "toss_once"))


def test_PN05_PN31_loser_breaks_the_next_game():
    # games 2: A breaks game 1 and sinks the poison on the break: A wins game 1 (PN-06)
    s = start("A", games=2)
    s = P.apply(s, shot(poison=True)).state
    # game 2: fresh board, B (the loser) breaks
    assert look(s) == st(turn="B", score=(1, 0))
    assert s.game_number == 2 and s.breaker == "B" and s.breaker_next == "B" and s.is_break
    # B breaks with the poison and a scratch: B loses game 2 too (PN-06): A wins 2-0
    s = P.apply(s, shot(poison=True, pitch="off")).state
    assert look(s) == st(phase="finished", turn=None, score=(2, 0))
    assert P.outcome(s).winner == "A"
    assert s.breaker_next == "B"
    # no breaker choice later on
    refused(s, P.Breaker("A"), N("PN-A9", "match_over"))


def test_PN05_no_breaker_choice_in_later_games():
    s = fold(start("A", games=2), shot(poison=True))
    refused(s, P.Breaker("A"), N("PN-05", "breaker_after_toss_only"))


# --- PN-06: poison on the break ------------------------------------------------------------


def test_PN06_poison_on_the_break_wins():
    s = P.apply(start("B"), shot(poison=True)).state
    assert look(s) == st(phase="finished", turn=None, score=(0, 1))
    assert P.outcome(s) == Outcome("B", N("PN-06", "poison_break_wins", side="B"))


@pytest.mark.parametrize("pitch", ["pocket", "off"])
def test_PN06_poison_on_the_break_with_a_scratch_loses(pitch):
    s = P.apply(start("B"), shot(poison=True, pitch=pitch)).state
    assert look(s) == st(phase="finished", turn=None, score=(1, 0))
    assert P.outcome(s) == Outcome("A", N("PN-06", "poison_break_scratch", side="B"))


def test_PN06_poison_on_the_break_with_object_pieces_still_wins():
    # [I] PN-06 wins over PN-19/PN-22/PN-25: object pieces on the break do not matter
    s = P.apply(start("A"), shot(poison=True, white=2, black=1)).state
    assert look(s) == st(phase="finished", turn=None, pocketed=(2, 1), score=(1, 0))


def test_PN06_option_break_poison_with_pieces_loss():
    s = P.apply(start("A", break_poison_with_pieces="loss"), shot(poison=True, white=1)).state
    assert look(s) == st(phase="finished", turn=None, pocketed=(1, 0), score=(0, 1))
    assert P.outcome(s) == Outcome("B", N("PN-25", "poison_break_with_pieces", side="A"))
    # alone it still wins
    s = P.apply(start("A", break_poison_with_pieces="loss"), shot(poison=True)).state
    assert P.outcome(s).winner == "A"


# --- PN-07: caroms --------------------------------------------------------------------------


def test_PN07_no_hit_own_first_rule_poison_with_all_opponent_pieces_up():
    s = replace(on_poison_A(), pocketed=P.Pieces(10, 0))
    s = P.apply(s, shot(poison=True)).state
    assert P.outcome(s).winner == "A"


# --- PN-08 / PN-09: scratches -------------------------------------------------------------


@pytest.mark.parametrize("pitch", ["pocket", "off"])
def test_PN08_scratch_spots_a_pocketed_own_piece_and_ends_the_turn(pitch):
    s = assigned()  # B black, to shoot; white 1
    s = P.apply(s, shot(black=2)).state  # double: bonus 1, B on
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, 2), bonus=1)
    s = P.apply(s, shot(pitch=pitch)).state
    # black 2 -> 1 spotted; the turn would end; the bank pays for one more shot (PN-30)
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, 1), bonus=0)
    s = P.apply(s, shot(pitch=pitch)).state
    # black 1 -> 0; no bonus: A to shoot
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 0))


def test_PN08_scratch_with_none_pocketed_owes_a_piece():
    s = assigned()  # B black, none pocketed
    s = P.apply(s, shot(pitch="pocket")).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 0), owed=(0, 1))


def test_PN08_owed_piece_paid_by_the_next_own_piece_sunk():
    s = fold(assigned(), shot(pitch="pocket"), MISS)  # B owes 1; A misses: B to shoot
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, 0), owed=(0, 1))
    # B sinks 1 black: it pays the debt (spotted), B shoots again (PN-29)
    s = P.apply(s, shot(black=1)).state
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, 0))
    # the next black stays down
    s = P.apply(s, shot(black=1)).state
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, 1))


def test_PN09_debts_stack():
    s = assigned()
    s = fold(s, shot(pitch="off"), MISS, shot(pitch="pocket"))  # B owes 2
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 0), owed=(0, 2))
    s = fold(s, MISS, shot(black=3))  # 2 pay, 1 stays; triple: 2 bonus turns
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, 1), bonus=2)


def test_PN09_spotting_twice_stacks_at_the_centre():
    s = fold(assigned(), MISS, shot(white=3))  # A: white 4 pocketed, bonus 2
    s = fold(s, shot(foul=True), shot(pitch="pocket"))
    # two scratches: two white spotted (4 -> 2), each paid by a bonus turn
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(2, 0), bonus=0)


# --- PN-10 / PN-11 / PN-12 / PN-13: open board and colours ---------------------------------


def test_PN10_one_piece_assigns_its_colour():
    s = P.apply(start("B"), shot(black=1)).state
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(0, 1))


def test_PN10_more_of_one_colour_assigns_it():
    s = P.apply(start("A"), MISS).state  # the break pockets nothing: open, B to shoot
    assert look(s) == st(turn="B")
    s = P.apply(s, shot(white=1, black=2)).state
    # B black (2 > 1); own 2 > opponent 1: goes on; a double on the assigning shot: 1 bonus
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, 2), bonus=1)


def test_PN11_equal_colours_keep_the_board_open():
    s = P.apply(start("A"), shot(white=1, black=1)).state
    # open; pieces pocketed on an open board: A goes on (PN-27)
    assert look(s) == st(turn="A", pocketed=(1, 1))
    s = P.apply(s, shot(white=2, black=2)).state
    assert look(s) == st(turn="A", pocketed=(3, 3))
    s = P.apply(s, shot(black=1)).state
    assert look(s) == st(turn="A", colours=("black", "white"), pocketed=(3, 4))


def test_PN12_scratch_on_the_first_pocketing_shot_owes_and_keeps_it_open():
    s = P.apply(start("A"), MISS).state
    s = P.apply(s, shot(white=2, pitch="pocket")).state
    # B: open whatever was pocketed; a piece owed; B's turn ends
    assert look(s) == st(turn="A", pocketed=(2, 0), owed=(0, 1))


def test_PN12_scratch_on_the_break_with_pieces_owes_and_keeps_it_open():
    s = P.apply(start("A"), shot(white=3, pitch="off")).state
    assert look(s) == st(turn="B", pocketed=(3, 0), owed=(1, 0))


def test_PN13_break_scratch_opponent_misses_fouler_pockets_one_spotted_board_open():
    s = fold(start("A"), shot(black=1, pitch="pocket"), MISS)
    assert look(s) == st(turn="A", pocketed=(0, 1), owed=(1, 0))
    s = P.apply(s, shot(white=2)).state
    # one white spotted (the colour pocketed most, PN-A5); the board stays open (PN-29);
    # A goes on (the shot pocketed pieces, PN-A6); no bonus on an open board
    assert look(s) == st(turn="A", pocketed=(1, 1))
    s = P.apply(s, shot(white=1)).state  # no debt now: this one assigns
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(2, 1))


# --- PN-14: shooting again ----------------------------------------------------------------


def test_PN14_own_piece_shoots_again_miss_passes():
    s = assigned()  # B to shoot
    s = P.apply(s, shot(black=1)).state
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, 1))
    s = P.apply(s, MISS).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 1))


def test_PN14_foul_passes_the_turn():
    s = fold(assigned(), shot(black=1), shot(black=1, foul=True))
    # black 2 pocketed, 1 spotted for the foul (PN-A10 = scratch): turn passes
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 1))


# --- PN-15 / PN-30: bonus turns ------------------------------------------------------------


@pytest.mark.parametrize("n,bonus", [(1, 0), (2, 1), (3, 2), (5, 4)])
def test_PN15_n_own_pieces_earn_n_minus_1_bonus_turns(n, bonus):
    s = P.apply(assigned(), shot(black=n)).state
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, n), bonus=bonus)


def test_PN15_PN30_triple_banks_two_bonus_turns_spent_one_per_miss():
    s = P.apply(assigned(), shot(black=3)).state
    assert s.bonus == 2 and s.turn == "B"
    s = P.apply(s, MISS).state
    assert (s.turn, s.bonus) == ("B", 1)
    s = P.apply(s, shot(black=1)).state  # a single: no bonus, bank kept
    assert (s.turn, s.bonus) == ("B", 1)
    s = P.apply(s, MISS).state
    assert (s.turn, s.bonus) == ("B", 0)
    s = P.apply(s, MISS).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 4))


def test_PN30_bonus_counts_on_the_assigning_shot():
    s = P.apply(start("A"), shot(white=2)).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(2, 0), bonus=1)


def test_PN30_option_no_bonus_on_the_assigning_shot():
    s = P.apply(start("A", bonus_on_assigning_shot=False), shot(white=2)).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(2, 0), bonus=0)


def test_PN30_no_bonus_on_an_open_board():
    s = P.apply(start("A"), shot(white=2, black=2)).state
    assert s.bonus == 0


# --- PN-16 / PN-17 / PN-18: own and opponent's pieces together ------------------------------


@pytest.mark.parametrize("n", [1, 2])
def test_PN16_equal_own_and_opponent_pieces_end_the_turn(n):
    s = P.apply(assigned(), shot(black=n, white=n)).state
    # n = 2: a double's bonus (1) is banked, then spent: B still shoots (PN-16, PN-30)
    turn, bonus = ("A", 0) if n == 1 else ("B", 0)
    assert look(s) == st(turn=turn, colours=("white", "black"), pocketed=(1 + n, n), bonus=bonus)


def test_PN16_equal_ends_but_a_banked_bonus_keeps_the_shooter():
    s = fold(assigned(), shot(black=2), shot(black=1, white=1))
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(2, 3), bonus=0)


def test_PN17_equal_pieces_and_a_scratch_spot_only_one_own_piece():
    s = P.apply(assigned(), shot(black=1, white=1, pitch="pocket")).state
    # black 1 pocketed, spotted; the white stays down: white 2, black 0
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(2, 0))


def test_PN18_two_own_one_opponent_and_a_scratch_turn_goes_on():
    s = P.apply(assigned(), shot(black=2, white=1, pitch="off")).state
    # double: 1 bonus banked then spent on the scratch; one black spotted
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(2, 1), bonus=0)


def test_PN18_two_own_one_opponent_no_scratch_goes_on_with_the_bonus():
    s = P.apply(assigned(), shot(black=2, white=1)).state
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(2, 2), bonus=1)


# --- PN-19..PN-22, PN-24, PN-25, PN-31: the poison ------------------------------------------


def test_PN19_PN31_on_the_poison_alone_wins():
    s = P.apply(on_poison_A(), shot(poison=True)).state
    assert look(s) == st(phase="finished", turn=None, colours=("white", "black"), pocketed=(10, 3), score=(1, 0))
    assert P.outcome(s) == Outcome("A", N("PN-31", "poison_alone_wins", side="A"))


def test_PN20_scratch_shooting_for_the_poison_is_only_a_scratch():
    s = P.apply(on_poison_A(), shot(pitch="pocket")).state
    # one white spotted (10 -> 9): A is off the poison again, B to shoot
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(9, 3))
    assert not P.is_on_poison(s, "A")


@pytest.mark.parametrize("pitch", ["pocket", "off"])
def test_PN21_poison_with_a_scratch_loses(pitch):
    s = P.apply(on_poison_A(), shot(poison=True, pitch=pitch)).state
    assert look(s) == st(phase="finished", turn=None, colours=("white", "black"), pocketed=(10, 3), score=(0, 1))
    assert P.outcome(s) == Outcome("B", N("PN-21", "poison_with_scratch", side="A"))


def test_PN21_poison_with_a_foul_loses():
    s = P.apply(on_poison_A(), shot(poison=True, foul=True)).state
    assert P.outcome(s) == Outcome("B", N("PN-21", "poison_with_scratch", side="A"))


def test_PN22_poison_with_an_opponent_piece_loses():
    s = P.apply(on_poison_A(), shot(poison=True, black=1)).state
    assert look(s) == st(phase="finished", turn=None, colours=("white", "black"), pocketed=(10, 4), score=(0, 1))
    assert P.outcome(s) == Outcome("B", N("PN-22", "poison_with_opponent_piece", side="A"))


def test_PN_A13_poison_scratch_and_opponent_piece_loses():
    s = P.apply(on_poison_A(), shot(poison=True, black=1, pitch="pocket")).state
    assert P.outcome(s) == Outcome("B", N("PN-21", "poison_with_scratch", side="A"))


def test_PN24_poison_with_own_pieces_left_loses():
    s = P.apply(assigned(), shot(poison=True)).state  # B black, 10 black up
    assert look(s) == st(phase="finished", turn=None, colours=("white", "black"), pocketed=(1, 0), score=(1, 0))
    assert P.outcome(s) == Outcome("A", N("PN-24", "poison_early", side="B"))


def test_PN24_poison_on_an_open_board_loses():
    s = fold(start("A"), MISS, shot(poison=True))
    assert look(s) == st(phase="finished", turn=None, score=(1, 0))


def test_PN24_poison_with_a_debt_outstanding_loses():
    s = replace(on_poison_A(), owed=PerSide(1, 0))
    assert not P.is_on_poison(s, "A")
    s = P.apply(s, shot(poison=True)).state
    assert P.outcome(s) == Outcome("B", N("PN-24", "poison_early", side="A"))


def test_PN25_poison_with_own_piece_loses():
    s = P.apply(assigned(), shot(poison=True, black=1)).state
    assert look(s) == st(phase="finished", turn=None, colours=("white", "black"), pocketed=(1, 1), score=(1, 0))
    assert P.outcome(s) == Outcome("A", N("PN-25", "poison_early_with_pieces", side="B"))


def test_PN24_option_early_poison_respot_ends_the_turn():
    s = P.apply(assigned(early_poison="respot"), shot(poison=True)).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 0))


def test_PN_A4_option_early_poison_respot_own_pieces_count_bonus_spent():
    s = P.apply(assigned(early_poison="respot"), shot(poison=True, black=2)).state
    # 2 black stay down; a double banks 1; the re-spot ends the turn: the bonus is spent
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, 2), bonus=0)


def test_PN22_still_loses_with_early_poison_respot():
    s = P.apply(assigned(early_poison="respot"), shot(poison=True, white=1)).state
    assert P.outcome(s) == Outcome("A", N("PN-22", "poison_with_opponent_piece", side="B"))


def test_PN21_still_loses_with_early_poison_respot():
    s = P.apply(assigned(early_poison="respot"), shot(poison=True, pitch="off")).state
    assert P.outcome(s) == Outcome("A", N("PN-21", "poison_with_scratch", side="B"))


# --- PN-23: the beginners' variants ------------------------------------------------------------


def test_PN23a_scratch_keeps_turn_spots_but_the_shooter_goes_on():
    s = P.apply(assigned(scratch_keeps_turn=True), shot(black=2, pitch="pocket")).state
    # 2 black, 1 spotted; the scratch does not end the turn: B on, the double's bonus kept
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, 1), bonus=1)


def test_PN23a_scratch_keeps_turn_a_scratch_and_a_miss_still_ends_the_turn():
    s = P.apply(assigned(scratch_keeps_turn=True), shot(pitch="pocket")).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 0), owed=(0, 1))


def test_PN23a_default_scratch_ends_the_turn():
    s = P.apply(assigned(), shot(black=1, pitch="pocket")).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 0))


def test_PN23b_miss_reshoot_untouched_miss_is_taken_again():
    s = P.apply(assigned(miss_reshoot=True), shot(touched=False)).state
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, 0))
    # a touched miss still passes
    s = P.apply(s, MISS).state
    assert s.turn == "A"


def test_PN23b_miss_reshoot_off_and_untouched_scratch_pass_the_turn():
    s = P.apply(assigned(), shot(touched=False)).state
    assert s.turn == "A"
    s = P.apply(assigned(miss_reshoot=True), shot(touched=False, pitch="off")).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 0), owed=(0, 1))


def test_PN23b_miss_reshoot_does_not_spend_a_bonus():
    s = fold(assigned(miss_reshoot=True), shot(black=2), shot(touched=False))
    assert (s.turn, s.bonus) == ("B", 1)


def test_PN23_a_pitch_touching_only_the_poison_sinks_it_and_wins():
    # ``touched`` is whether the pitch touched an object piece (replay spec); the poison
    # is not one (PN-01, PN-25): shooting for the poison, the pitch hits it alone and it
    # drops: a win (PN-31), not a refusal
    s = P.apply(on_poison_A(miss_reshoot=True), shot(touched=False, poison=True)).state
    assert P.outcome(s) == Outcome("A", N("PN-31", "poison_alone_wins", side="A"))


def test_PN23_pieces_moved_through_the_poison_count_though_the_pitch_touched_none():
    # the pitch hits only the poison, which sinks a black and knocks a white off (PN-A8):
    # B's black counts (B again, PN-26), the white goes back; no miss to re-take
    s = P.apply(assigned(miss_reshoot=True), shot(touched=False, black=1, white_off=1)).state
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, 1))


def test_PN23b_a_retaken_break_is_still_the_break():
    s = P.apply(start("A", miss_reshoot=True), shot(touched=False)).state
    assert s.is_break and s.turn == "A"
    s = P.apply(s, shot(poison=True)).state  # the poison on the (re-taken) break wins (PN-06)
    assert P.outcome(s) == Outcome("A", N("PN-06", "poison_break_wins", side="A"))


# --- PN-14 / PN-16 / PN-26 / PN-A3: opponent's pieces --------------------------------------------
# The default is rulings.md's PN-26 reading (``turn_continues="more_own"``): with colours
# assigned the turn goes on only if own >= 1 and own > opponent's (PN-A3: "pockets an
# object piece" is one's own, as in pool). In ``assigned()`` B (black) is to shoot.


def test_PN26_default_one_own_and_none_of_the_opponents_shoots_again():
    assert P.Options().turn_continues == "more_own"
    s = P.apply(assigned(), shot(black=1)).state
    # 1 own > 0: B again; a single earns no bonus (PN-15)
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, 1))


def test_PN26_default_one_own_and_one_of_the_opponents_ends_the_turn():
    s = P.apply(assigned(), shot(black=1, white=1)).state
    # equal (PN-16): A to shoot
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(2, 1))


def test_PN26_default_one_own_and_two_of_the_opponents_ends_the_turn():
    s = P.apply(assigned(), shot(black=1, white=2)).state
    # own 1 is not more than 2 (PN-26, PN-A3): A to shoot
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(3, 1))


def test_PN26_default_opponent_only_ends_the_turn():
    s = P.apply(assigned(), shot(white=2)).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(3, 0))


def test_PN26_default_own_more_than_opponent_goes_on():
    s = P.apply(assigned(), shot(black=2, white=1)).state
    # 2 own > 1: on, and the double banks 1 (PN-15)
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(2, 2), bonus=1)


# The option ``turn_continues="any_piece"``: the rulebook's literal sentence ("If a player
# pockets an object piece, that player shoots again"): any object piece lets the shooter
# go on, except equal own and opponent's (PN-16).


def test_PN14_any_piece_option_opponent_only_shot_goes_on():
    s = P.apply(assigned(turn_continues="any_piece"), shot(white=2)).state
    # B (black) sinks 2 white: an object piece pocketed, not equal: B again; no bonus
    # (bonus turns count own pieces, PN-15)
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(3, 0))


def test_PN14_any_piece_option_more_opponent_than_own_goes_on():
    s = P.apply(assigned(turn_continues="any_piece"), shot(white=2, black=1)).state
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(3, 1))


def test_PN16_any_piece_option_equal_still_ends_the_turn():
    s = P.apply(assigned(turn_continues="any_piece"), shot(white=1, black=1)).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(2, 1))


# --- PN-27: open board ------------------------------------------------------------------------


def test_PN27_open_board_equal_colours_go_on():
    s = fold(start("A"), MISS, shot(white=1, black=1))
    assert look(s) == st(turn="B", pocketed=(1, 1))


def test_PN27_option_open_equal_ends_the_turn():
    s = fold(start("A", open_equal_continues=False), MISS, shot(white=1, black=1))
    assert look(s) == st(turn="A", pocketed=(1, 1))


# --- PN-28 / PN-29 / PN-A5 / PN-A6: debts --------------------------------------------------------


def test_PN28_scratch_on_open_board_owes_even_with_pieces_pocketed():
    s = P.apply(start("A"), shot(white=1, black=1)).state  # open, A on
    s = P.apply(s, shot(pitch="pocket")).state
    assert look(s) == st(turn="B", pocketed=(1, 1), owed=(1, 0))


def test_PN29_debts_accumulate_and_each_own_piece_pays_one():
    s = fold(start("A"), shot(pitch="pocket"), shot(pitch="pocket"), shot(pitch="off"))
    # A owes 1, B owes 1, A owes 2
    assert look(s) == st(turn="B", owed=(2, 1))
    s = P.apply(s, shot(black=3)).state
    # B's debt paid by one black (spotted); 2 black down; debt paid: open (PN-29); B on
    assert look(s) == st(turn="B", pocketed=(0, 2), owed=(2, 0))
    s = fold(s, shot(black=1), MISS)
    # no debt now: B black, a single; then a miss passes the turn
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(0, 3), owed=(2, 0))
    s = P.apply(s, shot(white=1)).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(0, 3), owed=(1, 0))
    s = P.apply(s, shot(white=2)).state
    # one pays the last debt, one stays; 2 own: a double earns 1 bonus
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 3), bonus=1)


def test_PN29_opponent_piece_does_not_pay_a_debt():
    s = fold(assigned(), shot(pitch="pocket"))  # B owes 1, A to shoot
    s = P.apply(s, shot(white=1, black=1)).state  # equal: A's turn ends; the black stays
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(2, 1), owed=(0, 1))


def test_PN29_scratch_after_paying_spots_another_or_owes():
    s = fold(assigned(), shot(pitch="pocket"), MISS)  # B owes 1, to shoot
    s = P.apply(s, shot(black=1, pitch="off")).state
    # the black pays the old debt; the scratch has nothing to spot: owes 1 again
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 0), owed=(0, 1))


def test_PN_A5_open_board_debt_spots_the_colour_pocketed_most():
    s = fold(start("A"), shot(pitch="pocket"), MISS, shot(white=1, black=2))
    assert look(s) == st(turn="A", pocketed=(1, 1))


def test_PN_A5_open_board_debt_with_equal_colours_needs_spot():
    s = fold(start("A"), shot(pitch="pocket"), MISS)
    refused(s, shot(white=1, black=1), N("PN-A5", "spot_needed"))
    s = P.apply(s, shot(white=1, black=1, spot="black")).state
    assert look(s) == st(turn="A", pocketed=(1, 0))


def test_PN_A5_spot_is_ignored_when_the_rules_decide():
    s = fold(start("A"), shot(pitch="pocket"), MISS, shot(white=2, black=1, spot="black"))
    assert look(s) == st(turn="A", pocketed=(1, 1))


def test_PN_A6_option_paying_shot_does_not_continue():
    s = fold(assigned(paying_shot_continues=False), shot(pitch="pocket"), MISS)
    s = P.apply(s, shot(black=1)).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 0))
    # default: goes on
    s = fold(assigned(), shot(pitch="pocket"), MISS, shot(black=1))
    assert s.turn == "B"


def test_PN_A6_option_paying_pieces_earn_no_bonus():
    s = fold(assigned(paying_shot_continues=False), shot(pitch="pocket"), MISS)
    s = P.apply(s, shot(black=3)).state
    # 1 pays, 2 count: a double, 1 bonus (default would count 3: 2 bonus)
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(1, 2), bonus=1)


def test_PN29_engine_ruling_debt_settled_from_the_pocket_when_no_own_piece_is_left():
    s = start("A", pieces=2)
    s = fold(s, shot(white=1), MISS)  # A white; B to shoot
    s = P.apply(s, shot(pitch="pocket")).state  # B owes 1; A to shoot
    s = P.apply(s, shot(white=1, black=2)).state
    # A: 1 own, 2 of the opponent's: the turn ends (PN-26), B to shoot. Black 2 of 2
    # pocketed and B owes: one black comes out of the pocket to settle it, so B has a
    # piece on the board; A (all white down, no debt) is on the poison
    assert look(s) == st(turn="B", colours=("white", "black"), pocketed=(2, 1), owed=(0, 0))
    assert P.is_on_poison(s, "A") and not P.is_on_poison(s, "B")


# --- PN-A8: pieces off the board ------------------------------------------------------------------


def test_PN_A8_pieces_knocked_off_go_back_without_penalty():
    s = P.apply(assigned(), shot(white_off=2, black_off=1, poison_off=True)).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 0))
    refused(assigned(), shot(poison=True, poison_off=True), N("PN-A8", "poison_pocketed_and_off"))


# --- PN-A9: match length and the end ----------------------------------------------------------------


def test_PN_A9_first_to_games_wins_the_match():
    s = start("A", games=2)
    s = P.apply(s, shot(poison=True)).state  # A 1-0, B breaks
    s = P.apply(s, shot(poison=True)).state  # B 1-1, A breaks
    assert look(s) == st(turn="A", score=(1, 1)) and s.game_number == 3
    s = P.apply(s, shot(poison=True)).state
    assert look(s) == st(phase="finished", turn=None, score=(2, 1))
    assert s.game_number == 3 and P.outcome(s).winner == "A"
    assert P.legal_inputs(s) == ()
    refused(s, MISS, N("PN-A9", "match_over"))
    refused(s, P.CoinToss("A"), N("PN-A9", "match_over"))


@pytest.mark.parametrize("games", [0, 100])
def test_PN_A9_games_out_of_range(games):
    with pytest.raises(ValueError, match="games"):
        P.new_match(P.Options(games=games))


def test_PN_A10_foul_without_pieces_owes_like_a_scratch():
    s = P.apply(assigned(), shot(foul=True)).state
    assert look(s) == st(turn="A", colours=("white", "black"), pocketed=(1, 0), owed=(0, 1))


def test_notices_are_values_naming_their_rules():
    step = P.apply(assigned(), shot(black=3))
    # B (black) sinks 3 own: 2 bonus turns banked (PN-15), B again (PN-14)
    assert step.effects == (N("PN-15", "banks_bonus", side="B", count=2), N("PN-14", "shoots_again", side="B"))
    step = P.apply(on_poison_A(), shot(poison=True))
    assert step.effects == (N("PN-31", "wins_game", side="A", game=1), N("PN-A9", "wins_match", side="A"))


@pytest.mark.parametrize(
    "opt",
    [
        {"break_poison_with_pieces": "draw"},
        {"early_poison": "ignore"},
        {"turn_continues": "never"},
        {"players": "triples"},
    ],
)
def test_bad_options(opt):
    with pytest.raises(ValueError, match=next(iter(opt))):
        P.new_match(P.Options(**opt))
