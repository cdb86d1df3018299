"""``pitchside club init`` and ``add-table`` (pitchside.club.setup, pitchside.cli.club):
the files, their modes and contents, the club CA and the broker's certificate (checked
with the openssl command line), the password file's hashes (accepted by a REAL Mosquitto
started on the written config, over TLS), the ``[mqtt]`` lines check-config accepts, and
every refusal named."""

from __future__ import annotations

import os
import ssl
import stat
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from pitchside.app.config import load_config
from pitchside.app.config_mqtt import MqttConfig, read_credentials
from pitchside.cli.main import main
from pitchside.club import broker, passwd, setup
from support.broker import free_port, mosquitto

EXAMPLE = Path(__file__).resolve().parents[2] / "hardware" / "pitchside_hw" / "configs" / "pitchnut.toml"


@pytest.fixture
def top() -> Iterator[Path]:
    """A folder user ``mosquitto`` can enter (a broker started as root reads as that user)."""
    path = Path(tempfile.mkdtemp(prefix="pitchside-club-"))
    path.chmod(0o755)
    try:
        yield path
    finally:
        subprocess.run(["rm", "-rf", str(path)], check=False)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_init_writes_the_broker_folder_with_tls_users_and_modes(top: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = top / "club"
    assert main(["club", "init", "--venue", "kings-head", "--dir", str(d), "--listen", "127.0.0.1:8884",
                 "--host", "league.local", "--host", "10.0.0.5"]) == 0
    assert sorted(p.name for p in d.iterdir()) == [
        "acl", "ca.crt", "ca.key", "club.toml", "dashboard.cred", "data", "league.cred", "mosquitto.conf", "passwd",
        "server.crt", "server.key"]
    assert {p.name: mode(p) for p in d.iterdir()} == {
        "acl": 0o600, "ca.crt": 0o644, "ca.key": 0o600, "club.toml": 0o644, "dashboard.cred": 0o600, "data": 0o700,
        "league.cred": 0o600, "mosquitto.conf": 0o644, "passwd": 0o600, "server.crt": 0o644, "server.key": 0o600}
    plan = broker.BrokerPlan("kings-head", str(d), tls=True, host="127.0.0.1", port=8884)
    assert (d / "mosquitto.conf").read_text() == broker.mosquitto_conf(plan)
    assert (d / "acl").read_text() == broker.acl("kings-head")
    assert passwd.users((d / "passwd").read_text()) == ["league", "dashboard"]
    assert [read_credentials(str(d / f"{u}.cred"))[0] for u in ("league", "dashboard")] == ["league", "dashboard"]
    assert setup.load(d) == setup.Club(d, "kings-head", 8884, True, ("league.local", "10.0.0.5"))
    verify = subprocess.run(["openssl", "verify", "-CAfile", str(d / "ca.crt"), str(d / "server.crt")],
                            capture_output=True, text=True)
    assert verify.stdout.strip() == f"{d / 'server.crt'}: OK"
    san = subprocess.run(["openssl", "x509", "-in", str(d / "server.crt"), "-noout", "-ext", "subjectAltName"],
                         capture_output=True, text=True, check=True).stdout
    assert san.split("\n")[1].strip() == "DNS:league.local, IP Address:10.0.0.5"
    out = capsys.readouterr().out
    assert f"  mosquitto -c {d / 'mosquitto.conf'}\n" in out
    assert (f"  pitchside league serve --broker league.local:8884 --tls --ca-file {d / 'ca.crt'} --credentials "
            f"{d / 'league.cred'} --venue kings-head --db LEAGUE.db\n") in out


def test_add_table_adds_its_user_and_prints_mqtt_lines_check_config_accepts(top: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = top / "club"
    assert main(["club", "init", "--venue", "kings-head", "--dir", str(d), "--host", "league.local"]) == 0
    capsys.readouterr()
    assert main(["club", "add-table", "table-1", "--dir", str(d)]) == 0
    out = capsys.readouterr().out
    assert passwd.users((d / "passwd").read_text()) == ["league", "dashboard", "kings-head/table-1"]
    assert mode(d / "table-1.cred") == 0o600 and read_credentials(str(d / "table-1.cred"))[0] == "kings-head/table-1"
    lines = out[out.index("[mqtt]\n"):out.index("\n\nA running broker")] + "\n"
    assert lines == broker.mqtt_section(host="league.local", port=8883, tls=True, ca_file="/etc/pitchside/club-ca.crt",
                                        venue="kings-head", table="table-1", credentials="/etc/pitchside/mqtt.cred")
    # on the table, with the two files where the lines say they go
    table = top / "table.toml"
    table.write_text(EXAMPLE.read_text() + "\n" + lines.replace("/etc/pitchside/mqtt.cred", str(d / "table-1.cred"))
                     .replace("/etc/pitchside/club-ca.crt", str(d / "ca.crt")))
    config = load_config(table)
    assert config.mqtt == MqttConfig(host="league.local", venue="kings-head", table="table-1", port=8883, tls=True,
                                     ca_file=str(d / "ca.crt"), credentials=str(d / "table-1.cred"))
    assert config.warnings == ()


@pytest.mark.parametrize(("argv", "error"), [
    (["club", "init", "--venue", "Kings Head"], "pitchside club init: --venue must be 1-64 of a-z, 0-9, - and _ (one "
                                                "topic level), not 'Kings Head'"),
    (["club", "init", "--venue", "v", "--listen", "host:99999"],
     "pitchside club init: --listen must be PORT or HOST:PORT such as 127.0.0.1:8883, not 'host:99999'"),
    (["club", "init", "--venue", "v", "--listen", ":8883"],
     "pitchside club init: --listen must be PORT or HOST:PORT such as 127.0.0.1:8883, not ':8883'"),
    (["club", "add-table", "table-1"], "pitchside club add-table: {d} holds no club (club.toml is missing): make one "
                                       "with pitchside club init --venue NAME --dir {d}"),
])  # fmt: skip
def test_bad_arguments_are_named(top: Path, argv: list[str], error: str, capsys: pytest.CaptureFixture[str]) -> None:
    d = top / "club"
    assert main([*argv, "--dir", str(d)]) == 2
    assert capsys.readouterr().err.strip() == error.format(d=d)
    assert not (d / "passwd").exists()


def test_a_second_init_a_table_added_twice_and_a_bad_table_id_are_refused(top: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = top / "club"
    assert main(["club", "init", "--venue", "v", "--dir", str(d), "--no-tls"]) == 0
    assert not (d / "ca.crt").exists() and setup.load(d).port == 1883
    ca_before = (d / "passwd").read_text()
    assert main(["club", "init", "--venue", "w", "--dir", str(d)]) == 2
    assert main(["club", "add-table", "t1", "--dir", str(d)]) == 0
    cred = (d / "t1.cred").read_text()
    assert main(["club", "add-table", "t1", "--dir", str(d)]) == 2
    assert main(["club", "add-table", "T/1", "--dir", str(d)]) == 2
    assert (d / "t1.cred").read_text() == cred and passwd.users((d / "passwd").read_text()) == ["league", "dashboard", "v/t1"]
    assert (d / "passwd").read_text().startswith(ca_before)
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"pitchside club init: {d} holds a club already: add tables with pitchside club add-table NAME --dir {d}, "
        "or give another --dir",
        f"pitchside club add-table: the club has a table 't1' already: its credentials are {d / 't1.cred'}",
        "pitchside club add-table: the table id must be 1-64 of a-z, 0-9, - and _ (one topic level), not 'T/1'"]


def test_a_real_mosquitto_runs_the_written_folder_over_tls_and_knows_its_users(top: Path) -> None:
    binary = mosquitto()
    assert binary is not None
    d = top / "club"
    port = free_port()
    assert main(["club", "init", "--venue", "kings-head", "--dir", str(d), "--listen", f"127.0.0.1:{port}"]) == 0
    assert main(["club", "add-table", "table-1", "--dir", str(d)]) == 0
    log = open(top / "broker.log", "wb")
    proc = subprocess.Popen([binary, "-c", str(d / "mosquitto.conf")], stdout=log, stderr=subprocess.STDOUT)
    try:
        results = {}
        for name, password in [*(read_credentials(str(d / f"{u}.cred")) for u in ("table-1", "league")),
                               ("kings-head/table-1", "wrong")]:
            c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=name, protocol=mqtt.MQTTv5)
            c.username_pw_set(name, password)
            c.tls_set(ca_certs=str(d / "ca.crt"), tls_version=ssl.PROTOCOL_TLS_CLIENT)
            got: list[str] = []
            c.on_connect = lambda cl, ud, flags, rc, props, got=got: got.append(str(rc))
            for _ in range(50):  # the broker may still be starting
                try:
                    c.connect("127.0.0.1", port, keepalive=5)
                    break
                except ConnectionRefusedError:
                    time.sleep(0.1)
            c.loop_start()
            deadline = time.monotonic() + 10
            while not got and time.monotonic() < deadline:
                time.sleep(0.02)
            c.disconnect()
            c.loop_stop()
            results[(name, password == "wrong")] = got[0] if got else None
        assert results == {("kings-head/table-1", False): "Success", ("league", False): "Success",
                           ("kings-head/table-1", True): "Not authorized"}
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()
    if os.geteuid() == 0:  # Mosquitto read the folder as user mosquitto and wrote its persistence there
        assert (d / "data" / "mosquitto.db").exists()


def test_an_init_that_fails_writes_no_club_and_can_be_run_again(top: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    d = top / "club"
    monkeypatch.setenv("PATH", str(top / "empty"))  # no openssl on the PATH
    assert main(["club", "init", "--venue", "v", "--dir", str(d)]) == 2
    assert capsys.readouterr().err.strip() == ("pitchside club init: TLS needs the openssl command (apt-get install "
                                               "openssl), or give --no-tls")
    assert not (d / "mosquitto.conf").exists() and not (d / "club.toml").exists()
    monkeypatch.undo()
    assert main(["club", "init", "--venue", "v", "--dir", str(d)]) == 0
    assert setup.load(d).venue == "v" and (d / "server.crt").exists()
