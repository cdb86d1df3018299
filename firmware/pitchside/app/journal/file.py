"""The journal's file: its marks and schema, how it is opened (pragmas, the schema of a
new file and what an older one gains), its lock, and the one transaction of each write.

The sections of the schema that are not the matches' (the credits ledger, the sensor
tallies, the refusals, the drafts) are declared by their own modules (:mod:`.ledger`,
:mod:`.sensors`, :mod:`pitchside.app.refusals`, :mod:`.drafts`); :func:`connect` creates them. What the
file at a path is, and its marks, are :mod:`.checks`'. A write that fails is told here
to be a fault of the storage (the journal then goes on in memory) or not.
"""

from __future__ import annotations

import errno
import fcntl
import logging
import os
import sqlite3
from pathlib import Path
from typing import Any, NamedTuple

from pitchside.app import refusals as _refusals
from pitchside.app.journal import checks, drafts, ledger, sensors
from pitchside.app.journal.checks import APPLICATION_ID, SCHEMA_VERSION, connect_ro, fsync_dir
from pitchside.app.writer import handoff
from pitchside.core.errors import PitchsideError

log = logging.getLogger("pitchside.app.journal")  # the journal's own log lines, as before its split

SYNC_ENV_VAR = "PITCHSIDE_JOURNAL_SYNCHRONOUS"
"""The environment variable that sets SQLite's ``synchronous`` for the journal: ``FULL``
(the default, and the only setting under which an acknowledged input survives a power
cut), ``NORMAL`` or ``OFF``. It exists so that the power-cut test can show what a table
without the fsync loses (docs/STORAGE.md); a table has no reason to set it."""
SYNC_SETTINGS = ("FULL", "NORMAL", "OFF")


def synchronous(env: dict[str, str] | None = None) -> str:
    """The journal's ``synchronous`` setting from :data:`SYNC_ENV_VAR` (``os.environ``
    unless ``env``): ``FULL`` when unset; a value not in :data:`SYNC_SETTINGS` is logged
    and ``FULL`` is used (a typo never makes the journal less durable)."""
    raw = (os.environ if env is None else env).get(SYNC_ENV_VAR)
    if raw is None or not raw.strip():
        return "FULL"
    value = raw.strip().upper()
    if value not in SYNC_SETTINGS:
        log.warning("%s=%r is not one of %s: the journal uses FULL", SYNC_ENV_VAR, raw, ", ".join(SYNC_SETTINGS))
        return "FULL"
    if value != "FULL":
        log.warning("%s=%s: acknowledged inputs can be lost in a power cut", SYNC_ENV_VAR, value)
    return value

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
    ``synchronous=FULL`` unless :data:`SYNC_ENV_VAR` says otherwise, a bounded cache), its schema created when it did not exist
    (``existed`` False) and the sections added since created in an older one."""
    conn = sqlite3.connect(p, isolation_level=None, check_same_thread=False)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode != "wal":
            raise JournalError(f"{p}: SQLite refused WAL mode (got {mode!r})")
        conn.execute(f"PRAGMA synchronous = {synchronous()}")
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
            drafts.ensure(conn)  # drafts shown and not sent: added to older journals too
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


class Opened(NamedTuple):
    """A journal file as :func:`open_file` left it."""

    path: Path | None
    """The journal's path (None: not even its lock file could be made)."""
    conn: sqlite3.Connection | None
    """The connection (None: the storage cannot be written: memory mode)."""
    lock_fd: int | None
    """The lock file, held for the journal's life."""
    warning: str | None = None
    """Why nothing is saved (with ``conn`` None)."""
    notice: str | None = None
    """The display's notice of a bad journal moved aside (:data:`.damaged.MOVED_ASIDE`)."""


def open_file(p: Path, damaged: str | None) -> Opened:
    """Lock, check and connect the journal ``p`` (a journal path :func:`.checks.classify`
    did not refuse); a file that cannot be written gives no connection, its warning set.

    :param damaged: why the file is damaged, as found before the lock file was made.
    :raises JournalLocked: another process holds the journal.
    """
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        lock_fd = os.open(f"{p}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        log.error("journal %s cannot be opened (%s): keeping matches in memory only", p, exc)
        return Opened(None, None, None, f"NOT SAVING: {why(exc)}")
    lock(p, lock_fd)
    try:
        conn, moved = _connect_checked(p, damaged)
    except (sqlite3.Error, OSError) as exc:
        if isinstance(exc, OSError) or is_write_fault(exc):
            log.error("journal %s cannot be written (%s): keeping matches in memory only", p, exc)
            return Opened(p, None, lock_fd, f"NOT SAVING: {why(exc)}")
        raise
    return Opened(p, conn, lock_fd, None, moved)


def open_readonly(p: Path) -> sqlite3.Connection:
    """A read-only connection to the sound journal ``p`` (no lock is taken).

    :raises JournalError: no such file, or not a sound Pitchside journal.
    """
    if not p.exists():
        raise JournalError(f"{p}: no such journal")
    kind, said = checks.kind(p)
    if kind == "refused":
        raise JournalError(said)
    if kind == "damaged":
        raise JournalError(f"{p} {said}")
    if kind == "new":
        raise JournalError(f"{p} is empty: no match has been stored in it")
    problem = checks.check_file(p)
    if problem is not None:
        raise JournalError(f"{p} {problem}")
    return connect_ro(p)


def _connect_checked(p: Path, damaged: str | None) -> tuple[sqlite3.Connection, str | None]:
    """Connect, check the file is ours and sound; move a bad one aside (damaged, or
    ours and unsound) and start afresh. Returns the connection and the display's
    notice of a journal moved aside (None: none was).

    :param damaged: why the file is damaged, as found before the lock file was made
        (what the log says: the marks it had, not the lock just made)."""
    # A 0-byte file (a crash right after it was created, before SQLite wrote its
    # header) holds nothing: it gets the schema like a new file.
    kind, said = checks.kind(p)  # again, now that the lock is held
    if kind == "refused":
        raise JournalError(said)
    if kind == "damaged" and damaged is not None:
        said = damaged
    problem = said if kind == "damaged" else checks.check_file(p) if kind == "ours" else None
    existed = kind == "ours" and problem is None
    moved = None
    if problem is not None:
        from pitchside.app.journal.damaged import MOVED_ASIDE  # only then: not loaded at a sound start

        aside = checks.move_aside(p)
        log.error("journal %s %s: moved aside to %s; starting a fresh journal", p, problem, aside)
        moved = MOVED_ASIDE
    return connect(p, existed), moved


_SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL, _SQLITE_CANTOPEN = 8, 10, 13, 14
"""SQLite's primary result codes (sqlite.org/rescode.html); an extended code carries
its primary one in its low byte."""


def _codes(exc: BaseException) -> tuple[int | None, int | None]:
    """``(errno, SQLite primary result code)`` of ``exc``, each None when it has none.
    Read from the exception's attributes, never its text: an OSError's text holds the
    file's path, which may say anything ("/tmp/main-full/journal.db" is not a full disk)."""
    num = getattr(exc, "errno", None)
    code = getattr(exc, "sqlite_errorcode", None)
    return (num if isinstance(num, int) else None), (code & 0xFF if isinstance(code, int) else None)


def is_write_fault(exc: BaseException) -> bool:
    """A fault of the storage under the journal (read-only, full, I/O, cannot open), not
    of the journal's own SQL."""
    num, code = _codes(exc)
    if code is not None:
        return code in (_SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL, _SQLITE_CANTOPEN)
    text = str(exc).lower()  # a SQLite error without its code: its own fixed words
    return any(w in text for w in ("readonly", "read-only", "disk is full", "disk i/o", "unable to open"))


def why(exc: BaseException) -> str:
    """What the display says of a storage fault: ``"disk full"``, ``"read-only storage"``
    or ``"storage fault"``, from the error's errno or SQLite code."""
    num, code = _codes(exc)
    if num == errno.ENOSPC or code == _SQLITE_FULL:
        return "disk full"
    if num == errno.EROFS or code == _SQLITE_READONLY:
        return "read-only storage"
    if num is None and code is None and isinstance(exc, sqlite3.Error):  # no code: SQLite's fixed words
        text = str(exc).lower()
        if "disk is full" in text:
            return "disk full"
        if "readonly" in text:
            return "read-only storage"
    return "storage fault"
