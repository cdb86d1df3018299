"""Sensor health values (pitchside.signals.health): the tally of one match, the record
over matches, the flags people read (sensor health)."""

from __future__ import annotations

from pitchside.signals.events import BeamBroken, SensorNoisy
from pitchside.signals.health import SILENT_WARN_MATCHES, SensorTally, summarise, tally


def test_tally_counts_pieces_storms_and_stuck_reports_apart() -> None:
    t = SensorTally()
    for ev in (
        BeamBroken("twenty", 1.0, 0.02),
        BeamBroken("twenty", 2.0, 0.03),
        SensorNoisy("twenty", 3.0, "storm: 6 pulses within 100 ms", since=2.95),
        SensorNoisy("twenty", 9.0, "blocked: beam blocked for 2 s"),
    ):
        t = tally(t, ev)
    assert t == SensorTally(blocks=2, storms=1, stuck=1)


def test_tallies_add_field_by_field() -> None:
    assert SensorTally(1, 2, 3, 4, 5) + SensorTally(10, 20, 30, 40, 50) == SensorTally(11, 22, 33, 44, 55)


def test_silent_for_counts_the_newest_finished_matches_without_a_block() -> None:
    rows = [
        ("finished", SensorTally(blocks=4)),
        ("finished", SensorTally()),
        ("abandoned", SensorTally(blocks=2)),  # an abandoned match says nothing either way
        ("finished", SensorTally()),
        ("finished", SensorTally()),
    ]
    h = summarise("twenty", rows)
    assert h.silent_for == 3
    assert h.matches == 5 and h.finished == 4
    assert h.blocks_per_match == 1.0  # 4 blocks over 4 finished matches
    assert h.total == SensorTally(blocks=6)
    assert h.flags == (f"silent {SILENT_WARN_MATCHES}",)
    assert h.state() == "silent 3"


def test_a_block_in_the_newest_finished_match_ends_the_silence() -> None:
    h = summarise("pocket_2", [("finished", SensorTally()), ("finished", SensorTally(blocks=1))])
    assert h.silent_for == 0 and h.flags == () and h.state() == "ok"


def test_flags_name_stuck_noisy_and_hand_entries_of_the_latest_match() -> None:
    h = summarise("twenty", [("finished", SensorTally(storms=3)), ("playing", SensorTally(stuck=1, by_hand=2))])
    assert h.flags == ("stuck", "by hand 2")  # the storms were in an older match
    assert h.last == SensorTally(stuck=1, by_hand=2)


def test_no_match_yet_is_no_mean_and_no_silence() -> None:
    h = summarise("twenty", [])
    assert h.blocks_per_match is None and h.silent_for == 0 and h.matches == 0
