"""Pitch Bowl's part of the replay format (docs/spec/replay.md, "Pitch Bowl"): the
contract's option, inputs, fields, defaults and output keys, exactly; malformed lines."""

from __future__ import annotations

import json

import pytest

from pitchside.core.errors import MalformedInput
from pitchside.core.record.format import ReplayFormatError, replay
from pitchside.core.record.games import codec_for, supported_games
from pitchside.core.record.pitchbowl import PitchBowlCodec
from pitchside.core.rules import pitchbowl as PB

CODEC = PitchBowlCodec()
HEADER = '{"format": 1, "game": "pitchbowl", "options": {}}'

CONTRACT_OUTPUT_KEYS = {
    "game", "status", "winner", "score", "phase",  # every game
    "active", "kicker", "possession", "pitched", "all_out_used", "pass_used", "bonus_pending", "off_field",
}


def test_registry_finds_the_codec():
    assert "pitchbowl" in supported_games()
    codec = codec_for("pitchbowl")
    assert isinstance(codec, PitchBowlCodec)
    assert codec.name == "pitchbowl" and codec.rules_version == PB.RULES_VERSION


def test_contract_option_default_and_added_options():
    assert CODEC.parse_options({}) == PB.Options()
    assert PB.Options().defensive_placement is False
    assert CODEC.parse_options({"defensive_placement": True}).defensive_placement is True
    full = CODEC.options_to_json(PB.Options())
    assert full == {
        "defensive_placement": False,
        "end_turn": "unless_def_placement",
        "carrier_out": "ball_out",
        "foul_voids_touchdown": True,
        "bonus_any_action": True,
        "def_placement_before_bonus": False,
        "bonus_all_out_again": True,
    }
    assert CODEC.parse_options(full) == PB.Options()


@pytest.mark.parametrize(
    "raw",
    [{"defensive": True}, {"defensive_placement": 1}, {"end_turn": "sometimes"}, {"carrier_out": None}],
)
def test_bad_options_malformed(raw):
    with pytest.raises(MalformedInput):
        CODEC.parse_options(raw)


@pytest.mark.parametrize(
    "name,fields,expected",
    [
        ("coin_toss", {"winner": "B"}, PB.CoinToss("B")),
        ("choose", {"choice": "receive"}, PB.Choose("receive")),
        ("placement", {"side": "A"}, PB.Placement("A", 11, 3, 2, False)),
        (
            "placement",
            {"side": "B", "players": 10, "on_marker": 4, "max_on_wing": 3, "over_line": True},
            PB.Placement("B", 10, 4, 3, True),
        ),
        ("kickoff", {}, PB.Kickoff(True)),
        ("kickoff", {"landed": False}, PB.Kickoff(False)),
        ("pitch", {}, PB.Pitch(None, None, False, False, False, (), False, False, 0)),
        (
            "pitch",
            {
                "announce": "pass",
                "result": "interception",
                "all_out": True,
                "fall": True,
                "clearance": True,
                "out_of_bounds": ["A", "B", "B"],
                "ball_out": True,
                "touchdown": True,
                "ko": 2,
                "carrier_out": True,
                "ko_opponent": 1,
            },
            PB.Pitch("pass", "interception", True, True, True, ("A", "B", "B"), True, True, 2, True, 1),
        ),
        ("pitch", {"announce": None, "result": None}, PB.Pitch()),
        ("end_turn", {}, PB.EndTurn()),
        ("def_placement", {}, PB.DefPlacement(True)),
        ("def_placement", {"ok": False}, PB.DefPlacement(False)),
    ],
)
def test_contract_inputs_fields_and_defaults(name, fields, expected):
    inp = CODEC.parse_input(name, fields)
    assert inp == expected
    obj = CODEC.input_to_json(inp)
    assert obj["input"] == name
    assert CODEC.parse_input(name, {k: v for k, v in obj.items() if k != "input"}) == inp


@pytest.mark.parametrize(
    "name,fields",
    [
        ("coin_toss", {}),
        ("coin_toss", {"winner": "C"}),
        ("choose", {"choice": "punt"}),
        ("placement", {}),
        ("placement", {"side": "A", "players": 14}),
        ("placement", {"side": "A", "on_marker": -1}),
        ("placement", {"side": "A", "over_line": "no"}),
        ("kickoff", {"landed": 1}),
        ("pitch", {"announce": "tackle"}),
        ("pitch", {"result": "success!"}),
        ("pitch", {"out_of_bounds": "A"}),
        ("pitch", {"out_of_bounds": ["C"]}),
        ("pitch", {"out_of_bounds": ["A"] * 23}),
        ("pitch", {"ko": 12}),
        ("pitch", {"ko": True}),
        ("pitch", {"touchdown": "yes"}),
        ("pitch", {"side": "A"}),
        ("end_turn", {"side": "A"}),
        ("def_placement", {"ok": "yes"}),
        ("shot", {}),
    ],
)
def test_malformed_inputs(name, fields):
    with pytest.raises(MalformedInput):
        CODEC.parse_input(name, fields)


def test_malformed_line_stops_replay_with_its_number():
    lines = [HEADER, '{"input": "coin_toss", "winner": "A"}', '{"input": "pitch", "announce": "tackle"}']
    with pytest.raises(ReplayFormatError) as info:
        replay(lines)
    assert info.value.line == 3 and "announce" in str(info.value)


def test_output_has_the_contract_keys_and_types():
    res = replay([HEADER])
    out = res.output()
    assert CONTRACT_OUTPUT_KEYS <= set(out)
    assert out["phase"] == "toss" and out["status"] == "playing" and out["winner"] is None
    assert out["score"] == {"A": 0, "B": 0} and out["off_field"] == {"A": 0, "B": 0}
    assert (out["active"], out["kicker"], out["possession"], out["pitched"]) == (None, None, None, 0)
    assert (out["all_out_used"], out["pass_used"], out["bonus_pending"]) == (False, False, False)
    assert out["rejected"] == []
    json.dumps(out)


@pytest.mark.parametrize(
    "phase,lines",
    [
        ("toss", []),
        ("choose", ['{"input": "coin_toss", "winner": "A"}']),
        ("place_defender", ['{"input": "coin_toss", "winner": "A"}', '{"input": "choose", "choice": "kick"}']),
        (
            "place_attacker",
            [
                '{"input": "coin_toss", "winner": "A"}',
                '{"input": "choose", "choice": "kick"}',
                '{"input": "placement", "side": "A"}',
            ],
        ),
        (
            "kickoff",
            [
                '{"input": "coin_toss", "winner": "A"}',
                '{"input": "choose", "choice": "kick"}',
                '{"input": "placement", "side": "A"}',
                '{"input": "placement", "side": "B"}',
            ],
        ),
    ],
)
def test_output_phases_are_the_contract_strings(phase, lines):
    assert replay([HEADER, *lines]).output()["phase"] == phase


def test_refusal_keeps_state_and_names_the_rule():
    lines = [
        HEADER,
        '{"input": "coin_toss", "winner": "A"}',
        '{"input": "choose", "choice": "kick"}',
        '{"input": "placement", "side": "A"}',
        '{"input": "placement", "side": "B"}',
        '{"input": "kickoff", "landed": false}',
        '{"input": "pitch", "announce": "pass", "result": "success"}',
        '{"input": "pitch", "announce": "pass", "result": "success"}',
        '{"input": "pitch", "announce": "handoff", "result": "success"}',
    ]
    out = replay(lines).output()
    assert out["rejected"] == [
        {"line": 8, "input": "pitch", "reason": "PB-22: one Pass per turn: B has already passed this turn"}
    ]
    assert (out["active"], out["possession"], out["pitched"], out["pass_used"]) == ("B", "B", 2, True)


def test_undo_through_a_touchdown():
    lines = [
        HEADER,
        '{"input": "coin_toss", "winner": "A"}',
        '{"input": "choose", "choice": "kick"}',
        '{"input": "placement", "side": "A"}',
        '{"input": "placement", "side": "B"}',
        '{"input": "kickoff", "landed": false}',
        '{"input": "pitch", "touchdown": true}',
        '{"input": "undo"}',
    ]
    out = replay(lines).output()
    assert (out["phase"], out["score"], out["active"], out["possession"]) == ("turn", {"A": 0, "B": 0}, "B", "B")
