"""The Pitchnut table asks the rules, never restates them: which colour to spot (PN-A5)
and why an input is refused come from :mod:`pitchside.core.rules.pitchnut`, worded by
:mod:`pitchside.core.words.pitchnut` with the players' names."""

from __future__ import annotations

from dataclasses import replace

from pitchside.core.rules import pitchnut as R
from pitchside.core.sides import PerSide
from pitchside.signals.events import BeamBroken, ButtonPressed
from pitchside.tables import pitchnut as t
from pitchside.tables.effects import Accepted, CoinTossed


def press(ts: t.TableState, *names: str) -> tuple[t.TableState, list[object]]:
    effects: list[object] = []
    for name in names:
        ts, eff = t.handle(ts, ButtonPressed(name, 0.0))
        effects.extend(eff)
    return ts, effects


def started() -> t.TableState:
    ts = t.new_table(R.Options(), ("Ann", "Bob"))
    ts, _ = t.handle(ts, CoinTossed("A", 0.0))
    ts, _ = press(ts, "shot_done")  # Ann breaks
    return ts


def test_two_debts_paid_by_two_white_and_one_black_offer_the_spot_row_PN_A5() -> None:
    ts = started()
    # Ann scratches twice on an open board, Bob misses each time: Ann owes 2 (PN-28)
    ts, _ = press(ts, "pitch_off", "shot_done", "shot_done", "pitch_off", "shot_done", "shot_done")
    assert ts.match.state.owed == PerSide(2, 0) and ts.match.state.turn == "A"
    # Ann sinks 2 white and 1 black: the first debt takes a white (the colour pocketed
    # most), the second is left with 1 white and 1 black: the shooter chooses (PN-A5)
    for i in range(3):
        ts, _ = t.handle(ts, BeamBroken("pocket_1", 1.0 + i, 0.03))
    ts, _ = press(ts, "shot_done", "plus", "next", "plus", "next", "plus", "plus")  # white, white, black
    assert [p.kind for p in ts.draft.pieces] == ["white", "white", "black"]
    assert ("spot", 0) in t.rows(ts)
    ts, eff = press(ts, "shot_done")
    assert eff == []
    assert ts.prompt is not None and ts.prompt.rule == "PN-A5"
    assert ts.prompt.text == "a debt is paid by equal colours: choose the colour to spot"
    assert t.rows(ts)[ts.cursor] == ("spot", 0)
    ts, eff = press(ts, "plus", "shot_done")  # white
    assert [e.input for e in eff if isinstance(e, Accepted)] == [
        R.Shot(white=2, black=1, spot="white", sensed=(3, 0, 0, 0))
    ]
    # both debts paid with white: white 2 -> 0 pocketed, the black stays down; the board
    # stays open (PN-13) and Ann goes on (PN-29, PN-27)
    assert ts.match.state.owed == PerSide(0, 0) and ts.match.state.pocketed == R.Pieces(0, 1)
    assert ts.match.state.colours == PerSide(None, None) and ts.match.state.turn == "A"
    assert ts.action == "SPOT 2 WHITE AT CENTRE"


def test_refusals_at_the_toss_are_the_rules_in_the_panels_words_PN_05() -> None:
    ts = t.new_table(R.Options(), ("Ann", "Bob"))
    ts, eff = press(ts, "next")
    assert eff == [] and ts.prompt is not None
    assert (ts.prompt.rule, ts.prompt.text, ts.prompt.kind) == ("PN-05", "toss the coin first (COIN)", "refusal")
    ts, _ = t.handle(ts, CoinTossed("B", 0.0))
    ts, eff = press(ts, "coin")
    assert eff == [] and ts.prompt is not None
    assert (ts.prompt.rule, ts.prompt.text) == ("PN-05", "the coin was tossed already")
    ts, _ = press(ts, "pitch_off")
    assert ts.prompt is not None and ts.prompt.text == "Bob chooses who breaks: + - then DONE"


def test_a_refused_shot_names_the_players_and_the_counts_PN_02() -> None:
    ts = started()
    ts, _ = press(ts, "next")  # the sheet, with nothing sensed: add pieces by hand
    add = t.rows(ts).index(("add", 0))
    ts = replace(ts, cursor=add)
    for _ in range(11):
        ts, _ = press(ts, "plus", "plus")  # + PIECE, then it is white
        ts = replace(ts, cursor=t.rows(ts).index(("add", 0)))
    ts, eff = press(ts, "shot_done")
    assert eff == [] and ts.prompt is not None
    assert (ts.prompt.rule, ts.prompt.text) == (
        "PN-02", "10 white piece(s) are on the board; 11 cannot be pocketed or knocked off"
    )
