"""A short run of the SIGKILL crash harness (``python -m pitchside_sim.crash`` runs the
long one, 200 kills): no acknowledged input lost, no wrong state, no failed restart."""

from __future__ import annotations

from pathlib import Path

from pitchside_sim.crash import run


def test_sigkill_at_random_moments_loses_no_acknowledged_input(tmp_path: Path) -> None:
    report = run(tmp_path / "journal.db", kills=12, seed=7, max_delay_s=0.2)
    assert report.kills == 12
    assert report.survived == 12
    assert report.lost == 0
    assert report.wrong_state == 0
    assert report.failed_restarts == 0
    assert report.inputs > 0  # the child really played between kills
