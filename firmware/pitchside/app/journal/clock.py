"""Whether the wall clock is synchronised: asked at every match start and end, so that
each wall time the journal keeps says whether it can be trusted (a Pi has no real-time
clock)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

TIMESYNC_FLAG = Path("/run/systemd/timesync/synchronized")
"""systemd-timesyncd's flag file: present once the clock has been synchronised."""


def clock_is_synchronised() -> bool:
    """True when the system clock is known to be synchronised (systemd-timesyncd's flag
    file, or ``adjtimex`` reporting a synchronised clock). Asked at every match start
    and end: libc is looked up once per process (:func:`_adjtimex`)."""
    if TIMESYNC_FLAG.exists():
        return True
    adjtimex = _adjtimex()
    if adjtimex is None:
        return False
    return adjtimex() not in (-1, 5)  # TIME_ERROR (5): the clock is not synchronised


@functools.cache
def _adjtimex() -> Callable[[], int] | None:
    """libc's ``adjtimex`` as a call returning the clock state, found once (None where
    there is none). Looked up on every call before, it cost a child process per match
    start and end (``ctypes.util.find_library`` runs ldconfig or gcc: about 9 ms) and a
    ctypes class whose 3 interned names were left behind each time, growing the
    interpreter's interned-string table to a one-off 0.53 MiB resize near match 400
    (bench/README.md, "Whole-table growth")."""
    try:
        import ctypes
        import ctypes.util

        class Timex(ctypes.Structure):
            _fields_ = [("modes", ctypes.c_uint), ("_rest", ctypes.c_byte * 256)]

        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        call = libc.adjtimex
    except (OSError, AttributeError):
        return None

    def state() -> int:
        return int(call(ctypes.byref(Timex())))

    return state

