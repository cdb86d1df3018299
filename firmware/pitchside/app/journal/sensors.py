"""Sensor health in the journal's file: per match and sensor, what the sensor did
(:class:`~pitchside.signals.health.SensorTally`), and each sensor's health summed up over
the stored matches. A match's rows are made with it (one per sensor of its game, at
zero); what the sensors did since the last write is added in the same transaction as
the match's next line or its end, so the record is exactly as durable as the match.
Each function works inside the caller's transaction (or reads), as
:mod:`pitchside.app.refusals` does.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping

from pitchside.signals.health import SensorHealth, SensorTally, summarise

SCHEMA = """
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


def ensure(conn: sqlite3.Connection) -> None:
    """Create the table in a journal that lacks it (inside the caller's transaction)."""
    conn.execute(SCHEMA)


def present(conn: sqlite3.Connection) -> bool:
    """Whether the file has the table (a journal from before sensor health has not)."""
    return conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sensor_tallies'").fetchone() is not None


def add(conn: sqlite3.Connection, match_id: int, sensors: SensorTallies) -> None:
    """Add ``sensors`` to the match's tally rows (inside the caller's transaction)."""
    conn.executemany(
        "INSERT INTO sensor_tallies (match_id, sensor, blocks, storms, stuck, by_hand, withdrawn) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (match_id, sensor) DO UPDATE SET "
        "blocks = blocks + excluded.blocks, storms = storms + excluded.storms, stuck = stuck + excluded.stuck, "
        "by_hand = by_hand + excluded.by_hand, withdrawn = withdrawn + excluded.withdrawn",
        [(match_id, name, t.blocks, t.storms, t.stuck, t.by_hand, t.withdrawn) for name, t in sorted(sensors.items())],
    )


def tallies(conn: sqlite3.Connection) -> dict[int, dict[str, SensorTally]]:
    """Every stored match's sensor tallies: ``{match_id: {sensor: tally}}`` (a journal
    from before sensor health has none)."""
    if not present(conn):
        return {}
    out: dict[int, dict[str, SensorTally]] = {}
    for mid, name, *counts in conn.execute(
        "SELECT match_id, sensor, blocks, storms, stuck, by_hand, withdrawn FROM sensor_tallies "
        "ORDER BY match_id, sensor"
    ):
        out.setdefault(mid, {})[name] = SensorTally(*counts)
    return out


def health(conn: sqlite3.Connection, pending: SensorTallies | None = None) -> list[SensorHealth]:
    """Each sensor's health over the stored matches (:func:`pitchside.signals.health.summarise`),
    by name. ``pending``: what the sensors did since the last write, counted in the
    newest match (the running one), as the display must show it now."""
    status = dict(conn.execute("SELECT id, status FROM matches"))
    per_sensor: dict[str, list[tuple[str, SensorTally]]] = {}
    all_tallies = tallies(conn)
    for mid in sorted(all_tallies):
        for name, t in all_tallies[mid].items():
            per_sensor.setdefault(name, []).append((status.get(mid, "abandoned"), t))
    for name, t in (pending or {}).items():
        rows = per_sensor.setdefault(name, [])
        if rows and rows[-1][0] == "playing":
            rows[-1] = ("playing", rows[-1][1] + t)
        else:
            rows.append(("playing", t))
    return [summarise(name, rows) for name, rows in sorted(per_sensor.items())]
