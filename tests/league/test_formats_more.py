"""Double elimination and Swiss: exact brackets, pairings and byes."""

from __future__ import annotations

from pitchside.league import formats, swiss
from support.league import counted


def pn(a: str, b: str, sa: int, sb: int, n: int) -> object:
    return counted("pitchnut", a, b, sa, sb, "A" if sa > sb else "B", n)


def stages(v: formats.View) -> list[list[tuple[str, str | None, str | None, str | None]]]:
    return [[(f.stage, f.a, f.b, f.winner) for f in fs] for fs in v.fixtures]


def test_double_elimination_drops_losers_and_a_grand_final_reset_decides() -> None:
    players = ("S1", "S2", "S3", "S4")
    assert [(f.a, f.b) for f in formats.view("pitchnut", "double_elimination", players, []).next] == [
        ("S1", "S4"), ("S2", "S3")]
    rs = [pn("S1", "S4", 2, 0, 1), pn("S2", "S3", 1, 2, 2), pn("S4", "S2", 0, 2, 3), pn("S1", "S3", 2, 1, 4),
          pn("S2", "S3", 2, 0, 5), pn("S1", "S2", 0, 2, 6)]
    v = formats.view("pitchnut", "double_elimination", players, rs)
    assert stages(v) == [
        [("winners' round 1", "S1", "S4", "S1"), ("winners' round 1", "S2", "S3", "S3")],
        [("winners' final", "S1", "S3", "S1")],
        [("losers' round 1", "S4", "S2", "S2")],
        [("losers' final", "S2", "S3", "S2")],
        [("grand final", "S1", "S2", "S2")],  # S1's first loss: the final is played again
        [("grand final reset", "S1", "S2", None)],
    ]
    assert v.champion is None and [(f.stage, f.a, f.b) for f in v.next] == [("grand final reset", "S1", "S2")]
    v = formats.view("pitchnut", "double_elimination", players, [*rs, pn("S2", "S1", 1, 2, 7)])
    assert v.champion == "S1" and v.next == ()


def test_double_elimination_of_three_passes_the_byes_on_and_the_unbeaten_winner_needs_no_reset() -> None:
    players = ("S1", "S2", "S3")
    rs = [pn("S2", "S3", 2, 0, 1), pn("S1", "S2", 2, 0, 2), pn("S3", "S2", 0, 2, 3), pn("S1", "S2", 2, 1, 4)]
    v = formats.view("pitchnut", "double_elimination", players, rs)
    assert [[(f.stage, f.a, f.b, f.bye, f.winner) for f in fs] for fs in v.fixtures] == [
        [("winners' round 1", "S1", None, True, "S1"), ("winners' round 1", "S2", "S3", False, "S2")],
        [("winners' final", "S1", "S2", False, "S1")],
        [("losers' round 1", None, "S3", True, "S3")],
        [("losers' final", "S3", "S2", False, "S2")],
        [("grand final", "S1", "S2", False, "S1")],
    ]
    assert v.champion == "S1"


def test_swiss_pairs_by_score_with_no_rematch_and_one_bye_each_counted_as_a_win() -> None:
    players = ("P1", "P2", "P3", "P4", "P5")
    assert swiss.rounds_for(5) == 3 and swiss.rounds_for(8) == 3 and swiss.rounds_for(9) == 4
    v = formats.view("pitchnut", "swiss", players, [])
    assert [[(f.a, f.b, f.bye) for f in fs] for fs in v.fixtures] == [
        [("P1", "P3", False), ("P2", "P4", False), ("P5", None, True)]]  # top half v bottom half
    r1 = [pn("P1", "P3", 2, 0, 1), pn("P4", "P2", 2, 1, 2)]
    v = formats.view("pitchnut", "swiss", players, r1)
    # after round 1: P1 3 (+2), P4 3 (+1), P5 3 (the bye: no score), P2 0 (-1), P3 0 (-2):
    # paired top down, the bye to P3 (lowest, none yet), which counts at once
    assert [(r.name, r.points, r.played, r.won) for r in v.standings] == [
        ("P1", 3, 1, 1), ("P4", 3, 1, 1), ("P5", 3, 1, 1), ("P3", 3, 2, 1), ("P2", 0, 1, 0)]
    assert [(f.a, f.b, f.bye) for f in v.fixtures[1]] == [("P1", "P4", False), ("P5", "P2", False),
                                                          ("P3", None, True)]
    r2 = [*r1, pn("P1", "P4", 2, 1, 3), pn("P5", "P2", 0, 2, 4)]
    v = formats.view("pitchnut", "swiss", players, r2)
    # P1 6; then on 3: P2 (+1), P4 (0), P3 and P5 (-2, 0 for: seed order): P1 v P2, P4 v P3
    # is a rematch-free pair too, but the bye goes first, to P4, the lowest who has had none
    assert [(r.rank_text, r.name, r.points) for r in v.standings] == [
        ("1", "P1", 6), ("2", "P4", 6), ("3", "P2", 3), ("4=", "P3", 3), ("4=", "P5", 3)]
    assert [(f.a, f.b, f.bye) for f in v.fixtures[2]] == [("P1", "P2", False), ("P3", "P5", False),
                                                          ("P4", None, True)]
    v = formats.view("pitchnut", "swiss", players, [*r2, pn("P2", "P1", 2, 0, 5), pn("P3", "P5", 2, 0, 6)])
    assert [(r.name, r.points) for r in v.standings][:2] == [("P2", 6), ("P1", 6)]  # P2 +3, P1 +1
    assert v.champion == "P2" and v.next == ()


def test_swiss_pairing_backtracks_rather_than_rematch_and_ends_when_it_cannot() -> None:
    met = {frozenset(("A", "B")), frozenset(("B", "D"))}
    assert swiss.pair(["A", "B", "C", "D"], met, []) == (("A", "D"), ("B", "C"))  # not A v C, leaving B v D
    assert swiss.pair(["A", "B"], {frozenset(("A", "B"))}, []) is None
    assert swiss.pair(["A", "B", "C"], set(), ["C"]) == (("A", "C"), ("B", None))  # C had the bye


def test_swiss_ranks_master_move_by_mm26_with_a_forfeit_0_3_against_the_quitter() -> None:
    rs = [counted("mastermove", "Reds", "Blues", 2, 1, "B", 1, "MM-25", "forfeit", (("side", "A"),)),
          counted("mastermove", "Greens", "Golds", 3, 2, "A", 2, "MM-15", "won")]
    rows = swiss.ranked("mastermove", ("Reds", "Blues", "Greens", "Golds"), rs, [])
    # Blues 3 points, Moves 3-0 (MM-32); Greens 3, 3-2; Golds 0, 2-3; Reds 0, 0-3
    assert [(r.name, r.points, r.score_for, r.score_against) for r in rows] == [
        ("Blues", 3, 3, 0), ("Greens", 3, 3, 2), ("Golds", 0, 2, 3), ("Reds", 0, 0, 3)]
