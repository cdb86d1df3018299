"""A venue's uplink on the region's wall: ``pitchside/<venue>/uplink`` (``1`` up, ``0``
down, retained: Mosquitto's bridge notifications) typed at the edge, a bad one refused
with the reason; while it is ``0`` the venue's rows and ``uplinks`` say "link down since
HH:MM" (both engines), and every web process sharing a PostgreSQL store shows it, with
the time it first went down."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from pitchside.league.pages import LeaguePages
from pitchside.league.service import League
from pitchside.league.store import Store
from pitchside.league.wall import ALL, clock
from pitchside.wire.errors import WireError
from pitchside.wire.uplink import Uplink, parse_uplink, uplink_venue
from support.league import payload
from support.polling import wait

DOWN_AT = 1_800_000_000.0  # when north's link went down (Unix seconds)


def status(venue: str, table: str) -> bytes:
    return payload({"v": 1, "online": True, "boot": "b1", "venue": venue, "table": table, "name": table.upper(),
                    "version": "0.1.0", "games": ["pitchnut"]})


def test_the_uplink_topic_and_payload_are_typed_and_a_bad_one_is_refused_with_the_reason() -> None:
    assert [uplink_venue(t) for t in ("pitchside/north/uplink", "pitchside//uplink", "pitchside/north/t1/uplink",
                                      "other/north/uplink", "pitchside/north/status")] == [
        "north", None, None, None, None]
    assert (parse_uplink("north", b"1"), parse_uplink("north", b"0")) == (Uplink("north", True), Uplink("north", False))
    for bad, shown in ((b"true", "true"), (b"1\n", "1\\n"), (b"x" * 50, "x" * 40 + "...")):
        with pytest.raises(WireError) as exc:
            parse_uplink("north", bad)
        assert str(exc.value) == f'uplink must be "1" (connected) or "0" (lost), not "{shown}"'


@pytest.fixture
def region(league_db: str) -> Iterator[League]:
    lg = League(Store(league_db), ALL, "boot0")
    try:
        yield lg
    finally:
        lg.store.close()


def links(snap: dict[str, Any]) -> tuple[list[tuple[str, str, str | None]], list[dict[str, Any]]]:
    return [(t["venue"], t["table"], t["link_down"]) for t in snap["tables"]], snap["uplinks"]


def test_a_venues_tiles_say_link_down_since_while_its_uplink_is_0(region: League) -> None:
    for venue, table in (("north", "t1"), ("north", "t2"), ("south", "t1")):
        region.handle(f"pitchside/{venue}/{table}/status", status(venue, table), 1.0)
    region.handle("pitchside/south/uplink", b"1", 1.0)
    region.handle("pitchside/north/uplink", b"0", DOWN_AT)
    region.handle("pitchside/north/uplink", b"0", DOWN_AT + 600)  # retained again on a reconnect: the first time
    at = clock(DOWN_AT)
    assert links(region.wall.snapshot()) == (
        [("north", "t1", at), ("north", "t2", at), ("south", "t1", None)],
        [{"venue": "north", "up": False, "since": DOWN_AT, "at": at, "bad": None},
         {"venue": "south", "up": True, "since": None, "at": None, "bad": None}])
    # a bad notification: refused with the reason, the link's state kept
    region.handle("pitchside/north/uplink", b"up", DOWN_AT + 700)
    assert region.counts.unreadable == 1
    assert links(region.wall.snapshot())[1][0] == {
        "venue": "north", "up": False, "since": DOWN_AT, "at": at,
        "bad": 'uplink: uplink must be "1" (connected) or "0" (lost), not "up"'}
    region.handle("pitchside/north/uplink", b"1", DOWN_AT + 900)
    assert links(region.wall.snapshot()) == (
        [("north", "t1", None), ("north", "t2", None), ("south", "t1", None)],
        [{"venue": "north", "up": True, "since": None, "at": None, "bad": None},
         {"venue": "south", "up": True, "since": None, "at": None, "bad": None}])
    region.handle("pitchside/south/uplink", b"", 1.0)  # a cleared retained notification: forgotten
    assert [u["venue"] for u in region.wall.snapshot()["uplinks"]] == ["north"]


def test_a_venues_own_league_ignores_its_uplink(league_db: str) -> None:
    lg = League(Store(league_db), "north", "boot0")
    try:
        lg.handle("pitchside/north/t1/status", status("north", "t1"), 1.0)
        lg.handle("pitchside/north/uplink", b"0", DOWN_AT)
        assert links(lg.wall.snapshot()) == ([("north", "t1", None)], [])
    finally:
        lg.store.close()


def test_every_web_process_shows_the_link_down_since_it_first_went_down(pg_url: str) -> None:
    worker = League(Store(pg_url), ALL, "worker")
    webs = [LeaguePages(pg_url, ALL).start()]
    late: LeaguePages | None = None
    at = clock(DOWN_AT)

    def shown(w: LeaguePages) -> Any:
        return links(httpx.get(w.url + "/api/wall", timeout=5).json())

    try:
        assert wait(lambda: webs[0].follower.loads == 1)
        worker.handle("pitchside/north/t1/status", status("north", "t1"), 1.0)
        worker.handle("pitchside/north/uplink", b"0", DOWN_AT)
        want = ([("north", "t1", at)], [{"venue": "north", "up": False, "since": DOWN_AT, "at": at, "bad": None}])
        assert wait(lambda: shown(webs[0]) == want), shown(webs[0])
        page = httpx.get(webs[0].url + "/venues/north", timeout=5).text
        assert f'<p id="uplink" class="uplink" >link down since {at}</p>' in page
        assert page.count(f'<div class="link">link down since {at}</div>') == 1
        # a restarted worker gets the retained 0 again, later: the store keeps the first time
        again = League(Store(pg_url), ALL, "worker2")
        again.handle("pitchside/north/uplink", b"0", DOWN_AT + 600)
        again.store.close()
        late = LeaguePages(pg_url, ALL).start()  # a web process started during the outage
        assert wait(lambda: late is not None and shown(late) == want), shown(late)
        worker.handle("pitchside/north/uplink", b"1", DOWN_AT + 900)
        up = ([("north", "t1", None)], [{"venue": "north", "up": True, "since": None, "at": None, "bad": None}])
        for w in (webs[0], late):
            assert wait(lambda w=w: shown(w) == up), shown(w)  # type: ignore[misc]
        page = httpx.get(late.url + "/venues/north", timeout=5).text
        assert '<p id="uplink" class="uplink" hidden></p>' in page and 'class="link"' not in page
    finally:
        for w in (*webs, late):
            if w is not None:
                w.close()
        worker.store.close()
