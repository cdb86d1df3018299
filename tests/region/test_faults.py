"""Faults with the real parts, one after another on the same brokers: the uplink cut, a
venue broker restarted with results queued for the region, workers SIGKILLed
mid-result, the region broker restarted while the workers are away. After each: every
result a venue broker acknowledged to its table is stored once, and the standings are
a fold of them. The store here is SQLite; test_postgres.py runs the workers on
PostgreSQL and restarts it."""

from __future__ import annotations

import sqlite3
import time

from support.region import Region


def test_an_uplink_cut_loses_nothing(region: Region) -> None:
    region.send("north", "t1", range(101, 103))
    region.region.stop()  # the region's broker (and so every uplink) is down ...
    region.send("north", "t1", range(103, 109))  # ... as matches end at both venues
    region.send("south", "t1", range(101, 107))
    region.region.start()
    region.check()


def test_a_venue_broker_restarted_with_results_queued_loses_nothing(region: Region) -> None:
    region.region.stop()
    region.send("north", "t1", range(201, 206))
    region.send("north", "t2", range(201, 204))
    region.venues["north"].restart()  # the queue for the region is in its persistence file
    region.region.start()
    region.check()


def test_a_worker_killed_holding_results_loses_and_doubles_nothing(region: Region) -> None:
    lock = sqlite3.connect(region.db, timeout=10)
    lock.execute("BEGIN IMMEDIATE")  # every worker's commit now waits: each holds what it was sent
    try:
        region.send("north", "t1", range(301, 307))
        region.send("south", "t2", range(301, 307))
        time.sleep(1.0)
        killed = region.kill_worker(1)
    finally:
        lock.rollback()
        lock.close()
    region.check()
    assert region.supervisor is not None and region.supervisor.pids()[1] != killed


def test_workers_killed_again_and_again_while_results_flow(region: Region) -> None:
    for round_ in range(4):
        region.send("north", "t1", range(400 + round_ * 10 + 1, 400 + round_ * 10 + 6))
        region.send("south", "t2", range(400 + round_ * 10 + 1, 400 + round_ * 10 + 6))
        region.kill_worker(1 + round_ % 2)
        time.sleep(0.3)
    region.check()


def test_a_region_broker_restart_forgets_the_shared_subscription_not_the_backstops(region: Region) -> None:
    region.stop_workers()  # the workers and the backstop are away ...
    region.region.stop()
    since = region.region.log.stat().st_size
    region.region.start()  # ... as Mosquitto 2.0 restores their sessions, not the shared subscription
    for venue in region.venues:
        assert region.wait_log(f"as bridge-{venue} ", since)
    region.send("north", "t1", range(501, 505))
    region.send("south", "t2", range(501, 505))
    time.sleep(1.0)  # bridged into the region, where only the backstop's session takes them
    region.start_workers()
    region.check()
