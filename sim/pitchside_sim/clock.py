"""A gpiozero MockFactory with a virtual clock, and a scheduler that honours timer requests.

Verified in the installed gpiozero 2.0.1 (``gpiozero/pins/mock.py``):

* ``MockFactory.ticks()`` is ``time.monotonic()`` and ``ticks_diff`` a subtraction;
* ``MockPin.drive_low()/drive_high()`` call ``_change_state(level)``, which stamps the
  change with the module's own ``monotonic()`` (not ``factory.ticks()``) into
  ``pin._last_change``, then ``_call_when_changed()`` passes ``(pin._last_change,
  state)`` to ``when_changed``, synchronously in the caller's thread;
* ``clear_states()`` (called from ``MockPin.__init__``) also reads ``monotonic()``.

So a virtual clock needs both a factory whose ``ticks()`` returns the virtual time and
a pin class whose ``_change_state`` / ``clear_states`` read the factory's ticks. With
them, ``DigitalInputDevice._pin_changed(ticks, state)`` receives exact virtual times and
tests need no sleeps.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable
from typing import Any

from gpiozero.pins.mock import MockFactory, MockPin, PinState

from pitchside.signals.timers import TimerRequest


class VirtualClockPin(MockPin):  # type: ignore[misc]
    """A MockPin whose edges are stamped with its factory's (virtual) ticks."""

    _state: bool
    _last_change: float
    states: list[PinState]

    def _change_state(self, value: bool) -> bool:
        if self._state != value:
            t = self._factory.ticks()
            self._state = value
            self.states.append(PinState(t - self._last_change, value))
            self._last_change = t
            return True
        return False

    def clear_states(self) -> None:
        self._last_change = self._factory.ticks()
        self.states = [PinState(0.0, self._state)]

    def _set_pull(self, value: str) -> None:
        """The pull resistor, unless a part holds the line (:attr:`VirtualClockFactory.held`:
        a closed switch to ground overrides the pull-up)."""
        super()._set_pull(value)
        held = self._factory.held.get(self.info.name)
        if held is not None:
            self._change_state(held)


class VirtualClockFactory(MockFactory):  # type: ignore[misc]
    """MockFactory whose ``ticks()`` is a settable virtual time in seconds.

    :param start_s: the initial virtual time, seconds.
    :param revision: the mock Pi revision (gpiozero's default a02082, a Pi 3B).
    """

    def __init__(self, start_s: float = 0.0, revision: str | None = None) -> None:
        self._now = float(start_s)  # before super().__init__: pins read it
        self.held: dict[str, bool] = {}
        """Levels parts hold lines at from power-on, by pin name (``"GPIO24"``): a shut
        coin door's switch holds its line low against the pull-up."""
        super().__init__(revision=revision, pin_class=VirtualClockPin)

    def ticks(self) -> float:
        """The virtual time, seconds."""
        return self._now

    @staticmethod
    def ticks_diff(later: float, earlier: float) -> float:
        return later - earlier

    def set_time(self, t_s: float) -> None:
        """Move the virtual clock to ``t_s`` seconds.

        :raises ValueError: if ``t_s`` is earlier than now (time never goes back).
        """
        if not math.isfinite(t_s) or t_s < self._now:
            raise ValueError(f"virtual time cannot go from {self._now} s back to {t_s} s")
        self._now = float(t_s)


class TimerScheduler:
    """The runtime's timer duty, in virtual time, for tests and the simulated table.

    Put this object's :meth:`put` as a driver's ``queue_put``: events are collected in
    :attr:`events`, :class:`TimerRequest` s are kept in a heap and, when the virtual
    clock is advanced past their ``due_at`` by :meth:`advance_to`, the named target's
    ``timer_due(due_at)`` is called at exactly that virtual time.

    :param factory: the virtual-clock factory to move.
    """

    def __init__(self, factory: VirtualClockFactory) -> None:
        self.factory = factory
        self.events: list[Any] = []
        self.requests: list[TimerRequest] = []
        self._heap: list[tuple[float, int, str]] = []
        self._seq = 0
        self._targets: dict[str, Callable[[float], None]] = {}

    def register(self, name: str, timer_due: Callable[[float], None]) -> None:
        """Route timer requests named ``name`` to ``timer_due`` (a driver's method)."""
        self._targets[name] = timer_due

    def put(self, item: Any) -> None:
        """The ``queue_put`` to hand to drivers."""
        if isinstance(item, TimerRequest):
            self.requests.append(item)
            heapq.heappush(self._heap, (item.due_at, self._seq, item.name))
            self._seq += 1
        else:
            self.events.append(item)

    def advance_to(self, t_s: float) -> None:
        """Fire every request due at or before ``t_s``, in time order, then set the clock.

        :raises KeyError: a request names an input that was never registered.
        """
        while self._heap and self._heap[0][0] <= t_s:
            due, _, name = heapq.heappop(self._heap)
            self.factory.set_time(max(due, self.factory.ticks()))
            self._targets[name](self.factory.ticks())
        self.factory.set_time(max(t_s, self.factory.ticks()))

    def pending(self) -> list[float]:
        """Due times of the requests not yet fired, sorted."""
        return sorted(d for d, _, _ in self._heap)

    def of_type(self, cls: type | tuple[type, ...]) -> list[Any]:
        """The collected events that are instances of ``cls``."""
        return [e for e in self.events if isinstance(e, cls)]

