"""Worker processes opening a new SQLite store at the same moment (the region's worker
units start together on a fresh host): each finds the file without tables, and every one
of them must open it, in WAL mode, the tables made once."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path
from typing import Any

from pitchside.league.store import Store


def _open(path: str, start: Any, errors: Any) -> None:
    start.wait()
    try:
        Store(path).close()
    except Exception as exc:  # noqa: BLE001 - reported to the test
        errors.put(f"{type(exc).__name__}: {exc}")


def test_processes_opening_a_new_file_at_once_all_open_it(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("fork")
    errors = ctx.Queue()
    for round_ in range(20):
        path = str(tmp_path / f"region-{round_}.db")
        start = ctx.Barrier(4)
        procs = [ctx.Process(target=_open, args=(path, start, errors)) for _ in range(4)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(60)
        assert [p.exitcode for p in procs] == [0, 0, 0, 0]
        store = Store(path)
        try:
            assert store.counted() == []
        finally:
            store.close()
        db = sqlite3.connect(path)
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        db.close()
    found: list[str] = []
    while not errors.empty():
        found.append(errors.get())
    assert found == []
