"""Master Move board and notation (MM-01..MM-03, MM-A2, MM-A3): square names, goals and
halves, white area and grass as data, the board text and the one-line snapshot
(``parse(snapshot(s)) == s``), and the PGN-like game record (save, load, replay)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchside.core.rules import mastermove as M
from pitchside.core.rules.mastermove import record as R
from pitchside.core.rules.mastermove.board import (
    Board,
    at,
    col_of,
    goal_of,
    grass_colours,
    in_half,
    make_pitch,
    row_of,
)
from pitchside.core.sides import PerSide
from support.examples import scaled

# --- squares, goals, halves, white area, grass --------------------------------------------


def test_squares_a1_to_i16_mm01():
    assert M.square("A1") == 0 and M.square("A16") == 15 and M.square("I16") == 143
    assert M.square("E8") == 4 * 16 + 7
    assert [M.square_name(s) for s in (0, 15, 16, 143)] == ["A1", "A16", "B1", "I16"]
    assert all(M.square(M.square_name(s)) == s for s in range(144))
    for bad in ("J1", "A0", "A17", "a1", "E08", "E", "", "E1 ", "E+1", 7):
        with pytest.raises(ValueError):
            M.square(bad)  # type: ignore[arg-type]
    assert at(-1, 1) is None and at(0, 0) is None and at(8, 16) == 143 and at(9, 1) is None
    assert (row_of(M.square("G3")), col_of(M.square("G3"))) == (6, 3)


def test_goals_and_halves_mm01_mm02():
    assert {M.square_name(s) for s in M.GOALS.A} == {"D1", "E1", "F1"}  # yellow, A
    assert {M.square_name(s) for s in M.GOALS.B} == {"D16", "E16", "F16"}  # blue, B
    assert goal_of(M.square("F1")) == "A" and goal_of(M.square("E16")) == "B" and goal_of(M.square("C1")) is None
    assert in_half("A", M.square("I8")) and not in_half("A", M.square("A9"))
    assert in_half("B", M.square("A9")) and not in_half("B", M.square("E8"))


def test_white_area_default_and_as_data_mmA2():
    p = make_pitch(M.DEFAULT_WHITE_AREA, "checkerboard")
    assert {M.square_name(s) for s in p.white} == {"D2", "E2", "F2", "D15", "E15", "F15"}
    assert M.square("G3") not in p.white  # the rulebook example's raider stands on G3
    q = make_pitch(("C2", "G2"), "checkerboard")
    assert {M.square_name(s) for s in q.white} == {"C2", "G2"}
    with pytest.raises(ValueError):
        make_pitch(("D1",), "checkerboard")


def test_grass_checkerboard_stripes_and_map_mmA3():
    cb = grass_colours("checkerboard")
    assert cb[M.square("A1")] == 1 and cb[M.square("A2")] == 0 and cb[M.square("B2")] == 1
    # a diagonal step never changes the colour, an orthogonal one always does
    assert all(cb[s] == cb[s + 17] for s in range(144 - 17) if col_of(s) < 16)
    stripes = grass_colours("stripes")
    assert stripes[M.square("A1")] == stripes[M.square("I1")] == 1 and stripes[M.square("E2")] == 0
    custom = ("1" * 16,) * 4 + ("0" * 16,) * 5
    assert grass_colours(custom)[M.square("D5")] == 1 and grass_colours(custom)[M.square("E5")] == 0
    for bad in ("plaid", ("01",) * 9, ("2" * 16,) * 9, ("0" * 16,) * 8):
        with pytest.raises(ValueError):
            grass_colours(bad)


# --- board text and snapshot ----------------------------------------------------------------


def test_board_text():
    assert M.board_text(Board()) == "/".join(["16"] * 9)
    b = Board().put(M.square("E1"), M.Piece("A", "keeper")).put(M.square("E16"), M.Piece("B", "keeper"))
    b = b.put(M.square("G3"), M.Piece("B", "raider"))
    assert M.board_text(b) == "16/16/16/16/K14k/16/2l13/16/16"
    assert M.parse_board("16/16/16/16/K14k/16/2l13/16/16") == b
    for bad in ("16/16", "16/16/16/16/K15k/16/16/16/16", "16/16/16/16/16/16/16/16/X15",
                "16/16/16/16/16/16/16/16/017", "16/16/16/16/16/16/16/16/8 8"):
        with pytest.raises(ValueError):
            M.parse_board(bad)


def test_snapshot_of_a_known_position():
    """Worked out by hand from the line-ups of test_mm_rules (LA/LB): row B holds A's
    winger B3, A's raider B7, B's raider B10, B's winger B14: '2W3L2l3w2'."""
    from dataclasses import replace

    s = M.State(options=M.Options(), phase="play", to_move="B",
                board=M.parse_board("16/2W3L2l3w2/1D6r5d1/7R8/K2W2J2j2w3/7R7k/1D6r5d1/2W3L2l3w2/16"),
                kickoff=M.parse_board("16/2W3L2l3w2/1D6r5d1/7R8/K2W2J2j2w2k/7R8/1D6r5d1/2W3L2l3w2/16"),
                trav=((M.square("E7"), M.square("E6"), M.square("E7"), 2),))
    text = M.snapshot(s)
    assert text.split(" ")[1:8] == ["play", "B", "0-0", "0-0", "0-0", "-", "-"]
    assert text.endswith(" E7:E6-E7=2")
    assert M.parse(text) == s
    assert M.snapshot(replace(s, kickoff=s.board, trav=())).endswith(" = -")


@st.composite
def states(draw) -> M.State:
    letters = st.sampled_from(list(".KDWRJLkdwrjl"))
    cells = tuple(draw(st.lists(st.sampled_from(".........KDWRJLkdwrjl"), min_size=144, max_size=144)))
    kick = draw(st.one_of(st.just(cells), st.lists(letters, min_size=144, max_size=144).map(tuple)))
    sides = st.sampled_from([None, "A", "B"])
    trav = draw(st.dictionaries(
        st.tuples(st.integers(0, 143), st.integers(0, 142)).map(lambda t: (t[0], t[1], t[1] + 1)),
        st.integers(1, 9), max_size=4))
    return M.State(
        options=M.Options(),
        phase=draw(st.sampled_from(["lineup", "toss", "play", "changes", "finished"])),
        board=Board(cells),
        kickoff=Board(kick),
        to_move=draw(sides),
        score=PerSide(draw(st.integers(0, 3)), draw(st.integers(0, 3))),
        changes_used=PerSide(draw(st.integers(0, 4)), draw(st.integers(0, 4))),
        credit=PerSide(draw(st.integers(0, 4)), draw(st.integers(0, 4))),
        restarting=draw(sides),
        trav=tuple(sorted((p, a, b, n) for (p, a, b), n in trav.items())),
        forfeit=draw(sides),
    )


@settings(max_examples=scaled(200), deadline=None)
@given(states())
def test_snapshot_round_trips(state):
    text = M.snapshot(state)
    assert "\n" not in text and len(text.split(" ")) == 10
    assert M.parse(text, state.options) == state


@pytest.mark.parametrize("text", [
    "",
    "16/16/16/16/16/16/16/16/16 play A 0-0 0-0 0-0 - - = -  ",
    "16/16/16/16/16/16/16/16/16 playing A 0-0 0-0 0-0 - - = -",
    "16/16/16/16/16/16/16/16/16 play C 0-0 0-0 0-0 - - = -",
    "16/16/16/16/16/16/16/16/16 play A 4-0 0-0 0-0 - - = -",
    "16/16/16/16/16/16/16/16/16 play A 0-0 0-5 0-0 - - = -",
    "16/16/16/16/16/16/16/16/16 play A 0-0 0-0 0-0 - - = E7:E7-E6=2",
    "16/16/16/16/16/16/16/16/16 play A 0-0 0-0 0-0 - - = E7:E6-E7=0",
    "16/16/16/16/16/16/16/16/16 play A 0-0 0-0 0-0 - - = E7:E6-E7=2,D7:E6-E7=2",
])
def test_parse_refuses_bad_snapshots(text):
    with pytest.raises(ValueError):
        M.parse(text)


def test_move_text():
    assert str(M.parse_move("G3-F1")) == "G3-F1"
    assert M.parse_move("G3-F1") == M.Move(M.square("G3"), M.square("F1"))
    for bad in ("G3F1", "G3-", "G3-Z1"):
        with pytest.raises(ValueError):
            M.parse_move(bad)


# --- the game record (PGN-like) ----------------------------------------------------------------

RECORD = """[Game "Master Move"]
[Event "Club night"]
[A "Yellow FC"]
[B "Blue \\"Town\\""]
[Options "{}"]
[RulesVersion "1"]
[Result "*"]

lineup A: K E1; D C2 G2; W B3 E4 H3; R D8 F8; J E7; L B7 H7
lineup B: K E16; D C15 G15; W B14 E13 H14; R C9 G9; J E10; L B10 H10
toss A
A D8-D12
B G9-G5
A D12-D16 {Move! 1-0}
change B B14-D14
restart
B C9-C5
A E7-E6
B C5-D5
A E6-E7
B D5-D1 {Move! 1-1}
"""


def test_record_loads_and_replays_to_the_position_worked_out_by_hand():
    """A scores 1-0 down row D; B changes B14-D14 and restarts; B scores 1-1 down row C to
    D5 then over D4, D3 and the white D2 into D1. Back at the kick-off line-up (with D14),
    changes phase, A (conceded) will restart; changes used 0-1."""
    rec = R.loads(RECORD)
    assert rec.tag("B") == 'Blue "Town"' and rec.tag("Event") == "Club night"
    assert len(rec.entries) == 13 and rec.entries[3].side == "A" and rec.entries[3].line == 12
    s = R.replay(rec)
    assert s.phase == "changes" and s.score == PerSide(1, 1) and s.restarting == "A"
    assert s.changes_used == PerSide(0, 1)
    assert s.board.get(M.square("D14")) == M.Piece("B", "winger") and s.board.is_free(M.square("B14"))
    assert s.board.get(M.square("C9")) == M.Piece("B", "runner")  # back at the line-up


def test_record_save_load_replay_round_trip(tmp_path):
    rec = R.loads(RECORD)
    path = tmp_path / "game.mmr"
    path.write_text(R.dumps(rec), encoding="utf-8")
    again = R.loads(path.read_text(encoding="utf-8"))
    assert again.inputs == rec.inputs
    assert R.replay(again) == R.replay(rec)
    assert R.dumps(again) == R.dumps(rec)
    text = R.dumps(rec)
    assert '[B "Blue \\"Town\\""]' in text and '[Result "*"]' in text  # not finished yet
    assert "B D5-D1 {Move! 1-1}" in text


def test_record_from_inputs_labels_sides_and_results():
    s_inputs = R.loads(RECORD).inputs + [M.Quit("B")]
    rec = R.from_inputs(s_inputs, M.Options(changes="carry_over"), [("A", "Ann")])
    text = R.dumps(rec)
    assert '[Result "3-0"]' in text and '[Options "{\\"changes\\": \\"carry_over\\"}"]' in text
    assert "quit B {forfeit 3-0}" in text
    back = R.loads(text)
    assert back.options == M.Options(changes="carry_over")
    assert R.replay(back).forfeit == "B"


@pytest.mark.parametrize("text, line, message", [
    (RECORD.replace("toss A", "toss C"), 11, "a side is A or B"),
    (RECORD.replace("A D8-D12", "A D8D12"), 12, "written like"),
    (RECORD.replace("A D8-D12", "castle"), 12, "not a record line"),
    (RECORD.replace("lineup A: K E1;", "lineup A: Q E1;"), 9, "unknown piece letter"),
    (RECORD.replace('[Event "Club night"]', "[Event Club night]"), 2, "a tag is written"),
    (RECORD.replace('[Options "{}"]', '[Options "{\\"colour\\": 1}"]'), 1, "unknown option"),
])
def test_record_read_errors_name_the_line(text, line, message):
    with pytest.raises(R.RecordError) as info:
        R.loads(text)
    assert info.value.line == line and message in str(info.value)


def test_record_replay_errors():
    with pytest.raises(R.RecordError) as info:
        R.replay(R.loads(RECORD.replace("B G9-G5", "A G9-G5")))
    assert info.value.line == 13 and "written for A" in str(info.value)
    with pytest.raises(R.RecordError) as info:
        R.replay(R.loads(RECORD.replace("B G9-G5", "B G9-G4")))
    assert info.value.line == 13 and "MM-09" in str(info.value)
    finished = R.dumps(R.from_inputs(R.loads(RECORD).inputs + [M.Quit("A")]))
    with pytest.raises(R.RecordError):
        R.replay(R.loads(finished.replace('[Result "0-3"]', '[Result "3-0"]')))


def test_parse_snapshot_of_one_exact_line_and_back():
    """The module docstring's example (the rules module's
    ``snapshot``/``parse_snapshot``): the line-ups of full_game_3_1, E7-E6, E16-F16,
    E6-E7; B to move; the kick-off line-up differs from the board by B's keeper."""
    text = ("16/2W3L2l3w2/1D6r5d1/7R8/K2W2J2j2w3/7R7k/1D6r5d1/2W3L2l3w2/16 play B 0-0 0-0 0-0 - - "
            "16/2W3L2l3w2/1D6r5d1/7R8/K2W2J2j2w2k/7R8/1D6r5d1/2W3L2l3w2/16 E7:E6-E7=2")
    s = M.parse_snapshot(text)
    assert (s.phase, s.to_move, s.trav) == ("play", "B", ((M.square("E7"), M.square("E6"), M.square("E7"), 2),))
    assert s.board.get(M.square("F16")) == M.Piece("B", "keeper") and s.kickoff.get(M.square("E16")) == M.Piece("B", "keeper")
    assert M.snapshot(s) == text
    carry = M.Options(changes="carry_over")
    assert M.parse_snapshot(text, carry) == M.State(**{**{f: getattr(s, f) for f in s.__slots__}, "options": carry})
