"""bench/bus.py's main-screen measure ("a score change on any game's main
screen"): each game's main screen picked from its scenario match, and the bytes of each
score change between two frames of that screen on the SSD1306 partial device."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from support.benchmod import bench_module
from support.busbytes import FULL

SCORE_CHANGES = {"pichenotte": 17, "pitchnut": 8, "boulomania": 5, "pitchbowl": 4, "mastermove": 3}
"""Score changes seen on each game's main screen in its scenario match
(sim/pitchside_sim/scenarios/<game>_match.toml), the frames of other screens left out:
fewer than the match's score changes where the last one is shown on the result screen
or a change is first shown on another screen and the main screen shows it later."""


def _bus() -> Any:
    return bench_module("bus")


@pytest.mark.parametrize("game", sorted(SCORE_CHANGES))
def test_each_game_has_its_score_changes_on_its_main_screen(game: str) -> None:
    main = _bus().main_screen(game, _bus().game_frames_and_views(game))
    assert main["score_changes"] == len(main["bytes"]) == SCORE_CHANGES[game]
    # a score change redraws part of the panel, never more than a whole frame
    assert all(0 < b <= FULL for b in main["bytes"])


def test_pichenotte_meets_the_quarter_frame_on_its_main_screen() -> None:
    main = _bus().main_screen("pichenotte", _bus().game_frames_and_views("pichenotte"))
    assert main["score_change_bytes"]["mean"] <= 0.25 * FULL


def test_a_refusal_over_the_main_screen_is_not_the_main_screen() -> None:
    from pitchside.render.view import Prompt

    bus = _bus()
    view = next(v for _, _, v in bus.game_frames_and_views("pichenotte") if bus.is_main_screen("pichenotte", v))
    refused = dataclasses.replace(view, prompt=Prompt("Only 3 pucks are on the board", kind="refusal", rule="PI-10"))
    assert not bus.is_main_screen("pichenotte", refused)
    with pytest.raises(ValueError, match="no main screen known for game 'darts'"):
        bus.is_main_screen("darts", view)
