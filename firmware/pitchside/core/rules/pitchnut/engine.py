"""Pitchnut: the rules engine, ``apply(state, input) -> Step`` (pure).

Phases: ``toss`` (:class:`CoinToss`, PN-05) -> ``choose_breaker`` (:class:`Breaker`) ->
``shooting`` (:class:`Shot`: the break, colours, debts and the poison) -> the next game's
break, or ``finished`` once a side has won its games (PN-A9).
"""

from __future__ import annotations

from dataclasses import replace

from pitchside.core.errors import IllegalInput
from pitchside.core.notice import Notice
from pitchside.core.sides import SIDES, PerSide, Side, other
from pitchside.core.step import Step

from .queries import is_on_poison, on_board, outcome
from .state import COLOURS, Breaker, CoinToss, Colour, GameResult, Input, Pieces, Shot, State, other_colour


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
