"""The league's limits: a payload over the contract's size is refused unread, a refused
payload is kept only up to a bounded prefix, a table's refusals are kept up to a cap and
counted past it (another table's results unaffected); and the pages never answer 500 to
a row number past 64 bits or a stored payload nested 200,000 deep, and a player named
"AC/DC" has a page."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from pitchside.club import messages
from pitchside.league.app import create_app
from pitchside.league.service import League
from pitchside.league.store import KEEP_REFUSED, Store
from pitchside.web.hub import Hub
from pitchside.web.server import BackgroundServer
from pitchside.wire.messages import MAX_PAYLOAD
from support.league import PITCHNUT, lines_of, payload, result_msg

T1, T2 = "pitchside/club/table-1/result", "pitchside/club/table-2/result"


@contextmanager
def served(lg: League) -> Iterator[httpx.Client]:
    hub = Hub()
    hub.publish_threadsafe(lg.wall.snapshot())
    web = BackgroundServer(create_app(hub, lg.store), hub).start()
    try:
        with httpx.Client(base_url=web.url, timeout=10) as client:
            yield client
    finally:
        web.stop()


def stored_sizes(db: str) -> list[tuple[int, int]]:
    """``(n, bytes of the kept payload)`` of every stored result, read past the store."""
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db) as conn:
            return [(int(n), int(k)) for n, k in conn.execute("SELECT n, octet_length(payload) FROM results ORDER BY n")]
    return list(sqlite3.connect(db).execute("SELECT n, LENGTH(CAST(payload AS BLOB)) FROM results ORDER BY n"))


def test_a_payload_over_the_limit_is_refused_and_kept_only_in_part(league_db: str) -> None:
    lg = League(Store(league_db), "club", "boot0")
    big = b'{"v": 1, "pad": "' + b"x" * MAX_PAYLOAD + b'"}'
    lg.handle(T1, big, 1.0)
    lg.handle(T1, b"\x00garbage" * 20_000, 2.0)  # 160,000 bytes, unreadable
    over, junk = sorted(lg.store.recent(), key=lambda r: r.n)
    assert (over.counted, over.reason, over.payload_bytes, over.cut) == (
        False, f"malformed result: {len(big)} bytes, over the limit of {MAX_PAYLOAD}", len(big), True)
    assert (junk.reason, junk.payload_bytes) == ("malformed result: not JSON (Expecting value: line 1 column 1"
                                                 " (char 0))", 160_000)
    # a NUL (which PostgreSQL's text cannot hold) is kept as U+FFFD there: 3 bytes for 1
    nul = KEEP_REFUSED // len(b"\x00garbage") if league_db.startswith("postgresql://") else 0
    assert stored_sizes(league_db) == [(1, KEEP_REFUSED), (2, KEEP_REFUSED + 2 * nul)]
    with served(lg) as client:
        page = client.get(f"/results/{over.n}").text
        assert f"{len(big)} bytes received; the first {KEEP_REFUSED} are kept." in page
    lg.store.close()


def test_a_tables_refusals_past_the_cap_are_counted_not_kept(league_db: str) -> None:
    lg = League(Store(league_db, refusals_kept=5), "club", "boot0")
    for i in range(12):
        lg.handle(T2, b"garbage %d" % i, float(i))
    lg.handle(T1, b"table-1's own garbage", 20.0)
    lg.handle(T1, payload(result_msg()), 21.0)
    assert lg.store.count() == (1, 6)
    assert lg.store.past_cap() == {("club", "table-2"): 7}
    assert (lg.counts.refused, lg.counts.counted) == (13, 1)
    with served(lg) as client:
        assert ("Table table-2: 7 more refused results counted, not kept (only the first 5 refused results of a"
                " table are kept).") in client.get("/results").text
        assert client.get("/healthz").json() == {"streams": 0, "results": 1, "refused": 6, "refused_not_kept": 7}
    lg.store.close()


def test_row_numbers_past_64_bits_and_deeply_nested_payloads_never_answer_500(tmp_path: Path) -> None:
    lg = League(Store(tmp_path / "league.db"), "club", "boot0")
    deep = b"[" * 200_000 + b"]" * 200_000
    lg.handle(T1, deep, 1.0)  # refused: nested too deeply
    lg.handle(T1, payload(result_msg()), 2.0)
    (row,) = lg.store.recent(refused=True)
    assert row.reason == "malformed result: not JSON the league reads: nested too deeply"
    # a payload stored whole by an older league, nested 200,000 deep
    db = sqlite3.connect(tmp_path / "league.db")
    db.execute("UPDATE results SET payload = ? WHERE n = 1", (deep.decode(),))
    db.commit()
    with served(lg) as client:
        assert client.get("/results/1").status_code == 200
        assert client.get("/results/1.jsonl").text == ""
        for path in ("/results/1234567890123456789012345", "/results/9223372036854775808", "/results/0",
                     "/results/-1", "/results/1e3", "/leagues/1234567890123456789012345",
                     "/results/1234567890123456789012345.jsonl"):
            got = client.get(path)
            assert (path, got.status_code) == (path, 404)
        assert client.get("/results/2").status_code == 200


def test_a_player_named_with_a_slash_has_a_page(league_db: str) -> None:
    lg = League(Store(league_db), "club", "boot0")
    lines = lines_of(PITCHNUT)
    header = json.loads(lines[0])
    header["sides"] = {"A": "AC/DC", "B": "Bob"}
    lines = [json.dumps(header), *lines[1:]]
    msg = messages.result(venue="club", table="table-1", boot="b0", journal_uid="j0", match_id=1, lines=lines,
                          ended_wall=1000.0, ended_synced=True)
    lg.handle(T1, payload(msg), 1.0)
    assert lg.store.count() == (1, 0)
    with served(lg) as client:
        assert '<a href="/players/AC/DC">AC/DC</a>' in client.get("/standings/pitchnut").text
        for path in ("/players/AC/DC", "/players/AC%2FDC"):
            page = client.get(path)
            assert (page.status_code, "<h1>AC/DC</h1>" in page.text) == (200, True), path
        assert client.get("/players/AC").status_code == 404
    lg.store.close()
