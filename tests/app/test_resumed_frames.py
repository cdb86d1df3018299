"""Every game's table, restarted from its journal, shows the frame the live table showed
after the last journaled input, undos included (a resumed match): seeded random panel
sessions through each game's table (presses of its buttons; the table's coin and dice
answered, its own animation timers let run), and after each input the table journaled
the live frame is compared byte for byte with the frame of ``resumed``. Boulomania has
its own, fuller check (test_boulomania_resume.py).

A game's own timers (``game:...``) are let run before the frames are compared: an
animation is not a frame a table is left showing (Pitch Bowl's coin spins for 1.5 s and
then shows the winner; a table restarted mid-spin shows the winner at once, by design:
tables/pitchbowl/)."""

from __future__ import annotations

import random

import pytest

from pitchside.render import screen
from pitchside.signals.events import ButtonPressed, TimerFired
from pitchside.tables.effects import Accepted, CoinTossed, DiceRolled, RollDice, StartTimer, TableEffect, TossCoin
from pitchside.tables.registry import TABLES, GameApp, app_for

NAMES = ("Ann", "Bob")


def settled(app: GameApp, ts: object, effects: tuple[TableEffect, ...]) -> object:
    """The table once the game's own timers among ``effects`` (and those they start)
    have fired, as the runtime fires them."""
    timers = [e for e in effects if isinstance(e, StartTimer) and e.name.startswith("game:")]
    while timers:
        t = timers.pop(0)
        ts, more = app.handle(ts, TimerFired(t.name, t.due_at))
        timers += [e for e in more if isinstance(e, StartTimer) and e.name.startswith("game:")]
    return ts


@pytest.mark.parametrize("game", list(TABLES))
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
            ts = settled(app, ts, effects)
            for effect in effects:
                if isinstance(effect, Accepted):
                    back = app.resumed(ts.match, ts.names, effect.input is None)
                    live = screen.render(app.view(ts), (128, 64)).tobytes()
                    assert screen.render(app.view(back), (128, 64)).tobytes() == live, (seed, i, name)
                    checked += 1
    assert checked > 50
