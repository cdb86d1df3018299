"""Button and break-beam drivers: gpiozero edges -> pure filters -> the runtime's queue
(the coin acceptor's, on the same base, in :mod:`pitchside_hw.coin_input`).

Each driver owns one gpiozero :class:`~gpiozero.DigitalInputDevice` on an explicitly
given pin factory and one pure filter from :mod:`pitchside.signals`. The pin factory's
edge callback stamps the edge with the factory's own ticks (converted to seconds by a
:class:`~pitchside_hw.pins.TickClock`), feeds the filter, and puts what the filter
produced on the queue. Nothing else happens in the callback.

What the runtime sees on the queue (via ``queue_put``, e.g. ``queue.Queue.put_nowait``):

* table events: :class:`~pitchside.signals.events.ButtonPressed`,
  :class:`~pitchside.signals.events.ButtonReleased`,
  :class:`~pitchside.signals.events.ButtonHeld`,
  :class:`~pitchside.signals.events.BeamBroken`,
  :class:`~pitchside.signals.events.SensorNoisy`, in time order per input;
* :class:`~pitchside.signals.timers.TimerRequest` ``(name, due_at, reason)``: call
  ``driver.timer_due(at)`` once ``driver.clock.now() >= due_at``. Late is fine (the
  filter decides each deadline at its own time); extra calls are harmless. Its results
  (events, maybe a new request) arrive on the queue as well.

``gpiozero``'s own ``bounce_time`` is deliberately left ``None``. MockFactory ignores it
(``MockPin._set_bounce``: "XXX Need to implement this"), RPi.GPIO and the native factory
*suppress* edges for the bounce time after an edge (a tap shorter than it loses its
release: gpiozero #1039 and its phantom hold), and lgpio reports an edge only once the
level has been stable for it, late and dropping short pulses (a fast piece through a
beam). The pure filter is the only debounce, so the counting is the same on every
backend and in the tests. ``Button`` is not used either: its ``HoldThread`` is a second
thread with its own idea of a hold; holds come from the filter's timer requests.

Threads: the edge callback runs on the backend's thread (lgpio's single notify thread
for all pins, synchronously in the caller under MockFactory); ``timer_due`` runs on the
runtime's thread. A lock serialises the two around the filter. Any exception inside the
callback is logged and swallowed, so a bug cannot kill lgpio's callback thread (which
would silence every input on the table).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any, Protocol, Self

from gpiozero import DigitalInputDevice, Factory, GPIOZeroError

from pitchside.core.errors import HardwareError
from pitchside.signals.beam import (
    DEFAULT_MAX_BLOCK_S,
    DEFAULT_MIN_BLOCK_S,
    DEFAULT_REARM_S,
    DEFAULT_STORM_PULSES,
    DEFAULT_STORM_WINDOW_S,
    DEFAULT_TRAIN_PULSES,
    DEFAULT_TRAIN_SPACING_S,
    BeamCounter,
)
from pitchside.signals.debounce import DEFAULT_BOUNCE_S, DEFAULT_HOLD_S, ButtonDecoder
from pitchside.signals.events import TableEvent
from pitchside.signals.timers import FilterStep, TimerRequest
from pitchside_hw.pins import TickClock

log = logging.getLogger(__name__)

QueueItem = TableEvent | TimerRequest
QueuePut = Callable[[QueueItem], Any]


class _EdgeFilter(Protocol):
    def edge(self, level: bool, at: float) -> FilterStep: ...

    def timer_due(self, at: float) -> FilterStep: ...

    @property
    def next_due(self) -> float | None: ...


class _EdgeDevice(DigitalInputDevice):  # type: ignore[misc]
    """A DigitalInputDevice that hands every raw edge ``(ticks, level)`` to ``on_edge``.

    gpiozero calls ``_pin_changed(ticks, state)`` from the pin's ``when_changed`` with
    the factory's ticks of the edge and the level after it. gpiozero's own
    ``when_activated``/``when_deactivated`` machinery is bypassed on purpose.
    """

    def __init__(
        self,
        pin: int | str,
        *,
        on_edge: Callable[[Any, bool], None],
        pull_up: bool | None,
        active_state: bool | None,
        pin_factory: Factory,
    ) -> None:
        self._on_edge = on_edge
        super().__init__(
            pin, pull_up=pull_up, active_state=active_state, bounce_time=None, pin_factory=pin_factory
        )

    def _pin_changed(self, ticks: Any, state: Any) -> None:
        self._on_edge(ticks, bool(state))


class FilteredInput:
    """The base of this package's input drivers (:class:`ButtonInput`, :class:`BeamInput`,
    :class:`pitchside_hw.coin_input.CoinInput`): one gpiozero pin whose edges go through
    a pure filter (``make_filter``, given the pin's level at opening), the filter's
    events onto the runtime's queue (``queue_put``). Not for use outside the drivers."""

    def __init__(
        self,
        name: str,
        pin: int | str,
        queue_put: QueuePut,
        pin_factory: Factory,
        *,
        pull_up: bool | None,
        active_state: bool | None,
        clock: TickClock | None,
        make_filter: Callable[[bool], _EdgeFilter],
    ) -> None:
        if pin_factory is None:
            raise TypeError(f"{name}: pin_factory is required (drivers never use a global factory)")
        self.name = name
        self._put = queue_put
        self._lock = threading.Lock()
        self._filter: _EdgeFilter | None = None
        self._device: _EdgeDevice | None = None
        self.clock = clock if clock is not None else TickClock(pin_factory)
        """The time base of this input's events and timer requests."""
        try:
            self._device = _EdgeDevice(
                pin,
                on_edge=self._on_edge,
                pull_up=pull_up,
                active_state=active_state,
                pin_factory=pin_factory,
            )
            level = bool(self._device.pin.state)
        except (GPIOZeroError, OSError) as exc:
            self.close()
            raise HardwareError(f"{name}: cannot open input on pin {pin!r}: {type(exc).__name__}: {exc}") from exc
        with self._lock:
            self._filter = make_filter(level)

    # -- the API the runtime uses ----------------------------------------------------
    def timer_due(self, at: float) -> None:
        """Call back the filter for a :class:`TimerRequest`; ``at`` in :attr:`clock` seconds.

        Results go to the queue. A call after :meth:`close` does nothing.
        """
        with self._lock:
            if self._filter is None or self._device is None:
                return
            step = self._filter.timer_due(at)
        self._emit(step)

    @property
    def next_due(self) -> float | None:
        """Earliest pending deadline (s, :attr:`clock` base) or ``None``: for a polling runtime."""
        with self._lock:
            return None if self._filter is None else self._filter.next_due

    @property
    def closed(self) -> bool:
        return self._device is None

    def close(self) -> None:
        """Release the pin; idempotent. Pending timers become no-ops."""
        device, self._device = self._device, None
        if device is not None:
            device.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"pin {self._device.pin!r}"  # type: ignore[union-attr]
        return f"<{type(self).__name__} {self.name!r} {state}>"

    # -- the backend's callback ------------------------------------------------------
    def _on_edge(self, ticks: Any, level: bool) -> None:
        # Runs on the backend's callback thread: never raise out of here.
        try:
            at = self.clock.seconds(ticks)
            with self._lock:
                if self._filter is None:
                    return  # an edge during construction: the initial level covers it
                step = self._filter.edge(level, at)
            self._emit(step)
        except Exception:
            log.exception("%s: edge callback failed (edge dropped)", self.name)

    def _emit(self, step: FilterStep) -> None:
        for item in (*step.events, *step.timers):
            try:
                self._put(item)
            except Exception:
                log.exception("%s: could not enqueue %r", self.name, item)


class ButtonInput(FilteredInput):
    """A push button, debounced and decoded by :class:`~pitchside.signals.debounce.ButtonDecoder`.

    :param name: pin-map name (copied to events), e.g. ``"shot_done"``.
    :param pin: gpiozero pin spec, e.g. ``"GPIO17"`` or ``17``.
    :param queue_put: called with each event or :class:`TimerRequest` (from the backend's
        thread): e.g. ``queue.Queue.put_nowait``; keep it non-blocking.
    :param pin_factory: the gpiozero pin factory (required; never a global one).
    :param bounce_s: contact settle time in seconds (default 0.1, see the decoder).
    :param hold_s: long-press time in seconds (default 1.0).
    :param pull_up: ``True`` (default): internal pull-up, button to ground, pressed = LOW;
        ``False``: pull-down, pressed = HIGH.
    :param clock: shared time base; default a new :class:`TickClock` on ``pin_factory``.
    :raises HardwareError: the pin cannot be opened (in use, invalid, backend fault).
    :raises ValueError: bad timing parameters.
    """

    def __init__(
        self,
        name: str,
        pin: int | str,
        queue_put: QueuePut,
        pin_factory: Factory,
        *,
        bounce_s: float = DEFAULT_BOUNCE_S,
        hold_s: float = DEFAULT_HOLD_S,
        pull_up: bool = True,
        clock: TickClock | None = None,
    ) -> None:
        pressed_level = not pull_up
        ButtonDecoder(name, bounce_s=bounce_s, hold_s=hold_s)  # validate before opening the pin
        super().__init__(
            name,
            pin,
            queue_put,
            pin_factory,
            pull_up=bool(pull_up),
            active_state=None,
            clock=clock,
            make_filter=lambda level: ButtonDecoder(
                name, bounce_s=bounce_s, hold_s=hold_s, pressed_level=pressed_level, initial_level=level
            ),
        )

    @property
    def is_pressed(self) -> bool:
        """The debounced state, as reported by events so far."""
        with self._lock:
            return isinstance(self._filter, ButtonDecoder) and self._filter.is_pressed


class BeamInput(FilteredInput):
    """A break-beam piece sensor, counted by :class:`~pitchside.signals.beam.BeamCounter`.

    :param name: pin-map name (copied to events), e.g. ``"pocket_1"``.
    :param pin: gpiozero pin spec.
    :param queue_put: as for :class:`ButtonInput`.
    :param pin_factory: the gpiozero pin factory (required).
    :param blocked_level: electrical level meaning "blocked" (required: it depends on
        the sensor; a receiver on a pull-up that is LOW while lit is ``True``).
    :param pull_up: ``True`` (default, open-collector receivers), ``False`` or ``None``
        (floating: the sensor drives the line).
    :param min_block_s: shortest counted block, s (default 2 ms).
    :param rearm_s: clear time after a counted pass before the next counts, s (20 ms).
    :param max_block_s: blocked this long is a stuck sensor, not a piece, s (2 s).
    :param storm_pulses: pulses within ``storm_window_s`` flagged as a storm (6).
    :param storm_window_s: storm window, s (100 ms).
    :param train_pulses: blocks in a row, each starting within ``train_spacing_s`` of
        the previous one, flagged as a storm (a pulse train) (8).
    :param train_spacing_s: the longest gap between a train's block starts, s (3 ms).
    :param clock: shared time base; default a new :class:`TickClock` on ``pin_factory``.
    :raises HardwareError: the pin cannot be opened.
    :raises ValueError: bad parameters.
    """

    def __init__(
        self,
        name: str,
        pin: int | str,
        queue_put: QueuePut,
        pin_factory: Factory,
        *,
        blocked_level: bool,
        pull_up: bool | None = True,
        min_block_s: float = DEFAULT_MIN_BLOCK_S,
        rearm_s: float = DEFAULT_REARM_S,
        max_block_s: float = DEFAULT_MAX_BLOCK_S,
        storm_pulses: int = DEFAULT_STORM_PULSES,
        storm_window_s: float = DEFAULT_STORM_WINDOW_S,
        train_pulses: int = DEFAULT_TRAIN_PULSES,
        train_spacing_s: float = DEFAULT_TRAIN_SPACING_S,
        clock: TickClock | None = None,
    ) -> None:
        def make(level: bool | None) -> BeamCounter:
            return BeamCounter(
                name,
                blocked_level=blocked_level,
                min_block_s=min_block_s,
                rearm_s=rearm_s,
                max_block_s=max_block_s,
                storm_pulses=storm_pulses,
                storm_window_s=storm_window_s,
                train_pulses=train_pulses,
                train_spacing_s=train_spacing_s,
                initial_level=level,
            )

        make(None)  # validate before opening the pin
        super().__init__(
            name,
            pin,
            queue_put,
            pin_factory,
            pull_up=pull_up,
            # gpiozero insists on active_state for a floating pin; we do not use it.
            active_state=blocked_level if pull_up is None else None,
            clock=clock,
            make_filter=make,
        )

    @property
    def is_blocked(self) -> bool:
        """The beam's state after the last edge."""
        with self._lock:
            return isinstance(self._filter, BeamCounter) and self._filter.is_blocked

    @property
    def count(self) -> int:
        """Pieces counted since the input was opened."""
        with self._lock:
            return self._filter.count if isinstance(self._filter, BeamCounter) else 0
