"""Property tests of the Boulomania engine and its replay fold (hypothesis): random
sequences of well-formed inputs (as replay lines, biased towards what the rules allow)
never raise anything but IllegalInput, refusals leave the state unchanged, bowls are
conserved (hand + on the board + pocket = bowls per team, BM-01), the jack stays on a
free jack space, the whole file replays to the incremental fold, and undo restores."""

from __future__ import annotations


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitchside.core.errors import IllegalInput
from pitchside.core.match import Match
from pitchside.core.record.boulomania import BoulomaniaCodec
from pitchside.core.rules import boulomania as B
from pitchside.core.sides import SIDES
from support.fold import check_random_fold
from support.strategies import options_json
from support.examples import scaled

CODEC = BoulomaniaCodec()
die = st.integers(1, 6)


def options() -> st.SearchStrategy[dict]:
    """Any options (tests/support/strategies.py), with games to at most 13 points."""
    return options_json(B.Options, target=st.integers(1, 13))


def draw_line(draw, state: B.State) -> dict:
    kind = draw(st.sampled_from(["phase", "phase", "phase", "phase", "point", "shoot", "start", "jack", "undo"]))
    if kind == "phase":
        kind = {"start_roll": "start", "jack_roll": "jack", "finished": "point"}.get(
            state.phase, draw(st.sampled_from(["point", "point", "shoot"]))
        )
    if kind == "undo":
        return {"input": "undo"}
    if kind == "start":
        return {"input": "start_roll", "A": draw(die), "B": draw(die)}
    if kind == "jack":
        return {"input": "jack_roll", "die": draw(die)}
    forks = draw(st.lists(st.sampled_from(["straight", "diagonal"]), max_size=3))
    if kind == "point":
        obj = {"input": "point", "dice": draw(st.lists(die, min_size=2, max_size=3))}
        if draw(st.integers(0, 3)) == 0:
            obj["jack_space"] = draw(st.booleans())
        elif draw(st.integers(0, 5)) == 0:
            obj["jack_space_if_free"] = True
        if draw(st.integers(0, 5)) == 0:
            obj["push"] = draw(st.booleans())
    else:
        targets = list(B.bowls_on_board(state)) + ["jack"]
        target = draw(st.sampled_from(targets) | st.integers(1, 18))
        obj = {"input": "shoot", "target": target, "die": draw(die)}
    if forks:
        obj["forks"] = forks
    if draw(st.integers(0, 6)) == 0:
        obj["team"] = draw(st.sampled_from(SIDES))
    if draw(st.integers(0, 6)) == 0:
        obj["at"] = draw(st.floats(0, 1e4, allow_nan=False))
    return obj


def check_invariants(state: B.State) -> None:
    bowls = state.options.bowls
    for s in SIDES:
        on = len(B.bowls_on_board(state, s))
        parts = (state.hand[s], on, state.pocket[s])
        assert min(parts) >= 0, (s, parts)
        assert sum(parts) == bowls, (s, parts)  # bowls conserved
    if state.jack is not None:
        assert 1 <= state.jack <= 6 and state.at(state.jack) is None
    if state.phase == "start_roll":
        assert state.starter is None and state.to_play is None and state.round == 1
    elif state.phase == "jack_roll":
        assert state.jack is None and state.to_play is None and not B.bowls_on_board(state)
        assert state.hand.A == state.hand.B == bowls
    elif state.phase == "throw":
        assert state.to_play is not None and state.hand[state.to_play] > 0 and state.jack is not None
    else:
        assert state.to_play is None and B.outcome(state) is not None
    assert sum(rs.A for rs in state.round_scores) == state.score.A
    assert sum(rs.B for rs in state.round_scores) == state.score.B
    assert all(rs.A <= bowls and rs.B <= bowls for rs in state.round_scores)  # at most 8 a round
    assert len(state.round_scores) == state.round - (0 if state.phase == "finished" else 1)


def _every_notice_names_its_rule(before, after, effects) -> None:
    assert all(e.rule for e in effects)


@settings(max_examples=scaled(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), opts=options(), n=st.integers(0, 100))
def test_random_inputs_fold_replay_and_undo(data, opts, n):
    check_random_fold(CODEC, opts, lambda state: draw_line(data.draw, state), n, check_invariants,
                      after_apply=_every_notice_names_its_rule)


@settings(max_examples=scaled(100), deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.lists(die, min_size=3, max_size=3), st.sampled_from(list(range(1, 19)) + ["jack"])), max_size=400))
def test_games_driven_by_legal_throws_end_or_keep_going(throws):
    """Throws the rules allow (no jack-space choice, a target from shoot_targets) by the
    team to play are never refused, and the invariants hold through whole games."""
    s = B.apply(B.new_game(), B.StartRoll(6, 1)).state
    for shoot, dice, target in throws:
        if s.phase == "finished":
            break
        try:
            if s.phase == "jack_roll":
                s = B.apply(s, B.JackRoll(dice[0])).state
            elif shoot:
                targets = B.shoot_targets(s)
                s = B.apply(s, B.Shoot(target if target in targets else targets[-1], dice[0])).state
            else:
                s = B.apply(s, B.Point(tuple(dice[: 2 + dice[2] % 2]))).state
        except IllegalInput:
            raise AssertionError(f"a legal throw was refused in {s}")
        check_invariants(s)


@settings(max_examples=scaled(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), opts=options(), n=st.integers(0, 150))
def test_every_reachable_state_round_trips_through_its_snapshot(data: st.DataObject, opts: dict[str, object], n: int) -> None:
    match = Match.start(CODEC, CODEC.parse_options(opts))
    for _ in range(n + 1):
        text = B.snapshot(match.state)
        assert "\n" not in text and len(text.split(" ")) == 10
        assert B.parse_snapshot(text) == match.state
        obj = draw_line(data.draw, match.state)
        try:
            if obj["input"] == "undo":
                match, _ = match.undo()
            else:
                fields = {k: v for k, v in obj.items() if k not in ("input", "at")}
                match, _ = match.apply(CODEC.parse_input(obj["input"], fields))
        except IllegalInput:
            pass
