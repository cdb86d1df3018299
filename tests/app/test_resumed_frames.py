"""Every game's table, restarted from its journal, shows the frame the live table showed
after the last journaled input, undos included (issue 13, item 4): seeded random panel
sessions through each game's table app (presses of its buttons; the table's coin and
dice answered), and after each input the table journaled the live frame is compared
byte for byte with the frame of ``resumed``. Boulomania has its own, fuller check
(test_boulomania_resume.py); the games marked xfail differ today (reported, issue 13)."""

from __future__ import annotations

import random

import pytest

from pitchside.render import screen
from pitchside.signals.events import ButtonPressed
from pitchside.tables.effects import Accepted, CoinTossed, DiceRolled, RollDice, TossCoin
from pitchside.tables.registry import app_for

NAMES = ("Ann", "Bob")
DIFFER_TODAY = {
    "pitchbowl": "after the coin toss the live table shows no prompt, the resumed one 'Ann won the toss: ...'",
    "mastermove": "after an undo the resumed frame differs from the live one",
}
GAMES = [pytest.param(g, marks=pytest.mark.xfail(reason=DIFFER_TODAY[g], strict=False)) if g in DIFFER_TODAY else g
         for g in ("pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove")]


@pytest.mark.parametrize("game", GAMES)
def test_a_resumed_table_shows_the_live_frame(game: str) -> None:
    app = app_for(game)
    checked = 0
    for seed in range(10):
        rng = random.Random(seed)
        ts = app.new_table(app.codec.parse_options({}), NAMES)
        for i in range(200):
            name = rng.choice([b for b in app.buttons if b != "new"])
            ts, effects = app.handle(ts, ButtonPressed(name, float(i)))
            for effect in effects:
                if isinstance(effect, RollDice):
                    dice = tuple(rng.randint(1, 6) for _ in range(effect.count))
                    ts, effects = app.handle(ts, DiceRolled(dice, float(i)))
                    break
                if isinstance(effect, TossCoin):
                    ts, effects = app.handle(ts, CoinTossed(rng.choice("AB"), float(i)))  # type: ignore[arg-type]
                    break
            for effect in effects:
                if isinstance(effect, Accepted):
                    back = app.resumed(ts.match, ts.names, effect.input is None)
                    live = screen.render(app.view(ts), (128, 64)).tobytes()
                    assert screen.render(app.view(back), (128, 64)).tobytes() == live, (seed, i, name)
                    checked += 1
    assert checked > 50
