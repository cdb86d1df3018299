"""``pitchside replay FILE [--strict] [--pretty]`` (docs/spec/replay.md: exit status
0 / 2 / 3, JSON on stdout, messages naming the line on stderr)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pitchside.cli.main import main

SPEC_EXAMPLE = (
    '{"format": 1, "game": "pichenotte", "options": {"pucks": 1}}\n'
    '{"input": "coin_toss", "winner": "A"}\n'
    '{"input": "shot", "twenty": true}\n'
    '{"input": "shot", "contact": false, "ditched": false}\n'
    '{"input": "tally", "A": [0, 0, 0], "B": [0, 0, 1]}\n'
)
CONSOLE_SCRIPT = Path(sys.executable).with_name("pitchside")


def write(tmp_path: Path, text: str, name: str = "match.jsonl") -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def cli(capsys, *argv):
    status = main(["replay", *argv])
    cap = capsys.readouterr()
    return status, cap.out, cap.err


# --- exit 0 ---------------------------------------------------------------------------------


def test_spec_example_exit_0_and_score(tmp_path, capsys):
    status, out, err = cli(capsys, write(tmp_path, SPEC_EXAMPLE))
    assert status == 0 and err == ""
    assert out.count("\n") == 1  # one JSON object on one line
    o = json.loads(out)
    assert o["score"] == {"A": 1, "B": 0}
    assert o["game"] == "pichenotte" and o["status"] == "playing" and o["winner"] is None
    assert o["phase"] == "shooting" and o["round"] == 2 and o["turn"] == "B"
    assert o["hand"] == {"A": 1, "B": 1}
    assert o["on_board"] == o["rail"] == o["ditch"] == {"A": 0, "B": 0}
    assert o["round_scores"] == [{"A": 20, "B": 5}]
    assert o["rejected"] == []


def test_pretty_indents_the_same_object(tmp_path, capsys):
    path = write(tmp_path, SPEC_EXAMPLE)
    _, plain, _ = cli(capsys, path)
    status, pretty, _ = cli(capsys, path, "--pretty")
    assert status == 0
    assert pretty.startswith('{\n  "game": "pichenotte"')
    assert json.loads(pretty) == json.loads(plain)


def test_refusals_exit_0_and_listed(tmp_path, capsys):
    text = SPEC_EXAMPLE.replace(
        '{"input": "shot", "twenty": true}\n',
        '{"input": "shot", "twenty": true}\n\n# B now\n{"input": "coin_toss", "winner": "B"}\n',
    ) + '{"input": "undo"}\n{"input": "undo"}\n{"input": "undo"}\n{"input": "undo"}\n{"input": "undo"}\n'
    status, out, err = cli(capsys, write(tmp_path, text))
    assert status == 0 and err == ""
    o = json.loads(out)
    assert o["phase"] == "toss"
    assert [(r["line"], r["input"], r["reason"][:5]) for r in o["rejected"]] == [
        (6, "coin_toss", "PI-20"),
        (13, "undo", "UNDO:"),
    ]


def test_finished_match_output(tmp_path, capsys):
    text = (
        '{"format": 1, "game": "pichenotte", "options": {"pucks": 1, "max_rounds": 1}}\n'
        '{"input": "coin_toss", "winner": "B"}\n'
        '{"input": "shot"}\n'
        '{"input": "shot"}\n'
        '{"input": "tally", "A": [0, 1, 0], "B": [0, 1, 0]}\n'
    )
    status, out, _ = cli(capsys, write(tmp_path, text))
    o = json.loads(out)
    assert status == 0
    assert o["status"] == "finished" and o["winner"] is None  # drawn after max_rounds
    assert o["score"] == {"A": 0.5, "B": 0.5} and o["turn"] is None and o["round"] == 1


# --- exit 3: --strict -----------------------------------------------------------------------------


def test_strict_exit_3_prints_state_before_the_refusal(tmp_path, capsys):
    text = SPEC_EXAMPLE.replace(
        '{"input": "shot", "contact": false, "ditched": false}\n',
        '{"input": "tally", "A": [0, 0, 0], "B": [0, 0, 0]}\n{"input": "shot"}\n',
    )
    status, out, err = cli(capsys, write(tmp_path, text), "--strict")
    assert status == 3
    o = json.loads(out)
    assert o["phase"] == "shooting" and o["turn"] == "B"
    assert o["hand"] == {"A": 0, "B": 1} and o["rail"] == {"A": 1, "B": 0}
    assert [r["line"] for r in o["rejected"]] == [4]
    assert "line 4" in err and "PI-03" in err


def test_strict_undo_with_nothing_to_undo_exit_3(tmp_path, capsys):
    text = '{"format": 1, "game": "pichenotte"}\n{"input": "undo"}\n{"input": "coin_toss", "winner": "A"}\n'
    status, out, err = cli(capsys, write(tmp_path, text), "--strict")
    assert status == 3 and json.loads(out)["phase"] == "toss" and "line 2" in err


def test_strict_without_refusals_exit_0(tmp_path, capsys):
    status, out, err = cli(capsys, write(tmp_path, SPEC_EXAMPLE), "--strict")
    assert status == 0 and err == "" and json.loads(out)["score"] == {"A": 1, "B": 0}


# --- exit 2: malformed -----------------------------------------------------------------------------

MALFORMED_LINES = [
    ("not_json", "{input: shot}", "not JSON"),
    ("unknown_input", '{"input": "flick"}', "flick"),
    ("unknown_field", '{"input": "shot", "spin": true}', "spin"),
    ("missing_winner", '{"input": "coin_toss"}', "winner"),
    ("mistyped_contact", '{"input": "shot", "contact": "no"}', "contact"),
    ("mistyped_tally", '{"input": "tally", "A": "0,0,0", "B": [0, 0, 0]}', "'A'"),
    ("out_of_range_knock", '{"input": "shot", "knocked_in": {"B": 99}}', "knocked_in"),
    ("negative_tally", '{"input": "tally", "A": [0, -1, 0], "B": [0, 0, 0]}', "A[1]"),
    ("bad_side", '{"input": "coin_toss", "winner": "X"}', "winner"),
]


@pytest.mark.parametrize("name, line, words", MALFORMED_LINES, ids=[m[0] for m in MALFORMED_LINES])
def test_malformed_line_exit_2_names_the_line(tmp_path, capsys, name, line, words):
    text = '{"format": 1, "game": "pichenotte"}\n\n# toss\n' + line + "\n" + '{"input": "coin_toss", "winner": "A"}\n'
    status, out, err = cli(capsys, write(tmp_path, text))
    assert status == 2
    assert out == ""
    assert "line 4" in err and words in err


MALFORMED_HEADERS = [
    ("format_2", '{"format": 2, "game": "pichenotte"}', "'format' must be 1"),
    ("unknown_game", '{"format": 1, "game": "tiddlywinks"}', "tiddlywinks"),
    ("unknown_option", '{"format": 1, "game": "pichenotte", "options": {"speed": 1}}', "speed"),
    ("bad_option_value", '{"format": 1, "game": "pichenotte", "options": {"format": "race"}}', "race"),
    ("header_not_json", '{"format": 1, ', "not JSON"),
]


@pytest.mark.parametrize("name, head, words", MALFORMED_HEADERS, ids=[m[0] for m in MALFORMED_HEADERS])
def test_bad_header_exit_2(tmp_path, capsys, name, head, words):
    status, out, err = cli(capsys, write(tmp_path, head + '\n{"input": "coin_toss", "winner": "A"}\n'))
    assert status == 2 and out == ""
    assert "line 1" in err and words in err


def test_missing_file_exit_2(tmp_path, capsys):
    missing = str(tmp_path / "nope.jsonl")
    status, out, err = cli(capsys, missing)
    assert status == 2 and out == "" and "nope.jsonl" in err


def test_directory_exit_2(tmp_path, capsys):
    status, out, err = cli(capsys, str(tmp_path))
    assert status == 2 and out == "" and err


def test_not_utf8_exit_2(tmp_path, capsys):
    p = tmp_path / "latin1.jsonl"
    p.write_bytes(b'{"format": 1, "game": "pichenotte", "sides": {"A": "J\xe9r\xf4me"}}\n')
    status, out, err = cli(capsys, str(p))
    assert status == 2 and out == "" and "UTF-8" in err


def test_empty_file_exit_2(tmp_path, capsys):
    status, out, err = cli(capsys, write(tmp_path, ""))
    assert status == 2 and out == "" and "line 1" in err


def test_malformed_line_after_refusal_in_strict_is_still_exit_3(tmp_path, capsys):
    # strict stops at the refusal on line 2 before reading the malformed line 3
    text = '{"format": 1, "game": "pichenotte"}\n{"input": "shot"}\n{"input": "bogus"}\n'
    status, out, err = cli(capsys, write(tmp_path, text), "--strict")
    assert status == 3 and json.loads(out)["phase"] == "toss"
    status, out, err = cli(capsys, write(tmp_path, text))
    assert status == 2 and out == "" and "line 3" in err


# --- the real console script --------------------------------------------------------------------------


def run_script(*args):
    exe = str(CONSOLE_SCRIPT) if CONSOLE_SCRIPT.exists() else None
    cmd = [exe, "replay", *args] if exe else [sys.executable, "-m", "pitchside.cli.main", "replay", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def test_console_script_spec_example(tmp_path):
    proc = run_script(write(tmp_path, SPEC_EXAMPLE))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["score"] == {"A": 1, "B": 0}
    assert proc.stderr == ""


def test_console_script_malformed_exit_2(tmp_path):
    proc = run_script(write(tmp_path, SPEC_EXAMPLE + '{"input": "shot", "called": 1}\n'))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "line 6" in proc.stderr and "called" in proc.stderr


def test_console_script_strict_exit_3(tmp_path):
    proc = run_script(write(tmp_path, SPEC_EXAMPLE + '{"input": "coin_toss", "winner": "A"}\n'), "--strict", "--pretty")
    assert proc.returncode == 3
    o = json.loads(proc.stdout)
    assert o["score"] == {"A": 1, "B": 0} and o["rejected"][0]["line"] == 6
    assert "line 6" in proc.stderr


def test_console_script_missing_file_exit_2(tmp_path):
    proc = run_script(str(tmp_path / "missing.jsonl"))
    assert proc.returncode == 2 and proc.stdout == "" and "missing.jsonl" in proc.stderr
