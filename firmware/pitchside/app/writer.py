"""The journal's writer thread: a durable write runs while the frame that shows it is drawn
(issue 15 item 2).

The runtime hands :meth:`Writer.submit` the recorder call of an accepted input (the
SQLite commit and its fsync, which release the GIL), draws the frame meanwhile, and
calls :meth:`Writer.settle` before it hands that frame to the display: a journaled
input's latency is then max(fsync, render) instead of their sum, and nothing is shown
before the write it shows is durable. Writes run one at a time, in the order submitted;
every other use of the recorder settles first, so the recorder is never used from two
threads at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class Writer:
    """One daemon thread running submitted calls in order (started by the first call
    after an idle second, so a table that writes nothing, or a test's many runtimes, keep
    no thread).

    ``submit(fn, *args)`` returns at once; ``settle()`` blocks until every submitted call
    has returned and re-raises (in the caller's thread) the first exception one raised,
    as a direct call would have.
    """

    IDLE_S = 1.0
    """Seconds the thread waits for another call before it ends."""

    def __init__(self, name: str = "journal-writer") -> None:
        self._name = name
        self._cond = threading.Condition()
        self._jobs: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []
        self._busy = False
        self._running = False
        self._error: BaseException | None = None

    @property
    def pending(self) -> bool:
        """True while a submitted call has not returned."""
        with self._cond:
            return self._busy or bool(self._jobs)

    def submit(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` on the writer thread, after the calls submitted before it."""
        with self._cond:
            self._jobs.append((fn, args))
            self._cond.notify_all()
            if not self._running:
                self._running = True
                threading.Thread(target=self._loop, name=self._name, daemon=True).start()

    def settle(self) -> None:
        """Wait until every submitted call has returned.

        :raises BaseException: the first exception a submitted call raised since the last
            settle (the calls after it still ran).
        """
        with self._cond:
            while self._busy or self._jobs:
                self._cond.wait()
            error, self._error = self._error, None
        if error is not None:
            raise error

    def _loop(self) -> None:
        while True:
            with self._cond:
                if not self._jobs:
                    self._cond.wait(self.IDLE_S)
                if not self._jobs:
                    self._running = False
                    return
                fn, args = self._jobs.pop(0)
                self._busy = True
            try:
                fn(*args)
            except BaseException as exc:  # handed to the runtime thread by settle()
                with self._cond:
                    if self._error is None:
                        self._error = exc
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
