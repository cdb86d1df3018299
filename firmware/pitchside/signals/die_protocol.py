"""The electronic die's line protocol, version 1: a pure parser of one line.

The die unit is a small box on a USB serial line (udev name ``/dev/pitchside-die``,
deploy/99-pitchside-serial.rules) that rolls one to three dice and reports each roll as
one line of ASCII. The protocol is documented for unit builders in
hardware/pitchside_hw/DIE_PROTOCOL.md; this module is its reference parser. The reader
(``pitchside_hw.serial_lines``) cuts the byte stream into lines and drops half lines
and over-long ones itself; what reaches :func:`parse_line` is one complete line without
its ending, decoded as UTF-8 with bad bytes replaced by U+FFFD.

Unit -> table, one message per line, fields separated by single spaces::

    HELLO pitchside-die 1      the handshake: device name and protocol version
    ROLL 3 5 6                 a roll of 1 to 3 dice, each 1..6, in the unit's order
    ERR TILT box tilted        a fault the unit saw (a code, then free text)

A blank line is a keep-alive and means nothing. Table -> unit: ``HELLO?`` asks the unit
to say its HELLO again (optional for a host; a unit must answer it).

Everything else is refused with a :class:`DieLineError` whose ``reason`` is short
enough for the display (a 7, a letter for a die, four dice, an unknown word, a line
garbled by line noise). Whether a good roll has the number of dice the game expects
*now* is the game's business, not the protocol's (the Boulomania table checks it).
"""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.core.errors import PitchsideError

DEVICE = "pitchside-die"
"""The device name a unit gives in its HELLO."""
PROTOCOL_VERSION = 1
"""The protocol version this parser speaks."""
SUPPORTED_VERSIONS = (1,)
"""Versions a table accepts rolls from (a unit saying another one is refused)."""
MAX_DICE = 3
"""A roll has 1..MAX_DICE dice."""
MAX_LINE = 64
"""Characters in a line at most (a longer one is refused: the unit has gone mad)."""
HELLO_QUERY = "HELLO?"
"""What a table may send to ask for the handshake again."""


class DieLineError(PitchsideError, ValueError):
    """A line that is not a message of the protocol: ``reason`` says why, short, for the
    display (e.g. ``"a die shows 1-6, not 7"``); ``line`` is the line as received."""

    def __init__(self, line: str, reason: str) -> None:
        self.line = line
        self.reason = reason
        super().__init__(f"{reason}: {line!r}")


@dataclass(frozen=True, slots=True)
class Hello:
    """The handshake: the unit's device name and protocol version."""

    device: str
    version: int

    @property
    def supported(self) -> bool:
        """Whether a table of this firmware accepts this unit's rolls."""
        return self.device == DEVICE and self.version in SUPPORTED_VERSIONS


@dataclass(frozen=True, slots=True)
class Roll:
    """A roll: 1..3 values, each 1..6, in the order the unit gives them."""

    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class UnitError:
    """A fault the unit reports (``ERR CODE text``): ``code`` one word, ``text`` the rest."""

    code: str
    text: str = ""


DieMessage = Hello | Roll | UnitError


def _printable(text: str) -> bool:
    return all(" " <= ch <= "~" for ch in text)


def _die_value(line: str, word: str) -> int:
    if not word.isascii() or not word.isdigit():
        raise DieLineError(line, f"{word[:6]!r} is not a die value")
    value = int(word)
    if not 1 <= value <= 6:
        raise DieLineError(line, f"a die shows 1-6, not {value}")
    return value


def parse_line(line: str) -> DieMessage | None:
    """One line from the unit as a message; None for a blank line (a keep-alive).

    :param line: the line without its ending (``"\\r"`` and surrounding spaces are
        tolerated).
    :raises DieLineError: not a message of protocol version 1: an unknown or garbled
        line, a die value outside 1..6 or not a number, no dice or more than three,
        a malformed HELLO or ERR, a line over :data:`MAX_LINE` characters.
    """
    text = line.strip()
    if not text:
        return None
    if len(text) > MAX_LINE:
        raise DieLineError(line, f"line over {MAX_LINE} characters")
    if not _printable(text):
        raise DieLineError(line, "garbled line (line noise?)")
    word, *args = text.split()
    if word == "ROLL":
        if not args:
            raise DieLineError(line, "a roll with no dice")
        if len(args) > MAX_DICE:
            raise DieLineError(line, f"{len(args)} dice: a roll has 1 to {MAX_DICE}")
        return Roll(tuple(_die_value(line, w) for w in args))
    if word == "HELLO":
        if len(args) != 2:
            raise DieLineError(line, "a HELLO is 'HELLO pitchside-die VERSION'")
        device, version = args
        if not version.isascii() or not version.isdigit():
            raise DieLineError(line, f"HELLO version {version[:6]!r} is not a number")
        return Hello(device, int(version))
    if word == "ERR":
        if not args:
            raise DieLineError(line, "an ERR without a code")
        return UnitError(args[0], " ".join(args[1:]))
    raise DieLineError(line, f"not a die line ({word[:10]!r}?)")


def roll_line(values: tuple[int, ...]) -> str:
    """The line a unit sends for ``values`` (for simulated units and tests)."""
    return "ROLL " + " ".join(str(v) for v in values)


def hello_line(version: int = PROTOCOL_VERSION, device: str = DEVICE) -> str:
    """The handshake line a unit sends."""
    return f"HELLO {device} {version}"
