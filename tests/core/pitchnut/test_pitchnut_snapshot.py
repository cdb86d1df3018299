"""Pitchnut's one-line snapshot of a state (python-chess's FEN idea):
``snapshot(state) -> str`` and ``parse_snapshot(text) -> State``. The round trip over
random folds is a property test in test_pitchnut_properties.py; here, exact lines."""

from __future__ import annotations

import pytest

from pitchside.core.notice import Notice
from pitchside.core.rules import pitchnut as P
from pitchside.core.sides import PerSide


def fold(state: P.State, *inputs: P.Input) -> P.State:
    for inp in inputs:
        state = P.apply(state, inp).state
    return state


def test_a_new_match_is_all_defaults() -> None:
    s = P.new_match()
    assert P.snapshot(s) == "toss 1 - - - break -- 0/0 0/0 0 0/0 - 0/0 - -"
    assert P.parse_snapshot(P.snapshot(s)) == s


def test_a_scratch_after_the_colour_is_assigned() -> None:
    # 5 a colour; A won the toss and breaks with one white: A white (PN-10), A again;
    # then the pitch goes off the board: that white is spotted (PN-08), B to shoot
    s = fold(P.new_match(P.Options(pieces=5)), P.CoinToss("A"), P.Breaker("A"), P.Shot(white=1), P.Shot(pitch="off"))
    assert P.snapshot(s) == "shooting 1 A A B - wb 0/0 0/0 0 0/0 - 1/1 - pieces=5"
    assert P.parse_snapshot("shooting 1 A A B - wb 0/0 0/0 0 0/0 - 1/1 - pieces=5") == s


def test_a_finished_match_keeps_how_its_last_game_ended() -> None:
    # B broke and missed (a turn begun each: seats 1/1), A sank the poison early: A
    # loses (PN-24), B wins the match
    s = fold(P.new_match(P.Options(pieces=5, turn_continues="any_piece", players="doubles")),
             P.CoinToss("B"), P.Breaker("B"), P.Shot(), P.Shot(poison=True))
    line = "finished 1 B B - - -- 0/0 0/0 0 0/1 A 1/1 B:PN-24:poison_early:A pieces=5,turn_continues=any_piece,players=doubles"
    assert P.snapshot(s) == line
    back = P.parse_snapshot(line)
    assert back == s
    assert back.last_game == P.GameResult("B", Notice.of("PN-24", "poison_early", side="A"))
    assert back.seats == PerSide(1, 1) and back.options.players == "doubles"


@pytest.mark.parametrize(
    "line, words",
    [
        ("toss 1 - - - break -- 0/0 0/0 0 0/0 - 0/0", "15 fields"),
        ("bowling 1 - - - break -- 0/0 0/0 0 0/0 - 0/0 - -", "phase"),
        ("toss one - - - break -- 0/0 0/0 0 0/0 - 0/0 - -", "game_number"),
        ("toss 1 C - - break -- 0/0 0/0 0 0/0 - 0/0 - -", "toss_winner"),
        ("toss 1 - - - yes -- 0/0 0/0 0 0/0 - 0/0 - -", "break"),
        ("toss 1 - - - break wx 0/0 0/0 0 0/0 - 0/0 - -", "colours"),
        ("toss 1 - - - break -- 0-0 0/0 0 0/0 - 0/0 - -", "pocketed"),
        ("toss 1 - - - break -- 0/0 0/0 -1 0/0 - 0/0 - -", "bonus"),
        ("toss 1 - - - break -- 0/0 0/0 0 0/0 - 0/0 A:PN-99:draw:B -", "last_game"),
        ("toss 1 - - - break -- 0/0 0/0 0 0/0 - 0/0 - colour=red", "options"),
        ("toss 1 - - - break -- 0/0 0/0 0 0/0 - 0/0 - pieces=0", "pieces"),
        ("toss 1 - - - break -- 0/0 0/0 0 0/0 - 0/0 - miss_reshoot=yes", "miss_reshoot"),
        ("toss 1 - - - break -- 0/0 0/0 0 0/0 - 0/0 - players=triples", "players"),
    ],
)
def test_a_line_that_is_not_a_snapshot_is_refused_naming_the_field(line: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        P.parse_snapshot(line)
