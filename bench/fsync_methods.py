"""Which durable write is "the best a plain program would do" (bench/latency.py
``PlainLog``): the same 49-byte record made durable four ways, interleaved write by
write on the same file system as the durable journal run (``latency.durable_dir``):

* ``append_fsync``: ``os.write`` to a file opened ``O_APPEND``, then ``os.fsync``;
* ``append_fdatasync``: the same with ``os.fdatasync``;
* ``overwrite_fdatasync``: ``os.pwrite`` into a file written and synced beforehand (no
  size change), then ``os.fdatasync``;
* ``sqlite_commit``: one INSERT and COMMIT in SQLite with the journal's pragmas (WAL,
  ``synchronous=FULL``).

Run: ``.venv/bin/python bench/fsync_methods.py [N]`` (N writes of each, default 500);
prints p50 / p99 in µs per method and the file system used.
"""

from __future__ import annotations

import os
import sqlite3
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from time import perf_counter_ns

import latency

RECORD = b'{"input": "shot", "at": 123.456, "twenty": true}\n'
assert len(RECORD) == 49


def writers(folder: Path, n: int) -> dict[str, Callable[[int], None]]:
    """One function per method, each making write ``i`` durable."""
    app = os.open(folder / "append.jsonl", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    app2 = os.open(folder / "append2.jsonl", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    over = os.open(folder / "over.jsonl", os.O_RDWR | os.O_CREAT, 0o644)
    os.write(over, RECORD * n)
    os.fsync(over)
    db = sqlite3.connect(folder / "j.db", isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE inputs (seq INTEGER PRIMARY KEY, line TEXT NOT NULL)")
    line = RECORD.decode().strip()

    def sqlite_commit(i: int) -> None:
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO inputs (seq, line) VALUES (?, ?)", (i, line))
        db.execute("COMMIT")

    def append_fsync(i: int) -> None:
        os.write(app, RECORD)
        os.fsync(app)

    def append_fdatasync(i: int) -> None:
        os.write(app2, RECORD)
        os.fdatasync(app2)

    def overwrite_fdatasync(i: int) -> None:
        os.pwrite(over, RECORD, i * len(RECORD))
        os.fdatasync(over)

    return {"append_fsync": append_fsync, "append_fdatasync": append_fdatasync,
            "overwrite_fdatasync": overwrite_fdatasync, "sqlite_commit": sqlite_commit}


def run(n: int = 500) -> dict[str, dict[str, float]]:
    folder = latency.durable_dir(None)
    with tempfile.TemporaryDirectory(prefix="pitchside-fsync-", dir=folder) as tmp:
        ways = writers(Path(tmp), n)
        times: dict[str, list[float]] = {name: [] for name in ways}
        for i in range(n):
            for name, write in ways.items():  # interleaved, write by write
                t = perf_counter_ns()
                write(i)
                times[name].append((perf_counter_ns() - t) / 1000)
    fs = latency.filesystem_of(folder)
    print(f"{n} writes of each, interleaved, in {folder} ({fs})")
    out = {}
    for name, us in times.items():
        us.sort()
        out[name] = {"p50": statistics.median(us), "p99": us[int(0.99 * (len(us) - 1))]}
        print(f"{name:22s} p50 {out[name]['p50']:8.1f} us   p99 {out[name]['p99']:8.1f} us")
    return out


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
