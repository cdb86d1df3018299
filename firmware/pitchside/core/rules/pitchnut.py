"""Pitchnut: the rules engine (pure).

Source: the rules as the table referees them, ``docs/rules/pitchnut.md``: the numbered
rules PN-01 to PN-31 (restating the rulebook's "Rules" and "Variant rules") and the
rulings PN-A1 to PN-A13. Every rule ID cited below is from there. The
engine does no I/O and reads no clock or random source: the coin toss enters as a
:class:`CoinToss` carrying its winner, and a shot as a :class:`Shot` summing up what
dropped (as confirmed by the players), so a match is a deterministic fold of its inputs
(:func:`apply`).

The engine speaks values, never prose: each notice of a :class:`Step` and each refusal
(:class:`IllegalInput`) is a :class:`~pitchside.core.notice.Notice` (rule ID, code,
parameters: sides "A"/"B", counts, colours), worded for the players by
:mod:`pitchside.core.words.pitchnut`. The typed face of :mod:`pitchside.core.game`
(:func:`status`, :func:`score`, :func:`turn`, :func:`outcome`) and a one-line snapshot
of a state (:func:`snapshot`, :func:`parse_snapshot`) are at the end.

The match (PN-05, PN-A9): coin toss -> the toss winner names the first breaker -> games,
each broken by the loser of the previous one -> the first side to win ``games`` games.
A game (PN-02): ``pieces`` white and ``pieces`` black object pieces in the ring, the
poison in the centre; the breaker shoots first.

How one shot is resolved (:func:`apply` on a :class:`Shot`), in this order:

1. The poison, if it dropped (PN-06 on the break; else PN-21, PN-22, PN-31, PN-24):
   the game ends, or (``early_poison="respot"``) the poison goes back to the centre and
   the turn ends.
2. Debts (PN-08, PN-29): each own piece sunk pays one debt and is spotted at the centre
   (on an open board any piece pays, the colour pocketed most first, PN-A5).
3. Colour assignment (PN-10, PN-11, PN-12, PN-13): on an open board, a shot with no
   scratch and no debt paid that pockets more of one colour gives the shooter that colour.
4. The scratch (PN-08, PN-09, PN-17, PN-18, PN-28): a pitch pocketed or off the board, or
   a referee's technique foul (PN-A10). One own pocketed piece is spotted, or, with none
   pocketed (or the board open), a piece is owed.
5. The turn (PN-14, PN-15, PN-16, PN-26, PN-27, PN-30, PN-23): bonus turns earned
   (own pieces - 1) go to the bank; the shooter goes on if the shot allows it, else spends
   one banked bonus turn, else the turn passes and the bank empties.
6. A side whose colour has no piece left on the board but still owes settles its debts
   from the pocket (engine ruling, see below).

Interpretations (the [I] rulings), each the default of a named :class:`Options` field:

* ``pieces`` (PN-02 [I], PN-A1): 10 per colour.
* ``games`` (PN-A9): games needed to win the match, first to N (1).
* ``break_poison_with_pieces`` (PN-06 [I]): ``"win"``: the poison sunk on the break
  wins whatever object pieces dropped with it (unless the pitch scratched: the breaker
  loses). ``"loss"``: PN-19/PN-25 apply on the break too: poison with any object piece
  loses.
* ``early_poison`` (PN-24 [I], PN-25 [I], PN-A2, PN-A4): ``"loss"``: the poison
  pocketed (not on the break) by a shooter who is not on the poison (board open, own
  pieces left, or a debt outstanding) loses, also when own pieces dropped with it.
  ``"respot"``: the poison goes back to the centre and the turn ends (a banked bonus turn
  may still be spent); the rest of the shot counts. PN-21 (scratch) and PN-22
  (opponent's piece) lose either way: they are the text's.
* ``turn_continues`` (PN-14, PN-16, PN-26 [I], PN-A3): ``"more_own"`` (default,
  rulings.md PN-26): with colours assigned the turn continues only if own >= 1 and
  own > opponent's pieces pocketed; opponent-only shots and more opponent's than own end
  it (PN-A3). The rulebook's "If a player pockets an object piece, that player shoots
  again" read literally would let 1 own + 2 opponent's go on while its own sentence has
  equal numbers (1 + 1) end the turn; a club referee reads "pockets an object piece" as
  one's own, as in pool. ``"any_piece"`` (the option, that literal reading): any object
  piece pocketed lets the shooter go on, except equal numbers (>= 1) of own and
  opponent's pieces (PN-16).
* ``open_equal_continues`` (PN-27 [I]): on an open board a shot pocketing object pieces
  lets the shooter go on even with equal colours (True); False: equal colours end it.
* ``paying_shot_continues`` (PN-29 [I], PN-A6): a piece that went to pay a debt still
  counts as pocketed for going on and for bonus turns (True); False: it does not.
* ``bonus_on_assigning_shot`` (PN-30 [I], PN-A7): the colour-assigning shot earns bonus
  turns like any other (True).
* ``players`` (PN-01, PN-A11): ``"singles"`` or ``"doubles"``; in doubles the teams
  alternate and the partners alternate within a team (A1, B1, A2, B2, ...), each game
  starting with partner 1 of the breaking team; a bonus turn stays with the shooter.
* The beginners' variants (PN-23): ``scratch_keeps_turn`` (a scratch is penalised but
  does not by itself end the turn: the shot is judged as if the pitch had stayed) and
  ``miss_reshoot`` (a shot that touched no object piece, pocketed nothing and did not
  scratch is taken again; no bonus turn is spent).

Fixed readings (no option: the text leaves no other sensible reading):

* PN-28 [I]: a scratch while the board is open always owes a piece. The text says so for
  the first pocketing shot (PN-12: "a future piece is owed as with any other scratch");
  on an open board no pocketed piece is "the shooter's".
* PN-29 [I]: debts accumulate (the text's stacking at the centre, PN-09); the debtor's
  own pieces sunk on any later shot pay them, the shot's pieces first, before a scratch
  on that shot spots or owes one more. An opponent's piece sunk never pays a debt ("the
  first piece *that player* sinks").
* PN-30 [I]: bonus turns are banked and spent one at a time whenever the turn would
  otherwise end (a miss, PN-16, PN-26, a scratch, a re-spotted poison); the bonus earned
  by a shot is banked before that shot's turn is judged, so PN-18's 2 own + 1 opponent's
  with a scratch goes on. Bonus counts own pieces of the shot (PN-15: n >= 2 earns n-1);
  none on an open board except the assigning shot.
* PN-31 [I]: the shooter who is on the poison (colour assigned, all own pieces pocketed,
  no debt) and sinks it alone with no scratch wins; the loser breaks the next game.
* PN-A8: object pieces and the poison knocked off the board (``Shot.white_off`` ...) are
  put back in the centre with no penalty; the shot is judged without them.
* PN-A13: poison with a scratch and an opponent's piece loses (PN-21 is checked first).
* Engine ruling (PN-29, not in rulings.md): a side with a colour but no piece of it left
  on the board (the opponent sank them) that still owes takes one from the pocket for
  each debt and spots it, so it has pieces to pay with and can get on the poison.
* Engine ruling (PN-A5): ``Shot.spot`` is read only when the rules leave the colour to
  spot open (a debt paid on an open board by equal numbers of each colour); such a shot
  without ``spot`` is refused.

Where the rulebook's literal text and rulings.md differ, rulings.md's reading is the
default and the literal one an option: ``turn_continues`` (PN-26) above. PN-04 (technique) is not sensed: a referee's ``foul`` penalises it (PN-A10).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Literal

from pitchside.core.errors import IllegalInput
from pitchside.core.face import score as score, status as status  # the typed face, re-exported
from pitchside.core.fields import check_declared, declared, option
from pitchside.core.game import Outcome
from pitchside.core.notice import Notice
from pitchside.core.sides import SIDES, PerSide, Side, other
from pitchside.core.step import Step

RULES_VERSION = 1
"""Bumped whenever a change to this module could change the state a journal folds to."""

Phase = Literal["toss", "choose_breaker", "shooting", "finished"]
Colour = Literal["white", "black"]
COLOURS: tuple[Colour, Colour] = ("white", "black")
MAX_PIECES = 50
"""Upper bound of ``Options.pieces`` (a sanity bound, not a rule)."""


def other_colour(colour: Colour) -> Colour:
    return "black" if colour == "white" else "white"


@dataclass(frozen=True, slots=True)
class Pieces:
    """A count per colour, immutable: ``p["white"]`` reads, ``p.set("white", n)`` copies."""

    white: int = 0
    black: int = 0

    def __getitem__(self, colour: Colour) -> int:
        return self.white if colour == "white" else self.black

    def set(self, colour: Colour, value: int) -> "Pieces":
        return Pieces(value, self.black) if colour == "white" else Pieces(self.white, value)

    def add(self, colour: Colour, n: int) -> "Pieces":
        return self.set(colour, self[colour] + n)

    def as_dict(self) -> dict[str, int]:
        return {"white": self.white, "black": self.black}


@dataclass(frozen=True, slots=True)
class Options:
    """Match settings, fixed before the coin toss.

    ``pieces``, ``games``, ``scratch_keeps_turn`` and ``miss_reshoot`` are the replay
    contract's options (docs/spec/replay.md, "Pitchnut"); the others are the [I]
    rulings' options (module docstring).

    :param pieces: object pieces per colour, 1..50 (PN-02, PN-A1; default 10).
    :param games: games needed to win the match, 1..99 (PN-A9; default 1).
    """

    pieces: int = option(10, lo=1, hi=MAX_PIECES, rule="PN-02", doc="object pieces per colour")
    games: int = option(1, lo=1, hi=99, rule="PN-A9", doc="games that win the match")
    scratch_keeps_turn: bool = option(False, rule="PN-23", doc="beginners: a scratch does not end the turn")
    miss_reshoot: bool = option(False, rule="PN-23", doc="beginners: a shot that touched nothing is retaken")
    break_poison_with_pieces: Literal["win", "loss"] = option(
        "win", choices=("win", "loss"), rule="PN-06", doc="the poison sunk on the break with pieces")
    early_poison: Literal["loss", "respot"] = option(
        "loss", choices=("loss", "respot"), rule="PN-24", doc="the poison sunk before its time")
    turn_continues: Literal["more_own", "any_piece"] = option(
        "more_own", choices=("more_own", "any_piece"), rule="PN-26", doc="which pocketed pieces go on")
    open_equal_continues: bool = option(True, rule="PN-27", doc="equal colours on an open board go on")
    paying_shot_continues: bool = option(True, rule="PN-29", doc="a piece paying a debt counts as pocketed")
    bonus_on_assigning_shot: bool = option(True, rule="PN-30", doc="the assigning shot earns bonus turns")
    players: Literal["singles", "doubles"] = option(
        "singles", choices=("singles", "doubles"), rule="PN-A11", doc="one player or a team of two a side")


@dataclass(frozen=True, slots=True)
class CoinToss:
    """The opening coin toss: ``winner`` chooses who breaks (PN-05)."""

    winner: Side = field(metadata=declared(choices=SIDES, rule="PN-05"))


@dataclass(frozen=True, slots=True)
class Breaker:
    """The toss winner's choice of the first breaker (PN-05)."""

    side: Side = field(metadata=declared(choices=SIDES, rule="PN-05"))


PitchFate = Literal["pocket", "off"]
BY_HAND_KINDS = ("white", "black", "poison", "pitch")
"""What a piece entered by hand can be (:attr:`Shot.by_hand`)."""


@dataclass(frozen=True, slots=True)
class Shot:
    """One shot by the side whose turn it is, summed up when it has ended.

    :param white: white object pieces pocketed (0..; more than the board has is
        refused, PN-02).
    :param black: black object pieces pocketed (0..; PN-02).
    :param poison: the poison was pocketed.
    :param pitch: ``"pocket"`` or ``"off"``: the pitch was pocketed or left the board
        (a scratch, PN-08); None: it stayed.
    :param touched: the pitch touched an object piece (PN-23 (b), ``miss_reshoot``); the
        poison is not one, so a shot that touched none may still move pieces.
    :param foul: the referee called illegal technique, penalised as a scratch (PN-A10).
    :param spot: the colour to spot when the rules leave the choice (PN-A5).
    :param white_off: white pieces knocked off the board, put back at the centre (PN-A8).
    :param black_off: black pieces knocked off the board (PN-A8).
    :param poison_off: the poison knocked off the board, put back (PN-A8).
    :param sensed: what the pocket beams counted during the shot, per pocket 1-4, kept
        beside what the players confirmed so that the record shows both (a beam can
        double-count a piece bouncing in its chute, PN-A12). The rules ignore it.
    :param by_hand: the pocketed pieces entered by hand on the shot sheet, not sensed
        by a pocket beam (a dead or missed pocket; sensor health), by kind
        (``"white"``, ``"black"``, ``"poison"``, ``"pitch"``) in the order entered; a
        record like ``sensed``, ignored by the rules.
    """

    white: int = option(0, lo=0, rule="PN-02")
    black: int = option(0, lo=0, rule="PN-02")
    poison: bool = option(False, rule="PN-03")
    pitch: PitchFate | None = option(None, choices=("pocket", "off"), nullable=True, rule="PN-08")
    touched: bool = option(True, rule="PN-23")
    foul: bool = option(False, rule="PN-A10")
    spot: Colour | None = option(None, choices=COLOURS, nullable=True, rule="PN-A5")
    white_off: int = option(0, lo=0, rule="PN-A8")
    black_off: int = option(0, lo=0, rule="PN-A8")
    poison_off: bool = option(False, rule="PN-A8")
    sensed: tuple[int, int, int, int] | None = option(
        None, "ints", length=(4, 4), lo=0, hi=99, nullable=True, rule="PN-A12")
    by_hand: tuple[str, ...] = option(
        (), "list", choices=BY_HAND_KINDS, length=(0, 2 * MAX_PIECES + 2), rule="PN-A12",
        doc="pocketed pieces entered by hand, not sensed")

    @property
    def scratch(self) -> bool:
        """A scratch: the pitch pocketed or off the board (PN-08), or a foul (PN-A10)."""
        return self.pitch is not None or self.foul

    def __getitem__(self, colour: Colour) -> int:
        return self.white if colour == "white" else self.black


Input = CoinToss | Breaker | Shot


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended: its ``winner`` and the ``cause``, a notice whose rule is the
    deciding rule (PN-06, PN-21, PN-22, PN-24, PN-25 or PN-31) and whose ``side`` is the
    shooter who sank the poison (words: :mod:`pitchside.core.words.pitchnut`)."""

    winner: Side
    cause: Notice


@dataclass(frozen=True, slots=True)
class State:
    """A Pitchnut match at one moment (rulings.md 3.1).

    :ivar pocketed: object pieces in the pockets per colour, after spotting.
    :ivar owed: pieces owed per side (debts from scratches, PN-08).
    :ivar bonus: bonus turns banked by the side to shoot (PN-15, PN-30).
    :ivar score: games won in the match.
    :ivar breaker_next: the loser of the last game (None before the first ends).
    :ivar seats: turns each side has begun in this game (doubles order, PN-A11).
    :ivar last_game: how the last finished game ended.
    """

    options: Options
    phase: Phase = "toss"
    toss_winner: Side | None = None
    game_number: int = 1
    breaker: Side | None = None
    turn: Side | None = None
    is_break: bool = True
    colours: PerSide[Colour | None] = PerSide(None, None)
    pocketed: Pieces = Pieces()
    owed: PerSide[int] = PerSide(0, 0)
    bonus: int = 0
    score: PerSide[int] = PerSide(0, 0)
    breaker_next: Side | None = None
    seats: PerSide[int] = PerSide(0, 0)
    last_game: GameResult | None = None


def new_match(options: Options | None = None) -> State:
    """A match waiting for its coin toss.

    :raises ValueError: options out of range (see :func:`check_options`).
    """
    opts = options or Options()
    check_options(opts)
    return State(options=opts)


def check_options(opts: Options) -> None:
    """Each option as declared (:func:`pitchside.core.fields.check_declared`).

    :raises ValueError: naming the bad option, the value, what is allowed and the rule.
    """
    check_declared(opts)


# --- queries -------------------------------------------------------------------------


def on_board(state: State) -> Pieces:
    """Object pieces on the board per colour (PN-02: ``pieces`` each, less the pocketed)."""
    n = state.options.pieces
    return Pieces(n - state.pocketed.white, n - state.pocketed.black)


def is_on_poison(state: State, side: Side) -> bool:
    """rulings 3.1 ``onPoison``: colour assigned, all its pieces pocketed, no debt."""
    colour = state.colours[side]
    return colour is not None and state.pocketed[colour] == state.options.pieces and state.owed[side] == 0


def shooter(state: State) -> str | None:
    """Who shoots: ``"A"`` in singles, ``"A1"``/``"A2"`` in doubles (PN-A11)."""
    if state.turn is None:
        return None
    if state.options.players == "singles":
        return state.turn
    return f"{state.turn}{1 + (max(state.seats[state.turn], 1) - 1) % 2}"


def legal_inputs(state: State) -> tuple[str, ...]:
    """Names of the inputs the rules accept now, for the display's prompts."""
    return {
        "toss": ("coin_toss",),
        "choose_breaker": ("breaker",),
        "shooting": ("shot",),
        "finished": (),
    }[state.phase]


def outcome(state: State) -> Outcome | None:
    """The result of the match (:class:`pitchside.core.game.Outcome`), else None. All
    end-of-match logic lives here: a side with ``games`` games won wins the match
    (PN-A9); the cause is that of its last game (PN-06, PN-21, PN-22, PN-24/PN-25 or
    PN-31), a :class:`~pitchside.core.notice.Notice`."""
    for side in SIDES:
        if state.score[side] >= state.options.games:
            assert state.last_game is not None  # a game won is a game ended
            return Outcome(side, state.last_game.cause)
    return None


# --- transitions ---------------------------------------------------------------------


def apply(state: State, inp: Input) -> Step[State]:
    """Apply one input.

    :returns: the new state and its notices (what the display should say).
    :raises IllegalInput: the rules do not allow ``inp`` now; ``state`` is unchanged.
    """
    if state.phase == "finished":
        raise IllegalInput(Notice.of("PN-A9", "match_over"))
    if isinstance(inp, CoinToss):
        return _coin_toss(state, inp)
    if isinstance(inp, Breaker):
        return _breaker(state, inp)
    if isinstance(inp, Shot):
        return _shot(state, inp)
    raise TypeError(f"not a Pitchnut input: {inp!r}")


def _coin_toss(state: State, toss: CoinToss) -> Step[State]:
    if state.phase != "toss":
        raise IllegalInput(Notice.of("PN-05", "toss_once"))
    new = replace(state, phase="choose_breaker", toss_winner=toss.winner)
    return Step(new, (Notice.of("PN-05", "toss_won", side=toss.winner),))


def _breaker(state: State, choice: Breaker) -> Step[State]:
    if state.phase == "toss":
        raise IllegalInput(Notice.of("PN-05", "toss_first"))
    if state.phase != "choose_breaker":
        raise IllegalInput(Notice.of("PN-05", "breaker_after_toss_only"))
    new = _start_game(replace(state, phase="shooting"), choice.side)
    return Step(new, (Notice.of("PN-05", "breaks", side=choice.side),))


def _start_game(state: State, breaker: Side) -> State:
    """A fresh game (PN-02): all pieces in the ring, open board, ``breaker`` to shoot."""
    return replace(
        state,
        phase="shooting",
        breaker=breaker,
        turn=breaker,
        is_break=True,
        colours=PerSide(None, None),
        pocketed=Pieces(),
        owed=PerSide(0, 0),
        bonus=0,
        seats=PerSide(0, 0).set(breaker, 1),
    )


def _check_shot(state: State, shot: Shot) -> None:
    if state.phase == "toss":
        raise IllegalInput(Notice.of("PN-05", "toss_first"))
    if state.phase == "choose_breaker":
        raise IllegalInput(Notice.of("PN-05", "choose_breaker_first", side=state.toss_winner))
    left = on_board(state)
    for colour in COLOURS:
        gone = shot[colour] + (shot.white_off if colour == "white" else shot.black_off)
        if gone > left[colour]:
            raise IllegalInput(
                Notice.of("PN-02", "more_than_on_board", colour=colour, on_board=left[colour], count=gone)
            )
    if shot.poison and shot.poison_off:
        raise IllegalInput(Notice.of("PN-A8", "poison_pocketed_and_off"))
    # ``touched: false`` with pieces moved is no contradiction: the pitch may touch only
    # the poison, which is not an object piece, and move pieces through it (PN-23 reads
    # ``touched`` only for a clean miss).


CAUSES: frozenset[tuple[str, str]] = frozenset({
    ("PN-06", "poison_break_wins"),
    ("PN-06", "poison_break_scratch"),
    ("PN-25", "poison_break_with_pieces"),
    ("PN-21", "poison_with_scratch"),
    ("PN-22", "poison_with_opponent_piece"),
    ("PN-31", "poison_alone_wins"),
    ("PN-25", "poison_early_with_pieces"),
    ("PN-24", "poison_early"),
})
"""``(rule, code)`` of every cause a game can end with (:func:`_poison_result`); each
cause's ``side`` is the shooter who sank the poison."""


def _poison_result(state: State, shot: Shot, side: Side) -> GameResult | None:
    """The poison dropped: who wins the game, or None to re-spot it (``early_poison``).

    Checked in this order: the break (PN-06), a scratch (PN-21, PN-A13), an opponent's
    piece (PN-22), the shooter on the poison (PN-31, PN-19), else not on it (PN-24)."""
    opp = other(side)
    pieces = shot.white + shot.black
    if state.is_break:
        if shot.scratch:
            return GameResult(opp, Notice.of("PN-06", "poison_break_scratch", side=side))
        if pieces and state.options.break_poison_with_pieces == "loss":
            return GameResult(opp, Notice.of("PN-25", "poison_break_with_pieces", side=side))
        return GameResult(side, Notice.of("PN-06", "poison_break_wins", side=side))
    if shot.scratch:
        return GameResult(opp, Notice.of("PN-21", "poison_with_scratch", side=side))
    opp_colour = state.colours[opp]
    if opp_colour is not None and shot[opp_colour]:
        return GameResult(opp, Notice.of("PN-22", "poison_with_opponent_piece", side=side))
    if is_on_poison(state, side):
        return GameResult(side, Notice.of("PN-31", "poison_alone_wins", side=side))
    if state.options.early_poison == "loss":
        if pieces:
            return GameResult(opp, Notice.of("PN-25", "poison_early_with_pieces", side=side))
        return GameResult(opp, Notice.of("PN-24", "poison_early", side=side))
    return None


def _spot_colour(remaining: Pieces, spot: Colour | None) -> Colour:
    """The colour of a piece paying a debt on an open board (PN-A5): the colour pocketed
    most on the shot; on an equal count the shooter's ``spot``."""
    if remaining.white != remaining.black:
        return "white" if remaining.white > remaining.black else "black"
    if spot is None:
        raise IllegalInput(Notice.of("PN-A5", "spot_needed"))
    return spot


def _shot(state: State, shot: Shot) -> Step[State]:
    _check_shot(state, shot)
    side = state.turn
    assert side is not None  # phase "shooting" always has a turn
    opp = other(side)
    opts = state.options
    notices: list[Notice] = []
    off: tuple[tuple[Colour, int], ...] = (("white", shot.white_off), ("black", shot.black_off))
    for colour, n in off:
        if n:
            notices.append(Notice.of("PN-A8", "put_back", colour=colour, count=n))
    if shot.poison_off:
        notices.append(Notice.of("PN-A8", "poison_put_back"))

    # 1. The poison (PN-06, PN-19..PN-22, PN-24, PN-25, PN-31).
    respot = False
    if shot.poison:
        result = _poison_result(state, shot, side)
        if result is not None:
            pocketed = state.pocketed.add("white", shot.white).add("black", shot.black)
            return _end_game(replace(state, pocketed=pocketed), result, notices)
        respot = True
        notices.append(Notice.of("PN-A2", "poison_respotted"))

    pocketed = state.pocketed.add("white", shot.white).add("black", shot.black)
    owed = state.owed
    colours = state.colours
    paid = 0

    # 2. Debts (PN-29) and 3. colour assignment (PN-10..PN-13).
    if colours[side] is None:
        remaining = Pieces(shot.white, shot.black)
        while owed[side] > 0 and remaining.white + remaining.black > 0:
            colour = _spot_colour(remaining, shot.spot)
            remaining = remaining.add(colour, -1)
            pocketed = pocketed.add(colour, -1)
            owed = owed.set(side, owed[side] - 1)
            paid += 1
            notices.append(Notice.of("PN-29", "pays_debt_open", side=side, colour=colour))
        if not shot.scratch and paid == 0 and shot.white != shot.black:
            mine: Colour = "white" if shot.white > shot.black else "black"
            colours = PerSide(mine, other_colour(mine)) if side == "A" else PerSide(other_colour(mine), mine)
            notices.append(Notice.of("PN-10", "colours_assigned", side=side, colour=mine))
        elif shot.white + shot.black and shot.white == shot.black and not shot.scratch and paid == 0:
            notices.append(Notice.of("PN-11", "equal_colours_open"))
        elif shot.white + shot.black and (shot.scratch or paid):
            notices.append(Notice.of("PN-13" if paid else "PN-12", "board_stays_open"))
        assigned_now = colours[side] is not None
    else:
        assigned_now = False
        own_colour = colours[side]
        assert own_colour is not None
        paid = min(owed[side], shot[own_colour])
        if paid:
            pocketed = pocketed.add(own_colour, -paid)
            owed = owed.set(side, owed[side] - paid)
            notices.append(Notice.of("PN-29", "pays_debts", side=side, count=paid, colour=own_colour))

    # 4. The scratch (PN-08, PN-09, PN-17, PN-18, PN-28, PN-A10).
    own_colour_now = colours[side]
    if shot.scratch:
        why = "foul" if shot.foul and shot.pitch is None else "scratch"
        if own_colour_now is not None and pocketed[own_colour_now] > 0:
            pocketed = pocketed.add(own_colour_now, -1)
            notices.append(Notice.of("PN-08", "spot_one", kind=why, colour=own_colour_now))
        else:
            owed = owed.set(side, owed[side] + 1)
            rule = "PN-28" if own_colour_now is None else "PN-08"
            notices.append(Notice.of(rule, "owes", kind=why, side=side, count=owed[side]))

    # 5. The turn (PN-14..PN-16, PN-23, PN-26, PN-27, PN-30).
    counted_paid = 0 if opts.paying_shot_continues else paid
    earned = 0
    if own_colour_now is None:  # the board is still open
        n = shot.white + shot.black - counted_paid
        goes_on = n > 0 and (opts.open_equal_continues or shot.white != shot.black)
        end_rule = "PN-14" if n == 0 else "PN-27"
    else:
        own = shot[own_colour_now] - counted_paid
        opp_n = shot[other_colour(own_colour_now)]
        if assigned_now and not opts.bonus_on_assigning_shot:
            earned = 0
        else:
            earned = max(own - 1, 0)
        if opts.turn_continues == "more_own":
            goes_on = own >= 1 and own > opp_n
        else:
            goes_on = own + opp_n >= 1 and own != opp_n
        end_rule = "PN-14" if own + opp_n == 0 else "PN-16" if own == opp_n else "PN-26"
    if shot.scratch and not opts.scratch_keeps_turn:
        goes_on, end_rule = False, "PN-08"
    if respot:
        goes_on, end_rule = False, "PN-A2"
    clean_miss = (
        not shot.touched and not shot.scratch and not shot.poison and shot.white + shot.black == 0
    )
    if earned:
        notices.append(Notice.of("PN-15", "banks_bonus", side=side, count=earned))
    bank = state.bonus + earned
    turn, seats, is_break = side, state.seats, False
    if goes_on:
        notices.append(Notice.of("PN-14", "shoots_again", side=side))
    elif clean_miss and opts.miss_reshoot:
        is_break = state.is_break  # the shot is taken again: a re-taken break is the break
        notices.append(Notice.of("PN-23", "miss_reshoot", side=side))
    elif bank > 0:
        bank -= 1
        notices.append(Notice.of("PN-30", "spends_bonus", side=side, left=bank))
    else:
        turn, bank = opp, 0
        seats = seats.set(opp, seats[opp] + 1)
        notices.append(Notice.of(end_rule, "to_shoot", side=opp))

    new = replace(
        state,
        turn=turn,
        is_break=is_break,
        colours=colours,
        pocketed=pocketed,
        owed=owed,
        bonus=bank,
        seats=seats,
    )
    # 6. Debts with no own piece left on the board are settled from the pocket (PN-29).
    for s in SIDES:
        debt_colour = new.colours[s]
        while debt_colour is not None and new.owed[s] > 0 and new.pocketed[debt_colour] == opts.pieces:
            new = replace(new, pocketed=new.pocketed.add(debt_colour, -1), owed=new.owed.set(s, new.owed[s] - 1))
            notices.append(Notice.of("PN-29", "debt_from_pocket", side=s, colour=debt_colour))
    if new.turn is not None and is_on_poison(new, new.turn):
        notices.append(Notice.of("PN-31", "on_poison", side=new.turn))
    return Step(new, tuple(notices))


def _end_game(state: State, result: GameResult, notices: list[Notice]) -> Step[State]:
    """A game is over: count it, then end the match (:func:`outcome`) or start the next
    game broken by the loser (PN-05, PN-31)."""
    winner = result.winner
    loser = other(winner)
    notices.append(Notice.of(result.cause.rule, "wins_game", side=winner, game=state.game_number))
    done = replace(
        state,
        score=state.score.set(winner, state.score[winner] + 1),
        breaker_next=loser,
        last_game=result,
        bonus=0,
    )
    if outcome(done) is not None:
        notices.append(Notice.of("PN-A9", "wins_match", side=winner))
        return Step(replace(done, phase="finished", turn=None, is_break=False), tuple(notices))
    nxt = _start_game(replace(done, game_number=state.game_number + 1), loser)
    notices.append(Notice.of("PN-05", "next_game", game=nxt.game_number, side=loser))
    return Step(nxt, tuple(notices))


# --- the typed face (pitchside.core.game.GameRules); status and score: core.face ----


def turn(state: State) -> Side | None:
    """The side to play now (``state.turn``); None before it is settled and once the
    match is over."""
    return None if state.phase == "finished" else state.turn



# --- the snapshot: one line per state (python-chess's FEN idea) -----------------------
#
# Fields, separated by one space, in this order ("-" for none):
#   phase  game_number  toss_winner  breaker  turn  break  colours  pocketed  owed
#   bonus  score  breaker_next  seats  last_game  options
# ``break`` is "break" when the next shot is the break, else "-"; ``colours`` is A's then
# B's colour as one letter each ("w", "b", "-"); ``pocketed`` is "white/black", ``owed``,
# ``score`` and ``seats`` "A/B"; ``last_game`` is "winner:rule:code:shooter" (the game's
# cause, PN-06 ... PN-31); ``options`` lists the options that differ from the defaults,
# "name=value" joined by ",", in :class:`Options` order ("-": all default).

_COLOUR_LETTER: dict[Colour | None, str] = {"white": "w", "black": "b", None: "-"}
_LETTER_COLOUR: dict[str, Colour | None] = {v: k for k, v in _COLOUR_LETTER.items()}
_PHASES: dict[str, Phase] = {p: p for p in ("toss", "choose_breaker", "shooting", "finished")}


def snapshot(state: State) -> str:
    """The state as one line (fields above); :func:`parse_snapshot` reads it back:
    ``parse_snapshot(snapshot(s)) == s`` for every state the rules can reach.

    Five pieces a colour, A won the toss and broke with one white (A white), then
    scratched the pitch off the board (the white spotted, B to shoot):
    ``"shooting 1 A A B - wb 0/0 0/0 0 0/0 - 1/1 - pieces=5"``.
    """
    opt = state.options
    default = Options()
    changed = [
        f"{f.name}={_option_text(getattr(opt, f.name))}"
        for f in fields(Options)
        if getattr(opt, f.name) != getattr(default, f.name)
    ]
    last = state.last_game
    last_text = "-" if last is None else f"{last.winner}:{last.cause.rule}:{last.cause.code}:{last.cause['side']}"
    return " ".join((
        state.phase,
        str(state.game_number),
        state.toss_winner or "-",
        state.breaker or "-",
        state.turn or "-",
        "break" if state.is_break else "-",
        _COLOUR_LETTER[state.colours.A] + _COLOUR_LETTER[state.colours.B],
        f"{state.pocketed.white}/{state.pocketed.black}",
        f"{state.owed.A}/{state.owed.B}",
        str(state.bonus),
        f"{state.score.A}/{state.score.B}",
        state.breaker_next or "-",
        f"{state.seats.A}/{state.seats.B}",
        last_text,
        ",".join(changed) or "-",
    ))


def parse_snapshot(text: str) -> State:
    """The state a :func:`snapshot` line stands for.

    :raises ValueError: not a Pitchnut snapshot (names the field and what is wrong), or
        options out of range (:func:`check_options`).
    """
    parts = text.split(" ")
    if len(parts) != 15:
        raise ValueError(f"a Pitchnut snapshot has 15 fields separated by one space, not {len(parts)}")
    (phase, game_number, toss_winner, breaker, turn_, is_break, colours, pocketed, owed, bonus, score_,
     breaker_next, seats, last_game, options) = parts
    if phase not in _PHASES:
        raise ValueError(f"phase must be one of {', '.join(_PHASES)}, not {phase!r}")
    if is_break not in ("break", "-"):
        raise ValueError(f"break must be 'break' or '-', not {is_break!r}")
    if len(colours) != 2 or any(c not in _LETTER_COLOUR for c in colours):
        raise ValueError(f"colours must be two of 'w', 'b', '-' (A's, B's), not {colours!r}")
    white, black = _pair(pocketed, "pocketed")
    opts = _parse_options(options)
    check_options(opts)
    return State(
        options=opts,
        phase=_PHASES[phase],
        toss_winner=_optional_side(toss_winner, "toss_winner"),
        game_number=_count(game_number, "game_number"),
        breaker=_optional_side(breaker, "breaker"),
        turn=_optional_side(turn_, "turn"),
        is_break=is_break == "break",
        colours=PerSide(_LETTER_COLOUR[colours[0]], _LETTER_COLOUR[colours[1]]),
        pocketed=Pieces(white, black),
        owed=PerSide(*_pair(owed, "owed")),
        bonus=_count(bonus, "bonus"),
        score=PerSide(*_pair(score_, "score")),
        breaker_next=_optional_side(breaker_next, "breaker_next"),
        seats=PerSide(*_pair(seats, "seats")),
        last_game=_parse_last_game(last_game),
    )


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _count(text: str, name: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"{name} must be a count (digits), not {text!r}")
    return int(text)


def _pair(text: str, name: str) -> tuple[int, int]:
    first, sep, second = text.partition("/")
    if not sep:
        raise ValueError(f"{name} must be two counts 'n/m', not {text!r}")
    return _count(first, name), _count(second, name)


def _optional_side(text: str, name: str) -> Side | None:
    if text == "-":
        return None
    if text not in SIDES:
        raise ValueError(f"{name} must be 'A', 'B' or '-', not {text!r}")
    return "A" if text == "A" else "B"


def _parse_last_game(text: str) -> GameResult | None:
    if text == "-":
        return None
    parts = text.split(":")
    if len(parts) != 4:
        raise ValueError(f"last_game must be '-' or 'winner:rule:code:shooter', not {text!r}")
    if (parts[1], parts[2]) not in CAUSES:
        raise ValueError(f"last_game: {parts[1]}:{parts[2]} is not how a Pitchnut game ends")
    winner = _optional_side(parts[0], "last_game's winner")
    shooter_side = _optional_side(parts[3], "last_game's shooter")
    if winner is None or shooter_side is None:
        raise ValueError(f"last_game must name its winner and shooter, not {text!r}")
    return GameResult(winner, Notice.of(parts[1], parts[2], side=shooter_side))


def _parse_options(text: str) -> Options:
    if text == "-":
        return Options()
    default = Options()
    names = [f.name for f in fields(Options)]
    values: dict[str, object] = {}
    for item in text.split(","):
        name, sep, raw = item.partition("=")
        if not sep or name not in names:
            raise ValueError(f"options must be 'name=value' of Pitchnut's options, not {item!r}")
        if name in values:
            raise ValueError(f"option {name!r} given twice")
        current = getattr(default, name)
        if isinstance(current, bool):
            if raw not in ("true", "false"):
                raise ValueError(f"option {name!r} must be true or false, not {raw!r}")
            values[name] = raw == "true"
        elif isinstance(current, int):
            values[name] = _count(raw, f"option {name!r}")
        else:
            values[name] = raw
    return replace(default, **values)  # type: ignore[arg-type]  # choices: check_options
