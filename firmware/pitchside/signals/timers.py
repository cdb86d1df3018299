"""Timer requests: how a clock-less filter asks the runtime to call it back.

The filters of this package (:mod:`.debounce`, :mod:`.beam`) are pure functions of
timestamped edges: they own no clock and no thread. Some decisions depend on time
passing with *no* edge (a press becoming a hold after ``hold_s``, a contact settling
after ``bounce_s``, a beam stuck blocked for ``max_block_s``). For those a filter returns
a :class:`TimerRequest` ("call my ``timer_due`` at or after ``due_at``") in its
:class:`FilterStep`, and the runtime calls ``timer_due(at)`` once its clock reaches
``due_at``.

Contract, the same for every filter:

* ``timer_due(at)`` may be called late, early, twice or not at all. Early or repeated
  calls do nothing; a late call decides each pending deadline *at the deadline's own
  time*, not at ``at``; a missing call is made good by the next edge, which first
  settles every deadline that fell before it. Results therefore do not depend on how
  punctual the runtime is, only on the edges.
* A filter keeps at most a couple of requests outstanding: when a deadline moves later
  (a contact still bouncing), no new request is made; the pending one fires, the filter
  sees the deadline has moved and asks again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pitchside.signals.events import TableEvent


@dataclass(frozen=True, slots=True)
class TimerRequest:
    """Ask the runtime to call the source's ``timer_due(at)`` once ``at >= due_at``.

    :param name: the input's name (the same as on its events), so the runtime can find
        the driver that asked.
    :param due_at: seconds, in the same time base as the events' ``at``.
    :param reason: what the filter is waiting for (``"settle"``, ``"hold"``,
        ``"stuck"``): for logs and tests only; the runtime need not look at it.
    """

    name: str
    due_at: float
    reason: str = ""


@dataclass(frozen=True, slots=True)
class FilterStep:
    """What one call into a filter produced: events (in time order) and timer requests."""

    events: tuple[TableEvent, ...] = ()
    timers: tuple[TimerRequest, ...] = ()


@dataclass(slots=True)
class TimerBook:
    """Book-keeping of the requests a filter has outstanding with the runtime.

    Invariant kept by :meth:`need`: whenever a filter has a pending deadline ``d``, some
    outstanding request is due at or before ``d`` (so the filter is called back in time
    and can re-request a later deadline then).
    """

    name: str
    outstanding: list[float] = field(default_factory=list)

    def serviced(self, at: float) -> None:
        """Forget the requests due at or before ``at`` seconds (the runtime honoured them)."""
        self.outstanding = [d for d in self.outstanding if d > at]

    def need(self, deadline: float | None, reason: str) -> tuple[TimerRequest, ...]:
        """Return a new request for ``deadline`` (s) unless one already covers it."""
        if deadline is None or any(d <= deadline for d in self.outstanding):
            return ()
        self.outstanding.append(deadline)
        return (TimerRequest(self.name, deadline, reason),)


class TimedFilter:
    """What every edge filter with deadlines does when its timer comes back (the button
    decoder, the beam counter, the coin decoder): move its clock to the deadline, let
    time pass in its own :meth:`_advance`, and ask for the next deadline in :meth:`_step`.

    A subclass sets ``_now`` (s, the latest time seen) and ``_book`` (its
    :class:`TimerBook`) and defines ``_advance`` and ``_step``.
    """

    _now: float
    _book: TimerBook

    def _advance(self, to: float, out: list[TableEvent]) -> None:
        raise NotImplementedError

    def _step(self, out: list[TableEvent]) -> FilterStep:
        raise NotImplementedError

    def timer_due(self, at: float) -> FilterStep:
        """The runtime's call-back for a :class:`TimerRequest`; ``at`` in s (a time before
        the latest one seen counts as that one: a filter never goes back)."""
        at = max(float(at), self._now)
        out: list[TableEvent] = []
        self._advance(at, out)
        self._now = at
        self._book.serviced(at)
        return self._step(out)
