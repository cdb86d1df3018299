"""Pitch Bowl's one-line snapshot of a state (python-chess's FEN idea): exact strings
worked out by hand from the fields of :func:`pitchside.core.rules.pitchbowl.snapshot`,
and refusals of text that is not one. The round trip over random folds is a property
test (test_properties.py)."""

from __future__ import annotations

import pytest

from pitchside.core.rules import pitchbowl as PB
from pitchside.core.sides import PerSide

P = PB.Pitch


def test_a_new_match_with_the_default_options():
    assert PB.snapshot(PB.new_match()) == "toss ---- 0-0 0-0 0 0 - - 0ub1101"
    assert PB.parse_snapshot("toss ---- 0-0 0-0 0 0 - - 0ub1101") == PB.new_match()


def test_a_match_in_play_with_a_loss_and_its_options(h):
    opts = PB.Options(defensive_placement=True, end_turn="always", carrier_out="loose", bonus_all_out_again=False)
    s = h.kicked_off("B", **{f: getattr(opts, f) for f in ("defensive_placement", "end_turn", "carrier_out",
                                                            "bonus_all_out_again")})
    # B won the toss and kicks: A's turn, ball loose. A picks up (bonus owed, PB-19).
    s = h.fold(s, P(announce="pickup", result="success"))
    assert PB.snapshot(s) == "turn BBAA 0-0 0-0 1 0 ub - 1al1100"
    # The bonus pitch (a Run) opens B's placement window; B's placement goes wrong (PB-32).
    s = h.fold(s, P())
    assert PB.snapshot(s) == "turn BBAA 0-0 0-0 1 0 uw - 1al1100"
    s = h.fold(s, PB.DefPlacement(ok=False))
    assert PB.snapshot(s) == "turn BBAA 0-0 0-0 1 0 ux - 1al1100"
    # A's Pass misses: B's turn, ball loose, the counters reset (PB-14, PB-28).
    s = h.fold(s, P(announce="pass", result="miss"))
    text = "turn BBB- 0-0 0-0 0 0 - A:MISS:PB-14 1al1100"
    assert PB.snapshot(s) == text
    assert PB.parse_snapshot(text) == s


def test_players_off_the_field_and_touchdowns_read_back():
    s = PB.State(options=PB.Options(), phase="turn", toss_winner="A", kicker="A", active="B", possession="B",
                 score=PerSide(2, 1), off_field=PerSide(0, 10), pitched=11, def_turned=3,
                 last_loss=PB.Loss("A", "OUT_OF_BOUNDS", "PB-24"))  # fmt: skip
    text = "turn AABB 2-1 0-10 11 3 - A:OUT_OF_BOUNDS:PB-24 0ub1101"
    assert PB.snapshot(s) == text and PB.parse_snapshot(text) == s


@pytest.mark.parametrize(
    "text",
    [
        "",
        "toss ---- 0-0 0-0 0 0 - -",  # eight fields
        "kick ---- 0-0 0-0 0 0 - - 0ub1101",  # no such phase
        "toss --C- 0-0 0-0 0 0 - - 0ub1101",
        "toss ---- 0:0 0-0 0 0 - - 0ub1101",
        "toss ---- 0-0 0-0 -1 0 - - 0ub1101",
        "toss ---- 0-0 0-0 0 0 oo - 0ub1101",  # a flag twice
        "toss ---- 0-0 0-0 0 0 q - 0ub1101",
        "toss ---- 0-0 0-0 0 0 - A:SLIP:PB-14 0ub1101",
        "toss ---- 0-0 0-0 0 0 - - 0zb1101",
        "toss ---- 0-0 0-0 0 0 - - 0ub110",
    ],
)
def test_text_that_is_no_snapshot_is_refused(text):
    with pytest.raises(ValueError):
        PB.parse_snapshot(text)
