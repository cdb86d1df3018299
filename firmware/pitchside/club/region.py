"""The region's broker config, as text: the Mosquitto that every venue's broker bridges
to (``pitchside region init`` and ``add-venue`` write it). Pure: no I/O.

Who may do what on the region's broker:

* a venue's bridge user ``bridge-<venue>`` (:func:`pitchside.club.broker.bridge_user`)
  writes only its own venue's ``status``, ``state``, ``events``, ``result`` and uplink
  topics and reads only its own venue's ``cmd/`` topics: a venue cannot publish for
  another (its block of the ACL, :func:`venue_acl`);
* the league's workers ``league-1`` ... ``league-N`` and their backstop ``league-0``
  (:func:`worker_user`) read every venue and write only ``cmd/`` topics; they share one
  password (``league.cred``), and each slot logs in as its own user, so each keeps its
  own session;
* ``dashboard`` reads every venue;
* every client's id is its user name (``use_username_as_clientid``), as on a venue's
  broker: no password takes another user's session.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.club.broker import AUTOSAVE_S, MAX_PACKET_SIZE, MAX_QUEUED_BYTES, MAX_QUEUED_MESSAGES, uplink_topic
from pitchside.club.broker import bridge_user as bridge_user

WORKER_USER = "league"
DASHBOARD_USER = "dashboard"
DEFAULT_WORKERS = 8
"""Worker users ``pitchside region init`` makes unless told (``--workers``)."""


def worker_user(slot: int, prefix: str = WORKER_USER) -> str:
    """The region broker's user of worker slot ``slot`` (1-based): ``league-3``."""
    return f"{prefix}-{slot}"


@dataclass(frozen=True, slots=True)
class RegionPlan:
    """The region's broker: its files in ``folder`` (``passwd``, ``acl``, ``data/``,
    ``ca.crt``, ``server.crt``, ``server.key``), a TLS listener on ``host``:``port``
    (None: every address)."""

    folder: str
    port: int
    host: str | None = None

    def path(self, name: str) -> str:
        return f"{self.folder.rstrip('/')}/{name}"


def region_conf(plan: RegionPlan) -> str:
    """The whole Mosquitto config of the region's broker."""
    listener = f"listener {plan.port}" + (f" {plan.host}" if plan.host else "")
    return "\n".join([
        "# The Pitchside region broker: every venue's broker bridges to it. Mosquitto 2.x, run as",
        "# mosquitto -c THIS-FILE. Written by pitchside region init (docs/league.md, \"Region\");",
        "# add venues with pitchside region add-venue.",
        "per_listener_settings false",
        "allow_anonymous false",
        f"password_file {plan.path('passwd')}",
        f"acl_file {plan.path('acl')}",
        "",
        f"max_packet_size {MAX_PACKET_SIZE}",
        "# What is queued for each worker's session while it is away: Mosquitto goes on giving a",
        "# stopped worker its share of the results until its session ends, so each slot's queue",
        "# must hold what arrives until the slot is started again.",
        f"max_queued_messages {MAX_QUEUED_MESSAGES}",
        f"max_queued_bytes {MAX_QUEUED_BYTES}",
        "",
        "# Persistence: the workers' and the bridges' sessions, their queues and the retained",
        "# status, state and uplink topics survive a restart.",
        "persistence true",
        f"persistence_location {plan.path('data')}/",
        f"autosave_interval {AUTOSAVE_S}",
        "",
        listener,
        "use_username_as_clientid true",
        f"cafile {plan.path('ca.crt')}",
        f"certfile {plan.path('server.crt')}",
        f"keyfile {plan.path('server.key')}",
        "tls_version tlsv1.2",
    ]) + "\n"


def region_acl(workers: int, prefix: str = WORKER_USER) -> str:
    """The region broker's ACL before any venue is added: ``workers`` worker users and
    the dashboard."""
    lines = [
        "# The Pitchside region broker's ACL. Written by pitchside region init; each",
        "# pitchside region add-venue adds a venue's block at the end. Mosquitto reads it again",
        "# on SIGHUP.",
        "",
        "# The league's workers (one user per worker slot, one shared subscription): read every",
        "# venue, write only commands (fixtures).",
    ]
    for slot in range(0, workers + 1):  # slot 0: the backstop
        lines += [f"user {worker_user(slot, prefix)}", "topic read pitchside/#", "topic write pitchside/+/+/cmd/#"]
    lines += ["", "# A read-only dashboard.", f"user {DASHBOARD_USER}", "topic read pitchside/#"]
    return "\n".join(lines) + "\n"


def venue_acl(venue: str) -> str:
    """The ACL block of ``venue``'s bridge user: its venue's four topics and uplink up,
    its venue's commands down, nothing of any other venue."""
    return "\n".join([
        "",
        f"# Venue {venue}'s bridge (pitchside region add-venue).",
        f"user {bridge_user(venue)}",
        *(f"topic write pitchside/{venue}/+/{kind}" for kind in ("status", "state", "events", "result")),
        f"topic write {uplink_topic(venue)}",
        f"topic read pitchside/{venue}/+/cmd/#",
    ]) + "\n"
