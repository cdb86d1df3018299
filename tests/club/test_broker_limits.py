"""The club broker's limits and persistence against a REAL Mosquitto with the config
``pitchside club init`` writes (pitchside.club.broker): a packet past
``max_packet_size`` (a 16 MB result) ends its sender's connection and reaches no one,
and results queued for a league that is away survive a broker restart."""

from __future__ import annotations

import time
from pathlib import Path

from pitchside.club.broker import MAX_PACKET_SIZE
from support.broker import Broker, mosquitto
from support.mqtt_users import login, own_broker, until

__all__ = ["own_broker"]

TOPIC = "pitchside/club/table-1/result"


def test_a_packet_past_the_limit_and_a_16_mb_result_reach_no_one_and_drop_their_sender(own_broker: Broker) -> None:
    league = login(own_broker, "league", subscribe="pitchside/club/+/#")
    try:
        fits = MAX_PACKET_SIZE - 1024  # a payload this big leaves room for the topic and headers
        table1 = login(own_broker, "table-1")
        assert table1.publish(TOPIC, b"x" * fits) == "Success"
        assert until(lambda: len(league.got) == 1)
        table1.close()
        for size in (MAX_PACKET_SIZE, 16 * 1024 * 1024):
            table1 = login(own_broker, "table-1")
            table1.c.reconnect_delay_set(60, 60)  # paho would send it again on reconnect
            table1.c.publish(TOPIC, b"x" * size, qos=1)
            assert until(lambda: table1.dropped != [])
            table1.close()
            assert (size, table1.acks) == (size, {})  # no PUBACK: the broker took none of it
        time.sleep(0.3)
        assert [len(p) for _, p in league.got] == [fits]  # nothing of either reached the league
    finally:
        league.close()
    own_broker.stop()  # its log is written out
    log = (own_broker.folder / "broker.log").read_text()
    assert log.count("Client club/table-1 disconnected due to oversize packet.") == 2


def test_results_queued_for_a_league_that_is_away_survive_a_broker_restart(tmp_path: Path) -> None:
    binary = mosquitto()
    assert binary is not None
    broker = Broker(binary, tmp_path / "broker").start()
    try:
        login(broker, "league", persistent=True, subscribe="pitchside/club/+/#").close()  # the league goes away
        table1 = login(broker, "table-1")
        for n in range(5):
            assert table1.publish(TOPIC, f'{{"n": {n}}}') == "Success"
        table1.close()
        broker.restart()  # a clean stop saves the broker's persistence file; the start reads it
        league = login(broker, "league", persistent=True)
        assert league.session_present is True
        assert until(lambda: len(league.got) == 5)
        league.close()
        assert league.got == [(TOPIC, f'{{"n": {n}}}'.encode()) for n in range(5)]
    finally:
        broker.stop()
