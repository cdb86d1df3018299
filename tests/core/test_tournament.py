"""Master Move tournaments (MM-26, MM-32): round robin standings with both tie-breaks,
forfeits, knockout brackets with byes, round robin with a final. Expected tables are
computed by hand in each test's comments."""

from __future__ import annotations

import pytest
from pitchside.core.tournament import (
    Pairing,
    Tournament,
    TournamentError,
    add_result,
    bracket,
    champion,
    game_result,
    new_tournament,
    next_pairing,
    round_robin_schedule,
    seeding_order,
    standings,
)

TEAMS = ("Yellow", "Blue", "Red", "Green", "White")

# The ten games of a 5-team round robin, in the schedule's order (circle method).
FIVE_RESULTS = (
    ("Blue", "White", 3, 2, None),
    ("Red", "Green", 3, 2, None),
    ("White", "Yellow", 0, 3, None),
    ("Blue", "Red", 2, 1, "Red"),  # Red quit while 1-2 down: 3-0 to Blue whatever the score (MM-32)
    ("Yellow", "Green", 3, 0, None),
    ("White", "Red", 3, 0, None),
    ("Red", "Yellow", 1, 3, None),
    ("Green", "Blue", 2, 3, None),
    ("Yellow", "Blue", 2, 3, None),
    ("Green", "White", 3, 1, None),
)


def play(t: Tournament, games: tuple[tuple[str, str, int, int, str | None], ...]) -> Tournament:
    for home, away, h, a, quit_ in games:
        t = add_result(t, game_result(home, away, h, a, forfeit=quit_))
    return t


def rows(t: Tournament) -> list[tuple[str, str, int, int, int, int, int, int, int]]:
    return [(r.rank_text, r.team, r.played, r.won, r.lost, r.moves_for, r.moves_against, r.diff, r.points)
            for r in standings(t)]


def test_five_team_round_robin_standings_with_both_tie_breaks_MM_26() -> None:
    """By hand, per team (W = won, L = lost, Moves for-against):
    Blue:   W 3-2 White, W 3-0 Red (forfeit), W 3-2 Green, W 3-2 Yellow: 4-0, 12-6, +6, 12 pts
    Yellow: W 3-0 White, W 3-0 Green, W 3-1 Red, L 2-3 Blue:           3-1, 11-4, +7, 9 pts
    Green:  L 2-3 Red, L 0-3 Yellow, L 2-3 Blue, W 3-1 White:           1-3, 7-10, -3, 3 pts
    White:  L 2-3 Blue, L 0-3 Yellow, W 3-0 Red, L 1-3 Green:           1-3, 6-9,  -3, 3 pts
    Red:    W 3-2 Green, L 0-3 Blue (quit), L 0-3 White, L 1-3 Yellow:  1-3, 4-11, -7, 3 pts
    Points first (Blue 12 above Yellow 9 despite Yellow's better difference); Green,
    White and Red on 3: Red last on Move difference (-7); Green above White on Moves
    scored (7 v 6) at equal difference (-3)."""
    t = play(new_tournament("Club cup", "round_robin", TEAMS), FIVE_RESULTS)
    assert rows(t) == [
        ("1", "Blue", 4, 4, 0, 12, 6, 6, 12),
        ("2", "Yellow", 4, 3, 1, 11, 4, 7, 9),
        ("3", "Green", 4, 1, 3, 7, 10, -3, 3),
        ("4", "White", 4, 1, 3, 6, 9, -3, 3),
        ("5", "Red", 4, 1, 3, 4, 11, -7, 3),
    ]
    assert next_pairing(t) is None
    assert champion(t) == "Blue"


def test_the_schedule_of_five_teams_is_ten_games_each_pair_once_two_per_round() -> None:
    sched = round_robin_schedule(TEAMS)
    assert len(sched) == 10
    assert len({frozenset((p.home, p.away)) for p in sched}) == 10
    assert [p.round for p in sched] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]  # one team rests each round
    assert [(p.home, p.away) for p in sched] == [(h, a) for h, a, *_ in FIVE_RESULTS]


def test_the_next_pairing_follows_the_schedule_and_skips_games_played_early() -> None:
    t = new_tournament("Cup", "round_robin", TEAMS)
    assert next_pairing(t) == Pairing("Blue", "White", 1)
    t = add_result(t, game_result("Red", "Green", 3, 1))  # played out of order
    assert next_pairing(t) == Pairing("Blue", "White", 1)
    t = add_result(t, game_result("White", "Blue", 1, 3))  # home and away either way round
    assert next_pairing(t) == Pairing("White", "Yellow", 2)


def test_a_forfeit_is_0_3_against_the_quitter_whatever_the_score_MM_32() -> None:
    r = game_result("Blue", "Red", 2, 1, forfeit="Blue")
    assert (r.home_moves, r.away_moves, r.winner) == (0, 3, "Red")
    assert r.text() == "Blue 0-3 Red (Blue quit)"


@pytest.mark.parametrize(
    ("h", "a", "why"),
    [(3, 3, "not a finished game"), (2, 1, "not a finished game"), (4, 1, "Moves are 0..3"), (3, -1, "Moves are 0..3")],
)
def test_a_result_must_be_a_finished_game_to_3_MM_15(h: int, a: int, why: str) -> None:
    with pytest.raises(TournamentError, match=why):
        game_result("Blue", "Red", h, a)


def test_results_that_cannot_be_are_refused() -> None:
    t = new_tournament("Cup", "round_robin", TEAMS)
    with pytest.raises(TournamentError, match="not in this tournament"):
        add_result(t, game_result("Blue", "Purple", 3, 0))
    with pytest.raises(TournamentError, match="cannot play itself"):
        game_result("Blue", "Blue", 3, 0)
    with pytest.raises(TournamentError, match="only a team of the game can quit"):
        game_result("Blue", "Red", 0, 0, forfeit="Green")
    t = add_result(t, game_result("Blue", "Red", 3, 0))
    with pytest.raises(TournamentError, match="played each other already"):
        add_result(t, game_result("Red", "Blue", 3, 0))
    done = play(new_tournament("Club cup", "round_robin", TEAMS), FIVE_RESULTS)
    with pytest.raises(TournamentError, match="the tournament is over"):
        add_result(done, game_result("Blue", "Red", 3, 0))


def test_new_tournament_checks_its_teams_and_format() -> None:
    with pytest.raises(TournamentError, match="format must be"):
        new_tournament("x", "swiss", TEAMS)
    with pytest.raises(TournamentError, match="named twice"):
        new_tournament("x", "round_robin", ("Blue", "blue"))
    with pytest.raises(TournamentError, match="at least 2"):
        new_tournament("x", "knockout", ("Blue",))


def test_teams_equal_on_all_three_criteria_share_a_rank_in_seeding_order() -> None:
    # Three teams, each beats one and loses to one, all 3-1: 3 pts, 4-4, 0 each.
    t = new_tournament("Tri", "round_robin", ("Ash", "Birch", "Cedar"))
    t = play(t, (("Ash", "Birch", 3, 1, None), ("Birch", "Cedar", 3, 1, None), ("Cedar", "Ash", 3, 1, None)))
    assert [(r.rank_text, r.team, r.points, r.diff) for r in standings(t)] == [
        ("1=", "Ash", 3, 0), ("1=", "Birch", 3, 0), ("1=", "Cedar", 3, 0),
    ]  # fmt: skip


def test_seeding_order_meets_top_seeds_late() -> None:
    assert seeding_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seeding_order(4) == [1, 4, 2, 3]


def test_knockout_of_five_gives_three_byes_then_semis_and_final() -> None:
    """Seeds 1-5 in a bracket of 8: 1 v (8), 4 v 5, 2 v (7), 3 v (6): only 4 v 5 is
    played in round 1; semi-finals Yellow v winner(Green/White) and Blue v Red, the
    latter due at once (both had byes)."""
    t = new_tournament("KO", "knockout", TEAMS)
    assert next_pairing(t) == Pairing("Green", "White", 1, "quarter-final")
    with pytest.raises(TournamentError, match=r"not a knockout game now \(due: Green v White, Blue v Red\)"):
        add_result(t, game_result("Yellow", "Blue", 3, 0))
    t = add_result(t, game_result("Green", "White", 1, 3))
    assert next_pairing(t) == Pairing("Yellow", "White", 2, "semi-final")
    t = add_result(t, game_result("Blue", "Red", 0, 0, forfeit="Blue"))  # the other semi first: allowed
    t = add_result(t, game_result("Yellow", "White", 3, 2))
    assert next_pairing(t) == Pairing("Yellow", "Red", 3, "final")
    assert champion(t) is None
    t = add_result(t, game_result("Red", "Yellow", 3, 2))
    assert next_pairing(t) is None and champion(t) == "Red"
    # by the round reached: Red (champion), Yellow (final), White and Blue (semis), Green.
    # White: W 3-1, L 2-3 = 3 pts +1; Blue: L 0-3 = 0 pts -3.
    assert [(r.rank_text, r.team, r.points, r.diff) for r in standings(t)] == [
        ("1", "Red", 6, 4), ("2", "Yellow", 3, 0), ("3", "White", 3, 1), ("4", "Blue", 0, -3), ("5", "Green", 0, -2),
    ]  # fmt: skip
    assert [len(r) for r in bracket(t)] == [4, 2, 1]


def test_round_robin_with_a_final_between_the_top_two() -> None:
    t = play(new_tournament("Cup", "round_robin_final", TEAMS), FIVE_RESULTS)
    assert next_pairing(t) == Pairing("Blue", "Yellow", 6, "final")
    with pytest.raises(TournamentError, match="the final is Blue v Yellow"):
        add_result(t, game_result("Blue", "Green", 3, 0))
    t = add_result(t, game_result("Yellow", "Blue", 3, 1))
    assert champion(t) == "Yellow"
    assert [(r.rank_text, r.team, r.points) for r in standings(t)][:3] == [
        ("1", "Yellow", 9), ("2", "Blue", 12), ("3", "Green", 3),
    ]  # the league's figures stay; the final decides 1 and 2
    with pytest.raises(TournamentError, match="the final has been played"):
        add_result(t, game_result("Yellow", "Blue", 3, 1))
