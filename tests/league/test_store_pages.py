"""The league's store and pages without a broker: results once by (venue, table, match,
digest), a superseding result of the same match, refused results kept with the reason and shown,
the wall's seq-gap count, and read-only pages."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from pitchside.club import messages
from pitchside.league.app import create_app
from pitchside.league.service import League
from pitchside.league.store import Store
from pitchside.web.hub import Hub
from pitchside.web.server import BackgroundServer
from support.league import DRAW, payload, result_msg

TOPIC = "pitchside/club/table-1/result"


@contextmanager
def served(hub: Hub, store: Store) -> Iterator[httpx.Client]:
    web = BackgroundServer(create_app(hub, store), hub).start()
    try:
        with httpx.Client(base_url=web.url, timeout=5) as client:
            yield client
    finally:
        web.stop()


_opened: list[Store] = []


@pytest.fixture(autouse=True)
def _close_stores() -> Iterator[None]:
    """Each store a test opened is closed at its end (a PostgreSQL connection too)."""
    yield
    while _opened:
        _opened.pop().close()


def league(db: str) -> tuple[League, list[dict[str, object]]]:
    snaps: list[dict[str, object]] = []
    store = Store(db)
    _opened.append(store)
    return League(store, "club", "boot0", snaps.append), snaps


def test_a_result_counts_once_however_often_it_arrives(league_db: str) -> None:
    lg, snaps = league(league_db)
    msg = result_msg()
    for _ in range(3):
        lg.handle(TOPIC, payload(msg), 5.0)
    (c,) = lg.store.counted()
    assert (c.match, c.names, c.score, c.winner, c.rule) == ("j0-1", ("Ann", "Bob"), (2.0, 0.0), "A", "PN-24")
    assert (lg.counts.counted, lg.counts.copies, lg.store.count()) == (1, 2, (1, 0))
    assert snaps[-1]["results"] == 1
    # the store survives a restart: the same copy again is still a copy
    lg.store.close()
    lg2, _ = league(league_db)
    lg2.handle(TOPIC, payload(msg), 6.0)
    assert lg2.counts.copies == 1 and len(lg2.store.counted()) == 1


def test_a_later_result_of_the_same_match_supersedes_the_earlier_whatever_the_order(league_db: str) -> None:
    lg, _ = league(league_db)
    first = result_msg()
    # the same match after an undo at the end and the last input again: more lines, a new digest
    lines = [*first["lines"], json.dumps({"input": "undo"}), first["lines"][-1]]
    second = dict(first, lines=lines, digest=messages.digest(lines))
    lg.handle(TOPIC, payload(second), 1.0)
    lg.handle(TOPIC, payload(first), 2.0)
    (c,) = lg.store.counted()
    assert c.digest == second["digest"]
    rows = {r.digest: r for r in lg.store.recent()}
    assert rows[first["digest"]].superseded and not rows[second["digest"]].superseded


def test_a_tampered_result_is_refused_stored_with_its_reason_and_shown(league_db: str) -> None:
    lg, snaps = league(league_db)
    bad = dict(result_msg(row=2), score={"A": 0, "B": 2})
    lg.handle(TOPIC, payload(bad), 1.0)
    lg.handle(TOPIC, b"\xff not json", 1.0)
    lg.handle("pitchside/club/table-2/result", payload(result_msg(row=3)), 1.0)  # table-1's result on table-2's topic
    assert lg.store.counted() == [] and lg.store.count() == (0, 3)
    reasons = sorted(r.reason for r in lg.store.recent())
    assert reasons == ["malformed result: not UTF-8 JSON",
                       "score {'A': 0, 'B': 2} but the lines replay to {'A': 2, 'B': 0}",
                       "sent on table table-2's topic but names table 'table-1'"]
    hub = Hub()
    hub.publish_threadsafe(lg.wall.snapshot())
    with served(hub, lg.store) as client:
        page = client.get("/results")
        assert page.status_code == 200
        assert "refused: score {&#39;A&#39;: 0, &#39;B&#39;: 2} but the lines replay to" in page.text
        n = lg.store.recent(refused=True)[-1].n
        assert "Refused:" in client.get(f"/results/{n}").text


def test_the_wall_counts_events_and_gaps_and_ignores_an_old_boots_will(league_db: str) -> None:
    lg, snaps = league(league_db)
    ev = lambda seq: payload({"v": 1, "boot": "b1", "match": "j-1", "seq": seq, "line": {}})  # noqa: E731
    for seq in (1, 2, 2, 4):  # a copy of 2 (QoS 1), then 3 missed
        lg.handle("pitchside/club/table-1/events", ev(seq), 1.0)
    status = {"v": 1, "venue": "club", "table": "table-1", "name": "T1", "version": "0.1.0", "games": ["pitchnut"]}
    lg.handle("pitchside/club/table-1/status", payload(dict(status, online=True, boot="b2")), 1.0)
    lg.handle("pitchside/club/table-1/status", payload(dict(status, online=False, boot="b1", why="lost")), 1.0)
    lg.handle("pitchside/other/table-9/status", payload(dict(status, online=True, boot="x")), 1.0)  # another venue
    (row,) = lg.wall.snapshot()["tables"]
    assert (row["table"], row["events"], row["gaps"], row["online"], row["name"]) == ("table-1", 3, 1, True, "T1")


def test_pages_are_read_only_and_show_standings_ratings_and_the_replay_file(league_db: str) -> None:
    lg, _ = league(league_db)
    lg.handle(TOPIC, payload(result_msg()), 1.0)
    lg.handle(TOPIC, payload(result_msg(DRAW, row=2)), 2.0)
    lg.store.add_league("Monday", "pitchnut", "round_robin", ["Ann", "Bob"], 0.0)
    hub = Hub()
    hub.publish_threadsafe(lg.wall.snapshot())
    with served(hub, lg.store) as client:
        assert client.post("/results").status_code == 405
        assert client.get("/", headers={"host": "evil.example"}).status_code == 400
        page = client.get("/standings/pitchnut").text
        assert "<td>1</td><td><a href=\"/players/Ann\">Ann</a></td><td>1</td><td>1</td><td>0</td><td>0</td>" in page
        assert "<td>1516</td>" in page  # Elo: 1500 + 32 * (1 - 0.5)
        n = lg.store.recent()[-1].n
        assert client.get(f"/results/{n}.jsonl").text == "".join(f"{x}\n" for x in result_msg()["lines"])
        assert "Champion: <strong>Ann</strong>" in client.get("/leagues/1").text
        assert client.get("/players/Nobody").status_code == 404
        wall = client.get("/api/wall").json()
        assert wall["results"] == 2 and wall["recent"][0]["game"] == "pichenotte"


def test_the_cli_adds_a_league_refuses_a_bad_one_and_prints_standings(league_db: str,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from pitchside.cli.main import main

    db = league_db
    lg, _ = league(db)
    lg.handle(TOPIC, payload(result_msg()), 1.0)
    lg.store.close()
    assert main(["league", "new", "Monday", "--game", "pitchnut", "--players", "Ann,Bob", "--db", db]) == 0
    assert main(["league", "new", "Monday", "--game", "pitchnut", "--players", "Ann,Bob", "--db", db]) == 2
    assert main(["league", "new", "Solo", "--game", "pitchnut", "--players", "Ann", "--db", db]) == 2
    assert main(["league", "standings", "--db", db]) == 0
    out, err = capsys.readouterr()
    assert "league 1: Monday (pitchnut, round robin, 2 players): /leagues/1" in out
    assert "    1 Ann                  P1 W1 D0 L0 2-0 3 pts" in out
    assert "a league named 'Monday' exists" in err and "at least two players" in err
    assert "password" not in err


def test_league_new_and_standings_never_make_a_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from pitchside.cli.main import main

    monkeypatch.chdir(tmp_path)
    assert main(["league", "new", "Monday", "--game", "pitchnut", "--players", "Ann,Bob"]) == 2
    assert main(["league", "standings", "--db", "club/league.db"]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    _, err = capsys.readouterr()
    assert err.splitlines() == [
        "pitchside league new: no league database at league.db: give --db FILE, the file pitchside league serve "
        "--db uses (serve makes it on its first start)",
        "pitchside league standings: no league database at club/league.db: give --db FILE, the file pitchside "
        "league serve --db uses (serve makes it on its first start)"]
