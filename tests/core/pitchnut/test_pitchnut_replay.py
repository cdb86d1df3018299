"""Pitchnut's part of the replay format (docs/spec/replay.md, "Pitchnut"): the
scenario files beside this test (``scenarios/*.jsonl``, each with its output worked out
by hand from the rulebook in ``*.expected.json``, ``_why`` says how), the contract's
options, inputs, defaults and output keys, malformed lines (exit 2) against refusals,
and the real ``pitchside replay`` command on a scenario.

An expected ``rejected`` entry gives ``line``, ``input`` and the ``rule`` ID the reason
must name."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pitchside.core.errors import MalformedInput
from pitchside.core.record.format import ReplayFormatError, replay
from pitchside.core.record.games import codec_for, supported_games
from pitchside.core.record.pitchnut import PitchnutCodec
from pitchside.core.rules import pitchnut as P

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
CODEC = PitchnutCodec()
CONSOLE_SCRIPT = Path(sys.executable).with_name("pitchside")
HEADER = json.dumps({"format": 1, "game": "pitchnut"})
CONTRACT_KEYS = {
    "game", "status", "winner", "score", "phase", "game_number", "turn", "colours", "pocketed",
    "owed", "bonus", "breaker_next", "rejected",
}


def run(*lines: str, strict: bool = False):
    return replay([HEADER, *lines], strict=strict)


# --- scenarios -------------------------------------------------------------------------------


def test_cli_replays_a_scenario():
    path = SCENARIOS / "match_to_two.jsonl"
    proc = subprocess.run([str(CONSOLE_SCRIPT), "replay", str(path)], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert (out["winner"], out["score"], out["phase"]) == ("A", {"A": 2, "B": 0}, "finished")


def test_cli_strict_stops_at_a_refusal_with_exit_3():
    path = SCENARIOS / "triple_banks_two.jsonl"
    proc = subprocess.run(
        [str(CONSOLE_SCRIPT), "replay", "--strict", str(path)], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 3
    out = json.loads(proc.stdout)
    assert out["rejected"][0]["line"] == 9 and out["pocketed"] == {"white": 1, "black": 3}


def test_cli_malformed_line_exit_2(tmp_path):
    p = tmp_path / "bad.jsonl"
    p.write_text(HEADER + '\n{"input": "shot", "whites": 1}\n', encoding="utf-8")
    proc = subprocess.run([str(CONSOLE_SCRIPT), "replay", str(p)], capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and proc.stdout == ""
    assert "line 2" in proc.stderr and "whites" in proc.stderr


# --- the contract ------------------------------------------------------------------------------


def test_pitchnut_is_a_supported_game():
    assert "pitchnut" in supported_games()
    assert isinstance(codec_for("pitchnut"), PitchnutCodec)
    assert CODEC.rules_version == P.RULES_VERSION


def test_contract_options_and_defaults():
    o = CODEC.parse_options({})
    assert (o.pieces, o.games, o.scratch_keeps_turn, o.miss_reshoot) == (10, 1, False, False)
    o = CODEC.parse_options({"pieces": 4, "games": 3, "scratch_keeps_turn": True, "miss_reshoot": True})
    assert (o.pieces, o.games, o.scratch_keeps_turn, o.miss_reshoot) == (4, 3, True, True)
    assert CODEC.parse_options(CODEC.options_to_json(o)) == o


def test_contract_inputs_and_field_defaults():
    assert CODEC.parse_input("coin_toss", {"winner": "B"}) == P.CoinToss("B")
    assert CODEC.parse_input("breaker", {"side": "A"}) == P.Breaker("A")
    s = CODEC.parse_input("shot", {})
    assert (s.white, s.black, s.poison, s.pitch, s.touched, s.foul, s.spot) == (0, 0, False, None, True, False, None)
    full = {"white": 2, "black": 1, "poison": True, "pitch": "off", "touched": True, "foul": True, "spot": "black"}
    s = CODEC.parse_input("shot", full)
    assert (s.white, s.black, s.poison, s.pitch, s.foul, s.spot) == (2, 1, True, "off", True, "black")
    assert CODEC.parse_input("shot", {"pitch": None, "spot": None}) == P.Shot()
    for inp in (s, P.Shot(), P.CoinToss("A"), P.Breaker("B"), P.Shot(white_off=1, poison_off=True)):
        obj = CODEC.input_to_json(inp)
        name = obj.pop("input")
        assert CODEC.parse_input(name, obj) == inp


def test_output_keys_before_the_toss():
    out = run().output()
    assert out == out | {
        "game": "pitchnut", "status": "playing", "winner": None, "score": {"A": 0, "B": 0},
        "phase": "toss", "game_number": 1, "turn": None, "colours": {"A": None, "B": None},
        "pocketed": {"white": 0, "black": 0}, "owed": {"A": 0, "B": 0}, "bonus": 0,
        "breaker_next": None, "rejected": [],
    }
    assert run('{"input": "coin_toss", "winner": "A"}').output()["phase"] == "choose_breaker"


@pytest.mark.parametrize(
    "line,words",
    [
        ('{"input": "shot", "whites": 1}', "whites"),
        ('{"input": "shot", "white": -1}', "white"),
        ('{"input": "shot", "white": "2"}', "white"),
        ('{"input": "shot", "poison": 1}', "poison"),
        ('{"input": "shot", "pitch": "table"}', "pitch"),
        ('{"input": "shot", "pitch": "None"}', "pitch"),
        ('{"input": "shot", "spot": "red"}', "spot"),
        ('{"input": "shot", "touched": null}', "touched"),
        ('{"input": "breaker"}', "side"),
        ('{"input": "breaker", "side": "C"}', "side"),
        ('{"input": "coin_toss", "winner": "A", "loser": "B"}', "loser"),
        ('{"input": "tally", "A": [0, 0, 0]}', "tally"),
        ('{"input": "undo", "n": 2}', "n"),
    ],
)
def test_malformed_lines_stop_the_replay(line, words):
    with pytest.raises(ReplayFormatError) as info:
        run('{"input": "coin_toss", "winner": "A"}', line)
    assert info.value.line == 3
    assert words in str(info.value)


@pytest.mark.parametrize(
    "options,words",
    [
        ({"pieces": 0}, "pieces"),
        ({"games": 0}, "games"),
        ({"pieces": True}, "pieces"),
        ({"miss_reshoot": "yes"}, "miss_reshoot"),
        ({"early_poison": "draw"}, "early_poison"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_malformed_options(options, words):
    with pytest.raises(ReplayFormatError) as info:
        replay([json.dumps({"format": 1, "game": "pitchnut", "options": options})])
    assert info.value.line == 1 and words in str(info.value)
    with pytest.raises(MalformedInput):
        CODEC.parse_options(options)


def test_refusals_are_listed_with_their_rule_and_leave_the_state():
    res = run(
        '{"input": "shot"}',  # 2: before the toss
        '{"input": "coin_toss", "winner": "A"}',
        '{"input": "shot"}',  # 4: no breaker yet
        '{"input": "breaker", "side": "A"}',
        '{"input": "shot", "white": 11}',  # 6: only 10 white
        '{"input": "shot", "white": 51, "touched": false}',  # 7: more than the board has
        '{"input": "shot", "pitch": "pocket"}',  # A owes 1
        '{"input": "shot"}',  # B misses
        '{"input": "shot", "white": 1, "black": 1}',  # 10: debt, equal colours: spot?
        '{"input": "shot", "poison": true, "poison_off": true}',  # 11
        '{"input": "undo"}',
        '{"input": "undo"}',
        '{"input": "undo"}',
        '{"input": "undo"}',
        '{"input": "undo"}',  # 16: nothing to undo
    )
    rules = [(r["line"], r["reason"].split(":")[0]) for r in res.output()["rejected"]]
    assert rules == [(2, "PN-05"), (4, "PN-05"), (6, "PN-02"), (7, "PN-02"), (10, "PN-A5"), (11, "PN-A8"),
                     (16, "UNDO")]
    assert res.output()["phase"] == "toss"


# --- the spec's inputs work as written (no added requirement) ----------------------


@pytest.mark.parametrize("field", ["white", "black", "white_off", "black_off"])
def test_more_pieces_than_the_board_has_is_a_refusal_not_a_malformed_line(field):
    """docs/spec/replay.md: an input "well formed but impossible in the current state
    (... more pucks knocked off than are on the board) is a refusal, not a malformed
    line": any count, however large, is well formed; the rules refuse it (PN-02)."""
    res = run('{"input": "coin_toss", "winner": "A"}', '{"input": "breaker", "side": "A"}',
              json.dumps({"input": "shot", field: 60}))
    colour = field.split("_")[0]
    assert res.output()["rejected"] == [{
        "line": 4, "input": "shot",
        "reason": f"PN-02: 10 {colour} piece(s) are on the board; 60 cannot be pocketed or knocked off",
    }]


def test_a_shot_that_touched_no_object_piece_but_sank_the_poison_is_taken():
    """``touched`` (the pitch touched an object piece) is read only for ``miss_reshoot``;
    the poison is not an object piece, so ``touched: false`` with the poison is a shot."""
    lines = ['{"input": "coin_toss", "winner": "A"}', '{"input": "breaker", "side": "A"}',
             '{"input": "shot", "poison": true, "touched": false}']
    out = run(*lines).output()
    assert out["rejected"] == [] and out["winner"] == "A"
    assert out["result"] == "PN-06: A sank the poison on the break and wins"
