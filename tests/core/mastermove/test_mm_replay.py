"""Master Move in the replay format (docs/spec/replay.md, "Master Move"): recorded games
(scenarios/*.jsonl) replay to the final position and score worked out by hand in their
``*.expected.json`` (``_why`` says how); the contract's options, inputs and output keys;
malformed lines (exit 2) against refusals; ``pitchside replay`` on a real file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pitchside.core.record.format import ReplayFormatError, replay
from pitchside.core.record.games import codec_for, supported_games
from pitchside.core.record.mastermove import MasterMoveCodec

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
CONSOLE_SCRIPT = Path(sys.executable).with_name("pitchside")

HEADER = json.dumps({"format": 1, "game": "mastermove"})
LINEUP_A = {"input": "lineup", "side": "A", "pieces": {
    "keeper": ["E1"], "defender": ["C2", "G2"], "winger": ["B3", "E4", "H3"],
    "runner": ["D8", "F8"], "joker": ["E7"], "raider": ["B7", "H7"]}}
LINEUP_B = {"input": "lineup", "side": "B", "pieces": {
    "keeper": ["E16"], "defender": ["C15", "G15"], "winger": ["B14", "E13", "H14"],
    "runner": ["C9", "G9"], "joker": ["E10"], "raider": ["B10", "H10"]}}


def lines(*objs) -> list[str]:
    return [HEADER] + [json.dumps(o) for o in objs]


def out(text_lines: list[str]) -> dict:
    return replay(text_lines).output()


def test_cli_replays_the_recorded_game():
    """The real console script (docs/spec/replay.md: exit 0, one JSON object)."""
    path = SCENARIOS / "full_game_3_1.jsonl"
    run = subprocess.run([str(CONSOLE_SCRIPT), "replay", str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    o = json.loads(run.stdout)
    assert o["score"] == {"A": 3, "B": 1} and o["winner"] == "A" and o["phase"] == "finished"
    strict = subprocess.run([str(CONSOLE_SCRIPT), "replay", "--strict", str(path)], capture_output=True, text=True)
    assert strict.returncode == 3


def test_the_registry_finds_the_codec():
    assert "mastermove" in supported_games()
    assert isinstance(codec_for("mastermove"), MasterMoveCodec)


# --- the contract ----------------------------------------------------------------------------


def test_output_keys_of_the_contract():
    o = out(lines(LINEUP_A, LINEUP_B))
    for key in ("game", "status", "winner", "score", "phase", "rejected",
                "to_move", "position", "changes_used", "restarting"):
        assert key in o
    assert o["phase"] == "toss" and o["to_move"] is None and o["restarting"] is None
    assert o["position"]["A"]["E1"] == "keeper" and o["position"]["B"]["H10"] == "raider"
    assert len(o["position"]["A"]) == len(o["position"]["B"]) == 11
    assert o["changes_used"] == {"A": 0, "B": 0} and o["score"] == {"A": 0, "B": 0}


def test_phases_lineup_toss_play_changes():
    assert out(lines())["phase"] == "lineup"
    assert out(lines(LINEUP_A))["phase"] == "lineup"
    o = out(lines(LINEUP_A, LINEUP_B, {"input": "coin_toss", "winner": "B"}))
    assert o["phase"] == "play" and o["to_move"] == "B"
    o = out(lines(LINEUP_A, LINEUP_B, {"input": "coin_toss", "winner": "A"},
                  {"input": "move", "from": "D8", "to": "D12"}, {"input": "move", "from": "G9", "to": "G5"},
                  {"input": "move", "from": "D12", "to": "D16"}))
    assert o["phase"] == "changes" and o["to_move"] is None and o["restarting"] == "B"
    assert o["score"] == {"A": 1, "B": 0} and o["change_credit"] == {"A": 1, "B": 1}
    assert o["position"]["A"]["D8"] == "runner"  # back at the line-up (MM-20)


def test_default_options_are_the_contracts():
    opts = MasterMoveCodec().parse_options({})
    assert MasterMoveCodec().options_to_json(opts) == {
        "changes": "per_restart", "white_area": ["D2", "E2", "F2", "D15", "E15", "F15"],
        "grass": "checkerboard", "first_mover": "coin_toss", "stalemate_refuse": 5,
        "stalemate_count": "any", "max_changes": 4}


def test_white_area_option_changes_the_rules():
    """With the white area moved to C2/G2 and C15/G15, E2 is an ordinary square: the line-up
    with a piece on E2 is accepted, one on C2 refused (MM-19)."""
    header = json.dumps({"format": 1, "game": "mastermove",
                         "options": {"white_area": ["C2", "G2", "C15", "G15"]}})
    a = json.loads(json.dumps(LINEUP_A))
    a["pieces"]["defender"] = ["E2", "G3"]
    result = replay([header, json.dumps(a)])
    assert result.rejected == [] and result.output()["position"]["A"]["E2"] == "defender"
    a["pieces"]["defender"] = ["C2", "G3"]
    result = replay([header, json.dumps(a)])
    assert result.rejected[0].reason.startswith("MM-19:")


@pytest.mark.parametrize("options, message", [
    ({"changes": "never"}, "'changes' must be one of"),
    ({"white_area": ["Z9"]}, "white_area[0]"),
    ({"white_area": "D2"}, "must be a list"),
    ({"white_area": ["E1"]}, "goal square"),
    ({"grass": "plaid"}, "'grass'"),
    ({"grass": ["0101"]}, "grass map"),
    ({"stalemate_refuse": 7}, "out of range"),
    ({"colour": "red"}, "unknown field"),
])
def test_bad_options_are_malformed(options, message):
    with pytest.raises(ReplayFormatError) as info:
        replay([json.dumps({"format": 1, "game": "mastermove", "options": options})])
    assert info.value.line == 1 and message in str(info.value)


@pytest.mark.parametrize("obj, message", [
    ({"input": "move", "from": "D8"}, "missing field 'to'"),
    ({"input": "move", "from": "D8", "to": "J1"}, "'to' must be a square"),
    ({"input": "move", "from": "d8", "to": "D9"}, "'from' must be a square"),
    ({"input": "move", "from": "D8", "to": "D9", "piece": "runner"}, "unknown field"),
    ({"input": "lineup", "side": "A"}, "missing field 'pieces'"),
    ({"input": "lineup", "side": "C", "pieces": {}}, "'side'"),
    ({"input": "lineup", "side": "A", "pieces": {"goalie": ["E1"]}}, "unknown kind"),
    ({"input": "lineup", "side": "A", "pieces": {"keeper": "E1"}}, "must be a list"),
    ({"input": "change", "side": "A", "from": "D8"}, "missing field 'to'"),
    ({"input": "restart", "now": True}, "unknown field"),
    ({"input": "quit"}, "missing field 'side'"),
    ({"input": "castle"}, "unknown input 'castle'"),
])
def test_malformed_lines_stop_the_replay(obj, message):
    with pytest.raises(ReplayFormatError) as info:
        replay(lines(LINEUP_A, obj))
    assert info.value.line == 3 and message in str(info.value)


def test_refusals_name_the_rule_and_leave_the_state():
    """A short line-up is well formed but refused (MM-05); a move before the line-ups is
    refused (MM-19); undo takes back the last accepted input."""
    short = json.loads(json.dumps(LINEUP_A))
    del short["pieces"]["raider"]
    o = out(lines(short, {"input": "move", "from": "D8", "to": "D9"}, LINEUP_A, {"input": "undo"}))
    assert [r["reason"].split(":")[0] for r in o["rejected"]] == ["MM-05", "MM-19"]
    assert o["position"] == {"A": {}, "B": {}}


def test_first_mover_option_skips_the_toss():
    header = json.dumps({"format": 1, "game": "mastermove", "options": {"first_mover": "B"}})
    o = replay([header, json.dumps(LINEUP_A), json.dumps(LINEUP_B)]).output()
    assert o["phase"] == "play" and o["to_move"] == "B"


# --- the spec's inputs as written (no added requirement) ------------


def test_a_kind_with_too_many_squares_is_refused_by_MM_05_not_malformed():
    """The spec's ``pieces`` is lists of squares: 12 defenders is a well-formed line-up
    the rules refuse (MM-05), not a malformed line (it was, for a list over 11)."""
    lu = json.loads(json.dumps(LINEUP_A))
    lu["pieces"]["defender"] = ["C2", "G2"] + [f"A{i}" for i in range(1, 9)] + ["B1", "B2"]
    result = replay(lines(lu))
    assert [(r.line, r.input) for r in result.rejected] == [(2, "lineup")]
    assert result.rejected[0].reason == (
        "MM-05: A's line-up has 1 keeper, 12 defender, 3 winger, 2 runner, 1 joker, 2 raider; "
        "a side has 1 keeper, 2 defender, 3 winger, 2 runner, 1 joker, 2 raider")


@pytest.mark.parametrize("grass", [[["0"] * 16] * 9, [[0, 1] * 8] * 9])
def test_grass_as_a_list_of_lists_is_malformed_with_a_message_not_a_traceback(grass):
    with pytest.raises(ReplayFormatError) as info:
        replay([json.dumps({"format": 1, "game": "mastermove", "options": {"grass": grass}})])
    assert info.value.line == 1 and "not a list of lists" in str(info.value)


def test_a_grass_map_of_strings_is_accepted():
    rows = ["01" * 8, "10" * 8] * 4 + ["01" * 8]
    o = replay([json.dumps({"format": 1, "game": "mastermove", "options": {"grass": rows}})]).output()
    assert o["phase"] == "lineup"
