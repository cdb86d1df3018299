"""Events and effects every game's table controller shares with the runtime.

A table controller is pure: ``handle(table, event) -> (table, effects)``. These are the
effects the runtime carries out for any game, and the event the coin toss comes back as.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pitchside.core.sides import Side
from pitchside.signals.events import TableEvent
from pitchside.signals.health import SensorHealth

if TYPE_CHECKING:  # an annotation only: a table without a tournament never loads it (start-up)
    from pitchside.core.tournament import TournamentInfo


@dataclass(frozen=True, slots=True)
class CoinTossed:
    """The coin-toss outcome, drawn by the shell from its random source (``at`` in s)."""

    winner: Side
    at: float


@dataclass(frozen=True, slots=True)
class TossCoin:
    """Effect: toss the coin and send back a :class:`CoinTossed`."""


@dataclass(frozen=True, slots=True)
class RollDice:
    """Effect: roll ``count`` dice with the table's software die (no die unit
    configured) and send back a :class:`DiceRolled`."""

    count: int


@dataclass(frozen=True, slots=True)
class DiceRolled:
    """Dice values 1-6 from the shell's random source (``source="software"``) or a die
    unit (``source="unit"``); ``at`` in s."""

    values: tuple[int, ...]
    at: float
    source: str = "software"


@dataclass(frozen=True, slots=True)
class StartTimer:
    """Effect: post ``TimerFired(name, due_at)`` once the clock reaches ``due_at`` (s).
    A game's own timers are named ``"game:..."`` and come back to the game."""

    name: str
    due_at: float


@dataclass(frozen=True, slots=True)
class Accepted:
    """Effect: the rules accepted ``input`` (journal it); None for an undo. ``at`` is
    the time of the event that caused it (s, the drivers' clock)."""

    input: Any
    at: float


@dataclass(frozen=True, slots=True)
class DraftChanged:
    """Effect: what ``side`` has entered on the panel and sees, but has not sent (Master
    Move's line-up being set), is now ``draft``: an input of the game, not committed;
    None: back to the table's own proposal. Journaled before the frame that shows it,
    so a restart shows it again (:attr:`~pitchside.tables.gametable.GameTable.with_drafts`);
    the match's next accepted input or undo drops every draft, as the table does."""

    side: Side
    draft: Any


@dataclass(frozen=True, slots=True)
class NewMatch:
    """Effect: a new match has started (the old one, if any, is abandoned or over)."""


@dataclass(frozen=True, slots=True)
class TournamentLoaded:
    """Event: the shell read a Master Move tournament file (at power-on and at each new
    match, :mod:`pitchside.app.tournament_file`): what the table shows of it. Not a
    player's input: the kiosk hands it to the game in every mode."""

    info: TournamentInfo


@dataclass(frozen=True, slots=True)
class FixtureOffered:
    """Event: the league offers this table its next fixture
    (docs/spec/mqtt.md ``cmd/fixture``), built by the club link's thread and queued like
    a driver's event. ``fixture`` None: the offer is withdrawn. Not a player's input: the
    kiosk shows it on the attract screen ("Next: Ann v Bob"); a press there takes the
    players to the menu with those names (and that game); no game handles it.
    ``players``: the league's player ids of the sides, when the offer names them (the
    result goes back with them)."""

    fixture: str | None
    game: str = ""
    names: tuple[str, str] = ("A", "B")
    players: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class ReadSensorHealth:
    """Effect: read the sensors' health record from the journal and send it back as a
    :class:`SensorHealthRead` (service mode shows it)."""


@dataclass(frozen=True, slots=True)
class SensorHealthRead:
    """Event: the sensors' health record as the journal has it now
    (:meth:`pitchside.app.recorder.Recorder.health`), by sensor name; empty when
    nothing is kept."""

    health: tuple[SensorHealth, ...]


TableEffect = TossCoin | RollDice | Accepted | DraftChanged | NewMatch | StartTimer
Event = TableEvent | CoinTossed | DiceRolled | TournamentLoaded | SensorHealthRead | FixtureOffered
