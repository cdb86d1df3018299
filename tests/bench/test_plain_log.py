"""The journaled run's plain-program baseline (bench/latency.py ``PlainLog``): one append of
exactly a step's replay lines per write, made durable before it returns."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from support.benchmod import bench_module


def test_plain_log_appends_each_step_as_its_lines_and_fsyncs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    latency = bench_module("latency")
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd))[1])
    log = latency.PlainLog(tmp_path)
    assert len(synced) == 1  # the folder, so the new file survives a power cut
    first = log.write(['{"format": 1}', '{"input": "toss", "at": 0.0}'])
    second = log.write(['{"input": "undo", "at": 1.5}'])
    log.close()
    assert (tmp_path / "plain.jsonl").read_bytes() == (
        b'{"format": 1}\n{"input": "toss", "at": 0.0}\n{"input": "undo", "at": 1.5}\n')
    assert len(synced) == 3  # one fsync per write
    assert first > 0 and second > 0  # ns, measured
