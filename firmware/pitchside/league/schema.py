"""The league database's tables, and the move of an older league file to them.

Version 2 (``PRAGMA user_version``): results are keyed by ``(venue, tbl, match, digest)``,
``venue`` and ``tbl`` the topic's (the sender the broker's ACL vouches for), with
``superseded_by`` and ``conflict_with`` stored when a result arrives. A file of version 0
(results keyed by ``(match, digest)``, the superseding result computed at each read) is
rebuilt in one transaction on open: every row kept with its number, each match's counted
result the one the old rule chose (the most lines, then the first), now per table.
"""

from __future__ import annotations

import sqlite3

VERSION = 2

RESULTS = """
CREATE TABLE IF NOT EXISTS results (
    n INTEGER PRIMARY KEY AUTOINCREMENT,
    match TEXT NOT NULL,
    digest TEXT NOT NULL,
    venue TEXT NOT NULL DEFAULT '',
    tbl TEXT NOT NULL DEFAULT '',
    game TEXT NOT NULL DEFAULT '',
    counted INTEGER NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    name_a TEXT NOT NULL DEFAULT '',
    name_b TEXT NOT NULL DEFAULT '',
    score_a REAL,
    score_b REAL,
    winner TEXT,
    rule TEXT NOT NULL DEFAULT '',
    code TEXT NOT NULL DEFAULT '',
    params TEXT NOT NULL DEFAULT '[]',
    n_lines INTEGER NOT NULL DEFAULT 0,
    ended_wall REAL,
    received_wall REAL NOT NULL,
    payload TEXT NOT NULL,
    payload_bytes INTEGER,
    superseded_by INTEGER,
    conflict_with INTEGER,
    UNIQUE (venue, tbl, match, digest)
);
"""

OTHERS = """
CREATE TABLE IF NOT EXISTS leagues (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    format TEXT NOT NULL,
    players TEXT NOT NULL,
    created_wall REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS refusals_past_cap (
    venue TEXT NOT NULL,
    tbl TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (venue, tbl)
);
"""

_V0_COLUMNS = ("n, match, digest, venue, tbl, game, counted, reason, name_a, name_b, score_a, score_b, winner,"
               " rule, code, params, n_lines, ended_wall, received_wall, payload")


def open_schema(db: sqlite3.Connection) -> None:
    """Create the tables, or move a version 0 file to version 2 (one transaction)."""
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version >= VERSION:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        old = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'results'").fetchone()
        if old is not None:
            db.execute("ALTER TABLE results RENAME TO results_v0")
        db.execute(RESULTS)
        if old is not None:
            db.execute(f"INSERT INTO results ({_V0_COLUMNS}) SELECT {_V0_COLUMNS} FROM results_v0")
            db.execute("DROP TABLE results_v0")
            db.execute("UPDATE results SET superseded_by = (SELECT b.n FROM results b WHERE b.venue = results.venue"
                       " AND b.tbl = results.tbl AND b.match = results.match AND b.counted = 1"
                       " ORDER BY b.n_lines DESC, b.n ASC LIMIT 1) WHERE counted = 1")
            db.execute("UPDATE results SET superseded_by = NULL WHERE superseded_by = n")
        for statement in OTHERS.split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute(f"PRAGMA user_version = {VERSION}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
