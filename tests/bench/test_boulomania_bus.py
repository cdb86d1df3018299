"""Bytes on the bus when Boulomania's score changes (one controller page), measured as
bench/bus.py measures them: the demo game (sim/pitchside_sim/scenarios/
boulomania_match.toml) on the simulated table, every frame sent through the SSD1306
partial-update device onto the emulated panel RAM (pitchside_hw.partial.PanelRam).

A round's end keeps the board it ended on until the next jack (render/boulomania), so a
score change redraws the last roll, the bottom line, the side's digits and what the last
throw moved, not the whole board. The figure is printed (``pytest -s``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.benchmod import bench_module

ROOT = Path(__file__).resolve().parents[2]


def _bus() -> Any:
    return bench_module("bus")


def test_a_round_end_sends_well_under_half_a_frame() -> None:
    bus = _bus()
    frames = bus.game_frames("boulomania")
    full = bus.play(frames, "ssd1306", partial=False)["rows"][0]["bytes"]
    rows = bus.play(frames, "ssd1306", partial=True)["rows"]
    changes = [i for i, r in enumerate(rows) if r["score_change"]]
    every = [rows[i]["bytes"] for i in changes]
    # the device's periodic full refresh (every FULL_EVERY frames) and the game-over
    # screen are whole frames whatever the layout: the rounds' ends are the rest
    refresh = {i for i in changes if (i + 1) % bus.FULL_EVERY == 0}
    rounds = [rows[i]["bytes"] for i in changes[:-1] if i not in refresh]
    print(f"\nboulomania score changes: {every} B of a {full} B frame; bench mean "
          f"{sum(every) / len(every) / full:.1%}; rounds' ends {rounds} B, mean {sum(rounds) / len(rounds) / full:.1%}")
    assert len(changes) == 6 and full == 1030
    assert max(rounds) <= 0.45 * full
    assert sum(every) / len(every) < 0.6 * full  # 72.6 % before the layouts (bench/results.json)
