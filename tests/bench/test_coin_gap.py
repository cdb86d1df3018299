"""bench/coin_gap.py, the coin decoder's shortest distinguishable pulse gap:
exact counts on small seeded runs (the figures of the full run are in bench/README.md)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import coin_gap  # noqa: E402


def test_coins_with_the_acceptors_own_pauses_are_all_counted() -> None:
    assert coin_gap.run(30, 0.05) == {"coins": 30, "wrong": 0, "decoded": 30, "faults": 0}


def test_two_coins_closer_than_the_gap_are_one_coin_of_both() -> None:
    assert coin_gap.run(2, 0.05, apart_s=0.2, seed=1) == {"coins": 2, "wrong": 2, "decoded": 1, "faults": 0}


def test_the_pause_scan_stops_at_the_first_gap_decoded_wrong() -> None:
    best, rows = coin_gap.shortest(20, [3.0, 2.0, 1.0], "pause")
    assert best == 2.0  # the 2 ms settling time (bounce_ms) after the ringing
    assert [(r["gap_ms"], r["wrong"]) for r in rows] == [(3.0, 0), (2.0, 0), (1.0, 15)]


def test_coins_are_told_apart_from_the_quiet_gap_on() -> None:
    best, rows = coin_gap.shortest(20, [310.0, 300.0, 290.0], "apart")
    assert best == 300.0  # the decoder's gap_ms
    assert [(r["gap_ms"], r["wrong"]) for r in rows] == [(310.0, 0), (300.0, 0), (290.0, 20)]
