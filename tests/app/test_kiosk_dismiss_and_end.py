"""Two kiosk flows a tester stumbled on, for all five games:

* the press that dismisses a refusal does nothing else (UNDO pressed to clear a refusal
  took back a real shot); a beam, a sensor or a serial line is never a dismissal;
* players end a match left half played themselves: hold NEW, then confirm with DONE.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pitchside.core.match import Match
from pitchside.core.rules import pichenotte as rules
from pitchside.core.sides import PerSide
from pitchside.render.kiosk import ConfirmView, MenuView
from pitchside.render.view import Prompt
from pitchside.signals.events import BeamBroken, ButtonHeld, ButtonPressed, ButtonReleased
from pitchside.tables import effects as fx
from pitchside.tables import kiosk as k
from pitchside.tables import pichenotte as t
from pitchside.tables.registry import app_for

INPUTS = ("coin", "shot_done", "undo", "new", "next", "plus", "minus", "twenty")

FIRST_INPUT: dict[str, tuple[str, dict[str, Any]]] = {
    "pichenotte": ("coin_toss", {"winner": "A"}),
    "pitchnut": ("coin_toss", {"winner": "A"}),
    "pitchbowl": ("coin_toss", {"winner": "A"}),
    "boulomania": ("start_roll", {"A": 6, "B": 1}),
    "mastermove": ("lineup", {"side": "A", "pieces": {
        "keeper": ["E1"], "defender": ["C2", "G2"], "winger": ["B3", "E4", "H3"],
        "runner": ["D8", "F8"], "joker": ["E7"], "raider": ["B7", "H7"]}}),
}
GAMES = tuple(FIRST_INPUT)


def playing(game: str) -> k.KioskState:
    """The kiosk of ``game`` playing a match with one input in effect."""
    app = app_for(game)
    match = Match.start(app.codec, app.parse_options({}))
    name, fields = FIRST_INPUT[game]
    match, _ = match.apply(app.codec.parse_input(name, fields))
    ts = app.resumed(match, ("Ann", "Bob"), False)
    ks, _ = k.start(k.KioskSettings(app=app), ts, INPUTS, 0.0)
    assert ks.mode == "playing"
    return ks


def press(ks: k.KioskState, name: str, at: float) -> tuple[k.KioskState, list[k.Effect]]:
    ks, e1 = k.handle(ks, ButtonPressed(name, at))
    ks, e2 = k.handle(ks, ButtonReleased(name, at + 0.1))
    return ks, [*e1, *e2]


def accepted(effects: list[k.Effect]) -> list[fx.Accepted]:
    return [e for e in effects if isinstance(e, fx.Accepted)]


# --- a press that dismisses a refusal does nothing else ------------------------------------


def test_undo_pressed_to_clear_a_pichenotte_refusal_does_not_take_back_the_shot() -> None:
    """The tester's case: a shot is in, a second coin toss is refused (PI-20), and UNDO
    pressed to clear the box took back the shot."""
    ks = playing("pichenotte")
    ks, eff = press(ks, "shot_done", 1.0)  # A's free shot rests on the board
    assert len(accepted(eff)) == 1 and ks.table.match.state.on_board == PerSide(1, 0)
    ks, _ = press(ks, "coin", 2.0)  # the toss is done (PI-20)
    assert ks.table.prompt is not None and ks.table.prompt.kind == "refusal" and ks.table.prompt.rule == "PI-20"
    before = ks.table.match
    ks, eff = press(ks, "undo", 3.0)
    assert accepted(eff) == [] and ks.table.match is before  # nothing taken back, nothing journaled
    assert ks.table.prompt is None  # the box is gone
    ks, eff = press(ks, "undo", 4.0)  # the next UNDO does undo
    assert accepted(eff) == [fx.Accepted(None, 4.0)] and ks.table.match.state.on_board == PerSide(0, 0)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("button", ["undo", "shot_done", "next", "plus", "new"])
def test_any_press_while_a_refusal_is_shown_only_dismisses_it(game: str, button: str) -> None:
    ks = playing(game)
    refused = Prompt("refused", "refusal", "X-01")
    ks = replace(ks, table=replace(ks.table, prompt=refused))
    before = ks.table.match
    ks2, e1 = k.handle(ks, ButtonPressed(button, 1.0))
    ks2, e2 = k.handle(ks2, ButtonHeld(button, 2.0))  # its hold is the same press
    ks2, e3 = k.handle(ks2, ButtonReleased(button, 2.5, held=True))
    assert [e for e in (*e1, *e2, *e3) if not isinstance(e, (k.StartTimer, k.SetContrast))] == []
    assert ks2.table.match is before and ks2.table.prompt is None and ks2.mode == "playing"
    assert ks2.dismissing == frozenset()


def test_a_puck_in_the_hole_is_never_eaten_by_a_refusal() -> None:
    """A beam is a fact, not a press: it reaches the game with a refusal shown."""
    ks = playing("pichenotte")
    ks, _ = press(ks, "shot_done", 1.0)
    ks, _ = press(ks, "coin", 2.0)
    assert ks.table.prompt is not None and ks.table.prompt.kind == "refusal"
    ks, _ = k.handle(ks, BeamBroken("twenty", 3.0, 0.03))
    assert ks.table.draft.drops == ("shot",)
    ks, eff = press(ks, "shot_done", 4.0)  # no refusal shown any more: the press counts
    assert accepted(eff) == [fx.Accepted(rules.Shot(twenty=True), 4.0)]


# --- players end an abandoned match: hold NEW, then confirm ---------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_hold_new_then_done_ends_the_match_and_opens_the_menu(game: str) -> None:
    ks = playing(game)
    ks, eff = k.handle(ks, ButtonPressed("new", 1.0))
    assert ks.mode == "playing" and ks.table.prompt == Prompt("Hold NEW to end the match", "info")
    ks, eff = k.handle(ks, ButtonHeld("new", 2.0))
    assert ks.mode == "end"
    v = k.view(ks)
    assert isinstance(v, ConfirmView) and v.title == "END MATCH?"
    assert v.lines == (app_for(game).summary(ks.table), "DONE: yes, end it", "any other: no")
    ks, _ = k.handle(ks, ButtonReleased("new", 2.5, held=True))
    assert ks.mode == "end"
    ks, eff = press(ks, "shot_done", 3.0)
    assert fx.NewMatch() in eff and k.Log("match ended by the players") in eff and accepted(eff) == []
    assert ks.mode == "menu" and isinstance(k.view(ks), MenuView)
    assert not ks.table.match.can_undo()  # a new match, before its first input


@pytest.mark.parametrize("button", ["undo", "next", "new", "plus"])
def test_any_other_press_at_end_match_carries_on_with_the_match_unchanged(button: str) -> None:
    ks = playing("pichenotte")
    before = ks.table.match
    ks, _ = k.handle(ks, ButtonHeld("new", 2.0))
    ks, _ = k.handle(ks, ButtonReleased("new", 2.5, held=True))
    ks, eff = press(ks, button, 3.0)
    assert ks.mode == "playing" and ks.table.match is before and accepted(eff) == [] and fx.NewMatch() not in eff


def test_end_match_is_not_offered_before_the_first_input_or_after_the_result() -> None:
    app = app_for("pichenotte")
    ks, _ = k.start(k.KioskSettings(app=app, attract=False), app.new_table(rules.Options(pucks=2), ("A", "B")),
                    INPUTS, 0.0)
    ks, _ = k.handle(ks, ButtonHeld("new", 1.0))
    assert ks.mode == "playing"


def test_the_staff_gesture_still_reaches_service_mode_through_end_match() -> None:
    """Staff hold NEW (END MATCH? opens), then hold UNDO with it: service mode, and out
    of it back to the match, not to the question."""
    ks = playing("pichenotte")
    ks, _ = k.handle(ks, ButtonPressed("new", 1.0))
    ks, _ = k.handle(ks, ButtonHeld("new", 2.0))
    assert ks.mode == "end"
    ks, _ = k.handle(ks, ButtonPressed("undo", 2.2))
    ks, _ = k.handle(ks, ButtonHeld("undo", 3.2))
    assert ks.mode == "service" and ks.back_to == "playing"
    ks, _ = k.handle(ks, ButtonReleased("undo", 3.5, held=True))
    ks, _ = k.handle(ks, ButtonReleased("new", 3.6, held=True))
    ks, _ = k.handle(ks, ButtonPressed("new", 4.0))
    ks, _ = k.handle(ks, ButtonPressed("undo", 4.1))
    ks, _ = k.handle(ks, ButtonHeld("undo", 5.1))
    assert ks.mode == "playing" and ks.table.match.can_undo()


def test_end_match_times_out_like_the_other_questions() -> None:
    ks = playing("pichenotte")
    ks, eff = k.handle(ks, ButtonHeld("new", 2.0))
    assert ks.mode == "end" and any(isinstance(e, k.StartTimer) and e.name == "idle" for e in eff)
