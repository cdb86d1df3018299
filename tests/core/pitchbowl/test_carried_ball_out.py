"""A carried Ball reported out with ``ball_out`` alone (rulings PB-25, PB-35, PB-A5).

A carried Ball leaves the field only with its carrier, so ``ball_out: true`` while a piece
carries the ball is that carrier leaving the field: OUT OF BOUNDS **and** BALL OUT, the
opponent of the active coach gets the ball at his player nearest the exit, and the carrier
stays off the field until the next kick-off. ``out_of_bounds`` may name the carrier's side
or not: the line means the same. Every path by which a piece holds the ball when the pitch
ends is here (carried before the pitch, a Pick Up, a Strip, a Hand Off, a Pass, an
interception, the bonus pitch, with Going All-Out, with a FALL), each state worked out by
hand and compared whole, and the exact replay lines the contract allows.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pitchside.core.record.format import replay
from pitchside.core.rules import pitchbowl as PB
from pitchside.core.sides import PerSide

P = PB.Pitch

# (possession before, other State fields, the pitch, the state's changes before the turn
# passes, the cause and rule of the lost initiative); B is active, 2 of his pieces pitched.
PATHS = [
    pytest.param("B", {}, P(ball_out=True), {"pitched": 3, "off_field": PerSide(0, 1)}, "OUT_OF_BOUNDS", "PB-24",
                 id="carried-before"),
    pytest.param("A", {}, P(ball_out=True), {"pitched": 3, "off_field": PerSide(1, 0)}, "OUT_OF_BOUNDS", "PB-24",
                 id="opponent-carrier-pushed-out"),
    pytest.param(None, {}, P(announce="pickup", result="success", ball_out=True, ko=0),
                 {"pitched": 3, "off_field": PerSide(0, 1)}, "OUT_OF_BOUNDS", "PB-24", id="pickup"),
    pytest.param("A", {}, P(announce="strip", result="success", ball_out=True),
                 {"pitched": 3, "off_field": PerSide(0, 1)}, "OUT_OF_BOUNDS", "PB-24", id="strip"),
    pytest.param("B", {}, P(announce="handoff", result="success", ball_out=True),
                 {"pitched": 3, "off_field": PerSide(0, 1)}, "OUT_OF_BOUNDS", "PB-24", id="handoff"),
    pytest.param("B", {}, P(announce="pass", result="success", ball_out=True),
                 {"pitched": 3, "off_field": PerSide(0, 1)}, "OUT_OF_BOUNDS", "PB-24", id="pass"),
    pytest.param("B", {}, P(announce="pass", result="interception", ball_out=True),
                 {"pitched": 3, "off_field": PerSide(1, 0)}, "INTERCEPTION", "PB-23", id="interception"),
    pytest.param("B", {"bonus_pending": True}, P(ball_out=True), {"pitched": 2, "off_field": PerSide(0, 1)},
                 "OUT_OF_BOUNDS", "PB-24", id="bonus-pitch"),
    pytest.param("B", {}, P(all_out=True, ball_out=True), {"pitched": 3, "off_field": PerSide(0, 1)},
                 "OUT_OF_BOUNDS", "PB-24", id="all-out"),
    pytest.param("B", {}, P(fall=True, ball_out=True), {"pitched": 3, "off_field": PerSide(0, 1)}, "FALL", "PB-10",
                 id="fall"),
    pytest.param("B", {}, P(out_of_bounds=("A",), ball_out=True), {"pitched": 3, "off_field": PerSide(1, 1)},
                 "OUT_OF_BOUNDS", "PB-24", id="another-player-out"),
    pytest.param("B", {}, P(carrier_out=True, ball_out=True), {"pitched": 3, "off_field": PerSide(0, 1)},
                 "OUT_OF_BOUNDS", "PB-24", id="carrier-out-flag"),
    pytest.param("B", {"options": PB.Options(carrier_out="loose")}, P(ball_out=True),
                 {"pitched": 3, "off_field": PerSide(0, 1)}, "OUT_OF_BOUNDS", "PB-24", id="loose-option"),
]  # fmt: skip


@pytest.mark.parametrize("possession,fields,pitch,changes,cause,rule", PATHS)
def test_ball_out_while_carried_is_the_carrier_out_of_bounds_and_ball_out(
    h, possession, fields, pitch, changes, cause, rule
):
    s = h.turn("B", possession=possession, pitched=2, **fields)
    step = PB.apply(s, pitch)
    assert step.state == h.new_turn(replace(s, possession="A", **changes), "A", cause, rule)


@pytest.mark.parametrize("possession,fields,pitch,changes,cause,rule", PATHS)
def test_ball_out_says_what_the_carrier_listed_among_out_of_bounds_says(
    h, possession, fields, pitch, changes, cause, rule
):
    s = h.turn("B", possession=possession, pitched=2, **fields)
    carrier = next(side for side in ("A", "B") if changes["off_field"][side] > pitch.out_of_bounds.count(side))
    listed = replace(pitch, out_of_bounds=(*pitch.out_of_bounds, carrier))
    assert PB.apply(s, pitch) == PB.apply(s, listed)


def test_the_notices_name_the_carrier_out_of_bounds_and_the_ball_out(h):
    s = h.turn("B", possession="B", pitched=2)
    notices = PB.apply(s, P(ball_out=True)).effects
    assert [(n.rule, n.code, n.as_dict()) for n in notices] == [
        ("PB-24", "out_of_bounds", {"side": "B", "out": 1}),
        ("PB-25", "ball_out", {"side": "A"}),
        ("PB-24", "initiative", {"cause": "OUT_OF_BOUNDS", "lost": "B", "side": "A"}),
    ]


def test_a_loose_ball_out_puts_no_one_off_the_field(h):
    s = h.turn("B", possession=None, pitched=2)
    step = PB.apply(s, P(ball_out=True))
    assert step.state == h.new_turn(replace(s, pitched=3, possession="A"), "A", "BALL_OUT", "PB-25")


def test_a_touchdown_with_ball_out_still_scores_and_puts_no_one_off(h):
    s = h.turn("B", possession="B", pitched=2)
    step = PB.apply(s, P(touchdown=True, ball_out=True))
    assert step.state.score == PerSide(0, 1) and step.state.off_field == PerSide(0, 0)


# The contract's own lines, exactly as a replay file carries them.
START = [
    '{"format": 1, "game": "pitchbowl", "options": {}}',
    '{"input": "coin_toss", "winner": "A"}',
    '{"input": "choose", "choice": "kick"}',
    '{"input": "placement", "side": "A"}',
    '{"input": "placement", "side": "B"}',
    '{"input": "kickoff", "landed": true}',
]
PICKUP_OUT = '{"input": "pitch", "announce": "pickup", "result": "success", "ball_out": true, "ko": 0}'
ALL_OUT_OUT = '{"input": "pitch", "all_out": true, "ball_out": true}'


def _out(lines: list[str]) -> dict[str, object]:
    result = replay(lines)
    assert result.exit_status == 0
    return result.output()


def test_replay_pickup_then_ball_out_in_the_same_pitch():
    out = _out([*START, PICKUP_OUT])
    assert {k: out[k] for k in ("phase", "active", "possession", "pitched", "off_field", "last_loss", "rejected")} == {
        "phase": "turn",
        "active": "A",
        "possession": "A",
        "pitched": 0,
        "off_field": {"A": 0, "B": 1},
        "last_loss": {"side": "B", "cause": "OUT_OF_BOUNDS", "rule": "PB-24"},
        "rejected": [],
    }


def test_replay_all_out_with_ball_out_while_the_active_team_carries():
    out = _out([*START, PICKUP_OUT, ALL_OUT_OUT])
    assert {
        k: out[k] for k in ("phase", "active", "possession", "pitched", "all_out_used", "off_field", "last_loss",
                            "pitches_left", "score", "rejected")
    } == {
        "phase": "turn",
        "active": "B",
        "possession": "B",
        "pitched": 0,
        "all_out_used": False,
        "off_field": {"A": 1, "B": 1},
        "last_loss": {"side": "A", "cause": "OUT_OF_BOUNDS", "rule": "PB-24"},
        "pitches_left": 10,
        "score": {"A": 0, "B": 0},
        "rejected": [],
    }  # fmt: skip


def test_replay_strict_accepts_the_lines():
    result = replay([*START, PICKUP_OUT, ALL_OUT_OUT], strict=True)
    assert (result.exit_status, result.rejected) == (0, [])
