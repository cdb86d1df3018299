"""Faults with the real parts: the uplink cut, a venue broker restarted with results
queued for the region, a worker SIGKILLed mid-result. Each: every result a venue broker
acknowledged to its table is stored once, and the standings are a fold of them.

A store with a server of its own (PostgreSQL) adds its restart here: stop and start
the server between the sends and :meth:`support.region.Region.check`."""

from __future__ import annotations

import sqlite3
import time

from support.region import Region, result_payload


def send(region: Region, venue: str, table: str, numbers: range) -> list[tuple[str, str, bytes]]:
    out = []
    for n in numbers:
        p = result_payload(venue, table, n)
        region.tables[(venue, table)].send(p)
        out.append((venue, table, p))
    return out


def test_the_results_of_both_venues_reach_the_region_once(region: Region) -> None:
    sent = send(region, "north", "t1", range(1, 6)) + send(region, "south", "t2", range(1, 6))
    region.check(sent)


def test_an_uplink_cut_loses_nothing(region: Region) -> None:
    sent = send(region, "north", "t1", range(1, 3))
    region.region.stop()  # the region's broker (and so every uplink) is down ...
    sent += send(region, "north", "t1", range(3, 9)) + send(region, "south", "t1", range(1, 7))  # ... as matches end
    region.region.start()
    region.check(sent)


def test_a_venue_broker_restarted_with_results_queued_loses_nothing(region: Region) -> None:
    region.region.stop()
    sent = send(region, "north", "t1", range(1, 6)) + send(region, "north", "t2", range(1, 4))
    region.venues["north"].restart()  # the queue for the region is in its persistence file
    region.region.start()
    region.check(sent)


def test_a_worker_killed_holding_results_loses_and_doubles_nothing(region: Region) -> None:
    lock = sqlite3.connect(region.db, timeout=10)
    lock.execute("BEGIN IMMEDIATE")  # every worker's commit now waits: each holds what it was sent
    try:
        sent = send(region, "north", "t1", range(1, 7)) + send(region, "south", "t2", range(1, 7))
        time.sleep(1.0)
        killed = region.kill_worker(1)
    finally:
        lock.rollback()
        lock.close()
    region.check(sent)
    assert region.supervisor is not None and region.supervisor.pids()[1] != killed


def test_workers_killed_again_and_again_while_results_flow(region: Region) -> None:
    sent = []
    for round_ in range(4):
        sent += send(region, "north", "t1", range(round_ * 10 + 1, round_ * 10 + 6))
        sent += send(region, "south", "t2", range(round_ * 10 + 1, round_ * 10 + 6))
        region.kill_worker(1 + round_ % 2)
        time.sleep(0.3)
    region.check(sent)


def test_a_region_broker_restart_forgets_the_shared_subscription_not_the_backstops(region: Region) -> None:
    region.stop_workers()  # the workers and the backstop are away ...
    region.region.stop()
    since = region.region.log.stat().st_size
    region.region.start()  # ... as Mosquitto 2.0 restores their sessions, not the shared subscription
    for venue in region.venues:
        assert region.wait_log(f"as bridge-{venue} ", since)
    sent = send(region, "north", "t1", range(1, 5)) + send(region, "south", "t2", range(1, 5))
    time.sleep(1.0)  # bridged into the region, where only the backstop's session takes them
    region.start_workers()
    region.check(sent)
