"""The tables' copies (pitchside.core.copying.replace) equal dataclasses.replace's, for the
kiosk's state and each game's table state (issue 15 item 2)."""

from __future__ import annotations

import dataclasses

import pytest

from pitchside.core.copying import replace
from pitchside.render.view import Prompt
from pitchside.tables.kiosk import InputStat, KioskSettings, KioskState
from pitchside.tables.registry import app_for


def test_the_kiosk_state_copy_equals_dataclasses_replace() -> None:
    from pitchside.tables import pichenotte

    ks = KioskState(KioskSettings(), pichenotte.new_table(), stats=(("a", InputStat(True, 3)),), last_input_at=1.5)
    changes = {"pressed": frozenset({"a"}), "last_input_at": 2.0, "dimmed": True, "moment": None}
    got = replace(ks, **changes)
    assert got == dataclasses.replace(ks, **changes)
    assert (got.pressed, got.last_input_at, got.dimmed, got.stats) == (frozenset({"a"}), 2.0, True, ks.stats)
    assert replace(ks, mode="menu", cursor=2) == dataclasses.replace(ks, mode="menu", cursor=2)


@pytest.mark.parametrize("game", ["pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove"])
def test_each_game_table_copy_equals_dataclasses_replace(game: str) -> None:
    app = app_for(game)
    ts = app.new_table(None, ("Ann", "Bob"))
    prompt = Prompt("hello", "info")
    assert replace(ts, prompt=prompt) == dataclasses.replace(ts, prompt=prompt)
    assert replace(ts, prompt=prompt).prompt == prompt
    assert replace(ts, names=("C", "D")).names == ("C", "D")

