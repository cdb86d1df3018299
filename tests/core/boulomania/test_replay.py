"""Boulomania's part of the replay format (docs/spec/replay.md, "Boulomania"): the
scenario files in ./scenarios, each with the output worked out BY HAND in its
``*.expected.json`` (``_why`` says how), strict mode, dump round trips, malformed lines
(exit 2) and the real ``pitchside replay`` command.

An expected ``rejected`` entry gives ``line``, ``input`` and the ``rule`` ID the reason
must name."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pitchside.core.record.boulomania import BoulomaniaCodec
from pitchside.core.record.format import ReplayFormatError, replay
from pitchside.core.record.games import codec_for, supported_games

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
CONTRACT_KEYS = {
    "game", "status", "winner", "score", "phase", "rejected",
    "round", "jack", "board", "hand", "to_play", "starter", "holder",
}


def test_the_registry_finds_the_codec():
    assert isinstance(codec_for("boulomania"), BoulomaniaCodec)
    assert "boulomania" in supported_games()


def test_full_game_step_by_step_scores():
    """The full game's running score after each round, as worked by hand."""
    lines = (SCENARIOS / "full_game_to_13.jsonl").read_text(encoding="utf-8").splitlines()
    ends = {21: (0, 1), 33: (0, 1), 46: (4, 1), 54: (4, 1), 71: (10, 1), 88: (11, 1), 105: (15, 1)}
    for n, score in ends.items():
        out = replay(lines[:n]).output()
        assert (out["score"]["A"], out["score"]["B"]) == score, n
    mid = replay(lines[:12]).output()  # after A's kiss at 12: B's bowl 12 -> 17, jack 4 -> 6
    assert mid["jack"] == 6 and mid["board"] == {"11": "B", "17": "B"} and mid["to_play"] == "A"


# --- malformed lines: exit 2 --------------------------------------------------------------------

HEADER = '{"format": 1, "game": "boulomania", "options": {}}'


@pytest.mark.parametrize(
    "line, words",
    [
        ('{"input": "start_roll", "A": 7, "B": 1}', "'A' is 7"),
        ('{"input": "start_roll", "A": 3}', "missing field 'B'"),
        ('{"input": "jack_roll", "die": 0}', "'die' is 0"),
        ('{"input": "jack_roll", "die": "3"}', "die value"),
        ('{"input": "point", "dice": [3, 7]}', "'dice[1]' is 7"),
        ('{"input": "point", "dice": [3]}', "2 or 3 die values"),
        ('{"input": "point", "dice": [1, 2, 3, 4]}', "2 or 3 die values"),
        ('{"input": "point", "dice": [3, 4], "forks": ["left"]}', "forks[0]"),
        ('{"input": "point", "dice": [3, 4], "forks": "diagonal"}', "'forks' must be a list"),
        ('{"input": "point", "dice": [3, 4], "jack_space": 1}', "'jack_space' must be true or false"),
        ('{"input": "point", "dice": [3, 4], "team": "C"}', "'team'"),
        ('{"input": "point", "dice": [3, 4], "spin": true}', "unknown field(s) 'spin'"),
        ('{"input": "point", "dice": [3, 3], "jack_space": true, "jack_space_if_free": true}', "cannot both be true"),
        ('{"input": "shoot", "target": 19, "die": 5}', "'target'"),
        ('{"input": "shoot", "target": "bowl", "die": 5}', "'target'"),
        ('{"input": "shoot", "target": 12, "die": 7}', "'die' is 7"),
        ('{"input": "shoot", "die": 6}', "missing field 'target'"),
        ('{"input": "coin_toss", "winner": "A"}', "unknown input 'coin_toss'"),
    ],
)
def test_malformed_lines_stop_the_replay(line, words):
    with pytest.raises(ReplayFormatError) as info:
        replay([HEADER, '{"input": "start_roll", "A": 5, "B": 2}', line])
    assert info.value.line == 3 and words in info.value.message


@pytest.mark.parametrize(
    "options, words",
    [({"bowls": 9}, "'bowls' is 9"), ({"target": 0}, "'target' is 0"), ({"pucks": 3}, "unknown field(s) 'pucks'"),
     ({"jack_out_both": "sometimes"}, "'jack_out_both'")],
)
def test_bad_options_are_malformed_headers(options, words):
    with pytest.raises(ReplayFormatError) as info:
        replay([json.dumps({"format": 1, "game": "boulomania", "options": options})])
    assert info.value.line == 1 and words in info.value.message


def test_options_round_trip_through_the_header():
    codec = BoulomaniaCodec()
    raw = {"target": 7, "bowls": 4, "double_jack_space": "push_only", "push_optional": True, "fork_chooser": "owner",
           "rethrow_after_clear": False, "null_round_starter": "other", "shoot_own": True,
           "kiss_jack_last_row": "out", "jack_out_both": "own_bowls"}
    opts = codec.parse_options(raw)
    assert codec.options_to_json(opts) == raw
    assert codec.options_to_json(codec.parse_options({})) == {
        "target": 13, "bowls": 8, "double_jack_space": "any", "push_optional": False, "fork_chooser": "thrower",
        "rethrow_after_clear": True, "null_round_starter": "same", "shoot_own": False,
        "kiss_jack_last_row": "stays", "jack_out_both": "null",
    }


def test_inputs_round_trip():
    codec = BoulomaniaCodec()
    for obj in (
        {"input": "start_roll", "A": 1, "B": 6},
        {"input": "jack_roll", "die": 4},
        {"input": "point", "dice": [4, 4], "jack_space": True},
        {"input": "point", "dice": [4, 4, 5], "forks": ["diagonal", "straight"], "team": "B", "push": False},
        {"input": "point", "dice": [3, 3], "jack_space_if_free": True},
        {"input": "shoot", "target": "jack", "die": 6},
        {"input": "shoot", "target": 13, "die": 4, "forks": ["diagonal"], "team": "A"},
    ):
        fields = {k: v for k, v in obj.items() if k != "input"}
        assert codec.input_to_json(codec.parse_input(obj["input"], fields)) == obj


# --- the real command -------------------------------------------------------------------------


def _pitchside() -> list[str]:
    exe = Path(sys.executable).with_name("pitchside")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "pitchside.cli.main"]


def test_cli_replays_the_full_game():
    run = subprocess.run([*_pitchside(), "replay", str(SCENARIOS / "full_game_to_13.jsonl")], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["winner"] == "A" and out["score"] == {"A": 15, "B": 1} and out["status"] == "finished"


def test_cli_a_die_of_7_is_exit_2(tmp_path):
    f = tmp_path / "seven.jsonl"
    f.write_text(HEADER + '\n{"input": "start_roll", "A": 5, "B": 2}\n{"input": "jack_roll", "die": 7}\n', encoding="utf-8")
    run = subprocess.run([*_pitchside(), "replay", str(f)], capture_output=True, text=True)
    assert run.returncode == 2 and run.stdout == ""
    assert "line 3" in run.stderr and "7" in run.stderr


def test_cli_strict_stops_at_the_refusal():
    run = subprocess.run(
        [*_pitchside(), "replay", "--strict", str(SCENARIOS / "refusals_and_undo.jsonl")], capture_output=True, text=True
    )
    assert run.returncode == 3 and "BM-02" in run.stderr
    assert json.loads(run.stdout)["phase"] == "start_roll"
