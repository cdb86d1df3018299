"""Results are bound to their sender: stored under the venue and table of their topic
(which the broker's ACL vouches for) and keyed by (venue, table, match). Table-2 cannot
replace, shadow or rename table-1's result, through a REAL Mosquitto; a later result of
the same match from the same table counts only if its lines extend the counted ones,
else it is a conflict shown beside it; a league file of the older schema keeps working."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import httpx
import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from pitchside.club import messages
from pitchside.league.app import create_app
from pitchside.league.run import Broker as BrokerAddress
from pitchside.league.run import LeagueServer
from pitchside.league.service import League
from pitchside.league.store import Store
from pitchside.league.verify import check_json as check
from pitchside.web.hub import Hub
from pitchside.web.server import BackgroundServer
from support.broker import USERS, Broker
from support.polling import wait
from support.broker import user as broker_user
from support.league import PITCHNUT, lines_of, payload

T1, T2 = "pitchside/club/table-1/result", "pitchside/club/table-2/result"


def result(lines: list[str], table: str = "table-1", row: int = 1, venue: str = "club") -> dict[str, object]:
    """A result as a table builds it: ``uid`` ``j0``, so row 1 is match ``j0-1``."""
    return messages.result(venue=venue, table=table, boot="b0", journal_uid="j0", match_id=row, lines=lines,
                           ended_wall=1000.0 + row, ended_synced=True)


def swapped(lines: list[str]) -> list[str]:
    """The same match with the names swapped in the header: Bob is now side A and wins."""
    header = json.loads(lines[0])
    header["sides"] = {"A": header["sides"]["B"], "B": header["sides"]["A"]}
    return [json.dumps(header), *lines[1:]]


def redone(lines: list[str]) -> list[str]:
    """An undo after the end and the last input again: the lines extended."""
    return [*lines, json.dumps({"input": "undo"}), lines[-1]]


def league(tmp_path: Path) -> League:
    return League(Store(tmp_path / "league.db"), "club", "boot0")




def test_table_2_cannot_replace_shadow_or_rename_table_1s_result_through_the_broker(broker: Broker,
                                                                                    tmp_path: Path) -> None:
    lg = LeagueServer(tmp_path / "league.db",
                      BrokerAddress("127.0.0.1", broker.port, str(broker.credentials("league")), keepalive_s=5),
                      "club", client_id="league-sender-test").start()
    clients = {}
    try:
        for user in ("table-1", "table-2"):
            c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"test-{user}-sender", protocol=mqtt.MQTTv5)
            c.username_pw_set(broker_user(user), USERS[broker_user(user)])
            c.connect("127.0.0.1", broker.port, keepalive=5)
            c.loop_start()
            clients[user] = c
        assert wait(lambda: lg.subscriber.connects >= 1)
        lines = lines_of(PITCHNUT)
        clients["table-1"].publish(T1, messages.encode(result(lines)), qos=1).wait_for_publish(5)
        assert wait(lambda: lg.store.count() == (1, 0))
        # table-2: table-1's match id, the names swapped, more lines (an undo and a redo)
        forged = result(redone(swapped(lines)), table="table-2")
        clients["table-2"].publish(T2, messages.encode(forged), qos=1).wait_for_publish(5)
        # ... and the same claiming to be table-1's, or another venue's, on its own topic
        clients["table-2"].publish(T2, messages.encode(dict(forged, table="table-1")), qos=1).wait_for_publish(5)
        clients["table-2"].publish(T2, messages.encode(dict(forged, venue="other")), qos=1).wait_for_publish(5)
        # table-1's own topic is closed to table-2 (the ACL): refused by the broker, never delivered
        info = clients["table-2"].publish(T1, messages.encode(result(redone(swapped(lines)))), qos=1)
        info.wait_for_publish(5)
        assert wait(lambda: lg.store.count() == (2, 2)), lg.league.counts
        time.sleep(0.5)
        assert lg.store.count() == (2, 2)
        mine = {(c.table, c.match): (c.names, c.score, c.winner, c.digest) for c in lg.store.counted()}
        assert mine == {
            ("table-1", "j0-1"): (("Ann", "Bob"), (2.0, 0.0), "A", messages.digest(lines)),
            ("table-2", "j0-1"): (("Bob", "Ann"), (2.0, 0.0), "A", forged["digest"]),
        }
        assert sorted(r.reason for r in lg.store.recent(refused=True)) == [
            "sent on table table-2's topic but names table 'table-1'",
            "sent on venue club's topic but names venue 'other'"]
        assert not any(r.superseded for r in lg.store.recent())
    finally:
        for c in clients.values():
            c.disconnect()
            c.loop_stop()
        lg.close()


def test_a_later_result_that_does_not_extend_the_counted_one_is_a_conflict_shown_beside_it(league_db: str) -> None:
    lg = League(Store(league_db), "club", "boot0")
    lines = lines_of(PITCHNUT)
    lg.handle(T1, payload(result(lines)), 1.0)
    lg.handle(T1, payload(result(redone(swapped(lines)))), 2.0)  # checks, but rewrites the header
    (c,) = lg.store.counted()
    assert (c.names, c.digest, c.order) == (("Ann", "Bob"), messages.digest(lines), 1)
    assert (lg.counts.counted, lg.counts.refused) == (1, 1)
    (conflict,) = lg.store.recent(refused=True)
    assert (conflict.n, conflict.counted, conflict.conflict_with, conflict.reason) == (
        2, False, 1, "conflict: the lines do not extend those of result 1, counted for this match of table"
                     " table-1 (kept, not counted)")
    # a later one that extends the counted result still counts, superseding it; the conflict stays
    lg.handle(T1, payload(result(redone(lines))), 3.0)
    (c,) = lg.store.counted()
    assert (c.order, c.digest) == (3, messages.digest(redone(lines)))
    rows = {r.n: (r.counted, r.superseded_by, r.conflict_with) for r in lg.store.recent()}
    assert rows == {1: (True, 3, None), 2: (False, None, 1), 3: (True, None, None)}
    hub = Hub()
    hub.publish_threadsafe(lg.wall.snapshot())
    web = BackgroundServer(create_app(hub, lg.store), hub).start()
    try:
        page = httpx.get(web.url + "/results", timeout=5).text
        assert ('<td>conflict with <a href="/results/1">1</a>: conflict: the lines do not extend those of result 1,'
                ' counted for this match of table table-1 (kept, not counted)</td>') in page
        assert '<td>superseded by <a href="/results/3">3</a></td>' in page
        one = httpx.get(web.url + "/results/2", timeout=5).text
        assert "Bob v Ann" in one and 'Not counted, a conflict with <a href="/results/1">result 1</a>' in one
    finally:
        web.stop()
        lg.store.close()


V0 = """
CREATE TABLE results (
    n INTEGER PRIMARY KEY AUTOINCREMENT, match TEXT NOT NULL, digest TEXT NOT NULL,
    venue TEXT NOT NULL DEFAULT '', tbl TEXT NOT NULL DEFAULT '', game TEXT NOT NULL DEFAULT '',
    counted INTEGER NOT NULL, reason TEXT NOT NULL DEFAULT '', name_a TEXT NOT NULL DEFAULT '',
    name_b TEXT NOT NULL DEFAULT '', score_a REAL, score_b REAL, winner TEXT, rule TEXT NOT NULL DEFAULT '',
    code TEXT NOT NULL DEFAULT '', params TEXT NOT NULL DEFAULT '[]', n_lines INTEGER NOT NULL DEFAULT 0,
    ended_wall REAL, received_wall REAL NOT NULL, payload TEXT NOT NULL, UNIQUE (match, digest));
CREATE TABLE leagues (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, game TEXT NOT NULL,
    format TEXT NOT NULL, players TEXT NOT NULL, created_wall REAL NOT NULL);
"""


def v0_row(db: sqlite3.Connection, msg: dict[str, object], n_lines: int) -> None:
    v = check(msg)
    assert v.ok and v.score is not None
    names = msg["names"]
    assert isinstance(names, dict)
    db.execute("INSERT INTO results (match, digest, venue, tbl, game, counted, name_a, name_b, score_a, score_b,"
               " winner, rule, code, n_lines, ended_wall, received_wall, payload)"
               " VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1.0, ?)",
               (msg["match"], msg["digest"], msg["venue"], msg["table"], msg["game"], names["A"], names["B"],
                v.score["A"], v.score["B"], v.winner, v.rule, v.code, n_lines, msg["ended_wall"], json.dumps(msg)))


def test_a_league_file_of_the_older_schema_is_moved_and_keeps_working(tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    old = sqlite3.connect(path)
    old.executescript(V0)
    lines = lines_of(PITCHNUT)
    first, longer = result(lines), result(redone(lines))
    forged = result(redone(redone(swapped(lines))), table="table-2")  # the old key let this supersede table-1's
    for msg in (first, longer, forged):
        lines_n = msg["lines"]
        assert isinstance(lines_n, list)
        v0_row(old, msg, len(lines_n))
    old.execute("INSERT INTO leagues (name, game, format, players, created_wall)"
                " VALUES ('Monday', 'pitchnut', 'round_robin', '[\"Ann\", \"Bob\"]', 0)")
    old.commit()
    old.close()
    lg = league(tmp_path)
    assert {(c.table, c.order) for c in lg.store.counted()} == {("table-1", 2), ("table-2", 3)}
    assert {r.n: r.superseded_by for r in lg.store.recent()} == {1: 2, 2: None, 3: None}
    assert [x.name for x in lg.store.leagues()] == ["Monday"]
    lg.handle(T1, payload(first), 5.0)  # a copy of a stored one is still a copy
    assert (lg.counts.copies, lg.store.count()) == (1, (3, 0))
    lg.handle(T1, payload(result(lines, row=2)), 6.0)  # a new one is numbered after the old ones
    assert max(r.n for r in lg.store.recent()) == 4
    lg.store.close()
    again = Store(path)  # opening the moved file again changes nothing
    assert [r.n for r in again.recent()] == [4, 3, 2, 1]
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone() == (3,)
