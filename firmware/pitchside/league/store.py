"""The league's store, on SQLite (a venue) or PostgreSQL (a region;
:mod:`pitchside.league.engines`): results kept idempotently by ``(venue, table, match,
digest)`` (0 lost, 0 counted twice, also with several workers storing at once), the
venue and table the topic's, counted or refused with the reason; the leagues (name,
game, format, players); the roster (player ids across venues); and, where processes
share the store, each table's live messages. Tables: :mod:`pitchside.league.schema`.

A result counts once it passes :func:`pitchside.league.verify.check`. For one match of
one table, a later checked result counts only if its lines extend the counted ones (a
table's undo after the end sends the match again with more lines, docs/spec/mqtt.md,
"Delivery"): it supersedes the older one, in whichever order the two arrive. A checked
result whose lines do not extend the counted ones is stored as a conflict, not counted,
and the counted one stays.

Thread-safe: one connection behind a lock (the MQTT thread writes, the web loop reads).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

from pitchside.league import engines
from pitchside.league.engines import Engine, EngineError, Row, Taken, Tx
from pitchside.league.model import Counted, Player
from pitchside.league.schema import migrate
from pitchside.league.verify import Verdict
from pitchside.wire.messages import Audits, Result, parse_json
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


@dataclass(frozen=True, slots=True)
class Live:
    """A table's latest ``status`` or ``state`` (or a venue's ``uplink``, table ``""``)
    as kept for the web processes, and when that payload first came (``wall``)."""

    venue: str
    table: str
    kind: str
    payload: bytes
    wall: float = 0.0


class StoreError(Exception):
    """The database could not take a write (locked past the busy wait, disk full, I/O
    error, the PostgreSQL server gone): nothing was stored, so the message must not be
    acknowledged."""


class NameTaken(ValueError):
    """A league's name or a roster player's id is in use."""


CHANNEL = "pitchside_league"
"""The PostgreSQL ``NOTIFY`` channel: ``result N``, ``live KIND VENUE TABLE`` (``live
uplink VENUE `` for a venue's uplink),
``league``, ``roster``, sent when the change commits (:mod:`pitchside.league.follow`)."""


T = TypeVar("T")

__all__ = ["CHANNEL", "KEEP_REFUSED", "Added", "League", "Live", "NameTaken", "Player", "Store", "StoreError",
           "Stored", "payload_digest"]

Added = Literal["kept", "conflict", "copy", "over_cap"]
"""What :meth:`Store.add` did with a result."""

KEEP_REFUSED = 64 * 1024
"""A refused result's payload is kept up to this many bytes (the reason says the rest)."""

REFUSALS_KEPT = 200
"""Refused results kept per table; past it they are counted (:meth:`Store.past_cap`), not kept."""

LISTED = ("n, match, digest, venue, tbl, game, counted, reason, name_a, name_b, score_a, score_b, winner, rule,"
          " code, params, n_lines, ended_wall, received_wall, payload_bytes, superseded_by, conflict_with,"
          " player_a, player_b, fixture")
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
    """The league database: a SQLite file at ``db`` (``":memory:"`` for tests) or a
    PostgreSQL database at a ``postgresql://`` URL (:mod:`pitchside.league.engines`).
    The server makes or moves its tables on open (:func:`pitchside.league.schema.migrate`).

    :param busy_s: how long a write waits for another connection's lock (SQLite), or a
        connection for the server (PostgreSQL), before it fails with :class:`StoreError`
        (the subscriber then waits and tries again).
    :param refusals_kept: refused results kept per table (the rest are counted).
    :raises StoreError: the database cannot be opened or made (the reason says why).
    """

    def __init__(self, db: str | Path, busy_s: float = 5.0, refusals_kept: int = REFUSALS_KEPT) -> None:
        self.path = str(db)
        self.refusals_kept = refusals_kept
        try:
            self.engine: Engine = engines.connect(self.path, busy_s=busy_s)
            migrate(self.engine)
        except EngineError as exc:
            raise StoreError(str(exc)) from exc
        self.shared = self.engine.dialect == "postgresql"
        """Several processes share this store (PostgreSQL): the wall's live messages go
        through it (:meth:`put_live`) and every change is announced on :data:`CHANNEL`."""

    @property
    def where(self) -> str:
        """The database as the user named it (a URL without its password)."""
        return self.engine.where

    def close(self) -> None:
        self.engine.close()

    @contextmanager
    def _tx(self, key: str | None = None) -> Iterator[Tx]:
        """One write transaction (``key``: serialised with others of the same key)."""
        try:
            with self.engine.tx(key) as tx:
                yield tx
        except EngineError as exc:
            raise StoreError(str(exc)) from exc

    def _rows(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        try:
            return self.engine.rows(sql, args)
        except EngineError as exc:
            raise StoreError(str(exc)) from exc

    def _notify(self, tx: Tx, what: str) -> None:
        """Announce ``what`` on :data:`CHANNEL` when the transaction commits (PostgreSQL)."""
        if self.shared:
            tx.run("SELECT pg_notify(?, ?)", (CHANNEL, what))

    # --- results --------------------------------------------------------------------------

    def _again(self, write: Callable[[], T]) -> T:
        """``write()``, once more at once when the first try found the connection lost
        (a restarted PostgreSQL server): the failed transaction stored nothing."""
        try:
            return write()
        except StoreError:
            if not self.engine.lost():
                raise
        return write()

    def add(self, msg: Result | None, verdict: Verdict, payload: bytes, wall: float, *,
            venue: str, table: str) -> Added:
        """Store one received result with its verdict, once: a copy with the same
        ``(venue, table, match, digest)`` changes nothing, also when several workers
        store it at the same moment (results of one table take turns; the key's unique
        constraint backs it). ``venue`` and ``table`` are the topic's; ``msg`` None: a
        payload that is no ``result`` (refused). Committed (fsync'd) before it returns,
        so the MQTT acknowledgement that follows never outruns the disk.

        A checked result of a fixture naming two roster players (``players``, their
        names as the roster has them) is stored with their ids: it counts for them
        across venues (:meth:`counted`, ``ids``).

        :returns: ``"kept"`` (new, stored), ``"conflict"`` (checked, stored, not counted:
            its lines do not extend the counted result's), ``"copy"`` (stored already) or
            ``"over_cap"`` (a refusal past the table's cap: counted, not kept).
        :raises StoreError: not stored (the caller must not acknowledge it).
        """
        return self._again(lambda: self._add(msg, verdict, payload, wall, venue, table))

    def _add(self, msg: Result | None, verdict: Verdict, payload: bytes, wall: float, venue: str,
             table: str) -> Added:
        match = msg.match if msg is not None else ""
        # a refusal is keyed by its bytes: never taken for a copy of a counted result
        digest = msg.digest if msg is not None and verdict.ok else payload_digest(payload)
        lines: tuple[str, ...] = msg.lines if msg is not None else ()
        names = msg.names.pair() if msg is not None else ("", "")
        score = verdict.score or {}
        size = len(payload)
        with self._tx(f"table:{venue}/{table}") as db:
            if db.run("SELECT 1 FROM results WHERE venue = ? AND tbl = ? AND match = ? AND digest = ?",
                      (venue, table, match, digest)):
                return "copy"
            counted, reason, superseded_by, conflict_with, replaces = int(verdict.ok), verdict.reason, None, None, None
            if verdict.ok:
                found = db.run("SELECT n, n_lines, digest, payload FROM results WHERE venue = ? AND tbl = ?"
                               " AND match = ? AND counted = 1 AND superseded_by IS NULL", (venue, table, match))
                if found:
                    cur = found[0]
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
                    db.run("INSERT INTO refusals_past_cap (venue, tbl, count) VALUES (?, ?, 1)"
                           " ON CONFLICT (venue, tbl) DO UPDATE SET count = refusals_past_cap.count + 1",
                           (venue, table))
                    return "over_cap"
                payload = payload[:KEEP_REFUSED]
            ids = self._player_ids(db, msg) if counted else None
            rows = db.run(
                "INSERT INTO results (match, digest, venue, tbl, game, counted, reason, name_a, name_b,"
                " score_a, score_b, winner, rule, code, params, n_lines, ended_wall, received_wall, payload,"
                " payload_bytes, superseded_by, conflict_with, player_a, player_b, fixture)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (venue, tbl, match, digest) DO NOTHING RETURNING n",
                (match, digest, venue, table, msg.game if msg is not None else "", counted, reason,
                 names[0], names[1], score.get("A"), score.get("B"),
                 verdict.winner, verdict.rule, verdict.code, json.dumps(list(verdict.params)), len(lines),
                 msg.ended_wall if msg is not None else None, wall, payload.decode("utf-8", "replace"),
                 size, superseded_by, conflict_with, ids[0] if ids else None, ids[1] if ids else None,
                 msg.fixture if msg is not None else None))
            if not rows:
                return "copy"
            row = int(rows[0]["n"])
            if replaces is not None:
                db.run("UPDATE results SET superseded_by = ? WHERE n = ?", (row, replaces))
            self._notify(db, f"result {row}")
            return "conflict" if conflict_with is not None else "kept"

    def has(self, venue: str, table: str, match: str, digest: str) -> bool:
        """Whether a result of that key is stored (a copy would change nothing)."""
        return bool(self._rows("SELECT 1 FROM results WHERE venue = ? AND tbl = ? AND match = ? AND digest = ?",
                               (venue, table, match, digest)))

    @staticmethod
    def _player_ids(db: Tx, msg: Result | None) -> tuple[str, str] | None:
        """The roster ids a fixture's result names, when both are roster players whose
        roster names are the result's names; else None (a casual match: its venue's only)."""
        if msg is None or msg.fixture is None or msg.players is None:
            return None
        a, b = msg.players.pair()
        if a == b:
            return None
        rows = db.run("SELECT id, name FROM players WHERE id IN (?, ?)", (a, b))
        have = {r["id"]: r["name"] for r in rows}
        return (a, b) if (have.get(a), have.get(b)) == msg.names.pair() else None

    @staticmethod
    def _refused_rows(db: Tx, venue: str, table: str) -> int:
        return int(db.run("SELECT COUNT(*) AS k FROM results WHERE venue = ? AND tbl = ? AND counted = 0",
                          (venue, table))[0]["k"])

    def past_cap(self) -> dict[tuple[str, str], int]:
        """Refusals not kept, per ``(venue, table)``: those past :attr:`refusals_kept`."""
        return {(r["venue"], r["tbl"]): int(r["count"])
                for r in self._rows("SELECT * FROM refusals_past_cap ORDER BY venue, tbl")}

    def counted(self, game: str | None = None, venue: str | None = None) -> list[Counted]:
        """The counted results (of ``game``, at ``venue``), one per match of a table (the
        latest that extends the others), in the order the matches ended (arrival order
        for equal or unknown times)."""
        sql = f"SELECT {LISTED} FROM results WHERE counted = 1 AND superseded_by IS NULL"
        args: list[Any] = []
        for column, value in (("game", game), ("venue", venue)):
            if value is not None:
                sql += f" AND {column} = ?"
                args.append(value)
        sql += " ORDER BY COALESCE(ended_wall, received_wall), n"
        return [Counted(r["match"], r["digest"], r["game"], r["venue"], r["tbl"], (r["name_a"], r["name_b"]),
                        (float(r["score_a"]), float(r["score_b"])), r["winner"], r["rule"], r["code"],
                        tuple((str(k), v) for k, v in json.loads(r["params"])), r["ended_wall"], r["n"],
                        None if r["player_a"] is None else (r["player_a"], r["player_b"]))
                for r in self._rows(sql, args)]

    def venues(self) -> list[str]:
        """Every venue with a stored result or a live table, sorted."""
        rows = self._rows("SELECT venue FROM results UNION SELECT venue FROM live ORDER BY venue")
        return [r["venue"] for r in rows if r["venue"]]

    def recent(self, limit: int = 50, refused: bool | None = None) -> list[Stored]:
        """The newest stored results first (``refused`` True: only refused ones)."""
        where = "" if refused is None else f" WHERE counted = {0 if refused else 1}"
        rows = self._rows(f"SELECT {LISTED} FROM results{where} ORDER BY n DESC LIMIT ?", (limit,))
        return [self._stored(r) for r in rows]

    def _stored(self, r: Row) -> Stored:
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

    # --- the tables' audits -----------------------------------------------------------------

    def put_audits(self, venue: str, table: str, msg: Audits, wall: float) -> None:
        """Keep ``msg`` as ``table``'s latest audits (the topic's venue and table), beside
        its live messages (kind ``audits``: no wall shows it, none is announced).

        :raises StoreError: not stored (the next one, or the retained one after a
            reconnect, will be)."""
        payload = json.dumps(msg.to_json())

        def write() -> None:
            with self._tx() as db:
                db.run("INSERT INTO live (venue, tbl, kind, payload, wall) VALUES (?, ?, 'audits', ?, ?)"
                       " ON CONFLICT (venue, tbl, kind) DO UPDATE SET payload = excluded.payload, wall = excluded.wall",
                       (venue, table, payload, wall))

        self._again(write)

    def audits(self) -> list[tuple[str, float, Audits]]:
        """Each table's latest audits: ``(table, received wall, audits)``, by venue and table."""
        rows = self._rows("SELECT tbl, payload, wall FROM live WHERE kind = 'audits' ORDER BY venue, tbl")
        return [(r["tbl"], float(r["wall"]), parse_json(Audits, json.loads(r["payload"]))) for r in rows]

    # --- leagues --------------------------------------------------------------------------

    def add_league(self, name: str, game: str, fmt: str, players: Sequence[str], wall: float) -> League:
        """:raises NameTaken: a league of that name exists. :raises StoreError:"""
        try:
            with self._tx() as db:
                rows = db.run("INSERT INTO leagues (name, game, format, players, created_wall)"
                              " VALUES (?, ?, ?, ?, ?) RETURNING id", (name, game, fmt, json.dumps(list(players)), wall))
                self._notify(db, "league")
        except Taken as exc:
            raise NameTaken(f"a league named {name!r} exists") from exc
        return League(int(rows[0]["id"]), name, game, fmt, tuple(players))

    def leagues(self) -> list[League]:
        return [League(r["id"], r["name"], r["game"], r["format"], tuple(json.loads(r["players"])))
                for r in self._rows("SELECT * FROM leagues ORDER BY id")]

    def league(self, lid: int) -> League | None:
        return next((lg for lg in self.leagues() if lg.id == lid), None)

    # --- the roster: players across venues ------------------------------------------------

    def add_players(self, players: Sequence[Player], wall: float) -> None:
        """Add roster players, all or none. :raises NameTaken: an id is in use."""
        try:
            with self._tx("roster") as db:
                for p in players:
                    if db.run("SELECT 1 FROM players WHERE id = ?", (p.id,)):
                        raise NameTaken(f"player id {p.id} is on the roster already")
                    db.run("INSERT INTO players (id, name, venue, added_wall) VALUES (?, ?, ?, ?)",
                           (p.id, p.name, p.venue, wall))
                self._notify(db, "roster")
        except Taken as exc:  # another process added it meanwhile
            raise NameTaken(f"a player id of {len(players)} is on the roster already") from exc

    def roster(self) -> list[Player]:
        """Every roster player, by id."""
        return [Player(r["id"], r["name"], r["venue"])
                for r in self._rows("SELECT id, name, venue FROM players ORDER BY id")]

    def player(self, pid: str) -> Player | None:
        rows = self._rows("SELECT id, name, venue FROM players WHERE id = ?", (pid,))
        return Player(rows[0]["id"], rows[0]["name"], rows[0]["venue"]) if rows else None

    # --- the live wall, shared by processes (PostgreSQL) ----------------------------------

    def put_live(self, venue: str, table: str, kind: str, payload: bytes, wall: float) -> None:
        """Keep a table's latest ``status`` or ``state`` (``kind``; an empty payload
        forgets it), or a venue's ``uplink`` (``table`` ``""``), and announce it, for
        every web process's wall."""
        self._again(lambda: self._put_live(venue, table, kind, payload, wall))

    def _put_live(self, venue: str, table: str, kind: str, payload: bytes, wall: float) -> None:
        with self._tx() as db:
            if payload:
                # the same payload again (retained, on reconnect) keeps the time it first came
                db.run("INSERT INTO live (venue, tbl, kind, payload, wall) VALUES (?, ?, ?, ?, ?)"
                       " ON CONFLICT (venue, tbl, kind) DO UPDATE SET payload = excluded.payload,"
                       " wall = CASE WHEN live.payload = excluded.payload THEN live.wall ELSE excluded.wall END",
                       (venue, table, kind, payload.decode("utf-8", "replace"), wall))
            else:
                db.run("DELETE FROM live WHERE venue = ? AND tbl = ? AND kind = ?", (venue, table, kind))
            self._notify(db, f"live {kind} {venue} {table}")

    def live(self, venue: str | None = None, table: str | None = None) -> list[Live]:
        """The tables' latest live messages kept (:meth:`put_live`), by venue and table."""
        sql, args = "SELECT venue, tbl, kind, payload, wall FROM live WHERE 1 = 1", []
        for column, value in (("venue", venue), ("tbl", table)):
            if value is not None:
                sql += f" AND {column} = ?"
                args.append(value)
        return [Live(r["venue"], r["tbl"], r["kind"], r["payload"].encode("utf-8"), float(r["wall"]))
                for r in self._rows(sql + " ORDER BY venue, tbl, kind", args)]
