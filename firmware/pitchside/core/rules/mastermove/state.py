"""Master Move: options, inputs and state (frozen dataclasses, no logic). The outcome is
:class:`pitchside.core.game.Outcome`, with a typed cause.

The rules that act on them are in :mod:`.engine` and :mod:`.movegen`; the options are
documented with the [I] rulings in the package docstring (:mod:`..mastermove`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pitchside.core.fields import Spec, declared, option
from pitchside.core.sides import SIDES, PerSide, Side

from .board import (
    DEFAULT_WHITE_AREA,
    EMPTY_BOARD,
    Board,
    Grass,
    Kind,
    Square,
    square,
    square_name,
)

Phase = Literal["lineup", "toss", "play", "changes", "finished"]
PHASES: tuple[Phase, ...] = ("lineup", "toss", "play", "changes", "finished")

MOVES_TO_WIN = 3
"""A game is won by the first side to score 3 Moves (MM-15)."""


@dataclass(frozen=True, slots=True)
class Options:
    """Game settings, fixed before the line-ups. Defaults are the rulings' readings.

    :param changes: ``"per_restart"`` (MM-30: one change credit per side at each restart,
        unused credit lost) or ``"carry_over"`` (MM-A5 B: unused credits accumulate).
    :param white_area: square names where no piece may stop (MM-03, MM-A2).
    :param grass: ``"checkerboard"`` (MM-A3), ``"stripes"`` or a 9 x 16 map
        (:func:`.board.grass_colours`); wingers keep their colour (MM-08).
    :param first_mover: ``"coin_toss"`` (MM-28) or ``"A"``/``"B"`` ("home moves first",
        MM-A1): with a side named, play starts as soon as both line-ups are in.
    :param stalemate_refuse: the traversal of one pair of squares by one piece that is
        refused: 5 (MM-29, the start of a third back-and-forth) or 6 (MM-A4, the move
        completing it).
    :param stalemate_count: ``"any"`` (MM-29: traversals count even when the piece moved
        elsewhere between them) or ``"consecutive"`` (MM-A4: a move of the piece to
        another pair clears its count).
    :param max_changes: changes a side may make in a game (MM-22): 4.
    """

    changes: Literal["per_restart", "carry_over"] = option(
        "per_restart", choices=("per_restart", "carry_over"), rule="MM-30", doc="unused change credits")
    white_area: tuple[str, ...] = option(DEFAULT_WHITE_AREA, "given", noun="a list of squares", rule="MM-A2",
                                         doc="squares where no piece may stop")
    grass: Grass = option("checkerboard", "given", rule="MM-A3", doc="the grass colours wingers keep",
                          noun="'checkerboard', 'stripes' or a list of 9 rows of 16 '0'/'1'")
    first_mover: Literal["coin_toss", "A", "B"] = option(
        "coin_toss", choices=("coin_toss", "A", "B"), rule="MM-28", doc="who moves first")
    stalemate_refuse: int = option(5, lo=5, hi=6, rule="MM-29", doc="the traversal refused")
    stalemate_count: Literal["any", "consecutive"] = option(
        "any", choices=("any", "consecutive"), rule="MM-A4", doc="which traversals count")
    max_changes: int = option(4, lo=0, hi=4, rule="MM-22", doc="changes a side may make in a game")


# --- inputs -----------------------------------------------------------------------------


def _square(rule: str, key: str | None = None) -> dict[str, Spec]:
    """The declaration of a square field: ``"E8"`` in JSON, a :data:`Square` here."""
    return declared("value", rule=rule, key=key, noun="a square A1..I16", encode=square_name, decode=square)


def _side(rule: str) -> dict[str, Spec]:
    """The declaration of a side field, ``"A"`` or ``"B"``."""
    return declared(choices=SIDES, rule=rule)


@dataclass(frozen=True, slots=True)
class Lineup:
    """A side's kick-off line-up (MM-05, MM-19): ``placement`` pairs each square with
    the kind of piece on it, in the order given."""

    side: Side = field(metadata=_side("MM-05"))
    placement: tuple[tuple[Square, Kind], ...] = field(metadata=declared("given", key="pieces", rule="MM-19"))


@dataclass(frozen=True, slots=True)
class CoinToss:
    """The coin toss before the first move: ``winner`` moves first (MM-28)."""

    winner: Side = field(metadata=_side("MM-28"))


@dataclass(frozen=True, slots=True)
class Move:
    """The side to move moves the piece on ``frm`` to ``to`` (MM-12)."""

    frm: Square = field(metadata=_square("MM-12", key="from"))
    to: Square = field(metadata=_square("MM-12"))

    def __str__(self) -> str:
        return f"{square_name(self.frm)}-{square_name(self.to)}"


@dataclass(frozen=True, slots=True)
class Change:
    """A free relocation of one of ``side``'s pieces in the changes phase (MM-21)."""

    side: Side = field(metadata=_side("MM-21"))
    frm: Square = field(metadata=_square("MM-21", key="from"))
    to: Square = field(metadata=_square("MM-21"))


@dataclass(frozen=True, slots=True)
class Restart:
    """Ends the changes phase; the side that conceded moves first (MM-23, MM-30)."""


@dataclass(frozen=True, slots=True)
class Quit:
    """``side`` quits and loses 0-3 by forfeit (MM-25, MM-32)."""

    side: Side = field(metadata=_side("MM-25"))


Input = Lineup | CoinToss | Move | Change | Restart | Quit

Trav = tuple[tuple[Square, Square, Square, int], ...]
"""Anti-stalemate counts (MM-29) as sorted ``(piece, x, y, n)``: the piece now standing
on ``piece`` has moved between ``x`` and ``y`` (``x < y``) ``n`` times since the kick-off.
A piece is known by its square: when it moves, its counts move with it."""


@dataclass(frozen=True, slots=True)
class State:
    """A Master Move game at one moment (rulings.md 4.1).

    ``board`` is the position; ``kickoff`` the line-up of the last kick-off, changes at
    restarts included (MM-20, MM-A9). ``credit`` is the changes each side may still make
    in the current changes phase (0 outside it). ``restarting`` is the side that
    conceded the last Move (None before the first and once the game is over).
    ``forfeit`` is the side that quit.
    """

    options: Options
    phase: Phase = "lineup"
    board: Board = EMPTY_BOARD
    kickoff: Board = EMPTY_BOARD
    to_move: Side | None = None
    score: PerSide[int] = PerSide(0, 0)
    changes_used: PerSide[int] = PerSide(0, 0)
    credit: PerSide[int] = PerSide(0, 0)
    restarting: Side | None = None
    trav: Trav = ()
    forfeit: Side | None = None
