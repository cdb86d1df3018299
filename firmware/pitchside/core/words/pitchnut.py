"""Pitchnut's words: the notices and refusals of :mod:`pitchside.core.rules.pitchnut`
worded for the players, with their names.

``long`` is the plain sentence of the replay output's ``reason``, ``last_game`` and
``result`` (after ``"PN-xx: "``); with the names ``("A", "B")`` it is the text those
outputs have always had. ``short`` is what the table's prompt line shows on a 128 px
panel (the action line says what to spot, so the short words leave it out). The rule ID
is never part of the words.

Each code's sentence is built from the notice's parameters (``side`` "A"/"B", counts,
colours ``"white"``/``"black"``, ``kind`` ``"scratch"``/``"foul"``), never by putting
names into finished prose.
"""

from __future__ import annotations

from collections.abc import Callable

from pitchside.core.notice import Notice, Words
from pitchside.core.sides import Side, name_of
from pitchside.core.words import common

Names = tuple[str, str]
_Build = Callable[[Notice, Names], Words]


def _side(n: Notice, key: str = "side") -> Side:
    value = n[key]
    if value not in ("A", "B"):
        raise ValueError(f"notice {n}: {key!r} is not a side")
    return "A" if value == "A" else "B"


def _who(n: Notice, names: Names, key: str = "side") -> str:
    return name_of(names, _side(n, key))


def _opponent(n: Notice, names: Names) -> str:
    return name_of(names, "B" if _side(n) == "A" else "A")


def _int(n: Notice, key: str) -> int:
    value = n[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"notice {n}: {key!r} is not a count")
    return value


def _str(n: Notice, key: str) -> str:
    value = n[key]
    if not isinstance(value, str):
        raise ValueError(f"notice {n}: {key!r} is not a word")
    return value


def _other_colour(colour: str) -> str:
    return "black" if colour == "white" else "white"


def _why(n: Notice) -> str:
    """``"Scratch"`` or ``"Foul"`` (PN-08, PN-A10)."""
    return "Foul" if n["kind"] == "foul" else "Scratch"


def _same(text: str) -> Words:
    return Words(text, text)


_WORDS: dict[str, _Build] = {
    # --- refusals ------------------------------------------------------------------
    "match_over": lambda n, names: _same("the match is over; start a new match"),  # PN-A9
    "toss_once": lambda n, names: Words(  # PN-05
        "the coin is tossed once, at the start of the match", "the coin was tossed already"
    ),
    "toss_first": lambda n, names: Words(  # PN-05
        "toss the coin first: its winner chooses who breaks", "toss the coin first (COIN)"
    ),
    "breaker_after_toss_only": lambda n, names: _same(  # PN-05
        "the breaker is chosen only after the opening toss; later games the loser breaks"
    ),
    "choose_breaker_first": lambda n, names: _same(  # PN-05
        f"{_who(n, names)} won the toss: choose who breaks first"
    ),
    "more_than_on_board": lambda n, names: _same(  # PN-02
        f"{_int(n, 'on_board')} {_str(n, 'colour')} piece(s) are on the board; "
        f"{_int(n, 'count')} cannot be pocketed or knocked off"
    ),
    "poison_pocketed_and_off": lambda n, names: Words(  # PN-A8
        "the poison cannot be both pocketed and knocked off the board",
        "the poison cannot be both pocketed and off the board",
    ),
    "spot_needed": lambda n, names: Words(  # PN-A5
        "a debt is paid by equal numbers of white and black: say which colour to spot (spot)",
        "a debt is paid by equal colours: choose the colour to spot",
    ),
    # --- the toss and the breaker (PN-05) -------------------------------------------
    "toss_won": lambda n, names: _same(f"{_who(n, names)} won the toss: choose who breaks"),
    "breaks": lambda n, names: _same(f"{_who(n, names)} breaks"),
    "next_game": lambda n, names: _same(f"Game {_int(n, 'game')}: {_who(n, names)} breaks"),
    # --- a shot ---------------------------------------------------------------------
    "put_back": lambda n, names: _same(  # PN-A8
        f"Put {_int(n, 'count')} {_str(n, 'colour')} back at the centre"
    ),
    "poison_put_back": lambda n, names: _same("Put the poison back at the centre"),  # PN-A8
    "poison_respotted": lambda n, names: Words(  # PN-A2
        "Poison back at the centre: turn over", "Poison early: turn over"
    ),
    "pays_debt_open": lambda n, names: Words(  # PN-29, PN-A5
        f"{_who(n, names)} pays a debt: spot one {_str(n, 'colour')} at the centre",
        f"{_who(n, names)} pays a debt",
    ),
    "pays_debts": lambda n, names: Words(  # PN-29
        f"{_who(n, names)} pays {_int(n, 'count')} debt(s): spot {_int(n, 'count')} "
        f"{_str(n, 'colour')} at the centre",
        f"{_who(n, names)} pays {_int(n, 'count')} debt(s)",
    ),
    "debt_from_pocket": lambda n, names: Words(  # PN-29
        f"{_who(n, names)} has no {_str(n, 'colour')} left: spot one from the pocket for the debt",
        f"{_who(n, names)} spots a {_str(n, 'colour')} for the debt",
    ),
    "colours_assigned": lambda n, names: _same(  # PN-10
        f"{_who(n, names)} is {_str(n, 'colour')}, {_opponent(n, names)} is {_other_colour(_str(n, 'colour'))}"
    ),
    "equal_colours_open": lambda n, names: Words(  # PN-11
        "Equal colours: the board stays open", "Equal: board stays open"
    ),
    "board_stays_open": lambda n, names: _same("The board stays open"),  # PN-12, PN-13
    "spot_one": lambda n, names: Words(  # PN-08
        f"{_why(n)}: spot one {_str(n, 'colour')} at the centre", f"{_why(n)}: spot one"
    ),
    "owes": lambda n, names: Words(  # PN-08, PN-28
        f"{_why(n)}: {_who(n, names)} owes {_int(n, 'count')} piece(s)",
        f"{_why(n)}: {_who(n, names)} owes {_int(n, 'count')}",
    ),
    "banks_bonus": lambda n, names: Words(  # PN-15
        f"{_who(n, names)} banks {_int(n, 'count')} bonus turn(s)",
        f"{_who(n, names)} banks {_int(n, 'count')} bonus",
    ),
    "spends_bonus": lambda n, names: Words(  # PN-30
        f"{_who(n, names)} spends a bonus turn ({_int(n, 'left')} left)",
        f"{_who(n, names)} uses a bonus turn",
    ),
    "shoots_again": lambda n, names: _same(f"{_who(n, names)} shoots again"),  # PN-14
    "miss_reshoot": lambda n, names: Words(  # PN-23
        f"Missed everything: {_who(n, names)} shoots again", f"Missed all: {_who(n, names)} again"
    ),
    "to_shoot": lambda n, names: _same(f"{_who(n, names)} to shoot"),  # PN-14/16/26/27/08, PN-A2
    "on_poison": lambda n, names: Words(  # PN-31
        f"{_who(n, names)} is shooting for the poison", f"{_who(n, names)}: on the poison"
    ),
    # --- the end of a game and of the match ------------------------------------------
    "wins_game": lambda n, names: _same(f"{_who(n, names)} wins game {_int(n, 'game')}"),
    "wins_match": lambda n, names: _same(f"{_who(n, names)} wins the match"),  # PN-A9
    # How a game ended (the cause of GameResult and Outcome); ``side`` is the shooter.
    "poison_break_wins": lambda n, names: Words(  # PN-06
        f"{_who(n, names)} sank the poison on the break and wins",
        f"{_who(n, names)} sank the poison on the break",
    ),
    "poison_break_scratch": lambda n, names: Words(  # PN-06
        f"{_who(n, names)} sank the poison on the break with a scratch and loses",
        f"{_who(n, names)}: poison and a scratch on the break",
    ),
    "poison_break_with_pieces": lambda n, names: Words(  # PN-25 (break_poison_with_pieces="loss")
        f"{_who(n, names)} sank the poison on the break with object pieces and loses",
        f"{_who(n, names)}: poison with pieces on the break",
    ),
    "poison_with_scratch": lambda n, names: Words(  # PN-21
        f"{_who(n, names)} sank the poison with a scratch and loses",
        f"{_who(n, names)}: poison with a scratch",
    ),
    "poison_with_opponent_piece": lambda n, names: Words(  # PN-22
        f"{_who(n, names)} sank the poison with an opponent's piece and loses",
        f"{_who(n, names)}: poison with an opponent's piece",
    ),
    "poison_alone_wins": lambda n, names: Words(  # PN-31
        f"{_who(n, names)} sank the poison alone and wins", f"{_who(n, names)} sank the poison alone"
    ),
    "poison_early": lambda n, names: Words(  # PN-24
        f"{_who(n, names)} sank the poison before being on it and loses",
        f"{_who(n, names)} sank the poison too early",
    ),
    "poison_early_with_pieces": lambda n, names: Words(  # PN-25
        f"{_who(n, names)} sank the poison with object pieces before being on it and loses",
        f"{_who(n, names)}: poison with pieces, too early",
    ),
}

CODES: frozenset[str] = frozenset(_WORDS)
"""Every notice code of Pitchnut that has words (the shared UNDO ones aside)."""


def describe(notice: Notice, names: Names) -> Words:
    """The words of a Pitchnut notice or refusal for the sides' ``names`` (A's, B's).

    :raises KeyError: a code Pitchnut does not know (or an UNDO code :mod:`.common` does
        not know).
    :raises ValueError: a parameter of the wrong kind (a bug in the rules engine).
    """
    if notice.rule == "UNDO":
        return common.describe(notice, names)
    build = _WORDS.get(notice.code)
    if build is None:
        raise KeyError(f"no words for the Pitchnut notice {notice}")
    return build(notice, names)
