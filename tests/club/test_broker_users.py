"""The club broker's users against a REAL Mosquitto with the config and ACL ``pitchside
club init`` writes (pitchside.club.broker): a client's id is its user name, so no other
user's password takes the league's persistent session or kicks a table off; the ACL pins
each table (user ``VENUE/TABLE``) to its own topics under its own venue."""

from __future__ import annotations

import time

from support.broker import Broker
from support.mqtt_users import login, own_broker, until

__all__ = ["own_broker"]


def test_no_other_users_password_takes_the_leagues_session_or_kicks_a_table_off(own_broker: Broker) -> None:
    league = login(own_broker, "league", "pitchside-league-club", persistent=True, subscribe="pitchside/club/+/#")
    league.close()  # the league is away: what the tables send is queued in its session
    table1 = login(own_broker, "table-1", "pitchside-club-table-1")
    try:
        for n in range(10):
            assert table1.publish("pitchside/club/table-1/result", f'{{"n": {n}}}') == "Success"
        for intruder in ("table-2", "dashboard"):
            for client_id in ("league", "pitchside-league-club", "club/table-1", "pitchside-club-table-1"):
                probe = login(own_broker, intruder, client_id, resume=True, subscribe="pitchside/#")
                time.sleep(0.3)  # what a taken session would deliver has time to come
                probe.close()
                assert (intruder, client_id, probe.session_present) == (intruder, client_id, False)
                assert [t for t, _ in probe.got if t.endswith("/result")] == [], (intruder, client_id)
        assert table1.dropped == [] and table1.c.is_connected()  # never kicked off
        assert table1.publish("pitchside/club/table-1/result", '{"n": 10}') == "Success"
        back = login(own_broker, "league", "anything", persistent=True)  # its id is its user name
        assert back.session_present is True
        assert until(lambda: len(back.got) == 11)
        back.close()
        assert back.got == [("pitchside/club/table-1/result", f'{{"n": {n}}}'.encode()) for n in range(11)]
    finally:
        table1.close()


def test_the_acl_pins_each_table_to_its_own_topics_and_venue(broker: Broker) -> None:
    table2 = login(broker, "table-2", "club/table-1")  # asking for table-1's id changes nothing
    other = login(broker, "elsewhere/table-1")
    dashboard = login(broker, "dashboard")
    league = login(broker, "league", subscribe="pitchside/#")
    try:
        for kind in ("status", "state", "events", "result", "cmd/fixture"):
            assert (kind, table2.publish(f"pitchside/club/table-1/{kind}")) == (kind, "Not authorized")
            assert (kind, table2.publish(f"pitchside/elsewhere/table-2/{kind}")) == (kind, "Not authorized")
            assert (kind, other.publish(f"pitchside/club/table-1/{kind}")) == (kind, "Not authorized")
            assert (kind, dashboard.publish(f"pitchside/club/table-1/{kind}")) == (kind, "Not authorized")
        for kind in ("status", "state", "events", "result"):
            assert (kind, table2.publish(f"pitchside/club/table-2/{kind}", kind)) == (kind, "Success")
            assert (kind, other.publish(f"pitchside/elsewhere/table-1/{kind}", kind)) == (kind, "Success")
            assert (kind, league.publish(f"pitchside/club/table-2/{kind}")) == (kind, "Not authorized")
        assert table2.publish("pitchside/club/table-2/cmd/fixture") == "Not authorized"  # commands are the league's
        assert table2.publish("pitchside/club/table-2/extra") == "Not authorized"
        # the league reads its venue's tables (and nothing of the other venue's)
        assert until(lambda: len(league.got) == 4)
        time.sleep(0.3)
        assert league.got == [(f"pitchside/club/table-2/{k}", k.encode()) for k in ("status", "state", "events", "result")]
        # the league writes commands; only their table reads them
        peeker = login(broker, "table-2", subscribe="pitchside/club/table-1/cmd/#")
        table1 = login(broker, "table-1", subscribe="pitchside/club/table-1/cmd/#")
        assert league.publish("pitchside/club/table-1/cmd/fixture", '{"v": 1}') == "Success"
        assert until(lambda: table1.got == [("pitchside/club/table-1/cmd/fixture", b'{"v": 1}')])
        time.sleep(0.3)
        assert peeker.got == []  # Mosquitto 2.0 grants the subscription and filters each message
        assert league.publish("pitchside/elsewhere/table-1/cmd/fixture") == "Not authorized"
        for c in (peeker, table1):
            c.close()
    finally:
        for c in (table2, other, dashboard, league):
            c.close()
