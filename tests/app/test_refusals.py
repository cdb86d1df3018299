"""Refused inputs kept beside a match in the journal (pitchside.app.refusals): written with the match's next line, never replayed, never in
the export, gone with the match when it is pruned."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from support.web_live import GAMES, sim_table
from pitchside.app.journal import Journal
from pitchside.app.refusals import Refusal, event_name
from pitchside.core.record.format import replay
from pitchside.signals.events import BeamBroken, ButtonHeld, ButtonPressed

HEADER = {"format": 1, "game": "pitchnut", "options": {}, "rules_version": 1}

# Every refusal of each game's scenario match (sim/pitchside_sim/scenarios), as the panel
# said it: (lines before it, what was turned down, rule ID, the panel's words).
SCENARIO_REFUSALS = {
    "pichenotte": [(27, "press shot_done", "PI-10", "Ann has 3 puck(s) on the board but the zone counts add up to 2")],
    "pitchnut": [(6, "press shot_done", "PN-A12", "piece 2 (pocket 4): say what it was with + -")],
    "boulomania": [(5, "press plus", "BM-08", "the jack space needs exactly two dice: NEXT for POINT 2 or SHOOT")],
    "pitchbowl": [(2, "press shot_done", "PB-04", "only 2 players touch the centre line marker: at least 3"),
                  (5, "press handoff", "PB-20", "a Hand Off needs a ball carrier of Bob, and Bob has none"),
                  (8, "press pass", "PB-22", "one Pass per turn: Bob has already passed this turn"),
                  (11, "press pickup", "PB-18", "Bob's carrier holds the ball: announce a Strip the Ball")],
    "mastermove": [(8, "press coin", "MM-28", "the coin toss is only before the first move of the game")],
}


def test_refusals_go_with_the_next_line_and_stay_out_of_the_replay(tmp_path: Path) -> None:
    with Journal.open(tmp_path / "j.db") as j:
        mid = j.start_match(HEADER)
        j.append_lines(mid, [{"input": "toss", "winner": "A", "at": 0.5}])
        r1, r2 = Refusal(1, 2.0, "press shot_done", "PN-A12", "say what it was"), Refusal(1, 3.0, "press undo", "UNDO", "x")
        j.append_lines(mid, [{"input": "undo", "at": 4.0}], refused=[r1, r2])
        j.end_match(mid, "abandoned", refused=[Refusal(2, 5.0, "beam twenty", "", "no")])
        assert j.refusals(mid) == [r1, r2, Refusal(2, 5.0, "beam twenty", "", "no")]
        assert [json.loads(x)["input"] for x in j.lines(mid)[1:]] == ["toss", "undo"]
        assert "refus" not in j.export(mid)
        j.add_refusals(mid, [Refusal(2, 6.0, "press next", "PN-1", "late")])
        assert len(j.refusals(mid)) == 4
        j.prune(max_matches=0)
        assert j.refusals(mid) == []
    with Journal.open_readonly(tmp_path / "j.db") as ro:
        assert ro.refusals(mid) == []


def test_a_journal_from_before_refusals_gets_the_table_and_reads_none(tmp_path: Path) -> None:
    with Journal.open(tmp_path / "j.db") as j:
        mid = j.start_match(HEADER)
        assert j._conn is not None
        j._conn.execute("DROP TABLE refusals")
    with Journal.open_readonly(tmp_path / "j.db") as ro:
        assert ro.refusals(mid) == []  # read only: no table, no error
    with Journal.open(tmp_path / "j.db") as j:
        j.append_lines(mid, [{"input": "toss", "winner": "A", "at": 0.5}], refused=[Refusal(0, 0.1, "press undo", "UNDO", "n")])
        assert j.refusals(mid) == [Refusal(0, 0.1, "press undo", "UNDO", "n")]


def test_event_names() -> None:
    assert event_name(ButtonPressed("shot_done", 1.0)) == "press shot_done"
    assert event_name(ButtonHeld("new", 1.0)) == "hold new"
    assert event_name(BeamBroken("twenty", 1.0, 0.02)) == "beam twenty"
    assert event_name(object()) == "object"


@pytest.mark.parametrize("game", GAMES)
def test_each_scenario_match_keeps_the_refusals_the_panel_showed(tmp_path: Path, game: str) -> None:
    sim, sc = sim_table(game, journal=tmp_path / "j.db")
    try:
        for action in sc.actions:
            sim.act(action, sc.gap_s)
        text = sim.replay_text()
    finally:
        sim.close()
    with Journal.open_readonly(tmp_path / "j.db") as j:
        (row,) = j.history()
        kept = j.refusals(row.id)
        assert [(r.after, r.event, r.rule, r.text) for r in kept] == SCENARIO_REFUSALS[game]
        assert all(0 < r.at for r in kept) and [r.at for r in kept] == sorted(r.at for r in kept)
        assert j.export(row.id) == text  # the replay file is what it was: accepted inputs only
    assert replay(text.splitlines()).rejected == []


def test_a_refusal_after_an_undo_counts_the_undo_line(tmp_path: Path) -> None:
    """COIN, COIN (the menu, then the match and its toss), UNDO (takes the toss back: a
    line), then + on the sheet: refused, toss first (PN-05), after 2 lines; kept when the
    next line (COIN: the toss again, after the COIN press that dismisses the refusal) is
    written."""
    sim, sc = sim_table("pitchnut", journal=tmp_path / "j.db")
    undo = type(sc.actions[0])("press", "undo", None)
    try:
        for action in (*sc.actions[:2], undo, sc.actions[2], sc.actions[1], sc.actions[1]):
            sim.act(action, sc.gap_s)
    finally:
        sim.close()
    with Journal.open_readonly(tmp_path / "j.db") as j:
        (row,) = j.history()
        assert [json.loads(x)["input"] for x in j.lines(row.id)[1:]] == ["coin_toss", "undo", "coin_toss"]
        assert [(r.after, r.event, r.rule, r.text) for r in j.refusals(row.id)] == [
            (2, "press plus", "PN-05", "toss the coin first (COIN)")]
