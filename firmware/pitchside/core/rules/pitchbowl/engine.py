"""Pitch Bowl: the rules engine, ``apply(state, input) -> Step`` (pure).

Phases: ``toss`` (:class:`CoinToss`, PB-02) -> ``choose`` (:class:`Choose`) ->
``place_defender`` and ``place_attacker`` (:class:`Placement`, PB-03, PB-04) ->
``kickoff`` (:class:`Kickoff`, PB-05, PB-06) -> ``turn`` (:class:`Pitch`, judged in
:mod:`.pitch`; :class:`EndTurn`, PB-34; :class:`DefPlacement`, PB-31, PB-32) -> after a
touchdown the next kick-off's placements, or ``finished`` (PB-30).
"""

from __future__ import annotations

from dataclasses import replace

from pitchside.core.errors import IllegalInput
from pitchside.core.notice import Notice
from pitchside.core.sides import other
from pitchside.core.step import Step

from .pitch import _lose_initiative, _new_turn, _pitch
from .queries import _check_end_turn, _def_placement_refusal
from .state import (
    MAX_ON_WING,
    MIN_ON_MARKER,
    PLAYERS_ON_FIELD,
    Choose,
    CoinToss,
    DefPlacement,
    EndTurn,
    Input,
    Kickoff,
    Loss,
    Pitch,
    Placement,
    State,
)


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


def _end_turn(state: State) -> Step[State]:
    _check_end_turn(state)
    assert state.active is not None
    return _lose_initiative(state, Loss(state.active, "END_OF_TURN", "PB-34"), [])


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
