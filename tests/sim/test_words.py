"""The screen's words written under the simulated panel (:mod:`pitchside_sim.words`):
exact lines for the views the table draws, from their typed values."""

from __future__ import annotations

from pitchside.render.kiosk import AttractView, ConfirmView, MenuView
from pitchside.render.screen import Frame
from pitchside.render.view import Prompt, TallyEntry
from pitchside_sim.words import menu_row, said_prompt, tally_row, words


def test_a_refusal_says_no_its_words_and_its_rule() -> None:
    refusal = Prompt("only 3 pucks are on the board", "refusal", rule="PI-10")
    assert said_prompt(refusal) == "NO: Only 3 pucks are on the board (PI-10)"
    assert said_prompt(Prompt("Sensor P2 blocked", "warning")) == "! Sensor P2 blocked"
    assert said_prompt(Prompt("Ann won the toss")) == "Ann won the toss"


def test_the_menu_row_under_the_cursor_is_in_brackets() -> None:
    view = MenuView("PICHENOTTE", (("Players", "SINGLES"), ("Match", "FIRST TO 4")), 1, "DONE: PLAY")
    assert menu_row(view.fields, 1) == "Players: SINGLES | [Match: FIRST TO 4]"
    assert words(Frame(view)) == ("PICHENOTTE: Players: SINGLES | [Match: FIRST TO 4]", "DONE: PLAY")


def test_a_storage_warning_takes_the_prompt_line_as_on_the_panel() -> None:
    view = AttractView("PITCHNUT", ("PRESS ANY BUTTON", "TO PLAY"), prompt=Prompt("old prompt"))
    assert words(Frame(view)) == ("old prompt", "PITCHNUT - PRESS ANY BUTTON - TO PLAY")
    assert words(Frame(view, warning="JOURNAL NOT SAVING")) == (
        "! JOURNAL NOT SAVING", "PITCHNUT - PRESS ANY BUTTON - TO PLAY")


def test_a_question_and_a_zone_count() -> None:
    view = ConfirmView("MATCH ON HOLD", ("Ann 2 - Bob 1", "DONE: carry on", "NEXT: new match"))
    assert words(Frame(view)) == ("MATCH ON HOLD", "Ann 2 - Bob 1 / DONE: carry on / NEXT: new match")
    tally = TallyEntry((1, 0, 2, 0, 0, 3), 2, (0, 1))
    assert tally_row(tally) == "A15 1 A10 0 A5 [2] B15 0 B10 0 B5 3 - left A 0 B 1"


def test_a_screen_with_no_words_gives_none() -> None:
    assert words(Frame(object())) == ()
