"""The region's workers on PostgreSQL (tests/support/postgres.py's throwaway cluster):
several workers committing at once, one SIGKILLed as results flow, and PostgreSQL
restarted while the bridges deliver. Every result a venue broker acknowledged is stored
once, and the standings are a fold of them."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from support.broker import mosquitto
from support.postgres import Cluster
from support.region import Region, region_rig


@pytest.fixture(scope="module")
def pg_region(tmp_path_factory: pytest.TempPathFactory, postgres: Cluster) -> Iterator[Region]:
    if mosquitto() is None:
        pytest.skip("no mosquitto broker (apt-get install mosquitto, as root)")
    yield from region_rig(tmp_path_factory.mktemp("pg-region"), workers=3, db=postgres.new_database())


def test_workers_on_postgresql_killed_and_postgresql_restarted_lose_nothing(pg_region: Region,
                                                                             postgres: Cluster) -> None:
    pg_region.send("north", "t1", range(1, 6))
    pg_region.send("south", "t2", range(1, 6))
    pg_region.kill_worker(2)
    pg_region.send("north", "t2", range(1, 6))
    postgres.restart()  # the workers' connections drop: a write fails, is not acknowledged, is tried again
    pg_region.send("south", "t1", range(1, 6))
    time.sleep(0.5)
    postgres.restart()
    pg_region.send("north", "t1", range(6, 11))
    pg_region.check()
