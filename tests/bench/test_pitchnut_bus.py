"""Bytes on the bus when Pitchnut's score changes (one controller page), measured as
bench/bus.py measures them: the demo match (sim/pitchside_sim/scenarios/
pitchnut_match.toml) on the simulated table, every frame sent through the SSD1306
partial-update device onto the emulated panel RAM (pitchside_hw.partial.PanelRam).

Every score change in Pitchnut is committed from the shot sheet (the pockets sense a
piece, the players name it, PN-A12), a different screen from the main one, so the bench
figure (the frame after the sheet) is that whole screen changing, as a Pichenotte round
end from its zone-count screen is. The main screen's own cost of a score change is the
frames of the main screen alone on the partial device (the sheet frames left out): the
main screen before a shot against the one after it. Both are printed (``pytest -s``).

Measured: bench 80 % (each the whole sheet-to-main change); main screen 252.6 B mean
(24.5 %, was 34.8 %: 358 B). Per change: the bottom line (its text says what the shot
did, a new text each shot) in page 6 at every size with only its descenders in page 7
(render/page_line.py), what to do at the board after an arrow instead of an inverse bar
over pages 6 and 7; POISON in the status row (PN-31) where the count keeps its digits;
the turn arrow in page 0; no colour disc in the 64 px status half (the colour's name is
there). tests/render/test_pitchnut_score_pages.py checks the pages a single change
redraws."""

from __future__ import annotations

from typing import Any

from pitchside.render.pitchnut import PitchnutView
from support.benchmod import bench_module

LIMIT = 0.25
"""The target (a quarter of a full frame), met on the main screen."""
MAIN_BYTES = [270, 211, 229, 219, 322, 296, 219, 255]
"""Bytes of each of the 8 main-screen score changes, as bench/bus.py ``main_screen``
measures them (no periodic full refresh): mean 252.6 B with the pixel font, its bottom
line in page 6 alone (the 6x9 strike, descenders included, and a paged line's marker in
that page too); 273 B (26.5 %) when the line's descenders and marker reached page 7."""


def _bus() -> Any:
    return bench_module("bus")


def _frames() -> list[tuple[Any, Any, bool]]:
    """``(image, score key, on the main screen)`` of every frame of the demo match, as
    :func:`bus.game_frames_and_views` collects them (moments off); on the main screen: a
    shooting Pitchnut view off the sheet, no refusal over it."""
    return [(img, key, isinstance(v, PitchnutView) and v.state.phase == "shooting" and not v.sheet
             and (v.prompt is None or v.prompt.kind != "refusal"))
            for img, key, v in _bus().game_frames_and_views("pitchnut")]


def test_a_score_change_on_the_pitchnut_main_screen_sends_at_most_a_quarter_frame() -> None:
    bus = _bus()
    every = _frames()
    frames = [(img, key) for img, key, _ in every]
    full_bytes = bus.play(frames, "ssd1306", partial=False)["rows"][0]["bytes"]
    part = bus.play(frames, "ssd1306", partial=True)
    assert part["frames_wrong"] == 0 and full_bytes == 1030
    changes = [i for i, r in enumerate(part["rows"]) if r["score_change"]]
    bench = [part["rows"][i]["bytes"] for i in changes]
    assert len(changes) >= 8
    print(f"\npitchnut 128x64 bench: {len(bench)} score changes, each the frame after the shot sheet, mean "
          f"{sum(bench) / len(bench):.0f} B ({sum(bench) / len(bench) / full_bytes:.1%} of a {full_bytes} B frame)")
    main = [(img, key) for img, key, on_main in every if on_main]
    rows = bus.play(main, "ssd1306", partial=True)["rows"]
    # the device's periodic full refresh (every FULL_EVERY frames) is a whole frame whatever the layout
    on_main = [r["bytes"] for i, r in enumerate(rows) if r["score_change"] and (i + 1) % bus.FULL_EVERY]
    assert len(on_main) >= 7
    mean, worst = sum(on_main) / len(on_main), max(on_main)
    print(f"pitchnut 128x64 main screen: {len(on_main)} score changes {on_main} B, mean {mean:.0f} B "
          f"({mean / full_bytes:.1%}), worst {worst} B ({worst / full_bytes:.1%})")
    assert mean <= LIMIT * full_bytes


def test_the_main_screen_measure_gives_the_exact_bytes() -> None:
    bus = _bus()
    main = bus.main_screen("pitchnut", bus.game_frames_and_views("pitchnut"))
    assert main["bytes"] == MAIN_BYTES
    assert main["score_change_bytes"]["mean"] == 252.6 <= LIMIT * 1030
