"""The writer thread gets the interpreter lock first (journaled input vs its
fsync): :meth:`Writer.submit` returns once the call has reached its long lock-free
step (:func:`handoff`, the journal's COMMIT and fsync), so the frame is drawn during
the fsync instead of before the write even starts."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from pitchside.app.journal import file as journal_file
from pitchside.app.journal import Journal
from pitchside.app.writer import Writer, handoff

JOIN_S = 10.0


def test_submit_returns_at_the_handoff_while_the_call_goes_on() -> None:
    w = Writer()
    w.HANDOFF_S = 60.0  # only the handoff (or the call's end) lets submit return here
    log: list[str] = []
    gate = threading.Event()

    def job() -> None:
        log.append("prepared")
        handoff()
        assert gate.wait(JOIN_S)
        log.append("committed")

    w.submit(job)
    log.append("submit returned")
    assert log == ["prepared", "submit returned"]
    assert w.pending
    gate.set()
    w.settle()
    assert log == ["prepared", "submit returned", "committed"]


def test_a_call_that_never_hands_off_holds_submit_at_most_HANDOFF_S() -> None:
    w = Writer()
    w.HANDOFF_S = 0.05
    gate = threading.Event()
    t = time.monotonic()
    w.submit(lambda: gate.wait(JOIN_S))
    waited = time.monotonic() - t
    assert w.pending  # still running: submit did not wait for its end
    assert waited < JOIN_S / 2
    gate.set()
    w.settle()


def test_submit_returns_when_the_call_ends_without_a_handoff() -> None:
    w = Writer()
    w.HANDOFF_S = 60.0
    done: list[int] = []
    t = time.monotonic()
    w.submit(done.append, 1)
    assert time.monotonic() - t < JOIN_S / 2
    w.settle()
    assert done == [1]


def test_handoff_off_the_writer_thread_does_nothing() -> None:
    """A direct write (no writer thread) hands nothing over: a :func:`handoff` on another
    thread while a job runs does not let :meth:`Writer.submit` return; the job's own does.
    The order: the stray handoff, then the job's, then submit's return."""
    w = Writer()
    w.HANDOFF_S = 60.0
    log: list[str] = []
    started, gate = threading.Event(), threading.Event()

    def job() -> None:
        started.set()
        assert gate.wait(JOIN_S)
        log.append("job hands off")
        handoff()

    def submitting() -> None:
        w.submit(job)
        log.append("submit returned")

    t = threading.Thread(target=submitting)
    t.start()
    assert started.wait(JOIN_S)
    handoff()  # on this thread: nothing to hand over, no error
    log.append("stray handoff")
    t.join(0.2)
    assert t.is_alive() and log == ["stray handoff"]  # submit still waits for the job's handoff
    gate.set()
    t.join(JOIN_S)
    assert not t.is_alive()
    assert log == ["stray handoff", "job hands off", "submit returned"]
    w.settle()


def test_the_journal_hands_off_right_before_each_commit(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    j = Journal.open(tmp_path / "journal.db")
    log: list[str] = []
    monkeypatch.setattr(journal_file, "handoff", lambda: log.append("handoff"))
    assert j._conn is not None  # noqa: SLF001
    j._conn.set_trace_callback(lambda sql: log.append(sql.split()[0]))  # noqa: SLF001
    mid = j.start_match({"format": 1, "game": "pichenotte", "options": {}, "rules_version": 1})
    j.append_lines(mid, [{"input": "toss", "at": 0.5}])
    j.close()
    assert log.count("COMMIT") == 2
    assert [i for i, s in enumerate(log) if s == "handoff"] == [i - 1 for i, s in enumerate(log) if s == "COMMIT"]
    assert log[0] == "BEGIN"


def test_the_hand_off_state_is_the_writer_thread_s_not_the_module_s() -> None:
    """No global mutable state (product brief): the job being handed over lives on the
    writer's thread, none on the module; each writer's thread holds only its own job."""
    from pitchside.app import writer as writer_module

    assert not [name for name, v in vars(writer_module).items() if isinstance(v, threading.local)]
    seen: list[bool] = []
    w1, w2 = Writer(), Writer()
    w2.HANDOFF_S = 60.0
    gate = threading.Event()

    def long_job() -> None:  # w2's job: never hands off until the gate opens
        assert gate.wait(JOIN_S)
        handoff()

    t = threading.Thread(target=w2.submit, args=(long_job,))
    t.start()
    w1.submit(lambda: (handoff(), seen.append(True)))  # w1's handoff: w2's submit still waits
    w1.settle()
    t.join(0.2)
    assert seen == [True] and t.is_alive()
    gate.set()
    t.join(JOIN_S)
    assert not t.is_alive()
    w2.settle()
