"""Pitch Bowl's touchdown screen: right after a touchdown that restarts
play (PB-27), until the next press, the table shows the match screen the touchdown was
scored on with the new score and the prompt, then the placement screen (PB-03). It is a
view of the table, never an input: nothing more is journaled. The press that ends it
does nothing else (the placement checklist was not on show, so OK must not confirm it
unseen), except UNDO, which takes the touchdown back."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pitchside.core.rules import pitchbowl as rules
from pitchside.core.sides import PerSide
from pitchside.render import screen
from pitchside.render.panel import Canvas, Panel
from pitchside.render.pitchbowl import PitchBowlView
from pitchside.render.pitchbowl.turn import draw_turn
from pitchside.render.screen import Frame
from pitchside.signals.events import ButtonPressed
from pitchside.tables import pitchbowl as t
from pitchside.tables.effects import Accepted, CoinTossed

from support.pitchbowl_presses import NAMES, press
from support.textfit import TextFit, draw_every_page


def kicked_off() -> t.TableState:
    """Ann wins the toss and kicks, both place with the defaults, a touch back (PB-06):
    Bob's turn, Bob holding the ball."""
    ts, _ = t.handle(t.new_table(names=NAMES), CoinTossed("A", 1.0))
    ts, _ = press(ts, "plus", "plus", "shot_done", "shot_done", "shot_done", "miss", "shot_done")  # the first reveals the toss
    assert ts.match.state.phase == "turn" and ts.match.state.active == "B" and ts.match.state.possession == "B"
    return ts


def scored() -> tuple[t.TableState, t.TableState]:
    """Bob's touch back (he holds the ball) and his touchdown: (before OK, after OK)."""
    ts, _ = press(kicked_off(), "touchdown")
    after, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Pitch(touchdown=True), 10.0)]
    return ts, after


def test_a_touchdown_shows_the_position_it_was_scored_on_with_the_new_score_PB_27() -> None:
    before, ts = scored()
    assert ts.match.state.phase == "place_defender" and ts.match.state.score == PerSide(0, 1)
    view = t.view(ts)
    assert view.scored == replace(before.match.state, score=PerSide(0, 1), last_loss=rules.Loss("B", "TOUCHDOWN", "PB-27"),
                                  kicker="B")
    assert view.scored.phase == "turn" and view.scored.active == "B" and view.scored.possession == "B"
    assert view.prompt is not None and view.prompt.text == "Bob kicks: Bob places first"
    # the match screen, not the placement checklist: the turn screen of that state, the
    # prompt kept on the bottom line (paged), not over the last-loss row
    drawn = screen.render(view, (128, 64))
    c = Canvas(Panel.of((128, 64)), 0)
    draw_turn(c, PitchBowlView(state=view.scored, names=NAMES, prompt=view.prompt), scored=True)
    assert drawn.tobytes() == c.finish().tobytes()
    assert drawn.tobytes() != screen.render(replace(view, scored=None), (128, 64)).tobytes()


def test_the_next_press_only_ends_the_touchdown_screen_then_the_checklist_takes_presses_PB_03() -> None:
    _, ts = scored()
    for name in ("shot_done", "next", "plus", "minus", "touchdown"):
        shown, eff = t.handle(ts, ButtonPressed(name, 11.0))
        assert eff == () and not shown.scored and t.view(shown).scored is None
        assert shown.match.state == ts.match.state and shown.cursor == ts.cursor  # the checklist shown, untouched
        assert replace(shown, scored=True) == ts  # nothing else changed
    shown, _ = t.handle(ts, ButtonPressed("shot_done", 11.0))
    nxt, eff = t.handle(shown, ButtonPressed("next", 12.0))
    assert eff == () and nxt.cursor == 1 and nxt.match.state == ts.match.state  # the checklist's next field
    placed, eff = t.handle(shown, ButtonPressed("shot_done", 12.0))  # OK on the checklist: placed
    assert eff == (Accepted(rules.Placement("B", 11, 3, 2, False), 12.0),)
    assert placed.match.state.phase == "place_attacker" and t.view(placed).scored is None


def test_undo_on_the_touchdown_screen_takes_the_touchdown_back() -> None:
    _, ts = scored()
    back, eff = t.handle(ts, ButtonPressed("undo", 11.0))
    assert eff == (Accepted(None, 11.0),)
    assert back.match.state.phase == "turn" and back.match.state.score == PerSide(0, 0) and t.view(back).scored is None


def test_a_table_resumed_after_the_touchdown_shows_the_touchdown_screen() -> None:
    _, ts = scored()
    back = t.resumed(ts.match, NAMES, last_was_undo=False)
    assert back.scored and t.view(back) == t.view(ts)
    assert not t.resumed(ts.match, NAMES, last_was_undo=True).scored


def test_the_winning_touchdown_shows_the_result_not_the_touchdown_screen_PB_30() -> None:
    ts = kicked_off()
    for scores in ((0, 1), (1, 1), (1, 2), (2, 2)):  # each scorer kicks off, a touch back each time
        ts, _ = press(ts, "touchdown", "shot_done")
        assert ts.scored and ts.match.state.score == PerSide(*scores)
        ts, _ = press(ts, "shot_done", "shot_done", "shot_done", "miss", "shot_done")  # the first ends the touchdown's screen
        assert ts.match.state.phase == "turn"
    ts, _ = press(ts, "touchdown", "shot_done")
    assert ts.match.state.phase == "finished" and ts.match.state.score == PerSide(2, 3)
    assert not ts.scored and t.view(ts).scored is None


def test_the_touchdown_screen_s_last_loss_line_is_the_touchdown_PB_27_PB_28(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last-loss line of the touchdown's screen says the touchdown (a loss of the
    initiative, PB-28, play restarting with a kick-off, PB-27), as the turn screens after
    it do, not the loss before it ("Ann kicked off" here); the text fits, whole."""
    before, ts = scored()
    assert before.match.state.last_loss is None  # before: "Ann kicked off"
    view = t.view(ts)
    for size in ((128, 64), (256, 64), (128, 128)):
        panel = Panel.of(size)
        with TextFit(monkeypatch) as fit:
            draw_every_page(fit, Frame(view), panel)
        texts = [d.text.lower() for d in fit.drawn]  # 128x64: in capitals, one controller page
        said = "bob scored" if size == (256, 64) else "bob scored - kick-off"  # the middle column: 102 px, 16 cells
        assert said in texts and "ann kicked off" not in texts, (size, texts)
        assert fit.problems(panel.size) == []


@pytest.mark.parametrize(("size", "words"), [((128, 64), "TOUCHDOWN!"), ((256, 64), "TOUCHDOWN!"),
                                             ((128, 128), "TOUCHDOWN!"), ((128, 32), "TOUCHDOWN Bob!")])
def test_the_touchdown_screen_says_touchdown_and_the_checklist_after_it_who_kicks_and_places(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], words: str) -> None:
    """The bottom line of the touchdown's screen says the touchdown (PB-27; on 128x32,
    which has no last-loss line, with the scorer's name), not the notice of who kicks and
    who places: that shows on the placement checklist the next press brings (PB-03), so a
    touchdown changes a quarter of the frame at most on the bus (one controller page)."""
    _, ts = scored()
    panel = Panel.of(size)
    with TextFit(monkeypatch) as fit:
        draw_every_page(fit, Frame(t.view(ts)), panel)
    texts = [d.text for d in fit.drawn]
    assert words in texts and not any("kicks" in x for x in texts), texts
    assert fit.problems(panel.size) == []
    shown, _ = t.handle(ts, ButtonPressed("next", 11.0))
    with TextFit(monkeypatch) as fit:
        draw_every_page(fit, Frame(t.view(shown)), panel)
    assert fit.shows("Bob kicks: Bob places first") and fit.shows("Bob PLACES"), [d.text for d in fit.drawn]
    assert not any("TOUCHDOWN" in d.text for d in fit.drawn)
    assert fit.problems(panel.size) == []
