"""What ``pitchside region init``, ``region add-venue`` and ``club init --region`` write,
and what they refuse (the brokers themselves run these files in test_faults.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pitchside.club import regionsetup, setup
from pitchside.club.broker import Bridge, bridge_section


def test_the_bridge_section_sends_only_the_venues_own_topics_up_and_its_commands_down() -> None:
    text = bridge_section("kings-head", Bridge("region.example", 8883, "bridge-kings-head", "pw", "/c/region-ca.crt"))
    lines = [x for x in text.splitlines() if x and not x.startswith("#")]
    assert lines == [
        "connection region", "address region.example:8883", "remote_clientid bridge-kings-head",
        "remote_username bridge-kings-head", "remote_password pw", "local_clientid local.bridge-kings-head",
        "cleansession false", "bridge_protocol_version mqttv311", "try_private true", "start_type automatic",
        "restart_timeout 1 10", "keepalive_interval 30",
        "notifications true", "notification_topic pitchside/kings-head/uplink", "bridge_cafile /c/region-ca.crt",
        "bridge_tls_version tlsv1.2", "bridge_insecure false",
        "topic pitchside/kings-head/+/status out 1", "topic pitchside/kings-head/+/state out 1",
        "topic pitchside/kings-head/+/result out 1", "topic pitchside/kings-head/+/events out 0",
        "topic pitchside/kings-head/+/cmd/# in 1"]


@pytest.fixture
def region(tmp_path: Path) -> regionsetup.Region:
    return regionsetup.init(tmp_path / "region", hosts=("127.0.0.1",), workers=2)


def test_region_init_makes_one_user_per_worker_slot_and_add_venue_a_confined_bridge_user(
        region: regionsetup.Region) -> None:
    added = regionsetup.add_venue(region, "north")
    assert [x.partition(":")[0] for x in region.file("passwd").read_text().splitlines()] == [
        "league-0", "league-1", "league-2", "dashboard", "bridge-north"]
    assert region.file("league.cred").read_text().startswith("league:")
    assert added.credentials.read_text().startswith("bridge-north:")
    assert region.file("acl").read_text().endswith(
        "user bridge-north\ntopic write pitchside/north/+/status\ntopic write pitchside/north/+/state\n"
        "topic write pitchside/north/+/events\ntopic write pitchside/north/+/result\n"
        "topic write pitchside/north/uplink\ntopic read pitchside/north/+/cmd/#\n")
    with pytest.raises(setup.ClubSetupError, match="the region has a venue 'north' already"):
        regionsetup.add_venue(region, "north")


def test_club_init_refuses_another_venues_bridge_credentials(region: regionsetup.Region, tmp_path: Path) -> None:
    added = regionsetup.add_venue(region, "north")
    uplink = setup.Uplink("127.0.0.1", region.port, region.file("ca.crt"), added.credentials)
    with pytest.raises(setup.ClubSetupError, match="is 'bridge-north''s, not venue south's bridge user 'bridge-south'"):
        setup.init(tmp_path / "south", "south", tls=False, uplink=uplink)
    assert not (tmp_path / "south" / "mosquitto.conf").exists()
    club = setup.init(tmp_path / "north", "north", tls=False, uplink=uplink)
    conf = club.file("mosquitto.conf")
    assert conf.stat().st_mode & 0o777 == 0o600  # it holds the bridge's password
    assert f"bridge_cafile {club.file('region-ca.crt')}\n" in conf.read_text()
    assert club.file("region-ca.crt").read_text() == region.file("ca.crt").read_text()


def test_club_init_region_needs_its_ca_and_credentials(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pitchside.cli.main", "club", "init", "--venue", "north", "--dir",
                           str(tmp_path / "c"), "--no-tls", "--region", "region.example"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == ("pitchside club init: --region needs --region-ca FILE (the region's ca.crt) and "
                           "--region-credentials FILE (from pitchside region add-venue)\n")


def test_a_folder_without_a_region_says_what_to_run(tmp_path: Path) -> None:
    with pytest.raises(setup.ClubSetupError) as info:
        regionsetup.load(tmp_path)
    assert str(info.value) == (f"{tmp_path} holds no region broker (region.toml is missing): make one with "
                               f"pitchside region init --dir {tmp_path}")
    (tmp_path / "region.toml").write_text("port = 'x'\n", encoding="utf-8")
    with pytest.raises(setup.ClubSetupError) as info:
        regionsetup.load(tmp_path)
    assert str(info.value) == (f"{tmp_path / 'region.toml'} is not what pitchside region init writes "
                               "(port, hosts, workers)")
