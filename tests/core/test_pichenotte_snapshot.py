"""Pichenotte's one-line snapshot (rules.snapshot / rules.parse_snapshot): the exact
line of a state worked out by hand, and lines that are not snapshots. The round trip
over every reachable state is a property test in test_pichenotte_properties.py."""

from __future__ import annotations

import pytest

from pitchside.core.rules import pichenotte as P
from pitchside.core.sides import PerSide


def test_the_snapshot_of_a_match_in_its_second_round() -> None:
    """Race to 500 in doubles, 4 pucks a side (2 a partner). Round 1: A 15 - B 20 (B's
    twenty; A one puck in the 15 zone). Round 2 (B starts, PI-20): B1 shoots free and
    stays; A2 hits and stays; B2 knocks A's puck into the hole (A's twenty, PI-11)."""
    s = P.new_match(P.Options(players="doubles", format="race500", pucks=4, max_rounds=9))
    for inp in (
        P.CoinToss("A"),
        P.Shot(), P.Shot(twenty=True), P.Shot(ditched=True), P.Shot(ditched=True),
        P.Shot(ditched=True), P.Shot(ditched=True), P.Shot(ditched=True), P.Shot(ditched=True),
        P.Tally((1, 0, 0), (0, 0, 0)),
        P.Shot(), P.Shot(), P.Shot(knocked_in=PerSide(1, 0)),
    ):
        s = P.apply(s, inp).state
    assert P.snapshot(s) == (
        "shooting 2 A B A 1/2 3/2 0/2 1/0 0/0 15-20"
        " players=doubles format=race500 pucks=4 call_binds=yes outer_line_on_free_shot=yes"
        " first_shooter=alternate rounds_to_win=4 max_rounds=9 race_target=500 race_scoring=raw technique_foul=no"
    )
    assert P.parse_snapshot(P.snapshot(s)) == s


def test_a_new_match_and_its_defaults() -> None:
    s = P.new_match()
    line = P.snapshot(s)
    assert line.startswith("toss 1 - - - 0/0 12/12 0/0 0/0 0/0 - players=singles format=rounds pucks=12 ")
    assert line.endswith(" max_rounds=- race_target=500 race_scoring=raw technique_foul=no")
    assert P.parse_snapshot(line) == s


GOOD = P.snapshot(P.new_match(P.Options(pucks=2)))


@pytest.mark.parametrize(
    "line",
    [
        "",
        "toss 1 - - -",
        GOOD.replace("toss", "warmup", 1),
        GOOD.replace("2/2", "2/x", 1),
        GOOD.replace("2/2", "3/2", 1),  # A would have 3 pucks of 2 (PI-01)
        GOOD.replace("toss 1", "toss 2", 1),  # round 2 with no finished round
        GOOD.replace("toss 1 -", "toss 1 C", 1),
        GOOD.replace(" players=singles", ""),
        GOOD + " players=doubles",
        GOOD + " handicap=3",
        GOOD.replace("call_binds=yes", "call_binds=true"),
        GOOD.replace("format=rounds", "format=race1000"),
        GOOD.replace("pucks=2", "pucks=0").replace("2/2", "0/0", 1),
        GOOD.replace("max_rounds=-", "max_rounds=-1"),
        GOOD.replace("rounds_to_win=4", "rounds_to_win=٤"),
    ],
)
def test_what_is_not_a_snapshot_is_a_value_error(line: str) -> None:
    with pytest.raises(ValueError):
        P.parse_snapshot(line)
