"""What a :class:`pitchside.app.runtime.Runtime` runs with: the bundle of its parts
(:class:`TableParts`), which the assembly builds once for the real table, the simulator
and the bench, and the faces of the parts it is handed (the display sink, the recorder,
the web feed's publisher).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from PIL import Image

from pitchside.app.ahead import DrawAhead
from pitchside.core.pricing import Credit, LedgerEntry
from pitchside.core.sides import Side
from pitchside.render.panel import Panel
from pitchside.signals.events import BeamBroken, SensorNoisy
from pitchside.signals.health import SensorHealth
from pitchside.tables import credits, effects as table
from pitchside.tables import kiosk
from pitchside.tables.registry import TableLike

if TYPE_CHECKING:  # the cues are loaded by a table with a buzzer only (start-up)
    from pitchside.tables.cues import SoundSink


class MatchRecorder(Protocol):
    """Where accepted inputs go before they are shown (:class:`pitchside.app.recorder.Recorder`
    with the durable journal).

    The abilities below :meth:`health` are optional: a recorder that subclasses this
    protocol and does not keep refusals or credits inherits their defaults (nothing
    kept, no credit, audits not read)."""

    @property
    def warning(self) -> str | None:
        """A storage fault to show on the display, or None."""
        ...

    @property
    def match_id(self) -> int | None:
        """The journal's id of the match on the table (negative: kept in memory only), or
        None before its first input is stored."""
        ...

    def accepted_all(self, effects: Sequence[table.Accepted], after: TableLike) -> None:
        """The inputs (or undos) one step accepted, in order, to be stored all or none;
        ``after`` is the table with them applied."""
        ...

    def new_match(self, state: TableLike) -> None:
        """The players started a new match (``state`` is its empty table)."""
        ...

    def sensed(self, event: BeamBroken | SensorNoisy) -> None:
        """A sensor event, for the sensors' health record (any mode)."""
        ...

    def health(self) -> list[SensorHealth]:
        """The sensors' health record now (service mode shows it)."""
        ...

    # --- optional abilities (defaults for a recorder without them) ---------------------

    @property
    def notice(self) -> str | None:
        """What the display says once at start (a bad journal moved aside), or None."""
        return None

    def refused(self, event: str, rule: str, text: str, at: float) -> None:
        """The table refused an input in a match (kept beside it, never replayed:
        :mod:`pitchside.app.refusals`); by default not kept."""

    def credit(self) -> Credit:
        """The table's credit as stored (pay to play); by default none."""
        return Credit()

    def ledger(self, *entries: LedgerEntry) -> None:
        """Store credits entries (a coin and the bonus it earns: one transaction),
        durable when this returns; by default not stored."""

    def spend_next(self, entry: LedgerEntry) -> None:
        """The next match's first line pays ``entry`` (same transaction); by default
        nothing is paid."""

    def draft(self, effect: table.DraftChanged, ts: TableLike) -> None:
        """Store a side's draft shown and not sent (Master Move's line-up being set),
        durable when this returns; by default not stored."""

    def audits(self, reset: bool = False) -> credits.AuditsRead:
        """The audits for the service page (with ``reset``: reset first); by default
        none, and a reset asked for is not made."""
        return credits.AuditsRead(ok=not reset)


class FrameSink(Protocol):
    """Where frames go: a display driver (``pitchside_hw.display.Display``) or a
    recorder. ``show`` takes a PIL image of the display's size and mode (``"1"`` unless
    :attr:`TableParts.mode` says otherwise)."""

    def show(self, image: Image.Image) -> None: ...


@runtime_checkable
class PreparingSink(FrameSink, Protocol):
    """A sink whose hand-off splits in two (``pitchside_hw.display.Display``): ``prepare``
    does everything ``show`` of the same image object will need short of the bus (the
    compare with the frame shown, packing, planning what to send), and must send
    nothing; ``show`` of that image then only sends. The runtime prepares a journaled
    input's frame while the write is made durable and shows it once it is (less
    latency). A sink without ``prepare`` is simply shown."""

    def prepare(self, image: Image.Image) -> None: ...


@runtime_checkable
class AheadSink(FrameSink, Protocol):
    """A sink that readies frames drawn ahead (``pitchside_hw.display.Display``):
    ``prepare_ahead`` packs and plans an image that may be shown later, sending
    nothing (:meth:`pitchside.app.runtime.Runtime.draw_ahead`)."""

    def prepare_ahead(self, image: Image.Image) -> None: ...


@runtime_checkable
class DimmableSink(FrameSink, Protocol):
    """A sink whose panel contrast can be set (0-255): the kiosk dims an idle table."""

    def contrast(self, level: int) -> None: ...


class Publisher(Protocol):
    """Where the table's state goes after each handled event (the web feed,
    :class:`pitchside.web.publisher.FeedPublisher`): ``publish`` must return at once
    (the kiosk state is immutable, so it may be read from another thread), and may
    raise, which the runtime logs without stopping the match. ``match_id`` is the
    journal's id of the match (None before its first input, or with no journal)."""

    def publish(self, state: kiosk.KioskState, match_id: int | None) -> None: ...


def system_dice(count: int) -> tuple[int, ...]:
    """``count`` fair dice from the OS's random source (``secrets``), values 1-6
    (:func:`pitchside.app.software_die.roll`)."""
    from pitchside.app import software_die  # at the first roll: a table without dice never loads it (start-up)

    return software_die.roll(count)


class CoinOutputs(Protocol):
    """The coin acceptor's outputs (``pitchside_hw.coin_outputs.CoinOutputs``): its
    inhibit line and the coin meter, either of them possibly absent."""

    @property
    def inhibit_since(self) -> float | None:
        """When the inhibit line was asserted (clock s), if it is now; None: it is not, or
        there is none."""
        ...

    def inhibit(self, on: bool) -> float | None:
        """Assert (``on``) or release the inhibit line: :returns: when (clock s), or None
        when there is no line."""
        ...

    def meter(self, schedule: Callable[[float, Callable[[float], None]], None], now: float) -> None:
        """One pulse on the coin meter (after those under way), timed by ``schedule``
        (:meth:`Runtime.schedule`); nothing without a meter."""
        ...


@dataclass(frozen=True, slots=True)
class TableParts:
    """What a :class:`Runtime` runs with, built once by the assembly
    (``pitchside_hw.table.build_table``) for the real table, the simulator and the bench.

    :param sink: the display sink (``contrast(level)`` is used when it has one).
    :param toss: the random source of the coin toss: returns the winning side.
    :param clock: seconds on the drivers' clock (gpiozero pin factory ticks).
    :param size: the display's size in px, or its :class:`~pitchside.render.panel.Panel`
        (size and mode).
    :param mode: the display's mode (the luma device's ``.mode``: ``"1"``, ``"L"``,
        ``"RGB"``) when ``size`` is a ``(width, height)``.
    :param recorder: told of every accepted input before the frame that shows it
        (the durable journal hooks in here) and of every new match; None: nothing kept.
    :param dice: the software die: ``dice(n)`` returns n values 1-6 (default: the OS's
        random source, ``secrets``).
    :param settings: the kiosk flow's settings (attract, dimming, timeouts).
    :param inputs: the table's input names, for service mode.
    :param on_pass: called with the clock after every pass of :meth:`Runtime.run` (the
        systemd watchdog is fed here, so a stuck loop stops feeding it).
    :param wake_s: the longest :meth:`Runtime.run` sleeps with nothing to do (None:
        until the next event or timer; set it below the watchdog interval).
    :param side_sinks: the side displays, ``{"A": (sink, size), "B": ...}`` (sizes in
        px, or panels with their mode), each showing its side's name and score (:func:`pitchside.tables.kiosk.side_view`);
        a side display's paged text (a long name) turns its pages as the main one's does.
    :param sound: told the cues of each handled event (:func:`pitchside.tables.cues.cues`:
        a point, a refusal, the match won, a twenty's moment); its ``cue`` returns at once, and a fault is
        logged, never fatal.
    :param publisher: told the kiosk state once per pass of the loop that handled an
        event, after the frame is shown (the web feed; latest wins); its ``publish``
        returns at once, and a fault is logged, never fatal.
    :param overlap_writes: when an accepted input's frame has still to be drawn, run
        the recorder's write on a writer thread (:mod:`pitchside.app.writer`) while it is
        drawn, and show the frame once both are done (the latency of a
        journaled input is then max(fsync, render), not their sum); when the frame is
        drawn already (ahead, or the one shown), the write runs in the loop's thread,
        then the frame is shown (nothing left to overlap: two thread hand-offs would
        cost more). False: the write, then the drawing. Either way nothing is shown
        before the write it shows has returned.
    :param draw_ahead: the inputs whose frames :meth:`Runtime.run` draws while it waits
        (:meth:`Runtime.draw_ahead`); none by default.
    :param coin_outputs: the coin acceptor's inhibit line and the coin meter (a
        ``[coin]`` with ``inhibit_pin`` or ``meter_pin``), or None.
    """

    sink: FrameSink
    toss: Callable[[], Side]
    clock: Callable[[], float]
    size: tuple[int, int] | Panel = (128, 64)
    recorder: MatchRecorder | None = None
    dice: Callable[[int], tuple[int, ...]] = system_dice
    settings: kiosk.KioskSettings = field(default_factory=kiosk.KioskSettings)
    inputs: tuple[str, ...] = ()
    on_pass: Callable[[float], object] | None = None
    wake_s: float | None = None
    side_sinks: Mapping[str, tuple[FrameSink, tuple[int, int] | Panel]] = field(default_factory=dict)
    sound: SoundSink | None = None
    publisher: Publisher | None = None
    mode: str = "1"
    overlap_writes: bool = True
    draw_ahead: DrawAhead = DrawAhead()
    coin_outputs: CoinOutputs | None = None
