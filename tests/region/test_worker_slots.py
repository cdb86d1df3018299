"""Worker slots: Mosquitto gives a stopped slot its share of the results until its
session ends; the backstop stores that share, and ``pitchside region worker --slot K
--leave`` ends the slot's session, so a lowered ``--count`` strands nothing."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest

from support.broker import mosquitto
from support.region import Region, region_rig, result_payload


@pytest.fixture(scope="module")
def three(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Region]:
    if mosquitto() is None:
        pytest.skip("no mosquitto broker (apt-get install mosquitto, as root)")
    yield from region_rig(tmp_path_factory.mktemp("three"), workers=3)


def test_a_slot_no_longer_run_leaves_the_group_with_its_share_stored(three: Region) -> None:
    three.stop_workers()
    sent = []
    for n in range(1, 10):  # while no worker runs: three to each slot's session
        p = result_payload("north", "t1", n)
        three.tables[("north", "t1")].send(p)
        sent.append(("north", "t1", p))
    three.workers = 2
    three.start_workers()
    assert three.wait_stored(9) == 9  # slot 3's share, waiting in its session, stored by the backstop
    done = subprocess.run(three.worker_argv(3) + ["--leave"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "league worker 3 left the group: its session is ended" in done.stderr
    for n in range(10, 16):  # slot 3 has left: every new result goes to slots 1 and 2
        p = result_payload("south", "t2", n)
        three.tables[("south", "t2")].send(p)
        sent.append(("south", "t2", p))
    three.check(sent)
