"""The league store's two database engines behind one small face (:class:`Engine`):
SQLite (one venue's box, the default: a file) and PostgreSQL through psycopg 3 (a
region's league, several workers and web processes on one database: a
``postgresql://`` URL). :mod:`pitchside.league.store` writes its SQL once with ``?``
placeholders; the PostgreSQL engine turns them into psycopg's ``%s``.

A write is one transaction (:meth:`Engine.tx`) that may take a **key lock** first: on
PostgreSQL a transaction-scoped advisory lock on the key (``pg_advisory_xact_lock``), so
two workers storing results of the same table take turns while other tables go on in
parallel; SQLite's ``BEGIN IMMEDIATE`` already serialises every writer of the file.

A lost PostgreSQL connection (the server restarted, the network cut) fails that
transaction with :class:`EngineError` (the caller keeps the message unacknowledged and
tries again) and is opened again on the next use. psycopg is imported only when a
PostgreSQL engine is made, so a venue's box needs no psycopg.
"""

from __future__ import annotations

import sqlite3
import threading
import time
import zlib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any, Literal, Protocol

Dialect = Literal["sqlite", "postgresql"]
Row = Mapping[str, Any]


class EngineError(Exception):
    """The database could not take the write or answer the read (locked, gone, full)."""


class Taken(Exception):
    """A unique constraint refused the write (a league's or a player's id in use)."""


class Tx(Protocol):
    """One open transaction: ``run`` executes a statement (``?`` placeholders) and
    returns its rows (none for a statement without a result)."""

    def run(self, sql: str, args: Sequence[Any] = ()) -> list[Row]: ...


class Engine(Protocol):
    dialect: Dialect
    where: str
    """The database as a user names it (the file, or the URL without its password)."""

    def tx(self, key: str | None = None) -> AbstractContextManager[Tx]:
        """One transaction, committed on leaving, rolled back on an exception; ``key``:
        taken in turns with other transactions of the same key.
        :raises EngineError: / :raises Taken:"""

    def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        """One read outside any write. :raises EngineError:"""

    def lost(self) -> bool:
        """True when the last failure was the connection lost (the next use opens a new
        one, so the caller may try once more at once)."""

    def close(self) -> None: ...


def one_line(exc: BaseException) -> str:
    """An error's message on one line (libpq's run over several)."""
    return " ".join(str(exc).split())


def is_url(db: str) -> bool:
    """True for a PostgreSQL URL (``postgresql://`` or ``postgres://``); else a SQLite path."""
    return db.startswith(("postgresql://", "postgres://"))


def redacted(url: str) -> str:
    """``url`` without its password (for messages and logs)."""
    head, sep, tail = url.partition("://")
    if "@" not in tail:
        return url
    cred, _, host = tail.rpartition("@")
    user = cred.split(":", 1)[0]
    return f"{head}{sep}{user}@{host}"


class _SqliteTx:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def run(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return list(self.db.execute(sql, tuple(args)))


class SqliteEngine:
    """One connection behind a lock (the MQTT thread writes, the web loop reads). WAL
    mode, like the table's journal; ``synchronous=FULL``."""

    dialect: Dialect = "sqlite"

    def __init__(self, path: str, busy_s: float = 5.0) -> None:
        self.where = path
        self._lock = threading.Lock()
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=busy_s)
        self.db.row_factory = sqlite3.Row
        if path != ":memory:":
            _wal(self.db, busy_s)
        self.db.execute("PRAGMA synchronous=FULL")

    @contextmanager
    def tx(self, key: str | None = None) -> Iterator[Tx]:
        with self._lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    yield _SqliteTx(self.db)
                    self.db.execute("COMMIT")
                except BaseException:
                    if self.db.in_transaction:
                        self.db.execute("ROLLBACK")
                    raise
            except sqlite3.IntegrityError as exc:
                raise Taken(str(exc)) from exc
            except (sqlite3.OperationalError, sqlite3.DatabaseError, OSError) as exc:
                raise EngineError(f"{type(exc).__name__}: {exc}") from exc

    def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        with self._lock:
            try:
                return list(self.db.execute(sql, tuple(args)))
            except (sqlite3.OperationalError, sqlite3.DatabaseError) as exc:
                raise EngineError(f"{type(exc).__name__}: {exc}") from exc

    def lost(self) -> bool:
        return False

    def close(self) -> None:
        with self._lock:
            self.db.close()


def lock_key(key: str) -> int:
    """A key's advisory lock number (a signed 32-bit CRC: collisions only make two
    tables take turns)."""
    return zlib.crc32(key.encode("utf-8")) - 2**31


def pg_args(args: Sequence[Any]) -> tuple[Any, ...]:
    """``args`` as PostgreSQL takes them: its text cannot hold a NUL character (SQLite's
    can), so a NUL in a refused payload or a name is stored as U+FFFD, as a byte that is
    not UTF-8 already is; nothing else changes."""
    return tuple(a.replace("\x00", "\ufffd") if isinstance(a, str) and "\x00" in a else a for a in args)


class _PgTx:
    def __init__(self, cur: Any) -> None:
        self.cur = cur

    def run(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        self.cur.execute(sql.replace("?", "%s"), pg_args(args))
        return list(self.cur.fetchall()) if self.cur.description is not None else []


class PostgresEngine:
    """One psycopg connection behind a lock, opened again after it is lost; each write
    one transaction at READ COMMITTED with the key's advisory lock."""

    dialect: Dialect = "postgresql"

    def __init__(self, url: str, connect_timeout_s: float = 5.0) -> None:
        import psycopg  # only a region's league needs it

        self.psycopg = psycopg
        self.url = url
        self.where = redacted(url)
        self.timeout = connect_timeout_s
        self._lock = threading.Lock()
        self._conn: Any = None
        with self._lock:
            self._connection()  # fail now, with the reason, when the database cannot be reached

    def _connection(self) -> Any:
        if self._conn is None or self._conn.closed or self._conn.broken:
            from psycopg.rows import dict_row

            try:
                self._conn = self.psycopg.connect(self.url, row_factory=dict_row,
                                                  connect_timeout=max(1, int(self.timeout)))
            except self.psycopg.Error as exc:
                raise EngineError(f"cannot connect to {self.where}: {one_line(exc)}") from exc
        return self._conn

    @contextmanager
    def tx(self, key: str | None = None) -> Iterator[Tx]:
        pg = self.psycopg
        with self._lock:
            try:
                conn = self._connection()
                with conn.transaction(), conn.cursor() as cur:
                    if key is not None:
                        cur.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key(key),))
                    yield _PgTx(cur)
            except pg.errors.UniqueViolation as exc:
                raise Taken(str(exc)) from exc
            except (pg.OperationalError, pg.InterfaceError, pg.errors.DatabaseError) as exc:
                raise EngineError(f"{type(exc).__name__}: {one_line(exc)}".strip()) from exc

    def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        pg = self.psycopg
        with self._lock:
            try:
                conn = self._connection()
                with conn.transaction(), conn.cursor() as cur:
                    cur.execute(sql.replace("?", "%s"), pg_args(args))
                    return list(cur.fetchall())
            except (pg.OperationalError, pg.InterfaceError, pg.errors.DatabaseError) as exc:
                raise EngineError(f"{type(exc).__name__}: {one_line(exc)}".strip()) from exc

    def lost(self) -> bool:
        conn = self._conn
        return conn is not None and (conn.closed or conn.broken)

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()


def _wal(db: sqlite3.Connection, busy_s: float) -> None:
    """Put the file in WAL mode. Several processes opening a new file at once (the
    region's workers starting together) each ask for it, and SQLite refuses all but one
    with "database is locked" at once, without its busy wait: ask again for up to
    ``busy_s``."""
    deadline = time.monotonic() + busy_s
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
            time.sleep(0.02)


def connect(db: str, busy_s: float = 5.0) -> Engine:
    """The engine for ``db``: a ``postgresql://`` URL, else a SQLite file (``:memory:``)."""
    if is_url(db):
        return PostgresEngine(db, connect_timeout_s=busy_s)
    return SqliteEngine(db, busy_s=busy_s)


class Listener:
    """``LISTEN channel`` on a connection of its own (autocommit): :meth:`wait` returns
    the payloads of the notifications received (PostgreSQL only).

    :raises EngineError: the connection cannot be made, or is lost while waiting.
    """

    def __init__(self, url: str, channel: str, connect_timeout_s: float = 5.0) -> None:
        import psycopg

        self.psycopg = psycopg
        try:
            self.conn = psycopg.connect(url, autocommit=True, connect_timeout=max(1, int(connect_timeout_s)))
            self.conn.execute(f"LISTEN {channel}")
        except psycopg.Error as exc:
            raise EngineError(f"cannot listen on {redacted(url)}: {one_line(exc)}") from exc

    def wait(self, timeout_s: float) -> list[str]:
        """The notifications' payloads: waits up to ``timeout_s`` for the first, then
        takes those already arrived."""
        try:
            out = [n.payload for n in self.conn.notifies(timeout=timeout_s, stop_after=1)]
            if out:
                out += [n.payload for n in self.conn.notifies(timeout=0.001)]
            return out
        except self.psycopg.Error as exc:
            raise EngineError(f"{type(exc).__name__}: {one_line(exc)}") from exc

    def close(self) -> None:
        self.conn.close()
