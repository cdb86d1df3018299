"""A paying table publishes its audits and lifetime meters on its own ``audits`` topic
(retained) through a REAL Mosquitto with the club's ACL; the league keeps the latest per
table and ``pitchside league audits`` prints them. A change of the ledger (a coin, an
audits reset) is published again; the ACL keeps a table off another table's topic."""

from __future__ import annotations

import time
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from pitchside.app.journal import Journal
from pitchside.cli.main import main
from pitchside.club.link import ClubLink
from pitchside.core.meters import Meters
from pitchside.core.pricing import LedgerEntry
from pitchside.league.run import Broker as BrokerAddress
from pitchside.league.run import LeagueServer
from pitchside.league.store import Store
from pitchside.wire import messages as wire
from support.broker import USERS, Broker, user
from support.club import mqtt_config
from support.polling import wait

DAY = 1_700_000_000.0


def fill(path: Path) -> None:
    with Journal.open(path, wall=lambda: DAY, synced=lambda: True) as j:
        for e in (LedgerEntry("coin", 100, 100, 100, pulses=2), LedgerEntry("coin", 100, 200, 200, pulses=2),
                  LedgerEntry("bonus", 100, 300, 200), LedgerEntry("fault", 0, 300, 200, pulses=9)):  # fmt: skip
            j.credit(e)
        mid = j.start_match({"format": 1, "game": "pichenotte", "options": {}})
        j.append_lines(mid, [{"input": "coin_toss", "winner": "A"}],
                       LedgerEntry("spend", -100, 200, 200, game="pichenotte"))  # fmt: skip
        assert j.reset_audits()
        j.credit(LedgerEntry("coin", 50, 250, 250, pulses=1))


def stored(db: Path) -> dict[str, wire.Audits]:
    store = Store(db)
    try:
        return {table: a for table, _, a in store.audits()}
    finally:
        store.close()


def test_a_paying_tables_audits_reach_the_league_and_its_command(
    broker: Broker, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal, db = tmp_path / "journal.db", tmp_path / "league.db"
    fill(journal)
    broker.forget_session("league")
    lg = LeagueServer(db, BrokerAddress("127.0.0.1", broker.port, str(broker.credentials("league")), keepalive_s=5),
                      "club", client_id="league-audits-test").start()
    link = ClubLink(mqtt_config(broker), journal, name="T1", games=("pichenotte",), version="9.9", poll_s=0.05,
                    currency="$").start()
    try:
        assert wait(lambda: "table-1" in stored(db))
        a = stored(db)["table-1"]
        assert (a.venue, a.table, a.boot, a.currency, a.resets) == ("club", "table-1", link.boot, "$", 1)
        assert a.since == time.strftime("%Y-%m-%d", time.localtime(DAY))
        assert a.audits == wire.Counts(coins=1, paid=50, bonus=0, free=0, games=0, spent=0, faults=0)
        assert a.lifetime == Meters(coins=3, money=250, games=1, free_games=0, bonus=100, free=0)
        with Journal.open(journal, wall=lambda: DAY, synced=lambda: True) as j:  # the table drops a coin
            j.credit(LedgerEntry("coin", 200, 450, 450, pulses=4))
        assert wait(lambda: stored(db)["table-1"].lifetime.coins == 4)
        a = stored(db)["table-1"]
        assert (a.audits.coins, a.audits.paid, a.lifetime.money) == (2, 250, 450)
    finally:
        link.close()
        lg.close()
    assert main(["league", "audits", "--db", str(db)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("table-1: received ")
    assert out[1:] == [
        f"  since the reset of {a.since} (1 reset(s)): 2 coin(s) = $2.50; 0 game(s), $0.00 spent; $0.00 bonus; "
        "$0.00 free; 0 fault(s)",
        "  lifetime (never reset): 4 coin(s) = $4.50; 1 game(s), 0 of them free; $1.00 bonus; $0.00 free credit",
    ]


def test_a_table_without_pricing_publishes_no_audits(broker: Broker, tmp_path: Path) -> None:
    journal = tmp_path / "journal.db"
    fill(journal)
    link = ClubLink(mqtt_config(broker, "table-2"), journal, poll_s=0.05).start()
    try:
        assert wait(lambda: link.counts.by_kind.get("status", 0) >= 1)  # connected: the pass that publishes
    finally:
        link.close()  # ... is done once the link's thread has stopped
    assert "audits" not in link.counts.by_kind


def test_the_acl_keeps_a_table_off_another_tables_audits(broker: Broker, tmp_path: Path) -> None:
    """table-2 writing on table-1's audits topic: the broker refuses it (MQTT v5 PUBACK
    "Not authorized"), so the league's copy of table-1's audits is table-1's own."""
    got: list[int] = []
    c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=user("table-2"), protocol=mqtt.MQTTv5)
    c.username_pw_set(user("table-2"), USERS[user("table-2")])
    c.on_publish = lambda client, userdata, mid, reason, properties: got.append(reason.value)
    c.connect("127.0.0.1", broker.port, keepalive=5)
    c.loop_start()
    try:
        c.publish("pitchside/club/table-1/audits", b"{}", qos=1).wait_for_publish(10)
        assert wait(lambda: bool(got))
    finally:
        c.disconnect()
        c.loop_stop()
    assert got == [135]  # Not authorized
