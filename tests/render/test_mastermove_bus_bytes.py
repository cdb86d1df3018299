"""Bus bytes of a Move! on the Master Move score screen: a score
change sends at most 25 % of a full frame with the partial-update device
(hardware/pitchside_hw/partial.py), measured the bench's way (bench/bus.py ``play``: every
frame on an emulated SSD1306 RAM, the partial device against luma's full frame).

Frames: a game fed by the move source (``MOVE`` lines, the way a sensor board plays,
tests/render/test_mastermove_screens.py), one frame per line on the 128x64 panel. A
score change there is a Move! from the score screen (``play``) to the same layout in
``changes``. The button scenario of bench/bus.py (sim/pitchside_sim/scenarios/
mastermove_match.toml) confirms every move on the board screen, so its score changes go
from the board screen to the score screen: printed beside it, not held to the limit.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from pitchside.render.mastermove import render
from pitchside.signals.events import SerialLine
from pitchside.tables import mastermove as mt
from test_mastermove_screens import NAMES, kicked_off

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 0.25
"""The target (a quarter of a full frame), met: about 22 % (224 and 240 B of 1,030), since each row
that changes keeps its capitals in one controller page (render/mastermove/score.py);
38 % before, when the bottom line sat astride pages 6 and 7 and the digits over five."""
GAME = ("MOVE D8 D12", "MOVE G9 G5", "MOVE D12 D16", "RESTART", "MOVE G9 G5", "MOVE D8 D12", "MOVE G5 G4",
        "MOVE D12 D16", "RESTART", "MOVE G9 G5", "MOVE D8 D12", "MOVE G5 G4", "MOVE D12 D16")


def _bus() -> Any:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import bus
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return bus


def source_frames() -> list[tuple[Any, Any]]:
    ts = kicked_off()
    frames = [(render(mt.view(ts)), repr(ts.match.state.score))]
    for line in GAME:
        ts, _ = mt.handle(ts, SerialLine("moves", line, 0.0))
        frames.append((render(mt.view(ts)), repr(ts.match.state.score)))
    return frames


def test_a_move_on_the_score_screen_sends_at_most_a_quarter_frame() -> None:
    bus = _bus()
    frames = source_frames()
    assert NAMES == ("Yellow FC", "Blue Town")
    full = bus.play(frames, "ssd1306", partial=False)
    part = bus.play(frames, "ssd1306", partial=True)
    assert full["frames_wrong"] == part["frames_wrong"] == 0
    full_bytes = full["rows"][0]["bytes"]
    changes = [i for i, r in enumerate(part["rows"]) if r["score_change"]]
    assert len(changes) == 3  # 1-0, 2-0, 3-0
    sent = [part["rows"][i]["bytes"] for i in changes[:2]]  # the third ends the game: the result screen
    mean = sum(sent) / len(sent)
    buttons = bus.game_frames("mastermove")
    bpart = bus.play(buttons, "ssd1306", partial=True)
    bsent = [r["bytes"] for r in bpart["rows"] if r["score_change"]]
    print(f"\nmastermove 128x64: {len(sent)} Moves! on the score screen, mean {mean:.0f} B "
          f"({mean / full_bytes:.1%} of a {full_bytes} B frame), worst {max(sent)} B ({max(sent) / full_bytes:.1%}); "
          f"button scenario (board screen -> score screen): {len(bsent)} score changes, mean "
          f"{sum(bsent) / len(bsent):.0f} B ({sum(bsent) / len(bsent) / full_bytes:.1%})")
    assert sent == [224, 240]
    assert mean <= LIMIT * full_bytes


def changed_pages(before: Any, after: Any) -> dict[int, tuple[int, int]]:
    """``{page: (first column, last column)}`` of the SSD1306 pages whose bytes differ."""
    from pitchside_hw.partial import changed_spans, pack_pages

    spans = changed_spans(pack_pages(after, 8), pack_pages(before, 8), 128)
    return {p: (c0, c1) for p, c0, c1 in spans}


def test_a_score_change_alone_redraws_only_the_scorer_s_digits_and_moves_to_win() -> None:
    """The same view but for Yellow FC's score, 0 then 1 (MM-16): the pages that change
    are the digits' (1-4, inside Yellow FC's digit box) and "N TO WIN"'s (5, inside its
    half); the names, the other side's digits, the arrows and the bottom line stay."""
    from pitchside.core.sides import PerSide
    from pitchside.render.mastermove import score_layout
    from pitchside.render.panel import Canvas, Panel

    view = mt.view(kicked_off())
    scored = replace(view, state=replace(view.state, score=PerSide(1, 0)))
    pages = changed_pages(render(view), render(scored))
    lay = score_layout(Canvas(Panel(128, 64)))
    x0, _, x1, _ = lay.digits.A
    assert sorted(pages) == [1, 2, 3, 4, 5]
    assert all(x0 <= c0 <= c1 < x1 for p, (c0, c1) in pages.items() if p < 5)
    assert lay.info is not None and lay.info.A[0] <= pages[5][0] <= pages[5][1] < lay.info.A[2]
