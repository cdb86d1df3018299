"""Boulomania: the rules engine (pure).

Source: the rules as the table referees them, ``docs/rules/boulomania.md``: the numbered
rules BM-01 to BM-28 (restating the rulebook "How to play") and the rulings BM-A1 to
BM-A14. Every rule ID cited below is from there. The board's geometry (nearness, direction of play, the spaces "directly to"
and "directly next to" the jack, the pushes) comes only from the board data
(:mod:`pitchside.core.boards.boulomania`, BM-BOARD). The engine does no I/O and reads no
clock or random source: every die enters as a value in an input, so a match is a
deterministic fold of its inputs (:func:`apply`). What it tells the table, its notices
and refusals, are typed values (:class:`pitchside.core.notice.Notice`: the rule ID, a
code, the parameters as sides ``"A"``/``"B"``, spaces, dice); their words are in
:mod:`pitchside.core.words.boulomania`, which this module never imports.

Inputs: :class:`StartRoll` (one die per team, BM-02), :class:`JackRoll` (BM-03),
:class:`Point` (a placing throw with 2 or 3 dice, BM-05..BM-11) and :class:`Shoot` (a
knock-out throw with 1 die at a named bowl or the jack, BM-19..BM-27). A throw may name
its ``team``; a throw by the team not to play is refused (BM-12).

Interpretations (the [I] rulings), each the default of a named :class:`Options` field:

* ``double_jack_space`` (BM-07): ``"any"``: a double on two dice offers jack space n on
  every two-dice throw (the text's "intend to push on ... with only two dice" read as
  "point with two dice"). ``"push_only"``: only when the sum space is occupied, so the
  throw would push on (the literal reading; 1-1, 2-2, 3-3 then never offer it).
  Either way 1-1..3-3 without the jack space are dead bowls (BM-A7).
* ``push_optional`` (BM-10, BM-A6): False: pushing on is mandatory, the sum fixes the
  space. True: a team may decline (``Point.push`` False) and the bowl is dead.
* ``fork_chooser`` (BM-11, BM-A5): who chooses straight or diagonal at 8/13/16:
  ``"thrower"`` or ``"owner"`` of the pushed bowl. It changes only the prompt
  (:func:`fork_chooser`); the choices enter as ``forks`` either way.
* ``rethrow_after_clear`` (BM-14): True: a knock-out that leaves no bowl on the board
  gives the team that threw the next throw ("may shoot again"; declining has no
  input and nothing to gain). False: the other team throws, as special rule 1.
* ``null_round_starter`` (BM-17, BM-A9): after a null round ``"same"`` team starts
  again (pétanque custom) or the ``"other"`` team.
* ``shoot_own`` (BM-19, BM-A10): False: the target must be an opponent's bowl or the
  jack. True: a team may also shoot at its own bowls.
* ``kiss_jack_last_row`` (BM-24, BM-A4): a 4 at 12/13 with the jack on 5 or 6 (no jack
  space behind): the jack ``"stays"``, or goes ``"out"`` (into touch, as a bowl pushed
  past the last space; the round then ends as BM-26).
* ``jack_out_both`` (BM-26, BM-A8): jack out while both teams (or neither) still hold
  bowls: ``"null"`` round (pétanque's dead jack), or ``"own_bowls"``: each team scores
  its own unplayed bowls.

Rulings fixed by the text or the replay contract (no option): equal start rolls decide
nothing, roll again (BM-02, docs/spec/replay.md); a jack shot of 1-5 is a miss and the
shooter goes out (BM-26: "only possible if you throw a 6"); when one team has no bowls
left the other throws all its remaining ones (BM-12: nobody else can throw); a round
with no bowl on the board is null, and with only one team on the board all its bowls
count (BM-16); equally near best bowls (impossible on BM-BOARD) leave the thrower "not
nearer", and make the round null at its end (BM-28); the score is stored exactly, the game
ends at ``target`` or more with the lead (BM-18, BM-A11). A knock-out "leaves no bowl on
the board" (BM-14, BM-A13) when a shot at a bowl empties a board that held bowls. A
throw that puts no bowl on an empty board (a dead bowl, or a missed shot at the jack)
passes the turn (BM-13). Kissing a bowl on 13 (a fork) with a 4 uses the throw's
``forks`` (BM-A5).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from pitchside.core.boards.boulomania import BOARD, Board
from pitchside.core.errors import IllegalInput
from pitchside.core.face import score as score, status as status  # the typed face, re-exported
from pitchside.core.fields import check_declared, declared, option
from pitchside.core.game import Outcome
from pitchside.core.notice import Notice
from pitchside.core.sides import SIDES, PerSide, Side, other
from pitchside.core.step import Step

RULES_VERSION = 1
"""Bumped whenever a change to this module could change the state a journal folds to."""

Phase = Literal["start_roll", "jack_roll", "throw", "finished"]
Fork = Literal["straight", "diagonal"]
JACK: Literal["jack"] = "jack"
"""A :class:`Shoot` target: the jack."""
FORKS: tuple[Fork, Fork] = ("straight", "diagonal")
SPACES = 18
MIN_PLACE = 7
"""A placing sum below this is a dead bowl (BM-06)."""


def _check_die(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise ValueError(f"{name} must be a die value 1..6, not {value!r}")


def _check_forks(forks: tuple[str, ...]) -> None:
    for f in forks:
        if f not in ("straight", "diagonal"):
            raise ValueError(f"a fork choice is 'straight' or 'diagonal', not {f!r}")


# --- options and inputs ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options:
    """Match settings, fixed before the start roll.

    ``target`` and ``bowls`` are the replay contract's options (docs/spec/replay.md);
    the others are the [I] rulings' options (module docstring).

    :param target: points that end the game, 1..99; default 13 (BM-18).
    :param bowls: bowls per team, 1..8; default 8 (BM-01).
    :param board: the board geometry (BM-BOARD); the packaged board by default. Not a
        replay option: a table has one board.
    """

    target: int = option(13, lo=1, hi=99, rule="BM-18", doc="points that end the game")
    bowls: int = option(8, lo=1, hi=8, rule="BM-01", doc="bowls per team (8 per colour in the box)")
    double_jack_space: Literal["any", "push_only"] = option(
        "any", choices=("any", "push_only"), rule="BM-07", doc="when a double may take the jack space")
    push_optional: bool = option(False, rule="BM-10", doc="a team may decline to push on")
    fork_chooser: Literal["thrower", "owner"] = option(
        "thrower", choices=("thrower", "owner"), rule="BM-11", doc="who chooses at a fork")
    rethrow_after_clear: bool = option(True, rule="BM-14", doc="clearing the board earns the next throw")
    null_round_starter: Literal["same", "other"] = option(
        "same", choices=("same", "other"), rule="BM-17", doc="who starts after a null round")
    shoot_own: bool = option(False, rule="BM-19", doc="a team may shoot at its own bowls")
    kiss_jack_last_row: Literal["stays", "out"] = option(
        "stays", choices=("stays", "out"), rule="BM-24", doc="the jack kissed on the last row")
    jack_out_both: Literal["null", "own_bowls"] = option(
        "null", choices=("null", "own_bowls"), rule="BM-26", doc="the jack out while both teams hold bowls")
    board: Board = field(default=BOARD, repr=False)


@dataclass(frozen=True, slots=True)
class StartRoll:
    """Each team's die for the start (BM-02): the higher throws the jack; equal rolls
    decide nothing.

    :raises ValueError: a value not 1..6.
    """

    A: int = field(metadata=declared(lo=1, hi=6, noun="a die value", rule="BM-02"))
    B: int = field(metadata=declared(lo=1, hi=6, noun="a die value", rule="BM-02"))

    def __post_init__(self) -> None:
        _check_die("A", self.A)
        _check_die("B", self.B)


@dataclass(frozen=True, slots=True)
class JackRoll:
    """The starter's die: the jack goes on that jack space (BM-03).

    :raises ValueError: a value not 1..6.
    """

    die: int = field(metadata=declared(lo=1, hi=6, noun="a die value", rule="BM-03"))

    def __post_init__(self) -> None:
        _check_die("die", self.die)


@dataclass(frozen=True, slots=True)
class Point:
    """A placing throw (BM-05): 2 or 3 dice, the bowl goes on the sum.

    :param dice: the values thrown, 2 or 3 of 1..6.
    :param jack_space: with a double on two dice, take jack space n instead (BM-07).
    :param forks: ``"straight"``/``"diagonal"`` for each fork (8, 13, 16) the push chain
        meets, in the order met; missing ones are straight (BM-11).
    :param team: the team throwing, if the input names it (refused if not to play, BM-12).
    :param push: False declines to push on (dead bowl), with option ``push_optional``.
    :param jack_space_if_free: the jack space was declared before the roll, on the
        condition that the throw allows it: take it if :func:`jack_space_allowed`, else
        the bowl counts its sum as without it (never refused; a double on two dice that
        cannot take it says so, ``BM-07/jack_space_not_free``). Not with ``jack_space``.
    :raises ValueError: a malformed throw (dice count or values, fork names, both
        ``jack_space`` and ``jack_space_if_free``).
    """

    dice: tuple[int, ...] = field(
        metadata=declared("ints", length=(2, 3), lo=1, hi=6, noun="die values", rule="BM-05"))
    jack_space: bool = option(False, rule="BM-07")
    forks: tuple[Fork, ...] = option((), "list", choices=FORKS, rule="BM-11")
    team: Side | None = option(None, choices=SIDES, nullable=True, rule="BM-12")
    push: bool = option(True, rule="BM-10")
    jack_space_if_free: bool = option(False, rule="BM-07")

    def __post_init__(self) -> None:
        if self.jack_space and self.jack_space_if_free:
            raise ValueError("jack_space and jack_space_if_free together: the jack space is taken or declared")
        if len(self.dice) not in (2, 3):
            raise ValueError(f"a placing throw has 2 or 3 dice, not {len(self.dice)} (BM-05)")
        for i, d in enumerate(self.dice):
            _check_die(f"dice[{i}]", d)
        _check_forks(self.forks)


@dataclass(frozen=True, slots=True)
class Shoot:
    """A knock-out throw with one die at a named target (BM-19).

    :param target: a space 1..18 holding the bowl aimed at, or ``"jack"``.
    :param die: the value thrown, 1..6.
    :param forks: as :class:`Point`, for the push of a kiss (a 4, BM-21).
    :param team: as :class:`Point`.
    :raises ValueError: a malformed throw.
    """

    target: int | Literal["jack"] = field(
        metadata=declared("given", noun=f'a space 1..{SPACES} or "jack"', rule="BM-19"))
    die: int = field(metadata=declared(lo=1, hi=6, noun="a die value", rule="BM-19"))
    forks: tuple[Fork, ...] = option((), "list", choices=FORKS, rule="BM-21")
    team: Side | None = option(None, choices=SIDES, nullable=True, rule="BM-12")

    def __post_init__(self) -> None:
        if self.target != JACK and (
            isinstance(self.target, bool) or not isinstance(self.target, int) or not 1 <= self.target <= SPACES
        ):
            raise ValueError(f"a target is a space 1..{SPACES} or 'jack', not {self.target!r}")
        _check_die("die", self.die)
        _check_forks(self.forks)


Input = StartRoll | JackRoll | Point | Shoot


# --- state -------------------------------------------------------------------------------

_EMPTY: tuple[Side | None, ...] = (None,) * SPACES


@dataclass(frozen=True, slots=True)
class State:
    """A Boulomania game at one moment.

    ``spaces[n - 1]`` is the team whose bowl lies on space n (1..18), or None; the jack
    is ``jack`` (a jack space 1..6, or None before the jack roll and once knocked out).
    ``hand`` are unplayed bowls, ``pocket`` bowls taken out (centre pocket), both for the
    current round; so hand + on the board + pocket = ``options.bowls`` per team.
    ``round_scores`` holds each finished round's points; ``score`` their sum.
    When ``phase`` is ``"finished"`` the round's board, jack and bowls stay as it ended.
    """

    options: Options
    phase: Phase = "start_roll"
    round: int = 1
    starter: Side | None = None
    jack: int | None = None
    spaces: tuple[Side | None, ...] = _EMPTY
    hand: PerSide[int] = PerSide(0, 0)
    pocket: PerSide[int] = PerSide(0, 0)
    to_play: Side | None = None
    score: PerSide[int] = PerSide(0, 0)
    round_scores: tuple[PerSide[int], ...] = ()

    def at(self, space: int) -> Side | None:
        """The team whose bowl lies on ``space`` (1..18), or None."""
        return self.spaces[space - 1]


def check_options(opts: Options) -> None:
    """Each option as declared (:func:`pitchside.core.fields.check_declared`), and the
    board a :class:`Board`.

    :raises ValueError: naming the bad option, the value, what is allowed and the rule.
    """
    check_declared(opts)
    if not isinstance(opts.board, Board):
        raise ValueError("board must be a Board (pitchside.core.boards.boulomania)")


def new_game(options: Options | None = None) -> State:
    """A game waiting for its start roll, each team holding ``options.bowls``.

    :raises ValueError: options out of range (:func:`check_options`).
    """
    opts = options or Options()
    check_options(opts)
    return State(options=opts, hand=PerSide(opts.bowls, opts.bowls))


# --- queries ---------------------------------------------------------------------------


def bowls_on_board(state: State, side: Side | None = None) -> tuple[int, ...]:
    """Spaces holding bowls (of ``side`` only, if given), in space order."""
    return tuple(i + 1 for i, s in enumerate(state.spaces) if s is not None and (side is None or s == side))


def nearest(state: State, side: Side) -> int | None:
    """The space of ``side``'s bowl nearest the jack, or None (no bowl, or no jack)."""
    if state.jack is None:
        return None
    spaces = bowls_on_board(state, side)
    if not spaces:
        return None
    board, jack = state.options.board, state.jack
    return min(spaces, key=lambda s: (board.distance(s, jack), s))


def holder(state: State) -> Side | None:
    """The team holding the point: its bowl is nearest the jack (rulebook "nearer to the
    jack"). None with no bowl on the board, no jack, or equally near best bowls (BM-28)."""
    a, b = nearest(state, "A"), nearest(state, "B")
    if a is None and b is None:
        return None
    if a is None:
        return "B"
    if b is None:
        return "A"
    assert state.jack is not None
    c = state.options.board.compare(a, b, state.jack)
    return "A" if c < 0 else "B" if c > 0 else None


def is_tie(state: State) -> bool:
    """Both teams' best bowls equally near the jack (BM-28; never on BM-BOARD)."""
    return nearest(state, "A") is not None and nearest(state, "B") is not None and holder(state) is None


def shoot_targets(state: State) -> tuple[int | Literal["jack"], ...]:
    """What the team to play may aim at (BM-19): the opponent's bowls (its own too with
    ``shoot_own``) and the jack. Empty when no one is to throw."""
    side = state.to_play
    if side is None or state.phase != "throw":
        return ()
    if state.options.shoot_own:
        spaces = bowls_on_board(state)
    else:
        spaces = bowls_on_board(state, other(side))
    return (*spaces, JACK)


def jack_space_allowed(state: State, dice: tuple[int, ...]) -> bool:
    """Whether this throw offers the jack space (BM-07, BM-08): a double on exactly two
    dice, onto a free jack space (no jack, no bowl), and with ``double_jack_space``
    ``"push_only"`` only when the sum space holds a bowl."""
    if state.phase != "throw" or len(dice) != 2 or dice[0] != dice[1]:
        return False
    n = dice[0]
    if state.jack == n or state.at(n) is not None:
        return False
    if state.options.double_jack_space == "push_only":
        total = sum(dice)
        return total >= MIN_PLACE and state.at(total) is not None
    return True


def fork_chooser(state: State, pushed_bowl: Side) -> Side | None:
    """Who chooses straight or diagonal when ``pushed_bowl``'s bowl is pushed at a fork
    (BM-11, option ``fork_chooser``): the team to throw, or the bowl's owner."""
    if state.options.fork_chooser == "owner":
        return pushed_bowl
    return state.to_play


def legal_inputs(state: State) -> tuple[str, ...]:
    """Names of the inputs the rules accept now, for the display's prompts."""
    return {
        "start_roll": ("start_roll",),
        "jack_roll": ("jack_roll",),
        "throw": ("point", "shoot"),
        "finished": (),
    }[state.phase]


def outcome(state: State) -> Outcome | None:
    """The result once a team has ``target`` points or more and the lead (BM-18), else
    None. All end-of-game logic lives here. Level at or past the target (only possible
    with ``jack_out_both="own_bowls"``) plays on.

    :returns: ``Outcome(winner, cause)`` with ``cause``
        ``Notice.of("BM-18", "reached", side=winner, points=n, target=t)``.
    """
    target = state.options.target
    for side in SIDES:
        if state.score[side] >= target and state.score[side] > state.score[other(side)]:
            return Outcome(side, Notice.of("BM-18", "reached", side=side, points=state.score[side], target=target))
    return None


def round_points(state: State) -> tuple[PerSide[int], Notice]:
    """The points of the round on the board as it stands (BM-16, BM-28) and why.

    One point per bowl of the team holding the point strictly nearer the jack than the
    opponent's nearest; all its bowls if the opponent has none on the board; a null
    round with no bowl on the board or equally near best bowls.

    :returns: the points and the cause: ``BM-16/round_empty()``,
        ``BM-28/round_tie()``, ``BM-16/round_all_count(side, points)`` or
        ``BM-16/round_nearer(side, points, best)`` (``best``: the space of the other
        team's nearest bowl).
    """
    a, b = nearest(state, "A"), nearest(state, "B")
    if a is None and b is None:
        return PerSide(0, 0), Notice.of("BM-16", "round_empty")
    h = holder(state)
    if h is None:
        return PerSide(0, 0), Notice.of("BM-28", "round_tie")
    opp = nearest(state, other(h))
    mine = bowls_on_board(state, h)
    why: Notice
    if opp is None:
        n = len(mine)
        why = Notice.of("BM-16", "round_all_count", side=h, points=n)
    else:
        assert state.jack is not None
        board = state.options.board
        n = sum(1 for s in mine if board.is_nearer(s, opp, state.jack))
        why = Notice.of("BM-16", "round_nearer", side=h, points=n, best=opp)
    return (PerSide(n, 0) if h == "A" else PerSide(0, n)), why


# --- transitions -------------------------------------------------------------------------

GAME_OVER = Notice.of("BM-18", "game_over")
"""The refusal of any input once the game is over (BM-18)."""
ROLL_OFF_FIRST = Notice.of("BM-02", "roll_off_first")
"""The refusal of a jack roll or a throw before the start roll has decided (BM-02)."""


def apply(state: State, inp: Input) -> Step[State]:
    """Apply one input.

    :returns: the new state and its notices (typed :class:`Notice` values, what the
        display should say; their words are in :mod:`pitchside.core.words.boulomania`).
    :raises IllegalInput: the rules do not allow ``inp`` now; ``state`` is unchanged.
        Its ``notice`` says why (e.g. ``BM-18/game_over()``, ``BM-12/out_of_turn(side,
        team)``).
    :raises TypeError: ``inp`` is not a Boulomania input.
    """
    if state.phase == "finished":
        raise IllegalInput(GAME_OVER)
    if isinstance(inp, StartRoll):
        return _start_roll(state, inp)
    if isinstance(inp, JackRoll):
        return _jack_roll(state, inp)
    if isinstance(inp, (Point, Shoot)):
        return _throw(state, inp)
    raise TypeError(f"not a Boulomania input: {inp!r}")


def _start_roll(state: State, roll: StartRoll) -> Step[State]:
    if state.phase != "start_roll":
        raise IllegalInput(Notice.of("BM-02", "start_roll_over"))
    if roll.A == roll.B:
        return Step(state, (Notice.of("BM-02", "equal_rolls", die=roll.A),))
    starter: Side = "A" if roll.A > roll.B else "B"
    new = replace(state, phase="jack_roll", starter=starter)
    return Step(new, (Notice.of("BM-02", "starts", side=starter),))


def _jack_roll(state: State, roll: JackRoll) -> Step[State]:
    if state.phase == "start_roll":
        raise IllegalInput(ROLL_OFF_FIRST)
    if state.phase != "jack_roll":
        raise IllegalInput(Notice.of("BM-03", "jack_placed"))
    assert state.starter is not None
    new = replace(state, phase="throw", jack=roll.die, to_play=state.starter)
    return Step(new, (Notice.of("BM-03", "jack_on", space=roll.die, side=state.starter),))


class _Work:
    """Mutable scratch of one throw's resolution; becomes a new :class:`State`."""

    def __init__(self, state: State) -> None:
        self.spaces: list[Side | None] = list(state.spaces)
        self.pocket = {s: state.pocket[s] for s in SIDES}
        self.hand = {s: state.hand[s] for s in SIDES}
        self.jack = state.jack
        self.notices: list[Notice] = []

    def out(self, side: Side, notice: Notice) -> None:
        """``side``'s bowl goes to the centre pocket, as ``notice`` says."""
        self.pocket[side] += 1
        self.notices.append(notice)

    def push(self, space: int, forks: tuple[Fork, ...], board: Board, rule: str) -> int:
        """Push the bowl on bowl ``space`` one space on, chaining (BM-10, BM-11).

        Notices: ``pushed(side, space, to)`` for each bowl moved, ``pushed_out(side,
        space)`` for one pushed into touch, with the rule ``rule``.

        :returns: how many forks the chain met.
        """
        moving = self.spaces[space - 1]
        assert moving is not None
        self.spaces[space - 1] = None
        pos, met = space, 0
        while True:
            diagonal = False
            if pos in board.forks:
                diagonal = (forks[met] if met < len(forks) else "straight") == "diagonal"
                met += 1
            nxt = board.successor(pos, diagonal)
            if nxt is None:
                self.out(moving, Notice.of(rule, "pushed_out", side=moving, space=pos))
                return met
            self.notices.append(Notice.of(rule, "pushed", side=moving, space=pos, to=nxt))
            displaced = self.spaces[nxt - 1]
            self.spaces[nxt - 1] = moving
            if displaced is None:
                return met
            moving, pos = displaced, nxt


def thrown(state: State, inp: Point | Shoot) -> State:
    """The state just after throw ``inp`` moved the bowls and the jack (BM-05..BM-27),
    before a round's end scores it and clears the board (BM-15, BM-26): the board a
    round ended on, for a screen to show until the next jack is rolled. Its ``to_play``
    and ``score`` are ``state``'s.

    :raises IllegalInput: as :func:`apply` refuses ``inp``.
    """
    _, w, _ = _resolve(state, inp)
    return _mid(state, w)


def _throw(state: State, inp: Point | Shoot) -> Step[State]:
    side, w, knocked_out = _resolve(state, inp)
    return _after_throw(state, side, w, knocked_out)


def _resolve(state: State, inp: Point | Shoot) -> tuple[Side, _Work, bool]:
    """The thrower, the throw's resolution and whether it knocked the last bowl out."""
    if state.phase == "start_roll":
        raise IllegalInput(ROLL_OFF_FIRST)
    if state.phase == "jack_roll":
        raise IllegalInput(Notice.of("BM-03", "jack_roll_first"))
    side = state.to_play
    assert side is not None  # phase "throw" always has a team to play
    if inp.team is not None and inp.team != side:
        raise IllegalInput(Notice.of("BM-12", "out_of_turn", side=side, team=inp.team))
    w = _Work(state)
    w.hand[side] -= 1
    had_bowls = any(state.spaces)
    if isinstance(inp, Point):
        _point(state, inp, side, w)
        knocked_out = False
    else:
        _shoot(state, inp, side, w)
        knocked_out = had_bowls and not any(w.spaces)
    return side, w, knocked_out


def _point(state: State, p: Point, side: Side, w: _Work) -> None:
    board = state.options.board
    total = sum(p.dice)
    if p.jack_space_if_free:
        if jack_space_allowed(state, p.dice):
            p = replace(p, jack_space=True, jack_space_if_free=False)
        elif len(p.dice) == 2 and p.dice[0] == p.dice[1]:
            w.notices.append(Notice.of("BM-07", "jack_space_not_free", space=p.dice[0], side=side))
    if p.jack_space:
        if len(p.dice) != 2:
            raise IllegalInput(Notice.of("BM-07", "jack_space_three_dice"))
        if p.dice[0] != p.dice[1]:
            raise IllegalInput(Notice.of("BM-07", "jack_space_no_double", dice=p.dice))
        n = p.dice[0]
        if state.jack == n:
            raise IllegalInput(Notice.of("BM-07", "jack_space_holds_jack", space=n))
        if state.at(n) is not None:
            raise IllegalInput(Notice.of("BM-07", "jack_space_holds_bowl", space=n))
        if not jack_space_allowed(state, p.dice):
            raise IllegalInput(Notice.of("BM-07", "jack_space_push_only", sum=total))
        _no_forks(p.forks, 0)
        _no_decline(p.push, "jack_space", total)
        w.spaces[n - 1] = side
        w.notices.append(Notice.of("BM-07", "on_jack_space", dice=p.dice, side=side, space=n))
        return
    if total < MIN_PLACE:
        _no_forks(p.forks, 0)
        _no_decline(p.push, "dead", total)
        w.out(side, Notice.of("BM-06", "dead", dice=p.dice, sum=total, side=side))
        return
    if w.spaces[total - 1] is None:
        _no_forks(p.forks, 0)
        _no_decline(p.push, "free", total)
        w.spaces[total - 1] = side
        w.notices.append(Notice.of("BM-05", "placed", dice=p.dice, side=side, space=total))
        return
    if not p.push:
        if not state.options.push_optional:
            raise IllegalInput(Notice.of("BM-10", "push_mandatory"))
        _no_forks(p.forks, 0)
        w.out(side, Notice.of("BM-10", "declined", dice=p.dice, side=side, space=total))
        return
    met = w.push(total, p.forks, board, "BM-10")
    _no_forks(p.forks, met)
    w.spaces[total - 1] = side
    w.notices.append(Notice.of("BM-05", "placed", dice=p.dice, side=side, space=total))


def _no_forks(forks: tuple[Fork, ...], met: int) -> None:
    if len(forks) > met:
        raise IllegalInput(Notice.of("BM-11", "too_many_forks", given=len(forks), met=met))


def _no_decline(push: bool, why: Literal["jack_space", "dead", "free"], total: int) -> None:
    if not push:
        raise IllegalInput(Notice.of("BM-10", "nothing_to_push", why=why, sum=total))


def _shoot(state: State, s: Shoot, side: Side, w: _Work) -> None:
    opts, board = state.options, state.options.board
    if s.target == JACK:
        _no_forks(s.forks, 0)
        if s.die == 6:
            w.jack = None
            w.out(side, Notice.of("BM-26", "jack_knocked_out", side=side))
        else:
            w.out(side, Notice.of("BM-26", "jack_missed", die=s.die, side=side))
        return
    t = s.target
    assert isinstance(t, int)
    owner = state.at(t)
    if owner is None:
        raise IllegalInput(Notice.of("BM-19", "no_bowl", space=t))
    if owner == side and not opts.shoot_own:
        raise IllegalInput(Notice.of("BM-19", "own_bowl", side=side, space=t))
    if s.die != 4:
        _no_forks(s.forks, 0)
    on_jack_space = board.is_jack_space(t)
    if s.die <= 3 or (s.die == 4 and on_jack_space):
        _no_forks(s.forks, 0)
        w.out(side, Notice.of("BM-27" if on_jack_space else "BM-20", "missed", die=s.die, space=t, side=side))
    elif s.die == 5:
        w.spaces[t - 1] = None
        w.out(owner, Notice.of("BM-27" if on_jack_space else "BM-22", "hit", owner=owner, space=t, side=side))
        w.out(side, Notice.of("BM-22", "shooter_out", side=side))
    elif s.die == 6:
        w.spaces[t - 1] = side
        w.out(owner, Notice.of("BM-27" if on_jack_space else "BM-23", "carreau", owner=owner, space=t, side=side))
    elif t in board.beside_jack:
        _no_forks(s.forks, 0)
        w.jack = None
        w.out(side, Notice.of("BM-25", "jack_out_beside", space=t, side=side))
    else:
        met = w.push(t, s.forks, board, "BM-21")
        _no_forks(s.forks, met)
        w.out(side, Notice.of("BM-21", "kiss", side=side))
        if t in board.front_of_jack and state.jack is not None:
            behind = board.jack_behind(state.jack)
            if behind is None:
                if opts.kiss_jack_last_row == "out":
                    w.jack = None
                    w.notices.append(Notice.of("BM-24", "jack_pushed_out", space=state.jack))
                else:
                    w.notices.append(Notice.of("BM-24", "jack_stays_last_row", space=state.jack))
            elif w.spaces[behind - 1] is not None:
                w.notices.append(Notice.of("BM-24", "jack_stays_blocked", space=state.jack, behind=behind))
            else:
                w.jack = behind
                w.notices.append(Notice.of("BM-24", "jack_moves", space=state.jack, to=behind))


def _mid(state: State, w: _Work) -> State:
    return replace(
        state,
        spaces=tuple(w.spaces),
        pocket=PerSide(w.pocket["A"], w.pocket["B"]),
        hand=PerSide(w.hand["A"], w.hand["B"]),
        jack=w.jack,
    )


def _after_throw(state: State, side: Side, w: _Work, knocked_out: bool) -> Step[State]:
    mid = _mid(state, w)
    hand = mid.hand
    if w.jack is None:
        return _end_round(mid, w.notices, jack_out=True)
    if hand.A == 0 and hand.B == 0:
        return _end_round(mid, w.notices, jack_out=False)  # BM-15
    nxt: Side
    if not any(w.spaces):
        if knocked_out and state.options.rethrow_after_clear:
            nxt, why = side, Notice.of("BM-14", "clear_throws_again", side=side)
        else:
            nxt, why = other(side), Notice.of("BM-13", "no_bowl_in_play", side=other(side))
    else:
        h = holder(mid)
        if h is None:
            nxt, why = side, Notice.of("BM-28", "equally_near", side=side)
        else:
            nxt, why = other(h), Notice.of("BM-12", "holds_point", holder=h, side=other(h))
    if hand[nxt] == 0:
        nxt, why = other(nxt), Notice.of("BM-12", "no_bowls_left", empty=nxt, side=other(nxt))
    w.notices.append(why)
    return Step(replace(mid, to_play=nxt), tuple(w.notices))


def _jack_out_points(state: State) -> tuple[PerSide[int], Notice]:
    """The points of a round ended by the jack going out (BM-26, option jack_out_both)."""
    ha, hb = state.hand.A, state.hand.B
    if (ha > 0) != (hb > 0):
        w: Side = "A" if ha else "B"
        return PerSide(ha, hb), Notice.of("BM-26", "round_jack_out_one", side=w, points=state.hand[w])
    if state.options.jack_out_both == "own_bowls" and (ha or hb):
        return PerSide(ha, hb), Notice.of("BM-26", "round_jack_out_own", hand_a=ha, hand_b=hb)
    return PerSide(0, 0), Notice.of("BM-26", "round_jack_out_null")


def _end_round(state: State, notices: list[Notice], jack_out: bool) -> Step[State]:
    """The round's notice is its cause (:func:`round_points`, :func:`_jack_out_points`)
    with ``round``, ``a`` and ``b`` (the round's points) in front of its parameters."""
    opts = state.options
    pts, why = _jack_out_points(state) if jack_out else round_points(state)
    score = PerSide(state.score.A + pts.A, state.score.B + pts.B)
    notices = [*notices, Notice(why.rule, why.code, (("round", state.round), ("a", pts.A), ("b", pts.B), *why.params))]
    ended = replace(state, score=score, round_scores=(*state.round_scores, pts), to_play=None)
    result = outcome(ended)
    if result is not None:
        w = result.winner
        assert w is not None  # Boulomania has no draws
        notices.append(Notice.of("BM-18", "wins", side=w, won=score[w], lost=score[other(w)]))
        return Step(replace(ended, phase="finished"), tuple(notices))
    assert state.starter is not None
    if pts.A != pts.B:
        starter: Side = "A" if pts.A > pts.B else "B"
        notices.append(Notice.of("BM-17", "winner_starts", side=starter))
    else:
        starter = state.starter if opts.null_round_starter == "same" else other(state.starter)
        notices.append(Notice.of("BM-17", "null_round_starts", side=starter))
    bowls = opts.bowls
    new = replace(
        ended,
        phase="jack_roll",
        round=state.round + 1,
        starter=starter,
        jack=None,
        spaces=_EMPTY,
        hand=PerSide(bowls, bowls),
        pocket=PerSide(0, 0),
    )
    return Step(new, tuple(notices))


# --- the typed face (pitchside.core.game.GameRules); status and score: core.face ----


def turn(state: State) -> Side | None:
    """The side to play now (``state.to_play``); None before it is settled and once the
    match is over."""
    return None if state.phase == "finished" else state.to_play


# --- the one-line snapshot (python-chess's FEN idea) ------------------------------------

_SNAPSHOT_FIELDS = 10
_OPTION_NAMES = ("target", "bowls", "double_jack_space", "push_optional", "fork_chooser", "rethrow_after_clear",
                 "null_round_starter", "shoot_own", "kiss_jack_last_row", "jack_out_both")
_PHASES: tuple[Phase, ...] = ("start_roll", "jack_roll", "throw", "finished")


def _pair(p: PerSide[int]) -> str:
    return f"{p.A},{p.B}"


def snapshot(state: State) -> str:
    """The state as one line of ten fields, python-chess FEN style;
    ``parse_snapshot(snapshot(s)) == s``.

    ``<spaces 1-6>/<spaces 7-18> <phase> <to_play> <starter> <round> <hand> <pocket>
    <score> <round scores> <options>``: a space is ``A`` or ``B`` (a bowl), ``J`` (the
    jack) or ``-``; ``to_play`` and ``starter`` are ``A``, ``B`` or ``-``; ``hand``,
    ``pocket`` and ``score`` are ``A,B`` counts; the round scores are ``A-B`` per finished
    round, comma-separated (``-``: none); the options are those not at their default,
    ``name=value`` comma-separated (``-``: all default). The board geometry is not in it
    (a table has one board: :func:`parse_snapshot` takes it).

    E.g. ``"--J---/----A----B-- throw B A 1 7,7 0,0 0,0 - -"``: round 1, A started, the
    jack on 3, A's bowl on 11 and B's on 16, B to throw (A holds the point), 7 bowls
    left each.
    """

    def cell(space: int) -> str:
        side = state.at(space)
        return side if side is not None else "J" if state.jack == space else "-"

    board = "".join(cell(s) for s in range(1, 7)) + "/" + "".join(cell(s) for s in range(7, SPACES + 1))
    rounds = ",".join(f"{r.A}-{r.B}" for r in state.round_scores) or "-"
    default = Options()
    changed = [(n, getattr(state.options, n)) for n in _OPTION_NAMES if getattr(state.options, n) != getattr(default, n)]
    opts = ",".join(f"{n}={str(v).lower() if isinstance(v, bool) else v}" for n, v in changed) or "-"
    return " ".join((board, state.phase, state.to_play or "-", state.starter or "-", str(state.round),
                     _pair(state.hand), _pair(state.pocket), _pair(state.score), rounds, opts))


def _count(text: str, what: str) -> int:
    if not text.isdigit():
        raise ValueError(f"snapshot: {what} must be a count, not {text!r}")
    return int(text)


def _counts(text: str, what: str, sep: str = ",") -> PerSide[int]:
    a, mark, b = text.partition(sep)
    if not mark:
        raise ValueError(f"snapshot: {what} must be A{sep}B, not {text!r}")
    return PerSide(_count(a, what), _count(b, what))


def _side_or_none(text: str, what: str) -> Side | None:
    if text not in ("A", "B", "-"):
        raise ValueError(f"snapshot: {what} must be A, B or -, not {text!r}")
    return None if text == "-" else "A" if text == "A" else "B"


def _options_of(text: str, board: Board) -> Options:
    if text == "-":
        return Options(board=board)
    default = Options()
    values: dict[str, object] = {}
    for item in text.split(","):
        name, mark, value = item.partition("=")
        if not mark or name not in _OPTION_NAMES or name in values:
            raise ValueError(f"snapshot: not an option of Boulomania: {item!r}")
        was = getattr(default, name)
        if isinstance(was, bool):
            if value not in ("true", "false"):
                raise ValueError(f"snapshot: {name} is true or false, not {value!r}")
            values[name] = value == "true"
        elif isinstance(was, int):
            values[name] = _count(value, name)
        else:
            values[name] = value
    opts = replace(default, board=board, **values)  # type: ignore[arg-type]
    check_options(opts)
    return opts


def parse_snapshot(text: str, board: Board = BOARD) -> State:
    """The state a :func:`snapshot` line describes, on ``board`` (the packaged BM-BOARD
    by default).

    :raises ValueError: not a snapshot: the wrong number of fields, a bad space, phase,
        side, count or option (the message names it).
    """
    fields = text.split(" ")
    if len(fields) != _SNAPSHOT_FIELDS:
        raise ValueError(f"snapshot: {_SNAPSHOT_FIELDS} fields separated by spaces, not {len(fields)}: {text!r}")
    cells, phase, to_play, starter, rnd, hand, pocket, score, rounds, opts = fields
    low, mark, high = cells.partition("/")
    if not mark or len(low) != 6 or len(high) != SPACES - 6 or set(low + high) - set("ABJ-") or "J" in high:
        raise ValueError(f"snapshot: the board must be 6/12 spaces of A, B, - (and J on a jack space), not {cells!r}")
    if (low + high).count("J") > 1:
        raise ValueError(f"snapshot: more than one jack in {cells!r}")
    if phase not in _PHASES:
        raise ValueError(f"snapshot: the phase must be one of {', '.join(_PHASES)}, not {phase!r}")
    spaces = tuple(_side_or_none(c if c != "J" else "-", "a space") for c in low + high)
    jack = (low.index("J") + 1) if "J" in low else None
    round_scores = () if rounds == "-" else tuple(_counts(r, "a round score", "-") for r in rounds.split(","))
    return State(
        options=_options_of(opts, board),
        phase=_PHASES[_PHASES.index(phase)],
        round=_count(rnd, "the round"),
        starter=_side_or_none(starter, "the starter"),
        jack=jack,
        spaces=spaces,
        hand=_counts(hand, "the hand"),
        pocket=_counts(pocket, "the pocket"),
        to_play=_side_or_none(to_play, "the team to play"),
        score=_counts(score, "the score"),
        round_scores=round_scores,
    )
