"""The SIGKILL crash harness over all five games, short (``python -m pitchside_sim.crash``
runs the long one, 200 kills): no acknowledged input lost, no wrong state, no failed
restart, and with coins dropped throughout no acknowledged credit lost; and the same restart made in virtual time after every journaled input, where
the frame a restarted table shows is checked against the live one's, game by game."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchside_sim.crash import GAMES, Tally, restart_check, run
from pitchside_sim.crash_coins import Credits, check

RESUMED_FRAME_SLIP = "a resumed table does not show exactly what it showed"
KNOWN_FRAME_SLIPS: dict[str, str] = {}
"""Frames the restart check finds different today (none: every game's resumed frame is
the live one). Each is a table's own fix (the
game's helpers); the check is strict, so a fix shows up as an XPASS and its
entry goes."""


def test_sigkill_at_random_moments_loses_nothing_in_any_game(tmp_path: Path) -> None:
    report = run(tmp_path, kills=2 * len(GAMES), seed=7, max_delay_s=0.3)
    assert GAMES == ("pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove")
    assert list(report.games) == list(GAMES)
    for game, tally in report.games.items():
        assert (game, tally.kills, tally.survived) == (game, 2, 2)
        assert (game, tally.lost, tally.wrong_state, tally.failed_restarts) == (game, 0, 0, 0)
        if game not in KNOWN_FRAME_SLIPS:
            assert (game, tally.wrong_frame) == (game, 0)
    assert report.kills == 10
    assert report.inputs > 0  # the tables really played between kills
    # coins throughout: every credit a frame acknowledged is in the journal
    assert (report.credit_lost, report.wrong_credit) == (0, 0)
    assert report.coins > 0 and report.credit_acked > 0 and report.credit_shown > 0


def test_the_credit_check_counts_what_the_journal_lacks() -> None:
    acked = Credits(rows=5, credited=450, spends=2, balance=250)
    for journal, lost, wrong in (
        (Credits(5, 450, 2, 250), 0, 0),  # all there
        (Credits(6, 550, 2, 350), 0, 0),  # a coin written, the kill before its frame
        (Credits(5, 450, 3, 150), 0, 0),  # a game paid with its first line, not yet shown
        (Credits(3, 350, 2, 150), 2, 0),  # two acknowledged entries missing: lost
        (Credits(5, 400, 2, 200), 0, 1),  # the same entries adding up to another credit
        (Credits(5, 450, 2, 300), 0, 1),  # the same entries and spends, another balance
    ):
        tally = Tally()
        check(acked, journal, tally)
        assert (journal, tally.credit_lost, tally.wrong_credit) == (journal, lost, wrong)
    tally = Tally()
    check(None, Credits(0, 0, 0, 0), tally)  # a first start: nothing acknowledged yet
    assert (tally.credit_lost, tally.wrong_credit) == (0, 0)


_checks: dict[str, tuple[int, list[tuple[int, str]]]] = {}


def checked(game: str, tmp: pytest.TempPathFactory) -> tuple[int, list[tuple[int, str]]]:
    """restart_check of ``game`` (120 presses), run once for both tests below."""
    if game not in _checks:
        _checks[game] = restart_check(game, tmp.mktemp(game) / "journal.db", presses=120, seed=1)
    return _checks[game]


@pytest.mark.parametrize("game", GAMES)
def test_a_restart_after_every_journaled_input_rebuilds_the_live_state(
    tmp_path_factory: pytest.TempPathFactory, game: str
) -> None:
    restarts, problems = checked(game, tmp_path_factory)
    assert restarts >= 3  # inputs were journaled, undos among them for most games
    assert [p for p in problems if p[1] != "frame"] == []


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(g, marks=pytest.mark.xfail(strict=True, reason=KNOWN_FRAME_SLIPS[g]))
        if g in KNOWN_FRAME_SLIPS else g
        for g in GAMES
    ],
)  # fmt: skip
def test_a_restart_after_every_journaled_input_shows_the_frame_the_live_table_showed(
    tmp_path_factory: pytest.TempPathFactory, game: str
) -> None:
    restarts, problems = checked(game, tmp_path_factory)
    assert restarts >= 3
    assert problems == []


def test_a_restart_after_each_master_move_draft_shows_the_line_up_set(tmp_path: Path) -> None:
    """Master Move's line-up moved on the panel and not sent is journaled: a restart
    after each such move (and after the draft dropped) rebuilds the line-ups shown
    (the digest includes them)."""
    drafts: list[int] = []
    restarts, problems = restart_check("mastermove", tmp_path / "journal.db", presses=120, seed=5, drafts=drafts)
    assert (restarts, problems, drafts) == (16, [], [15, 47, 65, 75])
