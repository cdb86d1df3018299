"""Boulomania's words: the typed notices and refusals of
:mod:`pitchside.core.rules.boulomania` (rules BM-01..BM-28 of docs/rules/boulomania.md) as
what the players read.

``describe(notice, names)`` gives :class:`~pitchside.core.notice.Words`: ``long``, the
sentence of the replay output's ``reason`` and ``result`` (after the rule ID) with the
sides named ``names``; with ``("A", "B")`` it is the engine's wording of rules version 1,
letter for letter, so replay outputs do not change. ``short`` is what the table's panel
shows: for a throw's notices the piece of the last-roll line (``"Ann on 11"``,
``"hit, Bob 12 out"``, ``""`` for what the line leaves out), for a round's end the prompt
(``"Round 2: Ann scores 3"``), for a refusal the refusal box's text.

Every sentence is built from the notice's parameters (sides are ``"A"``/``"B"`` values,
named here); nothing is substituted into prose. Undo's notices are the shared ones
(:mod:`pitchside.core.words.common`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pitchside.core.notice import Notice, Param, Words
from pitchside.core.words import common


@dataclass(frozen=True, slots=True)
class _P:
    """A notice's parameters, read with the sides' names."""

    notice: Notice
    names: tuple[str, str]

    def __getitem__(self, key: str) -> Param:
        return self.notice[key]

    def side(self, key: str = "side") -> str:
        """The name of the side in parameter ``key``."""
        value = self.notice[key]
        if value == "A":
            return self.names[0]
        if value == "B":
            return self.names[1]
        raise KeyError(f"{self.notice}: {key} is not a side")

    def other(self, key: str = "side") -> str:
        """The name of the side that is not the one in parameter ``key``."""
        return self.names[1] if self.notice[key] == "A" else self.names[0]

    def dice(self) -> str:
        """The ``dice`` parameter as thrown, ``"5-6"``."""
        dice = self.notice["dice"]
        if not isinstance(dice, tuple):
            raise TypeError(f"{self.notice}: dice is not a tuple of values")
        return "-".join(str(d) for d in dice)


_Wording = Callable[[_P], Words]


def _same(text: Callable[[_P], str]) -> _Wording:
    """Words whose panel form is the sentence itself."""

    def words(p: _P) -> Words:
        t = text(p)
        return Words(t, t)

    return words


def _two(long: Callable[[_P], str], short: Callable[[_P], str]) -> _Wording:
    return lambda p: Words(long(p), short(p))


_WHY_NO_PUSH: dict[Param, Callable[[_P], str]] = {
    "jack_space": lambda p: "the bowl goes on a jack space",
    "dead": lambda p: f"{p['sum']} is a dead bowl anyway",
    "free": lambda p: f"space {p['sum']} is free",
}

_ROUND_CAUSES: dict[str, Callable[[_P], str]] = {
    "round_empty": lambda p: "no bowl on the board, a null round",
    "round_tie": lambda p: "the best bowls are equally near, a null round",
    "round_all_count": lambda p: f"{p.side()} scores {p['points']}, every bowl on the board ({p.other()} has none)",
    "round_nearer": lambda p: f"{p.side()} scores {p['points']}, bowls nearer than {p.other()}'s best on {p['best']}",
    "round_jack_out_one": lambda p: f"jack out, {p.side()} scores its {p['points']} unplayed bowl(s)",
    "round_jack_out_own": lambda p: (
        f"jack out, each team scores its unplayed bowls ({p['hand_a']}-{p['hand_b']}, option jack_out_both)"
    ),
    "round_jack_out_null": lambda p: "jack out with bowls on both sides or neither: a null round",
}


def _round(p: _P) -> Words:
    """A round's cause; with ``round``, ``a``, ``b`` (the round's end notice): the
    round's line, and for the panel who scored."""
    cause = _ROUND_CAUSES[p.notice.code](p)
    if p.notice.get("round") is None:
        return Words(cause, cause)
    r, a, b = p["round"], p["a"], p["b"]
    assert isinstance(a, int) and isinstance(b, int)
    if a == b:
        said = "null round"
    else:
        said = f"{p.names[0]} scores {a}" if a > b else f"{p.names[1]} scores {b}"
    return Words(f"Round {r}: {a}-{b}. {cause}", f"Round {r}: {said}")


_WORDS: dict[str, tuple[frozenset[str], _Wording]] = {
    # refusals
    "game_over": (frozenset({"BM-18"}), _two(lambda p: "the game is over; start a new game",
                                             lambda p: "the game is over: NEW for a new game")),
    "start_roll_over": (frozenset({"BM-02"}), _same(lambda p: "the start roll is over: the starter throws the jack")),
    "roll_off_first": (frozenset({"BM-02"}), _same(lambda p: "roll off first: each team rolls one die")),
    "jack_placed": (frozenset({"BM-03"}), _same(lambda p: "the jack is already placed this round")),
    "jack_roll_first": (frozenset({"BM-03"}), _same(lambda p: "roll for the jack first")),
    "out_of_turn": (frozenset({"BM-12"}), _same(lambda p: f"out of turn: {p.side()} throws now, not {p.side('team')}")),
    "jack_space_three_dice": (frozenset({"BM-07"}), _same(
        lambda p: "the jack space needs a double on exactly two dice, not three (BM-08)")),
    "jack_space_two_dice": (frozenset({"BM-08"}), _two(
        lambda p: "the jack space needs exactly two dice",
        lambda p: "the jack space needs exactly two dice: NEXT for POINT 2 or SHOOT")),
    "jack_space_no_double": (frozenset({"BM-07"}), _same(lambda p: f"the jack space needs a double; {p.dice()} is not one")),
    "jack_space_holds_jack": (frozenset({"BM-07"}), _same(lambda p: f"jack space {p['space']} holds the jack: it is not free")),
    "jack_space_holds_bowl": (frozenset({"BM-07"}), _same(lambda p: f"jack space {p['space']} holds a bowl: it is not free")),
    "jack_space_push_only": (frozenset({"BM-07"}), _same(
        lambda p: f"the jack space only when the throw would push on (option double_jack_space); {p['sum']} is free")),
    "push_mandatory": (frozenset({"BM-10"}), _same(
        lambda p: "pushing on is mandatory: the sum fixes the space (option push_optional)")),
    "too_many_forks": (frozenset({"BM-11"}), _same(
        lambda p: f"{p['given']} fork choice(s) given but the push meets {p['met']} fork(s)")),
    "nothing_to_push": (frozenset({"BM-10"}), _same(lambda p: f"nothing to push: {_WHY_NO_PUSH[p['why']](p)}")),
    "no_bowl": (frozenset({"BM-19"}), _same(lambda p: f"no bowl on space {p['space']} to aim at")),
    "own_bowl": (frozenset({"BM-19"}), _same(
        lambda p: f"{p.side()} cannot shoot at its own bowl on {p['space']}: aim at {p.other()}'s bowl or the jack")),
    # the start and the jack
    "equal_rolls": (frozenset({"BM-02"}), _same(lambda p: f"Both rolled {p['die']}: roll again")),
    "starts": (frozenset({"BM-02"}), _same(lambda p: f"{p.side()} starts: roll for the jack")),
    "jack_on": (frozenset({"BM-03"}), _same(lambda p: f"Jack on {p['space']}; {p.side()} throws first")),
    # what a throw did (short: its piece of the last-roll line)
    "pushed": (frozenset({"BM-10", "BM-21"}), _two(lambda p: f"{p.side()}'s bowl pushed {p['space']} -> {p['to']}",
                                                   lambda p: f"{p.side()} {p['space']}>{p['to']}")),
    "pushed_out": (frozenset({"BM-10", "BM-21"}), _two(lambda p: f"{p.side()}'s bowl pushed from {p['space']} into touch",
                                                       lambda p: f"{p.side()} {p['space']} out")),
    "placed": (frozenset({"BM-05"}), _two(lambda p: f"{p.dice()}: {p.side()}'s bowl on {p['space']}",
                                          lambda p: f"{p.side()} on {p['space']}")),
    "on_jack_space": (frozenset({"BM-07"}), _two(lambda p: f"{p.dice()}: {p.side()}'s bowl on jack space {p['space']}",
                                                 lambda p: f"{p.side()} on jack space {p['space']}")),
    "jack_space_not_free": (frozenset({"BM-07"}), _two(
        lambda p: f"jack space {p['space']} is not free for {p.side()}'s double: the bowl counts the sum",
        lambda p: f"(jack space {p['space']} not free)")),
    "dead": (frozenset({"BM-06"}), _two(lambda p: f"{p.dice()} = {p['sum']}: dead bowl", lambda p: "dead bowl")),
    "declined": (frozenset({"BM-10"}), _two(lambda p: f"{p.dice()}: {p.side()} declines to push on {p['space']}: dead bowl",
                                            lambda p: f"{p.side()} declines to push on {p['space']}: dead bowl")),
    "jack_knocked_out": (frozenset({"BM-26"}), _two(lambda p: f"6: {p.side()} knocks the jack out; the shooter goes out too",
                                                    lambda p: f"{p.side()} knocks the jack out")),
    "jack_missed": (frozenset({"BM-26"}), _two(lambda p: f"{p['die']} at the jack: a miss, the shooter goes out",
                                               lambda p: "miss at the jack")),
    "missed": (frozenset({"BM-20", "BM-27"}), _two(lambda p: f"{p['die']} at {p['space']}: a miss, the shooter goes out",
                                                   lambda p: f"miss at {p['space']}")),
    "hit": (frozenset({"BM-22", "BM-27"}), _two(lambda p: f"5: hit, {p.side('owner')}'s bowl on {p['space']} goes out",
                                                lambda p: f"hit, {p.side('owner')} {p['space']} out")),
    "shooter_out": (frozenset({"BM-22"}), _two(lambda p: f"{p.side()}'s shooter goes out", lambda p: "")),
    "carreau": (frozenset({"BM-23", "BM-27"}), _two(
        lambda p: f"6: carreau, {p.side('owner')}'s bowl on {p['space']} goes out and {p.side()}'s shooter takes {p['space']}",
        lambda p: f"carreau on {p['space']}")),
    "jack_out_beside": (frozenset({"BM-25"}), _two(
        lambda p: f"4 at {p['space']}, next to the jack: the shooter and the jack go out",
        lambda p: f"jack out (4 at {p['space']})")),
    "kiss": (frozenset({"BM-21"}), _two(lambda p: f"4: kiss, {p.side()}'s shooter goes out", lambda p: "kiss")),
    "jack_pushed_out": (frozenset({"BM-24"}), _two(lambda p: f"The jack is pushed from {p['space']} out of play",
                                                   lambda p: "jack out")),
    "jack_stays_last_row": (frozenset({"BM-24"}), _two(lambda p: f"No jack space behind {p['space']}: the jack stays",
                                                       lambda p: "jack stays")),
    "jack_stays_blocked": (frozenset({"BM-24"}), _two(
        lambda p: f"A bowl lies on {p['behind']}: the jack stays on {p['space']}", lambda p: "jack stays")),
    "jack_moves": (frozenset({"BM-24"}), _two(lambda p: f"The jack moves up {p['space']} -> {p['to']}",
                                              lambda p: f"jack {p['space']}>{p['to']}")),
    # who throws next
    "clear_throws_again": (frozenset({"BM-14"}), _same(lambda p: f"the board is clear: {p.side()} throws again")),
    "no_bowl_in_play": (frozenset({"BM-13"}), _same(lambda p: f"no bowl in play: {p.side()} throws")),
    "equally_near": (frozenset({"BM-28"}), _same(lambda p: f"equally near: {p.side()} is not nearer and throws again")),
    "holds_point": (frozenset({"BM-12"}), _same(lambda p: f"{p.side('holder')} holds the point: {p.side()} throws")),
    "no_bowls_left": (frozenset({"BM-12"}), _same(lambda p: f"{p.side('empty')} has no bowls left: {p.side()} throws")),
    # a round's end, the next round, the end of the game
    "round_empty": (frozenset({"BM-16"}), _round),
    "round_tie": (frozenset({"BM-28"}), _round),
    "round_all_count": (frozenset({"BM-16"}), _round),
    "round_nearer": (frozenset({"BM-16"}), _round),
    "round_jack_out_one": (frozenset({"BM-26"}), _round),
    "round_jack_out_own": (frozenset({"BM-26"}), _round),
    "round_jack_out_null": (frozenset({"BM-26"}), _round),
    "winner_starts": (frozenset({"BM-17"}), _same(lambda p: f"Winners go first: {p.side()} throws the jack")),
    "null_round_starts": (frozenset({"BM-17"}), _same(lambda p: f"Null round: {p.side()} throws the jack")),
    "wins": (frozenset({"BM-18"}), _same(lambda p: f"{p.side()} wins the game {p['won']}-{p['lost']}")),
    "reached": (frozenset({"BM-18"}), _same(lambda p: f"{p.side()} reached {p['points']} of {p['target']}")),
}

CODES: frozenset[tuple[str, str]] = frozenset((rule, code) for code, (rules, _) in _WORDS.items() for rule in rules)
"""Every ``(rule, code)`` this module has words for (besides the shared UNDO ones)."""


def describe(notice: Notice, names: tuple[str, str]) -> Words:
    """Words of a Boulomania notice or refusal for the sides' ``names`` (``(A's, B's)``).

    :raises KeyError: a code this module does not know, or one under a rule it never
        comes with (a bug: every notice the engine emits has words, and a test says so).
    """
    if notice.rule == "UNDO":
        return common.describe(notice, names)
    rules, wording = _WORDS[notice.code]
    if notice.rule not in rules:
        raise KeyError(f"no words for {notice}: {notice.code} comes with {', '.join(sorted(rules))}")
    return wording(_P(notice, names))
