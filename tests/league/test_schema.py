"""The league's schema, made and moved by the server: a venue's file of the version before
the roster moves to the newest on open and keeps its results; a new PostgreSQL database
gets the same tables and columns as a new SQLite file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import psycopg

from pitchside.league import schema
from pitchside.league.store import Store
from pitchside.league.verify import check
from pitchside.wire import messages as wire
from support.league import payload, result_msg


def test_a_version_2_file_moves_to_the_newest_and_keeps_its_results(tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    old = sqlite3.connect(path, isolation_level=None)
    schema.open_v2(old)  # the tables as a venue's league made them before the roster
    raw = payload(result_msg())
    msg = wire.parse(wire.Result, raw)
    old.execute("INSERT INTO results (match, digest, venue, tbl, game, counted, reason, name_a, name_b, score_a,"
                " score_b, winner, rule, code, n_lines, received_wall, payload) VALUES (?, ?, 'club', 'table-1',"
                " 'pitchnut', 1, '', 'Ann', 'Bob', 2, 0, 'A', 'PN-24', 'won', ?, 5.0, ?)",
                (msg.match, msg.digest, len(msg.lines), raw.decode()))
    old.close()
    store = Store(path)
    try:
        (c,) = store.counted()
        assert (c.match, c.names, c.ids) == (msg.match, ("Ann", "Bob"), None)
        assert store.add(msg, check(msg), raw, 6.0, venue="club", table="table-1") == "copy"
    finally:
        store.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone() == (schema.VERSION,)
    assert db.execute("SELECT version FROM schema_version").fetchall() == [(schema.VERSION,)]


def test_postgresql_gets_the_same_tables_and_columns_as_sqlite(tmp_path: Path, pg_url: str) -> None:
    for db in (str(tmp_path / "league.db"), pg_url):
        Store(db).close()
    lite = sqlite3.connect(tmp_path / "league.db")
    tables = [r[0] for r in lite.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                                         " AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    want = {t: [r[1] for r in lite.execute(f"PRAGMA table_info({t})")] for t in tables}
    with psycopg.connect(pg_url) as conn:
        got = {t: [r[0] for r in conn.execute("SELECT column_name FROM information_schema.columns"
                                              " WHERE table_name = %s ORDER BY ordinal_position", (t,))]
               for t in tables}
        assert sorted(r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")) \
            == tables
    assert got == want
    assert tables == ["leagues", "live", "players", "refusals_past_cap", "results", "schema_version"]
