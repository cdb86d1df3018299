"""Pitch Bowl: what the rules allow now, read off a state: who acts, the pitches and
defensive pieces left, the inputs accepted (with the end-of-turn and defensive-placement
refusals the engine raises), the outcome (PB-30) and the typed face's ``turn``.
"""

from __future__ import annotations

from pitchside.core.errors import IllegalInput
from pitchside.core.game import Outcome
from pitchside.core.notice import Notice
from pitchside.core.sides import SIDES, Side, other

from .state import PLAYERS_ON_FIELD, TOUCHDOWNS_TO_WIN, State


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


# --- the refusals the queries and the engine share --------------------------------------


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


# --- the typed face (pitchside.core.game.GameRules); status and score: core.face ----


def turn(state: State) -> Side | None:
    """The side to play now (``state.active``); None before it is settled and once the
    match is over."""
    return None if state.phase == "finished" else state.active
