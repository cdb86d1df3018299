"""Master Move legal-move generation and move validation (rulings MM-03..MM-18, MM-31;
rulebook "Rules 2: the pieces" and "Rules 3: the turn / the Move").

Counts are perft-style (python-chess's perft): every expected number is derived by hand
in the test's docstring, square by square, never read off the engine. Positions are
small: keepers plus the piece under test. Rows are A (top, 0) .. I (8); "up" is towards
row A, "left" towards column 1. A attacks column 16, B attacks column 1 (MM-02).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitchside.core.errors import IllegalInput
from pitchside.core.rules import mastermove as M
from support.examples import scaled


def pos(spec: str, to_move: str = "A", **opts) -> M.State:
    """A position in play: ``spec`` is tokens LETTER+SQUARE, e.g. ``"KE1 kE16 DE8"``."""
    placed = [(M.square(t[1:]), M.Piece.from_letter(t[0])) for t in spec.split()]
    board = M.Board.from_pieces(placed)
    return M.State(options=M.Options(**opts), phase="play", board=board, kickoff=board, to_move=to_move)


def dests(state: M.State, sq: str) -> set[str]:
    return {M.square_name(m.to) for m in M.legal_moves(state) if m.frm == M.square(sq)}


def refused(state: M.State, move: str, rule: str) -> None:
    with pytest.raises(IllegalInput) as info:
        M.check_move(state, M.parse_move(move))
    assert info.value.rule == rule, str(info.value)
    # and apply refuses it the same way, leaving the state as it was
    with pytest.raises(IllegalInput) as again:
        M.apply(state, M.parse_move(move))
    assert again.value.rule == rule


def legal(state: M.State, move: str) -> None:
    M.check_move(state, M.parse_move(move))
    assert M.parse_move(move) in M.legal_moves(state)


# --- each piece, depth 1 -------------------------------------------------------------------


def test_keeper_moves_along_its_goal_line_mm06():
    """Keeper on D1: only E1 (C1 is not a goal square) -> 1. On E1: D1 and F1 -> 2."""
    assert dests(pos("KD1 kE16"), "D1") == {"E1"}
    assert M.perft(pos("KD1 kE16"), 1) == 1
    assert dests(pos("KE1 kE16"), "E1") == {"D1", "F1"}
    assert dests(pos("KE1 kF16", "B"), "F16") == {"E16"}
    refused(pos("KD1 kE16"), "D1-F1", "MM-06")  # two squares
    refused(pos("KD1 kE16"), "D1-C1", "MM-06")  # off the goal
    refused(pos("KD1 kE16"), "D1-D2", "MM-06")


def test_defender_one_square_any_direction_mm07():
    """Defender E8, keepers E1/E16, A to move: the 8 neighbours D7 D8 D9 E7 E9 F7 F8 F9,
    none special -> 8; keeper E1: D1, F1 -> 2. perft(1) = 10."""
    s = pos("KE1 kE16 DE8")
    assert dests(s, "E8") == {"D7", "D8", "D9", "E7", "E9", "F7", "F8", "F9"}
    assert M.perft(s, 1) == 10
    refused(s, "E8-E10", "MM-07")


def test_defender_next_to_the_white_area_mm03():
    """Defender D3: neighbours C2 C3 C4 D2 D4 E2 E3 E4; D2 and E2 are white (MM-03) -> 6."""
    s = pos("KE1 kE16 DD3")
    assert dests(s, "D3") == {"C2", "C3", "C4", "D4", "E3", "E4"}
    refused(s, "D3-D2", "MM-03")


def test_winger_diagonal_up_to_four_mm08():
    """Winger E8 on an empty pitch: 4 diagonals x 4 squares: D7 C6 B5 A4 / D9 C10 B11 A12 /
    F7 G6 H5 I4 / F9 G10 H11 I12 -> 16; + keeper 2 = 18."""
    s = pos("KE1 kE16 WE8")
    assert len(dests(s, "E8")) == 16
    assert M.perft(s, 1) == 18
    refused(s, "E8-E9", "MM-08")
    refused(pos("KE1 kE16 WD3"), "D3-I8", "MM-08")  # 5 squares
    legal(pos("KE1 kE16 WD3"), "D3-H7")  # 4 squares


def test_winger_cannot_stop_in_white_area_or_own_goal_mm03_mm04():
    """A winger G4 (A to move). Up-left: F3; E2 is white (may not stop, may cross), then D1
    is A's own goal: stop -> 1. Up-right: F5 E6 D7 C8 -> 4. Down-left: H3 I2 -> 2.
    Down-right: H5 I6 -> 2. Winger 9 + keeper 2 = 11."""
    s = pos("KE1 kE16 WG4")
    assert dests(s, "G4") == {"F3", "F5", "E6", "D7", "C8", "H3", "I2", "H5", "I6"}
    assert M.perft(s, 1) == 11
    refused(s, "G4-E2", "MM-03")
    refused(s, "G4-D1", "MM-04")


def test_blue_winger_crosses_the_white_area_to_score_mm03_mm16():
    """The same winger for B (attacking column 1): up-left F3, then over the white E2 into
    the free goal square D1 (keeper on E1): 2; the rest as above 8 -> 10; B's keeper E16:
    D16, F16 -> 2. perft(1) = 12."""
    s = pos("KE1 kE16 wG4", "B")
    assert dests(s, "G4") == {"F3", "D1", "F5", "E6", "D7", "C8", "H3", "I2", "H5", "I6"}
    assert M.perft(s, 1) == 12
    legal(s, "G4-D1")


def test_winger_keeps_its_colour_on_a_striped_pitch_mm08_mmA3():
    """grass 'stripes' (colour = column % 2): a diagonal step changes the column by 1, so
    only 2 or 4 squares keep the colour. Winger E8: C6 A4 / C10 A12 / G6 I4 / G10 I12 -> 8;
    + keeper 2 = 10."""
    s = pos("KE1 kE16 WE8", grass="stripes")
    assert dests(s, "E8") == {"C6", "A4", "C10", "A12", "G6", "I4", "G10", "I12"}
    assert M.perft(s, 1) == 10
    refused(s, "E8-D9", "MM-08")


def test_runner_orthogonal_up_to_four_mm09():
    """Runner D4 for B (attacks column 1). Left: D3, the white D2 crossed, the free goal
    square D1 (keeper on E1): 2. Up: C4 B4 A4: 3. Down: E4 F4 G4 H4: 4. Right: D5-D8: 4.
    13 + B keeper 2 = 15. For A the same runner cannot enter its own goal: 12 + 2 = 14."""
    s = pos("KE1 kE16 rD4", "B")
    assert dests(s, "D4") == {"D3", "D1", "C4", "B4", "A4", "E4", "F4", "G4", "H4", "D5", "D6", "D7", "D8"}
    assert M.perft(s, 1) == 15
    a = pos("KE1 kE16 RD4")
    assert M.perft(a, 1) == 14
    refused(a, "D4-D1", "MM-04")
    refused(a, "D4-D9", "MM-09")
    refused(a, "D4-E5", "MM-09")


def test_runner_never_slides_through_a_goal_mm31():
    """B runner C1: down D1 is a free goal square: score, and no further (MM-31): 1. Up:
    B1 A1: 2. Right: C2-C5: 4. Left: off the pitch. 7 + B keeper 2 = 9.
    With A's keeper on D1 instead: down is closed (MM-17) -> 6 + 2 = 8."""
    s = pos("KE1 kE16 rC1", "B")
    assert dests(s, "C1") == {"D1", "B1", "A1", "C2", "C3", "C4", "C5"}
    assert M.perft(s, 1) == 9
    refused(s, "C1-G1", "MM-31")  # D1, E1, F1 on the way
    refused(pos("KE1 kE16 RC1"), "C1-G1", "MM-31")
    k = pos("KD1 kE16 rC1", "B")
    assert M.perft(k, 1) == 8
    refused(k, "C1-D1", "MM-17")


def test_joker_any_direction_up_to_two_mm10():
    """Joker E8 alone: 8 directions x 2 -> 16; + keeper 2 = 18. With A's defender on E9 the
    joker's right is blocked (14) and the defender has its 8 neighbours but E8 (7):
    14 + 7 + 2 = 23."""
    assert M.perft(pos("KE1 kE16 JE8"), 1) == 18
    s = pos("KE1 kE16 JE8 DE9")
    assert M.perft(s, 1) == 23
    refused(s, "E8-E10", "MM-14")
    refused(s, "E8-E11", "MM-10")
    refused(s, "E8-C9", "MM-10")


def test_joker_crosses_white_squares_and_scores_not_on_the_keeper_mm03_mm17():
    """B joker E3, A keeper E1, B keeper E16. Up: D3 C3 (2). Down: F3 G3 (2). Left: E2
    white, E1 the keeper: 0. Right: E4 E5 (2). Up-left: D2 white crossed, C1 (1). Up-right:
    D4 C5 (2). Down-left: F2 white crossed, G1 (1). Down-right: F4 G5 (2). 12 + 2 = 14.
    With A's keeper on D1 instead, left goes over E2 into E1 to score: 13 + 2 = 15."""
    s = pos("KE1 kE16 jE3", "B")
    assert dests(s, "E3") == {"D3", "C3", "F3", "G3", "E4", "E5", "C1", "D4", "C5", "G1", "F4", "G5"}
    assert M.perft(s, 1) == 14
    refused(s, "E3-E1", "MM-17")
    refused(s, "E3-E2", "MM-03")
    assert M.perft(pos("KD1 kE16 jE3", "B"), 1) == 15


def test_raider_jumps_in_an_L_mm11():
    """A raider G3 (row G = 6, column 3): H5 H1 F5 I4 I2 E4; F1 is A's own goal (MM-04)
    and E2 white (MM-03) -> 6; + keeper 2 = 8. Surrounded by pieces it still jumps."""
    s = pos("KE1 kE16 LG3")
    assert dests(s, "G3") == {"H5", "H1", "F5", "I4", "I2", "E4"}
    assert M.perft(s, 1) == 8
    refused(s, "G3-F1", "MM-04")
    refused(s, "G3-E2", "MM-03")
    refused(s, "G3-G5", "MM-11")
    boxed = pos("KE1 kE16 LG3 dF2 dF3 dF4 dG2 dG4 dH2 dH3 dH4")
    assert dests(boxed, "G3") == {"H5", "H1", "F5", "I4", "I2", "E4"}


def test_rulebook_example_blue_raider_g3_to_f1_mm16():
    """Rulebook "Example of a Move": blue raider G3 -> F1. B to move: raider H5 H1 F5 F1 I4
    I2 E4 (E2 white) -> 7, + B keeper 2 = 9."""
    s = pos("KE1 kE16 lG3", "B")
    legal(s, "G3-F1")
    assert dests(s, "G3") == {"H5", "H1", "F5", "F1", "I4", "I2", "E4"}
    assert M.perft(s, 1) == 9
    after = M.apply(s, M.parse_move("G3-F1")).state
    assert after.score == M.State(options=M.Options()).score.set("B", 1)


def test_no_move_on_the_keepers_square_mm17():
    """A keeper on F1: the raider's F1 is closed -> 6 + 2 = 8."""
    s = pos("KF1 kE16 lG3", "B")
    assert M.perft(s, 1) == 8
    refused(s, "G3-F1", "MM-17")


def test_occupied_squares_are_closed_mm13_and_only_the_raider_jumps_mm14():
    s = pos("KE1 kE16 RE5 DE7 dE6 WG5")
    refused(s, "E5-E6", "MM-13")  # an opponent: no capture
    refused(s, "E5-E7", "MM-14")  # through E6
    refused(s, "E5-E8", "MM-14")
    refused(pos("KE1 kE16 WE5 DF6"), "E5-G7", "MM-14")
    refused(pos("KE1 kE16 WE5 DF6"), "E5-F6", "MM-13")


def test_the_keeper_never_scores_mm18():
    """The keeper's only moves are along its own goal line; aimed at the other goal it is
    refused with MM-18."""
    s = pos("KE1 kE16")
    refused(s, "E1-E16", "MM-18")


def test_turn_and_piece_checks_mm12():
    s = pos("KE1 kE16 DE8 dE10")
    refused(s, "E10-E11", "MM-12")  # B's piece on A's turn
    refused(s, "E9-E10", "MM-12")  # no piece
    refused(s, "E8-E8", "MM-12")


# --- depth 2 -------------------------------------------------------------------------------


def test_perft_two_plies_defenders():
    """A keeper E1, A defender E8, B defender E10, B keeper E16; A to move.
    Depth 1: keeper 2 + defender 8 = 10.
    Depth 2: B always has keeper 2 (D16, F16) + defender E10's 8 neighbours (D9 D10 D11 E9
    E11 F9 F10 F11), less the one A's defender now stands on. A's defender reaches D9, E9
    or F9 in 3 of its moves (B: 2 + 7 = 9 each), its other 5 leave B 10, A's 2 keeper
    moves leave B 10: 3*9 + 5*10 + 2*10 = 97."""
    s = pos("KE1 kE16 DE8 dE10")
    assert M.perft(s, 1) == 10
    assert M.perft(s, 2) == 97


def test_perft_two_plies_lone_defender():
    """A keeper E1, defender E8, B keeper E16: 10 moves, each answered by B's 2 keeper
    moves: 20. Three plies: A again has 10 after each (its defender moved 1 square
    somewhere in the open, keeper toggled): not uniform, so stop at 2."""
    assert M.perft(pos("KE1 kE16 DE8"), 2) == 20


def test_perft_two_plies_a_move_ends_the_branch():
    """The rulebook example position, B to move: 9 moves (above). F1 scores: the game goes
    to the changes phase, nothing moves (0 children). The other 8 moves leave A its keeper
    E1 with D1 and F1 free: 2 each. perft(2) = 8 * 2 = 16."""
    s = pos("KE1 kE16 lG3", "B")
    assert M.perft(s, 2) == 16


# --- anti-stalemate in the generator (MM-24, MM-29) -----------------------------------------


def test_generator_leaves_out_the_fifth_traversal():
    """Defender E8 with trav {E8, E9} = 4: E9 is left out: 7 + 2 = 9. With
    stalemate_refuse 6 the fifth is still allowed: 10."""
    s = pos("KE1 kE16 DE8")
    e8, e9 = M.square("E8"), M.square("E9")
    from dataclasses import replace

    s4 = replace(s, trav=((e8, e8, e9, 4),))
    assert M.perft(s4, 1) == 9
    refused(s4, "E8-E9", "MM-24")
    s6 = replace(s4, options=M.Options(stalemate_refuse=6))
    assert M.perft(s6, 1) == 10


# --- generator and validator agree (property) -----------------------------------------------

OPEN = [s for s in range(144)
        if M.square_name(s) not in M.DEFAULT_WHITE_AREA and s not in M.GOALS.A | M.GOALS.B]


@st.composite
def positions(draw) -> M.State:
    squares = draw(st.lists(st.sampled_from(OPEN), min_size=1, max_size=24, unique=True))
    placed = [(M.square(draw(st.sampled_from(["D1", "E1", "F1"]))), M.Piece("A", "keeper")),
              (M.square(draw(st.sampled_from(["D16", "E16", "F16"]))), M.Piece("B", "keeper"))]
    for sq in squares:
        placed.append((sq, M.Piece(draw(st.sampled_from(["A", "B"])),
                                   draw(st.sampled_from(["defender", "winger", "runner", "joker", "raider"])))))
    board = M.Board.from_pieces(placed)
    trav = []
    for sq in draw(st.lists(st.sampled_from(squares), max_size=3, unique=True)):
        other = draw(st.sampled_from(OPEN))
        if other != sq:
            trav.append((sq, min(sq, other), max(sq, other), draw(st.integers(1, 5))))
    grass = draw(st.sampled_from(["checkerboard", "stripes"]))
    return M.State(options=M.Options(grass=grass), phase="play", board=board, kickoff=board,
                   to_move=draw(st.sampled_from(["A", "B"])), trav=tuple(sorted(trav)))


@settings(max_examples=scaled(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_check_move_accepts_exactly_the_generated_moves(state):
    legal_set = {(m.frm, m.to) for m in M.legal_moves(state)}
    for frm, _ in state.board.pieces(state.to_move):
        for to in range(144):
            try:
                M.check_move(state, M.Move(frm, to))
                ok = True
            except IllegalInput:
                ok = False
            assert ok == ((frm, to) in legal_set), (M.square_name(frm), M.square_name(to))
