"""Pitch Bowl: one coach's pitch, judged (PB-09..PB-27, PB-33..PB-36): its refusals, the
ball and the pieces after it, a loss of initiative (PB-28) or a touchdown (PB-27, PB-30),
and the new turn either begins.
"""

from __future__ import annotations

from dataclasses import replace

from pitchside.core.errors import IllegalInput
from pitchside.core.notice import Notice
from pitchside.core.sides import SIDES, PerSide, Side, other
from pitchside.core.step import Step

from .queries import _not_in_turn, def_pieces_left, on_field, outcome, pitches_left
from .state import Cause, Loss, Pitch, State


def _new_turn(state: State, side: Side, loss: Loss | None) -> State:
    """The turn of ``side`` begins: every turn counter reset (PB-07, PB-28: all pieces
    turned back to their active side)."""
    return replace(
        state,
        phase="turn",
        active=side,
        pitched=0,
        all_out_used=False,
        all_out_by_bonus_player=False,
        pass_used=False,
        strip_used=False,
        pickup_used=False,
        bonus_pending=False,
        def_window=False,
        def_allowed=True,
        def_turned=0,
        last_loss=loss if loss is not None else state.last_loss,
    )


def _check_pitch(state: State, p: Pitch) -> tuple[Side | None, Pitch]:
    """Refuse a pitch the rules do not allow now. :returns: who holds the ball after the
    announced action (before any ball or carrier going out), and the pitch as it is judged:
    ``ball_out`` while a piece carries the ball lists the carrier among ``out_of_bounds``
    when the coaches did not (PB-35, PB-A5).

    :raises IllegalInput: with the rule ID.
    """
    if state.phase != "turn":
        raise _not_in_turn(state, "pitch")
    t = state.active
    assert t is not None
    o = other(t)
    opts = state.options
    if not state.bonus_pending and pitches_left(state) == 0:
        raise IllegalInput(Notice.of("PB-29", "no_player_left", side=t))
    # Announcement and result (PB-13, PB-14).
    a = p.announce
    if a is None and p.result is not None:
        raise IllegalInput(Notice.of("PB-13", "nothing_announced"))
    if a is not None and p.result is None:
        raise IllegalInput(Notice.of("PB-14", "result_needed", action=a))
    if p.result == "interception" and a != "pass":
        raise IllegalInput(Notice.of("PB-23", "only_pass_intercepted"))
    if state.bonus_pending and a in ("pass", "handoff") and not opts.bonus_any_action:
        raise IllegalInput(Notice.of("PB-19", "bonus_not_action", action=a))
    if a == "strip":
        if state.possession != o:
            raise IllegalInput(Notice.of("PB-17", "nothing_to_strip", side=t, possession=state.possession))
        if state.strip_used:
            raise IllegalInput(Notice.of("PB-33", "once_per_turn", action=a))
    elif a == "pickup":
        if state.possession == t:
            raise IllegalInput(Notice.of("PB-18", "already_holds", side=t))
        if state.possession == o:
            raise IllegalInput(Notice.of("PB-18", "opponent_holds", side=o))
        if state.pickup_used:
            raise IllegalInput(Notice.of("PB-33", "once_per_turn", action=a))
    elif a == "handoff":
        if state.possession != t:
            raise IllegalInput(Notice.of("PB-20", "no_carrier", action=a, side=t))
    elif a == "pass":
        if state.possession != t:
            raise IllegalInput(Notice.of("PB-22", "no_carrier", action=a, side=t))
        if state.pass_used:
            raise IllegalInput(Notice.of("PB-22", "one_pass", side=t))
        if p.all_out:
            raise IllegalInput(Notice.of("PB-09", "pass_all_out"))
    if p.clearance:
        if a == "pickup":
            raise IllegalInput(Notice.of("PB-21", "clearance_pickup"))
        if state.possession is not None:
            raise IllegalInput(Notice.of("PB-21", "ball_carried", side=state.possession))
    # Who holds the ball once the announced action (or clearance) is done.
    held: Side | None = state.possession
    if p.result == "success" and a in ("strip", "pickup"):
        held = t
    elif p.result in ("miss",) and a in ("handoff", "pass"):
        held = None  # dropped (PB-20) or left loose (PB-A8)
    elif p.result == "interception":
        held = o
    elif p.clearance:
        held = None
    # A carried Ball leaves the field only with its carrier (PB-25, PB-35, PB-A5): the Ball
    # reported out while a piece carries it is that carrier leaving, out of bounds too,
    # whether or not the coaches listed his side. A touchdown's Ball is never out (PB-36).
    if p.ball_out and not p.touchdown and held is not None and held not in p.out_of_bounds:
        p = replace(p, out_of_bounds=(*p.out_of_bounds, held))
    # Players off the field (PB-24), pieces turned over (PB-26, PB-A12).
    for side in SIDES:
        n = p.out_of_bounds.count(side)
        if n > on_field(state, side):
            raise IllegalInput(Notice.of("PB-24", "too_many_out", side=side, on_field=on_field(state, side), out=n))
    spare = pitches_left(state) - (0 if state.bonus_pending else 1)
    if p.ko > spare:
        raise IllegalInput(Notice.of("PB-26", "ko_over_spare", side=t, spare=spare, ko=p.ko))
    if p.ko_opponent > def_pieces_left(state):
        raise IllegalInput(
            Notice.of("PB-26", "ko_opponent_over_left", side=o, left=def_pieces_left(state), ko=p.ko_opponent)
        )
    # The ball and its carrier leaving the field (PB-25, PB-35). A touchdown's Ball crosses
    # the opposing end line with its carrier: never out (PB-36), whatever ``ball_out`` says.
    if p.carrier_out:
        if held is None:
            raise IllegalInput(Notice.of("PB-35", "no_carrier_to_leave"))
        if held not in p.out_of_bounds:
            raise IllegalInput(Notice.of("PB-35", "carrier_not_listed", side=held))
        if p.touchdown:
            raise IllegalInput(Notice.of("PB-36", "carrier_scores_not_out"))
    # The touchdown (PB-27).
    if p.touchdown:
        if held is None:
            raise IllegalInput(Notice.of("PB-27", "no_scorer"))
        if held == o and p.result != "interception":
            raise IllegalInput(Notice.of("PB-27", "not_scorer", side=t))
    return held, p


def _pitch(state: State, p: Pitch) -> Step[State]:
    held, p = _check_pitch(state, p)
    t = state.active
    assert t is not None
    o = other(t)
    opts = state.options
    notices: list[Notice] = []
    bonus = state.bonus_pending

    # Going All-Out and FALL (PB-09, PB-10).
    same_player = bonus and state.all_out_by_bonus_player and opts.bonus_all_out_again
    second_all_out = p.all_out and state.all_out_used and not same_player
    causes: list[tuple[Cause, str]] = []
    # Decisive actions (PB-13 to PB-23).
    a = p.announce
    if a is not None:
        if p.result == "success":
            if a == "strip":
                notices.append(Notice.of("PB-17", "strips", side=t))
            elif a == "pickup":
                notices.append(Notice.of("PB-18", "picks_up", side=t))
            elif a == "handoff":
                notices.append(Notice.of("PB-20", "hand_off_made"))
            else:
                notices.append(Notice.of("PB-22", "pass_completed"))
        elif p.result == "miss":
            causes.append(("MISS", "PB-14"))
            if a == "handoff":
                notices.append(Notice.of("PB-20", "hand_off_missed", side=o))
            else:
                notices.append(Notice.of("PB-14", "missed", action=a))
        else:
            causes.append(("INTERCEPTION", "PB-23"))
            notices.append(Notice.of("PB-23", "intercepted", side=o))
    if p.fall:
        causes.append(("FALL", "PB-10"))
        notices.append(Notice.of("PB-10", "fall"))
    elif second_all_out:
        causes.append(("FALL", "PB-09"))
        notices.append(Notice.of("PB-09", "second_all_out"))
    if p.out_of_bounds:
        causes.append(("OUT_OF_BOUNDS", "PB-24"))
        for side in SIDES:
            n = p.out_of_bounds.count(side)
            if n:
                notices.append(Notice.of("PB-24", "out_of_bounds", side=side, out=n))
    if p.clearance:
        causes.append(("CLEARANCE", "PB-21"))
        notices.append(Notice.of("PB-21", "clearance"))
    # The Ball out (PB-25): reported, or its carrier left the field (PB-35). ``ball_out``
    # while a piece carries the ball says so with the replay spec's own fields (the carrier
    # is among ``out_of_bounds``: listed, or added by :func:`_check_pitch`; the
    # ``carrier_out`` field is an optional extra); with a touchdown it is no ball out.
    reported_out = p.ball_out and not p.touchdown
    carrier_left = p.carrier_out or (reported_out and held is not None)
    ball_out = reported_out or (carrier_left and opts.carrier_out == "ball_out")
    if ball_out:
        causes.append(("BALL_OUT", "PB-35" if carrier_left else "PB-25"))
        notices.append(Notice.of("PB-25", "ball_out", side=o))
        possession: Side | None = o
    elif carrier_left:
        possession = None  # carrier_out == "loose": the Ball rests where the carrier left
    else:
        possession = held
    if p.ko:
        notices.append(Notice.of("PB-26", "ko", side=t, ko=p.ko))
    if p.ko_opponent:
        notices.append(Notice.of("PB-A12", "ko", side=o, ko=p.ko_opponent))

    off_field = PerSide(
        state.off_field.A + p.out_of_bounds.count("A"), state.off_field.B + p.out_of_bounds.count("B")
    )
    after = replace(
        state,
        possession=possession,
        off_field=off_field,
        pitched=state.pitched + (0 if bonus else 1) + p.ko,
        all_out_used=state.all_out_used or p.all_out,
        pass_used=state.pass_used or a == "pass",
        strip_used=state.strip_used or a == "strip",
        pickup_used=state.pickup_used or a == "pickup",
        bonus_pending=False,
        all_out_by_bonus_player=False,
        def_window=False,
        def_turned=state.def_turned + p.ko_opponent,
    )

    # The touchdown (PB-27, PB-36) ends the phase of play.
    foul = p.fall or second_all_out or bool(p.out_of_bounds)
    if p.touchdown and foul and opts.foul_voids_touchdown:
        notices.append(Notice.of("PB-36", "touchdown_void"))
    elif p.touchdown:
        scorer = held
        assert scorer is not None
        return _touchdown(after, scorer, notices)

    if causes:
        cause, rule = causes[0]
        return _lose_initiative(after, Loss(t, cause, rule), notices)
    if p.result == "success" and a in ("strip", "pickup"):
        # The bonus pitch, owed at once (PB-19).
        notices.append(Notice.of("PB-19", "bonus_pitch", side=t))
        window = (
            opts.defensive_placement
            and opts.def_placement_before_bonus
            and after.def_allowed
            and def_pieces_left(after) > 0
        )
        new = replace(after, bonus_pending=True, all_out_by_bonus_player=p.all_out, def_window=window)
        return Step(new, tuple(notices))
    if pitches_left(after) == 0:
        notices.append(Notice.of("PB-29", "all_pitched", side=t))
        return _lose_initiative(after, Loss(t, "END_OF_TURN", "PB-29"), notices)
    window = opts.defensive_placement and after.def_allowed and def_pieces_left(after) > 0
    return Step(replace(after, def_window=window), tuple(notices))


def _lose_initiative(state: State, loss: Loss, notices: list[Notice]) -> Step[State]:
    """The initiative passes to the other coach (PB-28)."""
    nxt = other(loss.side)
    new = _new_turn(state, nxt, loss)
    notices.append(Notice.of(loss.rule, "initiative", cause=loss.cause, lost=loss.side, side=nxt))
    return Step(new, tuple(notices))


def _touchdown(state: State, scorer: Side, notices: list[Notice]) -> Step[State]:
    """A touchdown (PB-27): a point, then a kick-off with the scorer as defender, or the
    end of the match (PB-30). Players out of bounds come back (PB-24)."""
    score = state.score.set(scorer, state.score[scorer] + 1)
    assert state.active is not None
    base = _new_turn(replace(state, score=score), state.active, Loss(state.active, "TOUCHDOWN", "PB-27"))
    notices.append(Notice.of("PB-27", "touchdown", side=scorer, score_a=score.A, score_b=score.B))
    reset = replace(base, active=None, possession=None, off_field=PerSide(0, 0), pitched=0, def_allowed=True)
    result = outcome(reset)
    if result is not None:
        notices.append(Notice.of("PB-30", "match_won", side=result.winner))
        return Step(replace(reset, phase="finished"), tuple(notices))
    notices.append(Notice.of("PB-27", "kicks_places_first", side=scorer))
    return Step(replace(reset, phase="place_defender", kicker=scorer), tuple(notices))
