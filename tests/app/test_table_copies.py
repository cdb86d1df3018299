"""The tables' copies (pitchside.core.copying.copy_with) equal dataclasses.replace's, for the
kiosk's state and each game's table state (latency)."""

from __future__ import annotations

import dataclasses

import pytest

from pitchside.core.copying import copy_with
from pitchside.render.view import Prompt
from pitchside.tables.kiosk import InputStat, KioskSettings, KioskState
from pitchside.tables.registry import app_for


def test_the_kiosk_state_copy_equals_dataclasses_replace() -> None:
    from pitchside.tables import pichenotte

    ks = KioskState(KioskSettings(), pichenotte.new_table(), stats=(("a", InputStat(True, 3)),), last_input_at=1.5)
    changes = {"pressed": frozenset({"a"}), "last_input_at": 2.0, "dimmed": True, "moment": None}
    got = copy_with(ks, **changes)
    assert got == dataclasses.replace(ks, **changes)
    assert (got.pressed, got.last_input_at, got.dimmed, got.stats) == (frozenset({"a"}), 2.0, True, ks.stats)
    assert copy_with(ks, mode="menu", cursor=2) == dataclasses.replace(ks, mode="menu", cursor=2)


@pytest.mark.parametrize("game", ["pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove"])
def test_each_game_table_copy_equals_dataclasses_replace(game: str) -> None:
    app = app_for(game)
    ts = app.new_table(None, ("Ann", "Bob"))
    prompt = Prompt("hello", "info")
    assert copy_with(ts, prompt=prompt) == dataclasses.replace(ts, prompt=prompt)
    assert copy_with(ts, prompt=prompt).prompt == prompt
    assert copy_with(ts, names=("C", "D")).names == ("C", "D")


def test_a_press_accepted_in_play_copies_the_kiosk_state_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    """An accepted press in play copies the 25-field state twice: the kiosk's own changes
    (the service counters, the input's time, the moment's end) in one copy, the game's
    table and its moments in the next (kiosk.flow._playing); no other copy."""
    from pitchside.core.rules import pichenotte as rules
    from pitchside.signals.events import ButtonPressed, ButtonReleased
    from pitchside.tables import effects as fx
    from pitchside.tables import kiosk as k
    from pitchside.tables.kiosk import flow, pay, screens, service, state
    from pitchside.tables import pichenotte

    s = k.KioskSettings(dim_after_s=60, suspend_after_s=300, result_timeout_s=90)
    ks, _ = k.start(s, pichenotte.new_table(rules.Options(pucks=1)), ("coin", "shot_done", "undo", "new"), 0.0)
    for name, at in (("coin", 1.0), ("shot_done", 2.0)):
        ks, _ = k.handle(ks, ButtonPressed(name, at))
        ks, _ = k.handle(ks, ButtonReleased(name, at + 0.1))
    ks, _ = k.handle(ks, fx.CoinTossed("A", 2.5))
    assert ks.mode == "playing"
    copies: list[object] = []
    real = copy_with

    def counting(obj: object, /, **changes: object) -> object:
        if isinstance(obj, k.KioskState):
            copies.append(changes)
        return real(obj, **changes)

    for part in (flow, pay, screens, service, state):  # every copy of the kiosk's state, in any of its modules
        if hasattr(part, "replace"):
            monkeypatch.setattr(part, "replace", counting)
    after, effects = k.handle(ks, ButtonPressed("shot_done", 3.0))  # A's free shot stays: accepted
    assert after.table.match is not ks.table.match
    assert any(isinstance(e, fx.Accepted) for e in effects)
    assert [sorted(c) for c in copies] == [["dimmed", "last_input_at", "moment", "pressed", "stats"], ["moment", "table"]]
    assert after.last_input_at == 3.0 and "shot_done" in after.pressed
    assert after.stat("shot_done").edges == ks.stat("shot_done").edges + 1
