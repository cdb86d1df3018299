"""The journal as the club's outbox (docs/spec/mqtt.md), read and marked on a
SQLite connection of its own, by the club link's thread.

The runtime's :class:`~pitchside.app.journal.Journal` queues a finished match in the
``outbox`` table in the transaction that marks it finished (while ``queue_results`` is
set). :class:`Outbox` reads the queued matches in order (:meth:`Outbox.owed`), the lines
journaled since a cursor for the ``events`` topic (:meth:`Outbox.lines_after`), and marks
a match delivered once the broker acknowledged its result (:meth:`Outbox.delivered`).

WAL lets it read while the table writes. Its one write, the delivered mark, is a
single-row UPDATE with ``synchronous = NORMAL`` (no fsync at commit, so the table's next
write waits microseconds for the lock, never a disk flush): a mark lost to a power cut
sends that result once more, which the league stores once (by match id and digest).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: loaded with the audits (a paying table's link)
    from pitchside.core.audits import AuditDay
    from pitchside.core.meters import Meters

Cursor = tuple[int, int]
"""``(match row id, seq)`` of the last journal line seen."""


@dataclass(frozen=True, slots=True)
class Owed:
    """A finished match the club is owed: its row id, its lines as the journal holds them
    (header first, undos included: the replay file), when it ended (wall s, and whether
    the clock was synchronised then)."""

    match_id: int
    lines: tuple[str, ...]
    ended_wall: float | None
    ended_synced: bool


class Outbox:
    """A second connection to the journal at ``path`` (opened, and so migrated, by
    :meth:`Journal.open <pitchside.app.journal.Journal.open>` first).

    Not thread-safe: one thread (the club link's) uses it.

    :raises sqlite3.Error: the file is not a journal with an outbox.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._conn = sqlite3.connect(f"file:{self.path}?mode=rw", uri=True, isolation_level=None,
                                     check_same_thread=False, timeout=10.0)  # never creates the file
        try:
            self._conn.execute("PRAGMA synchronous = NORMAL")
            row = self._conn.execute("SELECT value FROM meta WHERE key = 'journal_uid'").fetchone()
        except sqlite3.Error:
            self._conn.close()
            raise
        if row is None:
            self._conn.close()
            raise sqlite3.OperationalError(f"{path}: a journal without its uid (open it with Journal.open first)")
        self.uid: str = str(row[0])
        """The journal's random id: a match's club id is ``f"{uid}-{row id}"``."""

    def owed(self, limit: int = 1) -> list[Owed]:
        """The oldest ``limit`` queued matches not yet delivered, oldest first."""
        out: list[Owed] = []
        self._conn.execute("BEGIN")  # one read snapshot: the lines are the ones queued
        try:
            rows = self._conn.execute(
                "SELECT o.match_id, m.header, m.ended_wall, m.ended_synced FROM outbox o JOIN matches m "
                "ON m.id = o.match_id WHERE o.delivered_wall IS NULL AND m.status = 'finished' "
                "ORDER BY o.match_id LIMIT ?", (limit,)).fetchall()  # fmt: skip
            for mid, header, ended, synced in rows:
                body = [r[0] for r in self._conn.execute(
                    "SELECT line FROM inputs WHERE match_id = ? ORDER BY seq", (mid,))]  # fmt: skip
                out.append(Owed(mid, (header, *body), ended, bool(synced)))
        finally:
            self._conn.execute("COMMIT")
        return out

    def count_owed(self) -> int:
        return int(self._conn.execute("SELECT COUNT(*) FROM outbox WHERE delivered_wall IS NULL").fetchone()[0])

    def delivered(self, owed: Owed, digest: str, wall: float) -> bool:
        """Mark ``owed`` delivered (its result was acknowledged) unless the match changed
        since it was read (an undo after the end: its new result is owed instead).
        Returns whether it was marked."""
        cur = self._conn.execute(
            "UPDATE outbox SET delivered_wall = ?, digest = ? WHERE match_id = ? AND delivered_wall IS NULL "
            "AND (SELECT COUNT(*) FROM inputs WHERE match_id = ?) = ?",
            (wall, digest, owed.match_id, owed.match_id, len(owed.lines) - 1),
        )
        return cur.rowcount == 1

    def cursor(self) -> Cursor:
        """The last journal line now: events start after it (the past is not replayed)."""
        row = self._conn.execute("SELECT match_id, seq FROM inputs ORDER BY match_id DESC, seq DESC LIMIT 1").fetchone()
        return (int(row[0]), int(row[1])) if row else (0, 0)

    def lines_after(self, cursor: Cursor, limit: int = 500) -> list[tuple[int, int, dict[str, Any]]]:
        """``(match row id, seq, line)`` of each journal line after ``cursor``, in order."""
        mid, seq = cursor
        return [(m, s, json.loads(line)) for m, s, line in self._conn.execute(
            "SELECT match_id, seq, line FROM inputs WHERE match_id > ? OR (match_id = ? AND seq > ?) "
            "ORDER BY match_id, seq LIMIT ?", (mid, mid, seq, limit))]  # fmt: skip

    def ledger_mark(self) -> int:
        """The id of the credits ledger's last entry (0: none): the audits changed when
        it did."""
        return int(self._conn.execute("SELECT COALESCE(MAX(id), 0) FROM credits").fetchone()[0])

    def audits(self) -> Audits:
        """The audits since the last reset, the resets and the lifetime meters, in one
        read snapshot (a paying table's ``audits`` topic)."""
        from pitchside.app.journal import ledger  # only on a paying table with a club link

        self._conn.execute("BEGIN")
        try:
            return Audits(tuple(ledger.audits(self._conn)), tuple(ledger.audit_resets(self._conn)),
                          ledger.lifetime(self._conn))
        finally:
            self._conn.execute("COMMIT")

    def close(self) -> None:
        self._conn.close()


@dataclass(frozen=True, slots=True)
class Audits:
    """What :meth:`Outbox.audits` read: the ``days`` since the last reset, every reset's
    ``(wall, synced)``, the ``lifetime`` meters."""

    days: tuple[AuditDay, ...]
    resets: tuple[tuple[float | None, bool], ...]
    lifetime: Meters
