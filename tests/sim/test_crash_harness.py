"""A short run of the SIGKILL crash harness over all five games (``python -m
pitchside_sim.crash`` runs the long one, 200 kills): no acknowledged input lost, no
wrong state, no wrong frame, no failed restart."""

from __future__ import annotations

from pathlib import Path

from pitchside_sim.crash import GAMES, run


def test_sigkill_at_random_moments_loses_nothing_in_any_game(tmp_path: Path) -> None:
    report = run(tmp_path, kills=2 * len(GAMES), seed=7, max_delay_s=0.2)
    assert GAMES == ("pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove")
    assert list(report.games) == list(GAMES)
    for game, tally in report.games.items():
        assert (game, tally.kills, tally.survived) == (game, 2, 2)
        assert (game, tally.lost, tally.wrong_state, tally.failed_restarts) == (game, 0, 0, 0)
        assert (game, tally.wrong_frame) == (game, 0)
        assert tally.inputs > 0, game  # the table really played between kills
    assert report.seconds < 60
