"""The league's SQLite store: results kept idempotently by ``(venue, table, match,
digest)`` (0 lost, 0 counted twice), the venue and table the topic's, counted or refused
with the reason, and the leagues (name, game, format, players). Tables:
:mod:`pitchside.league.schema`.

A result counts once it passes :func:`pitchside.league.verify.check`. For one match of
one table, a later checked result counts only if its lines extend the counted ones (a
table's undo after the end sends the match again with more lines, docs/spec/mqtt.md,
"Delivery"): it supersedes the older one, in whichever order the two arrive. A checked
result whose lines do not extend the counted ones is stored as a conflict, not counted,
and the counted one stays.

Thread-safe: one connection behind a lock (the MQTT thread writes, the web loop reads).
WAL mode, like the table's journal.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pitchside.league.model import Counted
from pitchside.league.schema import open_schema
from pitchside.league.verify import Verdict
from pitchside.wire.messages import Result
from pitchside.wire.messages import digest as lines_digest

@dataclass(frozen=True, slots=True)
class Stored:
    """One stored result as the pages list it (counted or refused)."""

    n: int
    match: str
    digest: str
    venue: str
    table: str
    game: str
    counted: bool
    reason: str
    names: tuple[str, str]
    score: tuple[float | None, float | None]
    winner: str | None
    rule: str
    code: str
    ended_wall: float | None
    received_wall: float
    superseded_by: int | None = None
    conflict_with: int | None = None
    payload_bytes: int | None = None

    @property
    def cut(self) -> bool:
        """A refused payload kept only in part (its first :data:`KEEP_REFUSED` bytes)."""
        return self.payload_bytes is not None and self.payload_bytes > KEEP_REFUSED

    @property
    def superseded(self) -> bool:
        """Counted once, replaced by a later result of the match that extends it."""
        return self.superseded_by is not None


@dataclass(frozen=True, slots=True)
class League:
    """A league or tournament: ``format`` one of :data:`pitchside.league.formats.FORMATS`,
    ``players`` in seeding order."""

    id: int
    name: str
    game: str
    format: str
    players: tuple[str, ...]


class StoreError(Exception):
    """The database could not take a write (locked past the busy wait, disk full, I/O
    error): nothing was stored, so the message must not be acknowledged."""


Added = Literal["kept", "conflict", "copy", "over_cap"]
"""What :meth:`Store.add` did with a result."""

KEEP_REFUSED = 64 * 1024
"""A refused result's payload is kept up to this many bytes (the reason says the rest)."""

REFUSALS_KEPT = 200
"""Refused results kept per table; past it they are counted (:meth:`Store.past_cap`), not kept."""

LISTED = ("n, match, digest, venue, tbl, game, counted, reason, name_a, name_b, score_a, score_b, winner, rule,"
          " code, params, n_lines, ended_wall, received_wall, payload_bytes, superseded_by, conflict_with")
"""The columns the lists read: all but the payload (only one result's page reads it)."""


def payload_digest(payload: bytes) -> str:
    """The key of a refused result: the payload's SHA-256 (its own digest may be a
    counted result's, or missing)."""
    return "payload:" + hashlib.sha256(payload).hexdigest()


def _relation(lines: Sequence[Any], n_lines: int, digest: str, payload: str) -> str:
    """How checked ``lines`` stand to the counted result of the same match (its line
    count, digest and stored payload): ``"extends"`` (it, then more lines: an undo after
    the end), ``"older"`` (its beginning: an earlier result arriving late) or
    ``"conflict"``."""
    if len(lines) > n_lines and lines_digest(lines[:n_lines]) == digest:
        return "extends"
    if len(lines) < n_lines:
        try:
            theirs = json.loads(payload).get("lines")
        except (ValueError, RecursionError, AttributeError):
            theirs = None
        if isinstance(theirs, list) and theirs[:len(lines)] == list(lines):
            return "older"
    return "conflict"


class Store:
    """The league database at ``path`` (``":memory:"`` for tests).

    :param busy_s: how long a write waits for another connection's lock before it fails
        with :class:`StoreError` (the subscriber then waits and tries again).
    :param refusals_kept: refused results kept per table (the rest are counted).
    """

    def __init__(self, path: str | Path, busy_s: float = 5.0, refusals_kept: int = REFUSALS_KEPT) -> None:
        self.path = str(path)
        self.refusals_kept = refusals_kept
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=busy_s)
        self._db.row_factory = sqlite3.Row
        if self.path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        open_schema(self._db)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, committed on leaving; a failed BEGIN, statement or
        COMMIT is rolled back and raised as :class:`StoreError`."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                    raise
            except sqlite3.IntegrityError:
                raise  # a constraint (a league's name taken): the caller's answer, not a fault
            except (sqlite3.OperationalError, sqlite3.DatabaseError, OSError) as exc:
                raise StoreError(f"{type(exc).__name__}: {exc}") from exc

    def _rows(self, sql: str, args: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return list(self._db.execute(sql, args))

    # --- results --------------------------------------------------------------------------

    def add(self, msg: Result | None, verdict: Verdict, payload: bytes, wall: float, *,
            venue: str, table: str) -> Added:
        """Store one received result with its verdict, once: a copy with the same
        ``(venue, table, match, digest)`` changes nothing. ``venue`` and ``table`` are the
        topic's; ``msg`` None: a payload that is no ``result`` (refused). Committed
        (fsync'd) before it returns, so the MQTT acknowledgement that follows never
        outruns the disk.

        :returns: ``"kept"`` (new, stored), ``"conflict"`` (checked, stored, not counted:
            its lines do not extend the counted result's), ``"copy"`` (stored already) or
            ``"over_cap"`` (a refusal past the table's cap: counted, not kept).
        :raises StoreError: not stored (the caller must not acknowledge it).
        """
        match = msg.match if msg is not None else ""
        # a refusal is keyed by its bytes: never taken for a copy of a counted result
        digest = msg.digest if msg is not None and verdict.ok else payload_digest(payload)
        lines: tuple[str, ...] = msg.lines if msg is not None else ()
        names = msg.names.pair() if msg is not None else ("", "")
        score = verdict.score or {}
        size = len(payload)
        with self._tx() as db:
            if db.execute("SELECT 1 FROM results WHERE venue = ? AND tbl = ? AND match = ? AND digest = ?",
                          (venue, table, match, digest)).fetchone() is not None:
                return "copy"
            counted, reason, superseded_by, conflict_with, replaces = int(verdict.ok), verdict.reason, None, None, None
            if verdict.ok:
                cur = db.execute("SELECT n, n_lines, digest, payload FROM results WHERE venue = ? AND tbl = ?"
                                 " AND match = ? AND counted = 1 AND superseded_by IS NULL", (venue, table, match)
                                 ).fetchone()
                if cur is not None:
                    how = _relation(lines, cur["n_lines"], cur["digest"], cur["payload"])
                    if how == "extends":
                        replaces = int(cur["n"])
                    elif how == "older":
                        superseded_by = int(cur["n"])
                    else:
                        counted, conflict_with = 0, int(cur["n"])
                        reason = (f"conflict: the lines do not extend those of result {cur['n']}, counted for this"
                                  f" match of table {table} (kept, not counted)")
            if not counted:
                if self._refused_rows(db, venue, table) >= self.refusals_kept:
                    db.execute("INSERT INTO refusals_past_cap (venue, tbl, count) VALUES (?, ?, 1)"
                               " ON CONFLICT (venue, tbl) DO UPDATE SET count = count + 1", (venue, table))
                    return "over_cap"
                payload = payload[:KEEP_REFUSED]
            row = db.execute(
                "INSERT INTO results (match, digest, venue, tbl, game, counted, reason, name_a, name_b,"
                " score_a, score_b, winner, rule, code, params, n_lines, ended_wall, received_wall, payload,"
                " payload_bytes, superseded_by, conflict_with)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (match, digest, venue, table, msg.game if msg is not None else "", counted, reason,
                 names[0], names[1], score.get("A"), score.get("B"),
                 verdict.winner, verdict.rule, verdict.code, json.dumps(list(verdict.params)), len(lines),
                 msg.ended_wall if msg is not None else None, wall, payload.decode("utf-8", "replace"),
                 size, superseded_by, conflict_with)).lastrowid
            if replaces is not None:
                db.execute("UPDATE results SET superseded_by = ? WHERE n = ?", (row, replaces))
            return "conflict" if conflict_with is not None else "kept"

    @staticmethod
    def _refused_rows(db: sqlite3.Connection, venue: str, table: str) -> int:
        return int(db.execute("SELECT COUNT(*) FROM results WHERE venue = ? AND tbl = ? AND counted = 0",
                              (venue, table)).fetchone()[0])

    def past_cap(self) -> dict[tuple[str, str], int]:
        """Refusals not kept, per ``(venue, table)``: those past :attr:`refusals_kept`."""
        return {(r["venue"], r["tbl"]): int(r["count"])
                for r in self._rows("SELECT * FROM refusals_past_cap ORDER BY venue, tbl")}

    def counted(self, game: str | None = None) -> list[Counted]:
        """The counted results, one per match of a table (the latest that extends the
        others), in the order the matches ended (arrival order for equal or unknown times)."""
        sql = f"SELECT {LISTED} FROM results WHERE counted = 1 AND superseded_by IS NULL"
        args: list[Any] = []
        if game is not None:
            sql += " AND game = ?"
            args.append(game)
        sql += " ORDER BY COALESCE(ended_wall, received_wall), n"
        return [Counted(r["match"], r["digest"], r["game"], r["venue"], r["tbl"], (r["name_a"], r["name_b"]),
                        (float(r["score_a"]), float(r["score_b"])), r["winner"], r["rule"], r["code"],
                        tuple((str(k), v) for k, v in json.loads(r["params"])), r["ended_wall"], r["n"])
                for r in self._rows(sql, args)]

    def recent(self, limit: int = 50, refused: bool | None = None) -> list[Stored]:
        """The newest stored results first (``refused`` True: only refused ones)."""
        where = "" if refused is None else f" WHERE counted = {0 if refused else 1}"
        rows = self._rows(f"SELECT {LISTED} FROM results{where} ORDER BY n DESC LIMIT ?", (limit,))
        return [self._stored(r) for r in rows]

    def _stored(self, r: sqlite3.Row) -> Stored:
        return Stored(r["n"], r["match"], r["digest"], r["venue"], r["tbl"], r["game"], bool(r["counted"]),
                      r["reason"], (r["name_a"], r["name_b"]), (r["score_a"], r["score_b"]), r["winner"],
                      r["rule"], r["code"], r["ended_wall"], r["received_wall"], r["superseded_by"],
                      r["conflict_with"], r["payload_bytes"])

    def get(self, n: int) -> tuple[Stored, dict[str, Any]] | None:
        """One stored result and its message as received, or None."""
        rows = self._rows("SELECT * FROM results WHERE n = ?", (n,))
        if not rows:
            return None
        try:
            msg = json.loads(rows[0]["payload"])
        except (ValueError, RecursionError):  # a refused payload: kept as received, maybe cut
            msg = {}
        return self._stored(rows[0]), msg if isinstance(msg, dict) else {}

    def count(self) -> tuple[int, int]:
        """``(counted, refused)`` rows stored (superseded ones included)."""
        rows = self._rows("SELECT counted, COUNT(*) AS k FROM results GROUP BY counted")
        by = {r["counted"]: r["k"] for r in rows}
        return int(by.get(1, 0)), int(by.get(0, 0))

    # --- leagues --------------------------------------------------------------------------

    def add_league(self, name: str, game: str, fmt: str, players: Sequence[str], wall: float) -> League:
        """:raises sqlite3.IntegrityError: a league of that name exists."""
        with self._tx() as db:
            cur = db.execute("INSERT INTO leagues (name, game, format, players, created_wall) VALUES (?, ?, ?, ?, ?)",
                             (name, game, fmt, json.dumps(list(players)), wall))
            lid = int(cur.lastrowid or 0)
        return League(lid, name, game, fmt, tuple(players))

    def leagues(self) -> list[League]:
        return [League(r["id"], r["name"], r["game"], r["format"], tuple(json.loads(r["players"])))
                for r in self._rows("SELECT * FROM leagues ORDER BY id")]

    def league(self, lid: int) -> League | None:
        return next((lg for lg in self.leagues() if lg.id == lid), None)
