"""Boulomania: options, inputs and state (frozen dataclasses), the options' check and a
new game.

The rules that act on them are in :mod:`.engine`; the options are documented with the
[I] rulings in the package docstring (:mod:`..boulomania`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pitchside.core.boards.boulomania import BOARD, Board
from pitchside.core.fields import check_declared, declared, option
from pitchside.core.sides import SIDES, PerSide, Side

RULES_VERSION = 1
"""Bumped whenever a change to this package could change the state a journal folds to."""

Phase = Literal["start_roll", "jack_roll", "throw", "finished"]
Fork = Literal["straight", "diagonal"]
JACK: Literal["jack"] = "jack"
"""A :class:`Shoot` target: the jack."""
FORKS: tuple[Fork, Fork] = ("straight", "diagonal")
SPACES = 18
MIN_PLACE = 7
"""A placing sum below this is a dead bowl (BM-06)."""


def _check_die(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise ValueError(f"{name} must be a die value 1..6, not {value!r}")


def _check_forks(forks: tuple[str, ...]) -> None:
    for f in forks:
        if f not in ("straight", "diagonal"):
            raise ValueError(f"a fork choice is 'straight' or 'diagonal', not {f!r}")


# --- options and inputs ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options:
    """Match settings, fixed before the start roll.

    ``target`` and ``bowls`` are the replay contract's options (docs/spec/replay.md);
    the others are the [I] rulings' options (module docstring).

    :param target: points that end the game, 1..99; default 13 (BM-18).
    :param bowls: bowls per team, 1..8; default 8 (BM-01).
    :param board: the board geometry (BM-BOARD); the packaged board by default. Not a
        replay option: a table has one board.
    """

    target: int = option(13, lo=1, hi=99, rule="BM-18", doc="points that end the game")
    bowls: int = option(8, lo=1, hi=8, rule="BM-01", doc="bowls per team (8 per colour in the box)")
    double_jack_space: Literal["any", "push_only"] = option(
        "any", choices=("any", "push_only"), rule="BM-07", doc="when a double may take the jack space")
    push_optional: bool = option(False, rule="BM-10", doc="a team may decline to push on")
    fork_chooser: Literal["thrower", "owner"] = option(
        "thrower", choices=("thrower", "owner"), rule="BM-11", doc="who chooses at a fork")
    rethrow_after_clear: bool = option(True, rule="BM-14", doc="clearing the board earns the next throw")
    null_round_starter: Literal["same", "other"] = option(
        "same", choices=("same", "other"), rule="BM-17", doc="who starts after a null round")
    shoot_own: bool = option(False, rule="BM-19", doc="a team may shoot at its own bowls")
    kiss_jack_last_row: Literal["stays", "out"] = option(
        "stays", choices=("stays", "out"), rule="BM-24", doc="the jack kissed on the last row")
    jack_out_both: Literal["null", "own_bowls"] = option(
        "null", choices=("null", "own_bowls"), rule="BM-26", doc="the jack out while both teams hold bowls")
    board: Board = field(default=BOARD, repr=False)


@dataclass(frozen=True, slots=True)
class StartRoll:
    """Each team's die for the start (BM-02): the higher throws the jack; equal rolls
    decide nothing.

    :raises ValueError: a value not 1..6.
    """

    A: int = field(metadata=declared(lo=1, hi=6, noun="a die value", rule="BM-02"))
    B: int = field(metadata=declared(lo=1, hi=6, noun="a die value", rule="BM-02"))

    def __post_init__(self) -> None:
        _check_die("A", self.A)
        _check_die("B", self.B)


@dataclass(frozen=True, slots=True)
class JackRoll:
    """The starter's die: the jack goes on that jack space (BM-03).

    :raises ValueError: a value not 1..6.
    """

    die: int = field(metadata=declared(lo=1, hi=6, noun="a die value", rule="BM-03"))

    def __post_init__(self) -> None:
        _check_die("die", self.die)


@dataclass(frozen=True, slots=True)
class Point:
    """A placing throw (BM-05): 2 or 3 dice, the bowl goes on the sum.

    :param dice: the values thrown, 2 or 3 of 1..6.
    :param jack_space: with a double on two dice, take jack space n instead (BM-07).
    :param forks: ``"straight"``/``"diagonal"`` for each fork (8, 13, 16) the push chain
        meets, in the order met; missing ones are straight (BM-11).
    :param team: the team throwing, if the input names it (refused if not to play, BM-12).
    :param push: False declines to push on (dead bowl), with option ``push_optional``.
    :param jack_space_if_free: the jack space was declared before the roll, on the
        condition that the throw allows it: take it if :func:`jack_space_allowed`, else
        the bowl counts its sum as without it (never refused; a double on two dice that
        cannot take it says so, ``BM-07/jack_space_not_free``). Not with ``jack_space``.
    :raises ValueError: a malformed throw (dice count or values, fork names, both
        ``jack_space`` and ``jack_space_if_free``).
    """

    dice: tuple[int, ...] = field(
        metadata=declared("ints", length=(2, 3), lo=1, hi=6, noun="die values", rule="BM-05"))
    jack_space: bool = option(False, rule="BM-07")
    forks: tuple[Fork, ...] = option((), "list", choices=FORKS, rule="BM-11")
    team: Side | None = option(None, choices=SIDES, nullable=True, rule="BM-12")
    push: bool = option(True, rule="BM-10")
    jack_space_if_free: bool = option(False, rule="BM-07")

    def __post_init__(self) -> None:
        if self.jack_space and self.jack_space_if_free:
            raise ValueError("jack_space and jack_space_if_free together: the jack space is taken or declared")
        if len(self.dice) not in (2, 3):
            raise ValueError(f"a placing throw has 2 or 3 dice, not {len(self.dice)} (BM-05)")
        for i, d in enumerate(self.dice):
            _check_die(f"dice[{i}]", d)
        _check_forks(self.forks)


@dataclass(frozen=True, slots=True)
class Shoot:
    """A knock-out throw with one die at a named target (BM-19).

    :param target: a space 1..18 holding the bowl aimed at, or ``"jack"``.
    :param die: the value thrown, 1..6.
    :param forks: as :class:`Point`, for the push of a kiss (a 4, BM-21).
    :param team: as :class:`Point`.
    :raises ValueError: a malformed throw.
    """

    target: int | Literal["jack"] = field(
        metadata=declared("given", noun=f'a space 1..{SPACES} or "jack"', rule="BM-19"))
    die: int = field(metadata=declared(lo=1, hi=6, noun="a die value", rule="BM-19"))
    forks: tuple[Fork, ...] = option((), "list", choices=FORKS, rule="BM-21")
    team: Side | None = option(None, choices=SIDES, nullable=True, rule="BM-12")

    def __post_init__(self) -> None:
        if self.target != JACK and (
            isinstance(self.target, bool) or not isinstance(self.target, int) or not 1 <= self.target <= SPACES
        ):
            raise ValueError(f"a target is a space 1..{SPACES} or 'jack', not {self.target!r}")
        _check_die("die", self.die)
        _check_forks(self.forks)


Input = StartRoll | JackRoll | Point | Shoot


# --- state -------------------------------------------------------------------------------

_EMPTY: tuple[Side | None, ...] = (None,) * SPACES


@dataclass(frozen=True, slots=True)
class State:
    """A Boulomania game at one moment.

    ``spaces[n - 1]`` is the team whose bowl lies on space n (1..18), or None; the jack
    is ``jack`` (a jack space 1..6, or None before the jack roll and once knocked out).
    ``hand`` are unplayed bowls, ``pocket`` bowls taken out (centre pocket), both for the
    current round; so hand + on the board + pocket = ``options.bowls`` per team.
    ``round_scores`` holds each finished round's points; ``score`` their sum.
    When ``phase`` is ``"finished"`` the round's board, jack and bowls stay as it ended.
    """

    options: Options
    phase: Phase = "start_roll"
    round: int = 1
    starter: Side | None = None
    jack: int | None = None
    spaces: tuple[Side | None, ...] = _EMPTY
    hand: PerSide[int] = PerSide(0, 0)
    pocket: PerSide[int] = PerSide(0, 0)
    to_play: Side | None = None
    score: PerSide[int] = PerSide(0, 0)
    round_scores: tuple[PerSide[int], ...] = ()

    def at(self, space: int) -> Side | None:
        """The team whose bowl lies on ``space`` (1..18), or None."""
        return self.spaces[space - 1]


def check_options(opts: Options) -> None:
    """Each option as declared (:func:`pitchside.core.fields.check_declared`), and the
    board a :class:`Board`.

    :raises ValueError: naming the bad option, the value, what is allowed and the rule.
    """
    check_declared(opts)
    if not isinstance(opts.board, Board):
        raise ValueError("board must be a Board (pitchside.core.boards.boulomania)")


def new_game(options: Options | None = None) -> State:
    """A game waiting for its start roll, each team holding ``options.bowls``.

    :raises ValueError: options out of range (:func:`check_options`).
    """
    opts = options or Options()
    check_options(opts)
    return State(options=opts, hand=PerSide(opts.bowls, opts.bowls))
