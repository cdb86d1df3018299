"""Refused inputs kept beside a match in the journal (``/matches/ID``
explains the refusals), in a table of their own that is never replayed.

The journal's ``inputs`` table holds only accepted inputs: that is the replay file
(docs/spec/replay.md), unchanged. A refusal is what the table said when the rules (or
the panel) turned an input down: the rule ID and the panel's words, the input that was
turned down (the button or sensor event, not a rules input: a refusal has none), when
(``at``, s from the match's start, as the replay lines) and how many accepted lines the
match had then (``after``). Nothing reads them back into a match.

They are written with the match's next line (in the same transaction, like the sensor
tallies) or at its end, so a refusal costs the table no write of its own; a power cut
before the next line loses the refusals since the last one, never an input.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

SCHEMA = """
CREATE TABLE IF NOT EXISTS refusals (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    after INTEGER NOT NULL CHECK (after >= 0),
    at REAL NOT NULL,
    event TEXT NOT NULL,
    rule TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (match_id, n)
) WITHOUT ROWID
"""
"""One row per refused input of a stored match, ``n`` counting from 1."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """One refused input.

    :param after: accepted lines of the match before it (0: before the first).
    :param at: s since the match started (the replay lines' ``at`` clock).
    :param event: what was turned down, e.g. ``"press shot_done"``, ``"beam twenty"``.
    :param rule: the rule ID of docs/rules/GAME.md (``PN-14``; ``UNDO`` for an
        undo with nothing to take back), or ``""`` for a panel refusal without one.
    :param text: the panel's words for it (the prompt line).
    """

    after: int
    at: float
    event: str
    rule: str
    text: str


def ensure(conn: sqlite3.Connection) -> None:
    """Create the table in a journal that lacks it (inside the caller's transaction)."""
    conn.execute(SCHEMA)


def add(conn: sqlite3.Connection, match_id: int, refusals: tuple[Refusal, ...] | list[Refusal]) -> None:
    """Append ``refusals`` to the match (inside the caller's transaction)."""
    if not refusals:
        return
    first = conn.execute("SELECT COALESCE(MAX(n), 0) + 1 FROM refusals WHERE match_id = ?", (match_id,)).fetchone()[0]
    conn.executemany(
        "INSERT INTO refusals (match_id, n, after, at, event, rule, text) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(match_id, first + i, r.after, r.at, r.event, r.rule, r.text) for i, r in enumerate(refusals)],
    )


def read(conn: sqlite3.Connection, match_id: int) -> list[Refusal]:
    """The match's refusals in order (``[]`` for a journal from before refusals)."""
    if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'refusals'").fetchone() is None:
        return []
    return [Refusal(int(r[0]), float(r[1]), str(r[2]), str(r[3]), str(r[4])) for r in conn.execute(
        "SELECT after, at, event, rule, text FROM refusals WHERE match_id = ? ORDER BY n", (match_id,))]


_VERBS = {"ButtonPressed": "press", "ButtonReleased": "release", "ButtonHeld": "hold", "BeamBroken": "beam",
          "SensorNoisy": "noisy", "TimerFired": "timer", "SerialLine": "serial", "SerialStatus": "serial",
          "CoinInserted": "coin", "CoinFault": "coin fault"}


def event_name(event: object) -> str:
    """What was turned down, in a few words: ``"press shot_done"``, ``"beam twenty"``,
    ``"serial die"``; another event by its type (``"dicerolled"``)."""
    kind = type(event).__name__
    name = getattr(event, "name", None)
    verb = _VERBS.get(kind, kind.lower())
    return f"{verb} {name}" if isinstance(name, str) else verb
