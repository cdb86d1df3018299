"""The typed face every game offers to code that serves all games.

Cross-game code (the kiosk, side displays, sound cues, the recorder, history, the web
view, MQTT) asks a game about a state only through these functions, never by reading
the replay output (``output()`` only serialises, for ``pitchside replay``). Each rules
module (``pitchside.core.rules.<game>``) provides them at module level, so the module
itself is a :class:`GameRules`; :class:`pitchside.core.match.Match` offers them for its
current state.

The idea is python-chess's ``Board.outcome()`` and FEN: one function holds all the
end-of-match logic and returns the result with its cause, and a one-line snapshot of a
state round-trips (``parse_snapshot(snapshot(s)) == s``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

from pitchside.core.notice import Notice
from pitchside.core.sides import PerSide, Side

Status = Literal["playing", "finished"]
"""A match's status, as the replay output's ``status`` (docs/spec/replay.md)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a match ended: ``winner`` (None for a draw, where the game has draws) and
    ``cause``, the deciding rule as a :class:`Notice` (its words come from the game's
    words module)."""

    winner: Side | None
    cause: Notice


StateT_contra = TypeVar("StateT_contra", contravariant=True)
"""A game's state type (its rules' frozen ``State`` dataclass)."""


class GameRules(Protocol[StateT_contra]):
    """What every rules module offers about a state of its game (``state``: the game's
    own frozen ``State`` dataclass)."""

    def status(self, state: StateT_contra) -> Status:
        """``"finished"`` once the match is over, else ``"playing"``."""
        ...

    def score(self, state: StateT_contra) -> PerSide[float]:
        """The headline score per side (the replay output's ``score``): round points,
        games, points, touchdowns or Moves, by game."""
        ...

    def turn(self, state: StateT_contra) -> Side | None:
        """The side to play now; None before the first turn is settled (a coin toss to
        come) and once the match is over."""
        ...

    def outcome(self, state: StateT_contra) -> Outcome | None:
        """The result once the match is over, else None."""
        ...
