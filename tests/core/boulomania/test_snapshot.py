"""Boulomania's one-line snapshot (python-chess's FEN idea): one exact line, a finished
game, and lines that are not snapshots. The round trip ``parse_snapshot(snapshot(s)) ==
s`` over random folds is in test_properties.py, beside its strategies."""

from __future__ import annotations

import pytest
from pitchside.core.rules import boulomania as B


def test_one_exact_snapshot() -> None:
    s = B.new_game(B.Options(target=7, push_optional=True))
    assert B.snapshot(s) == "------/------------ start_roll - - 1 8,8 0,0 0,0 - target=7,push_optional=true"
    for inp in (B.StartRoll(5, 2), B.JackRoll(3), B.Point((5, 6)), B.Point((6, 5, 5)), B.Shoot(11, 2)):
        s = B.apply(s, inp).state
    # A on 11, B on 16: A holds the point, B threw again and missed; B to throw (6 left), A 7
    assert B.snapshot(s) == "--J---/----A----B-- throw B A 1 7,6 0,1 0,0 - target=7,push_optional=true"
    assert B.parse_snapshot(B.snapshot(s)) == s


def test_a_finished_game_keeps_its_board_and_rounds() -> None:
    s = B.parse_snapshot("--J---/----AA------ finished - A 3 0,0 0,0 13,2 5-1,0-1,8-0 -")
    assert s.phase == "finished" and s.jack == 3 and B.bowls_on_board(s) == (11, 12)
    assert s.round_scores == (B.PerSide(5, 1), B.PerSide(0, 1), B.PerSide(8, 0)) and s.score == B.PerSide(13, 2)
    assert B.outcome(s) is not None and B.outcome(s).winner == "A"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "------/------------ start_roll - - 1 8,8 0,0 0,0 -",  # nine fields
        "------/----------- start_roll - - 1 8,8 0,0 0,0 - -",  # eleven bowl spaces
        "--J---/-------J---- throw A A 1 8,8 0,0 0,0 - -",  # a jack on a bowl space
        "-J-J--/------------ throw A A 1 8,8 0,0 0,0 - -",  # two jacks
        "--J---/----C------- throw A A 1 8,8 0,0 0,0 - -",
        "--J---/------------ pointing A A 1 8,8 0,0 0,0 - -",
        "--J---/------------ throw C A 1 8,8 0,0 0,0 - -",
        "--J---/------------ throw A A one 8,8 0,0 0,0 - -",
        "--J---/------------ throw A A 1 8;8 0,0 0,0 - -",
        "--J---/------------ throw A A 1 8,8 0,0 0,0 1:0 -",
        "--J---/------------ throw A A 1 8,8 0,0 0,0 - pucks=3",
        "--J---/------------ throw A A 1 8,8 0,0 0,0 - bowls=9",
        "--J---/------------ throw A A 1 8,8 0,0 0,0 - shoot_own=yes",
    ],
)
def test_what_is_not_a_snapshot_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="snapshot|bowls"):
        B.parse_snapshot(text)
