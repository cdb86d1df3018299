"""The Master Move line protocol MM1 (hardware/pitchside_hw/MOVE_PROTOCOL.md): every
command, every way a line can be wrong, and the writer the simulator replays with."""

from __future__ import annotations

import pytest
from pitchside.core.errors import IllegalInput
from pitchside.core.rules import mastermove as rules
from pitchside.signals.move_protocol import (
    Hello,
    Play,
    ProtocolError,
    Toss,
    Undo,
    format_input,
    parse_line,
)

sq = rules.square
LINEUP_A = "LINEUP A K E1 D C2 G2 W B3 E4 H3 R D8 F8 J E7 L B7 H7"


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("MOVE G3 F1", Play(rules.Move(sq("G3"), sq("F1")))),
        ("move g3 f1", Play(rules.Move(sq("G3"), sq("F1")))),
        ("MOVE G3-F1", Play(rules.Move(sq("G3"), sq("F1")))),
        ("  G3-F1  ", Play(rules.Move(sq("G3"), sq("F1")))),
        ("CHANGE A G3 F4", Play(rules.Change("A", sq("G3"), sq("F4")))),
        ("change blue b14-d14", Play(rules.Change("B", sq("B14"), sq("D14")))),
        ("RESTART", Play(rules.Restart())),
        ("QUIT B", Play(rules.Quit("B"))),
        ("quit yellow", Play(rules.Quit("A"))),
        ("TOSS", Toss()),
        ("TOSS B", Play(rules.CoinToss("B"))),
        ("UNDO", Undo()),
        ("HELLO MM1 board 7", Hello(1, "board 7")),
        ("HELLO mm1", Hello(1, "")),
        ("MOVE D12 D16   # Move! 1-0", Play(rules.Move(sq("D12"), sq("D16")))),
    ],
)
def test_each_command(line: str, command: object) -> None:
    assert parse_line(line) == command


def test_a_lineup_in_letters_or_names_keeps_the_order_written() -> None:
    cmd = parse_line(LINEUP_A)
    assert isinstance(cmd, Play) and isinstance(cmd.input, rules.Lineup)
    assert cmd.input.side == "A"
    assert cmd.input.placement[:3] == ((sq("E1"), "keeper"), (sq("C2"), "defender"), (sq("G2"), "defender"))
    assert len(cmd.input.placement) == 11
    named = parse_line("lineup yellow keeper e1 defender c2 g2 winger b3 e4 h3 runner d8 f8 joker e7 raider b7 h7")
    assert named == cmd


def test_a_short_lineup_is_a_command_the_rules_refuse_not_a_bad_line_MM_05() -> None:
    cmd = parse_line("LINEUP B K E16 D C15")
    assert isinstance(cmd, Play)
    with pytest.raises(IllegalInput) as exc:
        rules.apply(rules.new_game(), cmd.input)
    assert exc.value.rule == "MM-05"


@pytest.mark.parametrize("line", ["", "   ", "# a comment", "#MOVE G3 F1"])
def test_blank_and_comment_lines_are_nothing(line: str) -> None:
    assert parse_line(line) is None


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("MOVE G3", "MOVE needs two squares, like MOVE G3 F1"),
        ("MOVE G3 F1 E2", "MOVE needs two squares, like MOVE G3 F1"),
        ("MOVE Z3 F1", "Z3 is not a square (A1..I16)"),
        ("MOVE G17 F1", "G17 is not a square (A1..I16)"),
        ("MOVE G0 F1", "G0 is not a square (A1..I16)"),
        ("G3-", "nothing is not a square (A1..I16)"),
        ("JUMP G3 F1", "unknown command JUMP: HELLO, MOVE, LINEUP, TOSS, CHANGE, RESTART, QUIT, UNDO"),
        ("CHANGE G3 F4", "G3 is not a side (A or B)"),
        ("CHANGE A G3", "CHANGE needs two squares, like CHANGE A G3 F4"),
        ("QUIT", "QUIT needs one side: QUIT A or QUIT B"),
        ("QUIT C", "C is not a side (A or B)"),
        ("RESTART NOW", "RESTART takes nothing after it"),
        ("UNDO 2", "UNDO takes nothing after it"),
        ("TOSS A B", "TOSS alone (the table tosses) or TOSS A / TOSS B"),
        ("LINEUP", "LINEUP needs a side: LINEUP A or LINEUP B"),
        ("LINEUP A E1 K", "LINEUP A: a kind first (K D W R J L), then its squares"),
        ("LINEUP A K", "LINEUP A lists no pieces: LINEUP A K E1 D C2 G2 ..."),
        ("HELLO", "HELLO needs the protocol version: HELLO MM1 [name]"),
        ("HELLO MM2 newer board", "device speaks MM2; this table speaks MM1"),
        ("MOVE G3 F1\x00", "unreadable characters (noise on the line?)"),
        ("MOVE G3 F\ufffd", "unreadable characters (noise on the line?)"),
    ],
)
def test_bad_lines_are_refused_with_a_reason_that_shows_the_right_form(line: str, reason: str) -> None:
    with pytest.raises(ProtocolError) as exc:
        parse_line(line)
    assert exc.value.reason == reason


@pytest.mark.parametrize(
    "line", ["MOVE G3 F1", "CHANGE B B14 D14", "RESTART", "QUIT A", "TOSS B", LINEUP_A],
)
def test_format_input_writes_what_parse_line_reads(line: str) -> None:
    cmd = parse_line(line)
    assert isinstance(cmd, Play)
    assert format_input(cmd.input) == line
    assert parse_line(format_input(cmd.input)) == cmd
