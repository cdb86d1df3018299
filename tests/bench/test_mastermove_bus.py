"""Bytes on the bus when Master Move's score changes on its main screen (one controller page),
measured as bench/bus.py's ``main_screen`` measures them: the button scenario
(sim/pitchside_sim/scenarios/mastermove_match.toml), the score screen in phase ``play``
with no entry open (``is_main_screen``), alone, on the SSD1306 partial device without its
periodic full refresh.

Each of the three Moves! seen there goes from the score screen before it (``LAST Bob
G9-G5``, the scorer's side to move) to the score screen after the changes (a restart
info, the other side to move): the scorer's digit (pages 1-4), its "N TO WIN" (page 5),
the two turn arrows (page 0) and the bottom line, whose capitals sit in page 6 at every
size (render/page_line.py). It cost 339, 341 and 354 B (33.5 %) when the info prompt was
centred astride pages 6 and 7."""

from __future__ import annotations

from typing import Any

from support.benchmod import bench_module
from support.busbytes import FULL


def _main() -> dict[str, Any]:
    bus = bench_module("bus")
    return bus.main_screen("mastermove", bus.game_frames_and_views("mastermove"))  # type: ignore[no-any-return]


def test_a_move_on_the_master_move_main_screen_sends_under_a_quarter_frame() -> None:
    main = _main()
    assert main["bytes"] == [224, 224, 240]  # 1-0, 1-1, 2-1 (3-1 ends the game: the result screen)
    assert main["score_change_bytes"]["mean"] == 229.3
    assert main["score_change_bytes"]["mean"] <= 0.25 * FULL
