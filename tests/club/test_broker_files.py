"""deploy/mosquitto/ ships exactly what ``pitchside club init --venue kings-head --dir
/etc/pitchside/club`` writes (pitchside.club.broker), so the two never drift apart."""

from __future__ import annotations

from pathlib import Path

from pitchside.club.broker import MAX_PACKET_SIZE, BrokerPlan, acl, mosquitto_conf, mqtt_section

DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "mosquitto"


def test_the_shipped_config_and_acl_are_club_inits_for_the_example_venue() -> None:
    assert (DEPLOY / "pitchside.conf").read_text() == mosquitto_conf(BrokerPlan("kings-head", "/etc/pitchside/club"))
    assert (DEPLOY / "pitchside.acl").read_text() == acl("kings-head")


def test_the_config_binds_client_ids_to_users_on_its_one_listener_with_limits_and_persistence() -> None:
    lines = [x for x in mosquitto_conf(BrokerPlan("v", "/srv/club/", host="127.0.0.1", port=8884)).splitlines()
             if x and not x.startswith("#")]
    assert lines == [
        "per_listener_settings false", "allow_anonymous false", "password_file /srv/club/passwd",
        "acl_file /srv/club/acl", f"max_packet_size {MAX_PACKET_SIZE}",
        "max_queued_messages 200000", "max_queued_bytes 268435456", "persistence true",
        "persistence_location /srv/club/data/", "autosave_interval 60", "listener 8884 127.0.0.1",
        "use_username_as_clientid true", "cafile /srv/club/ca.crt", "certfile /srv/club/server.crt",
        "keyfile /srv/club/server.key", "tls_version tlsv1.2"]
    plain = mosquitto_conf(BrokerPlan("v", "/srv/club", tls=False)).splitlines()
    assert [x for x in plain if x.startswith(("listener", "cafile", "certfile", "keyfile"))] == ["listener 1883"]
    assert MAX_PACKET_SIZE == 8 * 1024 * 1024 + 64 * 1024  # the contract's payload and room for its headers


def test_the_acl_gives_tables_their_own_topics_by_user_name_and_the_league_its_venue() -> None:
    rules = [x for x in acl("kings-head").splitlines() if x and not x.startswith("#")]
    assert rules == [
        "pattern write pitchside/%u/status", "pattern write pitchside/%u/state", "pattern write pitchside/%u/events",
        "pattern write pitchside/%u/result", "pattern write pitchside/%u/audits", "pattern read pitchside/%u/cmd/#",
        "user league", "topic read pitchside/kings-head/#", "topic write pitchside/kings-head/+/cmd/#",
        "user dashboard", "topic read pitchside/kings-head/#"]


def test_a_tables_mqtt_lines_name_its_venue_table_credentials_and_ca() -> None:
    assert mqtt_section(host="league.local", port=8883, tls=True, ca_file="/etc/pitchside/club-ca.crt",
                        venue="kings-head", table="table-1", credentials="/etc/pitchside/mqtt.cred") == (
        '[mqtt]\nhost = "league.local"\nport = 8883\ntls = true\nca_file = "/etc/pitchside/club-ca.crt"\n'
        'venue = "kings-head"\ntable = "table-1"\n'
        'credentials = "/etc/pitchside/mqtt.cred"   # one line kings-head/table-1:PASSWORD, chmod 600\n')
