"""Boulomania: what the rules say of a state, read off the board data: the bowls on the
board, the holder and ties (BM-28), the shot targets (BM-19), the jack space
(BM-07), the fork's chooser (BM-11), the inputs accepted now, the outcome (BM-18), a
round's points (BM-16) and the typed face's ``turn``.
"""

from __future__ import annotations

from typing import Literal

from pitchside.core.game import Outcome
from pitchside.core.notice import Notice
from pitchside.core.sides import SIDES, PerSide, Side, other

from .state import JACK, MIN_PLACE, State


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


# --- the typed face (pitchside.core.game.GameRules); status and score: core.face ----


def turn(state: State) -> Side | None:
    """The side to play now (``state.to_play``); None before it is settled and once the
    match is over."""
    return None if state.phase == "finished" else state.to_play
