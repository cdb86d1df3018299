"""A region's league: every venue's tables on one wall (a venue filter, a page per venue),
kept live in several web processes through PostgreSQL's LISTEN/NOTIFY (two app instances
on a REAL cluster, no polling in the product); players across venues: a roster, fixture
offers carrying the players' ids, their results counted for those ids at every venue,
casual matches only in their venue's standings, ratings by player id (both engines)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from pitchside.club import messages
from pitchside.club.fixture import offer_message, parse_offer
from pitchside.league import ratings, standings
from pitchside.league.assign import Assigner, pending
from pitchside.league.pages import LeaguePages
from pitchside.league.service import League
from pitchside.league.store import NameTaken, Player, Store
from pitchside.league.wall import ALL
from pitchside.tables.effects import FixtureOffered
from pitchside.web.hub import Hub
from pitchside.web.server import BackgroundServer
from pitchside.league.app import LeagueSettings, create_app
from support.league import payload, roster_offer, venue_result
from support.polling import wait

ROSTER = [Player("p-ann", "Ann", "north"), Player("p-bob", "Bob", "south"), Player("p-cy", "Cy", "")]


def status(venue: str, table: str, boot: str = "b1") -> bytes:
    return payload({"v": 1, "online": True, "boot": boot, "venue": venue, "table": table, "name": table.upper(),
                    "version": "0.1.0", "games": ["pitchnut"]})


def state(seq: int, a: str, b: str, score: tuple[int, int], boot: str = "b1") -> bytes:
    return payload({"v": 1, "seq": seq, "boot": boot, "mode": "playing", "game": "pitchnut",
                    "names": {"A": a, "B": b}, "score": {"A": score[0], "B": score[1]}})


result, fixture = venue_result, roster_offer


@pytest.fixture
def region(league_db: str) -> Iterator[League]:
    lg = League(Store(league_db), ALL, "boot0")
    try:
        yield lg
    finally:
        lg.store.close()


def test_the_offer_carries_the_players_ids_and_the_result_brings_them_back() -> None:
    msg = offer_message("1:1:p-ann:p-bob", "pitchnut", ("Ann", "Bob"), ("p-ann", "p-bob"))
    assert json.loads(msg) == {"v": 1, "fixture": "1:1:p-ann:p-bob", "game": "pitchnut",
                               "names": {"A": "Ann", "B": "Bob"}, "players": {"A": "p-ann", "B": "p-bob"}}
    offered = fixture()
    assert offered == FixtureOffered("1:1:p-ann:p-bob", "pitchnut", ("Ann", "Bob"), ("p-ann", "p-bob"))
    tagged = result("north", "table-1", 1, offered)
    assert (tagged["fixture"], tagged["players"]) == ("1:1:p-ann:p-bob", {"A": "p-ann", "B": "p-bob"})
    assert tagged["digest"] == messages.digest(tagged["lines"])  # the digest is of the lines: unchanged
    assert parse_offer(payload({"v": 1, "fixture": "f", "game": "pitchnut", "names": {"A": "Ann", "B": "Bob"},
                                "players": {"A": "x" * 41, "B": "p"}})) is None


def test_a_fixtures_result_counts_for_the_players_ids_at_every_venue_and_a_casual_match_only_at_its_venue(
        region: League) -> None:
    region.store.add_players(ROSTER, 0.0)
    region.handle("pitchside/north/table-1/result", payload(result("north", "table-1", 1, fixture())), 1.0)
    region.handle("pitchside/south/table-3/result", payload(result("south", "table-3", 2, fixture())), 2.0)
    region.handle("pitchside/south/table-3/result", payload(result("south", "table-3", 3)), 3.0)  # casual
    # ids the roster does not have for those names: counted as a casual match
    region.handle("pitchside/south/table-3/result",
                  payload(result("south", "table-3", 4, fixture(("p-cy", "p-bob")))), 4.0)
    counted = region.store.counted()
    assert [(c.venue, c.match, c.ids) for c in counted] == [
        ("north", "j0-1", ("p-ann", "p-bob")), ("south", "j0-2", ("p-ann", "p-bob")),
        ("south", "j0-3", None), ("south", "j0-4", None)]
    (ann, bob) = standings.table("pitchnut", standings.across_venues(counted))
    assert (ann.name, ann.played, ann.won, ann.points, bob.name, bob.lost) == ("p-ann", 2, 2, 6, "p-bob", 2)
    south = standings.table("pitchnut", standings.at_venue(counted, "south"))
    assert [(r.name, r.played, r.won) for r in south] == [("Ann", 3, 3), ("Bob", 3, 0)]
    north = standings.table("pitchnut", standings.at_venue(counted, "north"))
    assert [(r.name, r.played) for r in north] == [("Ann", 1), ("Bob", 1)]
    elo = ratings.ratings("pitchnut", standings.across_venues(counted))
    assert [(e.name, e.played, round(e.rating, 2)) for e in elo] == [("p-ann", 2, 1530.53), ("p-bob", 2, 1469.47)]


def test_the_roster_takes_each_id_once(region: League) -> None:
    region.store.add_players(ROSTER[:1], 0.0)
    with pytest.raises(NameTaken, match="player id p-ann is on the roster already"):
        region.store.add_players([ROSTER[1], Player("p-ann", "Anne")], 1.0)
    assert region.store.roster() == ROSTER[:1]  # all or none


def test_a_league_of_roster_players_offers_names_and_ids(region: League) -> None:
    region.store.add_players(ROSTER, 0.0)
    region.store.add_league("County", "pitchnut", "round_robin", ["p-ann", "p-bob", "p-cy"], 0.0)
    offers = pending(region.store)
    assert [(o.fixture, o.names, o.players) for o in offers] == [
        ("1:1:p-bob:p-cy", ("Bob", "Cy"), ("p-bob", "p-cy")), ("1:2:p-cy:p-ann", ("Cy", "Ann"), ("p-cy", "p-ann")),
        ("1:3:p-ann:p-bob", ("Ann", "Bob"), ("p-ann", "p-bob"))]
    # a casual Ann v Bob does not play the league's Ann v Bob fixture; the fixture's result, anywhere, does
    region.handle("pitchside/south/table-3/result", payload(result("south", "table-3", 1)), 1.0)
    assert len(pending(region.store)) == 3
    region.handle("pitchside/north/table-1/result", payload(result("north", "table-1", 2, fixture())), 2.0)
    assert [o.fixture for o in pending(region.store)] == ["1:1:p-bob:p-cy", "1:2:p-cy:p-ann"]


@pytest.fixture
def served_region(league_db: str) -> Iterator[tuple[League, httpx.Client]]:
    store = Store(league_db)
    store.add_players(ROSTER, 0.0)
    hub = Hub()
    lg = League(store, ALL, "boot0", hub.publish_threadsafe)
    web = BackgroundServer(create_app(hub, store, LeagueSettings(venue=ALL)), hub).start()
    try:
        with httpx.Client(base_url=web.url, timeout=5) as client:
            yield lg, client
    finally:
        web.stop()
        store.close()


def test_the_region_pages_show_players_across_venues_and_each_venues_own(
        served_region: tuple[League, httpx.Client]) -> None:
    lg, client = served_region
    lg.handle("pitchside/north/table-1/result", payload(result("north", "table-1", 1, fixture())), 1.0)
    lg.handle("pitchside/south/table-3/result", payload(result("south", "table-3", 2)), 2.0)  # casual
    page = client.get("/standings").text
    assert "<h2>League players, across venues</h2>" in page
    assert '<td>1</td><td><a href="/roster/p-ann">Ann</a></td><td>1</td><td>1</td><td>0</td><td>0</td>' in page
    assert '<a href="/standings?venue=north">north</a>' in page and '<a href="/standings?venue=south">south</a>' in page
    assert '/players/Ann"' not in page  # with two venues, names alone are no one's standings
    south = client.get("/standings?venue=south").text
    assert '<td>1</td><td><a href="/players/Ann?venue=south">Ann</a></td><td>1</td><td>1</td>' in south
    game = client.get("/standings/pitchnut").text
    assert '<td><a href="/roster/p-ann">Ann</a></td><td>1516</td><td>1</td><td>1</td>' in game
    roster = client.get("/roster/p-ann")
    assert roster.status_code == 200 and "<td>north</td><td>table-1</td>" in roster.text
    assert "<td>south</td>" not in roster.text  # the casual match is not Ann the roster player's
    assert client.get("/roster/p-nobody").status_code == 404
    assert client.get("/players/Ann?venue=north").status_code == 200


def test_the_region_wall_has_every_venue_a_filter_and_a_page_per_venue(
        served_region: tuple[League, httpx.Client]) -> None:
    lg, client = served_region
    for venue, table in (("north", "table-1"), ("south", "table-1"), ("south", "table-2")):
        lg.handle(f"pitchside/{venue}/{table}/status", status(venue, table), 1.0)
    lg.handle("pitchside/south/table-2/state", state(3, "Cy", "Di", (1, 0)), 1.0)
    assert wait(lambda: len(client.get("/api/wall").json()["tables"]) == 3)
    wall = client.get("/api/wall").json()
    assert [(t["venue"], t["table"]) for t in wall["tables"]] == [
        ("north", "table-1"), ("south", "table-1"), ("south", "table-2")]
    assert wall["venues"] == ["north", "south"]
    everyone = client.get("/").text
    assert everyone.count('class="tile') == 3 and '<a href="/venues/south">south</a>' in everyone
    south = client.get("/venues/south").text
    assert south.count('class="tile') == 2 and 'data-venue="south"' in south and "Cy v Di" in south
    assert client.get("/?venue=north").text.count('class="tile') == 1
    assert client.get("/venues/nowhere").status_code == 404


def test_two_web_processes_see_a_new_state_and_result_from_the_store_without_polling(pg_url: str) -> None:
    """Two pages-only servers (``pitchside league web``) follow the store a worker writes."""
    worker = League(Store(pg_url), ALL, "worker")
    webs = [LeaguePages(pg_url, ALL).start() for _ in range(2)]
    try:
        for w in webs:
            assert wait(lambda w=w: w.follower.loads == 1)  # type: ignore[misc]
        worker.handle("pitchside/north/table-1/status", status("north", "table-1"), 1.0)
        worker.handle("pitchside/north/table-1/state", state(5, "Ann", "Bob", (1, 0)), 1.0)
        worker.handle("pitchside/north/table-1/result", payload(result("north", "table-1", 1)), 2.0)

        def shown(w: LeaguePages) -> Any:
            snap = httpx.get(w.url + "/api/wall", timeout=5).json()
            rows = [(t["venue"], t["table"], t["online"], t["names"], t["score"]) for t in snap["tables"]]
            return rows, snap["results"], [r["names"] for r in snap["recent"]]

        want = ([("north", "table-1", True, {"A": "Ann", "B": "Bob"}, {"A": 1, "B": 0})], 1, [["Ann", "Bob"]])
        for w in webs:
            assert wait(lambda w=w: shown(w) == want), shown(w)  # type: ignore[misc]
            # learnt from the announcements alone: the store was read in full once, at start
            assert (w.follower.loads, w.follower.notes) == (1, 3)
    finally:
        for w in webs:
            w.close()
        worker.store.close()


def test_a_web_process_reads_the_store_again_after_postgresql_restarts(postgres: Any, pg_url: str) -> None:
    worker = League(Store(pg_url), ALL, "worker")
    web = LeaguePages(pg_url, ALL)
    web.follower.retry_s = 0.2
    web.start()
    try:
        assert wait(lambda: web.follower.loads == 1)
        postgres.restart("fast")
        worker.handle("pitchside/south/table-2/status", status("south", "table-2"), 1.0)  # reconnects
        assert wait(lambda: web.follower.loads >= 2)
        assert wait(lambda: [t["table"] for t in httpx.get(web.url + "/api/wall", timeout=5).json()["tables"]]
                    == ["table-2"])
    finally:
        web.close()
        worker.store.close()


def test_a_regions_assigner_offers_roster_fixtures_at_every_venue_one_table_a_player(region: League) -> None:
    region.store.add_players(ROSTER + [Player("p-di", "Di")], 0.0)
    region.store.add_league("County", "pitchnut", "round_robin", ["p-ann", "p-bob", "p-cy", "p-di"], 0.0)
    for venue, table in (("north", "table-1"), ("north", "table-2"), ("south", "table-1")):
        region.handle(f"pitchside/{venue}/{table}/status", status(venue, table), 1.0)
        region.handle(f"pitchside/{venue}/{table}/state", payload({"v": 1, "seq": 1, "boot": "b1", "mode": "attract"}),
                      1.0)
    sent: list[tuple[str, dict[str, Any], bool]] = []
    assigner = Assigner(ALL, lambda topic, body, retain: sent.append((topic, json.loads(body), retain)))
    assigner.update_views(region.store, region.wall.views)
    assert sent == [
        ("pitchside/north/table-1/cmd/fixture", {"v": 1, "fixture": "1:1:p-ann:p-di", "game": "pitchnut",
                                                 "names": {"A": "Ann", "B": "Di"},
                                                 "players": {"A": "p-ann", "B": "p-di"}}, True),
        ("pitchside/north/table-2/cmd/fixture", {"v": 1, "fixture": "1:1:p-bob:p-cy", "game": "pitchnut",
                                                 "names": {"A": "Bob", "B": "Cy"},
                                                 "players": {"A": "p-bob", "B": "p-cy"}}, True)]
