"""The region tests' parts: real Mosquittos (a region broker, venue brokers bridged to
it) and real worker processes on 127.0.0.1 (tests/support/region.py), one set per test
module: each test adds its results to what the module's earlier tests sent, and checks
them all."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from support.broker import mosquitto
from support.postgres import postgres
from support.region import Region, region_rig

__all__ = ["postgres", "region"]


@pytest.fixture(scope="module")
def region(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Region]:
    if mosquitto() is None:
        pytest.skip("no mosquitto broker (apt-get install mosquitto, as root)")
    yield from region_rig(tmp_path_factory.mktemp("region"))
