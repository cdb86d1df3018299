"""The journal's writer thread: a durable write runs while the frame that shows it is drawn
(latency).

Only a frame still to be drawn is overlapped so: when the frame of an accepted input
was drawn ahead (or is the one shown), the runtime writes in its own thread
(:meth:`pitchside.app.runtime.Runtime.refresh`). Otherwise the runtime hands
:meth:`Writer.submit` the recorder call of an accepted input (the
SQLite commit and its fsync, which release the GIL), draws the frame meanwhile, and
calls :meth:`Writer.settle` before it hands that frame to the display: a journaled
input's latency is then max(fsync, render) instead of their sum, and nothing is shown
before the write it shows is durable. Writes run one at a time, in the order submitted;
every other use of the recorder settles first, so the recorder is never used from two
threads at once.

The two threads share one interpreter lock: a writer thread merely woken would wait for
it until the runtime thread blocked in :meth:`Writer.settle`, after drawing, and the
write would start only then (measured: submit to start p50 0.3-0.9 ms, the drawing's
time; bench/README.md "Journaled input vs its fsync"). So :meth:`Writer.submit` waits
until the call reaches its long step with the lock released, which it says with
:func:`handoff` (the journal's COMMIT and fsync), or returns, or :attr:`Writer.HANDOFF_S`
has passed; the frame is then drawn during the fsync.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

class _WriterThread(threading.Thread):
    """A :class:`Writer`'s thread; ``handing``: the event of the job it runs, until that
    job's :func:`handoff` (the state lives on the thread, not in the module)."""

    def __init__(self, target: Callable[["_WriterThread"], None], name: str) -> None:
        super().__init__(target=target, args=(self,), name=name, daemon=True)
        self.handing: threading.Event | None = None


def handoff() -> None:
    """Called by a submitted call right before its long step that releases the
    interpreter lock (the journal's COMMIT and its fsync): the :meth:`Writer.submit` that
    handed it over returns then, and the runtime thread draws meanwhile. Only the first
    call of a job counts; on any other thread than a writer's (a direct write) it does
    nothing."""
    thread = threading.current_thread()
    if isinstance(thread, _WriterThread) and thread.handing is not None:
        event, thread.handing = thread.handing, None
        event.set()


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
    HANDOFF_S = 0.005
    """Seconds :meth:`submit` waits at most for the call's :func:`handoff` (a call that
    never says so, e.g. a journal in memory mode, costs at most this)."""

    def __init__(self, name: str = "journal-writer") -> None:
        self._name = name
        self._cond = threading.Condition()
        self._jobs: list[tuple[Callable[..., Any], tuple[Any, ...], threading.Event]] = []
        self._busy = False
        self._running = False
        self._error: BaseException | None = None

    @property
    def pending(self) -> bool:
        """True while a submitted call has not returned."""
        with self._cond:
            return self._busy or bool(self._jobs)

    def submit(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` on the writer thread, after the calls submitted before it;
        returns once it has reached its :func:`handoff`, or returned, or after
        :attr:`HANDOFF_S` s."""
        handed = threading.Event()
        with self._cond:
            self._jobs.append((fn, args, handed))
            self._cond.notify_all()
            if not self._running:
                self._running = True
                _WriterThread(self._loop, self._name).start()
        handed.wait(self.HANDOFF_S)

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

    def _loop(self, thread: _WriterThread) -> None:
        while True:
            with self._cond:
                if not self._jobs:
                    self._cond.wait(self.IDLE_S)
                if not self._jobs:
                    self._running = False
                    return
                fn, args, handed = self._jobs.pop(0)
                self._busy = True
            thread.handing = handed
            try:
                fn(*args)
            except BaseException as exc:  # handed to the runtime thread by settle()
                with self._cond:
                    if self._error is None:
                        self._error = exc
            finally:
                thread.handing = None
                handed.set()
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
