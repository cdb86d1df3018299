"""Bus bytes of a Pitch Bowl score change (one controller page), and why the bench's figure
for it is a whole screen.

* On the 128x64 match screen (render/pitchbowl/turn.py) a touchdown's new score redraws
  the scorer's digits alone: the digits sit in fixed boxes at the outer edges (rows
  16-39, three whole controller pages), nothing else on the screen depends on the score; the pair's bytes on the
  partial-update device (hardware/pitchside_hw/partial.py, emulated SSD1306 RAM) are
  pinned here.
* The rules never show that pair: a touchdown ends the drive, and the next frame is the
  placement screen (the scorer kicks, so he places first, PB-03, PB-04) or, at the third,
  the result (PB-30). So every score change of the scenario match
  (sim/pitchside_sim/scenarios/pitchbowl_match.toml, as bench/bus.py plays it) is that
  whole screen changing: about 97 % of a full frame, whatever the match screen's layout.
  Getting under 25 % there would take the flow to show the touchdown on the match
  screen first (a screen held until a press, in tables/pitchbowl/): not a layout
  change.
"""

from __future__ import annotations

from dataclasses import replace

from pitchside.core.sides import PerSide
from pitchside.render.pitchbowl import PitchBowlView, render
from pitchside.tables import pitchbowl as t
from support.busbytes import FULL, changed as _changed, sent as _sent
from support.benchmod import bench_module
from test_pitchbowl_screens import kicked_off, press


def _turn() -> PitchBowlView:
    """Ann's drive under way (she picked the Ball up), 0-0."""
    view = t.view(press(kicked_off(), "pickup"))
    assert view.state.phase == "turn" and view.state.score == PerSide(0, 0)
    return view


def test_a_score_change_on_the_match_screen_redraws_the_scorers_digits_alone() -> None:
    view = _turn()
    before = render(view)
    for score, inside, sent in (((1, 0), (0, 40), 42), ((0, 1), (88, 128), 42)):
        after = render(replace(view, state=replace(view.state, score=PerSide(*score))))
        box = _changed(before, after)
        assert box is not None
        x0, y0, x1, y1 = box
        assert inside[0] <= x0 and x1 <= inside[1] and 16 <= y0 and y1 <= 40, (score, box)  # pages 2-4
        assert _sent(before, after) == sent
        assert sent <= 0.25 * FULL


def test_every_score_change_of_the_scenario_match_comes_with_a_new_screen() -> None:
    bus = bench_module("bus")
    every = bus.game_frames_and_views("pitchbowl")
    frames = [(img, key) for img, key, _ in every]
    rows = bus.play(frames, "ssd1306", partial=True)["rows"]
    changes = [i for i, r in enumerate(rows) if r["score_change"]]
    assert len(changes) == 5  # 1-0, 1-1, 1-2, 2-2, 2-3
    phases = [(every[i - 1][2].state.phase, every[i][2].state.phase) for i in changes]
    assert phases == [("turn", "place_defender")] * 4 + [("turn", "finished")]
    sent = [rows[i]["bytes"] for i in changes]
    print(f"\npitchbowl 128x64: {len(sent)} score changes, each the match screen -> placement/result, "
          f"{sent} B, mean {sum(sent) / len(sent) / FULL:.1%} of a {FULL} B frame")


def test_a_change_of_initiative_on_the_match_screen_redraws_the_two_arrows_alone() -> None:
    # PB-28: the initiative changes hands many times a drive; on 128x64 it is an arrow at
    # the outer end of the coach's name (was both names in inverse tags, redrawn across the header)
    view = _turn()
    other = "A" if view.state.active == "B" else "B"
    before = render(view)
    after = render(replace(view, state=replace(view.state, active=other)))
    box = _changed(before, after)
    assert box is not None and box[1] >= 0 and box[3] <= 12, box  # the names row alone
    assert _sent(before, after) == 40
