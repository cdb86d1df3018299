"""Pitch Bowl: options, inputs and state (frozen dataclasses), a new match and the options'
check.

The rules that act on them are in :mod:`.engine` and :mod:`.pitch`; the options are
documented with the [I] rulings in the package docstring (:mod:`..pitchbowl`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pitchside.core.fields import check_declared, declared, option
from pitchside.core.sides import SIDES, PerSide, Side

RULES_VERSION = 1
"""Bumped whenever a change to this package could change the state a journal folds to."""

PLAYERS_ON_FIELD = 11
"""Players a team places (PB-01, PB-04)."""
PIECES = 13
"""Pieces of a team, ball carriers included (PB-01)."""
MIN_ON_MARKER = 3
"""Players at least touching the centre line marker at placement (PB-04)."""
MAX_ON_WING = 2
"""Players at most on one wing at placement (PB-04, PB-A6: per wing)."""
TOUCHDOWNS_TO_WIN = 3
"""Touchdowns that win the match (PB-30)."""

Phase = Literal["toss", "choose", "place_defender", "place_attacker", "kickoff", "turn", "finished"]
Announce = Literal["strip", "pickup", "handoff", "pass"]
ANNOUNCES: tuple[Announce, ...] = ("strip", "pickup", "handoff", "pass")
Result = Literal["success", "miss", "interception"]
RESULTS: tuple[Result, ...] = ("success", "miss", "interception")
EndTurnRule = Literal["unless_def_placement", "always", "never"]
CarrierOutRule = Literal["ball_out", "loose"]
Cause = Literal[
    "MISS", "FALL", "OUT_OF_BOUNDS", "CLEARANCE", "BALL_OUT", "INTERCEPTION", "END_OF_TURN", "TOUCHDOWN"
]
"""The causes of a loss of initiative, as the text lists them (PB-28)."""


@dataclass(frozen=True, slots=True)
class Options:
    """Match settings, fixed before the coin toss.

    ``defensive_placement`` is the replay contract's option (docs/spec/replay.md): the
    advanced Defensive Placement rule (PB-31, PB-32), off by default. The others are the
    interpretations' options (module docstring).
    """

    defensive_placement: bool = option(False, rule="PB-31", doc="the advanced Defensive Placement rule")
    end_turn: EndTurnRule = option("unless_def_placement", choices=("unless_def_placement", "always", "never"),
                                   rule="PB-34", doc="when a coach may end his turn")
    carrier_out: CarrierOutRule = option("ball_out", choices=("ball_out", "loose"), rule="PB-35",
                                         doc="a ball carrier leaving the field")
    foul_voids_touchdown: bool = option(True, rule="PB-36", doc="a foul in the pitch voids its touchdown")
    bonus_any_action: bool = option(True, rule="PB-A3", doc="the bonus pitch may be a Pass or Hand Off")
    def_placement_before_bonus: bool = option(False, rule="PB-A11", doc="a defensive placement before a bonus")
    bonus_all_out_again: bool = option(True, rule="PB-09", doc="the All-Out player may go All-Out again")


# --- inputs ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoinToss:
    """The coin toss (PB-02): ``winner`` chooses to kick or to receive."""

    winner: Side = field(metadata=declared(choices=SIDES, rule="PB-02"))


@dataclass(frozen=True, slots=True)
class Choose:
    """The toss winner's choice (PB-02): ``"kick"`` makes him the defender (PB-03)."""

    choice: Literal["kick", "receive"] = field(metadata=declared(choices=("kick", "receive"), rule="PB-02"))


@dataclass(frozen=True, slots=True)
class Placement:
    """A team's placement, confirmed by its coach against the checklist (PB-03, PB-04).

    :param side: the team placing: the defender (kicker) first, then the attacker.
    :param players: players placed, 0..13 (exactly 11 required).
    :param on_marker: players touching the centre line marker (at least 3).
    :param max_on_wing: the most players on any one wing (at most 2, PB-A6).
    :param over_line: a player overlaps the centre line (none may).
    """

    side: Side = field(metadata=declared(choices=SIDES, rule="PB-03"))
    players: int = option(PLAYERS_ON_FIELD, lo=0, hi=PIECES, rule="PB-04")
    on_marker: int = option(MIN_ON_MARKER, lo=0, hi=PIECES, rule="PB-04")
    max_on_wing: int = option(MAX_ON_WING, lo=0, hi=PIECES, rule="PB-A6")
    over_line: bool = option(False, rule="PB-04")


@dataclass(frozen=True, slots=True)
class Kickoff:
    """The kick-off (PB-05): ``landed`` the Ball in the opposing half (end zone included);
    False is a touch back (PB-06, PB-A9: the attacker gives the ball to a player)."""

    landed: bool = option(True, rule="PB-06")


@dataclass(frozen=True, slots=True)
class Pitch:
    """One pitch by the active team, summed up by the coaches once the pieces have stopped.

    :param announce: the decisive action announced before the pitch (PB-13), or None.
    :param result: the announced action's outcome: ``"success"``, ``"miss"`` (PB-14), or
        ``"interception"`` (a Pass only, PB-23); None when nothing was announced.
    :param all_out: the player Went All-Out (PB-09).
    :param fall: the player exceeded its movement beyond what Going All-Out allows (PB-10).
    :param clearance: the player touched the Ball with no Pick Up announced (PB-21).
    :param out_of_bounds: the side of each player that fully left the field (PB-24), one
        entry per player.
    :param ball_out: the Ball left the field (PB-25); a carried Ball leaves only with its
        carrier, so while a piece carries the ball it is the carrier leaving (PB-35, PB-A5):
        OUT OF BOUNDS and BALL OUT, the carrier's side counted among ``out_of_bounds``
        whether listed there or not; with ``touchdown`` it is the carrier crossing the end
        line (no ball out).
    :param touchdown: a ball carrier scored (PB-27).
    :param ko: own pieces accidentally turned over (PB-26), besides the pitched player.
    :param carrier_out: one of the ``out_of_bounds`` players was the ball carrier (PB-35),
        an optional extra: ``ball_out`` says it too, and only this flag can say it under
        the ``"loose"`` option without the Ball going out.
    :param ko_opponent: opposing pieces turned over (PB-A12; they cannot make a defensive
        placement this turn).
    """

    announce: Announce | None = option(None, choices=ANNOUNCES, nullable=True, rule="PB-13")
    result: Result | None = option(None, choices=RESULTS, nullable=True, rule="PB-14")
    all_out: bool = option(False, rule="PB-09")
    fall: bool = option(False, rule="PB-10")
    clearance: bool = option(False, rule="PB-21")
    out_of_bounds: tuple[Side, ...] = option((), "list", choices=SIDES, length=(0, 2 * PLAYERS_ON_FIELD),
                                             rule="PB-24")
    ball_out: bool = option(False, rule="PB-25")
    touchdown: bool = option(False, rule="PB-27")
    ko: int = option(0, lo=0, hi=PLAYERS_ON_FIELD, rule="PB-26")
    carrier_out: bool = option(False, rule="PB-35")
    ko_opponent: int = option(0, lo=0, hi=PLAYERS_ON_FIELD, rule="PB-A12")


@dataclass(frozen=True, slots=True)
class EndTurn:
    """The active coach ends his turn (PB-34, PB-A1)."""


@dataclass(frozen=True, slots=True)
class DefPlacement:
    """A defensive placement by the opponent of the active team (PB-31): ``ok`` False when
    the piece did anything but a Run without Going All-Out (PB-32)."""

    ok: bool = option(True, rule="PB-32")


Input = CoinToss | Choose | Placement | Kickoff | Pitch | EndTurn | DefPlacement


# --- state -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Loss:
    """A loss of initiative: the ``side`` that lost it, the ``cause`` (PB-28) and the rule."""

    side: Side
    cause: Cause
    rule: str


@dataclass(frozen=True, slots=True)
class State:
    """A Pitch Bowl match at one moment (rulings.md 1.1, State model).

    Turn counters (``pitched`` .. ``def_turned``) belong to the active team's current turn
    and are reset at every loss of initiative (PB-28).

    :param kicker: the defender of the current phase of play (PB-03, PB-27).
    :param active: the coach with the initiative; None outside turns.
    :param possession: the side holding the ball, None when the Ball is loose or not yet
        kicked.
    :param pitched: pieces of the active team turned over this turn (pitched players and
        own pieces K.O.'d; a bonus pitch adds none).
    :param all_out_by_bonus_player: the All-Out of this turn was by the player owed the
        bonus pitch (``bonus_all_out_again``).
    :param def_window: a defensive placement may be made now (PB-31).
    :param def_allowed: no defensive placement has gone wrong this turn (PB-32).
    :param def_turned: the defender's pieces turned over this turn (placements, K.O.).
    :param last_loss: the last loss of initiative, for the display.
    """

    options: Options
    phase: Phase = "toss"
    toss_winner: Side | None = None
    kicker: Side | None = None
    active: Side | None = None
    possession: Side | None = None
    score: PerSide[int] = PerSide(0, 0)
    off_field: PerSide[int] = PerSide(0, 0)
    pitched: int = 0
    all_out_used: bool = False
    all_out_by_bonus_player: bool = False
    pass_used: bool = False
    strip_used: bool = False
    pickup_used: bool = False
    bonus_pending: bool = False
    def_window: bool = False
    def_allowed: bool = True
    def_turned: int = 0
    last_loss: Loss | None = None


def new_match(options: Options | None = None) -> State:
    """A match waiting for its coin toss (PB-02).

    :raises ValueError: an option with a value it cannot take.
    """
    opts = options or Options()
    check_options(opts)
    return State(options=opts)


def check_options(opts: Options) -> None:
    """Each option as declared (:func:`pitchside.core.fields.check_declared`).

    :raises ValueError: naming the bad option, the value, what is allowed and the rule.
    """
    check_declared(opts)
