"""The region tests' parts: real Mosquittos (a region broker, venue brokers bridged to
it) and real worker processes, started per test on 127.0.0.1 (tests/support/region.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from support.broker import mosquitto
from support.region import Region, region_rig


@pytest.fixture
def region(tmp_path: Path) -> Iterator[Region]:
    if mosquitto() is None:
        pytest.skip("no mosquitto broker (apt-get install mosquitto, as root)")
    yield from region_rig(tmp_path)
