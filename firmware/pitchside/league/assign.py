"""Assigning tables: the league offers each free table the next
fixture it can play, on ``pitchside/<venue>/<table>/cmd/fixture`` (retained, QoS 1;
docs/spec/mqtt.md), and withdraws an offer once its fixture has a counted result.

:func:`plan` is pure: from the leagues' next fixtures and the wall's tables it gives the
offers to send. A table is **free** when its status is online and its state's ``mode``
is ``"attract"`` (no match under way); a fixture goes to the first free table (by table
id) that offers its game and holds no offer, and a player is offered at one table at a
time. The players confirm at the table; the result comes back tagged with the fixture
(``result.fixture``) and counts through the league's formats as any result does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pitchside.league import formats
from pitchside.league.store import Store
from pitchside.league.wall import TableView
from pitchside.wire import messages as wire


@dataclass(frozen=True, slots=True)
class Offer:
    """A fixture offered: ``fixture`` is ``"<league id>:<round>:<A>:<B>"``."""

    fixture: str
    game: str
    names: tuple[str, str]


def pending(store: Store) -> list[Offer]:
    """Every league's next fixtures (both players known), league by league."""
    out = []
    for lg in store.leagues():
        v = formats.view(lg.game, lg.format, lg.players, store.counted(lg.game))
        out += [Offer(f"{lg.id}:{f.round}:{f.a}:{f.b}", lg.game, (f.a, f.b)) for f in v.next if f.a and f.b]
    return out


def is_free(t: TableView) -> bool:
    return t.status is not None and t.status.online and t.state is not None and t.state.mode == "attract"


def plan(todo: Sequence[Offer], tables: Mapping[str, TableView],
         held: Mapping[str, Offer]) -> dict[str, Offer | None]:
    """The changes to make: ``{table: offer}``, None to withdraw a table's offer whose
    fixture is no longer to play. ``held``: the offers standing now."""
    ids = {o.fixture for o in todo}
    changes: dict[str, Offer | None] = {t: None for t, o in held.items() if o.fixture not in ids}
    standing = {t: o for t, o in held.items() if o.fixture in ids}
    busy = {n for o in standing.values() for n in o.names}
    given = {o.fixture for o in standing.values()}
    for table in sorted(tables):
        t = tables[table]
        if table in standing or not is_free(t):
            continue
        games = t.status.games if t.status is not None else ()
        for o in todo:
            if o.fixture not in given and o.game in games and not busy & set(o.names):
                changes[table] = o
                given.add(o.fixture)
                busy |= set(o.names)
                break
    return changes


class Assigner:
    """Keeps the offers and sends the changes :func:`plan` gives through ``publish``
    (``(topic, payload, retain)``)."""

    def __init__(self, venue: str, publish: Callable[[str, bytes, bool], Any]) -> None:
        self.venue = venue
        self.publish = publish
        self.held: dict[str, Offer] = {}

    def update(self, store: Store, tables: Mapping[str, TableView]) -> dict[str, Offer | None]:
        changes = plan(pending(store), tables, self.held)
        for table, offer in changes.items():
            topic = f"pitchside/{self.venue}/{table}/cmd/fixture"
            if offer is None:
                self.held.pop(table, None)
                self.publish(topic, wire.encode(wire.FixtureOffer(None).to_json()), True)
            else:
                self.held[table] = offer
                payload = wire.FixtureOffer(offer.fixture, offer.game, wire.Names(*offer.names)).to_json()
                self.publish(topic, wire.encode(payload), True)
        return changes
