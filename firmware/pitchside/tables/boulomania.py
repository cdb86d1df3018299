"""The Boulomania referee at the table (pure): panel presses and dice -> rules inputs.

Every outcome of Boulomania is decided by the dice (rules
BM-01..BM-28 of ``docs/rules/boulomania.md``), so the
table referees all of it. The team to play first *declares* its throw with the panel
(what BM-05, BM-07, BM-11 and BM-19 let it choose), the display shows the declaration,
then the dice are rolled and the throw enters the rules engine
(:mod:`pitchside.core.rules.boulomania`) as one input carrying the declaration and the
values: ``start_roll``, ``jack_roll``, ``point`` or ``shoot``.

Where the dice come from:

* **A die unit** on a serial line (``[serial.die]``; protocol in
  hardware/pitchside_hw/DIE_PROTOCOL.md, parsed by :mod:`pitchside.signals.die_protocol`):
  each ``ROLL`` line is a roll. While the unit is connected, the ROLL button does not
  roll (the unit does).
* **The table's own die**: ROLL (or SHOT DONE) asks the shell for :class:`RollDice`
  (``n`` dice) and the values come back as :class:`DiceRolled` (``secrets`` on the table,
  a seeded source in the simulator; :mod:`pitchside.app.software_die`). This is the die
  when no unit is configured, and while a unit is unplugged (so a match never stops).

A roll with the wrong number of dice for what the table expects now (two for the start
roll, one for the jack or a shot, two or three as declared for a point), a line that is
not the protocol (garbage, a 7, a half line dropped by the reader), an ``ERR`` from the
unit, a lost connection: each is refused or reported on the display and changes
nothing; the players roll again.

Buttons (hardware/pitchside_hw/WIRING_BOULOMANIA.md):

=============  ==================================================================
``roll``       roll the table's die for what is declared (no die unit connected)
``shot_done``  the same as ROLL (OK: "I have declared, roll")
``next``       the throw: POINT 2 DICE -> POINT 3 DICE -> SHOOT -> ... (BM-05, BM-19)
``plus/minus`` SHOOT: the target (the opponent's bowls nearest the jack first, then the
               jack); POINT 2: jack space on a double (BM-07); with option
               ``push_optional`` also "do not push on" (BM-10)
``fork``       the push at the forks 8, 13, 16: cycles which of them go diagonal (BM-11)
``undo``       clear the declaration; if there is none, take back the last throw
``new``        (the kiosk's: a new game once this one is over; staff gestures)
=============  ==================================================================

Conditional declarations never refuse a roll after the fact: "jack space on a double"
takes jack space n only when the dice are a double n-n on two dice and the space is
free (otherwise the bowl goes on the sum, and the display says why); fork choices are
passed for the forks the push chain really meets; "do not push on" applies only when the
sum's space is taken.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, assert_never

from pitchside.core.boards.boulomania import Board
from pitchside.core.copying import replace  # dataclasses.replace without its per-call field walk
from pitchside.core.errors import IllegalInput
from pitchside.core.match import UNDONE, Match
from pitchside.core.notice import Notice, Words
from pitchside.core.record.boulomania import BoulomaniaCodec
from pitchside.core.rules import boulomania as rules
from pitchside.core.sides import Side, name_of
from pitchside.core.step import Step
from pitchside.render.view import Prompt
from pitchside.signals.die_protocol import (
    DEVICE,
    PROTOCOL_VERSION,
    DieLineError,
    Hello,
    Roll,
    UnitError,
    parse_line,
)
from pitchside.signals import events as ev
from pitchside.tables import common
from pitchside.tables.effects import CoinTossed, DiceRolled, Event, RollDice, SensorHealthRead, TableEffect, TournamentLoaded
from pitchside.tables.effects import FixtureOffered
from pitchside.tables import game_moments
from pitchside.tables.gametable import GameTable, Panel

if TYPE_CHECKING:
    from pitchside.render.boulomania import BoulomaniaView, DiceShown

Mode = Literal["point2", "point3", "shoot"]
Target = int | Literal["jack"]
DieStatus = Literal["none", "connected", "lost", "absent", "bad_version"]
DIE = "die"
"""The die unit's serial device name (``[serial.die]``)."""
MODES: tuple[Mode, ...] = ("point2", "point3", "shoot")


@dataclass(frozen=True, slots=True)
class Choice:
    """The throw the team to play has declared, before its roll.

    :param mode: ``"point2"`` / ``"point3"``: a placing throw with 2 or 3 dice (BM-05);
        ``"shoot"``: a knock-out throw with 1 die (BM-19).
    :param jack_space: point2 only: on a double n-n take jack space n if free (BM-07).
    :param target: shoot only: a space holding an opponent's bowl, or ``"jack"``;
        None: the default (:func:`default_target`).
    :param diagonal: the fork spaces (8, 13, 16 on BM-BOARD) where a push goes
        diagonally; the others go straight (BM-11).
    :param no_push: with option ``push_optional``: decline to push on (BM-10).
    """

    mode: Mode = "point2"
    jack_space: bool = False
    target: Target | None = None
    diagonal: frozenset[int] = frozenset()
    no_push: bool = False


@dataclass(frozen=True, slots=True)
class DieLink:
    """What the table knows of its die unit in this match: ``status`` ``"none"`` (no
    word from a unit yet), ``"connected"``, ``"lost"`` (was there, unplugged),
    ``"absent"`` (configured but never found), ``"bad_version"`` (its HELLO is not
    protocol 1); ``detail`` for the display."""

    status: DieStatus = "none"
    detail: str = ""


@dataclass(frozen=True, slots=True)
class LastRoll:
    """The last roll the rules accepted: who rolled (None for the start roll), the
    values, the rules' notices of what it did, and where the dice came from
    (``"software"``, ``"unit"``, ``"journal"``). :meth:`line` words it."""

    team: Side | None
    values: tuple[int, ...]
    notices: tuple[Notice, ...] = ()
    source: str = "software"

    def line(self, names: tuple[str, str]) -> Words:
        """What the roll did, for the last-roll row, with the sides' ``names``:
        ``long`` the full line (``"Ann on 11 (11>16)"``), ``short`` a shorter one for
        when it does not fit (``"Ann on 11 (1 pushed)"``; the same when there is none)."""
        return roll_line(self, names)


@dataclass(frozen=True, slots=True)
class TableState:
    """The table: the match (with its undo history), the declared throw, the last roll,
    the die unit's link and the prompt line."""

    match: Match
    names: tuple[str, str] = ("A", "B")
    prompt: Prompt | None = None
    choice: Choice = field(default_factory=Choice)
    last: LastRoll | None = None
    die: DieLink = field(default_factory=DieLink)

    @property
    def game(self) -> rules.State:
        state: rules.State = self.match.state
        return state


Effect = TableEffect


def describe(notice: Notice, names: tuple[str, str]) -> Words:
    """The words of ``notice`` for the sides' ``names``
    (:func:`pitchside.core.words.boulomania.describe`), its module imported at the first
    refusal or notice, not at start-up."""
    from pitchside.core.words.boulomania import describe as words

    return words(notice, names)


def new_table(options: rules.Options | None = None, names: tuple[str, str] = ("A", "B")) -> TableState:
    """A table with a new game waiting for the start roll (BM-02)."""
    return TableState(Match.start(BoulomaniaCodec(), options or rules.Options()), names=names)


def resumed(match: Match, names: tuple[str, str], last_was_undo: bool) -> TableState:
    """The table rebuilt from a journal, showing what the live table showed after the
    last journaled input: the last roll still in effect and the prompt, after an undo
    too. A declaration not yet rolled was never journaled: declare it again."""
    ts = TableState(match, names=names)
    if last_was_undo:
        return _undone(ts)
    last = common.last_step(match)
    if last is None:
        return ts
    before, inp, notices = last
    return _after(ts, before, inp, notices, "journal")


# --- queries for the display and the tests ---------------------------------------------


def targets(game: rules.State) -> tuple[Target, ...]:
    """What the team to play may aim at (BM-19), the opponent's bowls nearest the jack
    first, then the jack."""
    spaces = [t for t in rules.shoot_targets(game) if t != rules.JACK]
    if game.jack is not None:
        board, jack = game.options.board, game.jack
        spaces.sort(key=lambda s: (board.distance(int(s), jack), s))
    return (*spaces, rules.JACK) if rules.shoot_targets(game) else ()


def default_target(game: rules.State) -> Target | None:
    """The target SHOOT starts on: the opponent's bowl nearest the jack, else the jack."""
    ts = targets(game)
    return ts[0] if ts else None


def expected_dice(ts: TableState) -> int | None:
    """How many dice the next roll must have: 2 for the start roll (A's, then B's,
    BM-02), 1 for the jack (BM-03) or a shot (BM-19), 2 or 3 for a point as declared
    (BM-05); None once the game is over."""
    phase = ts.game.phase
    if phase == "start_roll":
        return 2
    if phase == "jack_roll":
        return 1
    if phase == "throw":
        return {"point2": 2, "point3": 3, "shoot": 1}[ts.choice.mode]
    return None


def fork_path(game: rules.State, start: int, diagonal: frozenset[int]) -> tuple[rules.Fork, ...]:
    """The fork choices a push starting at bowl space ``start`` meets, in order, when
    the forks in ``diagonal`` go diagonally (the chain of
    :meth:`pitchside.core.rules.boulomania._Work.push`, BM-10/BM-11)."""
    board: Board = game.options.board
    spaces = list(game.spaces)
    out: list[rules.Fork] = []
    pos = start
    while True:
        diag = False
        if pos in board.forks:
            diag = pos in diagonal
            out.append("diagonal" if diag else "straight")
        nxt = board.successor(pos, diag)
        if nxt is None or spaces[nxt - 1] is None:
            return tuple(out)
        pos = nxt


def to_input(game: rules.State, choice: Choice, values: tuple[int, ...]) -> rules.Input:
    """The rules input for a roll of ``values`` under ``choice`` (the count is checked
    by the caller, :func:`expected_dice`).

    :raises ValueError: a value not 1..6, or the wrong count for the phase.
    """
    if game.phase == "start_roll":
        return rules.StartRoll(values[0], values[1])
    if game.phase == "jack_roll":
        return rules.JackRoll(values[0])
    board = game.options.board
    if choice.mode == "shoot":
        target = choice.target if choice.target in targets(game) else default_target(game)
        assert target is not None  # phase "throw" always has the jack to aim at
        die = values[0]
        forks: tuple[rules.Fork, ...] = ()
        if (die == 4 and target != rules.JACK and board.is_bowl_space(int(target))
                and int(target) not in board.beside_jack):
            forks = fork_path(game, int(target), choice.diagonal)
        return rules.Shoot(target, die, forks)
    jack_space = choice.jack_space and rules.jack_space_allowed(game, values)
    # declared but the double cannot take it: the rules say so (and the journal keeps it)
    missed = choice.jack_space and not jack_space and len(values) == 2 and values[0] == values[1]
    total = sum(values)
    pushes = not jack_space and total >= rules.MIN_PLACE and game.at(total) is not None
    push = not (pushes and choice.no_push and game.options.push_optional)
    forks = fork_path(game, total, choice.diagonal) if pushes and push else ()
    return rules.Point(values, jack_space=jack_space, forks=forks, push=push, jack_space_if_free=missed)


def choice_line(ts: TableState) -> str:
    """The bottom line before a roll: who rolls and with what, e.g.
    ``"Ann: POINT 2 +JACK SP"`` or ``"Bob: SHOOT AT 13"``. The forks declared
    diagonal are drawn on the board (and said when FORK is pressed)."""
    game = ts.game
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

    game = ts.game
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
    if ts.game.phase != "jack_roll" or node is None or not isinstance(node.inp, (rules.Point, rules.Shoot)):
        return None
    before: rules.State = node.prev.state if node.prev is not None else ts.match.initial
    return rules.thrown(before, node.inp)


# --- the controller ------------------------------------------------------------------------

JACK_SPACE_TWO_DICE = Notice.of("BM-08", "jack_space_two_dice")
"""The panel's refusal of a jack-space declaration with three dice (BM-08)."""


def _name(ts: TableState, side: Side) -> str:
    return name_of(ts.names, side)


def _refuse(ts: TableState, notice: Notice) -> TableState:
    """The refusal box with the rules' (or the panel's) notice in its panel words."""
    return common.refuse(ts, notice, describe)


def _refused(ts: TableState, exc: IllegalInput) -> TableState:
    return common.refuse(ts, exc.notice, describe)


def _die_refusal(ts: TableState, text: str) -> TableState:
    """A roll the die (unit or table) got wrong: the table's own words, no rule."""
    return replace(ts, prompt=Prompt(text, "refusal", "DIE"))


_warn = common.warn


_CHAIN = frozenset({"pushed", "pushed_out"})
"""The notices of a push chain (BM-10, BM-21): drawn as the spaces it went through."""
_SAID = frozenset({
    "placed", "on_jack_space", "dead", "declined", "jack_knocked_out", "jack_missed", "missed", "hit",
    "shooter_out", "carreau", "jack_out_beside", "kiss", "jack_moves", "jack_stays_last_row",
    "jack_stays_blocked", "jack_pushed_out",
})
"""The notices of what a throw did to its bowl, its target and the jack, in the line."""
_BY_THROWER = frozenset({"placed", "on_jack_space", "declined", "jack_knocked_out"})
"""Notices whose panel words begin with the thrower's name ("Ann on 11")."""


def what_it_did(notices: tuple[Notice, ...], names: tuple[str, str]) -> tuple[str, str, bool]:
    """What a throw did, from the rules' notices, as a line and a shorter line for
    when it does not fit: the main result, the push chain as the spaces it went
    through (whose bowls they are, the board shows; the short line says only whose
    went into touch, or how many moved), then what happened to the jack. E.g.
    ``("Ann on 11 (11>16)", "Ann on 11 (1 pushed)")``,
    ``("kiss 12>17>out, jack 2>4", "kiss, jack 2>4")``, ``("kiss 15>out", "kiss, Bob out")``.

    :returns: the line, the shorter line, and whether they begin with the thrower's name.
    """
    chain: list[str] = []
    outs: list[str] = []
    said: list[str] = []
    first = ""
    for n in notices:
        if n.code == "pushed":
            chain += [str(n["space"]), str(n["to"])] if not chain else [str(n["to"])]
        elif n.code == "pushed_out":
            chain += [str(n["space"]), "out"] if not chain else ["out"]
            outs.append(name_of(names, "A" if n["side"] == "A" else "B"))
        elif n.code in _SAID and (t := describe(n, names).short):
            said.append(t)
            first = first or n.code
    by_thrower = first in _BY_THROWER
    if not chain:
        line = ", ".join(said)
        return line, line, by_thrower
    pushes = ">".join(chain)
    moved = f"{', '.join(dict.fromkeys(outs))} out" if outs else f"{len(chain) - 1} pushed"
    if said and said[0] == "kiss":
        full = [f"kiss {pushes}", *said[1:]]
        short = ["kiss", *said[1:]] if len(said) > 1 else ["kiss", moved] if outs else ["kiss"]
    else:
        full = [f"{said[0]} ({pushes})" if said else pushes, *said[1:]]
        short = [f"{said[0]} ({moved})" if said else moved, *said[1:]]
    return ", ".join(full), ", ".join(short), by_thrower


def roll_line(last: LastRoll, names: tuple[str, str]) -> Words:
    """The last-roll row of :class:`LastRoll` (see :meth:`LastRoll.line`): the start
    roll (``"Ann 2, Bob 6"``, ``": again"`` when equal, BM-02), the jack (``"jack on
    3"``, BM-03), or a throw by its team (``"Ann on 11"``, ``"Bob: dead bowl"``)."""
    codes = {n.code for n in last.notices}
    if codes & {"equal_rolls", "starts"}:
        a, b = last.values
        text = f"{names[0]} {a}, {names[1]} {b}" + (": again" if a == b else "")
        return Words(text, text)
    if "jack_on" in codes:
        text = f"jack on {last.values[0]}"
        return Words(text, text)
    text, short, by_thrower = what_it_did(last.notices, names)
    long_by_thrower = by_thrower
    for n in last.notices:
        if n.code == "jack_space_not_free":  # declared, and the double could not take it
            text, long_by_thrower = f"{describe(n, names).short} {text}", False
    if last.team is not None:  # whose throw it was: "Bob: dead bowl" ("Ann on 11" says it)
        who = name_of(names, last.team)
        text = text if long_by_thrower else f"{who}: {text}"
        short = short if by_thrower else f"{who}: {short}"
    return Words(text, short)


_PROMPTED = frozenset({"equal_rolls", "round_empty", "round_tie", "round_all_count", "round_nearer",
                       "round_jack_out_one", "round_jack_out_own", "round_jack_out_null"})
"""Notices the prompt line shows after a roll: equal start rolls, a round's end (whose
notice has the ``round``; the choice line then says who throws the jack, BM-17)."""


def _after(ts: TableState, before: rules.State, inp: rules.Input,
           effects: tuple[Notice, ...], source: str) -> TableState:
    """The table after an accepted roll: the last roll, the new prompt."""
    game = ts.game
    notices = tuple(n for n in effects if isinstance(n, Notice))
    team: Side | None
    if isinstance(inp, rules.StartRoll):
        values: tuple[int, ...] = (inp.A, inp.B)
        team = None
    elif isinstance(inp, rules.JackRoll):
        values, team = (inp.die,), before.starter
    elif isinstance(inp, rules.Point):
        values, team = inp.dice, before.to_play
    else:
        values, team = (inp.die,), before.to_play
    prompt = None
    if game.phase != "finished":
        for notice in notices:
            if notice.code in _PROMPTED and (notice.code == "equal_rolls" or notice.get("round") is not None):
                prompt = common.said(notice, ts.names, describe)
    return replace(ts, choice=Choice(), last=LastRoll(team, values, notices, source), prompt=prompt)


def _rolled(ts: TableState, values: tuple[int, ...], at: float, source: str) -> tuple[TableState, tuple[Effect, ...]]:
    """A roll arrived (the unit's or the table's die): check it, enter it."""
    game = ts.game
    want = expected_dice(ts)
    if want is None:
        return _refuse(ts, rules.GAME_OVER), ()
    if len(values) != want:
        what = {
            "start_roll": "the start roll (one die each)",
            "jack_roll": "the jack",
        }.get(game.phase, {"point2": "POINT 2", "point3": "POINT 3", "shoot": "SHOOT"}[ts.choice.mode])
        return _die_refusal(ts, f"{what} needs {want} dice, the die rolled {len(values)}: roll {want}"), ()
    if any(not 1 <= v <= 6 for v in values):  # the parser and the software die never give these
        return _die_refusal(ts, f"not die values: {values}"), ()
    inp = to_input(game, ts.choice, values)

    def after(new: TableState, step: Step[rules.State]) -> TableState:
        return _after(new, game, inp, step.effects, source)

    return common.commit(ts, inp, at, after, _refused)


def handle(ts: TableState, event: Event) -> tuple[TableState, tuple[Effect, ...]]:
    """Apply one table event.

    :returns: the new table and its effects (journal an accepted throw, roll the table's
        die). Anything refused leaves the match unchanged and says why on the display.
    """
    match event:
        case DiceRolled(values=values, at=at, source=source):
            return _rolled(ts, tuple(values), at, source)
        case ev.SerialLine(name=name):
            return _line(ts, event) if name == DIE else (ts, ())
        case ev.SerialStatus(name=name):
            return (_status(ts, event), ()) if name == DIE else (ts, ())
        case ev.ButtonPressed(name=name, at=at):
            return _press(ts, name, at)
        case (ev.ButtonReleased() | ev.ButtonHeld() | ev.BeamBroken() | ev.SensorNoisy() | ev.TimerFired()
              | CoinTossed() | TournamentLoaded() | ev.CoinInserted() | ev.CoinFault() | SensorHealthRead()
              | FixtureOffered()):
            return ts, ()  # not Boulomania's
        case _:
            assert_never(event)


def _line(ts: TableState, ev: ev.SerialLine) -> tuple[TableState, tuple[Effect, ...]]:
    try:
        msg = parse_line(ev.text)
    except DieLineError as exc:
        shown = exc.line.strip()[:16]
        return _die_refusal(ts, f"{shown!r}: {exc.reason}. Roll again"), ()
    if msg is None:
        return ts, ()
    if isinstance(msg, Hello):
        if msg.supported:
            return replace(ts, die=DieLink("connected", f"protocol {msg.version}"),
                           prompt=Prompt(f"Die unit ready (protocol {msg.version})", "info")), ()
        detail = f"{msg.device} {msg.version}"
        ts = replace(ts, die=DieLink("bad_version", detail))
        return _warn(ts, f"Die unit speaks {detail}, not {DEVICE} {PROTOCOL_VERSION}: its rolls are refused"), ()
    if isinstance(msg, UnitError):
        return _warn(ts, f"Die unit: {msg.code} {msg.text}".rstrip() + ": roll again"), ()
    assert isinstance(msg, Roll)
    if ts.die.status == "bad_version":
        return _die_refusal(ts, f"die unit speaks {ts.die.detail}, not {DEVICE} {PROTOCOL_VERSION}: "
                                  "update it or unplug it and use ROLL"), ()
    ts = replace(ts, die=DieLink("connected", ts.die.detail if ts.die.status == "connected" else ""))
    return _rolled(ts, msg.values, ev.at, "unit")


def _status(ts: TableState, ev: ev.SerialStatus) -> TableState:
    if ev.connected and ev.detail.startswith("connected"):
        return replace(ts, die=DieLink("connected", ""), prompt=Prompt("Die unit connected", "info"))
    if ev.connected:  # the reader dropped a half line or an endless one
        what = "half a line" if "partial" in ev.detail else "an over-long line"
        return _warn(ts, f"Die: {what} lost, nothing counted: roll again")
    if ev.detail.startswith("cannot open") and ts.die.status in ("none", "absent"):
        # configured but not there (yet): the table's die rolls, as without a unit; the
        # service page shows the device's state. Nothing on the game screen, so a table
        # whose unit is simply not plugged in plays on as a table without one.
        return replace(ts, die=DieLink("absent", ev.detail))
    ts = replace(ts, die=DieLink("lost", ev.detail))
    return _warn(ts, "Die lost: replug or ROLL")


def _press(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    game = ts.game
    if name == "undo":
        if ts.choice != Choice():
            return replace(ts, choice=Choice(), prompt=Prompt("Choice cleared", "info")), ()
        return common.undo(ts, at, _undone, _refused)
    if game.phase == "finished":
        return replace(ts, prompt=Prompt("Game over: press NEW", "info")), ()
    if name in ("roll", "shot_done"):
        if ts.die.status == "connected":
            return _die_refusal(ts, "the die unit is connected: roll it"), ()
        n = expected_dice(ts)
        assert n is not None
        return replace(ts, prompt=None), (RollDice(n),)
    if game.phase != "throw":
        return replace(ts, prompt=Prompt("Roll first: ROLL", "info")), ()
    c = ts.choice
    if name == "next":
        mode = MODES[(MODES.index(c.mode) + 1) % len(MODES)]
        return replace(ts, choice=Choice(mode, diagonal=c.diagonal), prompt=None), ()
    if name in ("plus", "minus"):
        return _detail(ts, 1 if name == "plus" else -1)
    if name == "fork":
        forks = sorted(game.options.board.forks)
        bits = sum(1 << i for i, s in enumerate(forks) if s in c.diagonal) + 1
        diagonal = frozenset(s for i, s in enumerate(forks) if bits >> i & 1)
        said = f"Diagonal at {', '.join(map(str, sorted(diagonal)))}" if diagonal else "All forks straight"
        return replace(ts, choice=replace(c, diagonal=diagonal), prompt=Prompt(said, "info")), ()
    return ts, ()


def _detail(ts: TableState, step: int) -> tuple[TableState, tuple[Effect, ...]]:
    """PLUS/MINUS: the target of a shot, or the variant of a point."""
    game, c = ts.game, ts.choice
    if c.mode == "shoot":
        ts_ = targets(game)
        cur = c.target if c.target in ts_ else default_target(game)
        i = ts_.index(cur) if cur in ts_ else 0
        return replace(ts, choice=replace(c, target=ts_[(i + step) % len(ts_)]), prompt=None), ()
    variants: list[tuple[bool, bool]] = [(False, False)]
    if c.mode == "point2":
        variants.append((True, False))
    if game.options.push_optional:
        variants.append((False, True))
    if len(variants) == 1:
        return _refuse(ts, JACK_SPACE_TWO_DICE), ()
    cur_v = (c.jack_space, c.no_push)
    i = variants.index(cur_v) if cur_v in variants else 0
    js, np_ = variants[(i + step) % len(variants)]
    return replace(ts, choice=replace(c, jack_space=js, no_push=np_), prompt=None), ()


def _last_of(ts: TableState) -> LastRoll | None:
    """The last roll still in effect after an undo, as its roll showed it."""
    last = common.last_step(ts.match)
    if last is None:
        return None
    before, inp, notices = last
    return _after(ts, before, inp, notices, "software").last


def _undone(ts: TableState) -> TableState:
    """The table after an undo (live, or rebuilt from the journal): no declaration, the
    roll still in effect shown, the shared words on the prompt."""
    new = replace(ts, choice=Choice(), prompt=common.said(UNDONE, ts.names, describe))
    return replace(new, last=_last_of(new))


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
        return replace(options, target=TARGETS[(i + step) % len(TARGETS)])
    if row == 1:
        return replace(options, bowls=(options.bowls - 1 + step) % 8 + 1)
    return replace(options, push_optional=not options.push_optional)


def summary(ts: TableState) -> str:
    """A game on hold: ``"Round 2, 5-3"``."""
    g = ts.game
    return f"Round {g.round}, {g.score.A}-{g.score.B}"


TARGETS = (5, 7, 9, 11, 13, 15, 21)
"""Game lengths the menu offers (BM-18: 13 by default)."""

APP: GameTable[TableState] = GameTable(
    name="boulomania",
    title="BOULOMANIA",
    panel=Panel(buttons=("roll", "fork", "shot_done", "undo", "new", "next", "plus", "minus"), serial_devices=(DIE,)),
    codec=BoulomaniaCodec(),
    new_table=new_table, resumed=resumed, handle=handle, view=view,
    menu=menu, menu_change=menu_change, summary=summary,
    moments=game_moments.boulomania,
)
"""Boulomania's game record (:class:`~pitchside.tables.gametable.GameTable`)."""
