"""The local time for the prices' hours (:mod:`pitchside.core.hours`): a thread that
hands the kiosk a :class:`~pitchside.tables.credits.ClockRead` at start and at each
turn of the minute, queued like a driver's event (the runtime's ``post``), so the pure
kiosk never reads a clock. Started only for a table whose ``[pricing]`` has ``hours``.

A clock set later (NTP after boot, a Pi has no real-time clock) is followed within a
minute; until the first read no window applies (the regular prices).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from pitchside.core.hours import LocalTime
from pitchside.tables.credits import ClockRead


def local_time(tm: time.struct_time) -> LocalTime:
    """``tm`` (local time) as a moment of the week."""
    return LocalTime(tm.tm_wday, tm.tm_hour * 60 + tm.tm_min)


class PayClock:
    """Post ``ClockRead`` through ``post`` now and after each turn of the minute.

    :param now: the local time (``time.localtime``; a test gives its own).
    """

    def __init__(self, post: Callable[[ClockRead], None],
                 now: Callable[[], time.struct_time] = time.localtime) -> None:
        self._post = post
        self._now = now
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pitchside-pay-clock", daemon=True)

    def start(self) -> "PayClock":
        self._thread.start()
        return self

    def _run(self) -> None:
        last: LocalTime | None = None
        while not self._stop.is_set():
            tm = self._now()
            when = local_time(tm)
            if when != last:
                self._post(ClockRead(when))
                last = when
            self._stop.wait(60.5 - min(tm.tm_sec, 59))  # just past the next minute's turn

    def close(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(2.0)

    def __enter__(self) -> "PayClock":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()
