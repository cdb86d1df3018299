"""A result is acknowledged to the broker only once it is stored (counted or refused):
with the league's database locked by another connection for longer than its busy wait,
through a REAL Mosquitto, the result waits, is tried again and is stored once the lock
goes; a league stopped meanwhile acknowledged nothing, so the broker hands the result to
the next connection of its session. Values out of range are a refusal with a reason."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from pitchside.club import messages
from pitchside.league.run import Broker as BrokerAddress
from pitchside.league.run import LeagueServer
from pitchside.league.service import League
from pitchside.league.store import Store, StoreError
from pitchside.league.verify import check
from pitchside.wire import messages as wire
from support.broker import USERS, Broker
from support.polling import wait
from support.broker import user as broker_user
from support.league import payload, result_msg

TOPIC = "pitchside/club/table-1/result"


def server(broker: Broker, db: Path, busy_s: float) -> LeagueServer:
    return LeagueServer(db, BrokerAddress("127.0.0.1", broker.port, str(broker.credentials("league")), keepalive_s=5),
                        "club", client_id=f"league-ack-{db.parent.name}", busy_s=busy_s).start()




def publisher(broker: Broker, user: str = "table-1") -> mqtt.Client:
    c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"test-{user}-{time.monotonic_ns()}", protocol=mqtt.MQTTv5)
    c.username_pw_set(broker_user(user), USERS[broker_user(user)])
    c.connect("127.0.0.1", broker.port, keepalive=5)
    c.loop_start()
    return c


def locked(db: Path) -> sqlite3.Connection:
    """Another writer holding the league's database (the lock a backup tool or a stuck
    script would take)."""
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    return other


def test_a_write_past_the_busy_wait_is_a_store_error_and_the_store_still_works(tmp_path: Path) -> None:
    store = Store(tmp_path / "league.db", busy_s=0.05)
    raw = payload(result_msg())
    msg = wire.parse(wire.Result, raw)
    other = locked(tmp_path / "league.db")
    with pytest.raises(StoreError, match="database is locked"):
        store.add(msg, check(msg), raw, 5.0, venue="club", table="table-1")
    other.execute("ROLLBACK")
    assert store.add(msg, check(msg), raw, 5.0, venue="club", table="table-1") == "kept"
    assert store.count() == (1, 0)


def test_a_result_sent_while_the_database_is_locked_is_stored_when_it_frees(broker: Broker, tmp_path: Path) -> None:
    """The lock lasts about 15 busy waits (0.2 s each): waited for, tried again, counted once."""
    db = tmp_path / "league.db"
    lg = server(broker, db, busy_s=0.2)
    table = publisher(broker)
    try:
        assert wait(lambda: lg.subscriber.connects >= 1)
        other = locked(db)
        table.publish(TOPIC, messages.encode(result_msg()), qos=1).wait_for_publish(5)
        assert wait(lambda: lg.subscriber.retries >= 4)
        assert lg.league.counts.counted == 0
        time.sleep(1.0)
        other.execute("COMMIT")
        assert wait(lambda: lg.store.count() == (1, 0)), lg.league.counts
        assert (lg.league.counts.counted, lg.league.counts.copies) == (1, 0)
        assert [c.match for c in lg.store.counted()] == ["j0-1"]
    finally:
        table.disconnect()
        table.loop_stop()
        lg.close()


def test_a_league_stopped_while_the_database_is_locked_acknowledged_nothing(broker: Broker, tmp_path: Path) -> None:
    """The broker resends the unacknowledged result to the session's next connection."""
    db = tmp_path / "league.db"
    lg = server(broker, db, busy_s=0.2)
    table = publisher(broker)
    try:
        assert wait(lambda: lg.subscriber.connects >= 1)
        other = locked(db)
        table.publish(TOPIC, messages.encode(result_msg(row=7)), qos=1).wait_for_publish(5)
        assert wait(lambda: lg.subscriber.retries >= 2)
        lg.close()  # stopped mid-retry: no PUBACK went out
        other.execute("ROLLBACK")
        other.close()
        lg = server(broker, db, busy_s=0.2)
        assert wait(lambda: lg.store.count() == (1, 0)), lg.league.counts
        assert [c.match for c in lg.store.counted()] == ["j0-7"]
    finally:
        table.disconnect()
        table.loop_stop()
        lg.close()


def test_the_database_locked_for_30_s_loses_nothing(broker: Broker, tmp_path: Path) -> None:
    """The real case: the default 5 s busy wait, a lock held for 30 s, two results sent
    during it; both counted once after it."""
    db = tmp_path / "league.db"
    lg = server(broker, db, busy_s=5.0)
    table = publisher(broker)
    try:
        assert wait(lambda: lg.subscriber.connects >= 1)
        other = locked(db)
        held = time.monotonic()
        for row in (1, 2):
            table.publish(TOPIC, messages.encode(result_msg(row=row)), qos=1).wait_for_publish(5)
        time.sleep(max(0.0, 30.0 - (time.monotonic() - held)))
        assert lg.store.count() == (0, 0) and lg.subscriber.retries >= 3
        other.execute("COMMIT")
        assert wait(lambda: lg.store.count() == (2, 0), timeout=40), lg.league.counts
        assert sorted(c.match for c in lg.store.counted()) == ["j0-1", "j0-2"]
    finally:
        table.disconnect()
        table.loop_stop()
        lg.close()


def test_a_time_past_64_bits_is_a_refusal_through_the_broker(broker: Broker, tmp_path: Path) -> None:
    lg = server(broker, tmp_path / "league.db", busy_s=5.0)
    table = publisher(broker)
    try:
        assert wait(lambda: lg.subscriber.connects >= 1)
        msg = result_msg()
        msg["ended_wall"] = 10**30
        table.publish(TOPIC, messages.encode(msg), qos=1).wait_for_publish(5)
        assert wait(lambda: lg.store.count() == (0, 1)), lg.league.counts
        (row,) = lg.store.recent()
        assert row.reason == ("malformed result: 'ended_wall' 1000000000000000000000000000000 is not a time"
                              " (null or 0 to 253402300799 s)")
        assert row.ended_wall is None
    finally:
        table.disconnect()
        table.loop_stop()
        lg.close()


@pytest.mark.parametrize(("key", "value", "reason"), [
    ("ended_wall", 1e30, "malformed result: 'ended_wall' 1e+30 is not a time (null or 0 to 253402300799 s)"),
    ("ended_wall", -1, "malformed result: 'ended_wall' -1 is not a time (null or 0 to 253402300799 s)"),
    ("ended_wall", 10**400, "malformed result: 'ended_wall' 1000000000000000000000000000000000000... is not a"
                            " time (null or 0 to 253402300799 s)"),
    ("score", {"A": 10**30, "B": 0}, "malformed result: 'score.A' is past 64 bits"),
    ("score", {"A": 1e300, "B": 0}, "score {'A': 1e+300, 'B': 0} but the lines replay to {'A': 2, 'B': 0}"),
])
def test_values_out_of_range_are_refusals(tmp_path: Path, key: str, value: object, reason: str) -> None:
    league = League(Store(tmp_path / "league.db"), "club", "boot0")
    msg = result_msg()
    msg[key] = value
    league.handle(TOPIC, json.dumps(msg).encode(), 5.0)
    (row,) = league.store.recent()
    assert (row.counted, row.reason) == (False, reason)
