"""The table's scheduling: a real-time priority for the process that owns the loop.

Under CPU load a woken ``SCHED_OTHER`` thread may wait for other processes' time slices
before it takes the edge's event (milliseconds); a ``SCHED_FIFO`` thread preempts every
normal one at once (bench/README.md, "The loop's tail under load"). ``pitchside run``
asks for it once its first frame is shown, for every thread of the process
(:func:`apply_all`: the loop, the pins' callback thread, a serial reader, the web feed,
the club's link, luma's idle pool); a thread started later (the journal's writer)
inherits it from the thread that starts it. So a thread that posts an edge is never
preempted by the loop while it holds the interpreter lock, and the loop gives the CPU to
such a thread between the frames it draws ahead (:func:`peer_yield`). Start-up runs at
normal priority: on a board with one CPU it would otherwise hold off everything else.

The setting is the environment's ``PITCHSIDE_SCHED`` (the unit sets it): ``fifo:N`` or
``rr:N`` (priority 1-99), ``off`` (or unset) to leave the process as it started. It needs
``RLIMIT_RTPRIO`` of at least N (systemd's ``LimitRTPRIO=``) and no seccomp filter
refusing real-time policies (``RestrictRealtime=no``), or ``CAP_SYS_NICE``; without
them the table runs at normal priority and says so once in the log: a missing privilege
never stops the table.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Mapping
from typing import Literal, NamedTuple, assert_never

log = logging.getLogger(__name__)

ENV = "PITCHSIDE_SCHED"
"""The environment variable holding the table's setting (deploy/pitchside.service.in)."""

Policy = Literal["other", "fifo", "rr"]


class Sched(NamedTuple):
    """A thread's scheduling: ``"other"`` (the normal policy; ``priority`` 0) or a
    real-time policy at ``priority`` 1-99. (A named tuple: loaded at every start, where a
    frozen dataclass costs about 1 ms of CPU: tests/hw/test_startup_set.py.)"""

    policy: Policy
    priority: int = 0

    @property
    def text(self) -> str:
        """As :func:`parse` reads it (``"fifo:10"``; ``"off"`` for the normal policy)."""
        return "off" if self.policy == "other" else f"{self.policy}:{self.priority}"


OFF = Sched("other")


def parse(text: str) -> Sched:
    """``"fifo:N"``, ``"rr:N"`` (N 1-99) or ``"off"``; a :class:`ValueError` naming what is
    wrong otherwise."""
    word = text.strip().lower()
    if word in ("", "off", "other"):
        return OFF
    name, sep, number = word.partition(":")
    if name not in ("fifo", "rr") or not sep:
        raise ValueError(f"{ENV}={text!r}: expected 'fifo:N', 'rr:N' (N from 1 to 99) or 'off'")
    try:
        priority = int(number)
    except ValueError:
        raise ValueError(f"{ENV}={text!r}: the priority {number!r} is not a whole number (1 to 99)") from None
    if not 1 <= priority <= 99:
        raise ValueError(f"{ENV}={text!r}: the priority {priority} is outside 1 to 99")
    return Sched("fifo" if name == "fifo" else "rr", priority)


def from_env(environ: Mapping[str, str] | None = None) -> Sched:
    """The setting in ``environ`` (default :data:`os.environ`); a bad value is logged and
    read as ``off``: the table starts at normal priority rather than not at all."""
    text = (os.environ if environ is None else environ).get(ENV, "")
    try:
        return parse(text)
    except ValueError as exc:
        log.warning("the table runs at normal priority: %s", exc)
        return OFF


def current() -> Sched:
    """How the calling thread is scheduled now (another policy than FIFO or RR reads as
    ``other``)."""
    policy = os.sched_getscheduler(0)
    if policy == os.SCHED_FIFO:
        return Sched("fifo", os.sched_getparam(0).sched_priority)
    if policy == os.SCHED_RR:
        return Sched("rr", os.sched_getparam(0).sched_priority)
    return OFF


def _policy(setting: Sched) -> int:
    match setting.policy:
        case "fifo":
            return os.SCHED_FIFO
        case "rr":
            return os.SCHED_RR
        case "other":
            return os.SCHED_OTHER
        case _:
            assert_never(setting.policy)


def apply(setting: Sched) -> Sched:
    """Schedule the calling thread (Linux: thread id 0 is the caller, not the process) as
    ``setting``; ``off`` changes nothing. Returns how it runs now: ``setting``, or, when the
    system refuses (no privilege, a seccomp filter), what it was, with one warning in the
    log saying what the unit must grant."""
    return _apply(setting, ())


def apply_all(setting: Sched) -> Sched:
    """:func:`apply` for the calling thread, then for every other thread of the process
    (``/proc/self/task``; one that has ended meanwhile is skipped); threads started later
    inherit it from the thread that starts them."""
    me = threading.get_native_id()
    return _apply(setting, tuple(tid for tid in map(int, os.listdir("/proc/self/task")) if tid != me))


def _apply(setting: Sched, others: tuple[int, ...]) -> Sched:
    """The calling thread, then the threads ``others`` (their ids), as ``setting``."""
    if setting == OFF:
        return current()
    param = os.sched_param(setting.priority)
    try:
        os.sched_setscheduler(0, _policy(setting), param)
        for tid in others:
            try:
                os.sched_setscheduler(tid, _policy(setting), param)
            except ProcessLookupError:  # the thread ended meanwhile
                pass
    except OSError as exc:
        log.warning("the table runs at normal priority: %s refused (%s); the unit grants it with "
                    "LimitRTPRIO=%d and RestrictRealtime=no", setting.text, exc.strerror or exc, setting.priority)
        return current()
    log.info("the table runs at %s", setting.text)
    return setting


def peer_yield() -> Callable[[], None] | None:
    """For a thread running a real-time policy, :func:`os.sched_yield` (which lets the
    interpreter lock go): called between two frames drawn ahead, it lets a thread of the
    same priority that an edge has woken (the pins' callback thread) run at once and post
    it, as a normal thread would have preempted the loop, instead of after the whole
    round. ``None`` for a normal thread: nothing to call."""
    return os.sched_yield if current() != OFF else None
