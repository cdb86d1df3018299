"""Bus bytes of the Boulomania 128x64 play screen's text lines (one controller page), on the
partial-update device (hardware/pitchside_hw/partial.py, emulated SSD1306 RAM): the
bottom line's capitals sit in one controller page (rows 48-55), so a new declared throw
redraws that page alone (was: two pages, its capitals across rows 53-60)."""

from __future__ import annotations

from dataclasses import replace

from pitchside.render.boulomania import render
from support.busbytes import changed, sent
from test_boulomania_screens import SCENES


def test_a_new_declared_throw_redraws_one_page_of_the_bottom_line() -> None:
    view = SCENES["boulomania_midgame"]()
    assert view.prompt is None and view.choice_line == "Bob: POINT 2 DICE"
    before = render(view)
    after = render(replace(view, choice_line="Bob: SHOOT AT 4"))
    box = changed(before, after)
    assert box is not None and 48 <= box[1] and box[3] <= 56, box  # page 6 (rows 48-55) alone
    assert sent(before, after) == 107
