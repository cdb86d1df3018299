"""Property tests of the Pitch Bowl engine and its replay fold (hypothesis): random
sequences of well-formed inputs (as replay lines) never raise anything but IllegalInput,
keep the state's invariants, replay to the same state as the incremental fold, and undo
restores the state before."""

from __future__ import annotations


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitchside.core.errors import IllegalInput
from pitchside.core.record.pitchbowl import ANNOUNCES, RESULTS, PitchBowlCodec
from pitchside.core.rules import pitchbowl as PB
from pitchside.core.sides import SIDES
from support.fold import check_random_fold
from support.strategies import options_json
from support.examples import scaled

CODEC = PitchBowlCodec()
sides = st.sampled_from(["A", "B"])


def options() -> st.SearchStrategy[dict]:
    """Any options (tests/support/strategies.py)."""
    return options_json(PB.Options)


def draw_line(draw) -> dict:
    kind = draw(
        st.sampled_from(
            ["pitch"] * 8 + ["placement", "placement", "kickoff", "coin_toss", "choose", "end_turn", "def_placement", "undo"]
        )
    )
    obj: dict = {"input": kind}
    if kind == "coin_toss":
        obj["winner"] = draw(sides)
    elif kind == "choose":
        obj["choice"] = draw(st.sampled_from(["kick", "receive"]))
    elif kind == "placement":
        obj["side"] = draw(sides)
        if draw(st.integers(0, 3)) == 0:
            obj["players"] = draw(st.integers(9, 13))
            obj["on_marker"] = draw(st.integers(0, 5))
            obj["max_on_wing"] = draw(st.integers(0, 4))
            obj["over_line"] = draw(st.booleans())
    elif kind == "kickoff":
        if draw(st.booleans()):
            obj["landed"] = draw(st.booleans())
    elif kind == "def_placement":
        if draw(st.booleans()):
            obj["ok"] = draw(st.booleans())
    elif kind == "pitch":
        if draw(st.booleans()):
            obj["announce"] = draw(st.sampled_from(ANNOUNCES))
            obj["result"] = draw(st.sampled_from(RESULTS + (None,)))
        elif draw(st.integers(0, 4)) == 0:
            obj["result"] = draw(st.sampled_from(RESULTS))
        for name in ("all_out", "fall", "clearance", "ball_out", "touchdown", "carrier_out"):
            if draw(st.integers(0, 3)) == 0:
                obj[name] = draw(st.booleans())
        if draw(st.integers(0, 3)) == 0:
            obj["out_of_bounds"] = draw(st.lists(sides, max_size=3))
        for name in ("ko", "ko_opponent"):
            if draw(st.integers(0, 4)) == 0:
                obj[name] = draw(st.integers(0, 3))
    if draw(st.integers(0, 5)) == 0:
        obj["at"] = draw(st.floats(0, 1e4, allow_nan=False))
    return obj


def check_invariants(state: PB.State) -> None:
    for s in SIDES:
        assert 0 <= state.score[s] <= PB.TOUCHDOWNS_TO_WIN
        assert 0 <= state.off_field[s] <= PB.PLAYERS_ON_FIELD
    finished = PB.outcome(state) is not None
    assert (state.phase == "finished") == finished
    if state.phase == "turn":
        assert state.active is not None and state.kicker is not None
        assert 0 <= state.pitched <= PB.on_field(state, state.active)
        assert 0 <= state.def_turned <= PB.on_field(state, "B" if state.active == "A" else "A")
        if state.bonus_pending:
            assert state.possession == state.active
            assert not state.def_window or state.options.def_placement_before_bonus
        if state.def_window:
            assert state.options.defensive_placement and state.def_allowed
    else:
        assert state.active is None and state.possession is None and state.pitched == 0
        assert not (state.all_out_used or state.pass_used or state.bonus_pending or state.def_window)
    if state.phase in ("toss", "choose"):
        assert state.kicker is None and state.score.A == state.score.B == 0
    if state.phase in ("place_defender", "place_attacker", "kickoff"):
        assert state.kicker is not None and state.off_field.A == state.off_field.B == 0
    names = PB.legal_inputs(state)
    assert all(n in ("coin_toss", "choose", "placement", "kickoff", "pitch", "end_turn", "def_placement") for n in names)


@settings(max_examples=scaled(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), opts=options(), n=st.integers(0, 120))
def test_random_inputs_fold_replay_and_undo(data, opts, n):
    check_random_fold(CODEC, opts, lambda state: draw_line(data.draw), n, check_invariants,
                      rule_prefixes=("PB-", "UNDO"))


@settings(max_examples=scaled(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), opts=options())
def test_matches_driven_by_legal_inputs_reach_three_touchdowns(data, opts):
    """Drive a match with inputs the engine accepts (refusals skipped): every turn ends
    within the pieces it may turn over, and touchdowns push the match to its end."""
    state = PB.new_match(CODEC.parse_options(opts))
    steps = 0
    while state.phase != "finished" and steps < 3000:
        steps += 1
        if state.phase == "toss":
            inp: PB.Input = PB.CoinToss(data.draw(sides))
        elif state.phase == "choose":
            inp = PB.Choose(data.draw(st.sampled_from(["kick", "receive"])))
        elif state.phase in ("place_defender", "place_attacker"):
            inp = PB.Placement(PB.to_act(state))  # type: ignore[arg-type]
        elif state.phase == "kickoff":
            inp = PB.Kickoff(data.draw(st.booleans()))
        else:
            obj = draw_line(data.draw)
            if obj["input"] != "pitch":
                continue
            obj.pop("input")
            obj.pop("at", None)
            if state.possession == state.active and data.draw(st.integers(0, 5)) == 0:
                obj = {"touchdown": True}
            inp = CODEC.parse_input("pitch", obj)
        try:
            state = PB.apply(state, inp).state
        except IllegalInput:
            continue
        check_snapshot(state)
    assert state.phase == "finished", (steps, state)
    assert max(state.score.A, state.score.B) == PB.TOUCHDOWNS_TO_WIN


def check_snapshot(state: PB.State) -> None:
    """The one-line snapshot reads back to the very state (python-chess's FEN idea)."""
    check_invariants(state)
    text = PB.snapshot(state)
    assert "\n" not in text and len(text.split()) == 9
    assert PB.parse_snapshot(text) == state


@settings(max_examples=scaled(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), opts=options(), n=st.integers(0, 120))
def test_snapshot_round_trips_every_state_a_random_fold_reaches(data, opts, n):
    check_random_fold(CODEC, opts, lambda state: draw_line(data.draw), n, check_snapshot,
                      rule_prefixes=("PB-", "UNDO"))
