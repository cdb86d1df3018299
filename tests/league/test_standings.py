"""Standings with each game's tie-breaks (MM-26 for Master Move, through
pitchside.core.tournament), the formats filled by counted results, and Elo ratings."""

from __future__ import annotations

import pytest

from pitchside.league import formats, ratings, standings
from support.league import counted


def test_points_then_score_difference_then_score_for_and_shared_ranks() -> None:
    rs = [
        counted("pitchnut", "Ann", "Bob", 2, 0, "A", 1),
        counted("pitchnut", "Bob", "Cy", 2, 1, "A", 2),
        counted("pitchnut", "Cy", "Ann", 2, 1, "A", 3),
        counted("boulomania", "Ann", "Cy", 13, 2, "A", 4),  # another game: not counted here
    ]
    rows = standings.table("pitchnut", rs)
    assert [(r.rank_text, r.name, r.played, r.won, r.lost, r.score_for, r.score_against, r.points) for r in rows] == [
        ("1", "Ann", 2, 1, 1, 3.0, 2.0, 3),   # diff +1
        ("2", "Cy", 2, 1, 1, 3.0, 3.0, 3),    # diff 0, for 3
        ("3", "Bob", 2, 1, 1, 2.0, 3.0, 3),   # diff -1
    ]


def test_a_draw_is_one_point_each_and_equal_players_share_the_rank_in_seeding_order() -> None:
    rs = [counted("pichenotte", "Ann", "Bob", 3.5, 3.5, None, 1)]
    rows = standings.table("pichenotte", rs, seeding=("Bob", "Ann", "Cy"))
    assert [(r.rank_text, r.name, r.drawn, r.points) for r in rows] == [("1=", "Bob", 1, 1), ("1=", "Ann", 1, 1),
                                                                         ("3", "Cy", 0, 0)]


def test_master_move_keeps_mm26_and_a_forfeit_counts_0_3_against_the_quitter() -> None:
    rs = [
        counted("mastermove", "Reds", "Blues", 3, 1, "A", 1, "MM-15", "won"),
        # Greens quit at 2-1 up (MM-25): 0-3 for the standings (MM-32)
        counted("mastermove", "Greens", "Blues", 2, 1, "B", 2, "MM-25", "forfeit", (("side", "A"), ("winner", "B"))),
        counted("mastermove", "Reds", "Greens", 3, 2, "A", 3, "MM-15", "won"),
    ]
    rows = standings.table("mastermove", rs)
    assert [(r.rank, r.name, r.won, r.lost, r.score_for, r.score_against, r.points) for r in rows] == [
        (1, "Reds", 2, 0, 6, 3, 6),
        (2, "Blues", 1, 1, 4, 3, 3),
        (3, "Greens", 0, 2, 2, 6, 0),
    ]


def test_round_robin_fixtures_take_the_first_match_between_two_and_name_a_champion() -> None:
    rs = [counted("pitchbowl", "Ann", "Bob", 3, 1, "A", 1), counted("pitchbowl", "Bob", "Ann", 3, 0, "A", 2),
          counted("pitchbowl", "Cy", "Ann", 0, 3, "B", 3)]
    v = formats.view("pitchbowl", "round_robin", ("Ann", "Bob", "Cy"), rs)
    played = [(f.a, f.b, f.result.match if f.result else None) for rnd in v.fixtures for f in rnd]
    # the circle method's rounds; m2 (a second Ann v Bob) does not count for the league
    assert played == [("Bob", "Cy", None), ("Cy", "Ann", "m3"), ("Ann", "Bob", "m1")]
    assert v.champion is None and [(f.a, f.b) for f in v.next] == [("Bob", "Cy")]
    assert [(r.name, r.points) for r in v.standings] == [("Ann", 6), ("Bob", 0), ("Cy", 0)]
    done = formats.view("pitchbowl", "round_robin", ("Ann", "Bob", "Cy"),
                        [*rs, counted("pitchbowl", "Bob", "Cy", 1, 1, None, 4)])
    assert done.champion == "Ann" and done.next == ()


def test_single_elimination_seeds_byes_and_a_draw_decides_nothing() -> None:
    players = ("S1", "S2", "S3")  # four slots: S1 has a bye, S2 v S3 in the semi-final
    v = formats.view("pitchnut", "single_elimination", players, [])
    assert [(f.a, f.b, f.bye) for f in v.fixtures[0]] == [("S1", None, True), ("S2", "S3", False)]
    assert [(f.a, f.b) for f in v.next] == [("S2", "S3")]
    rs = [counted("pitchnut", "S3", "S2", 1, 1, None, 1), counted("pitchnut", "S3", "S2", 2, 0, "A", 2)]
    v = formats.view("pitchnut", "single_elimination", players, rs)
    assert v.fixtures[0][1].result is not None and v.fixtures[0][1].result.match == "m2"
    assert [(f.stage, f.a, f.b) for f in v.fixtures[1]] == [("final", "S1", "S3")]
    v = formats.view("pitchnut", "single_elimination", players, [*rs, counted("pitchnut", "S1", "S3", 0, 2, "B", 3)])
    assert v.champion == "S3"


def test_round_robin_final_is_played_by_the_first_two_after_their_league_match() -> None:
    rs = [counted("pitchnut", "Ann", "Bob", 2, 0, "A", 1), counted("pitchnut", "Ann", "Cy", 2, 0, "A", 2),
          counted("pitchnut", "Bob", "Cy", 2, 1, "A", 3)]
    v = formats.view("pitchnut", "round_robin_final", ("Ann", "Bob", "Cy"), rs)
    assert v.champion is None and [(f.stage, f.a, f.b) for f in v.next] == [("final", "Ann", "Bob")]
    v = formats.view("pitchnut", "round_robin_final", ("Ann", "Bob", "Cy"),
                     [*rs, counted("pitchnut", "Bob", "Ann", 2, 1, "A", 4)])
    assert v.champion == "Bob"


def test_a_league_that_cannot_be_is_refused() -> None:
    with pytest.raises(formats.FormatError, match="at least two players"):
        formats.check("round_robin", ["Ann"])
    with pytest.raises(formats.FormatError, match="unknown format 'ladder'"):
        formats.check("ladder", ["Ann", "Bob"])


def test_elo_from_the_history_in_order_with_doubles_as_teams() -> None:
    rs = [counted("boulomania", "Ann & Bob", "Cy & Di", 13, 5, "A", 1),
          counted("boulomania", "Cy & Di", "Ann & Bob", 13, 11, "A", 2)]
    (first, second) = ratings.ratings("boulomania", rs)
    # 1: 1500 v 1500, expected 0.5: Ann & Bob +16 -> 1516, Cy & Di 1484
    # 2: Cy & Di (1484) beat 1516: expected 1/(1+10^(32/400)) = 0.45399..., +32*0.54601 = +17.47
    assert first.name == "Cy & Di" and first.rating == pytest.approx(1484 + 32 * (1 - 1 / (1 + 10 ** (32 / 400))))
    assert second.name == "Ann & Bob" and second.rating == pytest.approx(1516 - 32 * (1 - 1 / (1 + 10 ** (32 / 400))))
    assert (first.played, first.won, first.lost) == (2, 1, 1)
    assert first.rating + second.rating == pytest.approx(3000)
