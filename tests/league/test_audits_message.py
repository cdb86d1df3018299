"""The ``audits`` message of the contract (pitchside.wire.messages.Audits): what a
paying table writes parses back to the same value; a count that is not a whole number
of 0 or more, or a message naming another table than its topic's, is refused, and the
league keeps the last good one per table (beside its live messages; the wall shows none)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pitchside.core.meters import Meters
from pitchside.league.service import League
from pitchside.league.store import Store
from pitchside.wire import messages as wire
from pitchside.wire.errors import WireError

GOOD = wire.Audits("club", "table-1", "b00t", 1_764_867_000.5, "$", "2026-12-01", 2,
                   wire.Counts(7, 500, 100, 0, 4, 400, 1), Meters(812, 61250, 540, 12, 4100, 300))


def test_it_round_trips_as_the_spec_writes_it() -> None:
    payload = wire.encode(GOOD.to_json())
    assert json.loads(payload) == {
        "v": 1, "venue": "club", "table": "table-1", "boot": "b00t", "read_wall": 1764867000.5, "currency": "$",
        "since": "2026-12-01", "resets": 2,
        "audits": {"coins": 7, "paid": 500, "bonus": 100, "free": 0, "games": 4, "spent": 400, "faults": 1},
        "lifetime": {"coins": 812, "money": 61250, "games": 540, "free_games": 12, "bonus": 4100, "free": 300}}
    assert wire.parse(wire.Audits, payload) == GOOD


@pytest.mark.parametrize("path, value, why", [
    (("audits", "coins"), -1, "'audits.coins' must be 0 or more, not -1"),
    (("lifetime", "money"), 1.5, "'lifetime.money' must be an integer, not a number"),
    (("lifetime", "free_games"), None, "'lifetime.free_games' must be an integer, not null"),
    (("resets",), "2", "'resets' must be an integer, not a string"),
])  # fmt: skip
def test_a_bad_count_is_refused_by_name(path: tuple[str, ...], value: object, why: str) -> None:
    msg = GOOD.to_json()
    target = msg
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(WireError) as err:
        wire.parse(wire.Audits, wire.encode(msg))
    assert str(err.value) == why


def test_the_league_keeps_the_last_good_one_per_table(tmp_path: Path) -> None:
    store = Store(tmp_path / "league.db")
    league = League(store, "club", "boot")
    league.handle("pitchside/club/table-1/audits", wire.encode(GOOD.to_json()), 100.0)
    other = wire.encode({**GOOD.to_json(), "table": "table-2"})  # on table-1's topic
    league.handle("pitchside/club/table-1/audits", other, 101.0)
    league.handle("pitchside/club/table-1/audits", b"not json", 102.0)
    assert store.audits() == [("table-1", 100.0, GOOD)]
    assert (league.counts.messages, league.counts.unreadable) == (3, 2)
    newer = wire.Audits(**{**{f: getattr(GOOD, f) for f in GOOD.__dataclass_fields__}, "resets": 3})
    league.handle("pitchside/club/table-1/audits", wire.encode(newer.to_json()), 103.0)
    assert store.audits() == [("table-1", 103.0, newer)]
    assert league.wall.snapshot()["tables"] == []  # the wall shows no audits
    store.close()


def test_a_web_process_on_a_shared_store_shows_no_audits_on_the_wall(pg_url: str) -> None:
    """The audits kept beside the live messages are not a ``state``: a web process reading
    the store makes no tile of them (table-2 has audits and no live message)."""
    import httpx

    from pitchside.league.pages import LeaguePages
    from support.polling import wait

    worker = League(Store(pg_url), "club", "worker")
    status = wire.encode(wire.Status(True, "b00t", "club", "table-1", "Table 1", "0.1.0", ("pitchnut",)).to_json())
    worker.handle("pitchside/club/table-1/status", status, 100.0)
    worker.handle("pitchside/club/table-1/audits", wire.encode(GOOD.to_json()), 100.0)
    two = wire.encode({**GOOD.to_json(), "table": "table-2"})
    worker.handle("pitchside/club/table-2/audits", two, 100.0)
    web = LeaguePages(pg_url, "club").start()
    try:
        assert wait(lambda: web.follower.loads == 1)
        rows = httpx.get(web.url + "/api/wall", timeout=5).json()["tables"]
        assert [(t["table"], t["online"], t["bad"]) for t in rows] == [("table-1", True, None)]
    finally:
        web.close()
        worker.store.close()
