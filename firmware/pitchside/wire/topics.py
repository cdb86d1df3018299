"""The topics of docs/spec/mqtt.md: ``pitchside/<venue>/<table>/<kind>`` (``audits``:
a paying table's audits and lifetime meters) and the league's
``pitchside/<venue>/<table>/cmd/fixture``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ROOT = "pitchside"
KINDS = ("status", "state", "events", "result", "audits")
FIXTURE = "cmd/fixture"

Kind = Literal["status", "state", "events", "result", "audits", "cmd/fixture"]
_KINDS: dict[str, Kind] = {"status": "status", "state": "state", "events": "events", "result": "result",
                           "audits": "audits", "cmd/fixture": "cmd/fixture"}


@dataclass(frozen=True, slots=True)
class Topic:
    """Where a message came from: the venue and table the broker's ACL vouches for."""

    venue: str
    table: str
    kind: Kind


def topic(venue: str, table: str, kind: str) -> str:
    """``pitchside/<venue>/<table>/<kind>``, ``kind`` one of :data:`KINDS` or ``cmd/fixture``.

    :raises ValueError: an unknown kind.
    """
    if kind not in KINDS and kind != FIXTURE:
        raise ValueError(f"unknown topic kind {kind!r}: one of {', '.join(KINDS)}")
    return f"{ROOT}/{venue}/{table}/{kind}"


def parse_topic(name: str) -> Topic | None:
    """The :class:`Topic` of a contract topic, else None."""
    parts = name.split("/")
    if len(parts) < 4 or parts[0] != ROOT or not parts[1] or not parts[2]:
        return None
    kind = _KINDS.get("/".join(parts[3:]))
    return None if kind is None else Topic(parts[1], parts[2], kind)
