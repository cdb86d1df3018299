"""The journal's file: its marks and schema, how it is opened (pragmas, the schema of a
new file and what an older one gains), its lock, and the one transaction of each write.

The sections of the schema that are not the matches' (the credits ledger, the sensor
tallies, the refusals) are declared by their own modules (:mod:`.ledger`,
:mod:`.sensors`, :mod:`pitchside.app.refusals`); :func:`connect` creates them.
"""

from __future__ import annotations

import errno
import fcntl
import os
import sqlite3
from pathlib import Path
from typing import Any

from pitchside.app import refusals as _refusals
from pitchside.app.journal import ledger, sensors
from pitchside.app.writer import handoff
from pitchside.core.errors import PitchsideError

APPLICATION_ID = 0x50545344
"""``PRAGMA application_id`` of a Pitchside journal ("PTSD"): a file without it is not ours."""
SCHEMA_VERSION = 1
"""``PRAGMA user_version`` of the schema below."""

SCHEMA = """
CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    header TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')),
    started_wall REAL,
    started_synced INTEGER NOT NULL DEFAULT 0,
    ended_wall REAL,
    ended_synced INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    bytes INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE inputs (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
"""

OUTBOX_SCHEMA = """
CREATE TABLE IF NOT EXISTS outbox (
    match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
    delivered_wall REAL,
    digest TEXT
);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
"""
"""The club's outbox (docs/spec/mqtt.md): one row per finished match whose
result the table owes the club's broker, queued in the transaction that marks the match
finished (only while :attr:`Journal.queue_results` is set: ``[mqtt]`` configured);
``delivered_wall`` stays NULL until the broker acknowledged the result (PUBACK), then
holds when, and ``digest`` the digest sent (:class:`pitchside.app.outbox.Outbox` writes
both, on a connection of its own). ``meta`` holds ``journal_uid``, a random id made once
per journal file, so a match's id across the club (``<journal_uid>-<row id>``) stays
unique when a bad journal is moved aside and row ids start again. Added to older
journals when they are opened for writing; their finished matches are not queued."""


class JournalError(PitchsideError):
    """A journal that cannot be used as asked."""


class JournalLocked(JournalError):
    """Another process has this journal open for writing."""



CACHE_KIB = 256
"""SQLite's page cache for the journal, KiB. SQLite's default (2,000 KiB) fills as the
journal file grows, so a table's RSS rose by about 2 MiB over its first 1,000 matches
(the whole-table bench, ~4 KB a match, all of it SQLite's cache;
Python's objects did not grow). 256 KiB holds the pages an append, a match's end and a
prune touch; the cache is full after about 50 matches and stays at this bound."""


def fsync_dir(path: Path) -> None:
    """fsync a directory, so a file just created in it survives a power cut."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def lock(p: Path, lock_fd: int) -> None:
    """Take the exclusive ``flock`` on ``lock_fd`` (``NAME.lock`` of the journal ``p``),
    held for the journal's life.

    :raises JournalLocked: another process holds it (``lock_fd`` is closed then).
    """
    try:
        fcntl.flock(lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(lock_fd)
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
            raise JournalLocked(f"{p} is in use by another Pitchside process") from None
        raise


def connect(p: Path, existed: bool) -> sqlite3.Connection:
    """A connection to the journal ``p`` with its durability pragmas (WAL,
    ``synchronous=FULL``, a bounded cache), its schema created when it did not exist
    (``existed`` False) and the sections added since created in an older one."""
    conn = sqlite3.connect(p, isolation_level=None, check_same_thread=False)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode != "wal":
            raise JournalError(f"{p}: SQLite refused WAL mode (got {mode!r})")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")  # bounded: see CACHE_KIB
        if not existed:
            with transaction(conn):
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                for stmt in SCHEMA.split(";"):
                    if stmt.strip():
                        conn.execute(stmt)
                sensors.ensure(conn)
            fsync_dir(p.parent)  # the new database and its WAL survive a power cut
        with transaction(conn):  # the credits section: added to older journals too
            ledger.ensure(conn)
            if not has_table(conn, "sensor_tallies"):  # a journal from before sensor health
                sensors.ensure(conn)
            for stmt in OUTBOX_SCHEMA.split(";"):  # the club's outbox: older journals too
                if stmt.strip():
                    conn.execute(stmt)
            if conn.execute("SELECT 1 FROM meta WHERE key = 'journal_uid'").fetchone() is None:
                import uuid  # only for a journal without its uid: uuid loads platform (start-up)

                conn.execute("INSERT INTO meta (key, value) VALUES ('journal_uid', ?)", (uuid.uuid4().hex[:16],))
            _refusals.ensure(conn)  # refused inputs: added to older journals too
    except BaseException:
        conn.close()
        raise
    return conn


class transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on error) on an autocommit
    connection: one transaction per journal write."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> None:
        self.conn.execute("BEGIN IMMEDIATE")

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None, tb: Any) -> None:
        if et is None:
            handoff()  # on the writer thread: the frame is drawn during the fsync (app/writer.py)
            self.conn.execute("COMMIT")
        else:
            try:
                self.conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass


def has_table(conn: sqlite3.Connection, name: str) -> bool:
    row = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone()
    return row is not None



def connect_ro(p: Path) -> sqlite3.Connection:
    """A read-only connection to ``p``. On a read-only file system SQLite cannot create
    the WAL index (``-shm``) that a clean close removed, and every query would fail with
    "unable to open database file": with no WAL left to read, nothing can change the
    file, so it is opened ``immutable``."""
    uri = f"file:{p}?mode=ro"
    wal = Path(f"{p}-wal")
    if (
        os.statvfs(p.parent).f_flag & os.ST_RDONLY
        and not Path(f"{p}-shm").exists()
        and not (wal.exists() and wal.stat().st_size > 0)
    ):
        uri += "&immutable=1"
    return sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
