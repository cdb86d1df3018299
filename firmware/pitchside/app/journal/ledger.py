"""The credits ledger of a pay-to-play table, in the journal's file: one row per coin,
bonus, free credit, game paid for, acceptor fault and audit reset, and the audits read
from it. Each function works inside the caller's transaction (or reads), as
:mod:`pitchside.app.refusals` does; :class:`pitchside.app.journal.Journal` holds the
memory mode.
"""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING

from pitchside.core.pricing import LedgerEntry

if TYPE_CHECKING:  # annotations only (audits, meters): loaded when they are read (start-up)
    from pitchside.core.audits import AuditDay
    from pitchside.core.meters import Meters

SCHEMA = """
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
"""The credits ledger: one row per coin, bonus, free credit, game paid for,
acceptor fault and audit reset; ``balance`` and ``session`` are the credit after the
row (cents), so the last row is the table's credit. Kept apart from the matches: pruning
history never touches it; only :meth:`pitchside.app.journal.Journal.credit` and a paid first line write it."""


METERS = ("coins", "money", "games", "free_games", "bonus", "free")
"""The lifetime meters' columns (:class:`pitchside.core.meters.Meters`, in its order)."""

_FROM_LEDGER = """
SELECT COALESCE(SUM(kind = 'coin'), 0), COALESCE(SUM(CASE WHEN kind = 'coin' THEN amount ELSE 0 END), 0),
       COALESCE(SUM(kind = 'spend'), 0), COALESCE(SUM(kind = 'spend' AND amount = 0), 0),
       COALESCE(SUM(CASE WHEN kind = 'bonus' THEN amount ELSE 0 END), 0),
       COALESCE(SUM(CASE WHEN kind = 'free' THEN amount ELSE 0 END), 0)
FROM credits
"""
"""The lifetime meters as the whole ledger adds them up (:func:`pitchside.core.meters.count`'s
rule): the row of a journal from before the meters, and a read-only one's."""

METERS_TABLE = """
CREATE TABLE meters (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    coins INTEGER NOT NULL, money INTEGER NOT NULL, games INTEGER NOT NULL,
    free_games INTEGER NOT NULL, bonus INTEGER NOT NULL, free INTEGER NOT NULL
)
"""

METERS_TRIGGERS = (
    """CREATE TRIGGER IF NOT EXISTS meters_count AFTER INSERT ON credits BEGIN
    UPDATE meters SET
        coins = coins + (NEW.kind = 'coin'),
        money = money + CASE WHEN NEW.kind = 'coin' THEN NEW.amount ELSE 0 END,
        games = games + (NEW.kind = 'spend'),
        free_games = free_games + (NEW.kind = 'spend' AND NEW.amount = 0),
        bonus = bonus + CASE WHEN NEW.kind = 'bonus' THEN NEW.amount ELSE 0 END,
        free = free + CASE WHEN NEW.kind = 'free' THEN NEW.amount ELSE 0 END
    WHERE id = 1;
END""",
    """CREATE TRIGGER IF NOT EXISTS meters_only_go_up BEFORE UPDATE ON meters
WHEN NEW.coins < OLD.coins OR NEW.money < OLD.money OR NEW.games < OLD.games OR NEW.free_games < OLD.free_games
     OR NEW.bonus < OLD.bonus OR NEW.free < OLD.free BEGIN
    SELECT RAISE(ABORT, 'the lifetime meters only go up: they cannot be reset');
END""",
    """CREATE TRIGGER IF NOT EXISTS meters_kept BEFORE DELETE ON meters BEGIN
    SELECT RAISE(ABORT, 'the lifetime meters cannot be reset');
END""",
    """CREATE TRIGGER IF NOT EXISTS credits_kept BEFORE DELETE ON credits BEGIN
    SELECT RAISE(ABORT, 'the credits ledger is kept: its entries cannot be deleted');
END""",
)
"""The lifetime meters: one row, raised by a trigger in the transaction of each ledger
entry (so no writer of the ledger can forget them), which refuses to go down or be
deleted: the audits reset (a ``reset`` entry) leaves them as they are, and nothing on
the table can reset them."""


def ensure(conn: sqlite3.Connection) -> None:
    """Create the ledger and its lifetime meters in a journal that lacks them (inside
    the caller's transaction): a journal from before the meters gets them as its whole
    ledger adds up, so they count from its first coin."""
    for stmt in SCHEMA.split(";"):
        if stmt.strip():
            conn.execute(stmt)
    if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'meters'").fetchone() is None:
        conn.execute(METERS_TABLE)
        conn.execute(f"INSERT INTO meters (id, {', '.join(METERS)}) {_FROM_LEDGER.replace('SELECT', 'SELECT 1,', 1)}")
    for stmt in METERS_TRIGGERS:
        conn.execute(stmt)


def lifetime(conn: sqlite3.Connection) -> Meters:
    """The lifetime meters on file (a journal from before them, read only: as its
    ledger adds up; no ledger: all 0)."""
    from pitchside.core.meters import Meters  # only when they are read (start-up)

    if not present(conn):
        return Meters()
    has_row = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'meters'").fetchone() is not None
    row = conn.execute(f"SELECT {', '.join(METERS)} FROM meters WHERE id = 1" if has_row else _FROM_LEDGER).fetchone()
    return Meters(*(int(x) for x in row)) if row else Meters()


def add(conn: sqlite3.Connection, e: LedgerEntry, wall: float, synced: bool) -> None:
    """Append the entry ``e`` (inside the caller's transaction); a match id that is not on
    disk (memory mode's negative ids) is stored as none."""
    conn.execute(
        "INSERT INTO credits (kind, amount, balance, session, pulses, game, options, match_id, wall, synced) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (e.kind, e.amount, e.balance, e.session, e.pulses, e.game, json.dumps(dict(e.options)) if e.options else None,
         e.match_id if e.match_id and e.match_id > 0 else None, wall, int(synced)),
    )


def present(conn: sqlite3.Connection) -> bool:
    """Whether the file has the credits table (a journal read-only from before it has not)."""
    return conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'credits'").fetchone() is not None


def balance(conn: sqlite3.Connection) -> tuple[int, int]:
    """The credit after the last entry on file: ``(balance, session_paid)`` in cents."""
    if not present(conn):
        return 0, 0
    row = conn.execute("SELECT balance, session FROM credits ORDER BY id DESC LIMIT 1").fetchone()
    return (int(row[0]), int(row[1])) if row else (0, 0)


def audits(conn: sqlite3.Connection) -> list["AuditDay"]:
    """The audits since the last reset, one row per local day (oldest first): coins
    by value, money paid, bonus, free credit, games by game and options, faults."""
    if not present(conn):
        return []
    # only for the audits (the service page, `pitchside audits`), not a table's start
    from pitchside.core.audits import AuditDay

    last_reset = conn.execute("SELECT COALESCE(MAX(id), 0) FROM credits WHERE kind = 'reset'").fetchone()[0]
    days: dict[str, AuditDay] = {}
    for kind, amount, pulses, game, options, wall, synced in conn.execute(
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


def audit_resets(conn: sqlite3.Connection) -> list[tuple[float | None, bool]]:
    """When the audits were reset: ``(wall, synced)`` of each reset, oldest first."""
    if not present(conn):
        return []
    return [(r[0], bool(r[1])) for r in conn.execute("SELECT wall, synced FROM credits WHERE kind = 'reset' ORDER BY id")]


def _day(wall: float | None, synced: bool) -> str:
    import time

    if wall is None:
        return "unknown"
    day = time.strftime("%Y-%m-%d", time.localtime(wall))
    return day if synced else f"{day}?"
