"""The local time for the prices' hours (:mod:`pitchside.core.hours`): the table's shell
reads the wall clock and hands the kiosk a :class:`~pitchside.tables.credits.ClockRead`
at start and at each turn of the minute, queued like a driver's event (the runtime's
``post``), so the pure kiosk never reads a clock. Paced by the runtime's own timers
(``schedule``, on the table's clock), not a thread of its own: on the simulated table,
whose clock is virtual, the minutes turn with its time, the same way. Started by
:func:`pitchside_hw.table.build_table` for a table whose ``[pricing]`` has ``hours``.

A clock set later (NTP after boot, a Pi has no real-time clock) is followed within a
minute; until the first read no window applies (the regular prices).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from pitchside.core.hours import LocalTime
from pitchside.tables.credits import ClockRead

PAST_TURN_S = 0.5
"""How long after the wall clock's turn of the minute the next read is made (s): the
table's clock and the wall clock may run a little apart."""


def local_time(tm: time.struct_time) -> LocalTime:
    """``tm`` (local time) as a moment of the week."""
    return LocalTime(tm.tm_wday, tm.tm_hour * 60 + tm.tm_min)


def next_read_s(wall_s: float) -> float:
    """Seconds from the wall time ``wall_s`` (seconds since the epoch) to the next read:
    :data:`PAST_TURN_S` past the next turn of the minute (time zones turn minutes
    together)."""
    return 60.0 - wall_s % 60.0 + PAST_TURN_S


class PayClock:
    """Post ``ClockRead`` through ``post`` at :meth:`start` and after each turn of the
    minute (a read equal to the last is not posted again).

    :param post: the runtime's ``post`` (time enters the table as an input).
    :param schedule: the runtime's ``schedule(due_at, callback)``: the reads' timers.
    :param now: the table's clock, seconds (the runtime's and the timers' time base).
    :param wall: the wall clock, seconds since the epoch (``time.time``; the simulated
        table's runs from its start with its virtual time; a test gives its own).
    :param local: seconds since the epoch as local time (``time.localtime``).
    """

    def __init__(self, post: Callable[[ClockRead], None], schedule: Callable[[float, Callable[[float], None]], None],
                 now: Callable[[], float], wall: Callable[[], float] = time.time,
                 local: Callable[[float], time.struct_time] = time.localtime) -> None:  # fmt: skip
        self._post = post
        self._schedule = schedule
        self._now = now
        self._wall = wall
        self._local = local
        self._last: LocalTime | None = None

    def start(self) -> "PayClock":
        """Read the clock now (the first :class:`ClockRead` is queued before the table's
        first pass) and keep reading it each minute."""
        self._read(self._now())
        return self

    def _read(self, at: float) -> None:
        wall = self._wall()
        when = local_time(self._local(wall))
        if when != self._last:
            self._post(ClockRead(when))
            self._last = when
        self._schedule(self._now() + next_read_s(wall), self._read)  # ``at``: when due; a late timer reads late
