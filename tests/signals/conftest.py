"""Fixtures for the pure-filter tests: a runtime stand-in that honours timer requests
exactly, and the path to the real captures (tests/support/real_data.py: skipped when they are
absent, a failure under CI=true)."""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Protocol

import pytest

from pitchside.signals.timers import FilterStep, TimerRequest
from support import real_data as real_captures



class EdgeFilter(Protocol):
    def edge(self, level: bool, at: float) -> FilterStep: ...

    def timer_due(self, at: float) -> FilterStep: ...


class FilterRun:
    """Feeds edges to a filter and calls ``timer_due(due_at)`` for each request exactly
    when virtual time reaches it (``punctual=True``), or never (``punctual=False``: the
    filter must make good from the next edge alone)."""

    def __init__(self, filt: EdgeFilter, *, punctual: bool = True) -> None:
        self.filt = filt
        self.punctual = punctual
        self.events: list[Any] = []
        self.requests: list[TimerRequest] = []
        self._heap: list[float] = []

    def _take(self, step: FilterStep) -> None:
        self.events.extend(step.events)
        for req in step.timers:
            self.requests.append(req)
            heapq.heappush(self._heap, req.due_at)

    def until(self, t: float) -> FilterRun:
        """Fire the requests due at or before ``t`` seconds (if punctual)."""
        while self.punctual and self._heap and self._heap[0] <= t:
            self._take(self.filt.timer_due(heapq.heappop(self._heap)))
        return self

    def call_at(self, t: float) -> FilterRun:
        """One late ``timer_due(t)`` call, as a sluggish runtime would make."""
        self._take(self.filt.timer_due(t))
        return self

    def feed(self, edges: Iterable[tuple[float, bool]]) -> FilterRun:
        for t, level in edges:
            self.until(t)
            self._take(self.filt.edge(level, t))
        return self

    def of(self, cls: type | tuple[type, ...]) -> list[Any]:
        return [e for e in self.events if isinstance(e, cls)]

    def kinds(self) -> list[str]:
        return [type(e).__name__ for e in self.events]


@pytest.fixture
def run() -> type[FilterRun]:
    return FilterRun


@pytest.fixture
def real_data() -> Path:
    return real_captures.require()
