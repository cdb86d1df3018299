"""The coin acceptor's outputs (pitchside_hw.coin_outputs) on gpiozero's MockFactory:
the inhibit line asserted from the moment it is opened and again as it is closed (a
table that is not running refuses coins), its active level as configured, and the
meter's pulses queued one after another, none merged or lost."""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable

from pitchside_hw.coin_outputs import CoinOutputs
from pitchside_hw.pins import TickClock
from pitchside_sim.clock import VirtualClockFactory


class Timers:
    """The runtime's ``schedule`` on the virtual clock: callbacks fired in time order."""

    def __init__(self, factory: VirtualClockFactory) -> None:
        self.factory = factory
        self.heap: list[tuple[float, int, Callable[[float], None]]] = []
        self.seq = itertools.count()

    def schedule(self, due: float, callback: Callable[[float], None]) -> None:
        heapq.heappush(self.heap, (due, next(self.seq), callback))

    def run(self) -> None:
        while self.heap:
            due, _, callback = heapq.heappop(self.heap)
            self.factory.set_time(due)
            callback(due)


def changes(factory: VirtualClockFactory, pin: str, opened: float) -> list[tuple[float, bool]]:
    """Each change of the pin since it was opened at ``opened`` (s): (time, level)."""
    t, out = opened, []
    for s in factory.pin(pin).states[1:]:
        t += s.timestamp
        out.append((round(t, 6), s.state))
    return out


def test_the_inhibit_line_is_asserted_at_open_and_at_close_at_its_active_level() -> None:
    for active_high, asserted in ((True, True), (False, False)):
        factory = VirtualClockFactory(5.0)
        out = CoinOutputs("GPIO14", active_high, None, True, 0.1, pin_factory=factory, clock=TickClock(factory, 0.0))
        assert (out.inhibit_since, out.inhibited, factory.pin("GPIO14").state) == (5.0, True, asserted)
        factory.set_time(6.0)
        assert (out.inhibit(False), out.inhibit_since, factory.pin("GPIO14").state) == (6.0, None, not asserted)
        factory.set_time(7.0)
        out.close()
        assert changes(factory, "GPIO14", 5.0)[-1] == (7.0, asserted)  # the last level it drove: refusing
        out.close()  # idempotent
        factory.close()


def test_meter_pulses_queue_one_after_another() -> None:
    factory = VirtualClockFactory(0.5)
    timers = Timers(factory)
    out = CoinOutputs(None, True, "GPIO18", True, 0.05, pin_factory=factory, clock=TickClock(factory, 0.0))
    assert out.inhibit(True) is None and out.inhibited is None  # no inhibit line
    factory.set_time(1.0)
    for _ in range(3):  # three coins credited in one pass
        out.meter(timers.schedule, 1.0)
    timers.run()
    assert changes(factory, "GPIO18", 0.5) == [(1.0, True), (1.05, False), (1.1, True), (1.15, False), (1.2, True),
                                          (1.25, False)]  # fmt: skip
    assert out.pulses == 3
    out.close()
    factory.close()
