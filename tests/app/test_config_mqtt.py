"""``[mqtt]`` in the table config: off without the section; host, port, TLS
and its CA, a credentials file (never a password in the config), venue and table ids,
each checked with a message that says what to write."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from pitchside.app.config import ConfigErrors, load_config
from pitchside.app.config_mqtt import CredentialsError, MqttConfig, ca_file_problem, read_credentials, split_user

EXAMPLE = Path(__file__).resolve().parents[2] / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"


def with_mqtt(tmp_path: Path, section: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(EXAMPLE.read_text() + "\n[mqtt]\n" + section)
    return path


def cred(tmp_path: Path, text: str = "kings-head/table-1:s3cret:with:colons\n", mode: int = 0o600) -> Path:
    path = tmp_path / "mqtt.cred"
    path.write_text(text)
    path.chmod(mode)
    return path


def problems(path: Path) -> list[tuple[str, str]]:
    with pytest.raises(ConfigErrors) as info:
        load_config(path)
    return [(p.key, p.message) for p in info.value.problems]


def test_no_mqtt_section_is_off() -> None:
    assert load_config(EXAMPLE).mqtt is None


def test_a_plain_broker_with_credentials_takes_the_venue_and_table_from_the_user(tmp_path: Path) -> None:
    c = cred(tmp_path)
    config = load_config(with_mqtt(tmp_path, f'host = "league.local"\ncredentials = "{c}"\n'))
    assert config.mqtt == MqttConfig(host="league.local", venue="kings-head", table="table-1", port=1883,
                                     tls=False, ca_file=None, credentials=str(c), keepalive_s=30)
    assert config.warnings == ()
    assert read_credentials(str(c)) == ("kings-head/table-1", "s3cret:with:colons")


@pytest.mark.parametrize("user", ["table-1", "kings-head/table-1/x", "Kings Head/table-1", "kings-head/", "/table-1"])
def test_a_user_name_that_is_not_venue_slash_table_gives_neither(tmp_path: Path, user: str) -> None:
    c = cred(tmp_path, f"{user}:pw\n")
    assert split_user(user) is None
    assert problems(with_mqtt(tmp_path, f'host = "h"\ncredentials = "{c}"\n')) == [
        ("mqtt.venue", 'missing: the venue\'s id in the topics, such as "kings-head" (or credentials, whose user '
                       'name VENUE/TABLE gives it)'),
        ("mqtt.table", 'missing: the table\'s id in the topics, such as "table-1" (or credentials, whose user '
                       'name VENUE/TABLE gives it)'),
    ]


def club_ca(tmp_path: Path) -> Path:
    """A club CA's certificate (PEM): a self-signed one, made with the openssl command line."""
    ca = tmp_path / "ca.crt"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(tmp_path / "ca.key"),
                    "-out", str(ca), "-days", "1", "-subj", "/CN=club-ca"], check=True, capture_output=True)
    return ca


def test_tls_defaults_to_port_8883_and_takes_a_ca_file(tmp_path: Path) -> None:
    ca = club_ca(tmp_path)
    config = load_config(with_mqtt(tmp_path, f'host = "10.0.0.2"\nvenue = "v"\ntable = "t9"\ntls = true\n'
                                             f'ca_file = "{ca}"\nkeepalive_s = 10\n'))
    assert config.mqtt == MqttConfig(host="10.0.0.2", venue="v", table="t9", port=8883, tls=True,
                                     ca_file=str(ca), credentials=None, keepalive_s=10)


def test_a_password_in_the_config_is_refused_with_the_way_to_give_it(tmp_path: Path) -> None:
    found = problems(with_mqtt(tmp_path, 'host = "h"\nvenue = "v"\ntable = "t"\npassword = "hunter2"\n'))
    assert found == [("mqtt.password", "a broker password never goes in the config: write USER:PASSWORD on one "
                      "line of a file only the table can read (chmod 600) and name it with credentials = \"PATH\"")]


@pytest.mark.parametrize(
    ("section", "expected"),
    [
        ('venue = "v"\ntable = "t"\n', [("mqtt.host", "missing: the broker's host name or address, such as "
                                                      "\"league.local\"")]),
        ('host = "h"\ntable = "t"\n', [("mqtt.venue", "missing: the venue's id in the topics, such as \"kings-head\" "
                                                      "(or credentials, whose user name VENUE/TABLE gives it)")]),
        ('host = "h"\nvenue = "v"\n', [("mqtt.table", "missing: the table's id in the topics, such as \"table-1\" "
                                                      "(or credentials, whose user name VENUE/TABLE gives it)")]),
        ('host = "h"\nvenue = "Kings Head"\ntable = "t"\n',
         [("mqtt.venue", "must be 1-64 of a-z, 0-9, - and _ (one topic level), not 'Kings Head'")]),
        ('host = "h"\nvenue = "v"\ntable = "t/#"\n',
         [("mqtt.table", "must be 1-64 of a-z, 0-9, - and _ (one topic level), not 't/#'")]),
        ('host = "h"\nvenue = "v"\ntable = "t"\nport = 0\n', [("mqtt.port", "must be between 1 and 65535, not 0")]),
        ('host = "h"\nvenue = "v"\ntable = "t"\nca_file = "/x.crt"\n',
         [("mqtt.ca_file", "is read only with tls = true: add tls = true, or remove ca_file")]),
        ('host = "h"\nvenue = "v"\ntable = "t"\ntls = true\nca_file = "/nonexistent/ca.crt"\n',
         [("mqtt.ca_file", "/nonexistent/ca.crt is not a file: the club CA's certificate (PEM), see "
                           "deploy/mosquitto/README.md")]),
        ('host = "h"\nvenue = "v"\ntable = "t"\ncredentials = "/nonexistent/mqtt.cred"\n',
         [("mqtt.credentials", "/nonexistent/mqtt.cred cannot be read (No such file or directory)")]),
        ('host = "h"\nvenue = "v"\ntable = "t"\nretain = true\n', [("mqtt.retain", "unknown key")]),
    ],
)
def test_bad_mqtt_sections_are_named(tmp_path: Path, section: str, expected: list[tuple[str, str]]) -> None:
    assert problems(with_mqtt(tmp_path, section)) == expected


def test_a_credentials_file_without_a_user_and_password_line_is_named(tmp_path: Path) -> None:
    c = cred(tmp_path, "# only a comment\n\n")
    assert problems(with_mqtt(tmp_path, f'host = "h"\nvenue = "v"\ncredentials = "{c}"\n')) == [
        ("mqtt.credentials", f"{c} must hold one line USER:PASSWORD (the table's broker user and its password)"),
        ("mqtt.table", "missing: the table's id in the topics, such as \"table-1\" (or credentials, whose user "
                       "name VENUE/TABLE gives it)"),
    ]
    with pytest.raises(CredentialsError):
        read_credentials(str(cred(tmp_path, "table-1:\n")))


def test_a_credentials_file_others_can_read_and_a_table_not_its_user_are_warnings(tmp_path: Path) -> None:
    c = cred(tmp_path, mode=0o644)
    config = load_config(with_mqtt(tmp_path, f'host = "h"\nvenue = "v"\ntable = "table-2"\ncredentials = "{c}"\n'))
    assert config.mqtt is not None and (config.mqtt.venue, config.mqtt.table) == ("v", "table-2")
    assert [(w.key, w.message) for w in config.warnings] == [
        ("mqtt.credentials", f"{c} can be read by others (mode 644): chmod 600 {c}"),
        ("mqtt.table", "'v/table-2' is not the credentials' user 'kings-head/table-1': the club's ACL lets a table "
                       "write only under pitchside/<its user name>/, a user named VENUE/TABLE (pitchside club "
                       "add-table makes one)"),
    ]
    assert os.stat(c).st_mode & 0o777 == 0o644  # check-config only reads


@pytest.mark.parametrize("text", ["127.0.0.1 localhost\n", "", "-----BEGIN CERTIFICATE-----\n"],
                         ids=["hosts file", "empty", "a header only"])
def test_a_ca_file_without_a_certificate_is_refused_where_the_link_would_fail_at_start(
        tmp_path: Path, text: str) -> None:
    """Was accepted, then ``pitchside run`` raised ssl.SSLError in the club link's tls_set."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    bad = tmp_path / "club-ca.crt"
    bad.write_text(text)
    assert problems(with_mqtt(tmp_path, f'host = "h"\nvenue = "v"\ntable = "t"\ntls = true\nca_file = "{bad}"\n')) == [
        ("mqtt.ca_file", f"{bad} holds no certificate that TLS can load: it must hold the club "
                         "CA's certificate (PEM), see deploy/mosquitto/README.md")]
    for path, loads in ((bad, False), (club_ca(tmp_path), True)):  # the check says what the link's client does
        assert (ca_file_problem(str(path)) is None) is loads
        try:
            mqtt.Client(CallbackAPIVersion.VERSION2).tls_set(ca_certs=str(path))
        except OSError:  # ssl.SSLError is an OSError
            assert not loads
        else:
            assert loads
