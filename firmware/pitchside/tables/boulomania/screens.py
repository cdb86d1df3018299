"""Boulomania at the table: what it shows (its views, menu and summary), read from the
table state of :mod:`pitchside.tables.boulomania.flow`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pitchside.core.copying import copy_with  # dataclasses.replace without its per-call field walk
from pitchside.core.rules import boulomania as rules
from pitchside.core.sides import Side, name_of
from pitchside.tables.boulomania.flow import TableState, default_target

if TYPE_CHECKING:
    from pitchside.render.boulomania import BoulomaniaView, DiceShown


def choice_line(ts: TableState) -> str:
    """The bottom line before a roll: who rolls and with what, e.g.
    ``"Ann: POINT 2 +JACK SP"`` or ``"Bob: SHOOT AT 13"``. The forks declared
    diagonal are drawn on the board (and said when FORK is pressed)."""
    game = ts.match.state
    if game.phase == "start_roll":
        return "ROLL-OFF: ROLL"
    if game.phase == "jack_roll":
        assert game.starter is not None
        return f"{_name(ts, game.starter)}: ROLL FOR THE JACK"
    if game.phase != "throw" or game.to_play is None:
        return ""
    c = ts.choice
    who = _name(ts, game.to_play)
    if c.mode == "shoot":
        t = c.target if c.target is not None else default_target(game)
        what = "SHOOT AT JACK" if t == rules.JACK else f"SHOOT AT {t}"
    else:
        what = "POINT 2 DICE" if c.mode == "point2" else "POINT 3 DICE"
        if c.jack_space:
            what = "POINT 2 +JACK SP"
        if c.no_push:
            what += " NO PUSH"
    return f"{who}: {what}"


def view(ts: TableState) -> BoulomaniaView:
    """What the display shows now."""
    # the match's screens at a match's first frame, not at start-up: a table boots
    # to its attract screen, and a resumed match's first frame comes here too (start-up)
    from pitchside.render.boulomania import BoulomaniaView, DiceShown

    game = ts.match.state
    target = None
    if game.phase == "throw" and ts.choice.mode == "shoot":
        target = ts.choice.target if ts.choice.target is not None else default_target(game)
    last = None
    if ts.last is not None:
        said = ts.last.line(ts.names)
        last = DiceShown(ts.last.values, said.long, "" if said.short == said.long else said.short)
    return BoulomaniaView(
        state=game,
        names=ts.names,
        choice_line=choice_line(ts) or None,
        target=target,
        last=last,
        prompt=ts.prompt,
        diagonal=ts.choice.diagonal if game.phase == "throw" else frozenset(),
        die="none" if ts.die.status == "absent" else ts.die.status,
        ended=ended_board(ts),
    )


def ended_board(ts: TableState) -> rules.State | None:
    """The board the last round ended on (:func:`pitchside.core.rules.boulomania.thrown`
    of the throw that ended it), while the next round's jack is still to roll: so the
    players see the bowls that scored (BM-16) and a round's end changes only what it
    scored on the screen. None at any other time."""
    node = ts.match.head
    if ts.match.state.phase != "jack_roll" or node is None or not isinstance(node.inp, (rules.Point, rules.Shoot)):
        return None
    before: rules.State = node.prev.state if node.prev is not None else ts.match.initial
    return rules.thrown(before, node.inp)


def _name(ts: TableState, side: Side) -> str:
    return name_of(ts.names, side)


def menu(options: rules.Options) -> tuple[tuple[str, str], ...]:
    """The menu's rows: game length, bowls per team, whether pushing on is optional."""
    return (
        ("Game to", str(options.target)),
        ("Bowls", f"{options.bowls} EACH"),
        ("Push on", "OPTIONAL" if options.push_optional else "MUST"),
    )


def menu_change(options: rules.Options, row: int, step: int) -> rules.Options:
    """The options with menu row ``row`` changed by ``step`` (+1 or -1)."""
    if row == 0:
        i = TARGETS.index(options.target) if options.target in TARGETS else TARGETS.index(13)
        return copy_with(options, target=TARGETS[(i + step) % len(TARGETS)])
    if row == 1:
        return copy_with(options, bowls=(options.bowls - 1 + step) % 8 + 1)
    return copy_with(options, push_optional=not options.push_optional)


def summary(ts: TableState) -> str:
    """A game on hold: ``"Round 2, 5-3"``."""
    g = ts.match.state
    return f"Round {g.round}, {g.score.A}-{g.score.B}"


TARGETS = (5, 7, 9, 11, 13, 15, 21)
"""Game lengths the menu offers (BM-18: 13 by default)."""
