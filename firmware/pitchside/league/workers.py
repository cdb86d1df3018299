"""Run the region's league workers: one worker in this process (:func:`run_worker`,
``pitchside region worker --slot K``; slot 0 is the backstop) or N of them and the
backstop as child processes kept alive by a supervisor (:class:`Supervisor`,
``pitchside region workers --count N``).

A slot is started again as soon as its process dies (SIGKILL, a crash, the OOM killer):
Mosquitto keeps that slot's unacknowledged results and its share of new ones in the
slot's session, for that slot only (:mod:`pitchside.league.worker`), so a slot left
down holds up its share. A slot that dies again within :data:`QUICK_DEATH_S` of its
start waits longer each time (0.5 s doubling to 10 s), so a worker that cannot start (a
wrong password, a database it cannot open) does not spin; its error is in the log.
"""

from __future__ import annotations

import logging
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import FrameType

from pitchside.league.store import Store
from pitchside.league.worker import BACKSTOP_HOLD_S, BACKSTOP_SLOT, GROUP, Backstop, Intake, Worker
from pitchside.wire.credentials import read_credentials

log = logging.getLogger(__name__)

QUICK_DEATH_S = 5.0
RESTART_S = (0.5, 10.0)


@dataclass(frozen=True, slots=True)
class Uplink:
    """The region's broker as a worker reaches it: ``credentials`` is the region's
    ``league.cred`` (``league:PASSWORD``; slot K logs in as ``league-K``)."""

    host: str
    port: int
    credentials: str
    tls: bool = True
    ca_file: str | None = None


def open_store(db: str) -> Store:
    """The league's store named by ``--db`` (today a SQLite file, which the worker
    processes share)."""
    return Store(db)


def run_worker(db: str, broker: Uplink, slot: int, group: str = GROUP,
               stop: threading.Event | None = None, leave: bool = False, hold_s: float = BACKSTOP_HOLD_S) -> bool:
    """Worker ``slot`` in this process until SIGTERM or SIGINT (or ``stop`` is set); with
    ``leave``, until the slot has left the group (:meth:`Worker.leave`: False if it
    could not)."""
    stop = stop or threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, on_signal)
        signal.signal(signal.SIGINT, on_signal)
    store = open_store(db)
    login = read_credentials(broker.credentials)
    worker: Worker | Backstop
    if slot == BACKSTOP_SLOT:
        worker = Backstop(Intake(store), broker.host, broker.port, login=login, tls=broker.tls,
                          ca_file=broker.ca_file, hold_s=hold_s).start()
    else:
        worker = Worker(Intake(store), broker.host, broker.port, slot=slot, login=login, group=group, tls=broker.tls,
                        ca_file=broker.ca_file).start()
    log.info("league worker %d: %s:%d, shared subscription %s, store %s", slot, broker.host, broker.port,
             worker.topic, db)
    left = True
    try:
        if leave and isinstance(worker, Worker):
            left = worker.leave()
            log.info("league worker %d %s", slot, "left the group: its session is ended" if left else
                     "could not leave the group (its results kept coming): its session is kept")
        else:
            stop.wait()
    finally:
        worker.stop()
        store.close()
        t = worker.intake.tally
        log.info("league worker %d stopped: %d counted, %d refused, %d copies, %d conflicts", slot, t.counted,
                 t.refused, t.copies, t.conflicts)
    return left


@dataclass(slots=True)
class _Slot:
    number: int
    proc: subprocess.Popen[bytes] | None = None
    started: float = 0.0
    wait_s: float = RESTART_S[0]
    due: float = 0.0
    starts: int = 0


@dataclass(slots=True)
class Supervisor:
    """Keep ``count`` worker processes (slots 1 to ``count``) and the backstop (slot 0,
    :class:`pitchside.league.worker.Backstop`) alive: ``argv(slot)`` is slot ``slot``'s
    command."""

    argv: Callable[[int], Sequence[str]]
    count: int
    clock: Callable[[], float] = time.monotonic
    slots: list[_Slot] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self.slots = [_Slot(n) for n in range(0, self.count + 1)]

    def pids(self) -> dict[int, int]:
        """The running process of each slot (slot number to PID)."""
        return {s.number: s.proc.pid for s in self.slots if s.proc is not None and s.proc.poll() is None}

    def _start(self, slot: _Slot) -> None:
        slot.proc = subprocess.Popen(list(self.argv(slot.number)))
        slot.started = self.clock()
        slot.starts += 1

    def step(self) -> None:
        """Start each slot that is due, and note the ones that died."""
        now = self.clock()
        for slot in self.slots:
            if slot.proc is not None and slot.proc.poll() is not None:
                code = slot.proc.returncode
                if now - slot.started < QUICK_DEATH_S:
                    slot.due = now + slot.wait_s
                    slot.wait_s = min(slot.wait_s * 2, RESTART_S[1])
                else:
                    slot.due, slot.wait_s = now, RESTART_S[0]
                log.error("league worker %d (pid %d) ended with status %s: started again in %.1f s", slot.number,
                          slot.proc.pid, code, slot.due - now)
                slot.proc = None
            if slot.proc is None and now >= slot.due:
                self._start(slot)

    def run(self, poll_s: float = 0.1) -> None:
        """Until :meth:`stop` (or SIGTERM/SIGINT in the main thread); then stop every
        worker (SIGTERM, SIGKILL after 10 s)."""
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, lambda s, f: self._stop.set())
            signal.signal(signal.SIGINT, lambda s, f: self._stop.set())
        try:
            while not self._stop.is_set():
                self.step()
                self._stop.wait(poll_s)
        finally:
            self._end()

    def stop(self) -> None:
        self._stop.set()

    def _end(self) -> None:
        running = [s.proc for s in self.slots if s.proc is not None and s.proc.poll() is None]
        for p in running:
            p.terminate()
        for p in running:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(5)
