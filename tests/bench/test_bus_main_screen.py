"""bench/bus.py's main-screen measure (issue 14 item 7: "a score change on any game's main
screen"): each game's main screen picked from its scenario match, and the bytes of each
score change between two frames of that screen on the SSD1306 partial device."""

from __future__ import annotations

from typing import Any

import pytest
from support.benchmod import bench_module

GAMES = ("pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove")


def _bus() -> Any:
    return bench_module("bus")


@pytest.mark.parametrize("game", GAMES)
def test_main_screen_score_changes_are_between_two_main_screen_frames(game: str) -> None:
    bus = _bus()
    frames = bus.game_frames_and_views(game)
    main = bus.main_screen(game, frames)
    shown = [key for _, key, view in frames if bus.MAIN_SCREEN[game](view) and not bus._refusal(view)]
    changes = sum(1 for a, b in zip(shown, shown[1:]) if a is not None and b is not None and a != b)
    assert main["frames"] == len(shown) > 0
    assert main["score_changes"] == changes == len(main["bytes"]) > 0
    # a score change redraws some of the panel, never more than a whole frame (1,030 B)
    assert all(0 < b <= 1030 for b in main["bytes"])


def test_the_same_frame_twice_costs_nothing_on_the_main_screen() -> None:
    bus = _bus()
    frames = bus.game_frames_and_views("pichenotte")
    img, key, view = next(f for f in frames if bus.MAIN_SCREEN["pichenotte"](f[2]))
    other = (img, ("changed",), view)
    assert bus.main_screen("pichenotte", [(img, key, view), (img, key, view)])["score_changes"] == 0
    # a score key change with no pixel changed sends the partial device's empty update: 0 B
    assert bus.main_screen("pichenotte", [(img, key, view), other])["bytes"] == [0]
