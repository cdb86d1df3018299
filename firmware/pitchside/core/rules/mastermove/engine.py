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

from pitchside.core.game import Status
from pitchside.core.errors import IllegalInput
from pitchside.core.sides import PerSide, Side, other
from pitchside.core.step import Notice, Step

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
    Outcome,
    Quit,
    Restart,
    State,
)

RULES_VERSION = 1
"""Bumped whenever a change to this package could change the state a record folds to."""


def check_options(opts: Options) -> None:
    """:raises ValueError: naming the bad option and why."""
    if opts.changes not in ("per_restart", "carry_over"):
        raise ValueError(f"changes must be 'per_restart' or 'carry_over', not {opts.changes!r}")
    if opts.first_mover not in ("coin_toss", "A", "B"):
        raise ValueError(f"first_mover must be 'coin_toss', 'A' or 'B', not {opts.first_mover!r}")
    if opts.stalemate_refuse not in (5, 6):
        raise ValueError(f"stalemate_refuse must be 5 or 6, not {opts.stalemate_refuse!r}")
    if opts.stalemate_count not in ("any", "consecutive"):
        raise ValueError(f"stalemate_count must be 'any' or 'consecutive', not {opts.stalemate_count!r}")
    if isinstance(opts.max_changes, bool) or not isinstance(opts.max_changes, int) or not 0 <= opts.max_changes <= 4:
        raise ValueError(f"max_changes must be 0..4, not {opts.max_changes!r}")
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
    """The result of a finished game, else None: a forfeit first (MM-25, MM-32), then
    3 Moves (MM-15)."""
    if state.forfeit is not None:
        w = other(state.forfeit)
        return Outcome(w, f"MM-25: {state.forfeit} quit; {w} wins 3-0 by forfeit")
    for side in ("A", "B"):
        if state.score[side] >= MOVES_TO_WIN:  # type: ignore[index]
            return Outcome(side, f"MM-15: {side} scored {MOVES_TO_WIN} Moves")  # type: ignore[arg-type]
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


def lineup_problem(side: Side, kind: Kind, sq: Square, options: Options) -> str | None:
    """Why ``kind`` may not be set up on ``sq`` for ``side`` (MM-19), or None."""
    name = square_name(sq)
    if not in_half(side, sq):
        half = "columns 1-8" if side == "A" else "columns 9-16"
        return f"{side}'s pieces line up in its own half ({half}), not on {name}"
    if kind == "keeper":
        if sq not in GOALS[side]:
            return f"the keeper lines up in its goal ({', '.join(square_name(g) for g in sorted(GOALS[side]))}), not on {name}"
        return None
    if goal_of(sq) is not None:
        return f"only the keeper stands in the goal: not a {kind} on {name}"
    if sq in pitch_of(options).white:
        return f"no piece lines up on the white area ({name})"
    return None


# --- transitions ---------------------------------------------------------------------


def apply(state: State, inp: Input) -> Step[State]:
    """Apply one input.

    :returns: the new state and its notices (what the display should say).
    :raises IllegalInput: the rules do not allow ``inp`` now; ``state`` is unchanged.
    """
    if state.phase == "finished":
        result = outcome(state)
        rule = result.cause.split(":")[0] if result else "MM-15"
        raise IllegalInput(rule, "the game is over; start a new game")
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
        raise IllegalInput("MM-19", "line-ups are set before the game starts; after a Move, use changes (MM-21)")
    side = lu.side
    counts = Counter(kind for _, kind in lu.placement)
    if any(counts[k] != LINEUP_COUNTS[k] for k in KINDS) or sum(counts.values()) != 11:
        want = ", ".join(f"{n} {k}" for k, n in LINEUP_COUNTS.items())
        got = ", ".join(f"{counts[k]} {k}" for k in KINDS)
        raise IllegalInput("MM-05", f"{side}'s line-up has {got}; a side has {want}")
    seen: set[Square] = set()
    for sq, kind in lu.placement:
        if sq in seen:
            raise IllegalInput("MM-13", f"two pieces on {square_name(sq)}")
        seen.add(sq)
        problem = lineup_problem(side, kind, sq, state.options)
        if problem:
            raise IllegalInput("MM-19", problem)
    board = Board.from_pieces(
        list(state.board.without(side).pieces()) + [(sq, Piece(side, kind)) for sq, kind in lu.placement]
    )
    both = any(True for _ in board.pieces(other(side)))
    notices = [Notice(f"{side} lined up", "MM-19")]
    if not both:
        return Step(replace(state, board=board, kickoff=board), tuple(notices))
    first = state.options.first_mover
    if first == "coin_toss":
        return Step(replace(state, phase="toss", board=board, kickoff=board), (*notices, Notice("Toss the coin", "MM-28")))
    new = replace(state, phase="play", board=board, kickoff=board, to_move=first)
    return Step(new, (*notices, Notice(f"Kick-off: {first} moves first", "MM-A1")))


def _coin_toss(state: State, toss: CoinToss) -> Step[State]:
    if state.phase == "lineup":
        raise IllegalInput("MM-28", "both sides line up before the coin toss")
    if state.phase != "toss":
        raise IllegalInput("MM-28", "the coin toss is only before the first move of the game")
    new = replace(state, phase="play", to_move=toss.winner)
    return Step(new, (Notice(f"{toss.winner} won the toss and moves first", "MM-28"),))


def _move(state: State, mv: Move) -> Step[State]:
    if state.phase == "lineup":
        raise IllegalInput("MM-19", "both sides line up first")
    if state.phase == "toss":
        raise IllegalInput("MM-28", "toss the coin first: the winner moves first")
    if state.phase == "changes":
        raise IllegalInput("MM-30", "a Move was scored: make the changes, then restart")
    check_move(state, mv)
    side = state.to_move
    assert side is not None
    board = state.board.move(mv.frm, mv.to)
    scorer = scoring_side(state.board, mv)
    if scorer is None:
        new = replace(state, board=board, to_move=other(side), trav=after_move_trav(state, mv))
        return Step(new, ())
    score = state.score.set(scorer, state.score[scorer] + 1)
    text = f"Move! {scorer} scores with {mv}: {score.A}-{score.B}"
    if score[scorer] >= MOVES_TO_WIN:
        over = replace(state, phase="finished", board=board, to_move=None, score=score, trav=(), restarting=None)
        return Step(over, (Notice(text, "MM-16"), Notice(f"{scorer} wins {score[scorer]}-{score[other(scorer)]}", "MM-15")))
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
    return Step(new, (Notice(text, "MM-16"), Notice("Back to the kick-off line-up", "MM-20"),
                      Notice(f"Changes: A {credit.A}, B {credit.B}", "MM-21")))


def _credit(state: State, side: Side) -> int:
    """A side's change credit for the changes phase a Move opens (MM-21, MM-22, MM-30,
    MM-A5): 1, or in ``carry_over`` the unused credit plus 1; never beyond the game's
    ``max_changes``."""
    left = state.options.max_changes - state.changes_used[side]
    earned = 1 if state.options.changes == "per_restart" else state.credit[side] + 1
    return max(0, min(earned, left))


def _change(state: State, ch: Change) -> Step[State]:
    if state.phase != "changes":
        raise IllegalInput("MM-21", "changes are made only after a Move, before the restart")
    side = ch.side
    if state.credit[side] <= 0:
        if state.changes_used[side] >= state.options.max_changes:
            raise IllegalInput("MM-22", f"{side} has made its {state.options.max_changes} changes of the game")
        raise IllegalInput("MM-21", f"{side} has no change left at this restart (one change per restart, MM-30)")
    piece = state.board.get(ch.frm)
    f, t = square_name(ch.frm), square_name(ch.to)
    if piece is None or piece.side != side:
        raise IllegalInput("MM-21", f"no piece of {side} on {f} to change")
    if ch.frm == ch.to:
        raise IllegalInput("MM-21", f"a change moves the piece: {f} to {t} is no change")
    if not state.board.is_free(ch.to):
        raise IllegalInput("MM-13", f"{t} is occupied")
    problem = lineup_problem(side, piece.kind, ch.to, state.options)
    if problem:
        raise IllegalInput("MM-19", problem)
    new = replace(
        state,
        board=state.board.move(ch.frm, ch.to),
        changes_used=state.changes_used.set(side, state.changes_used[side] + 1),
        credit=state.credit.set(side, state.credit[side] - 1),
    )
    return Step(new, (Notice(f"{side} changes {piece.kind} {f} to {t}", "MM-21"),))


def _restart(state: State) -> Step[State]:
    if state.phase != "changes":
        raise IllegalInput("MM-23", "restart ends the changes after a Move; there is none to end")
    first = state.restarting
    assert first is not None
    credit = state.credit if state.options.changes == "carry_over" else PerSide(0, 0)
    new = replace(state, phase="play", to_move=first, kickoff=state.board, credit=credit, trav=())
    return Step(new, (Notice(f"Restart: {first} moves first", "MM-23"),))


def _quit(state: State, q: Quit) -> Step[State]:
    winner = other(q.side)
    score = PerSide(0, 0).set(winner, MOVES_TO_WIN)
    new = replace(state, phase="finished", to_move=None, score=score, forfeit=q.side, restarting=None, credit=PerSide(0, 0))
    return Step(new, (Notice(f"{q.side} quits: {winner} wins 3-0 by forfeit", "MM-25"),))


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


# --- the typed face (pitchside.core.game.GameRules) ----------------------------------


def status(state: State) -> Status:
    """``"finished"`` once the match is over, else ``"playing"``."""
    return "finished" if state.phase == "finished" else "playing"


def score(state: State) -> PerSide[float]:
    """The headline score per side (the replay output's ``score``)."""
    return PerSide(float(state.score.A), float(state.score.B))


def turn(state: State) -> Side | None:
    """The side to play now (``state.to_move``); None before it is settled and once the
    match is over."""
    return None if state.phase == "finished" else state.to_move
