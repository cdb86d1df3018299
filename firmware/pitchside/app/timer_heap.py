"""The runtime's timers: callbacks due at a time on the table's clock, in a heap that
any thread may add to (:meth:`TimerHeap.push`) and the loop fires
(:meth:`TimerHeap.fire_due`). :class:`pitchside.app.runtime.Runtime` owns one and
wakes its loop when a timer due before every other is added from another thread.
"""

from __future__ import annotations

import heapq
import itertools
import threading
from collections.abc import Callable

_Timer = tuple[float, int, Callable[[float], None]]
"""A timer on the heap: ``(due_at, seq, callback)``; ``seq`` is unique, so the heap
orders by due time, then by scheduling order, and never compares two callbacks (a
tuple: compared in C, where the heap's pushes made a dataclass's ``__lt__`` run in
Python a dozen times a push)."""


class TimerHeap:
    """Callbacks ``callback(due_at)`` by due time (s), then by the order they were
    added; thread-safe."""

    def __init__(self) -> None:
        self._timers: list[_Timer] = []
        self._seq = itertools.count()
        self._timers_lock = threading.Lock()

    def push(self, due_at: float, callback: Callable[[float], None]) -> bool:
        """Add a timer; :returns: whether it is now the first due (its caller may have
        to wake a loop asleep until the one it knew of)."""
        with self._timers_lock:
            seq = next(self._seq)
            heapq.heappush(self._timers, (due_at, seq, callback))
            return self._timers[0][1] == seq

    def next_due(self) -> float | None:
        with self._timers_lock:
            return self._timers[0][0] if self._timers else None

    def fire_due(self, now: float) -> int:
        """Fire every timer due at or before ``now`` (outside the lock: a callback may
        add timers); returns how many fired."""
        fired = 0
        while True:
            with self._timers_lock:
                if not self._timers or self._timers[0][0] > now:
                    return fired
                due_at, _, callback = heapq.heappop(self._timers)
            callback(due_at)
            fired += 1
