"""The Master Move line protocol (pure): one line from a move source -> one command.

A move source is a sensor board (hall or reed switch per square, RFID) or any terminal
on a serial port; each line it sends is a :class:`~pitchside.signals.events.SerialLine`
of the device ``"moves"``. The protocol, version 1 (``MM1``), is documented for device
makers in ``hardware/pitchside_hw/MOVE_PROTOCOL.md``; in short, one command per line,
words separated by spaces, keywords, sides and squares in any case::

    HELLO MM1 [device name]          a device says who it is (optional)
    MOVE G3 F1                       the side to move moves G3 to F1 (also MOVE G3-F1,
                                     or just G3-F1)
    LINEUP A K E1 D C2 G2 W B3 E4 H3 R D8 F8 J E7 L B7 H7
                                     a side's line-up: a kind, then its squares
                                     (kinds K D W R J L or KEEPER DEFENDER WINGER
                                     RUNNER JOKER RAIDER)
    TOSS                             the table tosses its coin
    TOSS A                           a coin tossed by hand: A won
    CHANGE A G3 F4                   A's free change after a Move (also G3-F4)
    RESTART                          the changes are done: the conceding side moves
    QUIT B                           B quits: 0-3 (MM-25)
    UNDO                             take back the last input
    # anything                       a comment (also after a command); blank lines
                                     too: ignored

Sides are ``A`` (yellow, defends column 1) or ``B`` (blue), also ``YELLOW``/``BLUE``.

:func:`parse_line` turns a line into a command or raises :class:`ProtocolError` with a
short reason for the display: a malformed line is refused *as a line* (nothing
changes); a well-formed command the rules do not allow is refused by the rules engine
with its rule ID. :func:`format_input` writes a rules input as a protocol line (the
simulator replays recorded games with it).
"""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.core.errors import MalformedInput
from pitchside.core.rules import mastermove as rules
from pitchside.core.rules.mastermove.board import LETTERS
from pitchside.core.sides import Side

PROTOCOL = "MM1"
"""The protocol this table speaks (the ``HELLO`` word)."""
VERSION = 1

KIND_WORDS: dict[str, rules.Kind] = {
    "K": "keeper", "KEEPER": "keeper",
    "D": "defender", "DEFENDER": "defender",
    "W": "winger", "WINGER": "winger",
    "R": "runner", "RUNNER": "runner",
    "J": "joker", "JOKER": "joker",
    "L": "raider", "RAIDER": "raider",
}  # fmt: skip
"""Piece kinds in a ``LINEUP`` line: the notation's letters or the names."""
SIDE_WORDS: dict[str, Side] = {"A": "A", "B": "B", "YELLOW": "A", "BLUE": "B"}
COMMANDS = ("HELLO", "MOVE", "LINEUP", "TOSS", "CHANGE", "RESTART", "QUIT", "UNDO")


class ProtocolError(MalformedInput):
    """A line that is not a command of the protocol; ``reason`` is short, for the
    display (``str()`` is the same)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


@dataclass(frozen=True, slots=True)
class Hello:
    """``HELLO MMn [name]``: the device speaks version ``version``; ``device`` is its
    free-text name (may be empty)."""

    version: int
    device: str


@dataclass(frozen=True, slots=True)
class Play:
    """A rules input for the engine (a move, line-up, change, restart, quit, or a coin
    tossed by hand)."""

    input: rules.Input


@dataclass(frozen=True, slots=True)
class Toss:
    """``TOSS`` alone: the table tosses its own coin."""


@dataclass(frozen=True, slots=True)
class Undo:
    """``UNDO``: take back the last input still in effect."""


Command = Hello | Play | Toss | Undo


def _square(word: str) -> int:
    try:
        return rules.square(word.upper())
    except ValueError:
        raise ProtocolError(f"{word[:8] or 'nothing'} is not a square (A1..I16)") from None


def _side(word: str | None, command: str) -> Side:
    if word is None:
        raise ProtocolError(f"{command} needs a side: {command} A or {command} B")
    side = SIDE_WORDS.get(word.upper())
    if side is None:
        raise ProtocolError(f"{word} is not a side (A or B)")
    return side


def _two_squares(args: list[str], usage: str) -> tuple[int, int]:
    """``G3 F1`` or ``G3-F1``."""
    if len(args) == 1 and "-" in args[0]:
        args = args[0].split("-", 1)
    if len(args) != 2:
        raise ProtocolError(f"{usage.split()[0]} needs two squares, like {usage}")
    return _square(args[0]), _square(args[1])


def parse_line(text: str) -> Command | None:
    """The command on one line, or None for a blank or comment line.

    :raises ProtocolError: not a command of the protocol; the reason names what is
        wrong and shows the right form.
    """
    line = text.split("#", 1)[0].strip()  # a comment runs from "#" to the end of the line
    if not line:
        return None
    if not line.isascii() or not line.isprintable():
        raise ProtocolError("unreadable characters (noise on the line?)")
    words = line.split()
    head, args = words[0].upper(), words[1:]
    if head not in COMMANDS:
        if len(words) == 1 and "-" in head:  # a bare move, "G3-F1"
            frm, to = _two_squares([head], "G3-F1")
            return Play(rules.Move(frm, to))
        raise ProtocolError(f"unknown command {words[0][:12]}: {', '.join(COMMANDS)}")
    if head == "HELLO":
        if not args or not args[0].upper().startswith("MM") or not args[0][2:].isdigit():
            raise ProtocolError(f"HELLO needs the protocol version: HELLO {PROTOCOL} [name]")
        version = int(args[0][2:])
        if version != VERSION:
            raise ProtocolError(f"device speaks MM{version}; this table speaks {PROTOCOL}")
        return Hello(version, " ".join(args[1:]))
    if head == "MOVE":
        frm, to = _two_squares(args, "MOVE G3 F1")
        return Play(rules.Move(frm, to))
    if head == "CHANGE":
        side = _side(args[0] if args else None, "CHANGE")
        frm, to = _two_squares(args[1:], "CHANGE A G3 F4")
        return Play(rules.Change(side, frm, to))
    if head == "LINEUP":
        return Play(_lineup(args))
    if head == "TOSS":
        if len(args) > 1:
            raise ProtocolError("TOSS alone (the table tosses) or TOSS A / TOSS B")
        return Toss() if not args else Play(rules.CoinToss(_side(args[0], "TOSS")))
    if head == "QUIT":
        if len(args) != 1:
            raise ProtocolError("QUIT needs one side: QUIT A or QUIT B")
        return Play(rules.Quit(_side(args[0], "QUIT")))
    if args:
        raise ProtocolError(f"{head} takes nothing after it")
    return Undo() if head == "UNDO" else Play(rules.Restart())


def _lineup(args: list[str]) -> rules.Lineup:
    """``A K E1 D C2 G2 ...``: the placement in the order written. The counts of each
    kind are the rules' to check (MM-05), so a short line-up is refused with its rule."""
    side = _side(args[0] if args else None, "LINEUP")
    placement: list[tuple[int, rules.Kind]] = []
    kind: rules.Kind | None = None
    for word in args[1:]:
        w = word.upper()
        if w in KIND_WORDS:
            kind = KIND_WORDS[w]
            continue
        if kind is None:
            raise ProtocolError(f"LINEUP {side}: a kind first (K D W R J L), then its squares")
        placement.append((_square(w), kind))
    if not placement:
        raise ProtocolError(f"LINEUP {side} lists no pieces: LINEUP A K E1 D C2 G2 ...")
    return rules.Lineup(side, tuple(placement))


def format_input(inp: rules.Input) -> str:
    """A rules input as a protocol line: ``"MOVE G3 F1"``, ``"LINEUP A K E1 D C2 G2 ..."``,
    ``"TOSS A"`` (a coin tossed by hand), ``"CHANGE B B14 D14"``, ``"RESTART"``,
    ``"QUIT B"``."""
    name = rules.square_name
    if isinstance(inp, rules.Move):
        return f"MOVE {name(inp.frm)} {name(inp.to)}"
    if isinstance(inp, rules.Change):
        return f"CHANGE {inp.side} {name(inp.frm)} {name(inp.to)}"
    if isinstance(inp, rules.Lineup):
        words = [f"LINEUP {inp.side}"]
        for kind in rules.KINDS:
            squares = [name(sq) for sq, k in inp.placement if k == kind]
            if squares:
                words.append(f"{LETTERS[kind]} {' '.join(squares)}")
        return " ".join(words)
    if isinstance(inp, rules.CoinToss):
        return f"TOSS {inp.winner}"
    if isinstance(inp, rules.Restart):
        return "RESTART"
    return f"QUIT {inp.side}"
