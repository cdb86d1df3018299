"""Pitchnut: options, inputs, a game's result and the state (frozen dataclasses), a new
match and the options' check.

The rules that act on them are in :mod:`.engine`; the options are documented with the
[I] rulings in the package docstring (:mod:`..pitchnut`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pitchside.core.fields import check_declared, declared, option
from pitchside.core.notice import Notice
from pitchside.core.sides import SIDES, PerSide, Side

RULES_VERSION = 1
"""Bumped whenever a change to this package could change the state a journal folds to."""

Phase = Literal["toss", "choose_breaker", "shooting", "finished"]
Colour = Literal["white", "black"]
COLOURS: tuple[Colour, Colour] = ("white", "black")
MAX_PIECES = 50
"""Upper bound of ``Options.pieces`` (a sanity bound, not a rule)."""


def other_colour(colour: Colour) -> Colour:
    return "black" if colour == "white" else "white"


@dataclass(frozen=True, slots=True)
class Pieces:
    """A count per colour, immutable: ``p["white"]`` reads, ``p.set("white", n)`` copies."""

    white: int = 0
    black: int = 0

    def __getitem__(self, colour: Colour) -> int:
        return self.white if colour == "white" else self.black

    def set(self, colour: Colour, value: int) -> "Pieces":
        return Pieces(value, self.black) if colour == "white" else Pieces(self.white, value)

    def add(self, colour: Colour, n: int) -> "Pieces":
        return self.set(colour, self[colour] + n)

    def as_dict(self) -> dict[str, int]:
        return {"white": self.white, "black": self.black}


@dataclass(frozen=True, slots=True)
class Options:
    """Match settings, fixed before the coin toss.

    ``pieces``, ``games``, ``scratch_keeps_turn`` and ``miss_reshoot`` are the replay
    contract's options (docs/spec/replay.md, "Pitchnut"); the others are the [I]
    rulings' options (module docstring).

    :param pieces: object pieces per colour, 1..50 (PN-02, PN-A1; default 10).
    :param games: games needed to win the match, 1..99 (PN-A9; default 1).
    """

    pieces: int = option(10, lo=1, hi=MAX_PIECES, rule="PN-02", doc="object pieces per colour")
    games: int = option(1, lo=1, hi=99, rule="PN-A9", doc="games that win the match")
    scratch_keeps_turn: bool = option(False, rule="PN-23", doc="beginners: a scratch does not end the turn")
    miss_reshoot: bool = option(False, rule="PN-23", doc="beginners: a shot that touched nothing is retaken")
    break_poison_with_pieces: Literal["win", "loss"] = option(
        "win", choices=("win", "loss"), rule="PN-06", doc="the poison sunk on the break with pieces")
    early_poison: Literal["loss", "respot"] = option(
        "loss", choices=("loss", "respot"), rule="PN-24", doc="the poison sunk before its time")
    turn_continues: Literal["more_own", "any_piece"] = option(
        "more_own", choices=("more_own", "any_piece"), rule="PN-26", doc="which pocketed pieces go on")
    open_equal_continues: bool = option(True, rule="PN-27", doc="equal colours on an open board go on")
    paying_shot_continues: bool = option(True, rule="PN-29", doc="a piece paying a debt counts as pocketed")
    bonus_on_assigning_shot: bool = option(True, rule="PN-30", doc="the assigning shot earns bonus turns")
    players: Literal["singles", "doubles"] = option(
        "singles", choices=("singles", "doubles"), rule="PN-A11", doc="one player or a team of two a side")


@dataclass(frozen=True, slots=True)
class CoinToss:
    """The opening coin toss: ``winner`` chooses who breaks (PN-05)."""

    winner: Side = field(metadata=declared(choices=SIDES, rule="PN-05"))


@dataclass(frozen=True, slots=True)
class Breaker:
    """The toss winner's choice of the first breaker (PN-05)."""

    side: Side = field(metadata=declared(choices=SIDES, rule="PN-05"))


PitchFate = Literal["pocket", "off"]
BY_HAND_KINDS = ("white", "black", "poison", "pitch")
"""What a piece entered by hand can be (:attr:`Shot.by_hand`)."""


@dataclass(frozen=True, slots=True)
class Shot:
    """One shot by the side whose turn it is, summed up when it has ended.

    :param white: white object pieces pocketed (0..; more than the board has is
        refused, PN-02).
    :param black: black object pieces pocketed (0..; PN-02).
    :param poison: the poison was pocketed.
    :param pitch: ``"pocket"`` or ``"off"``: the pitch was pocketed or left the board
        (a scratch, PN-08); None: it stayed.
    :param touched: the pitch touched an object piece (PN-23 (b), ``miss_reshoot``); the
        poison is not one, so a shot that touched none may still move pieces.
    :param foul: the referee called illegal technique, penalised as a scratch (PN-A10).
    :param spot: the colour to spot when the rules leave the choice (PN-A5).
    :param white_off: white pieces knocked off the board, put back at the centre (PN-A8).
    :param black_off: black pieces knocked off the board (PN-A8).
    :param poison_off: the poison knocked off the board, put back (PN-A8).
    :param sensed: what the pocket beams counted during the shot, per pocket 1-4, kept
        beside what the players confirmed so that the record shows both (a beam can
        double-count a piece bouncing in its chute, PN-A12). The rules ignore it.
    :param by_hand: the pocketed pieces entered by hand on the shot sheet, not sensed
        by a pocket beam (a dead or missed pocket; sensor health), by kind
        (``"white"``, ``"black"``, ``"poison"``, ``"pitch"``) in the order entered; a
        record like ``sensed``, ignored by the rules.
    """

    white: int = option(0, lo=0, rule="PN-02")
    black: int = option(0, lo=0, rule="PN-02")
    poison: bool = option(False, rule="PN-03")
    pitch: PitchFate | None = option(None, choices=("pocket", "off"), nullable=True, rule="PN-08")
    touched: bool = option(True, rule="PN-23")
    foul: bool = option(False, rule="PN-A10")
    spot: Colour | None = option(None, choices=COLOURS, nullable=True, rule="PN-A5")
    white_off: int = option(0, lo=0, rule="PN-A8")
    black_off: int = option(0, lo=0, rule="PN-A8")
    poison_off: bool = option(False, rule="PN-A8")
    sensed: tuple[int, int, int, int] | None = option(
        None, "ints", length=(4, 4), lo=0, hi=99, nullable=True, rule="PN-A12")
    by_hand: tuple[str, ...] = option(
        (), "list", choices=BY_HAND_KINDS, length=(0, 2 * MAX_PIECES + 2), rule="PN-A12",
        doc="pocketed pieces entered by hand, not sensed")

    @property
    def scratch(self) -> bool:
        """A scratch: the pitch pocketed or off the board (PN-08), or a foul (PN-A10)."""
        return self.pitch is not None or self.foul

    def __getitem__(self, colour: Colour) -> int:
        return self.white if colour == "white" else self.black


Input = CoinToss | Breaker | Shot


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended: its ``winner`` and the ``cause``, a notice whose rule is the
    deciding rule (PN-06, PN-21, PN-22, PN-24, PN-25 or PN-31) and whose ``side`` is the
    shooter who sank the poison (words: :mod:`pitchside.core.words.pitchnut`)."""

    winner: Side
    cause: Notice


@dataclass(frozen=True, slots=True)
class State:
    """A Pitchnut match at one moment (rulings.md 3.1).

    :ivar pocketed: object pieces in the pockets per colour, after spotting.
    :ivar owed: pieces owed per side (debts from scratches, PN-08).
    :ivar bonus: bonus turns banked by the side to shoot (PN-15, PN-30).
    :ivar score: games won in the match.
    :ivar breaker_next: the loser of the last game (None before the first ends).
    :ivar seats: turns each side has begun in this game (doubles order, PN-A11).
    :ivar last_game: how the last finished game ended.
    """

    options: Options
    phase: Phase = "toss"
    toss_winner: Side | None = None
    game_number: int = 1
    breaker: Side | None = None
    turn: Side | None = None
    is_break: bool = True
    colours: PerSide[Colour | None] = PerSide(None, None)
    pocketed: Pieces = Pieces()
    owed: PerSide[int] = PerSide(0, 0)
    bonus: int = 0
    score: PerSide[int] = PerSide(0, 0)
    breaker_next: Side | None = None
    seats: PerSide[int] = PerSide(0, 0)
    last_game: GameResult | None = None


def new_match(options: Options | None = None) -> State:
    """A match waiting for its coin toss.

    :raises ValueError: options out of range (see :func:`check_options`).
    """
    opts = options or Options()
    check_options(opts)
    return State(options=opts)


def check_options(opts: Options) -> None:
    """Each option as declared (:func:`pitchside.core.fields.check_declared`).

    :raises ValueError: naming the bad option, the value, what is allowed and the rule.
    """
    check_declared(opts)
