"""Sides and the players' names on the display."""

from __future__ import annotations

from pitchside.core.sides import name_of, other, with_names


def test_other_side() -> None:
    assert (other("A"), other("B")) == ("B", "A")


def test_rules_text_speaks_the_players_names_whole_words_only() -> None:
    names = ("Ann", "Bob")
    assert with_names("A won the toss", names) == "Ann won the toss"
    assert with_names("Round 2 to B, 50-45", names) == "Round 2 to Bob, 50-45"
    assert with_names("All pucks: BAD A", names) == "All pucks: BAD Ann"  # 'All', 'BAD' untouched
    assert name_of(names, "B") == "Bob"
