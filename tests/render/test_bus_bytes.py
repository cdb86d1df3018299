"""Bus bytes of a score change: on the Pichenotte main screen, a score
change sends at most 25 % of a full frame over the bus with the partial-update device
(hardware/pitchside_hw/partial.py), measured the bench's way (bench/bus.py: the demo
match on the simulated table, every frame on an emulated SSD1306 RAM).

A score change *on the main screen* is one whose frame and the frame before it are both
the shooting screen (a twenty); a round's end comes from the zone-count screen, a
different screen, and is printed beside it (its bytes are that whole screen changing).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.benchmod import bench_module

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 0.25


def _bus() -> Any:
    return bench_module("bus")


def test_a_score_change_on_the_pichenotte_main_screen_sends_at_most_a_quarter_frame() -> None:
    bus = _bus()
    frames = bus.game_frames("pichenotte")
    full = bus.play(frames, "ssd1306", partial=False)
    part = bus.play(frames, "ssd1306", partial=True)
    assert full["frames_wrong"] == part["frames_wrong"] == 0
    full_bytes = full["rows"][0]["bytes"]
    changes = [i for i, r in enumerate(part["rows"]) if r["score_change"]]
    main = [i for i in changes if not part["rows"][i]["round_end"]]
    ends = [i for i in changes if part["rows"][i]["round_end"]]
    assert len(main) >= 5
    mean = sum(part["rows"][i]["bytes"] for i in main) / len(main)
    worst = max(part["rows"][i]["bytes"] for i in main)
    end_mean = sum(part["rows"][i]["bytes"] for i in ends) / max(1, len(ends))
    print(f"\npichenotte 128x64: {len(main)} score changes on the main screen, mean {mean:.0f} B "
          f"({mean / full_bytes:.1%} of a {full_bytes} B frame), worst {worst} B ({worst / full_bytes:.1%}); "
          f"{len(ends)} round ends from the zone-count screen, mean {end_mean:.0f} B ({end_mean / full_bytes:.1%})")
    assert mean <= LIMIT * full_bytes
