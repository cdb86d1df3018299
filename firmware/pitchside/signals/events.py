"""Table events: what the input layer puts on the runtime's queue.

Drivers (``pitchside_hw``) turn pin edges into these through the pure filters of this
package; the runtime loop turns them into rules inputs. Every event carries ``at``, the
edge source's timestamp in seconds (gpiozero pin factory ticks, monotonic), never the
time the loop happened to see it.

Names follow the architecture notes: events are past-tense facts.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class ButtonPressed:
    """A debounced press of the button ``name`` (its pin-map name, e.g. ``"shot_done"``)."""

    name: str
    at: float


@dataclass(frozen=True, slots=True)
class ButtonReleased:
    """A debounced release. ``held`` is True when the press had already become a hold
    (so a release after a long press is not also a short tap)."""

    name: str
    at: float
    held: bool = False


@dataclass(frozen=True, slots=True)
class ButtonHeld:
    """The button has been pressed, without release, for its hold time (a long press)."""

    name: str
    at: float


@dataclass(frozen=True, slots=True)
class BeamBroken:
    """A piece passed the break-beam ``name``: the beam was blocked for ``blocked_s``
    seconds, ending at ``at``. One event per counted piece."""

    name: str
    at: float
    blocked_s: float


@dataclass(frozen=True, slots=True)
class SensorNoisy:
    """The sensor ``name`` produced a burst of edges that cannot be pieces (an IR storm,
    a loose wire); ``detail`` says what was seen. Shown to the players, not counted.

    ``since``: for a storm, when its burst began (s, on the events' clock): the pieces
    the sensor counted from then on (``BeamBroken`` whose block started at or after it)
    were the storm's, counted before it was evident. None for other faults (a beam
    stuck blocked counts nothing)."""

    name: str
    at: float
    detail: str
    since: float | None = None


@dataclass(frozen=True, slots=True)
class TimerFired:
    """A timer the runtime was asked to start (an effect) came due at ``at``."""

    name: str
    at: float




@dataclass(frozen=True, slots=True)
class SerialLine:
    """One complete line from the serial device ``name`` (the die, a move source),
    without its line ending, decoded as UTF-8 (bad bytes replaced); ``at`` in s."""

    name: str
    text: str
    at: float


@dataclass(frozen=True, slots=True)
class SerialStatus:
    """The serial device ``name`` connected (``connected``) or was lost; ``detail`` says
    why, for the display and the service view."""

    name: str
    connected: bool
    detail: str
    at: float


@dataclass(frozen=True, slots=True)
class CoinInserted:
    """The coin acceptor ``name`` finished a coin of ``pulses`` pulses (its quiet gap
    passed at ``at``, s). What the coin is worth is the pricing's business
    (:mod:`pitchside.core.pricing`)."""

    name: str
    at: float
    pulses: int
    began: float | None = field(default=None, compare=False)
    """When its first pulse began (s; None: not known): a train begun while the
    acceptor was told to refuse coins is never credited (:mod:`pitchside.tables.coin_gate`).
    Not compared: the same coin whenever its pulses began."""


@dataclass(frozen=True, slots=True)
class CoinFault:
    """The coin acceptor ``name`` gave a pulse train that is no coin (a pulse too short
    or too long, too many pulses, a line stuck active): counted and shown, no credit.
    ``detail`` says what was seen; ``pulses`` how many pulses the train had."""

    name: str
    at: float
    detail: str
    pulses: int = 0


TableEvent = (
    ButtonPressed | ButtonReleased | ButtonHeld | BeamBroken | SensorNoisy | TimerFired | SerialLine | SerialStatus
    | CoinInserted | CoinFault
)
