"""Pitchnut: what the rules say of a state: the pieces on the board, who is on the poison,
who shoots, the inputs accepted now, the outcome (PN-A9) and the typed face's ``turn``.
"""

from __future__ import annotations

from pitchside.core.game import Outcome
from pitchside.core.sides import SIDES, Side

from .state import Pieces, State


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


# --- the typed face (pitchside.core.game.GameRules); status and score: core.face ----


def turn(state: State) -> Side | None:
    """The side to play now (``state.turn``); None before it is settled and once the
    match is over."""
    return None if state.phase == "finished" else state.turn
