"""The league's fixture offer on ``pitchside/<venue>/<table>/cmd/fixture`` (docs/spec/mqtt.md):
read by the table's link, written by the league (:mod:`pitchside.league.assign`)."""

from __future__ import annotations

import json
from typing import Any

from pitchside.club.messages import encode
from pitchside.tables.effects import FixtureOffered

MAX_NAME = 40


def offer_message(fixture: str | None, game: str = "", names: tuple[str, str] = ("", "")) -> bytes:
    """The payload: ``{"v": 1, "fixture": "3:2:Ann:Bob", "game": "pitchnut", "names":
    {"A": "Ann", "B": "Bob"}}``; ``fixture`` None withdraws the offer (``{"v": 1, "fixture": null}``)."""
    if fixture is None:
        return encode({"v": 1, "fixture": None})
    return encode({"v": 1, "fixture": fixture, "game": game, "names": {"A": names[0], "B": names[1]}})


def parse_offer(payload: bytes) -> FixtureOffered | None:
    """The offer in ``payload``; an empty payload (a retained message cleared) withdraws
    it; None: unreadable (not version 1, names not two short strings)."""
    if not payload:
        return FixtureOffered(None)
    try:
        msg: Any = json.loads(payload)
    except (ValueError, RecursionError):
        return None
    if not isinstance(msg, dict) or msg.get("v") != 1:
        return None
    fixture = msg.get("fixture")
    if fixture is None:
        return FixtureOffered(None)
    names, game = msg.get("names"), msg.get("game")
    if not isinstance(fixture, str) or not isinstance(game, str) or not isinstance(names, dict):
        return None
    a, b = names.get("A"), names.get("B")
    if not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME for n in (a, b)):
        return None
    return FixtureOffered(fixture, game, (str(a), str(b)))


def tag(result: dict[str, Any], offer: FixtureOffered | None) -> None:
    """Add ``"fixture"`` to a result message played as ``offer`` (same game, same names
    on the same sides); the digest (of the lines) is unchanged."""
    if offer is None or offer.fixture is None:
        return
    if result.get("game") == offer.game and result.get("names") == {"A": offer.names[0], "B": offer.names[1]}:
        result["fixture"] = offer.fixture
