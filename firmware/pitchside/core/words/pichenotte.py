"""Pichenotte's words: what the players read for each notice and refusal of
:mod:`pitchside.core.rules.pichenotte` (and of its table, :mod:`pitchside.tables.pichenotte`).

:func:`describe` builds each sentence from the notice's parameters and the players'
names: with the names ``("A", "B")`` the long words are the sentences the replay output
has always given (``reason``, ``result``), e.g. ``"A has 0 puck(s) on the board; 2 cannot
be knocked in or off"``; with ``("Ann", "Bob")`` the same sentence names Ann. ``short``
is what the table's prompt line shows (today the long sentence, except where the table
says it in fewer words: ``"the coin was tossed already"``). Neither holds the rule ID.
"""

from __future__ import annotations

from collections.abc import Callable

from pitchside.core.notice import Notice, Words
from pitchside.core.rules.pichenotte import fmt_points
from pitchside.core.sides import Side, name_of
from pitchside.core.words import common

Names = tuple[str, str]


def _side(notice: Notice, names: Names, key: str = "side") -> str:
    """The name of the side the parameter ``key`` holds."""
    side = notice[key]
    if side not in ("A", "B"):
        raise ValueError(f"notice {notice} has no side in {key!r}")
    s: Side = "A" if side == "A" else "B"
    return name_of(names, s)


def _int(notice: Notice, key: str) -> int:
    value = notice[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"notice {notice}: {key!r} must be an integer, not {value!r}")
    return value


def _points(notice: Notice, key: str) -> str:
    """A number of points as people say it (``4``, ``3.5``)."""
    value = notice[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"notice {notice}: {key!r} must be a number, not {value!r}")
    return fmt_points(value)


def _same(text: str) -> Words:
    return Words(text, text)


_Wording = Callable[[Notice, Names], Words]

# What the rules say (notices of an accepted input), by (rule, code).
_NOTICES: dict[tuple[str, str], _Wording] = {
    ("PI-20", "toss_won"): lambda n, names: _same(f"{_side(n, names)} won the toss"),
    ("PI-20", "round_starts"): lambda n, names: _same(f"Round {_int(n, 'round')}: {_side(n, names)} starts"),
    ("PI-A7", "foul"): lambda n, names: _same("Foul: puck to ditch"),
    ("PI-08", "twenty"): lambda n, names: _same(f"{_side(n, names)}: twenty! +{_int(n, 'points')}"),
    ("PI-17", "call_missed"): lambda n, names: _same("Call missed: puck to ditch"),
    ("PI-06", "no_contact"): lambda n, names: _same("No contact: puck to ditch"),
    ("PI-13", "shot_ditched"): lambda n, names: _same("Shot puck in the ditch"),
    ("PI-19", "shot_ditched"): lambda n, names: _same("Shot puck in the ditch"),
    ("PI-11", "knocked_in"): lambda n, names: _same(
        f"{_side(n, names)}: {_int(n, 'count')} knocked in, +{_int(n, 'points')}"
    ),
    ("PI-13", "knocked_off"): lambda n, names: _same(f"{_side(n, names)}: {_int(n, 'count')} to the ditch"),
    ("PI-03", "count_zones"): lambda n, names: _same("Count the zones"),
    ("PI-14", "round_won"): lambda n, names: _same(
        f"Round {_int(n, 'round')} to {_side(n, names)}, {_int(n, 'points')}-{_int(n, 'other_points')}"
    ),
    ("PI-16", "round_tied"): lambda n, names: _same(
        f"Round {_int(n, 'round')} tied {_int(n, 'points')}-{_int(n, 'points')}: half a point each"
    ),
    ("PI-21", "match_won"): lambda n, names: _same(f"{_side(n, names)} wins the match"),
    ("PI-22", "match_won"): lambda n, names: _same(f"{_side(n, names)} wins the match"),
    ("PI-21", "match_drawn"): lambda n, names: _same("The match is drawn"),
}

# Why the rules refuse an input (IllegalInput.notice).
_REFUSALS: dict[tuple[str, str], _Wording] = {
    ("PI-15", "match_over"): lambda n, names: _same("the match is over; start a new match"),
    ("PI-20", "toss_first"): lambda n, names: Words(
        "toss the coin first: the winner shoots first", "toss the coin first"
    ),
    ("PI-20", "toss_done"): lambda n, names: Words(
        "the coin toss is only before the first shot of the match", "the coin was tossed already"
    ),
    ("PI-03", "pucks_all_shot"): lambda n, names: _same("all pucks are shot: enter the zone counts"),
    ("PI-03", "tally_too_early"): lambda n, names: _same("the score is tallied only after all pucks have been shot"),
    ("PI-11", "twenty_and_ditched"): lambda n, names: _same(
        "the shot puck cannot both drop in the twenty hole and end in the ditch"
    ),
    ("PI-13", "on_line_not_ditched"): lambda n, names: _same(
        "a puck on the outer line is a ditched puck: say ditched too"
    ),
    ("PI-A7", "foul_not_penalised"): lambda n, names: _same(
        "illegal technique is not penalised at this table (option technique_foul)"
    ),
    ("PI-18", "contact_implied"): lambda n, names: _same(
        f"the shot moved {_side(n, names)}'s puck(s), so it made contact: 'no contact' cannot be right"
    ),
    ("PI-13", "too_many_moved"): lambda n, names: _same(
        f"{_side(n, names)} has {_int(n, 'on_board')} puck(s) on the board;"
        f" {_int(n, 'moved')} cannot be knocked in or off"
    ),
    ("PI-10", "counts_mismatch"): lambda n, names: _same(
        f"{_side(n, names)} has {_int(n, 'on_board')} puck(s) on the board"
        f" but the zone counts add up to {_int(n, 'counted')}"
    ),
    # The table's own refusals (pitchside.tables.pichenotte): on a free shot a call and
    # contact do not matter (PI-09, PI-17), so the panel does not take them.
    ("PI-09", "call_not_needed"): lambda n, names: _same("free shot: no call needed"),
    ("PI-09", "contact_not_needed"): lambda n, names: _same("free shot: contact not needed"),
    # The zone entry counts each puck resting on the board once (PI-10, PI-12).
    ("PI-10", "zones_all_counted"): lambda n, names: Words(
        f"only {_int(n, 'on_board')} of {_side(n, names)}'s pucks are on the board: all are counted",
        f"only {_int(n, 'on_board')} of {_side(n, names)}'s pucks on the board",
    ),
}

# How a match ended (Outcome.cause): the replay output's ``result`` after the rule ID.
_CAUSES: dict[tuple[str, str], _Wording] = {
    ("PI-21", "rounds_won"): lambda n, names: _same(
        f"{_side(n, names)} has {_points(n, 'points')} round points and the lead"
    ),
    ("PI-22", "race_won"): lambda n, names: _same(
        f"{_side(n, names)} reached {_int(n, 'target')} with the higher total"
    ),
    ("PI-21", "drawn_after_max_rounds"): lambda n, names: _same(f"drawn after {_int(n, 'rounds')} rounds"),
    ("PI-21", "leads_after_max_rounds"): lambda n, names: _same(
        f"{_side(n, names)} leads after {_int(n, 'rounds')} rounds"
    ),
}

WORDINGS: dict[tuple[str, str], _Wording] = {**_NOTICES, **_REFUSALS, **_CAUSES}
"""Every (rule, code) Pichenotte has words for."""


def describe(notice: Notice, names: Names) -> Words:
    """The words of a Pichenotte notice, refusal or outcome cause for the sides' ``names``
    (``(A's, B's)``); undo notices (rule ``"UNDO"``) are :mod:`.common`'s.

    :raises KeyError: a (rule, code) Pichenotte has no words for, or a notice without a
        parameter its words need (a bug: a test checks every code the engine emits).
    :raises ValueError: a parameter of the wrong type (not a side, not a count).
    """
    if notice.rule == "UNDO":
        return common.describe(notice, names)
    return WORDINGS[(notice.rule, notice.code)](notice, names)
