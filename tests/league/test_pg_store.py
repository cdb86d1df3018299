"""The league store on a REAL PostgreSQL (a throwaway cluster the tests make): several
workers storing the same results at the same moment, as threads and as processes, store
each once (0 lost, 0 counted twice, every extension superseding its match's first
result); the schema is made once when servers start together; a restarted server costs
nothing: the write that finds its connection lost tries once more on a new one.
A server down past that is a StoreError the caller waits out (nothing stored)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

import psycopg
import pytest

from pitchside.league import schema
from pitchside.league.store import Store, StoreError
from pitchside.league.verify import check
from pitchside.wire import messages as wire
from support.league_load import MATCHES, TABLES, VENUES, results, store_all
from support.postgres import Cluster

TESTS = Path(__file__).resolve().parents[1]
TOTAL = len(VENUES) * len(TABLES) * MATCHES * 2  # each match first sent, then extended


def assert_each_stored_once(url: str) -> None:
    """Every result stored once; per match the extended one counted, the first superseded."""
    store = Store(url)
    try:
        assert store.count() == (TOTAL, 0)
        counted = store.counted()
        assert len(counted) == TOTAL // 2
        assert sorted((c.venue, c.table, c.match) for c in counted) == sorted(
            (v, t, f"j0-{m}") for v in VENUES for t in TABLES for m in range(1, MATCHES + 1))
        extended = {json.loads(p)["digest"] for _, _, p in results()[1::2]}
        assert {c.digest for c in counted} == extended
        rows = store.recent(limit=1000)
        assert sum(1 for r in rows if r.superseded) == TOTAL // 2
    finally:
        store.close()


def test_eight_threads_storing_the_same_results_at_once_store_each_once(pg_url: str) -> None:
    stores = [Store(pg_url) for _ in range(8)]
    done: list[Counter[str]] = []
    start = threading.Barrier(len(stores))

    def work(i: int) -> None:
        start.wait()
        done.append(store_all(stores[i], seed=i))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(stores))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    for s in stores:
        s.close()
    total = sum(done, Counter())
    assert dict(total) == {"kept": TOTAL, "copy": 7 * TOTAL}
    assert_each_stored_once(pg_url)


def test_four_processes_storing_the_same_results_at_once_store_each_once(pg_url: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(TESTS))
    procs = [subprocess.Popen([sys.executable, "-m", "support.league_load", pg_url, str(seed)], cwd=TESTS, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for seed in range(4)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0, 0], [err for _, err in outs]
    total = sum((Counter(json.loads(out)) for out, _ in outs), Counter())
    assert dict(total) == {"kept": TOTAL, "copy": 3 * TOTAL}
    assert_each_stored_once(pg_url)


def test_servers_starting_together_make_the_schema_once(pg_url: str) -> None:
    stores: list[Store] = []
    errors: list[BaseException] = []
    start = threading.Barrier(6)

    def open_one() -> None:
        start.wait()
        try:
            stores.append(Store(pg_url))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    for s in stores:
        s.close()
    assert (errors, len(stores)) == ([], 6)
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT version FROM schema_version").fetchall() == [(schema.VERSION,)]


def test_a_restarted_server_costs_no_result(postgres: Cluster, pg_url: str) -> None:
    store = Store(pg_url)
    try:
        todo = results()
        for venue, table, payload in todo[:4]:
            msg = wire.parse(wire.Result, payload)
            assert store.add(msg, check(msg), payload, 1.0, venue=venue, table=table) == "kept"
        postgres.restart("immediate")  # a crash: every connection cut, the committed rows recovered
        venue, table, payload = todo[4]
        msg = wire.parse(wire.Result, payload)
        assert store.add(msg, check(msg), payload, 1.0, venue=venue, table=table) == "kept"  # on a new connection
        assert store.count() == (5, 0)
        postgres.stop()
        try:
            venue, table, payload = todo[5]
            msg = wire.parse(wire.Result, payload)
            with pytest.raises(StoreError, match="(?i)connect"):
                store.add(msg, check(msg), payload, 1.0, venue=venue, table=table)
        finally:
            postgres.start()
        assert store.add(msg, check(msg), payload, 1.0, venue=venue, table=table) == "kept"  # the caller's retry
        assert store.count() == (6, 0)
    finally:
        store.close()


def test_a_database_that_cannot_be_reached_is_a_store_error_naming_it_without_the_password(
        postgres: Cluster) -> None:
    url = f"postgresql://pitchside:s3cret@127.0.0.1:{postgres.port}/no_such_database"
    with pytest.raises(StoreError) as caught:
        Store(url)
    text = str(caught.value)
    assert "postgresql://pitchside@127.0.0.1" in text and "no_such_database" in text and "s3cret" not in text
