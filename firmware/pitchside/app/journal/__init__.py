"""The durable journal: every accepted input of a match, in SQLite, before it is shown.

(Over 600 lines: :class:`Journal` is the file's one writer, and its writes, its memory
mode and its reads share the connection, the next-seq cursor and the kept lines; what
works on the connection alone lives in the modules beside it.)

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

The sections beside the matches work inside the same transactions, each in a module of
its own: the sensor tallies (:mod:`.sensors`), the credits ledger (:mod:`.ledger`) and
the refused inputs (:mod:`pitchside.app.refusals`), and the drafts a side sees and has
not sent (:mod:`.drafts`); the file, its schema and its lock
are :mod:`.file`'s, what is at a journal path :mod:`.checks`', and the matches a journal
in memory mode keeps :mod:`.rescue`'s.

Faults:

* a path that is not a journal this table created (a directory, another program's
  database, a file without this table's marks that is not an SQLite database) is
  refused with a message that says what to write instead, and nothing is moved or
  written (:func:`check_path`, which ``check-config`` uses too); ``pitchside run`` then
  keeps the matches in memory (:meth:`Journal.open`'s ``left_alone``);
* a journal this table created that is corrupt, truncated or of a newer schema, or a
  file whose first bytes are damaged but which carries this table's marks
  (:mod:`pitchside.app.journal.damaged`), is moved aside (``NAME.bad-N``) with a log
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

import json
import logging
import os
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pitchside.app import refusals as _refusals
from pitchside.app.journal import checks
from pitchside.app.journal import drafts as _drafts
from pitchside.app.journal import ledger as _ledger
from pitchside.app.journal import sensors as _sensors
from pitchside.app.journal.checks import (
    APPLICATION_ID, SCHEMA_VERSION, SQLITE_MAGIC, PathKind, check_path, damage, fsync_dir,
)
from pitchside.app.journal.drafts import DraftRow
from pitchside.app.journal.clock import TIMESYNC_FLAG, clock_is_synchronised
from pitchside.app.journal.file import (
    CACHE_KIB, OUTBOX_SCHEMA, SCHEMA, JournalError, JournalLocked, has_table, open_file, open_readonly, transaction,
    why,
)
from pitchside.app.journal.rescue import RESCUE_ENV, Kept, default_rescue_dir, read_rescued, rescue_folder, rescue_path
from pitchside.app.journal.sensors import SensorTallies
from pitchside.app.refusals import Refusal
from pitchside.core.pricing import LedgerEntry
from pitchside.signals.health import SensorHealth, SensorTally

if TYPE_CHECKING:  # annotations only (Journal.audits, lifetime): loaded when read (start-up)
    from pitchside.core.audits import AuditDay
    from pitchside.core.meters import Meters

__all__ = [
    "APPLICATION_ID", "CACHE_KIB", "NOT_A_JOURNAL", "OUTBOX_SCHEMA", "RESCUE_ENV", "SCHEMA", "SCHEMA_VERSION",
    "SQLITE_MAGIC", "TIMESYNC_FLAG", "Journal", "JournalError", "JournalLocked", "LinesWrite", "MatchEnd",
    "MatchRecord", "PathKind", "SensorTallies", "check_path", "clock_is_synchronised", "damage",
    "default_rescue_dir", "fsync_dir", "read_rescued", "rescue_folder", "rescue_path",
]

log = logging.getLogger(__name__)

NOT_A_JOURNAL = "NOT SAVING: not a journal file"
""":attr:`Journal.warning` when the path holds a file that is not this table's journal,
left alone (:meth:`Journal.open` with ``left_alone="memory"``)."""


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
    drafts: Sequence[DraftRow] = ()
    drop_drafts: bool = False


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
        this table was moved aside (:data:`pitchside.app.journal.damaged.MOVED_ASIDE`)."""
        self._next_memory_id = -1
        self._kept = Kept()
        """The lines of this run's matches, and the unsaved ones' rescue files."""
        self._memory_credits: list[LedgerEntry] = []  # memory mode: the ledger from the fault on
        self._carried = (0, 0)
        """Memory mode after a fault: the credit on file then (``(balance, session_paid)``,
        cents), the balance until a ledger entry is kept in memory."""
        self._carried_meters: Meters | None = None
        """Memory mode after a fault: the lifetime meters on file then (None: none read)."""
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
        kind, said = checks.classify(path)
        if kind == "refused":  # before the lock file: a directory gets no NAME.lock beside it
            if left_alone == "raise":
                raise JournalError(said)
            log.error("%s; keeping matches in memory only", said)
            j = cls(None, None, None, wall, synced)
            j.warning = NOT_A_JOURNAL
        else:  # a damaged one is named by the marks found before the lock file is made
            j = cls._open(Path(path), wall, synced, said if kind == "damaged" else None)
        # rescue_folder(path, rescue_dir), its hash taken when first needed (memory mode only)
        j._kept.at = (Path(path).absolute(), Path(rescue_dir) if rescue_dir is not None else default_rescue_dir())
        return j

    @classmethod
    def _open(cls, p: Path, wall: Callable[[], float], synced: Callable[[], bool], damaged: str | None) -> "Journal":
        opened = open_file(p, damaged)
        j = cls(opened.path, opened.conn, opened.lock_fd, wall, synced)
        if opened.warning is not None:
            j.warning = opened.warning
        j.notice = opened.notice
        return j

    @classmethod
    def open_readonly(cls, path: str | Path) -> "Journal":
        """Open a journal to read its history while the table may be writing it (WAL
        lets readers in; no lock is taken). Writes on it fail.

        :raises JournalError: no such file, or not a sound Pitchside journal.
        """
        p = Path(path)
        return cls(p, open_readonly(p), None, lambda: 0.0, lambda: False)

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
        return list(self._kept.unsaved)

    def rescue_file(self, match_id: int) -> Path | None:
        """Where the rescue copy of unsaved match ``match_id`` is (None: not unsaved, or
        no rescue folder could be written)."""
        return self._kept.file(match_id)

    def _fault(self, exc: BaseException) -> None:
        """A write failed: go on in memory, say why."""
        log.error("journal write failed (%s): keeping the match in memory only", exc)
        self.warning = f"NOT SAVING: {why(exc)}"
        self._next_seq = None
        if self._conn is not None:
            try:  # the file's credit goes on in memory: a fault does not empty the table's credit
                self._carried = self.balance()
                self._carried_meters = _ledger.lifetime(self._conn)
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
                with transaction(self._conn):
                    cur = self._conn.execute(
                        "INSERT INTO matches (game, header, status, started_wall, started_synced) "
                        "VALUES (?, ?, 'playing', ?, ?)",
                        (header["game"], json.dumps(header), self._wall(), int(self._synced())),
                    )
                    mid = int(cur.lastrowid or 0)
                    _sensors.add(self._conn, mid, {name: SensorTally() for name in sensors})
                    next_seq = self._write_rows(mid, texts, first) if first is not None else None
                    if prune_to is not None:
                        self._delete_matches(self._doomed(prune_to, None))
                if next_seq is not None:
                    self._next_seq = next_seq  # committed
                self._kept.start(mid, [json.dumps(header), *texts])
                return mid
            except (sqlite3.Error, OSError) as exc:
                self._fault(exc)
        mid = self._next_memory_id  # memory mode: kept here, and in its rescue file
        self._next_memory_id -= 1
        self._kept.start(mid, [json.dumps(header), *texts])
        self._kept.mark_unsaved(mid)
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
        drafts: Sequence[DraftRow] = (),
        drop_drafts: bool = False,
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
        :param drafts: sides' drafts shown and not sent (:mod:`.drafts`), written in the
            same transaction (with no lines: a draft's own write); nothing in memory mode.
        :param drop_drafts: delete the match's drafts first (its step dropped them).
        """
        texts = [json.dumps(line) for line in lines]
        written = False
        if self._conn is not None and match_id > 0:
            try:
                with transaction(self._conn):
                    next_seq = self._write_rows(
                        match_id, texts, LinesWrite(lines, spend, sensors, refused, end, drafts, drop_drafts))
                if next_seq is not None:
                    self._next_seq = next_seq  # committed: the rows are on disk
                written = True
            except (sqlite3.Error, OSError) as exc:
                self._fault(exc)
        if texts:
            self._kept.add(match_id, texts, saved=self._conn is not None)
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
            _ledger.add(conn, replace(write.spend, match_id=match_id), self._wall(), self._synced())
        if write.sensors:
            _sensors.add(conn, match_id, write.sensors)
        if write.refused:
            _refusals.add(conn, match_id, list(write.refused))
        if write.drop_drafts:
            _drafts.clear(conn, match_id)
        if write.drafts:
            _drafts.put(conn, match_id, write.drafts)
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
        if status != "playing":  # an ended match shows no draft again
            _drafts.clear(conn, match_id)

    def add_refusals(self, match_id: int, refused: Sequence[Refusal]) -> None:
        """Store refused inputs of a match on their own (a refusal after its result,
        before a new match); nothing in memory mode."""
        if self._conn is None or match_id < 0 or not refused:
            return
        try:
            with transaction(self._conn):
                _refusals.add(self._conn, match_id, list(refused))
        except (sqlite3.Error, OSError) as exc:
            self._fault(exc)

    def refusals(self, match_id: int) -> list[Refusal]:
        """The refused inputs of a stored match, in order (:mod:`pitchside.app.refusals`:
        kept beside the replay, never part of it); ``[]`` when none or not on disk."""
        if self._conn is None:
            return []
        return _refusals.read(self._conn, match_id)

    def prune(self, max_matches: int | None = None, max_bytes: int | None = None) -> int:
        """Delete the oldest ended matches beyond ``max_matches`` or ``max_bytes`` of
        input text; never a running one. Returns how many were deleted."""
        if self._conn is None:
            return 0
        doomed = self._doomed(max_matches, max_bytes)
        if doomed:
            try:
                with transaction(self._conn):
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
        if self._conn is None or not has_table(self._conn, "meta"):
            return None
        row = self._conn.execute("SELECT value FROM meta WHERE key = 'journal_uid'").fetchone()
        return str(row[0]) if row else None

    def owed(self) -> list[int]:
        """The finished matches whose results the club's broker has not acknowledged yet
        (the outbox), oldest first."""
        if self._conn is None or not has_table(self._conn, "outbox"):
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
        if match_id in self._kept.unsaved:
            return list(self._kept.lines[match_id])
        if self._conn is None:
            raise JournalError(f"the journal is not on disk ({self.warning})")
        row = self._conn.execute("SELECT header, status FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise JournalError(f"no match {match_id} in {self.path}")
        body = [r[0] for r in self._conn.execute("SELECT line FROM inputs WHERE match_id = ? ORDER BY seq", (match_id,))]
        out = [row[0], *body]
        if row[1] == "playing" and self._lock_fd is not None:  # the table may go on with it (resume)
            self._kept.lines[match_id] = list(out)
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

    def drafts(self, match_id: int) -> dict[str, str]:
        """The drafts shown and not sent of a stored match (:mod:`.drafts`): ``{side:
        replay line}``; empty when none, or in memory mode."""
        return {} if self._conn is None or match_id < 0 else _drafts.read(self._conn, match_id)

    def sensor_tallies(self) -> dict[int, dict[str, SensorTally]]:
        """Every stored match's sensor tallies: ``{match_id: {sensor: tally}}`` (a
        journal from before sensor health has none)."""
        return {} if self._conn is None else _sensors.tallies(self._conn)

    def sensor_health(self, pending: SensorTallies | None = None) -> list[SensorHealth]:
        """Each sensor's health over the stored matches (:func:`pitchside.signals.health.summarise`),
        by name. ``pending``: what the sensors did since the last write, counted in the
        newest match (the running one), as the display must show it now."""
        return [] if self._conn is None else _sensors.health(self._conn, pending)

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

    def credit(self, *entries: LedgerEntry) -> bool:
        """Store credits ledger entries (a coin, a bonus, free credit, a fault, an audit
        reset) in one transaction, durable when this returns. Returns False in memory
        mode (the entries are kept in memory only, :attr:`warning` says so)."""
        if self._conn is not None:
            try:
                with transaction(self._conn):
                    wall, synced = self._wall(), self._synced()
                    for entry in entries:
                        _ledger.add(self._conn, entry, wall, synced)
                return True
            except (sqlite3.Error, OSError) as exc:
                self._fault(exc)
        self._memory_credits.extend(entries)
        return False

    def balance(self) -> tuple[int, int]:
        """The credit after the last ledger entry: ``(balance, session_paid)`` in cents."""
        if self._memory_credits:
            last = self._memory_credits[-1]
            return last.balance, last.session
        if self._conn is None:
            return self._carried
        return _ledger.balance(self._conn)

    def audits(self) -> list["AuditDay"]:
        """The audits since the last reset, one row per local day (oldest first): coins
        by value, money paid, bonus, free credit, games by game and options, faults."""
        return [] if self._conn is None else _ledger.audits(self._conn)

    def reset_audits(self) -> bool:
        """Start the audits afresh (staff, after a confirm): a ``reset`` entry, itself
        kept and listed by :meth:`audit_resets`; the credit is untouched. False in
        memory mode (nothing reset)."""
        balance, session = self.balance()
        return self._conn is not None and self.credit(LedgerEntry("reset", 0, balance, session))

    def lifetime(self) -> Meters:
        """The lifetime meters (never reset): the file's row, and in memory mode the
        entries kept in memory counted on from the file's figures at the fault."""
        if self._conn is not None:
            return _ledger.lifetime(self._conn)
        from functools import reduce

        from pitchside.core.meters import Meters, count  # only when they are read (start-up)

        return reduce(count, self._memory_credits, self._carried_meters or Meters())

    def audit_resets(self) -> list[tuple[float | None, bool]]:
        """When the audits were reset: ``(wall, synced)`` of each reset, oldest first."""
        return [] if self._conn is None else _ledger.audit_resets(self._conn)

