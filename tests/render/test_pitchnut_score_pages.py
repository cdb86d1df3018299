"""Which controller pages a Pitchnut score change redraws on the 128x64 main screen
(one controller page): a before/after pair of main-screen views that differ in one thing
only, the changed pixels boxed, and the bytes the partial-update device
(hardware/pitchside_hw/partial.py) sends for the pair on its emulated SSD1306 RAM.

The SSD1306 holds the panel as 8 pages of 8 rows; the partial device sends the changed
columns of each changed page, so a change costs its width times the pages it touches.
Rows of the 128x64 main screen (render/pitchnut/screens.py): names 0-11, digits 12-40
(the colour's letter, then the count: PN-10's open board and the set colours share the
boxes), status 40-48, the bottom line 48-64.
"""

from __future__ import annotations

from dataclasses import replace

from pitchside.core.rules import pitchnut as R
from pitchside.core.sides import PerSide
from pitchside.render.pitchnut import PitchnutView, render
from support.busbytes import FULL, changed as _changed, sent as _sent
from test_pitchnut_screens import started


def _assigned_view() -> PitchnutView:
    """Ann's break under way, her colour white, Bob's black, two whites down (PN-10:
    the first piece pocketed sets the colours), the prompt left as it is."""
    view = _view()
    s = view.state
    return replace(view, state=replace(s, colours=PerSide("white", "black"), pocketed=R.Pieces(2, 0)))


def _view() -> PitchnutView:
    from pitchside.tables import pitchnut as t

    return t.view(started())


def test_a_piece_pocketed_redraws_its_count_alone() -> None:
    view = _assigned_view()
    s = view.state
    before, after = render(view), render(replace(view, state=replace(s, pocketed=R.Pieces(3, 0))))
    box = _changed(before, after)
    assert box is not None
    x0, y0, x1, y1 = box
    assert 12 <= y0 and y1 <= 40 and x1 <= 64  # Ann's count only: 8 -> 7 whites
    assert _sent(before, after) == 45  # the changed columns of the count's pages, and the window commands
    assert _sent(before, after) <= 0.25 * FULL


def test_the_colours_being_set_leave_the_counts_where_they_were() -> None:
    view = _view()
    s = view.state
    assert s.colours == PerSide(None, None) and s.pocketed == R.Pieces(0, 0)
    before = render(view)
    after = render(replace(view, state=replace(s, colours=PerSide("white", "black"))))
    box = _changed(before, after)
    assert box is not None
    assert 40 <= box[1] and box[3] <= 48  # the status row alone: OPEN -> the colours' discs and names
    assert _sent(before, after) <= 0.25 * FULL
