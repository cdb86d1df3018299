"""Free play and happy hours by time of day and weekday (pure).

The owner lists windows of the week (``[pricing] hours``): on the given days from
``start`` to ``end`` (local time, minutes since midnight), games cost ``discount``
percent less; a discount of 100 is free play. A window whose end is before its start
runs past midnight into the next day (Friday 22:00 to 02:00 covers Saturday's first
two hours). Windows may not overlap: at any minute at most one applies
(:func:`check`).

The clock is an input: the table's shell reads the local time and hands it in as a
:class:`LocalTime` (the kiosk's ``ClockRead`` event); nothing here reads a clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
"""The weekdays as a config writes them, Monday first (Python's ``weekday()`` order)."""
DAY = 24 * 60
WEEK = 7 * DAY


@dataclass(frozen=True, slots=True)
class LocalTime:
    """A moment of the week, local time: ``weekday`` 0 (Monday) to 6, ``minute`` of the
    day 0 to 1439."""

    weekday: int
    minute: int

    @property
    def of_week(self) -> int:
        return self.weekday * DAY + self.minute


@dataclass(frozen=True, slots=True)
class Window:
    """``discount`` percent off every price on ``days`` (0 = Monday) from ``start`` to
    ``end`` (minutes since midnight; ``end`` up to 1440, before ``start`` when the
    window runs past midnight). A discount of 100 is free play."""

    days: tuple[int, ...]
    start: int
    end: int
    discount: int = 100

    @property
    def length(self) -> int:
        """Minutes the window lasts each day it starts (1 to 1440)."""
        return (self.end - self.start) % DAY or DAY

    def spans(self) -> tuple[tuple[int, int], ...]:
        """``(start minute of the week, length)`` of each day's window."""
        return tuple((d * DAY + self.start, self.length) for d in self.days)

    def covers(self, when: LocalTime) -> bool:
        return any((when.of_week - s) % WEEK < n for s, n in self.spans())

    def words(self) -> str:
        """How a config writes it: ``{ days = "mon-fri", start = "17:00", end = "19:00", discount = 50 }``."""
        return (f"{{ days = \"{days_text(self.days)}\", start = \"{clock(self.start)}\", end = \"{clock(self.end)}\""
                f"{'' if self.discount == 100 else f', discount = {self.discount}'} }}")


def window_at(windows: Iterable[Window], when: LocalTime | None) -> Window | None:
    """The window in force at ``when`` (None: no clock read yet, or none applies)."""
    if when is None:
        return None
    return next((w for w in windows if w.covers(when)), None)


def discounted(price: int, window: Window | None) -> int:
    """``price`` (cents) in ``window``: ``discount`` percent off, rounded down to the
    cent in the player's favour."""
    if window is None:
        return price
    return price * (100 - window.discount) // 100


def clock(minute: int) -> str:
    """``"17:05"`` (1440 is ``"24:00"``)."""
    return f"{minute // 60:02d}:{minute % 60:02d}"


def parse_clock(text: str) -> int | None:
    """``"HH:MM"`` as minutes since midnight (``"24:00"``: 1440), or None."""
    hh, sep, mm = text.partition(":")
    if not (sep and hh.isdigit() and mm.isdigit() and len(mm) == 2 and 1 <= len(hh) <= 2):
        return None
    minute = int(hh) * 60 + int(mm)
    return minute if int(mm) < 60 and minute <= DAY else None


def parse_days(text: str) -> tuple[int, ...] | None:
    """``"daily"``, ``"mon-fri"``, ``"sat,sun"``, ``"fri"`` (or a mix: ``"mon-wed,sat"``)
    as weekday numbers, or None. A range may wrap (``"fri-mon"``)."""
    if text.strip() == "daily":
        return tuple(range(7))
    out: list[int] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        if first not in DAYS or (dash and last not in DAYS):
            return None
        a, b = DAYS.index(first), DAYS.index(last or first)
        out += [(a + i) % 7 for i in range((b - a) % 7 + 1)]
    return tuple(sorted(set(out)))


def days_text(days: tuple[int, ...]) -> str:
    return "daily" if len(days) == 7 else ",".join(DAYS[d] for d in days)


def check(windows: tuple[Window, ...]) -> list[tuple[int, str]]:
    """What is wrong with the windows: ``(index, message)`` pairs, each saying what to
    write: an empty window (start equals end), a discount out of 1 to 100, days
    missing, two windows that overlap."""
    out: list[tuple[int, str]] = []
    for i, w in enumerate(windows):
        if not w.days:
            out.append((i, "has no days: write days = \"daily\", \"mon-fri\" or \"sat,sun\""))
        if w.start == w.end:
            out.append((i, f"starts and ends at {clock(w.start)}: an empty window; for the whole day write "
                           "start = \"00:00\" and end = \"24:00\""))
        if not 1 <= w.discount <= 100:
            out.append((i, f"discount = {w.discount}: write the percent off, 1 to 100 (100 is free play)"))
    for i, a in enumerate(windows):
        for j in range(i):
            b = windows[j]
            if a.start == a.end or b.start == b.end:
                continue
            at = _overlap(b, a)
            if at is not None:
                out.append((i, f"overlaps {b.words()} on {DAYS[at // DAY]} at {clock(at % DAY)}: at most one "
                               f"window applies at a time; start this one at {clock(b.end)} or end it at "
                               f"{clock(b.start)}"))
    return out


def _overlap(a: Window, b: Window) -> int | None:
    """The first minute of the week (from ``b``'s start) both windows cover, or None."""
    for sa, na in a.spans():
        for sb, nb in b.spans():
            if (sb - sa) % WEEK < na:
                return sb % WEEK
            if (sa - sb) % WEEK < nb:
                return sa % WEEK
    return None
