"""The coin acceptor's outputs: its inhibit line and an electromechanical coin meter,
each a gpiozero :class:`~gpiozero.DigitalOutputDevice` on the table's pin factory
(:class:`pitchside.app.parts.CoinOutputs`, driven by the runtime from the coin gate's
effects, :mod:`pitchside.tables.coin_gate`).

* **Inhibit** (``[coin] inhibit_pin``): asserted from the moment the pin is opened (a
  table starting cannot honour a coin yet) until the kiosk says coins are taken, and
  again as the table stops (:meth:`CoinOutputs.close`); while the Pi does not drive
  the pin (the program stopped: out of order) the wiring holds the acceptor inhibited
  (hardware/pitchside_hw/WIRING_GUIDE.md, "Coin acceptor").
* **Meter** (``[coin] meter_pin``): one pulse of ``meter_pulse_ms`` per coin credited,
  then as long a pause; pulses asked for while one is under way queue up, none is
  lost or merged. Timed by the runtime's timers (the simulator's virtual clock runs
  them too), never by a thread of its own.

A module of its own, loaded only for a ``[coin]`` with one of these pins (start-up).
"""

from __future__ import annotations

from collections.abc import Callable

from gpiozero import DigitalOutputDevice, Factory, GPIOZeroError

from pitchside.core.errors import HardwareError
from pitchside_hw.pins import TickClock

Schedule = Callable[[float, Callable[[float], None]], None]


class CoinOutputs:
    """The inhibit line and the coin meter (either may be None).

    :param inhibit_pin: the pin to the acceptor's inhibit input, or None.
    :param inhibit_high: the level that inhibits is high (else low).
    :param meter_pin: the pin to the meter's driver, or None.
    :param meter_high: the meter's pulse is high (else low).
    :param pulse_s: the meter's pulse, and the pause after it (s).
    :param pin_factory: the gpiozero pin factory (required).
    :param clock: the table's time base.
    :raises HardwareError: a pin cannot be opened (any opened is closed again).
    """

    def __init__(self, inhibit_pin: str | None, inhibit_high: bool, meter_pin: str | None, meter_high: bool,
                 pulse_s: float, *, pin_factory: Factory, clock: TickClock) -> None:
        self._clock = clock
        self._pulse_s = pulse_s
        self._inhibit: DigitalOutputDevice | None = None
        self._meter: DigitalOutputDevice | None = None
        self._since: float | None = None
        self._owed = 0
        self._busy = False
        self.pulses = 0
        """Meter pulses given so far."""
        try:
            if inhibit_pin is not None:
                self._inhibit = _output(inhibit_pin, inhibit_high, True, pin_factory, "inhibit")
                self._since = clock.now()
            if meter_pin is not None:
                self._meter = _output(meter_pin, meter_high, False, pin_factory, "coin meter")
        except BaseException:
            self.close()
            raise

    @property
    def inhibit_since(self) -> float | None:
        return self._since

    @property
    def inhibited(self) -> bool | None:
        """Whether the inhibit line is asserted; None without one."""
        return None if self._inhibit is None else bool(self._inhibit.value)

    def inhibit(self, on: bool) -> float | None:
        if self._inhibit is None:
            return None
        self._inhibit.value = on
        at = self._clock.now()
        self._since = at if on else None
        return at

    def meter(self, schedule: Schedule, now: float) -> None:
        if self._meter is None:
            return
        self._owed += 1
        if not self._busy:
            self._next(schedule, now)

    def _next(self, schedule: Schedule, at: float) -> None:
        meter = self._meter
        if meter is None or not self._owed:
            self._busy = False
            return
        self._owed -= 1
        self._busy = True
        meter.on()
        self.pulses += 1

        def off(t: float) -> None:
            current = self._meter
            if current is not None and current is meter:  # not closed since
                current.off()
                schedule(t + self._pulse_s, lambda t2: self._next(schedule, t2))

        schedule(at + self._pulse_s, off)

    def close(self) -> None:
        """Assert the inhibit line (the table stops: out of order) and release both pins;
        idempotent. A meter pulse under way is cut short."""
        inhibit, self._inhibit = self._inhibit, None
        meter, self._meter = self._meter, None
        if inhibit is not None:
            try:
                inhibit.on()
            finally:
                inhibit.close()
        if meter is not None:
            meter.off()
            meter.close()


def _output(pin: str, active_high: bool, initial: bool, factory: Factory, what: str) -> DigitalOutputDevice:
    try:
        return DigitalOutputDevice(pin, active_high=active_high, initial_value=initial, pin_factory=factory)
    except (GPIOZeroError, OSError) as exc:
        raise HardwareError(f"{what}: cannot open output on pin {pin!r}: {type(exc).__name__}: {exc}") from exc
