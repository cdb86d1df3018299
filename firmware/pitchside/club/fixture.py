"""The league's fixture offer on ``pitchside/<venue>/<table>/cmd/fixture`` (docs/spec/mqtt.md,
:class:`pitchside.wire.messages.FixtureOffer`): read by the table's link, written by the
league (:mod:`pitchside.league.assign`)."""

from __future__ import annotations

from typing import Any

from pitchside.tables.effects import FixtureOffered
from pitchside.wire import messages as wire
from pitchside.wire.errors import WireError

MAX_NAME = 40


def offer_message(fixture: str | None, game: str = "", names: tuple[str, str] = ("", ""),
                  players: tuple[str, str] | None = None) -> bytes:
    """The payload: ``{"v": 1, "fixture": "3:2:Ann:Bob", "game": "pitchnut", "names":
    {"A": "Ann", "B": "Bob"}}`` (and ``"players": {"A": id, "B": id}`` for roster
    players); ``fixture`` None withdraws the offer (``{"v": 1, "fixture": null}``)."""
    if fixture is None:
        return wire.encode(wire.FixtureOffer(None).to_json())
    ids = None if players is None else wire.PlayerIds(*players)
    return wire.encode(wire.FixtureOffer(fixture, game, wire.Names(*names), ids).to_json())


def parse_offer(payload: bytes) -> FixtureOffered | None:
    """The offer in ``payload``; an empty payload (a retained message cleared) withdraws
    it; None: unreadable (not version 1, names not two short strings)."""
    if not payload:
        return FixtureOffered(None)
    try:
        offer = wire.parse(wire.FixtureOffer, payload)
    except WireError:
        return None
    if offer.fixture is None or offer.names is None:
        return FixtureOffered(None)
    names = offer.names.pair()
    if not all(0 < len(n) <= MAX_NAME for n in names):
        return None
    ids = None if offer.players is None else offer.players.pair()
    if ids is not None and not all(0 < len(i) <= MAX_NAME for i in ids):
        return None
    return FixtureOffered(offer.fixture, offer.game, names, ids)


def tag(result: dict[str, Any], offer: FixtureOffered | None) -> None:
    """Add ``"fixture"`` (and the offer's ``"players"`` ids) to a result message played
    as ``offer`` (same game, same names on the same sides); the digest (of the lines)
    is unchanged."""
    if offer is None or offer.fixture is None:
        return
    if result.get("game") == offer.game and result.get("names") == {"A": offer.names[0], "B": offer.names[1]}:
        result["fixture"] = offer.fixture
        if offer.players is not None:
            result["players"] = {"A": offer.players[0], "B": offer.players[1]}
