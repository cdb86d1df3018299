"""Coin acceptor pulse decoder: raw edges in, one ``CoinInserted`` per coin out.

Pure code over timestamped edges (standard library only; no clock, no thread), like
:mod:`.debounce` and :mod:`.beam`. A multi-coin acceptor (CH-926 style) reports each
coin it accepts as a train of N pulses on an open-collector output; the number of
pulses says which coin it was (the pricing maps it to a value,
:mod:`pitchside.core.pricing`). The decoder only counts pulses and checks their timing.

Algorithm
---------
1. **Settling** (bounce and glitches): the line's level counts only once it has held
   for ``bounce_s`` without an edge. A cluster of edges closer than ``bounce_s`` to each
   other is one transition, dated at its *first* edge; a cluster that settles back on
   the level it left (a spike on an idle line, a drop-out inside a pulse) changes
   nothing. So a pulse with bounce on both edges is one pulse.
2. **Pulse checks**: a settled pulse shorter than ``min_pulse_s`` is a fault ("pulse too
   short"); a pulse still active ``max_pulse_s`` after it began is a fault reported at
   once (``CoinFault`` "line stuck active", via a :class:`~.timers.TimerRequest`); more
   than ``max_pulses`` pulses in one train is a fault ("too many pulses").
3. **Coin complete**: a train ends when the line has been inactive for ``gap_s`` after
   its last pulse ended. A clean train gives ``CoinInserted(pulses=N)``; a train with a
   fault gives one ``CoinFault`` (none more if its stuck pulse was already reported)
   and no credit. A cluster that starts before the gap is over holds the decision
   until it settles (the next pulse of the same coin may be bouncing in).
4. **Start mid-pulse** (``initial_level`` active: the table booted while a coin was
   paying): that pulse's length is unknown, so its train is a fault.

A train that simply stops early (the acceptor lost power between two pulses) cannot be
told from a coin of fewer pulses: it is reported with the pulses that came, and the
pricing refuses a count that is no coin. Choose coin pulse counts so that no partial
train of a dear coin is a cheap coin's count only if that matters to you; the usual
1/2/5/10 pulse settings do map a cut 5-pulse train onto a 2-pulse coin.

Every decision depends only on the edges and deadlines, never on when ``timer_due`` is
called (the contract of :mod:`.timers`).

Default parameters
------------------
CH-926 style acceptors offer a selectable pulse length (their sheets list settings
around 20, 50 and 100 ms) with a similar pause between pulses; the defaults accept any
of those: ``min_pulse_s = 10 ms``, ``max_pulse_s = 150 ms``, ``gap_s = 300 ms`` (longer
than any pause inside a train, shorter than two coins dropped by hand),
``bounce_s = 2 ms`` (well below the shortest pulse: long cable runs ring for
microseconds), ``max_pulses = 20``. Active low: the open collector pulls the pull-up
line low during a pulse. Check a unit's own setting and set the config to it.
"""

from __future__ import annotations

import math

from pitchside.signals.events import CoinFault, CoinInserted, TableEvent
from pitchside.signals.params import ParameterError, check_count, check_seconds
from pitchside.signals.timers import FilterStep, TimedFilter, TimerBook

DEFAULT_BOUNCE_S = 0.002
DEFAULT_MIN_PULSE_S = 0.010
DEFAULT_MAX_PULSE_S = 0.150
DEFAULT_GAP_S = 0.300
DEFAULT_MAX_PULSES = 20


def check_params(
    *,
    bounce_s: float = DEFAULT_BOUNCE_S,
    min_pulse_s: float = DEFAULT_MIN_PULSE_S,
    max_pulse_s: float = DEFAULT_MAX_PULSE_S,
    gap_s: float = DEFAULT_GAP_S,
    max_pulses: int = DEFAULT_MAX_PULSES,
    name: str = "",
) -> None:
    """The check :class:`CoinDecoder` runs on its parameters (times in s); the config
    reader runs it too.

    :raises ParameterError: ``param`` names the first bad one: a time that is not a
        positive finite number, ``bounce_s >= min_pulse_s`` ("bounce_s"),
        ``min_pulse_s >= max_pulse_s`` ("min_pulse_s"), ``gap_s <= bounce_s`` ("gap_s"),
        ``max_pulses`` not an integer >= 1.
    """
    for key, value in (("bounce_s", bounce_s), ("min_pulse_s", min_pulse_s), ("max_pulse_s", max_pulse_s), ("gap_s", gap_s)):
        check_seconds(name, key, value, positive=True)
    if bounce_s >= min_pulse_s:
        raise ParameterError(name, "bounce_s", f"bounce_s ({bounce_s} s) must be shorter than min_pulse_s ({min_pulse_s} s)")
    if min_pulse_s >= max_pulse_s:
        raise ParameterError(name, "min_pulse_s", f"min_pulse_s ({min_pulse_s} s) must be shorter than max_pulse_s ({max_pulse_s} s)")
    if gap_s <= bounce_s:
        raise ParameterError(name, "gap_s", f"gap_s ({gap_s} s) must be longer than bounce_s ({bounce_s} s)")
    check_count(name, "max_pulses", max_pulses, 1)


class CoinDecoder(TimedFilter):
    """Pulse-train decoder for one coin acceptor output (a state machine, not thread-safe).

    :param name: the input's pin-map name (``"coin_slot"``), copied to every event.
    :param active_level: the electrical level during a pulse (``False``: open collector
        pulling a pull-up line low).
    :param bounce_s: seconds a level must hold to count (s).
    :param min_pulse_s: shortest pulse, s. :param max_pulse_s: longest pulse, s.
    :param gap_s: quiet time after the last pulse that ends a coin, s.
    :param max_pulses: most pulses a coin has.
    :param initial_level: the level read when the input was opened; ``None``: inactive.
    :raises ParameterError: (a ``ValueError``) see :func:`check_params`.
    """

    def __init__(
        self,
        name: str,
        *,
        active_level: bool = False,
        bounce_s: float = DEFAULT_BOUNCE_S,
        min_pulse_s: float = DEFAULT_MIN_PULSE_S,
        max_pulse_s: float = DEFAULT_MAX_PULSE_S,
        gap_s: float = DEFAULT_GAP_S,
        max_pulses: int = DEFAULT_MAX_PULSES,
        initial_level: bool | None = None,
    ) -> None:
        check_params(bounce_s=bounce_s, min_pulse_s=min_pulse_s, max_pulse_s=max_pulse_s, gap_s=gap_s,
                     max_pulses=max_pulses, name=name)  # fmt: skip
        self.name = name
        self.active_level = bool(active_level)
        self.bounce_s = float(bounce_s)
        self.min_pulse_s = float(min_pulse_s)
        self.max_pulse_s = float(max_pulse_s)
        self.gap_s = float(gap_s)
        self.max_pulses = int(max_pulses)
        active = initial_level is not None and bool(initial_level) == self.active_level
        self._active = active  # the settled level
        self._raw = active
        self._settling = False
        self._cluster_at = -math.inf  # first edge of the settling cluster
        self._last_edge_at = -math.inf
        self._pulse_start: float | None = None  # None while active: started before us
        self._pulse_end = -math.inf
        self._pulses = 1 if active else 0
        self._train_start: float | None = None  # the first pulse's start (None: before us)
        self._fault: str | None = "pulse under way at start" if active else None
        self._fault_shown = False
        self._now = -math.inf
        self._book = TimerBook(name)
        self.coins = 0
        """Coins reported so far."""
        self.faults = 0
        """Faults reported so far."""

    # -- queries ---------------------------------------------------------------------
    @property
    def in_train(self) -> bool:
        """True while a pulse train is under way (a coin not yet complete)."""
        return self._pulses > 0 or self._active

    @property
    def next_due(self) -> float | None:
        """The earliest pending deadline in seconds, or ``None``."""
        return self._next_deadline()

    # -- inputs ----------------------------------------------------------------------
    def edge(self, level: bool, at: float) -> FilterStep:
        """Feed one raw edge: ``level`` the electrical level after it, ``at`` its time (s).
        An ``at`` earlier than one already seen is taken as that later time."""
        at = max(float(at), self._now)
        out: list[TableEvent] = []
        self._advance(at, out)
        self._now = at
        if not self._settling:
            self._cluster_at = at
            self._settling = True
        self._raw = bool(level) == self.active_level
        self._last_edge_at = at
        return self._step(out)

    # -- internals -------------------------------------------------------------------
    def _settle_due(self) -> float | None:
        return self._last_edge_at + self.bounce_s if self._settling else None

    def _stuck_due(self) -> float | None:
        if not self._active or self._pulse_start is None or self._fault_shown:
            return None
        due = self._pulse_start + self.max_pulse_s
        if self._settling and self._cluster_at < due:
            return None  # the pulse may be ending: decided when the cluster settles
        return due

    def _end_due(self) -> float | None:
        """When the train ends, unless a cluster that began before then may be a pulse."""
        if self._active or self._pulses == 0:
            return None
        due = self._pulse_end + self.gap_s
        if self._settling and self._cluster_at < due:
            return None  # decided when the cluster settles
        return due

    def _next_deadline(self) -> float | None:
        ds = [d for d in (self._settle_due(), self._stuck_due(), self._end_due()) if d is not None]
        return min(ds) if ds else None

    def _advance(self, to: float, out: list[TableEvent]) -> None:
        """Decide every deadline at or before ``to`` seconds, in time order."""
        while True:
            due = self._next_deadline()
            if due is None or due > to:
                return
            if due == self._stuck_due():
                self._fault = f"line stuck active for {self.max_pulse_s * 1e3:g} ms"
                self._fault_shown = True
                self.faults += 1
                out.append(CoinFault(self.name, due, self._fault, self._pulses))
            elif due == self._settle_due():
                self._settling = False
                if self._raw != self._active:
                    self._transition(self._raw, self._cluster_at)
            else:
                self._finish(due, out)

    def _transition(self, active: bool, at: float) -> None:
        self._active = active
        if active:
            self._pulse_start = at
            self._pulses += 1
            if self._pulses == 1:
                self._train_start = at
            if self._pulses > self.max_pulses and self._fault is None:
                self._fault = f"too many pulses (more than {self.max_pulses})"
            return
        start, self._pulse_start = self._pulse_start, None
        self._pulse_end = at
        if start is not None and at - start < self.min_pulse_s and self._fault is None:
            self._fault = f"pulse too short ({(at - start) * 1e3:.1f} ms)"

    def _finish(self, at: float, out: list[TableEvent]) -> None:
        if self._fault is None:
            self.coins += 1
            out.append(CoinInserted(self.name, at, self._pulses, self._train_start))
        elif not self._fault_shown:
            self.faults += 1
            out.append(CoinFault(self.name, at, self._fault, self._pulses))
        self._pulses = 0
        self._train_start = None
        self._fault = None
        self._fault_shown = False

    def _step(self, out: list[TableEvent]) -> FilterStep:
        due = self._next_deadline()
        reason = "settle" if due is not None and due == self._settle_due() else "coin"
        return FilterStep(tuple(out), self._book.need(due, reason))
