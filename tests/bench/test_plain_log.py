"""The journaled run's plain-program baseline (bench/latency.py ``PlainLog``): one write of
exactly a step's replay lines per step, after the last, into a file written out ahead,
made durable (``fdatasync``) before it returns."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from support.benchmod import bench_module


def test_plain_log_writes_each_step_as_its_lines_after_the_last_and_syncs_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    latency = bench_module("latency")
    synced: list[str] = []
    real_fsync, real_fdatasync = os.fsync, os.fdatasync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "fdatasync", lambda fd: (synced.append("fdatasync"), real_fdatasync(fd))[1])
    monkeypatch.setattr(latency.PlainLog, "ROOM", 64)  # small, so the second write grows the file
    log = latency.PlainLog(tmp_path)
    assert synced == ["fsync", "fsync"]  # the room written out, then the folder (the new file survives)
    first = log.write(['{"format": 1}', '{"input": "toss", "at": 0.0}'])
    second = log.write(['{"input": "undo", "at": 1.5}', '{"input": "shot", "at": 2.25}'])
    log.close()
    lines = b'{"format": 1}\n{"input": "toss", "at": 0.0}\n{"input": "undo", "at": 1.5}\n{"input": "shot", "at": 2.25}\n'
    data = (tmp_path / "plain.jsonl").read_bytes()
    assert data[:len(lines)] == lines and set(data[len(lines):]) == {0} and len(data) == 128  # zeros after
    # one fdatasync per write; the second grew the file by a room first (synced, not timed)
    assert synced == ["fsync", "fsync", "fdatasync", "fsync", "fdatasync"]
    assert first > 0 and second > 0  # ns, measured
