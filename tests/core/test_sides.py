"""Sides and the players' names on the display."""

from __future__ import annotations

from pitchside.core import sides
from pitchside.core.sides import name_of, other


def test_other_side() -> None:
    assert (other("A"), other("B")) == ("B", "A")


def test_a_side_speaks_its_players_name() -> None:
    names = ("Ann", "Bob")
    assert (name_of(names, "A"), name_of(names, "B")) == ("Ann", "Bob")


def test_no_prose_is_rewritten_with_names_any_more() -> None:
    """Names go into notices' words (core/words), never pasted into rules prose
   : the old ``with_names`` is gone."""
    assert not hasattr(sides, "with_names")
