"""The journal's clock-synchronised probe (``clock_is_synchronised``) is asked at every
match start and end (``Journal.start_match`` / ``end_match``): it must not look libc up
again each time. ``ctypes.util.find_library`` runs a child process (ldconfig or gcc,
about 9 ms here) and a ctypes class made per call left 3 interned names per call
behind, which grew the interpreter's interned-string table until its one-off resize
(the whole-table bench's 0.53 MiB step near match 400)."""

from __future__ import annotations

import ctypes.util
from pathlib import Path

import pytest

from pitchside.app.journal import clock as journal


def test_libc_is_looked_up_once_for_many_probes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(journal, "TIMESYNC_FLAG", tmp_path / "no-such-flag")  # the adjtimex path, on any host
    journal._adjtimex.cache_clear()
    calls: list[str] = []
    real = ctypes.util.find_library

    def counting(name: str) -> str | None:
        calls.append(name)
        return real(name)

    monkeypatch.setattr(ctypes.util, "find_library", counting)
    results = {journal.clock_is_synchronised() for _ in range(5)}
    assert len(results) == 1  # the same answer each time on one host
    assert calls == ["c"]


def test_flag_file_says_synchronised(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    flag = tmp_path / "synchronized"
    flag.touch()
    monkeypatch.setattr(journal, "TIMESYNC_FLAG", flag)
    assert journal.clock_is_synchronised() is True
