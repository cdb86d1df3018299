"""Assigning tables: the league offers each free table the next
fixture it can play, on ``pitchside/<venue>/<table>/cmd/fixture`` (retained, QoS 1;
docs/spec/mqtt.md), and withdraws an offer once its fixture has a counted result.

:func:`plan` is pure: from the leagues' next fixtures and the wall's tables it gives the
offers to send. A table is **free** when its status is online and its state's ``mode``
is ``"attract"`` (no match under way); a fixture goes to the first free table (by table
id) that offers its game and holds no offer, and a player is offered at one table at a
time. The players confirm at the table; the result comes back tagged with the fixture
(``result.fixture``) and counts through the league's formats as any result does.

A league whose players are all roster ids (``pitchside league roster``) is played
between those players at any venue: its offers carry the roster's names and the
players' ids (``players``), the result comes back with the ids, and its fixtures are
filled by the results counted for those ids (:func:`pitchside.league.standings.across_venues`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pitchside.league import formats, standings
from pitchside.league.store import Store
from pitchside.league.wall import TableView
from pitchside.wire import messages as wire


@dataclass(frozen=True, slots=True)
class Offer:
    """A fixture offered: ``fixture`` is ``"<league id>:<round>:<A>:<B>"``; ``players``
    the sides' roster ids in a league of roster players."""

    fixture: str
    game: str
    names: tuple[str, str]
    players: tuple[str, str] | None = None

    @property
    def who(self) -> tuple[str, str]:
        """The sides as a player is told apart: their ids, else their names."""
        return self.players or self.names


def pending(store: Store) -> list[Offer]:
    """Every league's next fixtures (both players known), league by league."""
    out = []
    roster = {p.id: p.name for p in store.roster()}
    for lg in store.leagues():
        counted = store.counted(lg.game)
        if roster and all(p in roster for p in lg.players):
            v = formats.view(lg.game, lg.format, lg.players, standings.across_venues(counted))
            out += [Offer(f"{lg.id}:{f.round}:{f.a}:{f.b}", lg.game, (roster[f.a], roster[f.b]), (f.a, f.b))
                    for f in v.next if f.a and f.b]
        else:
            v = formats.view(lg.game, lg.format, lg.players, counted)
            out += [Offer(f"{lg.id}:{f.round}:{f.a}:{f.b}", lg.game, (f.a, f.b)) for f in v.next if f.a and f.b]
    return out


def is_free(t: TableView) -> bool:
    return t.status is not None and t.status.online and t.state is not None and t.state.mode == "attract"


K = TypeVar("K", str, tuple[str, str])
"""A table's key: its id (one venue's tables), or ``(venue, table)`` (a region's)."""


def plan(todo: Sequence[Offer], tables: Mapping[K, TableView],
         held: Mapping[K, Offer]) -> dict[K, Offer | None]:
    """The changes to make: ``{table: offer}``, None to withdraw a table's offer whose
    fixture is no longer to play. ``held``: the offers standing now."""
    ids = {o.fixture for o in todo}
    changes: dict[K, Offer | None] = {t: None for t, o in held.items() if o.fixture not in ids}
    standing = {t: o for t, o in held.items() if o.fixture in ids}
    busy = {n for o in standing.values() for n in o.who}
    given = {o.fixture for o in standing.values()}
    for table in sorted(tables):
        t = tables[table]
        if table in standing or not is_free(t):
            continue
        games = t.status.games if t.status is not None else ()
        for o in todo:
            if o.fixture not in given and o.game in games and not busy & set(o.who):
                changes[table] = o
                given.add(o.fixture)
                busy |= set(o.who)
                break
    return changes


class Assigner:
    """Keeps the offers and sends the changes :func:`plan` gives through ``publish``
    (``(topic, payload, retain)``): to one venue's tables, or (:meth:`update_views`)
    to every venue's (a region's; a player is offered at one table of all at a time)."""

    def __init__(self, venue: str, publish: Callable[[str, bytes, bool], Any]) -> None:
        self.venue = venue
        self.publish = publish
        self.held: dict[tuple[str, str], Offer] = {}

    def update(self, store: Store, tables: Mapping[str, TableView]) -> dict[str, Offer | None]:
        """Offer the free ``tables`` of this venue (by table id) their next fixtures."""
        changes = self.update_views(store, {(self.venue, t): v for t, v in tables.items()})
        return {table: offer for (_, table), offer in changes.items()}

    def update_views(self, store: Store, views: Mapping[tuple[str, str], TableView]
                     ) -> dict[tuple[str, str], Offer | None]:
        """Offer the free tables of ``views`` (by ``(venue, table)``) their next fixtures."""
        changes = plan(pending(store), views, self.held)
        for (venue, table), offer in changes.items():
            topic = f"pitchside/{venue}/{table}/cmd/fixture"
            if offer is None:
                self.held.pop((venue, table), None)
                self.publish(topic, wire.encode(wire.FixtureOffer(None).to_json()), True)
            else:
                self.held[(venue, table)] = offer
                ids = None if offer.players is None else wire.PlayerIds(*offer.players)
                payload = wire.FixtureOffer(offer.fixture, offer.game, wire.Names(*offer.names), ids).to_json()
                self.publish(topic, wire.encode(payload), True)
        return changes
