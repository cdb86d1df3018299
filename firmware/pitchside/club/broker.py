"""The venue's broker config, as text: Mosquitto's config file, its ACL and a table's
``[mqtt]`` lines (``pitchside club init`` and ``add-table`` write them; deploy/mosquitto/
ships the same text for an example venue). Pure: no I/O.

Who may do what (docs/spec/mqtt.md, "Broker users and the ACL"):

* a table's user is ``<venue>/<table>`` (:func:`pitchside.app.config_mqtt.table_user`),
  so the ACL's ``pattern write pitchside/%u/...`` lines let it write only its own five
  topics and read only its own ``cmd/`` topics, under its own venue;
* ``league`` reads ``pitchside/<venue>/#`` and writes ``pitchside/<venue>/+/cmd/#``;
* ``dashboard`` reads ``pitchside/<venue>/#``;
* every client's id is its user name (``use_username_as_clientid``): no one can take
  another user's session (the league's queue) or kick it off with its own password.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from pitchside.app.config_mqtt import DEFAULT_PORT, DEFAULT_TLS_PORT, table_user
from pitchside.wire.messages import MAX_PAYLOAD

LEAGUE_USER = "league"
DASHBOARD_USER = "dashboard"

MAX_PACKET_SIZE = MAX_PAYLOAD + 64 * 1024
"""The largest MQTT packet the broker takes, bytes (``max_packet_size``): the contract's
largest payload (:data:`pitchside.wire.messages.MAX_PAYLOAD`, 8 MiB, sized from the
longest legal match a league takes: docs/spec/mqtt.md, "Size") plus room for the topic
and the MQTT 5 properties, so every result the league would count passes the broker,
and a larger packet stops there. Mosquitto refuses a bigger packet as it starts, before
it buffers it, and disconnects the sender (a 16 MB result is, in the tests).

Not ``message_size_limit``: Mosquitto 2.0 answers a payload past it with PUBACK reason
149, which is no PUBACK reason code in MQTT 5, and paho-mqtt 2 drops the connection as a
protocol error and sends the message again on reconnect."""

MAX_QUEUED_MESSAGES = 200_000
"""What the broker queues for a session that is away (the league's): Mosquitto's default,
1000, drops QoS 1 messages past it, results included, and 50 tables' state and events
outrun 1000 in seconds (bench/club.py)."""

MAX_QUEUED_BYTES = 256 * 1024 * 1024

AUTOSAVE_S = 60
"""Mosquitto writes its persistence file on a clean stop and every this many seconds: a
broker killed without a clean stop (a power cut) loses at most what it took since."""


@dataclass(frozen=True, slots=True)
class Bridge:
    """A venue broker's uplink to the region's broker (Mosquitto's bridge, over TLS).

    :param user: the venue's bridge user on the region's broker (``bridge-<venue>``),
        also the bridge's client id there, so its session is the same every connection.
    :param ca_file: the region's CA, for the TLS check of the region broker's certificate.
    """

    host: str
    port: int
    user: str
    password: str
    ca_file: str


def bridge_user(venue: str) -> str:
    """The venue's bridge user (and client id) on the region's broker."""
    return f"bridge-{venue}"


def uplink_topic(venue: str) -> str:
    """Where the bridge says whether the uplink is up (``1``) or down (``0``), retained on
    both brokers: Mosquitto's bridge notifications, the ``0`` left as the bridge's will on
    the region broker, so the region sees a dropped link as soon as its keepalive ends."""
    return f"pitchside/{venue}/uplink"


def bridge_section(venue: str, bridge: Bridge) -> str:
    """The ``connection`` section of ``venue``'s broker config: the venue's own tables'
    ``status``, ``state`` and ``result`` up to the region at QoS 1 (queued while the link
    is down), their ``events`` at QoS 0 (live only: never queued, so the queue keeps room
    for results through a long outage; a result carries every line of its match), and
    their ``cmd/`` topics (fixtures) down at QoS 1, in a persistent session both sides."""
    up = [f"topic pitchside/{venue}/+/{kind} out 1" for kind in ("status", "state", "result")]
    return "\n".join([
        "",
        f"# The uplink to the region's broker (pitchside club init --region): Mosquitto's bridge.",
        "# A persistent session both ways (cleansession false, the same client id each time):",
        "# while the link is down this broker queues what goes up (persistence keeps the queue",
        "# across its own restart) and the region queues the fixtures that come down. MQTT 3.1.1:",
        "# Mosquitto 2.0's bridge keeps no session on the far side with MQTT 5 (no session expiry).",
        "connection region",
        f"address {bridge.host}:{bridge.port}",
        f"remote_clientid {bridge.user}",
        f"remote_username {bridge.user}",
        f"remote_password {bridge.password}",
        f"local_clientid local.{bridge.user}",
        "cleansession false",
        "bridge_protocol_version mqttv311",
        "try_private true",
        "start_type automatic",
        "restart_timeout 1 10",  # after a drop: again in 1 s, backing off to 10 s
        "keepalive_interval 30",
        "notifications true",
        f"notification_topic {uplink_topic(venue)}",
        f"bridge_cafile {bridge.ca_file}",
        "bridge_tls_version tlsv1.2",
        "bridge_insecure false",
        *up,
        f"topic pitchside/{venue}/+/events out 0",
        f"topic pitchside/{venue}/+/cmd/# in 1",
    ]) + "\n"


@dataclass(frozen=True, slots=True)
class BrokerPlan:
    """One venue's broker.

    :param folder: the absolute folder of its files: ``passwd``, ``acl``, ``data/``
        (persistence) and, with TLS, ``ca.crt``, ``server.crt``, ``server.key``.
    :param host: the address the listener binds (None: every address).
    :param port: the listener's port (default 8883 with TLS, 1883 without).
    :param bridge: the uplink to the region's broker, or None (a venue on its own).
    """

    venue: str
    folder: str
    tls: bool = True
    host: str | None = None
    port: int | None = None
    bridge: Bridge | None = None

    @property
    def listen_port(self) -> int:
        return self.port if self.port is not None else DEFAULT_TLS_PORT if self.tls else DEFAULT_PORT

    def path(self, name: str) -> str:
        return f"{self.folder.rstrip('/')}/{name}"


def mosquitto_conf(plan: BrokerPlan) -> str:
    """The whole Mosquitto config of ``plan``'s broker (run it with ``mosquitto -c FILE``)."""
    listener = f"listener {plan.listen_port}" + (f" {plan.host}" if plan.host else "")
    lines = [
        f"# The Pitchside club broker of venue {plan.venue}: Mosquitto 2.x, run as mosquitto -c THIS-FILE.",
        "# Written by pitchside club init (docs/league.md); add tables with pitchside club add-table.",
        "per_listener_settings false",
        "allow_anonymous false",
        f"password_file {plan.path('passwd')}",
        f"acl_file {plan.path('acl')}",
        "",
        "# The largest packet taken: a result of the longest legal match fits many times over",
        "# (docs/league.md); a bigger one is refused before it is read, its sender disconnected.",
        f"max_packet_size {MAX_PACKET_SIZE}",
        "# What is queued for the league while it is away (Mosquitto's default of 1000",
        "# messages would drop results past it).",
        f"max_queued_messages {MAX_QUEUED_MESSAGES}",
        f"max_queued_bytes {MAX_QUEUED_BYTES}",
        "",
        "# Persistence: the league's session, what is queued for it and the retained status",
        "# and state survive a broker restart.",
        "persistence true",
        f"persistence_location {plan.path('data')}/",
        f"autosave_interval {AUTOSAVE_S}",
        "",
        listener,
        "# A client's id is its user name: no password can take another user's session (the",
        "# league's queued results) or kick another table off. An option of this listener",
        "# (before any listener line it would open a second one on port 1883).",
        "use_username_as_clientid true",
    ]
    if plan.tls:
        lines += [
            f"cafile {plan.path('ca.crt')}",
            f"certfile {plan.path('server.crt')}",
            f"keyfile {plan.path('server.key')}",
            "tls_version tlsv1.2",
        ]
    text = "\n".join(lines) + "\n"
    return text if plan.bridge is None else text + bridge_section(plan.venue, plan.bridge)


def acl(venue: str) -> str:
    """The ACL of ``venue``'s broker (:data:`LEAGUE_USER` and :data:`DASHBOARD_USER` see
    only this venue; a table only its own topics)."""
    return "\n".join([
        f"# The Pitchside club broker's ACL, venue {venue} (docs/spec/mqtt.md). Written by",
        "# pitchside club init. Mosquitto reads it again on SIGHUP.",
        "#",
        "# A table's user is VENUE/TABLE (kings-head/table-1): %u below is that name, so a table",
        "# writes only its own five topics and reads only its own commands, under its venue. A",
        "# will is checked like a publish.",
        "pattern write pitchside/%u/status",
        "pattern write pitchside/%u/state",
        "pattern write pitchside/%u/events",
        "pattern write pitchside/%u/result",
        "pattern write pitchside/%u/audits",
        "pattern read pitchside/%u/cmd/#",
        "",
        "# The league server: reads every table of the venue, writes only commands.",
        f"user {LEAGUE_USER}",
        f"topic read pitchside/{venue}/#",
        f"topic write pitchside/{venue}/+/cmd/#",
        "",
        "# A read-only dashboard (Home Assistant, a club script).",
        f"user {DASHBOARD_USER}",
        f"topic read pitchside/{venue}/#",
    ]) + "\n"


def mqtt_section(*, host: str, port: int, tls: bool, ca_file: str | None, venue: str, table: str,
                 credentials: str) -> str:
    """The ``[mqtt]`` lines of a table's config for its user on this broker."""
    lines = ["[mqtt]", f"host = {toml_string(host)}", f"port = {port}"]
    if tls:
        lines.append("tls = true")
        if ca_file is not None:
            lines.append(f"ca_file = {toml_string(ca_file)}")
    lines += [f"venue = {toml_string(venue)}", f"table = {toml_string(table)}",
              f"credentials = {toml_string(credentials)}   # one line {table_user(venue, table)}:PASSWORD, chmod 600"]
    return "\n".join(lines) + "\n"


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)
