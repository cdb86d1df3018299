"""Cross-game code reads a game through its typed face, so a game
whose replay output names the turn otherwise (Boulomania's ``to_play``) gets the same
side displays and sound cues: checked over the hand-worked full game of
tests/core/boulomania/scenarios/full_game_to_13 (B starts; rounds B 1, -, A 4, -, A 6,
A 1, A 4: A wins 15-1, BM-18)."""

from __future__ import annotations

from pathlib import Path

from pitchside.core.errors import IllegalInput
from pitchside.core.match import Match
from pitchside.core.record.format import _numbered_objects, parse_header, parse_input_line
from pitchside.render.side import SideView
from pitchside.signals.events import ButtonPressed
from pitchside.tables import kiosk as k
from pitchside.tables.boulomania import APP, TableState
from pitchside.tables.cues import cues
from pitchside.tables.registry import is_finished, match_in_progress

FULL_GAME = Path(__file__).resolve().parents[1] / "core" / "boulomania" / "scenarios" / "full_game_to_13.jsonl"
NAMES = ("Red", "Blue")


def tables() -> list[TableState]:
    """The table after each accepted line of the full game (the refused line 8 left out),
    as the journal would rebuild it."""
    with FULL_GAME.open(encoding="utf-8") as fh:
        objects = iter(_numbered_objects(fh))
        number, first = next(objects)
        header = parse_header(first, number)
        match = Match.start(header.codec, header.options)
        out = [APP.resumed(match, NAMES, False)]
        for number, obj in objects:
            _, inp = parse_input_line(header.codec, obj, number)
            try:
                match = match.undo()[0] if inp is None else match.apply(inp)[0]
            except IllegalInput:
                continue
            out.append(APP.resumed(match, NAMES, False))
    return out


def kiosk_on(ts: TableState) -> k.KioskState:
    ks, _ = k.start(k.KioskSettings(app=APP, attract=False), ts, (), 0.0)
    return ks


def test_the_side_displays_follow_boulomania_s_to_play() -> None:
    every = tables()
    jack = every[3]  # start rolls 3-3 and 2-6, the jack on 4: B to throw first
    assert jack.match.turn() == "B"
    ks = kiosk_on(jack)
    assert (k.side_view(ks, "A"), k.side_view(ks, "B")) == (SideView("Red", 0.0, False, ""), SideView("Blue", 0.0, True, ""))
    after_b = next(ts for ts in every[4:] if ts.match.turn() == "A")  # A's turn comes: the arrow moves
    ks = kiosk_on(after_b)
    assert (k.side_view(ks, "A").turn, k.side_view(ks, "B").turn) == (True, False)  # type: ignore[union-attr]


def test_the_side_displays_at_the_end_show_the_winner_and_no_turn_BM_18() -> None:
    ks = kiosk_on(tables()[-1])
    assert (k.side_view(ks, "A"), k.side_view(ks, "B")) == (SideView("Red", 15.0, False, "WINS"), SideView("Blue", 1.0, False, ""))


def test_boulomania_cues_a_point_for_each_round_scored_and_the_win_at_the_end() -> None:
    every = tables()
    found = [(i, cues(a, b)) for i, (a, b) in enumerate(zip(every, every[1:]), start=1) if cues(a, b)]
    scores = [(every[i].match.score().A, every[i].match.score().B) for i, _ in found]
    assert [c for _, c in found] == [("point",)] * 4 + [("point", "won")]
    assert scores == [(0.0, 1.0), (4.0, 1.0), (10.0, 1.0), (11.0, 1.0), (15.0, 1.0)]
    assert found[-1][0] == len(every) - 1  # the win is the last line


def test_match_in_progress_and_finished_come_from_the_face() -> None:
    every = tables()
    assert [match_in_progress(every[0]), is_finished(every[0])] == [False, False]  # no input yet
    assert [match_in_progress(every[1]), is_finished(every[1])] == [True, False]
    assert [match_in_progress(every[-1]), is_finished(every[-1])] == [False, True]
    ks = kiosk_on(every[-1])
    ks, eff = k.handle(ks, ButtonPressed("new", 1.0))  # a finished match: NEW starts another (no attract)
    assert not ks.table.match.can_undo()
