"""Pitch Bowl: the rules engine (pure) -- the referee's bookkeeping of a flick-football match.

Source: the rules as the table referees them, ``docs/rules/pitchbowl.md``: the numbered
rules PB-01 to PB-36 (restating the "Pitch Bowl Rulebook") and the rulings PB-A1 to
PB-A15. Every rule ID cited below is from there. The engine does no I/O and reads no
clock or random source: the coin toss enters as a :class:`CoinToss` carrying its winner, so
a match is a deterministic fold of its inputs (:func:`apply`).

No sensor can follow the pieces (PB-A14): every event is a coach's report of one pitch
(:class:`Pitch`), judged and agreed by both coaches. Movement (PB-08, PB-11: the rings
1C/2C/3C of the movement table, a player on a line or an intersection), the kicking stance
(PB-05) and pieces touched in error (PB-12) are the coaches' judgement: they enter as the
``all_out`` and ``fall`` flags, or not at all. The engine tracks what coaches get wrong or
argue about: the kick-off order, the initiative, pieces turned over this turn, the turn's
one Pass and one Going All-Out, the bonus pitch owed, the announcement rules, why the
initiative was lost, the players off the field, and the touchdowns to 3.

Interpretations (the [I] rulings and the readings of ambiguities), each the default of a
named :class:`Options` field:

* ``end_turn`` (PB-34, PB-A1): ``"unless_def_placement"``: a coach may end his turn with
  :class:`EndTurn` (counts as END OF TURN), refused while the Defensive Placement rule is on.
  ``"always"``: allowed with the rule on too; ``"never"``: the text only (flick every piece).
* ``carrier_out`` (PB-35, PB-A5): ``"ball_out"``: a ball carrier leaving the field (not
  through the opposing end line) is OUT OF BOUNDS and BALL OUT: the opponent of the active
  coach gets the ball. ``"loose"``: only OUT OF BOUNDS; the ball is left loose where the
  carrier went out (``possession`` null) unless the coaches also report ``ball_out``.
  The option reads the pitch's ``carrier_out`` flag; the replay spec's own fields say the
  carrier left with ``ball_out`` while a piece carries the ball, which is OUT OF BOUNDS and
  BALL OUT under either option (the Ball was reported out). ``out_of_bounds`` may name the
  carrier's side or not: a carried Ball leaves the field only with its carrier, so a pitch
  whose ``out_of_bounds`` lacks his side counts him off the field all the same.
* ``foul_voids_touchdown`` (PB-36): True: a touchdown reported with a foul in the same pitch
  (FALL, a second All-Out, or a player out of bounds) is ignored -- the text wants a
  "proper" touchdown. False: it counts, and the foul costs nothing more.
* ``bonus_any_action`` (PB-A3): True: the bonus pitch is a full pitch and may be a Pass (the
  one-pass limit still applies) or a Hand Off. False: a Pass or Hand Off announced for the
  bonus pitch is refused. The passer counts as pitched either way (PB-A3).
* ``def_placement_before_bonus`` (PB-A11): False: no defensive placement between a
  successful Strip/Pick Up and its bonus pitch (the bonus "must be performed immediately").
  True: the window opens after that pitch too; the bonus pitch is still owed next.
* ``bonus_all_out_again`` (PB-09, this module's reading): True: the rulebook limits Going
  All-Out to "ONLY ONE PLAYER of the team" and makes "the second player" a foul, so the
  player who went All-Out may go All-Out again in its own bonus pitch. False: any second
  All-Out in the turn is the foul (the rulings' ``allOutUsed`` flag read strictly).

Where the text and rulings.md part ways, the rulebook wins:

* Going All-Out: the rulings' state model keeps one ``allOutUsed`` flag per turn, which
  would make the bonus pitch of the player who went All-Out a foul if it goes All-Out
  again. The text limits All-Out to one *player* and fouls "the second player", so that
  bonus pitch is allowed by default (``bonus_all_out_again``).
* Touchdown by an interceptor: PB-27 speaks of the scoring coach without saying whose
  pitch it is; the text's "receives the ball while in the end zone" covers an interceptor
  (he is replaced by a ball-carrier piece), so he scores.

Further readings this engine makes (no option; the rulebook decides or the engine cannot see):

* A FALL (PB-10) puts back what was improperly moved: the coaches report in the pitch only
  what stands after that (a Pick Up that touched the ball inside the allowed zone stands).
  The engine then applies the loss of initiative.
* A TOUCHDOWN is scored by the side carrying the ball after the pitch: the active team, or
  an opponent who intercepted the Pass while on the end line or in the end zone he attacks
  (the text: "it receives the ball while ... in the end zone"; an interceptor is replaced by
  a ball-carrier piece, so he receives it). Where the carrier was (PB-A4: a Pick Up or Strip
  inside the end zone scores only on touching or crossing the line) is the coaches' call
  when they press ``touchdown``.
* A TOUCHDOWN reported with ``ball_out`` stands (PB-36): the carrier crossing the opposing
  end line takes the Ball with him and is never out; ``ball_out`` adds nothing to it.
* Announced-action limits (PB-33): Strip and Pick Up once a turn each, counted on the
  announcement; Pass once (PB-22); Hand Off unlimited (PB-20).
* An announced action needs its ``result`` and an unannounced pitch has none: it is the
  simple action (PB-13): a Block, or a Clearance if it touched the Ball.
* The defensive placement window (PB-31) opens after each proper pitch of the active team
  (no loss of initiative, not owed a bonus unless ``def_placement_before_bonus``), for one
  placement, and closes at the next input. None opens after the pitch that ends the turn.
  The defender's pieces turned over this turn (placements and his pieces K.O.'d, PB-A12)
  cannot be placed again; a cancelled placement (PB-32) turns nothing over.
* END OF TURN (PB-29, PB-A13) comes when the pieces turned over (pitched players and own
  pieces K.O.'d, PB-26) reach the team's players on the field, ``11 - off_field``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
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

PLAYERS_ON_FIELD = 11
"""Players a team places (PB-01, PB-04)."""
PIECES = 13
"""Pieces of a team, ball carriers included (PB-01)."""
MIN_ON_MARKER = 3
"""Players at least touching the centre line marker at placement (PB-04)."""
MAX_ON_WING = 2
"""Players at most on one wing at placement (PB-04, PB-A6: per wing)."""
TOUCHDOWNS_TO_WIN = 3
"""Touchdowns that win the match (PB-30)."""

Phase = Literal["toss", "choose", "place_defender", "place_attacker", "kickoff", "turn", "finished"]
Announce = Literal["strip", "pickup", "handoff", "pass"]
ANNOUNCES: tuple[Announce, ...] = ("strip", "pickup", "handoff", "pass")
Result = Literal["success", "miss", "interception"]
RESULTS: tuple[Result, ...] = ("success", "miss", "interception")
EndTurnRule = Literal["unless_def_placement", "always", "never"]
CarrierOutRule = Literal["ball_out", "loose"]
Cause = Literal[
    "MISS", "FALL", "OUT_OF_BOUNDS", "CLEARANCE", "BALL_OUT", "INTERCEPTION", "END_OF_TURN", "TOUCHDOWN"
]
"""The causes of a loss of initiative, as the text lists them (PB-28)."""


@dataclass(frozen=True, slots=True)
class Options:
    """Match settings, fixed before the coin toss.

    ``defensive_placement`` is the replay contract's option (docs/spec/replay.md): the
    advanced Defensive Placement rule (PB-31, PB-32), off by default. The others are the
    interpretations' options (module docstring).
    """

    defensive_placement: bool = option(False, rule="PB-31", doc="the advanced Defensive Placement rule")
    end_turn: EndTurnRule = option("unless_def_placement", choices=("unless_def_placement", "always", "never"),
                                   rule="PB-34", doc="when a coach may end his turn")
    carrier_out: CarrierOutRule = option("ball_out", choices=("ball_out", "loose"), rule="PB-35",
                                         doc="a ball carrier leaving the field")
    foul_voids_touchdown: bool = option(True, rule="PB-36", doc="a foul in the pitch voids its touchdown")
    bonus_any_action: bool = option(True, rule="PB-A3", doc="the bonus pitch may be a Pass or Hand Off")
    def_placement_before_bonus: bool = option(False, rule="PB-A11", doc="a defensive placement before a bonus")
    bonus_all_out_again: bool = option(True, rule="PB-09", doc="the All-Out player may go All-Out again")


# --- inputs ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoinToss:
    """The coin toss (PB-02): ``winner`` chooses to kick or to receive."""

    winner: Side = field(metadata=declared(choices=SIDES, rule="PB-02"))


@dataclass(frozen=True, slots=True)
class Choose:
    """The toss winner's choice (PB-02): ``"kick"`` makes him the defender (PB-03)."""

    choice: Literal["kick", "receive"] = field(metadata=declared(choices=("kick", "receive"), rule="PB-02"))


@dataclass(frozen=True, slots=True)
class Placement:
    """A team's placement, confirmed by its coach against the checklist (PB-03, PB-04).

    :param side: the team placing: the defender (kicker) first, then the attacker.
    :param players: players placed, 0..13 (exactly 11 required).
    :param on_marker: players touching the centre line marker (at least 3).
    :param max_on_wing: the most players on any one wing (at most 2, PB-A6).
    :param over_line: a player overlaps the centre line (none may).
    """

    side: Side = field(metadata=declared(choices=SIDES, rule="PB-03"))
    players: int = option(PLAYERS_ON_FIELD, lo=0, hi=PIECES, rule="PB-04")
    on_marker: int = option(MIN_ON_MARKER, lo=0, hi=PIECES, rule="PB-04")
    max_on_wing: int = option(MAX_ON_WING, lo=0, hi=PIECES, rule="PB-A6")
    over_line: bool = option(False, rule="PB-04")


@dataclass(frozen=True, slots=True)
class Kickoff:
    """The kick-off (PB-05): ``landed`` the Ball in the opposing half (end zone included);
    False is a touch back (PB-06, PB-A9: the attacker gives the ball to a player)."""

    landed: bool = option(True, rule="PB-06")


@dataclass(frozen=True, slots=True)
class Pitch:
    """One pitch by the active team, summed up by the coaches once the pieces have stopped.

    :param announce: the decisive action announced before the pitch (PB-13), or None.
    :param result: the announced action's outcome: ``"success"``, ``"miss"`` (PB-14), or
        ``"interception"`` (a Pass only, PB-23); None when nothing was announced.
    :param all_out: the player Went All-Out (PB-09).
    :param fall: the player exceeded its movement beyond what Going All-Out allows (PB-10).
    :param clearance: the player touched the Ball with no Pick Up announced (PB-21).
    :param out_of_bounds: the side of each player that fully left the field (PB-24), one
        entry per player.
    :param ball_out: the Ball left the field (PB-25); a carried Ball leaves only with its
        carrier, so while a piece carries the ball it is the carrier leaving (PB-35, PB-A5):
        OUT OF BOUNDS and BALL OUT, the carrier's side counted among ``out_of_bounds``
        whether listed there or not; with ``touchdown`` it is the carrier crossing the end
        line (no ball out).
    :param touchdown: a ball carrier scored (PB-27).
    :param ko: own pieces accidentally turned over (PB-26), besides the pitched player.
    :param carrier_out: one of the ``out_of_bounds`` players was the ball carrier (PB-35),
        an optional extra: ``ball_out`` says it too, and only this flag can say it under
        the ``"loose"`` option without the Ball going out.
    :param ko_opponent: opposing pieces turned over (PB-A12; they cannot make a defensive
        placement this turn).
    """

    announce: Announce | None = option(None, choices=ANNOUNCES, nullable=True, rule="PB-13")
    result: Result | None = option(None, choices=RESULTS, nullable=True, rule="PB-14")
    all_out: bool = option(False, rule="PB-09")
    fall: bool = option(False, rule="PB-10")
    clearance: bool = option(False, rule="PB-21")
    out_of_bounds: tuple[Side, ...] = option((), "list", choices=SIDES, length=(0, 2 * PLAYERS_ON_FIELD),
                                             rule="PB-24")
    ball_out: bool = option(False, rule="PB-25")
    touchdown: bool = option(False, rule="PB-27")
    ko: int = option(0, lo=0, hi=PLAYERS_ON_FIELD, rule="PB-26")
    carrier_out: bool = option(False, rule="PB-35")
    ko_opponent: int = option(0, lo=0, hi=PLAYERS_ON_FIELD, rule="PB-A12")


@dataclass(frozen=True, slots=True)
class EndTurn:
    """The active coach ends his turn (PB-34, PB-A1)."""


@dataclass(frozen=True, slots=True)
class DefPlacement:
    """A defensive placement by the opponent of the active team (PB-31): ``ok`` False when
    the piece did anything but a Run without Going All-Out (PB-32)."""

    ok: bool = option(True, rule="PB-32")


Input = CoinToss | Choose | Placement | Kickoff | Pitch | EndTurn | DefPlacement


# --- state -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Loss:
    """A loss of initiative: the ``side`` that lost it, the ``cause`` (PB-28) and the rule."""

    side: Side
    cause: Cause
    rule: str


@dataclass(frozen=True, slots=True)
class State:
    """A Pitch Bowl match at one moment (rulings.md 1.1, State model).

    Turn counters (``pitched`` .. ``def_turned``) belong to the active team's current turn
    and are reset at every loss of initiative (PB-28).

    :param kicker: the defender of the current phase of play (PB-03, PB-27).
    :param active: the coach with the initiative; None outside turns.
    :param possession: the side holding the ball, None when the Ball is loose or not yet
        kicked.
    :param pitched: pieces of the active team turned over this turn (pitched players and
        own pieces K.O.'d; a bonus pitch adds none).
    :param all_out_by_bonus_player: the All-Out of this turn was by the player owed the
        bonus pitch (``bonus_all_out_again``).
    :param def_window: a defensive placement may be made now (PB-31).
    :param def_allowed: no defensive placement has gone wrong this turn (PB-32).
    :param def_turned: the defender's pieces turned over this turn (placements, K.O.).
    :param last_loss: the last loss of initiative, for the display.
    """

    options: Options
    phase: Phase = "toss"
    toss_winner: Side | None = None
    kicker: Side | None = None
    active: Side | None = None
    possession: Side | None = None
    score: PerSide[int] = PerSide(0, 0)
    off_field: PerSide[int] = PerSide(0, 0)
    pitched: int = 0
    all_out_used: bool = False
    all_out_by_bonus_player: bool = False
    pass_used: bool = False
    strip_used: bool = False
    pickup_used: bool = False
    bonus_pending: bool = False
    def_window: bool = False
    def_allowed: bool = True
    def_turned: int = 0
    last_loss: Loss | None = None


def new_match(options: Options | None = None) -> State:
    """A match waiting for its coin toss (PB-02).

    :raises ValueError: an option with a value it cannot take.
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


def on_field(state: State, side: Side) -> int:
    """Players of ``side`` on the field: 11 less those out of bounds (PB-24, PB-A13)."""
    return PLAYERS_ON_FIELD - state.off_field[side]


def pitches_left(state: State) -> int:
    """Players of the active team still to pitch this turn (the bonus pitch not counted);
    0 outside turns."""
    if state.phase != "turn" or state.active is None:
        return 0
    return max(0, on_field(state, state.active) - state.pitched)


def def_pieces_left(state: State) -> int:
    """Active pieces the defender may still use for a defensive placement this turn."""
    if state.phase != "turn" or state.active is None:
        return 0
    return max(0, on_field(state, other(state.active)) - state.def_turned)


def to_act(state: State) -> Side | None:
    """The coach whose input the table waits for: the toss winner chooses, the kicker
    places first and kicks, the attacker places second, the active coach pitches."""
    if state.phase == "choose":
        return state.toss_winner
    if state.phase in ("place_defender", "kickoff"):
        return state.kicker
    if state.phase == "place_attacker":
        return other(state.kicker) if state.kicker else None
    if state.phase == "turn":
        return state.active
    return None


def can_end_turn(state: State) -> bool:
    """True when :class:`EndTurn` is accepted now (PB-34)."""
    try:
        _check_end_turn(state)
    except IllegalInput:
        return False
    return True


def legal_inputs(state: State) -> tuple[str, ...]:
    """Names of the inputs the rules accept now, for the display's prompts."""
    if state.phase == "turn":
        names = ["pitch"] if (state.bonus_pending or pitches_left(state) > 0) else []
        if can_end_turn(state):
            names.append("end_turn")
        if _def_placement_refusal(state) is None:
            names.append("def_placement")
        return tuple(names)
    return {
        "toss": ("coin_toss",),
        "choose": ("choose",),
        "place_defender": ("placement",),
        "place_attacker": ("placement",),
        "kickoff": ("kickoff",),
        "finished": (),
    }[state.phase]


def outcome(state: State) -> Outcome | None:
    """The result of a finished match, else None: the first team to 3 touchdowns (PB-30)."""
    for side in SIDES:
        if state.score[side] >= TOUCHDOWNS_TO_WIN:
            return Outcome(side, Notice.of("PB-30", "three_touchdowns", side=side, touchdowns=TOUCHDOWNS_TO_WIN))
    return None


# --- transitions ---------------------------------------------------------------------


def apply(state: State, inp: Input) -> Step[State]:
    """Apply one input.

    :returns: the new state and its notices (what the display should say).
    :raises IllegalInput: the rules do not allow ``inp`` now; ``state`` is unchanged.
    """
    if state.phase == "finished":
        raise IllegalInput(Notice.of("PB-30", "match_over"))
    if isinstance(inp, CoinToss):
        return _coin_toss(state, inp)
    if isinstance(inp, Choose):
        return _choose(state, inp)
    if isinstance(inp, Placement):
        return _placement(state, inp)
    if isinstance(inp, Kickoff):
        return _kickoff(state, inp)
    if isinstance(inp, Pitch):
        return _pitch(state, inp)
    if isinstance(inp, EndTurn):
        return _end_turn(state)
    if isinstance(inp, DefPlacement):
        return _def_placement(state, inp)
    raise TypeError(f"not a Pitch Bowl input: {inp!r}")


def _not_in_turn(state: State, what: str) -> IllegalInput:
    """The refusal of a turn input (``what``: its replay name, ``"pitch"``, ``"end_turn"``
    or ``"def_placement"``) outside a turn, naming what the table waits for."""
    if state.phase == "toss":
        return IllegalInput(Notice.of("PB-02", "toss_first", input=what))
    if state.phase == "choose":
        return IllegalInput(Notice.of("PB-02", "must_choose", side=state.toss_winner))
    if state.phase in ("place_defender", "place_attacker"):
        return IllegalInput(Notice.of("PB-03", "being_placed", input=what))
    return IllegalInput(Notice.of("PB-05", "kickoff_first", side=state.kicker, input=what))


def _coin_toss(state: State, toss: CoinToss) -> Step[State]:
    if state.phase != "toss":
        raise IllegalInput(Notice.of("PB-02", "tossed_once"))
    new = replace(state, phase="choose", toss_winner=toss.winner)
    return Step(new, (Notice.of("PB-02", "toss_won", side=toss.winner),))


def _choose(state: State, choose: Choose) -> Step[State]:
    if state.phase != "choose":
        raise IllegalInput(Notice.of("PB-02", "choose_once"))
    assert state.toss_winner is not None
    kicker = state.toss_winner if choose.choice == "kick" else other(state.toss_winner)
    new = replace(state, phase="place_defender", kicker=kicker)
    return Step(new, (Notice.of("PB-03", "kicks_places_first", side=kicker),))


def _placement(state: State, pl: Placement) -> Step[State]:
    if state.phase not in ("place_defender", "place_attacker"):
        if state.phase in ("toss", "choose"):
            raise IllegalInput(Notice.of("PB-03", "place_after_toss"))
        raise IllegalInput(Notice.of("PB-03", "place_before_kickoff"))
    assert state.kicker is not None
    placer = state.kicker if state.phase == "place_defender" else other(state.kicker)
    if pl.side != placer:
        if state.phase == "place_defender":
            raise IllegalInput(Notice.of("PB-03", "defender_first", side=placer, placing=pl.side))
        raise IllegalInput(Notice.of("PB-03", "attacker_second", side=placer, placing=pl.side))
    if pl.players != PLAYERS_ON_FIELD:
        raise IllegalInput(Notice.of("PB-04", "players", players=pl.players, required=PLAYERS_ON_FIELD))
    if pl.on_marker > pl.players:
        raise IllegalInput(Notice.of("PB-04", "marker_over_players", on_marker=pl.on_marker, players=pl.players))
    if pl.on_marker < MIN_ON_MARKER:
        raise IllegalInput(Notice.of("PB-04", "few_on_marker", on_marker=pl.on_marker, least=MIN_ON_MARKER))
    if pl.max_on_wing > MAX_ON_WING:
        raise IllegalInput(Notice.of("PB-04", "many_on_wing", on_wing=pl.max_on_wing, most=MAX_ON_WING))
    if pl.over_line:
        raise IllegalInput(Notice.of("PB-04", "over_line"))
    if state.phase == "place_defender":
        new = replace(state, phase="place_attacker")
        return Step(new, (Notice.of("PB-03", "placed", side=placer, next=other(placer)),))
    new = replace(state, phase="kickoff")
    return Step(new, (Notice.of("PB-05", "kicks_off", side=state.kicker),))


def _kickoff(state: State, ko: Kickoff) -> Step[State]:
    if state.phase != "kickoff":
        if state.phase in ("place_defender", "place_attacker"):
            raise IllegalInput(Notice.of("PB-03", "place_before_kickoff_first"))
        if state.phase == "turn":
            raise IllegalInput(Notice.of("PB-05", "ball_in_play"))
        raise IllegalInput(Notice.of("PB-02", "toss_before_kickoff"))
    assert state.kicker is not None
    attacker = other(state.kicker)
    turn = _new_turn(state, attacker, None)
    if ko.landed:
        new = replace(turn, possession=None)
        return Step(new, (Notice.of("PB-05", "kickoff", side=attacker),))
    new = replace(turn, possession=attacker)
    return Step(new, (Notice.of("PB-06", "touch_back", side=attacker),))


def _new_turn(state: State, side: Side, loss: Loss | None) -> State:
    """The turn of ``side`` begins: every turn counter reset (PB-07, PB-28: all pieces
    turned back to their active side)."""
    return replace(
        state,
        phase="turn",
        active=side,
        pitched=0,
        all_out_used=False,
        all_out_by_bonus_player=False,
        pass_used=False,
        strip_used=False,
        pickup_used=False,
        bonus_pending=False,
        def_window=False,
        def_allowed=True,
        def_turned=0,
        last_loss=loss if loss is not None else state.last_loss,
    )


def _check_pitch(state: State, p: Pitch) -> tuple[Side | None, Pitch]:
    """Refuse a pitch the rules do not allow now. :returns: who holds the ball after the
    announced action (before any ball or carrier going out), and the pitch as it is judged:
    ``ball_out`` while a piece carries the ball lists the carrier among ``out_of_bounds``
    when the coaches did not (PB-35, PB-A5).

    :raises IllegalInput: with the rule ID.
    """
    if state.phase != "turn":
        raise _not_in_turn(state, "pitch")
    t = state.active
    assert t is not None
    o = other(t)
    opts = state.options
    if not state.bonus_pending and pitches_left(state) == 0:
        raise IllegalInput(Notice.of("PB-29", "no_player_left", side=t))
    # Announcement and result (PB-13, PB-14).
    a = p.announce
    if a is None and p.result is not None:
        raise IllegalInput(Notice.of("PB-13", "nothing_announced"))
    if a is not None and p.result is None:
        raise IllegalInput(Notice.of("PB-14", "result_needed", action=a))
    if p.result == "interception" and a != "pass":
        raise IllegalInput(Notice.of("PB-23", "only_pass_intercepted"))
    if state.bonus_pending and a in ("pass", "handoff") and not opts.bonus_any_action:
        raise IllegalInput(Notice.of("PB-19", "bonus_not_action", action=a))
    if a == "strip":
        if state.possession != o:
            raise IllegalInput(Notice.of("PB-17", "nothing_to_strip", side=t, possession=state.possession))
        if state.strip_used:
            raise IllegalInput(Notice.of("PB-33", "once_per_turn", action=a))
    elif a == "pickup":
        if state.possession == t:
            raise IllegalInput(Notice.of("PB-18", "already_holds", side=t))
        if state.possession == o:
            raise IllegalInput(Notice.of("PB-18", "opponent_holds", side=o))
        if state.pickup_used:
            raise IllegalInput(Notice.of("PB-33", "once_per_turn", action=a))
    elif a == "handoff":
        if state.possession != t:
            raise IllegalInput(Notice.of("PB-20", "no_carrier", action=a, side=t))
    elif a == "pass":
        if state.possession != t:
            raise IllegalInput(Notice.of("PB-22", "no_carrier", action=a, side=t))
        if state.pass_used:
            raise IllegalInput(Notice.of("PB-22", "one_pass", side=t))
        if p.all_out:
            raise IllegalInput(Notice.of("PB-09", "pass_all_out"))
    if p.clearance:
        if a == "pickup":
            raise IllegalInput(Notice.of("PB-21", "clearance_pickup"))
        if state.possession is not None:
            raise IllegalInput(Notice.of("PB-21", "ball_carried", side=state.possession))
    # Who holds the ball once the announced action (or clearance) is done.
    held: Side | None = state.possession
    if p.result == "success" and a in ("strip", "pickup"):
        held = t
    elif p.result in ("miss",) and a in ("handoff", "pass"):
        held = None  # dropped (PB-20) or left loose (PB-A8)
    elif p.result == "interception":
        held = o
    elif p.clearance:
        held = None
    # A carried Ball leaves the field only with its carrier (PB-25, PB-35, PB-A5): the Ball
    # reported out while a piece carries it is that carrier leaving, out of bounds too,
    # whether or not the coaches listed his side. A touchdown's Ball is never out (PB-36).
    if p.ball_out and not p.touchdown and held is not None and held not in p.out_of_bounds:
        p = replace(p, out_of_bounds=(*p.out_of_bounds, held))
    # Players off the field (PB-24), pieces turned over (PB-26, PB-A12).
    for side in SIDES:
        n = p.out_of_bounds.count(side)
        if n > on_field(state, side):
            raise IllegalInput(Notice.of("PB-24", "too_many_out", side=side, on_field=on_field(state, side), out=n))
    spare = pitches_left(state) - (0 if state.bonus_pending else 1)
    if p.ko > spare:
        raise IllegalInput(Notice.of("PB-26", "ko_over_spare", side=t, spare=spare, ko=p.ko))
    if p.ko_opponent > def_pieces_left(state):
        raise IllegalInput(
            Notice.of("PB-26", "ko_opponent_over_left", side=o, left=def_pieces_left(state), ko=p.ko_opponent)
        )
    # The ball and its carrier leaving the field (PB-25, PB-35). A touchdown's Ball crosses
    # the opposing end line with its carrier: never out (PB-36), whatever ``ball_out`` says.
    if p.carrier_out:
        if held is None:
            raise IllegalInput(Notice.of("PB-35", "no_carrier_to_leave"))
        if held not in p.out_of_bounds:
            raise IllegalInput(Notice.of("PB-35", "carrier_not_listed", side=held))
        if p.touchdown:
            raise IllegalInput(Notice.of("PB-36", "carrier_scores_not_out"))
    # The touchdown (PB-27).
    if p.touchdown:
        if held is None:
            raise IllegalInput(Notice.of("PB-27", "no_scorer"))
        if held == o and p.result != "interception":
            raise IllegalInput(Notice.of("PB-27", "not_scorer", side=t))
    return held, p


def _pitch(state: State, p: Pitch) -> Step[State]:
    held, p = _check_pitch(state, p)
    t = state.active
    assert t is not None
    o = other(t)
    opts = state.options
    notices: list[Notice] = []
    bonus = state.bonus_pending

    # Going All-Out and FALL (PB-09, PB-10).
    same_player = bonus and state.all_out_by_bonus_player and opts.bonus_all_out_again
    second_all_out = p.all_out and state.all_out_used and not same_player
    causes: list[tuple[Cause, str]] = []
    # Decisive actions (PB-13 to PB-23).
    a = p.announce
    if a is not None:
        if p.result == "success":
            if a == "strip":
                notices.append(Notice.of("PB-17", "strips", side=t))
            elif a == "pickup":
                notices.append(Notice.of("PB-18", "picks_up", side=t))
            elif a == "handoff":
                notices.append(Notice.of("PB-20", "hand_off_made"))
            else:
                notices.append(Notice.of("PB-22", "pass_completed"))
        elif p.result == "miss":
            causes.append(("MISS", "PB-14"))
            if a == "handoff":
                notices.append(Notice.of("PB-20", "hand_off_missed", side=o))
            else:
                notices.append(Notice.of("PB-14", "missed", action=a))
        else:
            causes.append(("INTERCEPTION", "PB-23"))
            notices.append(Notice.of("PB-23", "intercepted", side=o))
    if p.fall:
        causes.append(("FALL", "PB-10"))
        notices.append(Notice.of("PB-10", "fall"))
    elif second_all_out:
        causes.append(("FALL", "PB-09"))
        notices.append(Notice.of("PB-09", "second_all_out"))
    if p.out_of_bounds:
        causes.append(("OUT_OF_BOUNDS", "PB-24"))
        for side in SIDES:
            n = p.out_of_bounds.count(side)
            if n:
                notices.append(Notice.of("PB-24", "out_of_bounds", side=side, out=n))
    if p.clearance:
        causes.append(("CLEARANCE", "PB-21"))
        notices.append(Notice.of("PB-21", "clearance"))
    # The Ball out (PB-25): reported, or its carrier left the field (PB-35). ``ball_out``
    # while a piece carries the ball says so with the replay spec's own fields (the carrier
    # is among ``out_of_bounds``: listed, or added by :func:`_check_pitch`; the
    # ``carrier_out`` field is an optional extra); with a touchdown it is no ball out.
    reported_out = p.ball_out and not p.touchdown
    carrier_left = p.carrier_out or (reported_out and held is not None)
    ball_out = reported_out or (carrier_left and opts.carrier_out == "ball_out")
    if ball_out:
        causes.append(("BALL_OUT", "PB-35" if carrier_left else "PB-25"))
        notices.append(Notice.of("PB-25", "ball_out", side=o))
        possession: Side | None = o
    elif carrier_left:
        possession = None  # carrier_out == "loose": the Ball rests where the carrier left
    else:
        possession = held
    if p.ko:
        notices.append(Notice.of("PB-26", "ko", side=t, ko=p.ko))
    if p.ko_opponent:
        notices.append(Notice.of("PB-A12", "ko", side=o, ko=p.ko_opponent))

    off_field = PerSide(
        state.off_field.A + p.out_of_bounds.count("A"), state.off_field.B + p.out_of_bounds.count("B")
    )
    after = replace(
        state,
        possession=possession,
        off_field=off_field,
        pitched=state.pitched + (0 if bonus else 1) + p.ko,
        all_out_used=state.all_out_used or p.all_out,
        pass_used=state.pass_used or a == "pass",
        strip_used=state.strip_used or a == "strip",
        pickup_used=state.pickup_used or a == "pickup",
        bonus_pending=False,
        all_out_by_bonus_player=False,
        def_window=False,
        def_turned=state.def_turned + p.ko_opponent,
    )

    # The touchdown (PB-27, PB-36) ends the phase of play.
    foul = p.fall or second_all_out or bool(p.out_of_bounds)
    if p.touchdown and foul and opts.foul_voids_touchdown:
        notices.append(Notice.of("PB-36", "touchdown_void"))
    elif p.touchdown:
        scorer = held
        assert scorer is not None
        return _touchdown(after, scorer, notices)

    if causes:
        cause, rule = causes[0]
        return _lose_initiative(after, Loss(t, cause, rule), notices)
    if p.result == "success" and a in ("strip", "pickup"):
        # The bonus pitch, owed at once (PB-19).
        notices.append(Notice.of("PB-19", "bonus_pitch", side=t))
        window = (
            opts.defensive_placement
            and opts.def_placement_before_bonus
            and after.def_allowed
            and def_pieces_left(after) > 0
        )
        new = replace(after, bonus_pending=True, all_out_by_bonus_player=p.all_out, def_window=window)
        return Step(new, tuple(notices))
    if pitches_left(after) == 0:
        notices.append(Notice.of("PB-29", "all_pitched", side=t))
        return _lose_initiative(after, Loss(t, "END_OF_TURN", "PB-29"), notices)
    window = opts.defensive_placement and after.def_allowed and def_pieces_left(after) > 0
    return Step(replace(after, def_window=window), tuple(notices))


def _lose_initiative(state: State, loss: Loss, notices: list[Notice]) -> Step[State]:
    """The initiative passes to the other coach (PB-28)."""
    nxt = other(loss.side)
    new = _new_turn(state, nxt, loss)
    notices.append(Notice.of(loss.rule, "initiative", cause=loss.cause, lost=loss.side, side=nxt))
    return Step(new, tuple(notices))


def _touchdown(state: State, scorer: Side, notices: list[Notice]) -> Step[State]:
    """A touchdown (PB-27): a point, then a kick-off with the scorer as defender, or the
    end of the match (PB-30). Players out of bounds come back (PB-24)."""
    score = state.score.set(scorer, state.score[scorer] + 1)
    assert state.active is not None
    base = _new_turn(replace(state, score=score), state.active, Loss(state.active, "TOUCHDOWN", "PB-27"))
    notices.append(Notice.of("PB-27", "touchdown", side=scorer, score_a=score.A, score_b=score.B))
    reset = replace(base, active=None, possession=None, off_field=PerSide(0, 0), pitched=0, def_allowed=True)
    result = outcome(reset)
    if result is not None:
        notices.append(Notice.of("PB-30", "match_won", side=result.winner))
        return Step(replace(reset, phase="finished"), tuple(notices))
    notices.append(Notice.of("PB-27", "kicks_places_first", side=scorer))
    return Step(replace(reset, phase="place_defender", kicker=scorer), tuple(notices))


def _check_end_turn(state: State) -> None:
    if state.phase != "turn":
        raise _not_in_turn(state, "end_turn")
    opts = state.options
    if state.bonus_pending:
        raise IllegalInput(Notice.of("PB-19", "bonus_at_once"))
    if pitches_left(state) == 0:
        return  # nothing left to pitch: no placement is taken away
    if opts.end_turn == "never":
        raise IllegalInput(Notice.of("PB-34", "end_turn_off"))
    if opts.end_turn == "unless_def_placement" and opts.defensive_placement:
        raise IllegalInput(Notice.of("PB-34", "end_turn_def_placement"))


def _end_turn(state: State) -> Step[State]:
    _check_end_turn(state)
    assert state.active is not None
    return _lose_initiative(state, Loss(state.active, "END_OF_TURN", "PB-34"), [])


def _def_placement_refusal(state: State) -> IllegalInput | None:
    if not state.options.defensive_placement:
        return IllegalInput(Notice.of("PB-31", "def_placement_off"))
    if state.phase != "turn":
        return _not_in_turn(state, "def_placement")
    assert state.active is not None
    o = other(state.active)
    if not state.def_allowed:
        return IllegalInput(Notice.of("PB-32", "def_placement_spent", side=o))
    if not state.def_window:
        if state.bonus_pending:
            return IllegalInput(Notice.of("PB-19", "bonus_first"))
        return IllegalInput(Notice.of("PB-31", "one_per_pitch", side=state.active))
    if def_pieces_left(state) == 0:
        return IllegalInput(Notice.of("PB-31", "no_piece_left", side=o))
    return None


def _def_placement(state: State, dp: DefPlacement) -> Step[State]:
    refusal = _def_placement_refusal(state)
    if refusal is not None:
        raise refusal
    assert state.active is not None
    o = other(state.active)
    if dp.ok:
        new = replace(state, def_window=False, def_turned=state.def_turned + 1)
        return Step(new, (Notice.of("PB-31", "def_placement", side=o),))
    new = replace(state, def_window=False, def_allowed=False)
    return Step(new, (Notice.of("PB-32", "placement_cancelled", side=o),))


# --- the typed face (pitchside.core.game.GameRules); status and score: core.face ----


def turn(state: State) -> Side | None:
    """The side to play now (``state.active``); None before it is settled and once the
    match is over."""
    return None if state.phase == "finished" else state.active


# --- the one-line snapshot (python-chess's FEN idea) ---------------------------------

_PHASES: tuple[Phase, ...] = ("toss", "choose", "place_defender", "place_attacker", "kickoff", "turn", "finished")
_CAUSES: tuple[Cause, ...] = (
    "MISS", "FALL", "OUT_OF_BOUNDS", "CLEARANCE", "BALL_OUT", "INTERCEPTION", "END_OF_TURN", "TOUCHDOWN",
)  # fmt: skip
_FLAGS = (  # (letter, State field): the turn's true flags, in this order
    ("o", "all_out_used"), ("g", "all_out_by_bonus_player"), ("p", "pass_used"), ("s", "strip_used"),
    ("u", "pickup_used"), ("b", "bonus_pending"), ("w", "def_window"), ("x", "def_allowed"),
)  # fmt: skip
_END_TURN: dict[EndTurnRule, str] = {"unless_def_placement": "u", "always": "a", "never": "n"}
_CARRIER_OUT: dict[CarrierOutRule, str] = {"ball_out": "b", "loose": "l"}
_SIDE_OF: dict[str, Side | None] = {"A": "A", "B": "B", "-": None}


def _side_char(side: Side | None) -> str:
    return side or "-"


def snapshot(state: State) -> str:
    """The state as one line of nine space-separated fields, like a chess FEN:

    1. the phase (``toss`` .. ``finished``);
    2. four sides, ``-`` for none: the toss winner, the kicker, the active coach, the
       side in possession (``"BBA-"``: B won the toss and kicks, A's turn, ball loose);
    3. the touchdowns ``A-B``; 4. the players off the field ``A-B``;
    5. ``pitched``; 6. ``def_turned``;
    7. the turn's flags, ``-`` for none: ``o`` all-out used, ``g`` by the player owed
       the bonus, ``p`` pass used, ``s`` strip used, ``u`` pick up used, ``b`` bonus
       pending, ``w`` the defensive placement window open, ``x`` a defensive placement
       went wrong (``def_allowed`` false);
    8. the last loss of initiative ``side:cause:rule`` (``B:MISS:PB-14``), or ``-``;
    9. the options as seven characters: ``defensive_placement`` 1/0, ``end_turn``
       u(nless_def_placement)/a(lways)/n(ever), ``carrier_out`` b(all_out)/l(oose),
       then ``foul_voids_touchdown``, ``bonus_any_action``,
       ``def_placement_before_bonus``, ``bonus_all_out_again``, each 1/0.

    A new match with the default options is ``"toss ---- 0-0 0-0 0 0 - - 0ub1101"``.
    :func:`parse_snapshot` reads it back: ``parse_snapshot(snapshot(s)) == s``.
    """
    o = state.options
    flags = "".join(
        letter
        for letter, name in _FLAGS
        if (getattr(state, name) if name != "def_allowed" else not state.def_allowed)
    )
    loss = state.last_loss
    opts = "".join(
        (
            "1" if o.defensive_placement else "0",
            _END_TURN[o.end_turn],
            _CARRIER_OUT[o.carrier_out],
            *("1" if v else "0" for v in (o.foul_voids_touchdown, o.bonus_any_action,
                                         o.def_placement_before_bonus, o.bonus_all_out_again)),
        )
    )  # fmt: skip
    return " ".join(
        (
            state.phase,
            "".join(_side_char(s) for s in (state.toss_winner, state.kicker, state.active, state.possession)),
            f"{state.score.A}-{state.score.B}",
            f"{state.off_field.A}-{state.off_field.B}",
            str(state.pitched),
            str(state.def_turned),
            flags or "-",
            f"{loss.side}:{loss.cause}:{loss.rule}" if loss else "-",
            opts,
        )
    )


def parse_snapshot(text: str) -> State:
    """The state a :func:`snapshot` line describes.

    :raises ValueError: ``text`` is not a snapshot (naming the field that is wrong).
    """
    fields = text.split()
    if len(fields) != 9:
        raise ValueError(f"a Pitch Bowl snapshot has 9 fields, not {len(fields)}: {text!r}")
    phase, sides, score, off, pitched, def_turned, flags, loss, opts = fields
    if phase not in _PHASES:
        raise ValueError(f"snapshot phase must be one of {', '.join(_PHASES)}, not {phase!r}")
    if len(sides) != 4 or any(c not in "AB-" for c in sides):
        raise ValueError(f"snapshot sides must be four of A, B or -, not {sides!r}")
    who: list[Side | None] = [_SIDE_OF[c] for c in sides]
    letters = {letter for letter, _ in _FLAGS}
    if flags != "-" and (any(c not in letters for c in flags) or len(set(flags)) != len(flags)):
        raise ValueError(f"snapshot flags must be '-' or distinct letters of {''.join(sorted(letters))}, not {flags!r}")
    flag = {name: letter in flags for letter, name in _FLAGS}
    if (
        len(opts) != 7
        or opts[0] not in "01"
        or opts[1] not in "uan"
        or opts[2] not in "bl"
        or any(c not in "01" for c in opts[3:])
    ):
        raise ValueError(f"snapshot options must be like '0ub1101', not {opts!r}")
    end_turn = {v: k for k, v in _END_TURN.items()}[opts[1]]
    carrier_out = {v: k for k, v in _CARRIER_OUT.items()}[opts[2]]
    options = Options(
        defensive_placement=opts[0] == "1",
        end_turn=end_turn,
        carrier_out=carrier_out,
        foul_voids_touchdown=opts[3] == "1",
        bonus_any_action=opts[4] == "1",
        def_placement_before_bonus=opts[5] == "1",
        bonus_all_out_again=opts[6] == "1",
    )
    last_loss = None
    if loss != "-":
        parts = loss.split(":")
        if len(parts) != 3 or parts[0] not in SIDES or parts[1] not in _CAUSES or not parts[2]:
            raise ValueError(f"snapshot last loss must be '-' or side:cause:rule, not {loss!r}")
        last_loss = Loss(parts[0], parts[1], parts[2])
    return State(
        options=options,
        phase=phase,
        toss_winner=who[0],
        kicker=who[1],
        active=who[2],
        possession=who[3],
        score=_pair(score, "touchdowns"),
        off_field=_pair(off, "off the field"),
        pitched=_count(pitched, "pitched"),
        all_out_used=flag["all_out_used"],
        all_out_by_bonus_player=flag["all_out_by_bonus_player"],
        pass_used=flag["pass_used"],
        strip_used=flag["strip_used"],
        pickup_used=flag["pickup_used"],
        bonus_pending=flag["bonus_pending"],
        def_window=flag["def_window"],
        def_allowed=not flag["def_allowed"],
        def_turned=_count(def_turned, "def_turned"),
        last_loss=last_loss,
    )


def _count(text: str, what: str) -> int:
    if not text.isdigit() or not text.isascii() or (len(text) > 1 and text[0] == "0"):
        raise ValueError(f"snapshot {what} must be a whole number, not {text!r}")
    return int(text)


def _pair(text: str, what: str) -> PerSide[int]:
    a, sep, b = text.partition("-")
    if not sep:
        raise ValueError(f"snapshot {what} must be A-B counts like 1-0, not {text!r}")
    return PerSide(_count(a, what), _count(b, what))
