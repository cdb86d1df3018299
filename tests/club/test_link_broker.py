"""A table publishing to a REAL Mosquitto (tests/support/broker.py: a password file and
deploy/'s ACL): birth and will, retained state, events with seq, results delivered in
order after a broker restart and after a night offline, the ACL refusing a table
another's topics (and such a result staying owed), a table SIGKILLed during a publish
resending with 0 lost and 0 counted twice, and a broker that is down changing nothing at
the table."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from pitchside.app.journal import Journal
from pitchside.club.link import ClubLink
from support.broker import USERS, Broker, free_port, mosquitto, user
from support.club import League, attach, mqtt_config, play
from support.web_live import sim_table

TABLE_PROC = Path(__file__).with_name("table_proc.py")


def link_for(broker: Broker, journal: Path | None, **kw: Any) -> ClubLink:
    config = kw.pop("config", None) or mqtt_config(broker)
    return ClubLink(config, journal, name="T1", games=("pitchnut",), version="9.9", poll_s=0.05, **kw)


def finished_ids(journal: Path) -> list[int]:
    with Journal.open_readonly(journal) as j:
        return [r.id for r in j.history() if r.status == "finished"]


def owed(journal: Path) -> list[int]:
    with Journal.open_readonly(journal) as j:
        return j.owed()


def test_birth_retained_state_events_and_a_clean_stop(broker: Broker, tmp_path: Path) -> None:
    league = League(broker).start()
    sim, sc = sim_table("pitchnut", journal=tmp_path / "j.db")
    link = link_for(broker, tmp_path / "j.db").start()
    pub = attach(sim, link)
    try:
        assert league.wait(lambda lg: any(s["boot"] == link.boot for s in lg.of("status")))
        birth = [s for s in league.of("status") if s["boot"] == link.boot][0]
        assert birth == {"v": 1, "online": True, "boot": link.boot, "venue": "club", "table": "table-1",
                         "name": "T1", "version": "9.9", "games": ["pitchnut"]}
        play(sim, sc)
        pub.flush()
        assert league.wait(lambda lg: len([r for r in lg.results.values() if r["boot"] == link.boot]) == 1)
        uid = sim.journal.uid
        mid = sim.recorder.match_id
        lines = sim.journal.lines(mid)  # type: ignore[arg-type]
        events = [e for e in league.of("events") if e["boot"] == link.boot]  # all in before the result
        assert [e["seq"] for e in events] == list(range(1, len(lines)))  # every journaled line, no gap
        assert {e["match"] for e in events} == {f"{uid}-{mid}"}
        assert events[0]["line"]["input"] == "coin_toss"
        (result,) = [r for r in league.results.values() if r["boot"] == link.boot]
        assert result["lines"] == lines and result["match"] == f"{uid}-{mid}"
        assert result["score"] == {"A": 2, "B": 0} and result["outcome"]["rule"] == "PN-22"
        assert league.wait(lambda lg: owed(tmp_path / "j.db") == [])  # the PUBACK came: delivered
        # a late subscriber gets the retained status and state at once
        late = League(broker).start()
        try:
            assert late.wait(lambda lg: any(t.endswith("table-1/state") and r for t, _, r in lg.messages))
            state = [b for t, b, r in late.messages if t.endswith("table-1/state") and r][-1]
            assert state["seq"] == pub.seq and state["match"]["uid"] == f"{uid}-{mid}"
            assert state["status"] == "finished" and state["score"] == {"A": 2, "B": 0}
        finally:
            late.close()
    finally:
        pub.close()
        link.close()
        sim.close()
    assert league.wait(lambda lg: lg.of("status")[-1]["online"] is False)
    assert league.of("status")[-1] == {**birth, "online": False, "why": "stopped"}
    league.close()


def test_results_go_in_order_after_a_broker_restart(tmp_path: Path) -> None:
    binary = mosquitto()
    assert binary is not None
    broker = Broker(binary, tmp_path / "broker").start()
    league = League(broker).start()
    journal = tmp_path / "j.db"
    link = link_for(broker, journal).start()
    try:
        assert league.wait(lambda lg: link.connected)
        broker.stop()  # the broker goes away; the table plays three matches
        for _ in range(3):
            sim, sc = sim_table("pitchnut", journal=journal)
            pub = attach(sim, link)
            play(sim, sc)
            pub.flush()
            pub.close()
            sim.close()
        ids = finished_ids(journal)
        assert len(ids) == 3 and owed(journal) == ids  # every result still owed
        broker.start()
        assert league.wait(lambda lg: len(lg.results) == 3, timeout=60)
        uid = link._uid
        assert [r["match"] for r in league.of("result")][:3] == [f"{uid}-{i}" for i in ids]  # in order
        assert league.wait(lambda lg: owed(journal) == [])
        assert len(league.results) == 3
    finally:
        link.close()
        league.close()
        broker.stop()


def test_a_table_offline_all_night_sends_every_result_when_the_broker_appears(tmp_path: Path) -> None:
    binary = mosquitto()
    assert binary is not None
    broker = Broker(binary, tmp_path / "broker")  # not started: nothing listens on its port
    journal = tmp_path / "j.db"
    ref, sc = sim_table("pitchnut")  # the same match with no link at all
    play(ref, sc)
    link = link_for(broker, journal).start()
    try:
        started = time.monotonic()
        for _ in range(2):
            sim, sc = sim_table("pitchnut", journal=journal)
            pub = attach(sim, link)
            play(sim, sc)
            pub.flush()
            frames = [(t, f.tobytes()) for t, f in sim.device.frames]
            assert frames == [(t, f.tobytes()) for t, f in ref.device.frames]  # the table did not notice
            pub.close()
            sim.close()
        assert time.monotonic() - started < 20
        assert link.counts.dropped > 0 and link.counts.delivered == 0 and not link.connected
        ids = finished_ids(journal)
        assert owed(journal) == ids and len(ids) == 2
        broker.start()
        league = League(broker).start()
        try:
            assert league.wait(lambda lg: owed(journal) == [], timeout=60)
            assert league.wait(lambda lg: len(lg.results) == 2)
            assert [r["match"] for r in league.of("result")] == [f"{link._uid}-{i}" for i in ids]
        finally:
            league.close()
    finally:
        ref.close()
        link.close()
        broker.stop()


def test_the_acl_refuses_a_table_another_tables_topics(broker: Broker, tmp_path: Path) -> None:
    acks: dict[int, str] = {}
    c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="acl-probe", protocol=mqtt.MQTTv5)
    c.username_pw_set(user("table-1"), USERS[user("table-1")])
    c.on_publish = lambda cl, ud, mid, rc, props: acks.__setitem__(mid, str(rc))
    c.connect("127.0.0.1", broker.port)
    c.loop_start()
    try:
        sent = {kind: (c.publish(f"pitchside/club/table-2/{kind}", "{}", qos=1).mid,
                       c.publish(f"pitchside/club/table-1/{kind}", "{}", qos=1).mid)
                for kind in ("status", "state", "events", "result")}
        deadline = time.monotonic() + 5
        while len(acks) < 8 and time.monotonic() < deadline:
            time.sleep(0.02)
        for kind, (theirs, ours) in sent.items():
            assert (kind, acks[theirs]) == (kind, "Not authorized")
            assert (kind, acks[ours]) != (kind, "Not authorized")
    finally:
        c.loop_stop()
        c.disconnect()
    # a link posing as table-2 with table-1's credentials: its result is refused and stays owed
    journal = tmp_path / "j.db"
    sim, sc = sim_table("pitchnut", journal=journal)
    link = link_for(broker, journal, config=replace(mqtt_config(broker), table="table-2"), retry_s=60).start()
    pub = attach(sim, link)
    try:
        play(sim, sc)
        pub.flush()
        deadline = time.monotonic() + 10
        while link.counts.refused == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert link.counts.refused == 1 and link.counts.delivered == 0
        assert owed(journal) == finished_ids(journal) != []
    finally:
        pub.close()
        link.close()
        sim.close()


def test_a_table_sigkilled_during_a_publish_resends_with_none_lost_or_counted_twice(
    broker: Broker, tmp_path: Path
) -> None:
    journal = tmp_path / "j.db"
    league = League(broker).start()
    matches, kills, boots = 4, 0, []
    cmd = [sys.executable, str(TABLE_PROC), "--journal", str(journal), "--port", str(broker.port),
           "--credentials", str(broker.credentials("table-1")), "--matches", str(matches)]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    try:
        while True:
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
            assert proc.stdout is not None
            boots.append(proc.stdout.readline().split()[1])
            if kills < 3:
                before = league.received
                # SIGKILL the moment the league has the next result: the table's PUBACK is
                # in flight, the match not yet marked delivered
                league.on_result = lambda body, p=proc: p.send_signal(signal.SIGKILL)
                ok = league.wait(lambda lg, b=before: lg.received > b, timeout=60)
                league.on_result = None
                proc.wait(20)
                proc.stdout.close()
                assert ok and proc.returncode == -signal.SIGKILL
                kills += 1
                continue
            out, _ = proc.communicate(timeout=120)
            assert proc.returncode == 0 and out.strip().endswith("done")
            break
        ids = finished_ids(journal)
        assert len(ids) == matches and owed(journal) == []
        uid = league.of("result")[0]["match"].rsplit("-", 1)[0]
        stored = sorted(m for m, _ in league.results)
        assert stored == sorted(f"{uid}-{i}" for i in ids)  # 0 lost, and one digest per match: 0 twice
        assert league.received > len(league.results)  # killed before the mark: the resend path ran
        # each kill left the broker to send the last will: offline, "lost", that run's boot
        assert league.wait(lambda lg: {s["boot"] for s in lg.of("status") if s.get("why") == "lost"} >= set(boots[:3]))
    finally:
        league.close()


def test_a_link_to_no_broker_returns_at_once_and_closes_quickly(tmp_path: Path) -> None:
    config = replace(mqtt_config_without_broker(tmp_path))
    link = ClubLink(config, None, poll_s=0.05).start()
    started = time.monotonic()
    for seq in range(1000):
        link({"seq": seq, "match": {"id": None}})
    assert time.monotonic() - started < 0.5
    t = time.monotonic()
    link.close()
    assert time.monotonic() - t < 3.5


def mqtt_config_without_broker(tmp_path: Path) -> Any:
    from pitchside.app.config_mqtt import MqttConfig

    return MqttConfig(host="127.0.0.1", port=free_port(), venue="club", table="table-1", keepalive_s=5)
