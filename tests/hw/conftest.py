"""Fixtures for driver tests: a fresh virtual-clock MockFactory per test, passed
explicitly (never ``Device.pin_factory``), and a scheduler standing in for the runtime."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pitchside_hw.pins import TickClock
from pitchside_sim.clock import TimerScheduler, VirtualClockFactory
from support import real_data as real_captures



@pytest.fixture
def factory() -> Iterator[VirtualClockFactory]:
    f = VirtualClockFactory(start_s=0.0)
    yield f
    f.close()


@pytest.fixture
def clock(factory: VirtualClockFactory) -> TickClock:
    """Events' ``at`` == virtual time (epoch at tick 0)."""
    return TickClock(factory, epoch_ticks=0.0)


@pytest.fixture
def sched(factory: VirtualClockFactory) -> TimerScheduler:
    return TimerScheduler(factory)


@pytest.fixture
def real_data() -> Path:
    return real_captures.require()
