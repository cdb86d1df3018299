"""The die unit's line protocol (hardware/pitchside_hw/DIE_PROTOCOL.md): every good
line parses to its message, every bad one is refused with a reason for the display."""

from __future__ import annotations

import pytest
from pitchside.signals.die_protocol import (
    MAX_LINE,
    DieLineError,
    Hello,
    Roll,
    UnitError,
    hello_line,
    parse_line,
    roll_line,
)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("ROLL 4", Roll((4,))),
        ("ROLL 3 5", Roll((3, 5))),
        ("ROLL 1 6 6", Roll((1, 6, 6))),
        ("ROLL 2 2\r", Roll((2, 2))),  # a CR left by a CRLF unit
        ("  ROLL 6  ", Roll((6,))),
        ("HELLO pitchside-die 1", Hello("pitchside-die", 1)),
        ("HELLO pitchside-die 2", Hello("pitchside-die", 2)),
        ("HELLO other-box 1", Hello("other-box", 1)),
        ("ERR TILT box tilted", UnitError("TILT", "box tilted")),
        ("ERR DICE", UnitError("DICE", "")),
    ],
)
def test_good_lines_parse_to_their_message(line: str, message: object) -> None:
    assert parse_line(line) == message


def test_a_blank_line_is_a_keep_alive() -> None:
    assert parse_line("") is None
    assert parse_line("   \r") is None


def test_hello_supported_only_for_this_device_and_version() -> None:
    assert Hello("pitchside-die", 1).supported is True
    assert Hello("pitchside-die", 2).supported is False
    assert Hello("other-box", 1).supported is False


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("ROLL 3 7", "a die shows 1-6, not 7"),
        ("ROLL 0", "a die shows 1-6, not 0"),
        ("ROLL 3 x", "'x' is not a die value"),
        ("ROLL -1", "'-1' is not a die value"),
        ("ROLL 2.5", "'2.5' is not a die value"),
        ("ROLL", "a roll with no dice"),
        ("ROLL 1 2 3 4", "4 dice: a roll has 1 to 3"),
        ("roll 3 4", "not a die line ('roll'?)"),
        ("garbage", "not a die line ('garbage'?)"),
        ("\ufffd\ufffdROLL 3", "garbled line (line noise?)"),
        ("ROLL 3\x004", "garbled line (line noise?)"),
        ("HELLO pitchside-die", "a HELLO is 'HELLO pitchside-die VERSION'"),
        ("HELLO pitchside-die one", "HELLO version 'one' is not a number"),
        ("ERR", "an ERR without a code"),
        ("ROLL 1 " + "1 " * MAX_LINE, f"line over {MAX_LINE} characters"),
        ("ROLL \u0663", "garbled line (line noise?)"),  # an Arabic-Indic 3 is not ASCII
    ],
)
def test_bad_lines_are_refused_with_a_reason(line: str, reason: str) -> None:
    with pytest.raises(DieLineError) as err:
        parse_line(line)
    assert err.value.reason == reason
    assert err.value.line == line


def test_a_7_is_never_a_die_value_in_any_position() -> None:
    for line in ("ROLL 7", "ROLL 7 1", "ROLL 1 7", "ROLL 1 1 7"):
        with pytest.raises(DieLineError, match="not 7"):
            parse_line(line)


def test_the_unit_side_helpers_write_what_the_parser_reads() -> None:
    assert roll_line((3, 5, 6)) == "ROLL 3 5 6"
    assert parse_line(roll_line((3, 5, 6))) == Roll((3, 5, 6))
    assert hello_line() == "HELLO pitchside-die 1"
    assert parse_line(hello_line()) == Hello("pitchside-die", 1)
