"""Boulomania: the rules engine, ``apply(state, input) -> Step`` (pure).

Phases: ``start_roll`` (:class:`StartRoll`, BM-02) -> ``jack_roll`` (:class:`JackRoll`,
BM-03) -> ``throw`` (:class:`Point`, BM-05..BM-11; :class:`Shoot`, BM-19..BM-27) until
the round ends (BM-15..BM-17, BM-26) -> the next round's ``jack_roll``, or ``finished``
(BM-18).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from pitchside.core.boards.boulomania import Board
from pitchside.core.errors import IllegalInput
from pitchside.core.notice import Notice
from pitchside.core.sides import SIDES, PerSide, Side, other
from pitchside.core.step import Step

from .queries import holder, jack_space_allowed, outcome, round_points
from .state import JACK, MIN_PLACE, _EMPTY, Fork, Input, JackRoll, Point, Shoot, StartRoll, State


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
