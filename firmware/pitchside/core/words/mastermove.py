"""Master Move's words: every notice and refusal of :mod:`pitchside.core.rules.mastermove`
(rule IDs MM-.. of docs/rules/mastermove.md) as the sentences players read.

``describe(notice, names)`` builds each sentence from the notice's parameters (sides,
squares, kinds, counts), naming the sides by ``names`` (``(A's, B's)``). With the names
``("A", "B")`` the long words are the rules' prose of the replay output (``reason`` and
``result`` after the rule ID); ``short`` is what the table's prompt line shows (the same
words, shortened where a panel line is narrow: the toss winner, a change, a piece's way
of moving). The rule ID is never part of the words.
"""

from __future__ import annotations

from collections.abc import Callable

from pitchside.core.notice import Notice, Param, Words
from pitchside.core.rules.mastermove.board import GOALS, KINDS, LINEUP_COUNTS, square_name
from pitchside.core.sides import Side, name_of
from pitchside.core.words import common

Names = tuple[str, str]

WAY: dict[str, str] = {
    "keeper": "1 square along its goal line, within its goal",
    "defender": "1 square in any direction",
    "winger": "diagonally, 1 to 4 squares",
    "runner": "horizontally or vertically, 1 to 4 squares",
    "joker": "in any direction, 1 or 2 squares",
    "raider": "in an L, 2 squares one way and 1 sideways",
}
"""How each kind of piece moves (MM-06..MM-11), as the refusal of a move says it."""

_HALF: dict[str, str] = {"A": "columns 1-8", "B": "columns 9-16"}
"""Each side's half (MM-01, MM-19)."""


def _side(n: Notice, names: Names, key: str = "side") -> str:
    value = n[key]
    if value not in ("A", "B"):
        raise KeyError(f"notice {n} has no side in {key!r}")
    side: Side = "A" if value == "A" else "B"
    return name_of(names, side)


def _pair(value: Param) -> tuple[int, int]:
    if not (isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        raise KeyError(f"not a pair of counts: {value!r}")
    a, b = value
    assert isinstance(a, int) and isinstance(b, int)
    return a, b


def _same(text: str) -> Words:
    return Words(text, text)


def _lineup_counts(n: Notice, names: Names) -> Words:
    counts = n["counts"]
    if not (isinstance(counts, tuple) and len(counts) == len(KINDS)):
        raise KeyError(f"notice {n}: counts must give one count per kind")
    got = ", ".join(f"{c} {k}" for c, k in zip(counts, KINDS))
    want = ", ".join(f"{c} {k}" for k, c in LINEUP_COUNTS.items())
    return _same(f"{_side(n, names)}'s line-up has {got}; a side has {want}")


def _keeper_in_goal(n: Notice, names: Names) -> Words:
    side = n["side"]
    goal = ", ".join(square_name(g) for g in sorted(GOALS.A if side == "A" else GOALS.B))
    return _same(f"the keeper lines up in its goal ({goal}), not on {n['square']}")


def _move_scored(n: Notice, names: Names) -> Words:
    a, b = _pair(n["score"])
    return _same(f"Move! {_side(n, names)} scores with {n['frm']}-{n['to']}: {a}-{b}")


def _change_credit(n: Notice, names: Names) -> Words:
    a, b = _pair(n["credit"])
    return _same(f"Changes: {names[0]} {a}, {names[1]} {b}")


def _won_toss(n: Notice, names: Names) -> Words:
    who = _side(n, names)
    return Words(f"{who} won the toss and moves first", f"{who} won the toss")


def _changed(n: Notice, names: Names) -> Words:
    who, kind, f, t = _side(n, names), n["kind"], n["frm"], n["to"]
    return Words(f"{who} changes {kind} {f} to {t}", f"{who}: {kind} {f}-{t}")


def _not_its_way(n: Notice, names: Names) -> Words:
    kind = n["kind"]
    if not isinstance(kind, str) or kind not in WAY:
        raise KeyError(f"notice {n}: unknown kind {kind!r}")
    way = f"the {kind} moves {WAY[kind]}"
    return Words(f"{way}: {n['frm']}-{n['to']} is not one", way)


_WORDS: dict[str, Callable[[Notice, Names], Words]] = {
    # the end (outcome causes, MM-15, MM-25) and inputs after it
    "three_moves": lambda n, names: _same(f"{_side(n, names)} scored {n['moves']} Moves"),
    "forfeit": lambda n, names: _same(
        f"{_side(n, names)} quit; {_side(n, names, 'winner')} wins 3-0 by forfeit"),
    "game_over": lambda n, names: _same("the game is over; start a new game"),
    # line-ups (MM-05, MM-13, MM-19), the toss (MM-28), the kick-off (MM-A1)
    "lineup_closed": lambda n, names: _same(
        "line-ups are set before the game starts; after a Move, use changes (MM-21)"),
    "lineup_counts": _lineup_counts,
    "two_on_square": lambda n, names: _same(f"two pieces on {n['square']}"),
    "own_half": lambda n, names: _same(
        f"{_side(n, names)}'s pieces line up in its own half ({_HALF[str(n['side'])]}), not on {n['square']}"),
    "keeper_in_goal": _keeper_in_goal,
    "only_keeper_in_goal": lambda n, names: _same(
        f"only the keeper stands in the goal: not a {n['kind']} on {n['square']}"),
    "white_area": lambda n, names: _same(f"no piece lines up on the white area ({n['square']})"),
    "lined_up": lambda n, names: _same(f"{_side(n, names)} lined up"),
    "toss_the_coin": lambda n, names: _same("Toss the coin"),
    "kickoff": lambda n, names: _same(f"Kick-off: {_side(n, names)} moves first"),
    "toss_after_lineups": lambda n, names: _same("both sides line up before the coin toss"),
    "toss_before_play": lambda n, names: _same("the coin toss is only before the first move of the game"),
    "won_toss": _won_toss,
    # moves (MM-03..MM-18, MM-24, MM-30, MM-31)
    "lineups_first": lambda n, names: _same("both sides line up first"),
    "toss_first": lambda n, names: _same("toss the coin first: the winner moves first"),
    "changes_first": lambda n, names: _same("a Move was scored: make the changes, then restart"),
    "no_piece": lambda n, names: _same(f"no piece on {n['square']}"),
    "not_your_piece": lambda n, names: _same(
        f"the piece on {n['square']} is {_side(n, names, 'owner')}'s; it is {_side(n, names)}'s turn"),
    "must_leave": lambda n, names: _same(f"a move must leave {n['square']}"),
    "keeper_cannot_score": lambda n, names: _same("the keeper cannot score"),
    "not_its_way": _not_its_way,
    "through_goal": lambda n, names: _same(
        f"the {n['kind']} cannot pass through the goal square {n['square']}"),
    "path_blocked": lambda n, names: _same(f"{n['square']} is occupied and only the raider jumps"),
    "keeper_square": lambda n, names: _same(f"no Move on the keeper's square {n['square']}"),
    "no_captures": lambda n, names: _same(f"{n['square']} is occupied: no captures"),
    "own_goal": lambda n, names: _same(f"only the keeper may stand in its own goal ({n['square']})"),
    "white_area_stop": lambda n, names: _same(f"no piece may stop on the white area ({n['square']})"),
    "grass_colour": lambda n, names: _same(
        f"a winger stays on its grass colour: {n['square']} is the other colour"),
    "stalemate": lambda n, names: _same(
        f"anti-stalemate: this piece has gone between {n['frm']} and {n['to']} {n['times']} times since the kick-off"),
    # a Move!, the changes and the restart (MM-15, MM-16, MM-20..MM-23, MM-30)
    "move_scored": _move_scored,
    "wins": lambda n, names: _same(f"{_side(n, names)} wins {n['moves']}-{n['against']}"),
    "back_to_kickoff": lambda n, names: _same("Back to the kick-off line-up"),
    "change_credit": _change_credit,
    "changes_after_move": lambda n, names: _same("changes are made only after a Move, before the restart"),
    "changes_used_up": lambda n, names: _same(f"{_side(n, names)} has made its {n['changes']} changes of the game"),
    "no_change_left": lambda n, names: _same(
        f"{_side(n, names)} has no change left at this restart (one change per restart, MM-30)"),
    "no_piece_to_change": lambda n, names: _same(f"no piece of {_side(n, names)} on {n['square']} to change"),
    "change_in_place": lambda n, names: _same(f"a change moves the piece: {n['frm']} to {n['to']} is no change"),
    "occupied": lambda n, names: _same(f"{n['square']} is occupied"),
    "changed": _changed,
    "no_restart": lambda n, names: _same("restart ends the changes after a Move; there is none to end"),
    "restart": lambda n, names: _same(f"Restart: {_side(n, names)} moves first"),
    # quitting (MM-25, MM-32)
    "quits": lambda n, names: _same(f"{_side(n, names)} quits: {_side(n, names, 'winner')} wins 3-0 by forfeit"),
}

CODES: frozenset[str] = frozenset(_WORDS)
"""Every notice code these words know (a test checks the engine emits no other)."""


def describe(notice: Notice, names: Names) -> Words:
    """The words of a Master Move notice or refusal, for the sides' ``names``.

    :raises KeyError: a code (or a parameter) these words do not know.
    """
    if notice.rule == "UNDO":
        return common.describe(notice, names)
    if not notice.rule.startswith("MM-"):
        raise KeyError(f"not a Master Move notice: {notice}")
    return _WORDS[notice.code](notice, names)


def cause_text(notice: Notice) -> str:
    """A cause as the replay output's ``result`` writes it: ``"MM-15: A scored 3 Moves"``
    (the rule ID, then the long words with the sides as ``A`` and ``B``)."""
    return f"{notice.rule}: {describe(notice, ('A', 'B')).long}"
