"""Pichenotte: the rules engine, ``apply(state, input) -> Step`` (pure), its queries
(who shoots, what may be entered now, the points and the outcome) and the typed face.

Phases: ``toss`` (:class:`CoinToss`, PI-20) -> ``shooting`` (:class:`Shot`, each side
in turn until every puck is shot, PI-03) -> ``tally`` (:class:`Tally`, PI-10) -> the
next round's ``shooting`` or ``finished`` (PI-21, PI-22).
"""

from __future__ import annotations

from dataclasses import replace

from pitchside.core.errors import IllegalInput
from pitchside.core.game import Outcome, Status
from pitchside.core.notice import Notice
from pitchside.core.sides import SIDES, PerSide, Side, other
from pitchside.core.step import Step

from .state import TWENTY_POINTS, ZONE_POINTS, CoinToss, Input, Phase, Shot, State, Tally


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
