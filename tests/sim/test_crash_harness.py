"""The SIGKILL crash harness over all five games, short (``python -m pitchside_sim.crash``
runs the long one, 200 kills): no acknowledged input lost, no wrong state, no failed
restart, and with coins dropped throughout no acknowledged credit lost; and the same restart made in virtual time after every journaled input, where
the frame a restarted table shows is checked against the live one's, game by game."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pitchside_sim.crash import GAMES, restart_check, run
from pitchside_sim.crash_tally import Tally
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
    # games bought throughout, half the kills aimed at a purchase: none charged twice or lost
    assert (report.credit_invented, report.wrong_rows, report.games_twice, report.games_lost,
            report.games_unpaid, report.wrong_audits, report.wrong_meters) == (0, 0, 0, 0, 0, 0, 0)  # fmt: skip
    assert report.games_paid > 0 and report.purchases > 0


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
        assert (journal, tally.credit_lost, tally.wrong_credit, tally.spends_lost) == (journal, lost, wrong, 0)
    tally = Tally()
    check(acked, Credits(5, 450, 1, 350), tally)  # an acknowledged game's spend missing: a game lost
    assert (tally.credit_lost, tally.wrong_credit, tally.spends_lost) == (0, 0, 1)
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


def test_frames_drawn_ahead_decide_no_spend(tmp_path: Path) -> None:
    """What the watch counts as decided is what the journal holds after every step:
    a guessed first line (Master Move's DONE on the line-ups, among the frames drawn
    ahead) pays for the match in the guess only. Counted as decided, it left the
    acknowledged spends one ahead of the journal and the balance a game short, so a
    real spend written after such a frame looked like a wrong balance (the harness's
    ``wrong credit 1`` now and then)."""
    import random

    from pitchside_sim.crash import COIN_ACTION, GAP_S, _keys, _table
    from pitchside_sim.crash_coins import CreditWatch, journal_credits, pick_pulses

    sim = _table("mastermove", tmp_path / "j.db", seed=3, coins=True)
    try:
        sent: list[str] = []
        watch = CreditWatch(sim, journal_credits(sim.journal), sent.append)
        actions, weights = _keys("mastermove")
        rng = random.Random(5)
        guessed = 0
        for _ in range(400):
            guessed += sim.runtime.draw_ahead() > 0
            action = rng.choices([*actions, COIN_ACTION], [*weights, 3])[0]
            if action is COIN_ACTION:
                sim.coin(pick_pulses(rng), seed=rng.randrange(1 << 30))
            else:
                sim.act(action, GAP_S)
            assert watch.decided == journal_credits(sim.journal)
        assert guessed > 100 and "BUY 1" in sent  # frames were drawn ahead, and a game was bought
    finally:
        sim.close()


def test_the_books_find_what_the_price_list_does_not_make(tmp_path: Path) -> None:
    """The restarted table's books (:func:`pitchside_sim.crash_coins.books`) on
    hand-made ledgers: a right one, then a coin credited at another value, a bonus
    missing, a match paid twice, a match never paid, a spend with no game."""
    from pitchside.app.journal import Journal
    from pitchside.core.pricing import LedgerEntry
    from pitchside_sim.crash_coins import Books, books

    def spend(balance: int, session: int) -> LedgerEntry:
        return LedgerEntry("spend", -100, balance, session, game="pichenotte")

    def match(j: Journal, *spends: LedgerEntry) -> None:
        mid = j.start_match({"format": 1, "game": "pichenotte", "options": {}})
        j.append_lines(mid, [{"input": "coin_toss", "winner": "A"}], spends[0] if spends else None)
        if len(spends) > 1:
            j.credit(replace(spends[1], match_id=mid))

    with Journal.open(tmp_path / "right.db") as j:
        for e in (LedgerEntry("coin", 100, 100, 100, pulses=2), LedgerEntry("coin", 100, 200, 200, pulses=2),
                  LedgerEntry("bonus", 100, 300, 200)):  # fmt: skip
            j.credit(e)
        match(j, spend(200, 200))
        j.reset_audits()
        assert books(j) == Books(coins=2, money=200, games=1, wrong_rows=0, charged_twice=0, unpaid=0,
                                 paid_no_game=0, wrong_audits=0, wrong_meters=0)  # fmt: skip
    with Journal.open(tmp_path / "wrong.db") as j:
        j.credit(LedgerEntry("coin", 150, 150, 150, pulses=1))  # a 50 coin credited 150: invented
        j.credit(LedgerEntry("coin", 100, 250, 250, pulses=2))  # crossed the 200 tier: its bonus missing
        match(j, spend(150, 250), spend(50, 250))  # paid twice
        match(j)  # played, never paid
        j.credit(LedgerEntry("coin", 200, 250, 450, pulses=4))
        j.credit(spend(150, 450))  # paid, no game
        assert books(j) == Books(coins=3, money=450, games=3, wrong_rows=2, charged_twice=1, unpaid=1,
                                 paid_no_game=1, wrong_audits=0, wrong_meters=0)  # fmt: skip


def test_a_restart_after_each_master_move_draft_shows_the_line_up_set(tmp_path: Path) -> None:
    """Master Move's line-up moved on the panel and not sent is journaled: a restart
    after each such move (and after the draft dropped) rebuilds the line-ups shown
    (the digest includes them)."""
    drafts: list[int] = []
    restarts, problems = restart_check("mastermove", tmp_path / "journal.db", presses=120, seed=5, drafts=drafts)
    assert (restarts, problems, drafts) == (16, [], [15, 47, 65, 75])


def test_a_master_move_match_paid_with_its_first_draft_is_a_game_played(tmp_path: Path) -> None:
    """A Master Move match on a pay to play table is stored, and paid, with its first
    line-up draft, before any input line: the books count it played and paid (ended
    by the players before its first line, too), and a match stored by a draft without
    its price as played unpaid."""
    from pitchside.app.journal import Journal, LinesWrite
    from pitchside.core.pricing import LedgerEntry
    from pitchside_sim.crash_coins import Books, books

    header = {"format": 1, "game": "mastermove", "options": {}}
    draft = (("A", '{"input": "lineup"}'),)
    with Journal.open(tmp_path / "drafts.db") as j:
        j.credit(LedgerEntry("coin", 200, 200, 200, pulses=4))
        j.credit(LedgerEntry("bonus", 100, 300, 200))
        spend = LedgerEntry("spend", -100, 200, 200, game="mastermove")
        paid = j.start_match(header, first=LinesWrite((), spend, drafts=draft))
        j.end_match(paid, "abandoned")  # the players ended it at the line-ups
        j.start_match(header, first=LinesWrite((), replace(spend, balance=100), drafts=draft))  # still at the line-ups
        j.start_match(header, first=LinesWrite((), drafts=draft))  # stored by a draft, never paid
        assert [m.status for m in j.history()] == ["abandoned", "playing", "playing"]
        assert books(j) == Books(coins=1, money=200, games=2, wrong_rows=0, charged_twice=0, unpaid=1,
                                 paid_no_game=0, wrong_audits=0, wrong_meters=0)  # fmt: skip


def test_a_restart_after_a_match_the_players_ended_is_the_fresh_table(tmp_path: Path) -> None:
    """The players end a match (NEW held, DONE): its end is a write without input lines,
    acknowledged with the state of the fresh table the live one goes on to; a restart
    starts afresh too, and its digest is the fresh table's, not the abandoned match's
    (which only a match ended by its final input leaves on show)."""
    import random

    from pitchside.app.recorder import rebuild
    from pitchside_sim.crash import GAP_S, _digest, _keys, _rebuilt_digest, _table

    db = tmp_path / "ended.db"
    sim = _table("mastermove", db, seed=3)
    try:
        actions, weights = _keys("mastermove")
        rng = random.Random(3)
        while not sim.runtime.state.match.inputs:
            sim.act(rng.choices(actions, weights)[0], GAP_S)
        played = _digest(sim)
        sim.hold("new")
        sim.advance_to(sim.now + GAP_S)
        sim.press("shot_done")
        sim.advance_to(sim.now + GAP_S)
        assert (sim.recorder.match_id, len(sim.runtime.state.match.inputs)) == (None, 0)
        fresh = _digest(sim)
    finally:
        sim.close()
    sim = _table("mastermove", db, seed=3)
    try:
        (stored,) = sim.journal.history()
        assert (stored.status, _digest(sim, rebuild(sim.journal, stored.id))) == ("abandoned", played)
        assert fresh != played
        assert _rebuilt_digest(sim) == fresh
    finally:
        sim.close()
