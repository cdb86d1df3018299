"""Simulated tables (``pitchside sim GAME --mqtt``) play whole matches of every game
through a REAL Mosquitto (password file, deploy/'s ACL) into one league server; its
standings equal those computed here by replaying the results by hand. A tampered result
sent by a table is refused and shown; the wall has every table on one SSE stream; a
league restarted on its persistent session gets what it missed."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import httpx
import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from pitchside.club import messages
from pitchside.core.record.format import replay
from pitchside.league.run import Broker as BrokerAddress
from pitchside.league.run import LeagueServer
from pitchside.league.standings import GAMES, table
from support.broker import USERS, Broker, user
from support.polling import wait
from support.league import result_msg
from support.web_live import SCENARIOS

PITCHSIDE = str(Path(sys.executable).with_name("pitchside"))


def server(broker: Broker, db: Path) -> LeagueServer:
    return LeagueServer(db, BrokerAddress("127.0.0.1", broker.port, str(broker.credentials("league")), keepalive_s=5),
                        "club", client_id=f"league-test-{db.parent.name}").start()



def sim(broker: Broker, game: str, table: str, out: Path, matches: int = 1) -> subprocess.Popen[str]:
    return subprocess.Popen([PITCHSIDE, "sim", game, "--script", str(SCENARIOS / f"{game}_match.toml"),
                             "--out", str(out), "--no-terminal", "--mqtt", f"127.0.0.1:{broker.port}",
                             "--credentials", str(broker.credentials(table)), "--matches", str(matches)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def by_hand(raw: list[dict[str, object]], game: str) -> dict[str, tuple[int, int, int, float, float]]:
    """(played, won, lost, for, against) per name, from replaying each result's lines."""
    out: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0, 0.0, 0.0])
    for msg in raw:
        lines = msg["lines"]
        assert isinstance(lines, list)
        header = json.loads(lines[0])
        if header["game"] != game:
            continue
        m = replay(lines).match
        o = m.outcome()
        assert o is not None
        names = (header["sides"]["A"], header["sides"]["B"])
        for i, side in enumerate("AB"):
            t = out[names[i]]
            t[0] += 1
            t[1] += o.winner == side
            t[2] += o.winner is not None and o.winner != side
            t[3] += m.score()[side]  # type: ignore[index]
            t[4] += m.score()["B" if side == "A" else "A"]
    return {k: (int(v[0]), int(v[1]), int(v[2]), v[3], v[4]) for k, v in out.items()}


def test_simulated_tables_play_every_game_into_one_league(broker: Broker, tmp_path: Path) -> None:
    broker.forget_session("league")  # another test's league may have left messages queued
    lg = server(broker, tmp_path / "league.db")
    try:
        assert wait(lambda: lg.subscriber.connects >= 1)
        runs = []
        for i, game in enumerate(GAMES):  # two tables at once, every game, Pitchnut twice
            t = ("table-1", "table-2")[i % 2]
            runs.append(sim(broker, game, t, tmp_path / game, matches=2 if game == "pitchnut" else 1))
            if len(runs) % 2 == 0:
                for p in runs[-2:]:
                    _, err = p.communicate(timeout=180)
                    assert p.returncode == 0, err
        for p in runs:
            if p.returncode is None:
                _, err = p.communicate(timeout=180)
                assert p.returncode == 0, err
        assert wait(lambda: len(lg.store.counted()) == 6), lg.league.counts
        assert lg.league.counts.refused == 0 and lg.store.count() == (6, 0)
        raw = []
        for r in lg.store.recent(50):
            got = lg.store.get(r.n)
            assert got is not None
            raw.append(got[1])
        counted = lg.store.counted()
        for game in GAMES:
            rows = table(game, counted)
            mine = {r.name: (r.played, r.won, r.lost, r.score_for, r.score_against) for r in rows}
            assert mine == by_hand(raw, game), game
        assert table("pitchnut", counted)[0].played == 2
        # the wall: both tables on one stream, stopped cleanly
        wall = httpx.get(lg.url + "/api/wall", timeout=5).json()
        assert [(t["table"], t["online"], t["why"]) for t in wall["tables"]] == [
            ("table-1", False, "stopped"), ("table-2", False, "stopped")]
        assert all(t["gaps"] == 0 for t in wall["tables"])
        # every game's state, status and events parsed as the contract's typed values
        assert [t["bad"] for t in wall["tables"]] == [None, None] and lg.league.counts.unreadable == 0
        assert "Ann" in httpx.get(lg.url + "/standings", timeout=5).text
    finally:
        lg.close()


def publisher(broker: Broker, name: str) -> mqtt.Client:
    c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=user(name), protocol=mqtt.MQTTv5)
    c.username_pw_set(user(name), USERS[user(name)])
    c.connect("127.0.0.1", broker.port, keepalive=5)
    c.loop_start()
    return c


def test_a_tampered_result_is_refused_and_a_restarted_league_gets_what_it_missed(broker: Broker, tmp_path: Path) -> None:
    broker.forget_session("league")
    lg = server(broker, tmp_path / "league.db")
    table2 = publisher(broker, "table-2")
    try:
        assert wait(lambda: lg.subscriber.connects >= 1)
        bad = result_msg(table="table-2", uid="t2")
        bad["score"] = {"A": 0, "B": 2}
        table2.publish("pitchside/club/table-2/result", messages.encode(bad), qos=1).wait_for_publish(5)
        assert wait(lambda: lg.store.count() == (0, 1))
        assert "but the lines replay to {&#39;A&#39;: 2, &#39;B&#39;: 0}" in httpx.get(lg.url + "/results", timeout=5).text
        # the league goes away; a result sent meanwhile waits in its persistent session
        lg.close()
        good = result_msg(table="table-2", uid="t2", row=2)
        table2.publish("pitchside/club/table-2/result", messages.encode(good), qos=1).wait_for_publish(5)
        table2.publish("pitchside/club/table-2/result", messages.encode(good), qos=1).wait_for_publish(5)  # a copy
        lg = server(broker, tmp_path / "league.db")
        assert wait(lambda: lg.store.count() == (1, 1)), lg.league.counts
        (c,) = lg.store.counted()
        assert (c.match, c.table, c.names, c.score) == ("t2-2", "table-2", ("Ann", "Bob"), (2.0, 0.0))
    finally:
        table2.disconnect()
        table2.loop_stop()
        lg.close()
