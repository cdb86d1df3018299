"""A venue's uplink to the region (docs/spec/mqtt.md, "Topics"): the retained
``pitchside/<venue>/uplink`` that the venue broker's bridge publishes (Mosquitto's
bridge notifications): ``1`` connected, ``0`` lost (the bridge's will on the region's
broker)."""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.wire.errors import WireError
from pitchside.wire.topics import ROOT

KIND = "uplink"


@dataclass(frozen=True, slots=True)
class Uplink:
    """Whether venue ``venue``'s bridge to the region's broker is up."""

    venue: str
    up: bool


def uplink_venue(name: str) -> str | None:
    """The venue of an uplink topic ``pitchside/<venue>/uplink``, else None."""
    parts = name.split("/")
    if len(parts) != 3 or parts[0] != ROOT or not parts[1] or parts[2] != KIND:
        return None
    return parts[1]


def parse_uplink(venue: str, payload: bytes) -> Uplink:
    """The notification of ``venue``'s bridge.

    :raises WireError: not ``1`` or ``0`` (an empty payload is a cleared retained message,
        the caller's to handle).
    """
    if payload in (b"1", b"0"):
        return Uplink(venue, payload == b"1")
    text = repr(payload[:40])[2:-1] + ("..." if len(payload) > 40 else "")
    raise WireError(f'uplink must be "1" (connected) or "0" (lost), not "{text}"')
