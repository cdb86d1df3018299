"""Drafts in the journal's file: what a side has entered on the panel and sees, but has
not sent (Master Move's line-up being set), one row per match and side, holding the
draft as a replay line (docs/spec/replay.md) that is never replayed. Written before
the frame that shows it, so a restart shows it again; the lines of the match's next
accepted step (an input or an undo: the table drops its drafts then) and its end delete
the match's rows in the same transaction. Each function works inside the caller's
transaction (or reads), as :mod:`.sensors` does.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from pitchside.core.sides import Side

SCHEMA = """
CREATE TABLE IF NOT EXISTS drafts (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    side TEXT NOT NULL CHECK (side IN ('A', 'B')),
    line TEXT NOT NULL,
    PRIMARY KEY (match_id, side)
) WITHOUT ROWID
"""
"""Per match and side, the draft shown and not sent (a replay line's JSON)."""

DraftRow = tuple[Side, str | None]
"""One side's draft to write: ``(side, line)``; ``line`` None deletes the side's row
(back to the game's own proposal)."""


def ensure(conn: sqlite3.Connection) -> None:
    """Create the table in a journal that lacks it (inside the caller's transaction)."""
    conn.execute(SCHEMA)


def present(conn: sqlite3.Connection) -> bool:
    """Whether the file has the table (a journal from before drafts has not)."""
    return conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'drafts'").fetchone() is not None


def put(conn: sqlite3.Connection, match_id: int, rows: Sequence[DraftRow]) -> None:
    """Write the sides' drafts ``rows`` of the match (inside the caller's transaction)."""
    for side, line in rows:
        if line is None:
            conn.execute("DELETE FROM drafts WHERE match_id = ? AND side = ?", (match_id, side))
        else:
            conn.execute("INSERT INTO drafts (match_id, side, line) VALUES (?, ?, ?) "
                         "ON CONFLICT (match_id, side) DO UPDATE SET line = excluded.line", (match_id, side, line))


def clear(conn: sqlite3.Connection, match_id: int) -> None:
    """Delete every draft of the match (inside the caller's transaction)."""
    conn.execute("DELETE FROM drafts WHERE match_id = ?", (match_id,))


def read(conn: sqlite3.Connection, match_id: int) -> dict[str, str]:
    """The match's drafts: ``{side: line}`` (none in a journal from before drafts)."""
    if not present(conn):
        return {}
    return dict(conn.execute("SELECT side, line FROM drafts WHERE match_id = ? ORDER BY side", (match_id,)))
