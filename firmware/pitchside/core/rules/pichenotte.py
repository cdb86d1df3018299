"""Pichenotte: the rules engine (pure).

Source: the rules as the table referees them, ``docs/rules/pichenotte.md``: the numbered
rules PI-01 to PI-23 (restating pichenotte.com's beginner rules 1-9) and the rulings
PI-A1 to PI-A9. Every rule ID cited below is from there. The engine does no I/O and reads no clock or random source: the coin toss
enters as a :class:`CoinToss` carrying its winner, so a match is a deterministic fold of
its inputs (:func:`apply`).

Interpretations (the [I] rulings), each the default of a named :class:`Options` field:

* ``call_binds`` (PI-17, PI-A1): with a called twenty the shot is legal only if the shot
  puck drops; contact does not rescue a failed call. False: the call is declarative
  (legal with contact or a twenty).
* PI-18 (PI-A2): "one of your pucks must make contact" means any of the shooter's pucks,
  combinations included; on failure only the *shot* puck goes to the ditch. The players
  answer the contact question (``Shot.contact``) with that meaning; the engine removes
  only the shot puck.
* ``outer_line_on_free_shot`` (PI-19): rule 8's outer line applies to free shots too.
  False: a free shot's puck resting on the outer line (``Shot.on_line``) stays on the
  board; one that went into the ditch is in the ditch either way (PI-07).
* ``technique_foul`` (PI-A7): False (default): illegal technique (PI-04) has no penalty
  and a ``foul`` shot is refused. True: the referee may call ``foul``; the shot puck goes
  to the ditch like a failed objective (a twenty it made does not count).
* ``first_shooter`` (PI-20, PI-A5): ``"alternate"`` (round 1 by coin toss, then
  alternating) or ``"toss_winner"`` (the toss winner starts every round). Doubles: order
  A1, B1, A2, B2 (PI-A6): teams alternate, partners alternate within a team.
* ``max_rounds`` (PI-21, PI-A3): None: the match goes on past 7 rounds after ties until a
  side has ``rounds_to_win`` round points and more than the other. A number: the match
  also stops after that many rounds, a draw if the points are level.
* ``race_scoring`` (PI-22, PI-A4): ``"raw"``: each round's raw points add to each side's
  total; ``"cancellation"``: only the round winner scores, the difference.

What the table cannot sense (PI-A8) enters through :class:`Shot` fields confirmed by the
players: contact, the shot puck in the ditch, pucks knocked off. The twenty hole is sensed.

Notices and refusals are values (:class:`pitchside.core.notice.Notice`: rule ID, code,
parameters; sides as ``"A"``/``"B"``, counts, points), never prose: their words are in
:mod:`pitchside.core.words.pichenotte`. The codes, by rule:

* notices (``Step.effects``): PI-20 ``toss_won`` (side), ``round_starts`` (round, side);
  PI-08 ``twenty`` (side, points); PI-11 ``knocked_in`` (side, count, points); PI-13
  ``knocked_off`` (side, count); PI-13/PI-19 ``shot_ditched`` (side); PI-17
  ``call_missed`` (side); PI-06 ``no_contact`` (side); PI-A7 ``foul`` (side); PI-03
  ``count_zones``; PI-14 ``round_won`` (round, side, points, other_points); PI-16
  ``round_tied`` (round, points); the outcome's rule ``match_won`` (side) or
  ``match_drawn``.
* refusals (``IllegalInput.notice``): PI-15 ``match_over``; PI-20 ``toss_first``,
  ``toss_done``; PI-03 ``pucks_all_shot``, ``tally_too_early``; PI-11
  ``twenty_and_ditched``; PI-13 ``on_line_not_ditched``, ``too_many_moved`` (side,
  on_board, moved); PI-A7 ``foul_not_penalised``; PI-18 ``contact_implied`` (side: whose
  pucks moved); PI-10 ``counts_mismatch`` (side, on_board, counted).
* outcome causes (:func:`outcome`): PI-21 ``rounds_won`` (side, points),
  ``leads_after_max_rounds`` (side, rounds), ``drawn_after_max_rounds`` (rounds); PI-22
  ``race_won`` (side, target).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, get_args, get_type_hints

from pitchside.core.errors import IllegalInput
from pitchside.core.fields import check_declared, declared, option
from pitchside.core.game import Outcome, Status
from pitchside.core.notice import Notice
from pitchside.core.sides import SIDES, PerSide, Side, other
from pitchside.core.step import Step

RULES_VERSION = 1
"""Bumped whenever a change to this module could change the state a journal folds to."""

Phase = Literal["toss", "shooting", "tally", "finished"]
ZONE_POINTS = (15, 10, 5)
"""Points of the zones a tally counts, inner to outer (PI-10)."""
TWENTY_POINTS = 20
"""Points of each twenty on the rail (PI-08, PI-10)."""
MAX_PUCKS = 50
"""Upper bound of ``Options.pucks`` (a sanity bound, not a rule)."""


@dataclass(frozen=True, slots=True)
class Options:
    """Match settings, fixed before the coin toss.

    ``players``, ``format`` and ``pucks`` are the replay contract's options
    (docs/spec/replay.md); the others are the [I] rulings' options (module docstring).

    :param pucks: pucks per side (a player, or a doubles team whose partners shoot half
        each), 1..50; default 12 (PI-01). Even in doubles.
    """

    players: Literal["singles", "doubles"] = option(
        "singles", choices=("singles", "doubles"), rule="PI-A6", doc="one player or a team of two a side")
    format: Literal["rounds", "race500"] = option(
        "rounds", choices=("rounds", "race500"), rule="PI-15", doc="4 of 7 rounds, or a race to points")
    pucks: int = option(12, lo=1, hi=MAX_PUCKS, rule="PI-01", doc="pucks per side (even in doubles)")
    call_binds: bool = option(True, rule="PI-17", doc="a called twenty must drop")
    outer_line_on_free_shot: bool = option(True, rule="PI-19", doc="the outer line ditches free shots too")
    first_shooter: Literal["alternate", "toss_winner"] = option(
        "alternate", choices=("alternate", "toss_winner"), rule="PI-20", doc="who shoots first each round")
    rounds_to_win: int = option(4, lo=1, hi=99, rule="PI-21", doc="round points that win (rounds format)")
    max_rounds: int | None = option(None, lo=1, hi=999, nullable=True, rule="PI-A3",
                                    doc="rounds after which the match stops (none: no limit)")
    race_target: int = option(500, lo=1, hi=100_000, rule="PI-22", doc="points that win a race")
    race_scoring: Literal["raw", "cancellation"] = option(
        "raw", choices=("raw", "cancellation"), rule="PI-A4", doc="race points: raw, or the round's difference")
    technique_foul: bool = option(False, rule="PI-A7", doc="the referee may call a technique foul")


@dataclass(frozen=True, slots=True)
class CoinToss:
    """The coin toss before round 1: ``winner`` shoots first (PI-20)."""

    winner: Side = field(metadata=declared(choices=SIDES, rule="PI-20"))


@dataclass(frozen=True, slots=True)
class Shot:
    """One shot by the side whose turn it is, summed up after it has stopped moving.

    :param called: a twenty was called before the shot (PI-05 B).
    :param contact: one of the shooter's pucks touched an opponent's puck (PI-05 A,
        PI-18). Matters only when an opponent's puck was on the board.
    :param twenty: the shot puck dropped in the centre hole (PI-08, PI-09).
    :param ditched: the shot puck ended in the ditch or touching the outer line (PI-13).
    :param on_line: with ``ditched``, it was only touching the outer line (matters only
        with ``outer_line_on_free_shot`` off).
    :param foul: the referee called illegal technique (PI-04, PI-A7).
    :param knocked_in: other pucks knocked into the hole, per owner (PI-11).
    :param knocked_off: other pucks knocked to the ditch or left on the outer line, per
        owner (PI-13).
    :param by_hand: which of the pucks in the hole were entered by hand on the panel,
        not sensed by the twenty-hole beam: ``"twenty"`` (the shot puck) or the side of
        a knocked-in puck, in the order entered. A record of where the input came from
       : the rules ignore it, so a twenty entered by hand scores
        exactly as a sensed one (PI-08).
    :param withdrawn: counts of the twenty-hole beam that the players withdrew on the
        panel (a doubled count); a record, ignored by the rules like ``by_hand``.
    """

    called: bool = option(False, rule="PI-05")
    contact: bool = option(True, rule="PI-18")
    twenty: bool = option(False, rule="PI-08")
    ditched: bool = option(False, rule="PI-13")
    knocked_in: PerSide[int] = option(PerSide(0, 0), "counts", hi=MAX_PUCKS, rule="PI-11")
    knocked_off: PerSide[int] = option(PerSide(0, 0), "counts", hi=MAX_PUCKS, rule="PI-13")
    on_line: bool = option(False, rule="PI-19")
    foul: bool = option(False, rule="PI-A7")
    by_hand: tuple[str, ...] = option(
        (), "list", choices=("twenty", *SIDES), length=(0, 1 + 2 * MAX_PUCKS), rule="PI-A8",
        doc="pucks in the hole entered by hand, not sensed")
    withdrawn: int = option(0, lo=0, hi=999, rule="PI-A8", doc="beam counts withdrawn on the panel")


@dataclass(frozen=True, slots=True)
class Tally:
    """Round-end zone counts of the pucks resting on the board, per side, as
    ``(n15, n10, n5)``: pucks in the 15, 10 and 5 zones (PI-10, PI-12)."""

    A: tuple[int, int, int] = field(metadata=declared("ints", length=(3, 3), lo=0, hi=MAX_PUCKS, rule="PI-10"))
    B: tuple[int, int, int] = field(metadata=declared("ints", length=(3, 3), lo=0, hi=MAX_PUCKS, rule="PI-10"))

    def __getitem__(self, side: Side) -> tuple[int, int, int]:
        return self.A if side == "A" else self.B


Input = CoinToss | Shot | Tally


@dataclass(frozen=True, slots=True)
class State:
    """A Pichenotte match at one moment. Counts are pucks, for the current round.

    ``round_scores`` holds each finished round's raw points; match points are derived
    from it (:func:`match_score`).
    """

    options: Options
    phase: Phase = "toss"
    round: int = 1
    first_shooter: Side | None = None
    turn: Side | None = None
    shots: PerSide[int] = PerSide(0, 0)
    hand: PerSide[int] = PerSide(0, 0)
    on_board: PerSide[int] = PerSide(0, 0)
    rail: PerSide[int] = PerSide(0, 0)
    ditch: PerSide[int] = PerSide(0, 0)
    round_scores: tuple[PerSide[int], ...] = ()
    toss_winner: Side | None = None


def new_match(options: Options | None = None) -> State:
    """A match waiting for its coin toss, each side holding ``options.pucks`` (PI-01).

    :raises ValueError: options out of range, or odd pucks in doubles (:func:`check_options`).
    """
    opts = options or Options()
    check_options(opts)
    return State(options=opts, hand=PerSide(opts.pucks, opts.pucks))


def check_options(opts: Options) -> None:
    """Each option as declared (:func:`pitchside.core.fields.check_declared`), and even
    pucks in doubles (PI-A6).

    :raises ValueError: naming the bad option, the value, what is allowed and the rule.
    """
    check_declared(opts)
    if opts.players == "doubles" and opts.pucks % 2:
        raise ValueError(f"pucks must be even in doubles (each partner shoots half), not {opts.pucks}")


# --- queries -------------------------------------------------------------------------


def is_free_shot(state: State) -> bool:
    """True when no opponent puck is on the board for the side to shoot (PI-09)."""
    return state.turn is not None and state.on_board[other(state.turn)] == 0


def shooter(state: State) -> str | None:
    """Who shoots next: ``"A"`` in singles, ``"A1"``/``"A2"`` in doubles (PI-20, PI-A6)."""
    if state.turn is None:
        return None
    if state.options.players == "singles":
        return state.turn
    # Seats clockwise A1, B1, A2, B2 (PI-A6); the round's first shooter is partner 1 of
    # the starting team and play goes on clockwise, so a B-first round is B1, A2, B2, A1.
    start = 0 if state.first_shooter == "A" else 1
    return _SEATS[(start + state.shots.A + state.shots.B) % 4]


_SEATS = ("A1", "B1", "A2", "B2")


INPUT_NAMES = ("coin_toss", "shot", "tally")
"""The replay names of the inputs (docs/spec/replay.md, Pichenotte)."""


def refusal(state: State, name: str) -> Notice | None:
    """The refusal the rules give now to any input called ``name`` (``"coin_toss"``,
    ``"shot"``, ``"tally"``), whatever its fields: the match is over (PI-15), the coin
    toss is only before the first shot (PI-20), no shot before the toss (PI-20) or after
    the last puck (PI-03), no tally before the last puck (PI-03). None: an input of that
    name may be accepted now (its fields are checked by :func:`apply`)."""
    phase = state.phase
    if phase == "finished":
        return Notice.of("PI-15", "match_over")
    if name == "coin_toss" and phase != "toss":
        return Notice.of("PI-20", "toss_done")
    if name == "shot" and phase == "toss":
        return Notice.of("PI-20", "toss_first")
    if name == "shot" and phase == "tally":
        return Notice.of("PI-03", "pucks_all_shot")
    if name == "tally" and phase != "tally":
        return Notice.of("PI-03", "tally_too_early")
    return None


def legal_inputs(state: State) -> tuple[str, ...]:
    """Names of the inputs the rules accept now (those :func:`refusal` lets through),
    for the display's prompts."""
    return tuple(name for name in INPUT_NAMES if refusal(state, name) is None)


def round_points(rail: int, zones: tuple[int, int, int]) -> int:
    """Raw points of one side for a round: 20 per twenty plus 15/10/5 per puck by zone
    (PI-10; a puck on a line is counted in the lower zone by the players, PI-12)."""
    return TWENTY_POINTS * rail + sum(n * p for n, p in zip(zones, ZONE_POINTS))


def match_score(state: State) -> PerSide[float]:
    """The headline score: round points (1 a win, 0.5 each for a tie, PI-16, PI-21) in
    rounds format; cumulative points of finished rounds in race500 (PI-22)."""
    a = b = 0.0
    for rs in state.round_scores:
        if state.options.format == "rounds":
            if rs.A > rs.B:
                a += 1
            elif rs.B > rs.A:
                b += 1
            else:
                a += 0.5
                b += 0.5
        elif state.options.race_scoring == "raw":
            a += rs.A
            b += rs.B
        elif rs.A > rs.B:
            a += rs.A - rs.B
        else:
            b += rs.B - rs.A
    return PerSide(a, b)


def outcome(state: State) -> Outcome | None:
    """The result once the match is over, else None. All end-of-match logic lives here, checked after every tally in this
    order: the target (PI-21 ``rounds_won``: side, points (round points, a float); or
    PI-22 ``race_won``: side, target), then the round limit (``max_rounds``: PI-21
    ``leads_after_max_rounds``: side, rounds; ``drawn_after_max_rounds``: rounds, and
    ``winner`` None)."""
    if not state.round_scores:
        return None
    score = match_score(state)
    opts = state.options
    leader: Side | None = "A" if score.A > score.B else "B" if score.B > score.A else None
    if opts.format == "rounds":
        if leader is not None and score[leader] >= opts.rounds_to_win:
            return Outcome(leader, Notice.of("PI-21", "rounds_won", side=leader, points=score[leader]))
    elif leader is not None and score[leader] >= opts.race_target:
        return Outcome(leader, Notice.of("PI-22", "race_won", side=leader, target=opts.race_target))
    if opts.max_rounds is not None and len(state.round_scores) >= opts.max_rounds:
        if leader is None:
            return Outcome(None, Notice.of("PI-21", "drawn_after_max_rounds", rounds=opts.max_rounds))
        return Outcome(leader, Notice.of("PI-21", "leads_after_max_rounds", side=leader, rounds=opts.max_rounds))
    return None


def fmt_points(x: float) -> str:
    """``4`` for 4.0, ``3.5`` for 3.5: round points as people say them."""
    return str(int(x)) if x == int(x) else str(x)


# --- transitions ---------------------------------------------------------------------


def apply(state: State, inp: Input) -> Step[State]:
    """Apply one input.

    :returns: the new state and its notices (what the display should say), each a
        :class:`~pitchside.core.notice.Notice` (codes in the module docstring).
    :raises IllegalInput: the rules do not allow ``inp`` now; ``state`` is unchanged.
        Its ``notice`` says why (codes in the module docstring).
    """
    if isinstance(inp, CoinToss):
        name = "coin_toss"
    elif isinstance(inp, Shot):
        name = "shot"
    elif isinstance(inp, Tally):
        name = "tally"
    else:
        raise TypeError(f"not a Pichenotte input: {inp!r}")
    refused = refusal(state, name)
    if refused is not None:
        raise IllegalInput(refused)
    if isinstance(inp, CoinToss):
        return _coin_toss(state, inp)
    if isinstance(inp, Shot):
        return _shot(state, inp)
    return _tally(state, inp)


def _coin_toss(state: State, toss: CoinToss) -> Step[State]:
    new = replace(state, phase="shooting", first_shooter=toss.winner, turn=toss.winner, toss_winner=toss.winner)
    return Step(new, (Notice.of("PI-20", "toss_won", side=toss.winner),))


def _check_shot(state: State, side: Side, shot: Shot) -> None:
    """:raises IllegalInput: a shot whose fields contradict each other or the board."""
    if shot.twenty and shot.ditched:
        raise IllegalInput(Notice.of("PI-11", "twenty_and_ditched"))
    if shot.on_line and not shot.ditched:
        raise IllegalInput(Notice.of("PI-13", "on_line_not_ditched"))
    if shot.foul and not state.options.technique_foul:
        raise IllegalInput(Notice.of("PI-A7", "foul_not_penalised"))
    opponent = other(side)
    if (
        state.on_board[opponent] > 0
        and not shot.contact
        and (shot.knocked_in[opponent] or shot.knocked_off[opponent])
    ):
        raise IllegalInput(Notice.of("PI-18", "contact_implied", side=opponent))
    for owner in SIDES:
        moved = shot.knocked_in[owner] + shot.knocked_off[owner]
        if moved > state.on_board[owner]:
            raise IllegalInput(
                Notice.of("PI-13", "too_many_moved", side=owner, on_board=state.on_board[owner], moved=moved)
            )


def _shot(state: State, shot: Shot) -> Step[State]:
    side = state.turn
    assert side is not None  # phase "shooting" always has a turn
    _check_shot(state, side, shot)
    opts = state.options
    notices: list[Notice] = []
    hand, on_board, rail, ditch = state.hand, state.on_board, state.rail, state.ditch
    hand = hand.set(side, hand[side] - 1)
    free = state.on_board[other(side)] == 0  # evaluated before the shot (rulings 5.1)

    # The shot puck's fate.
    if shot.foul:
        ditch = ditch.set(side, ditch[side] + 1)
        notices.append(Notice.of("PI-A7", "foul", side=side))
    elif shot.twenty:
        rail = rail.set(side, rail[side] + 1)
        notices.append(Notice.of("PI-08", "twenty", side=side, points=TWENTY_POINTS))
    elif not free and shot.called and opts.call_binds:
        ditch = ditch.set(side, ditch[side] + 1)
        notices.append(Notice.of("PI-17", "call_missed", side=side))
    elif not free and not shot.contact:
        ditch = ditch.set(side, ditch[side] + 1)
        notices.append(Notice.of("PI-06", "no_contact", side=side))
    elif shot.ditched and (not free or not shot.on_line or opts.outer_line_on_free_shot):
        ditch = ditch.set(side, ditch[side] + 1)
        notices.append(Notice.of("PI-19" if free else "PI-13", "shot_ditched", side=side))
    else:
        on_board = on_board.set(side, on_board[side] + 1)

    # Other pucks the shot moved.
    for owner in SIDES:
        n_in, n_off = shot.knocked_in[owner], shot.knocked_off[owner]
        if n_in:
            on_board = on_board.set(owner, on_board[owner] - n_in)
            rail = rail.set(owner, rail[owner] + n_in)
            notices.append(Notice.of("PI-11", "knocked_in", side=owner, count=n_in, points=TWENTY_POINTS * n_in))
        if n_off:
            on_board = on_board.set(owner, on_board[owner] - n_off)
            ditch = ditch.set(owner, ditch[owner] + n_off)
            notices.append(Notice.of("PI-13", "knocked_off", side=owner, count=n_off))

    shots = state.shots.set(side, state.shots[side] + 1)
    if hand.A == 0 and hand.B == 0:
        phase: Phase = "tally"
        turn: Side | None = None
        notices.append(Notice.of("PI-03", "count_zones"))
    else:
        phase, turn = "shooting", other(side)  # PI-02
        if hand[turn] == 0:  # only with unequal hands; never with PI-01's equal hands
            turn = side
    new = replace(
        state, phase=phase, turn=turn, shots=shots, hand=hand, on_board=on_board, rail=rail, ditch=ditch
    )
    return Step(new, tuple(notices))


def _tally(state: State, tally: Tally) -> Step[State]:
    for side in SIDES:
        counted = sum(tally[side])
        if counted != state.on_board[side]:
            raise IllegalInput(
                Notice.of("PI-10", "counts_mismatch", side=side, on_board=state.on_board[side], counted=counted)
            )
    rs = PerSide(round_points(state.rail.A, tally.A), round_points(state.rail.B, tally.B))
    finished = replace(state, round_scores=state.round_scores + (rs,))
    if rs.A == rs.B:
        notices = [Notice.of("PI-16", "round_tied", round=state.round, points=rs.A)]
    else:
        w: Side = "A" if rs.A > rs.B else "B"
        notices = [Notice.of("PI-14", "round_won", round=state.round, side=w, points=rs[w], other_points=rs[other(w)])]
    result = outcome(finished)
    if result is not None:
        over = replace(finished, phase="finished", turn=None)
        if result.winner is None:  # only a round limit draws (PI-21, max_rounds)
            won = Notice.of("PI-21", "match_drawn")
        else:
            won = Notice.of(result.cause.rule, "match_won", side=result.winner)
        return Step(over, (*notices, won))
    first = finished.first_shooter
    assert first is not None and finished.toss_winner is not None
    nxt = other(first) if state.options.first_shooter == "alternate" else finished.toss_winner
    pucks = state.options.pucks
    new_round = replace(
        finished,
        phase="shooting",
        round=state.round + 1,
        first_shooter=nxt,
        turn=nxt,
        shots=PerSide(0, 0),
        hand=PerSide(pucks, pucks),
        on_board=PerSide(0, 0),
        rail=PerSide(0, 0),
        ditch=PerSide(0, 0),
    )
    notices.append(Notice.of("PI-20", "round_starts", round=new_round.round, side=nxt))
    return Step(new_round, tuple(notices))


# --- the typed face (pitchside.core.game.GameRules) ----------------------------------


def status(state: State) -> Status:
    """``"finished"`` once the match is over, else ``"playing"``."""
    return "finished" if state.phase == "finished" else "playing"


def score(state: State) -> PerSide[float]:
    """The headline score per side (the replay output's ``score``)."""
    return match_score(state)


def turn(state: State) -> Side | None:
    """The side to play now (``state.turn``); None before it is settled and once the
    match is over."""
    return None if state.phase == "finished" else state.turn


# --- the one-line snapshot (python-chess's FEN idea) ----------------------------------

_PHASES: tuple[Phase, ...] = ("toss", "shooting", "tally", "finished")


def snapshot(state: State) -> str:
    """The state as one line of space-separated fields, python-chess FEN style:
    ``PHASE ROUND TURN FIRST TOSS SHOTS HAND BOARD RAIL DITCH ROUNDS OPTION=VALUE...``.

    Sides are ``A``/``B`` (``-``: none yet); per-side counts are ``A/B`` (pucks: shots
    taken this round, in hand, on the board, on the rail, in the ditch); ``ROUNDS`` is
    each finished round's raw points ``A-B``, comma-separated (``-``: none); then every
    :class:`Options` field as ``name=value`` (``yes``/``no``, ``-`` for no limit). E.g. a
    match just tossed to B::

        shooting 1 B B B 0/0 12/12 0/0 0/0 0/0 - players=singles format=rounds pucks=12 ...

    :func:`parse_snapshot` reads it back: ``parse_snapshot(snapshot(s)) == s``.
    """
    def side(x: Side | None) -> str:
        return x if x is not None else "-"

    def pair(ps: PerSide[int]) -> str:
        return f"{ps.A}/{ps.B}"

    rounds = ",".join(f"{rs.A}-{rs.B}" for rs in state.round_scores) or "-"
    opts = " ".join(f"{f.name}={_option_text(getattr(state.options, f.name))}" for f in fields(Options))
    return (
        f"{state.phase} {state.round} {side(state.turn)} {side(state.first_shooter)} {side(state.toss_winner)}"
        f" {pair(state.shots)} {pair(state.hand)} {pair(state.on_board)} {pair(state.rail)} {pair(state.ditch)}"
        f" {rounds} {opts}"
    )


def parse_snapshot(text: str) -> State:
    """The state a :func:`snapshot` line describes.

    :raises ValueError: not a snapshot: a missing, unknown or malformed field, options
        out of range (:func:`check_options`), or counts that break PI-01 (each side's
        pucks in hand, on the board, on the rail and in the ditch add up to ``pucks``).
    """
    words = text.split()
    if len(words) < 11:
        raise ValueError(f"not a Pichenotte snapshot (11 state fields, then the options): {text!r}")
    phase_s, round_s, turn_s, first_s, toss_s, *counts, rounds_s = words[:11]
    if phase_s not in _PHASES:
        raise ValueError(f"snapshot: phase must be one of {', '.join(_PHASES)}, not {phase_s!r}")
    phase: Phase = _PHASES[_PHASES.index(phase_s)]
    shots, hand, on_board, rail, ditch = (_parse_pair(c) for c in counts)
    rounds = () if rounds_s == "-" else tuple(_parse_pair(r, "-") for r in rounds_s.split(","))
    state = State(
        options=_parse_options(words[11:]),
        phase=phase,
        round=_parse_count(round_s),
        first_shooter=_parse_side(first_s),
        turn=_parse_side(turn_s),
        shots=shots,
        hand=hand,
        on_board=on_board,
        rail=rail,
        ditch=ditch,
        round_scores=rounds,
        toss_winner=_parse_side(toss_s),
    )
    pucks = state.options.pucks
    for s in SIDES:
        if state.hand[s] + state.on_board[s] + state.rail[s] + state.ditch[s] != pucks:
            raise ValueError(f"snapshot: {s}'s pucks do not add up to {pucks} (PI-01): {text!r}")
    if state.round < 1 or len(rounds) != state.round - (0 if phase == "finished" else 1):
        raise ValueError(f"snapshot: round {state.round} with {len(rounds)} finished round(s): {text!r}")
    return state


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "-" if value is None else str(value)


def _parse_options(items: list[str]) -> Options:
    hints = get_type_hints(Options)
    values: dict[str, Any] = {}
    for item in items:
        name, eq, text = item.partition("=")
        if not eq or name not in hints or name in values:
            raise ValueError(f"snapshot: {item!r} is not an option=value of Pichenotte (or is repeated)")
        values[name] = _parse_option(name, hints[name], text)
    missing = [f.name for f in fields(Options) if f.name not in values]
    if missing:
        raise ValueError(f"snapshot: missing option(s) {', '.join(missing)}")
    opts = Options(**values)
    check_options(opts)
    return opts


def _parse_option(name: str, hint: Any, text: str) -> object:
    if hint is bool:
        if text not in ("yes", "no"):
            raise ValueError(f"snapshot: {name} must be yes or no, not {text!r}")
        return text == "yes"
    if hint is int:
        return _parse_count(text)
    if hint == int | None:
        return None if text == "-" else _parse_count(text)
    choices = get_args(hint)  # a Literal of strings
    if text not in choices:
        raise ValueError(f"snapshot: {name} must be one of {', '.join(choices)}, not {text!r}")
    return text


def _parse_count(text: str) -> int:
    if not text.isdigit() or not text.isascii():
        raise ValueError(f"snapshot: {text!r} is not a count")
    return int(text)


def _parse_side(text: str) -> Side | None:
    if text == "-":
        return None
    for side in SIDES:
        if text == side:
            return side
    raise ValueError(f"snapshot: a side is A, B or -, not {text!r}")


def _parse_pair(text: str, sep: str = "/") -> PerSide[int]:
    a, found, b = text.partition(sep)
    if not found:
        raise ValueError(f"snapshot: {text!r} is not A{sep}B counts")
    return PerSide(_parse_count(a), _parse_count(b))
