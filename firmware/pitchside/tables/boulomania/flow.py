"""Boulomania at the table: the table's state and its flow, a pure function :func:`handle` of
(table state, event) (the package's docstring, :mod:`pitchside.tables.boulomania`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, assert_never

from pitchside.core.boards.boulomania import Board
from pitchside.core.copying import copy_with  # dataclasses.replace without its per-call field walk
from pitchside.core.errors import IllegalInput
from pitchside.core.match import UNDONE, Match
from pitchside.core.notice import Notice, Words
from pitchside.core.record.boulomania import BoulomaniaCodec
from pitchside.core.rules import boulomania as rules
from pitchside.core.words.boulomania import describe as describe  # the game's words, for its table
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


GameMatch = Match[rules.Options, rules.State, rules.Input]
"""This game's match (its options, state and inputs typed)."""

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

    match: GameMatch
    names: tuple[str, str] = ("A", "B")
    prompt: Prompt | None = None
    choice: Choice = field(default_factory=Choice)
    last: LastRoll | None = None
    die: DieLink = field(default_factory=DieLink)


Effect = TableEffect


def new_table(options: rules.Options | None = None, names: tuple[str, str] = ("A", "B")) -> TableState:
    """A table with a new game waiting for the start roll (BM-02)."""
    return TableState(Match.start(BoulomaniaCodec(), options or rules.Options()), names=names)


def resumed(match: GameMatch, names: tuple[str, str], last_was_undo: bool) -> TableState:
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
    phase = ts.match.state.phase
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


JACK_SPACE_TWO_DICE = Notice.of("BM-08", "jack_space_two_dice")
"""The panel's refusal of a jack-space declaration with three dice (BM-08)."""


def _refuse(ts: TableState, notice: Notice) -> TableState:
    """The refusal box with the rules' (or the panel's) notice in its panel words."""
    return common.refuse(ts, notice, describe)


def _refused(ts: TableState, exc: IllegalInput) -> TableState:
    return common.refuse(ts, exc.notice, describe)


def _die_refusal(ts: TableState, text: str) -> TableState:
    """A roll the die (unit or table) got wrong: the table's own words, no rule."""
    return copy_with(ts, prompt=Prompt(text, "refusal", "DIE"))


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
    game = ts.match.state
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
    return copy_with(ts, choice=Choice(), last=LastRoll(team, values, notices, source), prompt=prompt)


def _rolled(ts: TableState, values: tuple[int, ...], at: float, source: str) -> tuple[TableState, tuple[Effect, ...]]:
    """A roll arrived (the unit's or the table's die): check it, enter it."""
    game = ts.match.state
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
            return copy_with(ts, die=DieLink("connected", f"protocol {msg.version}"),
                           prompt=Prompt(f"Die unit ready (protocol {msg.version})", "info")), ()
        detail = f"{msg.device} {msg.version}"
        ts = copy_with(ts, die=DieLink("bad_version", detail))
        return _warn(ts, f"Die unit speaks {detail}, not {DEVICE} {PROTOCOL_VERSION}: its rolls are refused"), ()
    if isinstance(msg, UnitError):
        return _warn(ts, f"Die unit: {msg.code} {msg.text}".rstrip() + ": roll again"), ()
    assert isinstance(msg, Roll)
    if ts.die.status == "bad_version":
        return _die_refusal(ts, f"die unit speaks {ts.die.detail}, not {DEVICE} {PROTOCOL_VERSION}: "
                                  "update it or unplug it and use ROLL"), ()
    ts = copy_with(ts, die=DieLink("connected", ts.die.detail if ts.die.status == "connected" else ""))
    return _rolled(ts, msg.values, ev.at, "unit")


def _status(ts: TableState, ev: ev.SerialStatus) -> TableState:
    if ev.connected and ev.detail.startswith("connected"):
        return copy_with(ts, die=DieLink("connected", ""), prompt=Prompt("Die unit connected", "info"))
    if ev.connected:  # the reader dropped a half line or an endless one
        what = "half a line" if "partial" in ev.detail else "an over-long line"
        return _warn(ts, f"Die: {what} lost, nothing counted: roll again")
    if ev.detail.startswith("cannot open") and ts.die.status in ("none", "absent"):
        # configured but not there (yet): the table's die rolls, as without a unit; the
        # service page shows the device's state. Nothing on the game screen, so a table
        # whose unit is simply not plugged in plays on as a table without one.
        return copy_with(ts, die=DieLink("absent", ev.detail))
    ts = copy_with(ts, die=DieLink("lost", ev.detail))
    return _warn(ts, "Die lost: replug or ROLL")


def _press(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    game = ts.match.state
    if name == "undo":
        if ts.choice != Choice():
            return copy_with(ts, choice=Choice(), prompt=Prompt("Choice cleared", "info")), ()
        return common.undo(ts, at, _undone, _refused)
    if game.phase == "finished":
        return copy_with(ts, prompt=Prompt("Game over: press NEW", "info")), ()
    if name in ("roll", "shot_done"):
        if ts.die.status == "connected":
            return _die_refusal(ts, "the die unit is connected: roll it"), ()
        n = expected_dice(ts)
        assert n is not None
        return copy_with(ts, prompt=None), (RollDice(n),)
    if game.phase != "throw":
        return copy_with(ts, prompt=Prompt("Roll first: ROLL", "info")), ()
    c = ts.choice
    if name == "next":
        mode = MODES[(MODES.index(c.mode) + 1) % len(MODES)]
        return copy_with(ts, choice=Choice(mode, diagonal=c.diagonal), prompt=None), ()
    if name in ("plus", "minus"):
        return _detail(ts, 1 if name == "plus" else -1)
    if name == "fork":
        forks = sorted(game.options.board.forks)
        bits = sum(1 << i for i, s in enumerate(forks) if s in c.diagonal) + 1
        diagonal = frozenset(s for i, s in enumerate(forks) if bits >> i & 1)
        said = f"Diagonal at {', '.join(map(str, sorted(diagonal)))}" if diagonal else "All forks straight"
        return copy_with(ts, choice=copy_with(c, diagonal=diagonal), prompt=Prompt(said, "info")), ()
    return ts, ()


def _detail(ts: TableState, step: int) -> tuple[TableState, tuple[Effect, ...]]:
    """PLUS/MINUS: the target of a shot, or the variant of a point."""
    game, c = ts.match.state, ts.choice
    if c.mode == "shoot":
        ts_ = targets(game)
        cur = c.target if c.target in ts_ else default_target(game)
        i = ts_.index(cur) if cur in ts_ else 0
        return copy_with(ts, choice=copy_with(c, target=ts_[(i + step) % len(ts_)]), prompt=None), ()
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
    return copy_with(ts, choice=copy_with(c, jack_space=js, no_push=np_), prompt=None), ()


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
    new = copy_with(ts, choice=Choice(), prompt=common.said(UNDONE, ts.names, describe))
    return copy_with(new, last=_last_of(new))
