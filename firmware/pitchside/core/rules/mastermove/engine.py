"""Master Move: the rules engine, ``apply(state, input) -> Step`` (pure).

Phases (rulings.md 4.1): ``lineup`` (both sides send a :class:`Lineup`) -> ``toss``
(:class:`CoinToss`, MM-28) -> ``play`` (:class:`Move`, turns alternate, MM-12) -> on a
Move!: ``finished`` at 3 Moves (MM-15), else the board returns to the last kick-off
line-up (MM-20) and ``changes`` (:class:`Change`, MM-21/22/30) -> :class:`Restart`
(the conceding side moves, MM-23) -> ``play``. :class:`Quit` ends the game from any
phase, 0-3 (MM-25, MM-32).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from pitchside.core.errors import IllegalInput
from pitchside.core.face import score as score, status as status  # the typed face, re-exported
from pitchside.core.fields import check_declared
from pitchside.core.game import Outcome
from pitchside.core.notice import Notice
from pitchside.core.sides import SIDES, PerSide, Side, other
from pitchside.core.step import Step

from .board import (
    GOALS,
    KINDS,
    LINEUP_COUNTS,
    Board,
    Kind,
    Piece,
    Square,
    goal_of,
    in_half,
    make_pitch,
    square_name,
)
from .movegen import after_move_trav, check_move, legal_moves, pitch_of, scoring_side
from .state import (
    MOVES_TO_WIN,
    Change,
    CoinToss,
    Input,
    Lineup,
    Move,
    Options,
    Quit,
    Restart,
    State,
)

RULES_VERSION = 1
"""Bumped whenever a change to this package could change the state a record folds to."""


def check_options(opts: Options) -> None:
    """Each option as declared (:func:`pitchside.core.fields.check_declared`), then the
    white area and the grass (:func:`.board.make_pitch`).

    :raises ValueError: naming the bad option, the value, what is allowed and the rule.
    """
    check_declared(opts)
    if not isinstance(opts.white_area, tuple):
        raise ValueError("white_area must be a tuple of square names")
    make_pitch(opts.white_area, opts.grass)  # raises ValueError on a bad square or grass


def new_game(options: Options | None = None) -> State:
    """A game waiting for both line-ups.

    :raises ValueError: bad options (:func:`check_options`).
    """
    opts = options or Options()
    check_options(opts)
    return State(options=opts)


# --- queries -------------------------------------------------------------------------


def outcome(state: State) -> Outcome | None:
    """The result of a finished game, else None: a forfeit first (MM-25, MM-32:
    ``forfeit(side=quitter, winner=...)``), then 3 Moves (MM-15:
    ``three_moves(side=winner, moves=3)``). The cause is a typed notice; its words are
    :mod:`pitchside.core.words.mastermove`'s."""
    if state.forfeit is not None:
        w = other(state.forfeit)
        return Outcome(w, Notice.of("MM-25", "forfeit", side=state.forfeit, winner=w))
    for side in SIDES:
        if state.score[side] >= MOVES_TO_WIN:
            return Outcome(side, Notice.of("MM-15", "three_moves", side=side, moves=MOVES_TO_WIN))
    return None


def legal_inputs(state: State) -> tuple[str, ...]:
    """Names of the inputs the rules accept now, for the display's prompts."""
    if state.phase == "changes":
        can_change = state.credit.A > 0 or state.credit.B > 0
        return ("change", "restart", "quit") if can_change else ("restart", "quit")
    return {
        "lineup": ("lineup", "quit"),
        "toss": ("lineup", "coin_toss", "quit"),
        "play": ("move", "quit"),
        "finished": (),
    }[state.phase]


def perft(state: State, depth: int) -> int:
    """Leaves of the legal-move tree ``depth`` plies deep (python-chess's perft).

    A Move! ends a branch: the next position is in the changes phase, where nothing
    moves, so it counts at its own depth and has no children.
    """
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(apply(state, m).state, depth - 1) for m in moves)


def lineup_problem(side: Side, kind: Kind, sq: Square, options: Options) -> Notice | None:
    """Why ``kind`` may not be set up on ``sq`` for ``side`` (MM-19), or None: an MM-19
    notice ``own_half(side, square)``, ``keeper_in_goal(side, square)``,
    ``only_keeper_in_goal(kind, square)`` or ``white_area(square)``."""
    name = square_name(sq)
    if not in_half(side, sq):
        return Notice.of("MM-19", "own_half", side=side, square=name)
    if kind == "keeper":
        if sq not in GOALS[side]:
            return Notice.of("MM-19", "keeper_in_goal", side=side, square=name)
        return None
    if goal_of(sq) is not None:
        return Notice.of("MM-19", "only_keeper_in_goal", kind=kind, square=name)
    if sq in pitch_of(options).white:
        return Notice.of("MM-19", "white_area", square=name)
    return None


# --- transitions ---------------------------------------------------------------------


def apply(state: State, inp: Input) -> Step[State]:
    """Apply one input.

    :returns: the new state and its notices (what the display should say).
    :raises IllegalInput: the rules do not allow ``inp`` now; ``state`` is unchanged.
    """
    if state.phase == "finished":
        result = outcome(state)
        rule = result.cause.rule if result else "MM-15"
        raise IllegalInput(Notice.of(rule, "game_over"))
    if isinstance(inp, Lineup):
        return _lineup(state, inp)
    if isinstance(inp, CoinToss):
        return _coin_toss(state, inp)
    if isinstance(inp, Move):
        return _move(state, inp)
    if isinstance(inp, Change):
        return _change(state, inp)
    if isinstance(inp, Restart):
        return _restart(state)
    if isinstance(inp, Quit):
        return _quit(state, inp)
    raise TypeError(f"not a Master Move input: {inp!r}")


def _lineup(state: State, lu: Lineup) -> Step[State]:
    if state.phase not in ("lineup", "toss"):
        raise IllegalInput(Notice.of("MM-19", "lineup_closed"))
    side = lu.side
    counts = Counter(kind for _, kind in lu.placement)
    if any(counts[k] != LINEUP_COUNTS[k] for k in KINDS) or sum(counts.values()) != 11:
        raise IllegalInput(Notice.of("MM-05", "lineup_counts", side=side, counts=tuple(counts[k] for k in KINDS)))
    seen: set[Square] = set()
    for sq, kind in lu.placement:
        if sq in seen:
            raise IllegalInput(Notice.of("MM-13", "two_on_square", square=square_name(sq)))
        seen.add(sq)
        problem = lineup_problem(side, kind, sq, state.options)
        if problem:
            raise IllegalInput(problem)
    board = Board.from_pieces(
        list(state.board.without(side).pieces()) + [(sq, Piece(side, kind)) for sq, kind in lu.placement]
    )
    both = any(True for _ in board.pieces(other(side)))
    lined = Notice.of("MM-19", "lined_up", side=side)
    if not both:
        return Step(replace(state, board=board, kickoff=board), (lined,))
    first = state.options.first_mover
    if first == "coin_toss":
        return Step(replace(state, phase="toss", board=board, kickoff=board), (lined, Notice.of("MM-28", "toss_the_coin")))
    new = replace(state, phase="play", board=board, kickoff=board, to_move=first)
    return Step(new, (lined, Notice.of("MM-A1", "kickoff", side=first)))


def _coin_toss(state: State, toss: CoinToss) -> Step[State]:
    if state.phase == "lineup":
        raise IllegalInput(Notice.of("MM-28", "toss_after_lineups"))
    if state.phase != "toss":
        raise IllegalInput(Notice.of("MM-28", "toss_before_play"))
    new = replace(state, phase="play", to_move=toss.winner)
    return Step(new, (Notice.of("MM-28", "won_toss", side=toss.winner),))


def _move(state: State, mv: Move) -> Step[State]:
    if state.phase == "lineup":
        raise IllegalInput(Notice.of("MM-19", "lineups_first"))
    if state.phase == "toss":
        raise IllegalInput(Notice.of("MM-28", "toss_first"))
    if state.phase == "changes":
        raise IllegalInput(Notice.of("MM-30", "changes_first"))
    check_move(state, mv)
    side = state.to_move
    assert side is not None
    board = state.board.move(mv.frm, mv.to)
    scorer = scoring_side(state.board, mv)
    if scorer is None:
        new = replace(state, board=board, to_move=other(side), trav=after_move_trav(state, mv))
        return Step(new, ())
    score = state.score.set(scorer, state.score[scorer] + 1)
    scored = Notice.of("MM-16", "move_scored", side=scorer, frm=square_name(mv.frm), to=square_name(mv.to),
                       score=(score.A, score.B))
    if score[scorer] >= MOVES_TO_WIN:
        over = replace(state, phase="finished", board=board, to_move=None, score=score, trav=(), restarting=None)
        won = Notice.of("MM-15", "wins", side=scorer, moves=score[scorer], against=score[other(scorer)])
        return Step(over, (scored, won))
    conceded = other(scorer)
    credit = PerSide(*(_credit(state, s) for s in ("A", "B")))
    new = replace(
        state,
        phase="changes",
        board=state.kickoff,
        to_move=None,
        score=score,
        credit=credit,
        restarting=conceded,
        trav=(),
    )
    return Step(new, (scored, Notice.of("MM-20", "back_to_kickoff"),
                      Notice.of("MM-21", "change_credit", credit=(credit.A, credit.B))))


def _credit(state: State, side: Side) -> int:
    """A side's change credit for the changes phase a Move opens (MM-21, MM-22, MM-30,
    MM-A5): 1, or in ``carry_over`` the unused credit plus 1; never beyond the game's
    ``max_changes``."""
    left = state.options.max_changes - state.changes_used[side]
    earned = 1 if state.options.changes == "per_restart" else state.credit[side] + 1
    return max(0, min(earned, left))


def _change(state: State, ch: Change) -> Step[State]:
    if state.phase != "changes":
        raise IllegalInput(Notice.of("MM-21", "changes_after_move"))
    side = ch.side
    if state.credit[side] <= 0:
        if state.changes_used[side] >= state.options.max_changes:
            raise IllegalInput(Notice.of("MM-22", "changes_used_up", side=side, changes=state.options.max_changes))
        raise IllegalInput(Notice.of("MM-21", "no_change_left", side=side))
    piece = state.board.get(ch.frm)
    f, t = square_name(ch.frm), square_name(ch.to)
    if piece is None or piece.side != side:
        raise IllegalInput(Notice.of("MM-21", "no_piece_to_change", side=side, square=f))
    if ch.frm == ch.to:
        raise IllegalInput(Notice.of("MM-21", "change_in_place", frm=f, to=t))
    if not state.board.is_free(ch.to):
        raise IllegalInput(Notice.of("MM-13", "occupied", square=t))
    problem = lineup_problem(side, piece.kind, ch.to, state.options)
    if problem:
        raise IllegalInput(problem)
    new = replace(
        state,
        board=state.board.move(ch.frm, ch.to),
        changes_used=state.changes_used.set(side, state.changes_used[side] + 1),
        credit=state.credit.set(side, state.credit[side] - 1),
    )
    return Step(new, (Notice.of("MM-21", "changed", side=side, kind=piece.kind, frm=f, to=t),))


def _restart(state: State) -> Step[State]:
    if state.phase != "changes":
        raise IllegalInput(Notice.of("MM-23", "no_restart"))
    first = state.restarting
    assert first is not None
    credit = state.credit if state.options.changes == "carry_over" else PerSide(0, 0)
    new = replace(state, phase="play", to_move=first, kickoff=state.board, credit=credit, trav=())
    return Step(new, (Notice.of("MM-23", "restart", side=first),))


def _quit(state: State, q: Quit) -> Step[State]:
    winner = other(q.side)
    score = PerSide(0, 0).set(winner, MOVES_TO_WIN)
    new = replace(state, phase="finished", to_move=None, score=score, forfeit=q.side, restarting=None, credit=PerSide(0, 0))
    return Step(new, (Notice.of("MM-25", "quits", side=q.side, winner=winner),))


__all__ = [
    "RULES_VERSION",
    "apply",
    "check_options",
    "legal_inputs",
    "legal_moves",
    "lineup_problem",
    "new_game",
    "outcome",
    "perft",
]


# --- the typed face (pitchside.core.game.GameRules); status and score: core.face ----


def turn(state: State) -> Side | None:
    """The side to play now (``state.to_move``); None before it is settled and once the
    match is over."""
    return None if state.phase == "finished" else state.to_move
