"""``[mqtt]`` of the table config: the table publishes to the club's broker.

Off without the section. Example::

    [mqtt]
    host = "league.local"         # the venue's broker (Mosquitto)
    port = 8883                   # default 1883, or 8883 with tls = true
    tls = true                    # default false
    ca_file = "/etc/pitchside/club-ca.crt"   # the club CA (tls only; default: the system's CAs)
    credentials = "/etc/pitchside/mqtt.cred" # one line USER:PASSWORD, chmod 600
    venue = "kings-head"          # topic ids: a-z, 0-9, - and _, up to 64
    table = "table-1"             # both default to the credentials' user name, kings-head/table-1
    keepalive_s = 30

The messages and topics are a contract: docs/spec/mqtt.md. A password never goes in the
config: the credentials file holds it. A table's broker user is ``<venue>/<table>``
(:func:`table_user`; ``pitchside club add-table`` makes it), and the broker's ACL lets
user ``kings-head/table-1`` write only ``pitchside/kings-head/table-1/...``, so ``venue``
and ``table`` must be that user's: a warning says when they are not.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass

from pitchside.app.config_reader import Section, shown
from pitchside.wire.credentials import CredentialsError as CredentialsError
from pitchside.wire.credentials import read_credentials as read_credentials

ID_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
"""A venue or table id: one MQTT topic level, never a wildcard or a separator."""

DEFAULT_PORT, DEFAULT_TLS_PORT = 1883, 8883


def table_user(venue: str, table: str) -> str:
    """A table's broker user name (and, on the club's broker, its client id): ``<venue>/<table>``,
    so the ACL's ``pattern write pitchside/%u/...`` pins the table to its venue and table."""
    return f"{venue}/{table}"


def split_user(user: str) -> tuple[str, str] | None:
    """``(venue, table)`` of a table's user name ``<venue>/<table>``, or None for any other
    name (the league's, the dashboard's, or a user name of the old form without a venue)."""
    venue, sep, table = user.partition("/")
    if not sep or not ID_RE.match(venue) or not ID_RE.match(table):
        return None
    return venue, table


@dataclass(frozen=True, slots=True)
class MqttConfig:
    """The broker and this table's place under it (``[mqtt]``).

    :param credentials: the path of a file holding ``USER:PASSWORD`` (None: anonymous).
    :param keepalive_s: MQTT keepalive, s: the broker sends the last will after about
        1.5 times this with no word from the table.
    """

    host: str
    venue: str
    table: str
    port: int = DEFAULT_PORT
    tls: bool = False
    ca_file: str | None = None
    credentials: str | None = None
    keepalive_s: int = 30


def credentials_exposed(path: str) -> str | None:
    """The warning for a credentials file others may read or write (its group or anyone:
    ``chmod 600``), or None. The table's ``check-config`` and ``league serve`` give it."""
    mode = os.stat(path).st_mode
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        return f"{path} can be read by others (mode {stat.S_IMODE(mode):o}): chmod 600 {path}"
    return None


def read_mqtt(top: Section) -> MqttConfig | None:
    """``[mqtt]``, checked (every problem named, with the fix), or None without it."""
    if "mqtt" not in top.raw:
        return None
    m = top.sub("mqtt")
    for secret in ("password", "username", "user"):
        if secret in m.raw:
            m.read.add(secret)
            m.fail(secret, "a broker password never goes in the config: write USER:PASSWORD on one line "
                           "of a file only the table can read (chmod 600) and name it with credentials = \"PATH\"")
    host = m.get("host", str, "")
    if not host.strip():
        m.fail("host", "missing: the broker's host name or address, such as \"league.local\"")
    elif any(c.isspace() for c in host) or "/" in host:
        m.fail("host", f"must be a host name or address, not {shown(host)}")
    tls = m.get("tls", bool, False)
    port = m.integer("port", DEFAULT_TLS_PORT if tls else DEFAULT_PORT, 1, 65535)
    ca_file = m.file_path("ca_file", None)
    if ca_file is not None:
        if not tls:
            m.fail("ca_file", "is read only with tls = true: add tls = true, or remove ca_file")
        elif not os.path.isfile(ca_file):
            m.fail("ca_file", f"{ca_file} is not a file: the club CA's certificate (PEM), "
                              "see deploy/mosquitto/README.md")
        else:
            problem = ca_file_problem(ca_file)
            if problem is not None:
                m.fail("ca_file", f"{ca_file} {problem}: it must hold the club CA's certificate (PEM), "
                                  "see deploy/mosquitto/README.md")
    credentials = m.file_path("credentials", None)
    user: str | None = None
    if credentials is not None:
        try:
            user = read_credentials(credentials)[0]
        except CredentialsError as exc:
            m.fail("credentials", str(exc))
        else:
            exposed = credentials_exposed(credentials)
            if exposed is not None:
                top.problems.warn(m.key("credentials"), exposed)
    own = split_user(user) if user is not None else None
    venue = _id(m, "venue", own[0] if own else None)
    table = _id(m, "table", own[1] if own else None)
    if user is not None and venue and table and table_user(venue, table) != user:
        top.problems.warn(m.key("table"), f"{shown(table_user(venue, table))} is not the credentials' user {shown(user)}: "
                                          "the club's ACL lets a table write only under pitchside/<its user name>/, "
                                          "a user named VENUE/TABLE (pitchside club add-table makes one)")
    keepalive = m.integer("keepalive_s", 30, 5, 600)
    m.done()
    return MqttConfig(host=host, venue=venue, table=table, port=port, tls=tls, ca_file=ca_file,
                      credentials=credentials, keepalive_s=keepalive)


def _id(m: Section, name: str, default: str | None) -> str:
    value: str | None = m.get(name, str, default)
    if value is None:
        hint = " (or credentials, whose user name VENUE/TABLE gives it)"
        m.fail(name, f"missing: the {name}'s id in the topics, such as \"{'kings-head' if name == 'venue' else 'table-1'}\"{hint}")
        return ""
    if not ID_RE.match(value):
        m.fail(name, f"must be 1-64 of a-z, 0-9, - and _ (one topic level), not {shown(value)}")
        return ""
    return value


def ca_file_problem(path: str) -> str | None:
    """What is wrong with ``path`` as the club CA of a TLS link, read as the club link's
    MQTT client reads it (paho-mqtt's ``tls_set``: ``ssl.SSLContext(PROTOCOL_TLS_CLIENT)``
    then ``load_verify_locations``), so that a file check-config accepts is one the link
    can start with; None when it loads. ``ssl`` is imported only here (start-up)."""
    import ssl

    try:
        ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT).load_verify_locations(path)
    except ssl.SSLError:  # OpenSSL's reason ("PEM lib", "NO_CERTIFICATE_OR_CRL_FOUND") helps no one here
        return "holds no certificate that TLS can load"
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    return None
