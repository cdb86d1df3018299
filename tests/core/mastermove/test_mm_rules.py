"""Master Move rules engine against the rulebook (shared/rules/003_*.txt) and rulings
MM-01..MM-32 (shared/rules/rulings.md, section 4). Expected values are worked out by
hand from the rules. Piece movement (MM-03..MM-18, MM-31) is in test_mm_movegen.py.

MM-26 (tournaments) and MM-27 (shirts) are not part of this engine.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitchside.core.errors import IllegalInput
from pitchside.core.notice import Notice
from pitchside.core.rules import mastermove as M
from pitchside.core.sides import PerSide
from support.examples import scaled

LA = {"keeper": ["E1"], "defender": ["C2", "G2"], "winger": ["B3", "E4", "H3"],
      "runner": ["D8", "F8"], "joker": ["E7"], "raider": ["B7", "H7"]}
LB = {"keeper": ["E16"], "defender": ["C15", "G15"], "winger": ["B14", "E13", "H14"],
      "runner": ["C9", "G9"], "joker": ["E10"], "raider": ["B10", "H10"]}


def lineup(side: str, pieces: dict) -> M.Lineup:
    return M.Lineup(side, tuple((M.square(sq), kind) for kind, sqs in pieces.items() for sq in sqs))


def fold(state: M.State, *inputs) -> M.State:
    for inp in inputs:
        if isinstance(inp, str):
            inp = M.parse_move(inp)
        state = M.apply(state, inp).state
    return state


def start(winner: str = "A", **opts) -> M.State:
    return fold(M.new_game(M.Options(**opts)), lineup("A", LA), lineup("B", LB), M.CoinToss(winner))


def refused(state: M.State, inp, rule: str) -> IllegalInput:
    if isinstance(inp, str):
        inp = M.parse_move(inp)
    with pytest.raises(IllegalInput) as info:
        M.apply(state, inp)
    assert info.value.rule == rule, str(info.value)
    assert info.value.notice is not None and info.value.notice.rule == rule  # a typed refusal
    return info.value


def change(side: str, frm: str, to: str) -> M.Change:
    return M.Change(side, M.square(frm), M.square(to))


def score(state: M.State, scorer: str) -> M.State:
    """Play the shortest Move for ``scorer`` from a kick-off of the LA/LB line-ups.
    A: D8-D12 then D12-D16 (row D of B's half is empty; B's keeper steps E16-F16 and back).
    B: C9-C5, C5-D5, D5-D1 (over D4, D3 and the white D2; A's joker steps E7-E6-E7)."""
    assert state.phase == "play"
    if scorer == "A":
        b_moves = iter(["E16-F16", "F16-E16"])
        a_moves = iter(["D8-D12", "D12-D16"])
    else:
        a_moves = iter(["E7-E6", "E6-E7", "E7-E6"])
        b_moves = iter(["C9-C5", "C5-D5", "D5-D1"])
    before = state.score[scorer]
    while state.score[scorer] == before:
        state = fold(state, next(a_moves if state.to_move == "A" else b_moves))
    return state


# --- line-up (MM-05, MM-19) ---------------------------------------------------------------


def test_new_game_waits_for_line_ups():
    s = M.new_game()
    assert s.phase == "lineup" and s.to_move is None and M.legal_inputs(s) == ("lineup", "quit")
    assert M.RULES_VERSION == 1


def test_both_line_ups_then_the_toss_mm19_mm28():
    s = fold(M.new_game(), lineup("A", LA))
    assert s.phase == "lineup"
    refused(s, M.CoinToss("A"), "MM-28")
    s = fold(s, lineup("B", LB))
    assert s.phase == "toss" and M.legal_inputs(s) == ("lineup", "coin_toss", "quit")
    assert len(list(s.board.pieces("A"))) == len(list(s.board.pieces("B"))) == 11
    assert s.kickoff == s.board
    s = fold(s, M.CoinToss("B"))
    assert s.phase == "play" and s.to_move == "B"
    refused(s, M.CoinToss("A"), "MM-28")
    refused(s, lineup("A", LA), "MM-19")


def test_a_line_up_sent_again_before_the_toss_replaces_the_first():
    moved = dict(LA, joker=["E6"])
    s = fold(M.new_game(), lineup("A", LA), lineup("B", LB), lineup("A", moved))
    assert s.board.get(M.square("E6")) == M.Piece("A", "joker") and s.board.is_free(M.square("E7"))
    assert len(list(s.board.pieces("A"))) == 11


@pytest.mark.parametrize("pieces, rule", [
    (dict(LA, defender=["C2"]), "MM-05"),                       # 1 defender
    (dict(LA, raider=["B7", "H7", "A7"]), "MM-05"),             # 3 raiders
    (dict(LA, keeper=[]), "MM-05"),
    (dict(LA, joker=["E10"]), "MM-19"),                         # in B's half
    (dict(LA, keeper=["E3"]), "MM-19"),                         # keeper not in goal
    (dict(LA, keeper=["E16"]), "MM-19"),                        # the other goal
    (dict(LA, joker=["D1"]), "MM-19"),                          # [I] no other piece in a goal
    (dict(LA, joker=["E2"]), "MM-19"),                          # white area (MM-03)
    (dict(LA, joker=["C2"]), "MM-13"),                          # two pieces on C2
])
def test_line_up_refusals(pieces, rule):
    s = M.new_game()
    refused(s, lineup("A", pieces), rule)
    assert M.apply(s, lineup("A", LA)).state.board != s.board  # the good one goes in


def test_b_lines_up_in_columns_9_to_16_mm01():
    refused(M.new_game(), lineup("B", dict(LB, joker=["E8"])), "MM-19")
    refused(M.new_game(), lineup("B", dict(LB, winger=["B14", "E13", "D15"])), "MM-19")


def test_nothing_moves_before_the_toss():
    refused(M.new_game(), "D8-D9", "MM-19")
    refused(fold(M.new_game(), lineup("A", LA), lineup("B", LB)), "D8-D9", "MM-28")


def test_first_mover_option_mmA1():
    s = fold(M.new_game(M.Options(first_mover="B")), lineup("A", LA), lineup("B", LB))
    assert s.phase == "play" and s.to_move == "B"


# --- turns (MM-12) ------------------------------------------------------------------------


def test_turns_alternate_mm12():
    s = start("A")
    s = fold(s, "D8-D9")
    assert s.to_move == "B"
    refused(s, "F8-F9", "MM-12")
    s = fold(s, "C9-C8")
    assert s.to_move == "A"


def test_a_refused_move_leaves_the_state_unchanged():
    s = start("A")
    before = M.snapshot(s)
    for bad in ("D8-D13", "D8-E9", "E1-E2", "C2-D2", "F8-G9", "B7-B9"):
        with pytest.raises(IllegalInput):
            M.apply(s, M.parse_move(bad))
    assert M.snapshot(s) == before


# --- scoring, restart, changes (MM-15, MM-16, MM-20..MM-23, MM-30) ------------------------


def test_a_move_scored_returns_to_the_kick_off_line_up_mm16_mm20_mm23():
    s = start("A")
    k = s.kickoff
    s = fold(s, "D8-D12", "G9-G5")
    step = M.apply(s, M.parse_move("D12-D16"))
    s = step.state
    assert s.score == PerSide(1, 0)
    assert s.phase == "changes" and s.board == k and s.to_move is None
    assert s.restarting == "B" and s.credit == PerSide(1, 1) and s.trav == ()
    assert [n.rule for n in step.effects] == ["MM-16", "MM-20", "MM-21"]
    refused(s, "D8-D9", "MM-30")
    assert M.legal_inputs(s) == ("change", "restart", "quit")
    s = fold(s, M.Restart())
    assert s.phase == "play" and s.to_move == "B" and s.credit == PerSide(0, 0)
    refused(s, M.Restart(), "MM-23")


def test_change_is_free_but_keeps_line_up_rules_mm21_mm30():
    s = score(start("A"), "A")
    refused(s, change("A", "B7", "B9"), "MM-19")  # other half
    refused(s, change("A", "B7", "D2"), "MM-19")  # white area
    refused(s, change("A", "B7", "D1"), "MM-19")  # goal
    refused(s, change("A", "E1", "E3"), "MM-19")  # keeper out of goal
    refused(s, change("A", "B7", "C2"), "MM-13")  # occupied
    refused(s, change("A", "B8", "B6"), "MM-21")  # no piece of A
    refused(s, change("A", "C9", "C8"), "MM-21")  # B's piece
    refused(s, change("A", "B7", "B7"), "MM-21")
    s = fold(s, change("A", "E1", "D1"), change("B", "B14", "A14"))  # the keeper may move in its goal
    assert s.changes_used == PerSide(1, 1) and s.credit == PerSide(0, 0)
    refused(s, change("A", "B7", "A7"), "MM-21")  # one per restart
    assert M.legal_inputs(s) == ("restart", "quit")
    s = fold(s, M.Restart())
    assert s.kickoff == s.board  # the changed line-up is the new kick-off line-up (MM-A9)
    assert s.board.get(M.square("D1")) == M.Piece("A", "keeper")


def test_changes_add_up_to_four_at_2_2_mm22():
    """Per restart (MM-30): 1-0, 1-1, 2-1, 2-2 are 4 restarts, each side changes at each:
    4 changes each; the winner's third Move ends the game at 3-2."""
    s = start("A")
    a_changes = [("B3", "A3"), ("H3", "I3"), ("B7", "A7"), ("H7", "I7")]
    b_changes = [("B14", "A14"), ("H14", "I14"), ("B10", "A10"), ("H10", "I10")]
    for i, scorer in enumerate(["A", "B", "A", "B"]):
        s = score(s, scorer)
        assert s.restarting == ("B" if scorer == "A" else "A")
        s = fold(s, change("A", *a_changes[i]), change("B", *b_changes[i]), M.Restart())
        assert s.to_move == s.restarting
    assert s.score == PerSide(2, 2) and s.changes_used == PerSide(4, 4)
    s = score(s, "A")
    assert s.phase == "finished" and s.score == PerSide(3, 2)
    assert M.outcome(s) == M.Outcome("A", Notice.of("MM-15", "three_moves", side="A", moves=3))
    assert s.board.get(M.square("D16")) == M.Piece("A", "runner")  # as it ended


def test_max_changes_option_refuses_beyond_it_mm22():
    s = start("A", max_changes=1)
    s = fold(score(s, "A"), change("A", "B3", "A3"), M.Restart())
    s = score(s, "B")
    assert s.credit == PerSide(0, 1)
    refused(s, change("A", "H3", "I3"), "MM-22")


def test_carry_over_accumulates_unused_credit_mmA5():
    """carry_over: a side that never changed has 1, 2, 3, 4 credits at the 4 restarts;
    it makes all 4 at 2-2, the fifth is refused (MM-22 through the credit: 4 - 4 = 0)."""
    s = start("A", changes="carry_over")
    for scorer in ["A", "B", "A"]:
        s = fold(score(s, scorer), M.Restart())
    s = score(s, "B")
    assert s.score == PerSide(2, 2) and s.credit == PerSide(4, 4)
    s = fold(s, change("A", "B3", "A3"), change("A", "H3", "I3"), change("A", "B7", "A7"), change("A", "H7", "I7"))
    assert s.changes_used.A == 4 and s.credit.A == 0
    refused(s, change("A", "A3", "A2"), "MM-22")


def test_per_restart_loses_unused_credit_mm30():
    s = fold(score(start("A"), "A"), M.Restart())
    s = score(s, "B")
    assert s.credit == PerSide(1, 1)


# --- anti-stalemate (MM-24, MM-29) --------------------------------------------------------


def _joker_shuttle(s: M.State, n: int) -> M.State:
    """A's joker E7<->E6 n times, B's keeper E16<->F16 in between."""
    for i in range(n):
        s = fold(s, "E7-E6" if i % 2 == 0 else "E6-E7")
        s = fold(s, "E16-F16" if i % 2 == 0 else "F16-E16")
    return s


def test_fifth_traversal_is_refused_keeper_exempt_mm24_mm29():
    s = _joker_shuttle(start("A"), 4)  # E7-E6, E6-E7, E7-E6, E6-E7; B's keeper moves 4 times
    assert s.trav == ((M.square("E7"), M.square("E6"), M.square("E7"), 4),)
    err = refused(s, "E7-E6", "MM-24")
    assert err.notice == Notice.of("MM-24", "stalemate", frm="E7", to="E6", times=4)
    s = fold(s, "E7-D6")  # the joker may go elsewhere
    s = fold(s, "E16-F16")  # the keeper, fifth time between E16 and F16: exempt
    assert s.to_move == "A"


def test_sixth_traversal_option_mmA4():
    s = _joker_shuttle(start("A", stalemate_refuse=6), 4)
    s = fold(s, "E7-E6", "E16-F16")
    refused(s, "E6-E7", "MM-24")


def test_traversals_need_not_be_consecutive_and_follow_the_piece():
    """E7-E6, E6-E7, E7-D7, D7-E7 (another pair between), E7-E6, E6-E7: {E6,E7} = 4, the
    next E7-E6 is refused. With stalemate_count 'consecutive' the trip to D7 cleared it."""
    seq = ["E7-E6", "E16-F16", "E6-E7", "F16-E16", "E7-D7", "E16-F16", "D7-E7", "F16-E16",
           "E7-E6", "E16-F16", "E6-E7", "F16-E16"]
    s = fold(start("A"), *seq)
    refused(s, "E7-E6", "MM-24")
    c = fold(start("A", stalemate_count="consecutive"), *seq)
    assert M.apply(c, M.parse_move("E7-E6")).state.to_move == "B"


def test_counts_reset_at_each_kick_off_mm29():
    s = _joker_shuttle(start("A"), 4)
    s = fold(s, "D8-D12", "E16-F16", "D12-D16")
    assert s.trav == ()
    s = fold(s, M.Restart())  # B restarts
    s = fold(s, "E16-F16")
    s = fold(s, "E7-E6", "F16-E16", "E6-E7", "E16-F16", "E7-E6", "F16-E16", "E6-E7", "E16-F16")
    refused(s, "E7-E6", "MM-24")  # 4 again since the restart, not 8


# --- quitting (MM-25, MM-32) and the end --------------------------------------------------


@pytest.mark.parametrize("when", ["lineup", "toss", "play", "changes"])
def test_quit_is_a_0_3_forfeit_from_any_phase(when):
    s = {"lineup": M.new_game(),
         "toss": fold(M.new_game(), lineup("A", LA), lineup("B", LB)),
         "play": fold(start("A"), "D8-D12"),
         "changes": score(start("A"), "A")}[when]
    s = fold(s, M.Quit("A"))
    assert s.phase == "finished" and s.score == PerSide(0, 3) and s.forfeit == "A"
    assert M.outcome(s) == M.Outcome("B", Notice.of("MM-25", "forfeit", side="A", winner="B"))
    refused(s, M.Quit("B"), "MM-25")
    refused(s, "D8-D9", "MM-25")
    assert M.legal_inputs(s) == ()


def test_a_forfeit_overrides_the_score_mm32():
    s = fold(score(start("A"), "A"), M.Restart())
    s = fold(score(s, "B"), M.Restart())
    s = score(s, "A")
    assert s.score == PerSide(2, 1)
    s = fold(s, M.Quit("A"))
    assert s.score == PerSide(0, 3)


def test_nothing_after_three_moves_mm15():
    s = start("A")
    for _ in range(2):
        s = fold(score(s, "A"), M.Restart())  # B restarts; score() steps B's keeper
    s = score(s, "A")
    assert s.phase == "finished" and M.outcome(s).winner == "A"
    refused(s, M.Restart(), "MM-15")
    assert M.outcome(start("A")) is None


def test_bad_options():
    for bad in (M.Options(changes="never"), M.Options(stalemate_refuse=4), M.Options(max_changes=5),
                M.Options(white_area=("E1",)), M.Options(white_area=("Q2",)), M.Options(grass="plaid"),
                M.Options(first_mover="home"), M.Options(stalemate_count="some")):
        with pytest.raises(ValueError):
            M.new_game(bad)


# --- properties ----------------------------------------------------------------------------


@settings(max_examples=scaled(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_play_keeps_the_invariants(data):
    """Random legal play: 11 pieces a side always (no captures, MM-13); the side to move
    always has a legal move (MM-A8); keepers stay in their goal; nothing on the white area;
    the snapshot round-trips; a random (frm, to) is refused with IllegalInput or is legal."""
    s = start(data.draw(st.sampled_from(["A", "B"])))
    white = {M.square(n) for n in M.DEFAULT_WHITE_AREA}
    for _ in range(data.draw(st.integers(1, 60))):
        if s.phase == "finished":
            break
        if s.phase == "changes":
            s = fold(s, M.Restart())
            continue
        moves = M.legal_moves(s)
        assert moves, M.snapshot(s)
        frm, to = data.draw(st.integers(0, 143)), data.draw(st.integers(0, 143))
        try:
            M.apply(s, M.Move(frm, to))
            assert M.Move(frm, to) in moves
        except IllegalInput:
            assert M.Move(frm, to) not in moves
        s = M.apply(s, data.draw(st.sampled_from(moves))).state
        for side in ("A", "B"):
            pieces = list(s.board.pieces(side))
            if s.phase != "finished":
                assert len(pieces) == 11
            keeper = [sq for sq, p in pieces if p.kind == "keeper"]
            assert len(keeper) == 1 and keeper[0] in M.GOALS[side]
        assert not any(sq in white for sq, _ in s.board.pieces())
        assert M.parse(M.snapshot(s), s.options) == s
