"""Master Move: options, inputs and state (frozen dataclasses, no logic). The outcome is
:class:`pitchside.core.game.Outcome`, with a typed cause.

The rules that act on them are in :mod:`.engine` and :mod:`.movegen`; the options are
documented with the [I] rulings in the package docstring (:mod:`..mastermove`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pitchside.core.sides import PerSide, Side

from .board import (
    DEFAULT_WHITE_AREA,
    EMPTY_BOARD,
    Board,
    Grass,
    Kind,
    Square,
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

    changes: Literal["per_restart", "carry_over"] = "per_restart"
    white_area: tuple[str, ...] = DEFAULT_WHITE_AREA
    grass: Grass = "checkerboard"
    first_mover: Literal["coin_toss", "A", "B"] = "coin_toss"
    stalemate_refuse: int = 5
    stalemate_count: Literal["any", "consecutive"] = "any"
    max_changes: int = 4


# --- inputs -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lineup:
    """A side's kick-off line-up (MM-05, MM-19): ``placement`` pairs each square with
    the kind of piece on it, in the order given."""

    side: Side
    placement: tuple[tuple[Square, Kind], ...]


@dataclass(frozen=True, slots=True)
class CoinToss:
    """The coin toss before the first move: ``winner`` moves first (MM-28)."""

    winner: Side


@dataclass(frozen=True, slots=True)
class Move:
    """The side to move moves the piece on ``frm`` to ``to`` (MM-12)."""

    frm: Square
    to: Square

    def __str__(self) -> str:
        return f"{square_name(self.frm)}-{square_name(self.to)}"


@dataclass(frozen=True, slots=True)
class Change:
    """A free relocation of one of ``side``'s pieces in the changes phase (MM-21)."""

    side: Side
    frm: Square
    to: Square


@dataclass(frozen=True, slots=True)
class Restart:
    """Ends the changes phase; the side that conceded moves first (MM-23, MM-30)."""


@dataclass(frozen=True, slots=True)
class Quit:
    """``side`` quits and loses 0-3 by forfeit (MM-25, MM-32)."""

    side: Side


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
