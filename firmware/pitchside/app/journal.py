"""The durable journal: every accepted input of a match, in SQLite, before it is shown.

One database file holds the running match and the history of finished ones. Each
accepted input (and each undo) is a row holding its replay line (docs/spec/replay.md),
appended in a transaction (one per step of the table: :meth:`Journal.append_lines`) with
``journal_mode=WAL`` and ``synchronous=FULL``: when it returns, the rows are in the WAL
on disk (fsync), so a power cut after that loses nothing the players saw. A match on disk *is* a replay file: its
header plus its lines (:meth:`Journal.export`), and a restart rebuilds the running match
by folding them through the rules (:meth:`Journal.resume`).

Order never depends on the wall clock (a Pi has no real-time clock and may boot in
1970 or last week): matches are ordered by their row id and inputs by ``seq``. Wall
times are kept for people, each with a flag saying whether the clock was synchronised.

Sensor health: the table ``sensor_tallies`` keeps, per match and
sensor, what the sensor did (:class:`~pitchside.signals.health.SensorTally`). A match's
rows are created with the match (one per sensor of its game, at zero), and what the
sensors did since the last write is added in the same transaction as the next input
line or the end of the match (:meth:`Journal.append_lines`, :meth:`Journal.end_match`), so the
record is exactly as durable as the match. :meth:`Journal.sensor_health` sums it up per
sensor. A journal made before the table existed gets it when it is next opened for
writing (nothing else changes: older firmware ignores the extra table).

Faults:

* a path that is not a journal this table created (a directory, another program's
  database, a file without this table's marks that is not an SQLite database) is
  refused with a message that says what to write instead, and nothing is moved or
  written (:func:`check_path`, which ``check-config`` uses too); ``pitchside run`` then
  keeps the matches in memory (:meth:`Journal.open`'s ``left_alone``);
* a journal this table created that is corrupt, truncated or of a newer schema, or a
  file whose first bytes are damaged but which carries this table's marks
  (:mod:`pitchside.app.journal_damage`), is moved aside (``NAME.bad-N``) with a log
  message and a notice for the display, and a fresh journal is started: never a crash
  loop (:class:`Journal.open`);
* a write that fails (disk full, read-only file system, I/O error) switches the journal
  to *memory mode*: the match goes on, :attr:`Journal.warning` says why for the display,
  and nothing already on disk is touched. The journal keeps every line of the matches
  it could not save (:meth:`Journal.unsaved`; :meth:`Journal.export` still works for
  them) and a copy of each in a *rescue file* in RAM, on another file system than the
  one that failed (:func:`rescue_path`), which ``pitchside export --unsaved`` reads;
* a second process opening the same journal gets :class:`JournalLocked` (an exclusive
  ``flock`` on ``NAME.lock``, held for the journal's life).
"""

from __future__ import annotations

import errno
import fcntl
import functools
import json
import logging
import os
import sqlite3
import stat
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pitchside.app import refusals as _refusals
from pitchside.app.refusals import Refusal
from pitchside.app.writer import handoff
from pitchside.core.errors import PitchsideError
from pitchside.core.pricing import LedgerEntry
from pitchside.signals.health import SensorHealth, SensorTally, summarise

if TYPE_CHECKING:  # an annotation only (Journal.audits): loaded by the audits themselves (start-up)
    from pitchside.core.audits import AuditDay

log = logging.getLogger(__name__)

APPLICATION_ID = 0x50545344
"""``PRAGMA application_id`` of a Pitchside journal ("PTSD"): a file without it is not ours."""
SCHEMA_VERSION = 1
"""``PRAGMA user_version`` of the schema below."""
NOT_A_JOURNAL = "NOT SAVING: not a journal file"
""":attr:`Journal.warning` when the path holds a file that is not this table's journal,
left alone (:meth:`Journal.open` with ``left_alone="memory"``)."""

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

SENSOR_SCHEMA = """
CREATE TABLE IF NOT EXISTS sensor_tallies (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    sensor TEXT NOT NULL,
    blocks INTEGER NOT NULL DEFAULT 0 CHECK (blocks >= 0),
    storms INTEGER NOT NULL DEFAULT 0 CHECK (storms >= 0),
    stuck INTEGER NOT NULL DEFAULT 0 CHECK (stuck >= 0),
    by_hand INTEGER NOT NULL DEFAULT 0 CHECK (by_hand >= 0),
    withdrawn INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn >= 0),
    PRIMARY KEY (match_id, sensor)
) WITHOUT ROWID
"""
"""Per match and sensor, what the sensor did (:class:`~pitchside.signals.health.SensorTally`)."""

SensorTallies = Mapping[str, SensorTally]
"""What some sensors did since the last write, by sensor name."""



@dataclass(frozen=True, slots=True)
class MatchEnd:
    """A match's new status, written with the lines that gave it (:meth:`Journal.append_lines`):
    ``finished`` with its ``result`` (the replay output), or ``playing`` again."""

    status: str
    result: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class LinesWrite:
    """One step's rows for :meth:`Journal.start_match` (its ``first``): the replay lines
    and what goes with them in the same transaction (as :meth:`Journal.append_lines`'s
    parameters of the same names)."""

    lines: Sequence[dict[str, Any]]
    spend: LedgerEntry | None = None
    sensors: SensorTallies | None = None
    refused: Sequence[Refusal] = ()
    end: MatchEnd | None = None

class JournalError(PitchsideError):
    """A journal that cannot be used as asked."""


class JournalLocked(JournalError):
    """Another process has this journal open for writing."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One stored match, as ``pitchside history`` lists it."""

    id: int
    game: str
    status: str
    header: dict[str, Any]
    started_wall: float | None
    started_synced: bool
    ended_wall: float | None
    ended_synced: bool
    result: dict[str, Any] | None
    inputs: int
    sensors: dict[str, SensorTally] = field(default_factory=dict)
    """What each sensor of the match did (empty: none recorded)."""


CREDITS_SCHEMA = """
CREATE TABLE IF NOT EXISTS credits (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('coin', 'bonus', 'free', 'spend', 'fault', 'reset')),
    amount INTEGER NOT NULL DEFAULT 0,
    balance INTEGER NOT NULL,
    session INTEGER NOT NULL,
    pulses INTEGER,
    game TEXT,
    options TEXT,
    match_id INTEGER,
    wall REAL,
    synced INTEGER NOT NULL DEFAULT 0
);
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

"""The credits ledger: one row per coin, bonus, free credit, game paid for,
acceptor fault and audit reset; ``balance`` and ``session`` are the credit after the
row (cents), so the last row is the table's credit. Kept apart from the matches: pruning
history never touches it; only :meth:`Journal.credit` and a paid first line write it."""


def _day(wall: float | None, synced: bool) -> str:
    import time

    if wall is None:
        return "unknown"
    day = time.strftime("%Y-%m-%d", time.localtime(wall))
    return day if synced else f"{day}?"


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


RESCUE_ENV = "PITCHSIDE_RESCUE_DIR"
"""Environment variable naming the rescue folder (:func:`default_rescue_dir`)."""


def default_rescue_dir() -> Path:
    """Where a journal in memory mode copies its unsaved matches: ``$PITCHSIDE_RESCUE_DIR``,
    else ``/dev/shm/pitchside`` (RAM, so not the storage that failed; gone at a reboot),
    else the temporary folder."""
    env = os.environ.get(RESCUE_ENV, "").strip()
    if env:
        return Path(env)
    shm = Path("/dev/shm")
    return shm / "pitchside" if shm.is_dir() else Path(tempfile.gettempdir()) / "pitchside-rescue"


def rescue_folder(journal: str | Path, rescue_dir: str | Path | None = None) -> Path:
    """The folder of the rescue files of the journal at ``journal``: one per journal
    path (its name and a hash of its absolute path), so two tables on one Pi never mix.

    :param rescue_dir: default :func:`default_rescue_dir`.
    """
    return _hashed_folder(Path(journal).absolute(), Path(rescue_dir) if rescue_dir is not None else default_rescue_dir())


def _hashed_folder(journal: Path, base: Path) -> Path:
    """:func:`rescue_folder` of the absolute path ``journal`` in ``base``."""
    import hashlib  # OpenSSL's, loaded only for a rescue file (start-up)

    return base / f"{journal.name}-{hashlib.sha1(str(journal).encode()).hexdigest()[:10]}"


def rescue_path(journal: str | Path, match_id: int, rescue_dir: str | Path | None = None) -> Path:
    """The rescue file of unsaved match ``match_id`` of the journal at ``journal``: a
    replay file (docs/spec/replay.md), header first, undos included."""
    return rescue_folder(journal, rescue_dir) / _rescue_name(match_id)


def _rescue_name(match_id: int) -> str:
    return f"match{match_id}.jsonl"


def read_rescued(journal: str | Path, match_id: int, rescue_dir: str | Path | None = None) -> str:
    """The rescue copy of unsaved match ``match_id`` (``pitchside export --unsaved``).

    :raises JournalError: no rescue copy of it (the folder lists the ones there are).
    """
    target = rescue_path(journal, match_id, rescue_dir)
    try:
        return target.read_text(encoding="utf-8")
    except OSError as exc:
        there = sorted(q.name for q in target.parent.glob("match*.jsonl")) if target.parent.is_dir() else []
        known = ", ".join(n.removeprefix("match").removesuffix(".jsonl") for n in there) or "none"
        raise JournalError(
            f"no unsaved copy of match {match_id} of {journal} in {target.parent} ({exc.strerror}); "
            f"unsaved matches there: {known}"
        ) from None


class Journal:
    """An open journal file (or a memory-only one after a fault).

    Use :meth:`open`. Not thread-safe: the runtime loop owns it.

    :param wall: wall-clock seconds (``time.time``), for people only.
    :param synced: whether the wall clock is synchronised now.
    """

    def __init__(
        self,
        path: Path | None,
        conn: sqlite3.Connection | None,
        lock_fd: int | None,
        wall: Callable[[], float],
        synced: Callable[[], bool],
    ) -> None:
        self.path = path
        self._conn = conn
        self._lock_fd = lock_fd
        self._wall = wall
        self._synced = synced
        self.warning: str | None = None if conn is not None else "NOT SAVING: no journal"
        self.notice: str | None = None
        """What the display says once at start while the journal saves: a bad journal of
        this table was moved aside (:data:`pitchside.app.journal_damage.MOVED_ASIDE`)."""
        self._next_memory_id = -1
        self._kept: dict[int, list[str]] = {}
        """The lines (header first) of the matches of this run: the current one, and
        every one that is not all on disk."""
        self._unsaved: list[int] = []
        self._rescue_at: tuple[Path, Path] | None = None
        """(the journal's absolute path, the rescue folders' folder), fixed at open;
        :attr:`_rescue_folder` is named from them when a rescue file is first needed."""
        self._rescue_named: Path | None = None
        self._memory_credits: list[LedgerEntry] = []  # memory mode: the ledger from the fault on
        self._carried = (0, 0)
        """Memory mode after a fault: the credit on file then (``(balance, session_paid)``,
        cents), the balance until a ledger entry is kept in memory."""
        self._next_seq: tuple[int, int] | None = None
        """``(match id, seq of its next input line)`` of the match last written, set only
        once a write's COMMIT has returned; None: not known (just opened, after a fault,
        the match deleted), asked of the file (``MAX(seq)``) at the next write. Sound
        because this journal is the only writer of its file's inputs (the ``flock``:
        one writing process; only :meth:`_write_rows` inserts, and undos are lines
        appended, never rows deleted), so the rows on disk are the ones it counted."""
        self.queue_results = False
        """Queue each finished match in the outbox for the club's broker (``[mqtt]``
        configured: the table's assembly sets it). Off, nothing is queued, so a table
        without a broker never owes one anything."""

    # --- opening ----------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: str | Path,
        wall: Callable[[], float] | None = None,
        synced: Callable[[], bool] = clock_is_synchronised,
        rescue_dir: str | Path | None = None,
        left_alone: Literal["raise", "memory"] = "raise",
    ) -> "Journal":
        """Open (or create) the journal at ``path``.

        A bad journal of this table is moved aside (:attr:`notice` says so) and a fresh
        one made; storage that cannot be written gives a memory-only journal with
        :attr:`warning` set.

        :param rescue_dir: where the rescue files of unsaved matches go (default
            :func:`default_rescue_dir`).
        :param left_alone: what a path that is not a journal this table created
            (:func:`check_path`) gives: ``"raise"`` :class:`JournalError`, or ``"memory"``
            a memory-only journal (``NOT SAVING: not a journal file``, the reason
            logged), as ``pitchside run`` asks so that a table never stays down over
            it. Either way nothing is moved, written or created beside it.

        :raises JournalError: ``path`` is not a journal this table created
            (:func:`check_path`: a directory, another program's file), unless
            ``left_alone`` is ``"memory"``; nothing is moved.
        :raises JournalLocked: another process holds the journal.
        """
        import time

        wall = wall or time.time
        kind, said = _classify(path)
        if kind == "refused":  # before the lock file: a directory gets no NAME.lock beside it
            if left_alone == "raise":
                raise JournalError(said)
            log.error("%s; keeping matches in memory only", said)
            j = cls(None, None, None, wall, synced)
            j.warning = NOT_A_JOURNAL
        else:  # a damaged one is named by the marks found before the lock file is made
            j = cls._open(Path(path), wall, synced, said if kind == "damaged" else None)
        # rescue_folder(path, rescue_dir), its hash taken when first needed (memory mode only)
        j._rescue_at = (Path(path).absolute(), Path(rescue_dir) if rescue_dir is not None else default_rescue_dir())
        return j

    @property
    def _rescue_folder(self) -> Path | None:
        """:func:`rescue_folder` of this journal as opened (None: not opened by :meth:`open`)."""
        if self._rescue_named is None and self._rescue_at is not None:
            self._rescue_named = _hashed_folder(*self._rescue_at)
        return self._rescue_named

    @classmethod
    def _open(cls, p: Path, wall: Callable[[], float], synced: Callable[[], bool], damaged: str | None) -> "Journal":
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            lock_fd = os.open(f"{p}.lock", os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            log.error("journal %s cannot be opened (%s): keeping matches in memory only", p, exc)
            j = cls(None, None, None, wall, synced)
            j.warning = f"NOT SAVING: {_why(exc)}"
            return j
        try:
            fcntl.flock(lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(lock_fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                raise JournalLocked(f"{p} is in use by another Pitchside process") from None
            raise
        try:
            conn, moved = cls._connect_checked(p, damaged)
        except (sqlite3.Error, OSError) as exc:
            if isinstance(exc, OSError) or _is_write_fault(exc):
                log.error("journal %s cannot be written (%s): keeping matches in memory only", p, exc)
                j = cls(None, None, lock_fd, wall, synced)
                j.path = p
                j.warning = f"NOT SAVING: {_why(exc)}"
                return j
            raise
        j = cls(p, conn, lock_fd, wall, synced)
        j.notice = moved
        return j

    @classmethod
    def open_readonly(cls, path: str | Path) -> "Journal":
        """Open a journal to read its history while the table may be writing it (WAL
        lets readers in; no lock is taken). Writes on it fail.

        :raises JournalError: no such file, or not a sound Pitchside journal.
        """
        p = Path(path)
        if not p.exists():
            raise JournalError(f"{p}: no such journal")
        kind, said = _kind(p)
        if kind == "refused":
            raise JournalError(said)
        if kind == "damaged":
            raise JournalError(f"{p} {said}")
        if kind == "new":
            raise JournalError(f"{p} is empty: no match has been stored in it")
        problem = _check_file(p)
        if problem is not None:
            raise JournalError(f"{p} {problem}")
        conn = _connect_ro(p)
        return cls(p, conn, None, lambda: 0.0, lambda: False)

    @classmethod
    def _connect_checked(cls, p: Path, damaged: str | None) -> tuple[sqlite3.Connection, str | None]:
        """Connect, check the file is ours and sound; move a bad one aside (damaged, or
        ours and unsound) and start afresh. Returns the connection and the display's
        notice of a journal moved aside (None: none was).

        :param damaged: why the file is damaged, as found before the lock file was made
            (what the log says: the marks it had, not the lock just made)."""
        # A 0-byte file (a crash right after it was created, before SQLite wrote its
        # header) holds nothing: it gets the schema like a new file.
        kind, said = _kind(p)  # again, now that the lock is held
        if kind == "refused":
            raise JournalError(said)
        if kind == "damaged" and damaged is not None:
            said = damaged
        problem = said if kind == "damaged" else _check_file(p) if kind == "ours" else None
        existed = kind == "ours" and problem is None
        moved = None
        if problem is not None:
            from pitchside.app.journal_damage import MOVED_ASIDE  # only then: not loaded at a sound start

            aside = _move_aside(p)
            log.error("journal %s %s: moved aside to %s; starting a fresh journal", p, problem, aside)
            moved = MOVED_ASIDE
        conn = sqlite3.connect(p, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode != "wal":
                raise JournalError(f"{p}: SQLite refused WAL mode (got {mode!r})")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")  # bounded: see CACHE_KIB
            if not existed:
                with _transaction(conn):
                    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                    for stmt in SCHEMA.split(";"):
                        if stmt.strip():
                            conn.execute(stmt)
                    conn.execute(SENSOR_SCHEMA)
                fsync_dir(p.parent)  # the new database and its WAL survive a power cut
            with _transaction(conn):  # the credits section: added to older journals too
                for stmt in CREDITS_SCHEMA.split(";"):
                    if stmt.strip():
                        conn.execute(stmt)
                if not _has_table(conn, "sensor_tallies"):  # a journal from before sensor health
                    conn.execute(SENSOR_SCHEMA)
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
        return conn, moved

    # --- state --------------------------------------------------------------------------

    @property
    def durable(self) -> bool:
        """True while writes go to disk (not memory mode)."""
        return self._conn is not None

    def pragmas(self) -> dict[str, Any]:
        """The durability settings in force: ``journal_mode``, ``synchronous`` (2 = FULL)."""
        if self._conn is None:
            return {}
        return {
            "journal_mode": self._conn.execute("PRAGMA journal_mode").fetchone()[0],
            "synchronous": self._conn.execute("PRAGMA synchronous").fetchone()[0],
            "application_id": self._conn.execute("PRAGMA application_id").fetchone()[0],
        }

    def unsaved(self) -> list[int]:
        """The ids of this run's matches whose lines are not all on disk (memory mode),
        oldest first; :meth:`lines` and :meth:`export` still give them, from memory."""
        return list(self._unsaved)

    def rescue_file(self, match_id: int) -> Path | None:
        """Where the rescue copy of unsaved match ``match_id`` is (None: not unsaved, or
        no rescue folder could be written)."""
        if match_id not in self._unsaved or self._rescue_folder is None:
            return None
        return self._rescue_folder / _rescue_name(match_id)

    def _keep(self, match_id: int, texts: Sequence[str]) -> None:
        """Keep ``texts`` (one step's lines of ``match_id``) in memory; in memory mode the
        match is unsaved from now on, and its rescue file is rewritten once, with all of
        them (a power cut never leaves half a step there)."""
        kept = self._kept.get(match_id)
        if kept is None:
            return  # not a match of this run (the runtime only writes to its own)
        kept.extend(texts)
        if self._conn is None:
            self._mark_unsaved(match_id)

    def _mark_unsaved(self, match_id: int) -> None:
        first = match_id not in self._unsaved
        if first:
            self._unsaved.append(match_id)
        if self._rescue_folder is None:
            return
        target = self._rescue_folder / _rescue_name(match_id)
        try:  # RAM, another file system than the journal's: whole file, atomic rename
            self._rescue_folder.mkdir(parents=True, exist_ok=True)
            tmp = target.with_name(target.name + ".tmp")
            tmp.write_text("\n".join(self._kept[match_id]) + "\n", encoding="utf-8")
            os.replace(tmp, target)
        except OSError as exc:
            log.warning("no rescue copy of unsaved match %s in %s (%s)", match_id, self._rescue_folder, exc)
            self._rescue_at = self._rescue_named = None  # no rescue folder from now on
            return
        if first:
            log.warning("unsaved match %s is kept in memory and copied to %s (pitchside export --unsaved %s)",
                        match_id, target, match_id)  # fmt: skip

    def _fault(self, exc: BaseException) -> None:
        """A write failed: go on in memory, say why."""
        log.error("journal write failed (%s): keeping the match in memory only", exc)
        self.warning = f"NOT SAVING: {_why(exc)}"
        self._next_seq = None
        if self._conn is not None:
            try:  # the file's credit goes on in memory: a fault does not empty the table's credit
                self._carried = self.balance()
            except sqlite3.Error as read_exc:
                log.error("the credit on file cannot be read after the fault (%s): it counts from 0", read_exc)
            try:
                self._conn.close()
            except sqlite3.Error:
                pass
        self._conn = None

    # --- writing ------------------------------------------------------------------------

    def start_match(self, header: dict[str, Any], sensors: Iterable[str] = (), *,
                    first: LinesWrite | None = None, prune_to: int | None = None) -> int:
        """Store a new running match; returns its id (negative in memory mode).

        :param header: the replay header (``format``, ``game``, ``options``,
            ``rules_version``, maybe ``sides``).
        :param sensors: the game's sensors (pin-map names): each gets its tally row at
            zero, in the same transaction, so a sensor that never counts is on record.
        :param first: the match's first lines (its first accepted step), written in the
            same transaction as the header (:meth:`append_lines`'s rows): the step that
            starts a match costs one fsync, not two (such edges made the
            journaled p99 twice the write's).
        :param prune_to: keep at most this many ended matches (:meth:`prune`), pruned in
            the same transaction: a full history costs the start no second fsync.
        """
        texts = [json.dumps(line) for line in first.lines] if first is not None else []
        if self._conn is not None:
            try:
                with _transaction(self._conn):
                    cur = self._conn.execute(
                        "INSERT INTO matches (game, header, status, started_wall, started_synced) "
                        "VALUES (?, ?, 'playing', ?, ?)",
                        (header["game"], json.dumps(header), self._wall(), int(self._synced())),
                    )
                    mid = int(cur.lastrowid or 0)
                    self._add_tallies(mid, {name: SensorTally() for name in sensors})
                    next_seq = self._write_rows(mid, texts, first) if first is not None else None
                    if prune_to is not None:
                        self._delete_matches(self._doomed(prune_to, None))
                if next_seq is not None:
                    self._next_seq = next_seq  # committed
                self._kept = {m: v for m, v in self._kept.items() if m in self._unsaved}
                self._kept[mid] = [json.dumps(header), *texts]
                return mid
            except (sqlite3.Error, OSError) as exc:
                self._fault(exc)
        mid = self._next_memory_id  # memory mode: kept here, and in its rescue file
        self._next_memory_id -= 1
        self._kept = {m: v for m, v in self._kept.items() if m in self._unsaved}
        self._kept[mid] = [json.dumps(header), *texts]
        self._mark_unsaved(mid)
        self._spend_in_memory(first.spend if first is not None else None, mid)
        return mid

    def append_lines(
        self,
        match_id: int,
        lines: Sequence[dict[str, Any]],
        spend: LedgerEntry | None = None,
        sensors: SensorTallies | None = None,
        refused: Sequence[Refusal] = (),
        end: MatchEnd | None = None,
    ) -> None:
        """Append replay lines (accepted inputs, or ``{"input": "undo"}``) in order, in
        ONE transaction: all of them are durable on disk when this returns (unless in
        memory mode), or none (a power cut mid-write). One step of the table that
        journals several lines (a twenty corrected after SHOT DONE: an ``undo`` and the
        corrected ``shot``) is never half on disk.

        :param spend: the credits the match costs, written in the same transaction (its
            first line: a match is paid for exactly when it has a line on disk; pay to play).
        :param sensors: what the sensors did since the last write, added to the
            match's tallies in the same transaction as the lines.
        :param refused: the inputs refused since the last write
            (:mod:`pitchside.app.refusals`), in the same transaction; never replayed.
        :param end: the match's new status after these lines (:meth:`end_match`'s rows:
            the result of the step that finished it, or ``playing`` again after an undo of
            the result), in the same transaction: one fsync for the match's last step.
        """
        texts = [json.dumps(line) for line in lines]
        written = False
        if self._conn is not None and match_id > 0:
            try:
                with _transaction(self._conn):
                    next_seq = self._write_rows(match_id, texts, LinesWrite(lines, spend, sensors, refused, end))
                if next_seq is not None:
                    self._next_seq = next_seq  # committed: the rows are on disk
                written = True
            except (sqlite3.Error, OSError) as exc:
                self._fault(exc)
        if texts:
            self._keep(match_id, texts)
        if not written:
            self._spend_in_memory(spend, match_id)

    def _spend_in_memory(self, spend: LedgerEntry | None, match_id: int) -> None:
        """Memory mode: a step's ``spend`` that no transaction wrote goes in the memory
        ledger, as :meth:`_write_rows` puts it in the file's, so :meth:`balance` says
        the same in both modes (pay to play)."""
        if spend is not None:
            self._memory_credits.append(replace(spend, match_id=match_id))

    def _write_rows(self, match_id: int, texts: Sequence[str], write: LinesWrite) -> tuple[int, int] | None:
        """The rows of :meth:`append_lines` (``texts``: ``write.lines`` as JSON), inside the
        caller's transaction. Returns what :attr:`_next_seq` becomes once that transaction
        has committed (the caller sets it then, never before: a write rolled back leaves
        it as it was), or None when ``texts`` is empty: no seq was taken, and the
        journal's may be forgotten in the same transaction (a start that prunes the match
        it belonged to), so the caller must not set it back.

        The lines' seqs continue :attr:`_next_seq` when it is this match's, else the
        file's ``MAX(seq) + 1`` (one query per match and opening, not one per write:
        bench/README.md, "Journaled input vs its fsync"). A step without sensor counts or
        refusals runs no statement for them."""
        conn = self._conn
        assert conn is not None  # the caller holds the transaction open on it
        next_seq: tuple[int, int] | None = None
        if texts:
            known = self._next_seq
            if known is not None and known[0] == match_id:
                seq = known[1]
            else:
                seq = conn.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM inputs WHERE match_id = ?",
                                   (match_id,)).fetchone()[0]
            for i, text in enumerate(texts):
                conn.execute("INSERT INTO inputs (match_id, seq, line) VALUES (?, ?, ?)", (match_id, seq + i, text))
            conn.execute("UPDATE matches SET bytes = bytes + ? WHERE id = ?", (sum(map(len, texts)), match_id))
            next_seq = (match_id, seq + len(texts))
        if write.spend is not None:
            self._credit_row(replace(write.spend, match_id=match_id))
        if write.sensors:
            self._add_tallies(match_id, write.sensors)
        if write.refused:
            _refusals.add(conn, match_id, list(write.refused))
        if write.end is not None:
            self._end_rows(match_id, write.end.status, write.end.result)
        return next_seq

    def end_match(
        self, match_id: int, status: str, result: dict[str, Any] | None = None, sensors: SensorTallies | None = None,
        refused: Sequence[Refusal] = (),
    ) -> None:
        """Mark a match ``finished`` (with its result, the replay output), ``abandoned``,
        or ``playing`` again (an undo took back its result).

        :param sensors: what the sensors did since the last write, added to the
            match's tallies in the same transaction.
        :param refused: the inputs refused since the last write, in the same transaction.

        It is :meth:`append_lines` with no lines (its ``end``): the same rows, one
        transaction, one fsync; nothing in memory mode.
        """
        self.append_lines(match_id, (), sensors=sensors, refused=refused, end=MatchEnd(status, result))

    def _end_rows(self, match_id: int, status: str, result: dict[str, Any] | None) -> None:
        """The rows of :meth:`end_match` (the status, the result, what is owed to the
        club), inside the caller's transaction."""
        conn = self._conn
        assert conn is not None
        ended = (None, 0) if status == "playing" else (self._wall(), int(self._synced()))
        conn.execute(
            "UPDATE matches SET status = ?, ended_wall = ?, ended_synced = ?, result = ? WHERE id = ?",
            (status, *ended, json.dumps(result) if result else None, match_id),
        )
        if status == "finished" and self.queue_results:  # owed to the club, same transaction
            conn.execute(
                "INSERT INTO outbox (match_id) VALUES (?) ON CONFLICT (match_id) DO UPDATE SET "
                "delivered_wall = NULL, digest = NULL", (match_id,))  # fmt: skip
        elif status != "finished":  # an undo took the result back: nothing owed until it ends again
            conn.execute("DELETE FROM outbox WHERE match_id = ? AND delivered_wall IS NULL", (match_id,))

    def add_refusals(self, match_id: int, refused: Sequence[Refusal]) -> None:
        """Store refused inputs of a match on their own (a refusal after its result,
        before a new match); nothing in memory mode."""
        if self._conn is None or match_id < 0 or not refused:
            return
        try:
            with _transaction(self._conn):
                _refusals.add(self._conn, match_id, list(refused))
        except (sqlite3.Error, OSError) as exc:
            self._fault(exc)

    def refusals(self, match_id: int) -> list[Refusal]:
        """The refused inputs of a stored match, in order (:mod:`pitchside.app.refusals`:
        kept beside the replay, never part of it); ``[]`` when none or not on disk."""
        if self._conn is None:
            return []
        return _refusals.read(self._conn, match_id)

    def _add_tallies(self, match_id: int, sensors: SensorTallies) -> None:
        """Add ``sensors`` to the match's tally rows (inside the caller's transaction)."""
        assert self._conn is not None
        self._conn.executemany(
            "INSERT INTO sensor_tallies (match_id, sensor, blocks, storms, stuck, by_hand, withdrawn) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (match_id, sensor) DO UPDATE SET "
            "blocks = blocks + excluded.blocks, storms = storms + excluded.storms, stuck = stuck + excluded.stuck, "
            "by_hand = by_hand + excluded.by_hand, withdrawn = withdrawn + excluded.withdrawn",
            [(match_id, name, t.blocks, t.storms, t.stuck, t.by_hand, t.withdrawn) for name, t in sorted(sensors.items())],
        )

    def prune(self, max_matches: int | None = None, max_bytes: int | None = None) -> int:
        """Delete the oldest ended matches beyond ``max_matches`` or ``max_bytes`` of
        input text; never a running one. Returns how many were deleted."""
        if self._conn is None:
            return 0
        doomed = self._doomed(max_matches, max_bytes)
        if doomed:
            try:
                with _transaction(self._conn):
                    self._delete_matches(doomed)
            except (sqlite3.Error, OSError) as exc:
                self._fault(exc)
                return 0
        return len(doomed)

    def _doomed(self, max_matches: int | None, max_bytes: int | None) -> list[int]:
        """The ended matches :meth:`prune` deletes, newest first."""
        conn = self._conn
        assert conn is not None
        rows = conn.execute(  # a result the club is still owed is kept (the outbox)
            "SELECT id, bytes FROM matches WHERE status != 'playing' AND id NOT IN "
            "(SELECT match_id FROM outbox WHERE delivered_wall IS NULL) ORDER BY id DESC"
        ).fetchall()
        keep_n, keep_bytes = 0, 0
        doomed: list[int] = []
        for mid, size in rows:
            if doomed or (max_matches is not None and keep_n >= max_matches) or (
                max_bytes is not None and keep_bytes + size > max_bytes
            ):  # once one goes, every older one goes too: oldest first
                doomed.append(mid)
            else:
                keep_n += 1
                keep_bytes += size
        return doomed

    def _delete_matches(self, ids: Sequence[int]) -> None:
        """Delete the matches ``ids``, inside the caller's transaction."""
        conn = self._conn
        assert conn is not None
        if ids:
            conn.executemany("DELETE FROM matches WHERE id = ?", [(m,) for m in ids])
            if self._next_seq is not None and self._next_seq[0] in ids:
                self._next_seq = None  # its rows are gone (a rollback keeps it None too: asked again)

    # --- reading ------------------------------------------------------------------------

    @property
    def uid(self) -> str | None:
        """This journal file's random id (``meta.journal_uid``), or None in memory mode."""
        if self._conn is None or not _has_table(self._conn, "meta"):
            return None
        row = self._conn.execute("SELECT value FROM meta WHERE key = 'journal_uid'").fetchone()
        return str(row[0]) if row else None

    def owed(self) -> list[int]:
        """The finished matches whose results the club's broker has not acknowledged yet
        (the outbox), oldest first."""
        if self._conn is None or not _has_table(self._conn, "outbox"):
            return []
        return [r[0] for r in self._conn.execute("SELECT match_id FROM outbox WHERE delivered_wall IS NULL ORDER BY match_id")]

    def running(self, games: tuple[str, ...] | None = None) -> int | None:
        """The id of the newest unfinished match, if any; with ``games``, the newest of
        those games (a match of another game stays on hold for a table that plays it)."""
        if self._conn is None:
            return None
        if games is None:
            row = self._conn.execute("SELECT MAX(id) FROM matches WHERE status = 'playing'").fetchone()
        else:
            marks = ", ".join("?" * len(games))
            row = self._conn.execute(
                f"SELECT MAX(id) FROM matches WHERE status = 'playing' AND game IN ({marks})", games
            ).fetchone()
        return int(row[0]) if row and row[0] is not None else None

    def lines(self, match_id: int) -> list[str]:
        """The replay file of a stored match: header, then its input lines in order.

        In memory mode, an unsaved match of this run (:meth:`unsaved`) comes from memory,
        every line of it, including those the storage refused.

        :raises JournalError: no such match, or the journal is in memory mode and the
            match is not one it kept.
        """
        if match_id in self._unsaved:
            return list(self._kept[match_id])
        if self._conn is None:
            raise JournalError(f"the journal is not on disk ({self.warning})")
        row = self._conn.execute("SELECT header, status FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise JournalError(f"no match {match_id} in {self.path}")
        body = [r[0] for r in self._conn.execute("SELECT line FROM inputs WHERE match_id = ? ORDER BY seq", (match_id,))]
        out = [row[0], *body]
        if row[1] == "playing" and self._lock_fd is not None:  # the table may go on with it (resume)
            self._kept[match_id] = list(out)
        return out

    def export(self, match_id: int) -> str:
        """A stored match as a replay file (docs/spec/replay.md), undos included."""
        return "\n".join(self.lines(match_id)) + "\n"

    def history(self) -> list[MatchRecord]:
        """Every stored match, oldest first."""
        if self._conn is None:
            return []
        out = []
        tallies = self.sensor_tallies()
        for row in self._conn.execute(
            "SELECT m.id, m.game, m.status, m.header, m.started_wall, m.started_synced, m.ended_wall, "
            "m.ended_synced, m.result, (SELECT COUNT(*) FROM inputs i WHERE i.match_id = m.id) "
            "FROM matches m ORDER BY m.id"
        ):
            out.append(
                MatchRecord(
                    id=row[0], game=row[1], status=row[2], header=json.loads(row[3]),
                    started_wall=row[4], started_synced=bool(row[5]), ended_wall=row[6],
                    ended_synced=bool(row[7]), result=json.loads(row[8]) if row[8] else None, inputs=row[9],
                    sensors=tallies.get(row[0], {}),
                )  # fmt: skip
            )
        return out

    def sensor_tallies(self) -> dict[int, dict[str, SensorTally]]:
        """Every stored match's sensor tallies: ``{match_id: {sensor: tally}}`` (a
        journal from before sensor health has none)."""
        if self._conn is None or not _has_table(self._conn, "sensor_tallies"):
            return {}
        out: dict[int, dict[str, SensorTally]] = {}
        for mid, name, *counts in self._conn.execute(
            "SELECT match_id, sensor, blocks, storms, stuck, by_hand, withdrawn FROM sensor_tallies "
            "ORDER BY match_id, sensor"
        ):
            out.setdefault(mid, {})[name] = SensorTally(*counts)
        return out

    def sensor_health(self, pending: SensorTallies | None = None) -> list[SensorHealth]:
        """Each sensor's health over the stored matches (:func:`pitchside.signals.health.summarise`),
        by name. ``pending``: what the sensors did since the last write, counted in the
        newest match (the running one), as the display must show it now."""
        if self._conn is None:
            return []
        status = dict(self._conn.execute("SELECT id, status FROM matches"))
        per_sensor: dict[str, list[tuple[str, SensorTally]]] = {}
        tallies = self.sensor_tallies()
        for mid in sorted(tallies):
            for name, t in tallies[mid].items():
                per_sensor.setdefault(name, []).append((status.get(mid, "abandoned"), t))
        for name, t in (pending or {}).items():
            rows = per_sensor.setdefault(name, [])
            if rows and rows[-1][0] == "playing":
                rows[-1] = ("playing", rows[-1][1] + t)
            else:
                rows.append(("playing", t))
        return [summarise(name, rows) for name, rows in sorted(per_sensor.items())]

    def close(self) -> None:
        """Close the database and release the lock (idempotent)."""
        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- credits and audits (pay to play) ---------------------------------------------------

    def credit(self, entry: LedgerEntry) -> bool:
        """Store one credits ledger entry (a coin, a bonus, free credit, a fault, an audit
        reset), durable when this returns. Returns False in memory mode (the entry is
        kept in memory only, :attr:`warning` says so)."""
        if self._conn is not None:
            try:
                with _transaction(self._conn):
                    self._credit_row(entry)
                return True
            except (sqlite3.Error, OSError) as exc:
                self._fault(exc)
        self._memory_credits.append(entry)
        return False

    def _credit_row(self, e: LedgerEntry) -> None:
        assert self._conn is not None
        self._conn.execute(
            "INSERT INTO credits (kind, amount, balance, session, pulses, game, options, match_id, wall, synced) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (e.kind, e.amount, e.balance, e.session, e.pulses, e.game, json.dumps(dict(e.options)) if e.options else None,
             e.match_id if e.match_id and e.match_id > 0 else None, self._wall(), int(self._synced())),
        )

    def _has_credits(self) -> bool:
        """Whether the file has the credits table (a journal read-only from before it has not)."""
        assert self._conn is not None
        return self._conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'credits'").fetchone() is not None

    def balance(self) -> tuple[int, int]:
        """The credit after the last ledger entry: ``(balance, session_paid)`` in cents."""
        if self._memory_credits:
            last = self._memory_credits[-1]
            return last.balance, last.session
        if self._conn is None:
            return self._carried
        if not self._has_credits():
            return 0, 0
        row = self._conn.execute("SELECT balance, session FROM credits ORDER BY id DESC LIMIT 1").fetchone()
        return (int(row[0]), int(row[1])) if row else (0, 0)

    def audits(self) -> list["AuditDay"]:
        """The audits since the last reset, one row per local day (oldest first): coins
        by value, money paid, bonus, free credit, games by game and options, faults."""
        if self._conn is None or not self._has_credits():
            return []
        # only for the audits (the service page, `pitchside audits`), not a table's start
        from pitchside.core.audits import AuditDay

        last_reset = self._conn.execute("SELECT COALESCE(MAX(id), 0) FROM credits WHERE kind = 'reset'").fetchone()[0]
        days: dict[str, AuditDay] = {}
        for kind, amount, pulses, game, options, wall, synced in self._conn.execute(
            "SELECT kind, amount, pulses, game, options, wall, synced FROM credits WHERE id > ? ORDER BY id",
            (last_reset,),
        ):
            day = _day(wall, bool(synced))
            a = days.setdefault(day, AuditDay(day))
            if kind == "coin":
                a.paid += amount
                a.coins[amount] = a.coins.get(amount, 0) + 1
            elif kind == "bonus":
                a.bonus += amount
            elif kind == "free":
                a.free += amount
            elif kind == "spend":
                key = game + (" " + ",".join(f"{k}={v}" for k, v in sorted(json.loads(options).items())) if options else "")
                a.games[key] = a.games.get(key, 0) + 1
                a.spent -= amount
            elif kind == "fault":
                a.faults += 1
        return list(days.values())

    def reset_audits(self) -> bool:
        """Start the audits afresh (staff, after a confirm): a ``reset`` entry, itself
        kept and listed by :meth:`audit_resets`; the credit is untouched. False in
        memory mode (nothing reset)."""
        balance, session = self.balance()
        return self._conn is not None and self.credit(LedgerEntry("reset", 0, balance, session))

    def audit_resets(self) -> list[tuple[float | None, bool]]:
        """When the audits were reset: ``(wall, synced)`` of each reset, oldest first."""
        if self._conn is None or not self._has_credits():
            return []
        return [(r[0], bool(r[1])) for r in self._conn.execute("SELECT wall, synced FROM credits WHERE kind = 'reset' ORDER BY id")]


class _transaction:
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


SQLITE_MAGIC = b"SQLite format 3\x00"


def check_path(path: str | Path) -> str | None:
    """Why ``path`` cannot be this table's journal, or None when it can.

    A journal path names a file that is absent, empty, an SQLite database holding
    nothing (a crash while it was being created), or a database this table created
    (``PRAGMA application_id`` = :data:`APPLICATION_ID`, read through SQLite so that a
    header still in the WAL counts). Anything else (a directory, a device, a file that is
    not an SQLite database, another program's database, a file too short to tell) is
    never moved or written: the message says what to write instead, e.g. ``journal =
    "/var/lib/pitchside/journal.db"`` for the directory ``/var/lib/pitchside``.

    Reads only (it creates, moves and locks nothing), so ``check-config`` can call it;
    :meth:`Journal.open` raises :class:`JournalError` with the same message. A journal
    of this table that is corrupt is not refused here, nor a file that does not read as
    one but carries this table's marks (:mod:`pitchside.app.journal_damage`): the table
    moves it aside.

    :param path: the ``[storage] journal`` value; a trailing ``/`` names a directory.
    """
    kind, said = _classify(path)
    return said if kind == "refused" else None


def damage(path: str | Path) -> str | None:
    """Why the file at ``path`` is a damaged journal of this table that :meth:`Journal.open`
    moves aside (``"/var/lib/pitchside/journal.db is not an SQLite database, with this
    table's journal.db.lock beside it"``), or None. Reads only, like :func:`check_path`."""
    kind, said = _classify(path)
    return f"{path} {said}" if kind == "damaged" else None


def _classify(path: str | Path) -> tuple[PathKind, str | None]:
    """:func:`_kind` of the ``[storage] journal`` value ``path``, where a trailing ``/``
    names a directory."""
    if isinstance(path, str) and path.endswith(("/", os.sep)) and path.strip("/" + os.sep):
        p = Path(path)
        return ("refused", _refusal(p, "names a directory (it ends in /), not a journal file", p / "journal.db"))
    return _kind(Path(path))


def _refusal(p: Path, why: str, instead: Path | None) -> str:
    fix = f'write journal = "{instead}"' if instead is not None else "name another file"
    if p.exists() and not p.is_dir():
        fix = f"move it away, or {fix}"
    return f"{p} {why}; Pitchside leaves it alone: {fix}"


PathKind = Literal["new", "ours", "damaged", "refused"]
"""What the file at a journal path is (:func:`_kind`)."""


def _kind(p: Path) -> tuple[PathKind, str | None]:
    """``("new", None)``: absent, empty, or an SQLite database with nothing in it;
    ``("ours", None)``: a database this table created (sound or not); ``("damaged",
    why)``: a file that does not read as a journal but carries this table's marks
    (:mod:`pitchside.app.journal_damage`), to be moved aside; ``("refused", message)``:
    anything else (see :func:`check_path`)."""
    other = p.with_name("journal.db") if p.name != "journal.db" else None
    try:
        st = p.stat()
    except OSError:  # absent, or its folder cannot be reached: opening finds out (memory mode)
        return ("new", None)
    if stat.S_ISDIR(st.st_mode):
        return ("refused", _refusal(p, "is a directory, not a journal file", p / "journal.db"))
    if not stat.S_ISREG(st.st_mode):
        return ("refused", _refusal(p, "is not a regular file", other))
    if st.st_size == 0:  # a crash right after the file was created, before SQLite wrote
        return _unread(p, None) if Path(f"{p}-wal").exists() else ("new", None)
    try:
        with open(p, "rb") as fh:
            head = fh.read(100)
    except OSError as exc:
        return ("refused", _refusal(p, f"cannot be read ({exc.strerror})", other))
    if not head.startswith(SQLITE_MAGIC):
        return _unread(p, "is not an SQLite database", ", so not a Pitchside journal")
    if len(head) < 100:
        why = f"is an SQLite header cut short ({len(head)} bytes)"
        return _unread(p, why, ": it cannot be told to be a Pitchside journal")
    if int.from_bytes(head[68:72], "big") == APPLICATION_ID:
        return ("ours", None)
    # A new journal's application id may still be in the WAL (not yet checkpointed)
    try:
        with closing(_connect_ro(p)) as conn:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            if app_id == APPLICATION_ID:
                return ("ours", None)
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            objects = conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
    except (sqlite3.Error, OSError) as exc:
        why = f"is an SQLite file whose header cannot be read ({exc})"
        return _unread(p, why, ": it cannot be told to be a Pitchside journal")
    if (app_id, version, objects) == (0, 0, 0):
        return ("new", None)  # created, then killed before our schema was committed: holds nothing
    why = f"is another program's SQLite database (application_id {app_id:#x}), not a Pitchside journal"
    return ("refused", _refusal(p, why, other))


def _unread(p: Path, why: str | None, unknown: str = "") -> tuple[PathKind, str | None]:
    """A file that does not read as a journal: ``("damaged", ...)`` when it carries this
    table's marks, else refused (``why`` + ``unknown``). ``why`` None: an empty file
    beside a ``-wal`` (damaged when that WAL holds pages, else new)."""
    from pitchside.app import journal_damage  # only for such a file: not loaded at a sound start

    if why is None:
        found = journal_damage.empty_with_wal(p)
        return ("new", None) if found is None else ("damaged", found)
    found = journal_damage.damaged(p, why)
    if found is not None:
        return ("damaged", found)
    return ("refused", _refusal(p, why + unknown, p.with_name("journal.db") if p.name != "journal.db" else None))


def _has_table(conn: sqlite3.Connection, name: str) -> bool:
    row = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone()
    return row is not None


def _check_file(p: Path) -> str | None:
    """Why ``p``, a journal this table created (:func:`_kind`), is not sound, or None."""
    try:
        with open(p, "rb") as fh:
            head = fh.read(100)
    except OSError as exc:
        return f"cannot be read ({exc.strerror})"
    if len(head) == 0:
        return None if p.stat().st_size == 0 else "is unreadable"
    if not head.startswith(b"SQLite format 3\x00"):
        return "is not an SQLite database"
    if len(head) < 100:
        return "is truncated"
    try:
        with closing(_connect_ro(p)) as conn:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            if app_id != APPLICATION_ID:
                return f"belongs to another program (application_id {app_id:#x})"
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                return f"has a newer schema ({version}) than this firmware ({SCHEMA_VERSION})"
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                return f"is corrupt ({check})"
    except sqlite3.DatabaseError as exc:
        return f"is corrupt ({exc})"
    return None


def _connect_ro(p: Path) -> sqlite3.Connection:
    """A read-only connection to ``p``. Where SQLite cannot create the WAL index
    (``-shm``) that a clean close removed (a read-only file system, or a folder this
    user may only read: the web side reads the table's journal through its group), every
    query would fail ("unable to open database file", or "attempt to write a readonly
    database"): with no WAL left to read, nothing can change the file, so it is opened
    ``immutable``. While the table runs, its ``-shm`` exists and is read as it is."""
    uri = f"file:{p}?mode=ro"
    wal = Path(f"{p}-wal")
    if (
        (os.statvfs(p.parent).f_flag & os.ST_RDONLY or not os.access(p.parent, os.W_OK))
        and not Path(f"{p}-shm").exists()
        and not (wal.exists() and wal.stat().st_size > 0)
    ):
        uri += "&immutable=1"
    return sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)


def _move_aside(p: Path) -> Path:
    n = 1
    while Path(f"{p}.bad-{n}").exists():
        n += 1
    aside = Path(f"{p}.bad-{n}")
    os.replace(p, aside)
    for suffix in ("-wal", "-shm"):
        side = Path(f"{p}{suffix}")
        if side.exists():
            os.replace(side, Path(f"{aside}{suffix}"))
    fsync_dir(p.parent)
    return aside


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


def _is_write_fault(exc: BaseException) -> bool:
    """A fault of the storage under the journal (read-only, full, I/O, cannot open), not
    of the journal's own SQL."""
    num, code = _codes(exc)
    if code is not None:
        return code in (_SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL, _SQLITE_CANTOPEN)
    text = str(exc).lower()  # a SQLite error without its code: its own fixed words
    return any(w in text for w in ("readonly", "read-only", "disk is full", "disk i/o", "unable to open"))


def _why(exc: BaseException) -> str:
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
