"""The region's commands: ``pitchside league roster`` on both engines (bad lines named,
all or none), ``league serve --region --db postgresql://...`` with a REAL Mosquitto and
PostgreSQL, ``league web`` refusing a SQLite file, and ``league standings`` on a URL."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from pitchside.cli.main import main
from pitchside.league import standings
from pitchside.league.service import League
from pitchside.league.store import Player, Store
from pitchside.league.wall import ALL
from pitchside.web.server import free_port
from support.broker import Broker, mosquitto
from support.league import payload, roster_offer, venue_result

PITCHSIDE = [sys.executable, "-m", "pitchside.cli.main"]


@pytest.fixture
def made_db(league_db: str) -> str:
    Store(league_db).close()  # made, as league serve makes it on its first start
    return league_db


def test_roster_add_import_and_list(made_db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["league", "roster", "add", "p-ann", "Ann", "--venue", "north", "--db", made_db]) == 0
    good = tmp_path / "roster.csv"
    good.write_text("id,name,venue\np-bob,Bob,south\n# a comment\n\np-cy,\"Cy, Jr\"\n")
    assert main(["league", "roster", "import", str(good), "--db", made_db]) == 0
    bad = tmp_path / "bad.csv"
    bad.write_text("p-di,Di\np-ed,Ed,North Side\n")
    assert main(["league", "roster", "import", str(bad), "--db", made_db]) == 2
    taken = tmp_path / "taken.csv"
    taken.write_text("p-di,Di\np-ann,Anne\n")
    assert main(["league", "roster", "import", str(taken), "--db", made_db]) == 2
    assert main(["league", "roster", "add", "p ann", "Ann", "--db", made_db]) == 2
    capsys.readouterr()
    assert main(["league", "roster", "list", "--db", made_db]) == 0
    out, err = capsys.readouterr()
    assert out == "p-ann,Ann,north\np-bob,Bob,south\np-cy,\"Cy, Jr\",\n"
    store = Store(made_db)
    try:
        assert store.roster() == [Player("p-ann", "Ann", "north"), Player("p-bob", "Bob", "south"),
                                  Player("p-cy", "Cy, Jr", "")]
    finally:
        store.close()


def test_roster_errors_name_the_line(made_db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("p-di,Di\np-ed,Ed,North Side\n")
    taken = tmp_path / "taken.csv"
    taken.write_text("p-di,Di\np-di,Dee\n")
    assert main(["league", "roster", "import", str(bad), "--db", made_db]) == 2
    assert main(["league", "roster", "import", str(taken), "--db", made_db]) == 2
    assert main(["league", "roster", "add", "p ann", "Ann", "--db", made_db]) == 2
    assert main(["league", "roster", "add", "p-ann", "Ann", "--db", made_db]) == 0
    assert main(["league", "roster", "add", "p-ann", "Anne", "--db", made_db]) == 2
    _, err = capsys.readouterr()
    assert err.splitlines() == [
        f"pitchside league roster: {bad} line 2: venue 'North Side' of p-ed: a venue id (a-z 0-9 - _) or nothing",
        f"pitchside league roster: {taken} line 2: id p-di is on line 1 already",
        "pitchside league roster: id 'p ann': 1-40 of a-z A-Z 0-9 - _ . (starting with a letter or digit)",
        "pitchside league roster: player id p-ann is on the roster already: nothing added"]


def test_standings_of_several_venues_keep_casual_matches_at_their_venue(
        made_db: str, capsys: pytest.CaptureFixture[str]) -> None:
    lg = League(Store(made_db), ALL, "boot0")
    try:
        lg.store.add_players([Player("p-ann", "Ann"), Player("p-bob", "Bob")], 0.0)
        lg.handle("pitchside/north/table-1/result", payload(venue_result("north", "table-1", 1, roster_offer())), 1.0)
        lg.handle("pitchside/south/table-1/result", payload(venue_result("south", "table-1", 2)), 2.0)
    finally:
        lg.store.close()
    capsys.readouterr()
    assert main(["league", "standings", "--db", made_db]) == 0
    out, _ = capsys.readouterr()
    tiebreak = "pitchnut: " + standings.TIEBREAKS["pitchnut"]
    assert out.splitlines() == [
        "== league players, across venues", tiebreak,
        "    1 Ann                  P1 W1 D0 L0 2-0 3 pts", "    2 Bob                  P1 W0 D0 L1 0-2 0 pts",
        "== at north", tiebreak,
        "    1 Ann                  P1 W1 D0 L0 2-0 3 pts", "    2 Bob                  P1 W0 D0 L1 0-2 0 pts",
        "== at south", tiebreak,
        "    1 Ann                  P1 W1 D0 L0 2-0 3 pts", "    2 Bob                  P1 W0 D0 L1 0-2 0 pts"]


def test_league_web_needs_the_regions_postgresql(tmp_path: Path) -> None:
    db = tmp_path / "league.db"
    r = subprocess.run([*PITCHSIDE, "league", "web", "--db", str(db)], capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == (f"pitchside league web: --db {db}: the pages alone need the region's PostgreSQL (a "
                        "postgresql:// URL); a venue's SQLite league serves its pages with pitchside league serve\n")
    assert not db.exists()


@pytest.fixture
def own_broker(tmp_path: Path) -> Iterator[Broker]:
    """A Mosquitto of this test's own: the session's broker keeps other tests' retained
    table states, which a region's wall would rightly show."""
    binary = mosquitto()
    if binary is None:
        pytest.skip("no mosquitto broker (apt-get install mosquitto, as root)")
    b = Broker(binary, tmp_path / "broker").start()
    try:
        yield b
    finally:
        b.stop()


def test_serve_region_on_postgresql_with_a_real_broker(own_broker: Broker, pg_url: str) -> None:
    broker = own_broker
    port = free_port()
    proc = subprocess.Popen([*PITCHSIDE, "league", "serve", "--region", "--broker", f"127.0.0.1:{broker.port}",
                             "--credentials", str(broker.credentials("league")), "--db", pg_url,
                             "--http", f"127.0.0.1:{port}"], stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/api/wall", timeout=2)
                if r.status_code == 200:  # 503 until the wall followed the store once
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the league's pages did not answer in 30 s"
            time.sleep(0.1)
        assert (r.json()["venue"], r.json()["tables"]) == ("+", [])
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)
        assert proc.stderr is not None
        err = proc.stderr.read()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGTERM and "Traceback" not in err, err
    assert err.splitlines()[0] == (f"league of every venue: broker 127.0.0.1:{broker.port}, store {pg_url}, "
                                   f"wall http://127.0.0.1:{port}/")
    assert main(["league", "standings", "--db", pg_url]) == 0  # the tables the server made


def test_a_postgresql_that_does_not_answer_is_one_line(broker: Broker) -> None:
    url = "postgresql://league:s3cret@127.0.0.1:1/region"
    r = subprocess.run([*PITCHSIDE, "league", "serve", "--region", "--broker", f"127.0.0.1:{broker.port}",
                        "--db", url], capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr.startswith("pitchside league: --db postgresql://league@127.0.0.1:1/region: cannot be opened as "
                               "the league's database (cannot connect to postgresql://league@127.0.0.1:1/region: ")
    assert r.stderr.count("\n") == 1 and "s3cret" not in r.stderr and "Traceback" not in r.stderr
