"""The last-loss line after a touchdown names the scorer (PB-27: "the scoring coach is
the defender (he kicks)"), also when the scorer is the coach who intercepted the Pass on
the end line he attacks (PB-23): the initiative's loss is the passer's side's (PB-28),
the touchdown the interceptor's."""

from __future__ import annotations

import pytest

from pitchside.core.rules import pitchbowl as rules
from pitchside.core.sides import PerSide
from pitchside.render.panel import Panel
from pitchside.render.screen import Frame
from pitchside.tables import pitchbowl as t
from pitchside.tables.effects import CoinTossed

from support.pitchbowl_presses import NAMES, press
from support.textfit import TextFit, draw_every_page


def _bobs_turn() -> t.TableState:
    """Ann wins the toss and kicks, both place with the defaults, a touch back (PB-06):
    Bob's turn, Bob holding the ball."""
    ts, _ = t.handle(t.new_table(names=NAMES), CoinTossed("A", 1.0))
    ts, _ = press(ts, "plus", "plus", "shot_done", "shot_done", "shot_done", "miss", "shot_done")
    assert ts.match.state.phase == "turn" and ts.match.state.active == "B" and ts.match.state.possession == "B"
    return ts


def _next_turn_after(pitch: rules.Pitch) -> t.TableState:
    """``pitch`` (a touchdown) in Bob's turn, then the placements and a touch back: the
    first turn screen of the kick-off that follows."""
    match, _ = _bobs_turn().match.apply(pitch)
    ts = t.resumed(match, NAMES, last_was_undo=False)
    assert ts.scored and ts.match.state.phase == "place_defender"
    ts, _ = press(ts, "shot_done", "shot_done", "shot_done", "miss", "shot_done")  # the first ends the touchdown's screen
    assert ts.match.state.phase == "turn" and ts.match.state.last_loss == rules.Loss("B", "TOUCHDOWN", "PB-27")
    return ts


def _texts(ts: t.TableState, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    panel = Panel(128, 128, "L")  # tall: the last-loss line keeps its row under the touch back's notice
    # (on the 64 px tall panels the notice, two lines of the pixel font, takes that row)
    with TextFit(monkeypatch) as fit:
        draw_every_page(fit, Frame(t.view(ts)), panel)
    assert fit.problems(panel.size) == []
    return [d.text for d in fit.drawn]


def test_an_interceptor_s_touchdown_is_his_on_the_last_loss_line_PB_23_PB_27(monkeypatch: pytest.MonkeyPatch) -> None:
    ts = _next_turn_after(rules.Pitch(announce="pass", result="interception", touchdown=True))
    assert ts.match.state.score == PerSide(1, 0) and ts.match.state.kicker == "A"  # Ann scored, Ann kicked off
    texts = _texts(ts, monkeypatch)
    assert "Ann scored - kick-off" in texts and "Bob scored - kick-off" not in texts, texts


def test_the_carrier_s_own_touchdown_is_his_PB_27(monkeypatch: pytest.MonkeyPatch) -> None:
    ts = _next_turn_after(rules.Pitch(touchdown=True))
    assert ts.match.state.score == PerSide(0, 1) and ts.match.state.kicker == "B"
    assert "Bob scored - kick-off" in _texts(ts, monkeypatch)
