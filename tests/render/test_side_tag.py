"""The label over a side's column (render/widgets.side_tag): in doubles the shooting side
says which partner shoots (PI-A6 for Pichenotte, PN-A11 for Pitchnut)."""

from __future__ import annotations

import pytest
from pitchside.render.widgets import side_tag


@pytest.mark.parametrize("name,side,shooter,tag", [
    ("Ann", "A", None, "Ann"),        # nobody shoots (before the break, after the end)
    ("Ann", "A", "A", "Ann"),         # singles
    ("Ann", "A", "A2", "Ann 2"),      # doubles, A's second partner shoots
    ("Ann", "A", "B1", "Ann"),        # doubles, the other side shoots
    ("A", "A", "A1", "A1"),           # a one-letter name runs into the partner's number
    ("Bob", "B", "B1", "Bob 1"),
])
def test_the_tag_names_the_side_and_the_partner_who_shoots(name: str, side: str, shooter: str | None,
                                                           tag: str) -> None:
    assert side_tag(name, side, shooter) == tag
