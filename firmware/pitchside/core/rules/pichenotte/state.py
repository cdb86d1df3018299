"""Pichenotte: options, inputs and state (frozen dataclasses), a new match and the
options' check (PI-01, PI-A6).

The rules that act on them are in :mod:`.engine`; the options are documented with the
[I] rulings in the package docstring (:mod:`..pichenotte`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pitchside.core.fields import check_declared, declared, option
from pitchside.core.sides import SIDES, PerSide, Side

RULES_VERSION = 1
"""Bumped whenever a change to this package could change the state a journal folds to."""

Phase = Literal["toss", "shooting", "tally", "finished"]
ZONE_POINTS = (15, 10, 5)
"""Points of the zones a tally counts, inner to outer (PI-10)."""
TWENTY_POINTS = 20
"""Points of each twenty on the rail (PI-08, PI-10)."""
MAX_PUCKS = 50
"""Upper bound of ``Options.pucks`` (a sanity bound, not a rule)."""


@dataclass(frozen=True, slots=True)
class Options:
    """Match settings, fixed before the coin toss.

    ``players``, ``format`` and ``pucks`` are the replay contract's options
    (docs/spec/replay.md); the others are the [I] rulings' options (module docstring).

    :param pucks: pucks per side (a player, or a doubles team whose partners shoot half
        each), 1..50; default 12 (PI-01). Even in doubles.
    """

    players: Literal["singles", "doubles"] = option(
        "singles", choices=("singles", "doubles"), rule="PI-A6", doc="one player or a team of two a side")
    format: Literal["rounds", "race500"] = option(
        "rounds", choices=("rounds", "race500"), rule="PI-15", doc="4 of 7 rounds, or a race to points")
    pucks: int = option(12, lo=1, hi=MAX_PUCKS, rule="PI-01", doc="pucks per side (even in doubles)")
    call_binds: bool = option(True, rule="PI-17", doc="a called twenty must drop")
    outer_line_on_free_shot: bool = option(True, rule="PI-19", doc="the outer line ditches free shots too")
    first_shooter: Literal["alternate", "toss_winner"] = option(
        "alternate", choices=("alternate", "toss_winner"), rule="PI-20", doc="who shoots first each round")
    rounds_to_win: int = option(4, lo=1, hi=99, rule="PI-21", doc="round points that win (rounds format)")
    max_rounds: int | None = option(None, lo=1, hi=999, nullable=True, rule="PI-A3",
                                    doc="rounds after which the match stops (none: no limit)")
    race_target: int = option(500, lo=1, hi=100_000, rule="PI-22", doc="points that win a race")
    race_scoring: Literal["raw", "cancellation"] = option(
        "raw", choices=("raw", "cancellation"), rule="PI-A4", doc="race points: raw, or the round's difference")
    technique_foul: bool = option(False, rule="PI-A7", doc="the referee may call a technique foul")


@dataclass(frozen=True, slots=True)
class CoinToss:
    """The coin toss before round 1: ``winner`` shoots first (PI-20)."""

    winner: Side = field(metadata=declared(choices=SIDES, rule="PI-20"))


@dataclass(frozen=True, slots=True)
class Shot:
    """One shot by the side whose turn it is, summed up after it has stopped moving.

    :param called: a twenty was called before the shot (PI-05 B).
    :param contact: one of the shooter's pucks touched an opponent's puck (PI-05 A,
        PI-18). Matters only when an opponent's puck was on the board.
    :param twenty: the shot puck dropped in the centre hole (PI-08, PI-09).
    :param ditched: the shot puck ended in the ditch or touching the outer line (PI-13).
    :param on_line: with ``ditched``, it was only touching the outer line (matters only
        with ``outer_line_on_free_shot`` off).
    :param foul: the referee called illegal technique (PI-04, PI-A7).
    :param knocked_in: other pucks knocked into the hole, per owner (PI-11).
    :param knocked_off: other pucks knocked to the ditch or left on the outer line, per
        owner (PI-13).
    :param by_hand: which of the pucks in the hole were entered by hand on the panel,
        not sensed by the twenty-hole beam: ``"twenty"`` (the shot puck) or the side of
        a knocked-in puck, in the order entered. A record of where the input came from
       : the rules ignore it, so a twenty entered by hand scores
        exactly as a sensed one (PI-08).
    :param withdrawn: counts of the twenty-hole beam that the players withdrew on the
        panel (a doubled count); a record, ignored by the rules like ``by_hand``.
    """

    called: bool = option(False, rule="PI-05")
    contact: bool = option(True, rule="PI-18")
    twenty: bool = option(False, rule="PI-08")
    ditched: bool = option(False, rule="PI-13")
    knocked_in: PerSide[int] = option(PerSide(0, 0), "counts", hi=MAX_PUCKS, rule="PI-11")
    knocked_off: PerSide[int] = option(PerSide(0, 0), "counts", hi=MAX_PUCKS, rule="PI-13")
    on_line: bool = option(False, rule="PI-19")
    foul: bool = option(False, rule="PI-A7")
    by_hand: tuple[str, ...] = option(
        (), "list", choices=("twenty", *SIDES), length=(0, 1 + 2 * MAX_PUCKS), rule="PI-A8",
        doc="pucks in the hole entered by hand, not sensed")
    withdrawn: int = option(0, lo=0, hi=999, rule="PI-A8", doc="beam counts withdrawn on the panel")


@dataclass(frozen=True, slots=True)
class Tally:
    """Round-end zone counts of the pucks resting on the board, per side, as
    ``(n15, n10, n5)``: pucks in the 15, 10 and 5 zones (PI-10, PI-12)."""

    A: tuple[int, int, int] = field(metadata=declared("ints", length=(3, 3), lo=0, hi=MAX_PUCKS, rule="PI-10"))
    B: tuple[int, int, int] = field(metadata=declared("ints", length=(3, 3), lo=0, hi=MAX_PUCKS, rule="PI-10"))

    def __getitem__(self, side: Side) -> tuple[int, int, int]:
        return self.A if side == "A" else self.B


Input = CoinToss | Shot | Tally


@dataclass(frozen=True, slots=True)
class State:
    """A Pichenotte match at one moment. Counts are pucks, for the current round.

    ``round_scores`` holds each finished round's raw points; match points are derived
    from it (:func:`match_score`).
    """

    options: Options
    phase: Phase = "toss"
    round: int = 1
    first_shooter: Side | None = None
    turn: Side | None = None
    shots: PerSide[int] = PerSide(0, 0)
    hand: PerSide[int] = PerSide(0, 0)
    on_board: PerSide[int] = PerSide(0, 0)
    rail: PerSide[int] = PerSide(0, 0)
    ditch: PerSide[int] = PerSide(0, 0)
    round_scores: tuple[PerSide[int], ...] = ()
    toss_winner: Side | None = None


def new_match(options: Options | None = None) -> State:
    """A match waiting for its coin toss, each side holding ``options.pucks`` (PI-01).

    :raises ValueError: options out of range, or odd pucks in doubles (:func:`check_options`).
    """
    opts = options or Options()
    check_options(opts)
    return State(options=opts, hand=PerSide(opts.pucks, opts.pucks))


def check_options(opts: Options) -> None:
    """Each option as declared (:func:`pitchside.core.fields.check_declared`), and even
    pucks in doubles (PI-A6).

    :raises ValueError: naming the bad option, the value, what is allowed and the rule.
    """
    check_declared(opts)
    if opts.players == "doubles" and opts.pucks % 2:
        raise ValueError(f"pucks must be even in doubles (each partner shoots half), not {opts.pucks}")
