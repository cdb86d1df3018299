"""Property tests of the Pichenotte engine and the replay fold (hypothesis): random
sequences of well-formed inputs (as replay lines) never raise anything but IllegalInput,
conserve pucks (PI-01, PI-07, PI-08: hand + on_board + rail + ditch == pucks per side),
replay to the same state as the incremental fold, undo restores the state before, and
every state reached round-trips through its one-line snapshot."""

from __future__ import annotations


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitchside.core.record.pichenotte import PichenotteCodec
from pitchside.core.rules import pichenotte as P
from pitchside.core.sides import SIDES
from support.fold import check_random_fold
from support.strategies import options_json
from support.examples import scaled

CODEC = PichenotteCodec()
sides = st.sampled_from(["A", "B"])


@st.composite
def options(draw) -> dict:
    """Any options (tests/support/strategies.py), with short matches; even pucks in
    doubles (PI-A6)."""
    opts = draw(options_json(
        P.Options, always=("players", "pucks"), pucks=st.integers(1, 4), rounds_to_win=st.integers(1, 3),
        max_rounds=st.none() | st.integers(1, 4), race_target=st.integers(1, 120),
    ))
    if opts["players"] == "doubles":
        opts["pucks"] *= 2
    return opts


def counts_obj(draw, hi=2) -> dict:
    return {s: draw(st.integers(0, hi)) for s in draw(st.sets(sides))}


def draw_line(draw, state: P.State) -> dict:
    kind = draw(st.sampled_from(["shot", "shot", "shot", "shot", "tally_ok", "tally_any", "toss", "undo"]))
    if kind == "toss":
        return {"input": "coin_toss", "winner": draw(sides)}
    if kind == "undo":
        return {"input": "undo"}
    if kind == "tally_ok":
        obj = {"input": "tally"}
        for s in SIDES:
            n = state.on_board[s]
            a = draw(st.integers(0, n))
            b = draw(st.integers(0, n - a))
            obj[s] = [a, b, n - a - b]
        return obj
    if kind == "tally_any":
        return {"input": "tally", **{s: [draw(st.integers(0, 3)) for _ in range(3)] for s in SIDES}}
    obj = {"input": "shot"}
    for name in ("called", "contact", "twenty", "ditched"):
        if draw(st.booleans()):
            obj[name] = draw(st.booleans())
    for name in ("knocked_in", "knocked_off"):
        if draw(st.integers(0, 3)) == 0:
            obj[name] = counts_obj(draw)
    if draw(st.integers(0, 5)) == 0:
        obj["at"] = draw(st.floats(0, 1e4, allow_nan=False))
    return obj


def check_invariants(state: P.State) -> None:
    pucks = state.options.pucks
    for s in SIDES:
        parts = (state.hand[s], state.on_board[s], state.rail[s], state.ditch[s])
        assert min(parts) >= 0, (s, parts)
        assert sum(parts) == pucks, (s, parts)
    if state.phase == "toss":
        assert state.turn is None and state.round == 1 and state.hand.A == state.hand.B == pucks
    elif state.phase == "shooting":
        assert state.turn is not None and state.hand[state.turn] > 0
    elif state.phase == "tally":
        assert state.turn is None and state.hand.A == state.hand.B == 0
    else:
        assert state.turn is None and P.outcome(state) is not None
    assert len(state.round_scores) == state.round - (0 if state.phase == "finished" else 1)
    score = P.match_score(state)
    if state.options.format == "rounds":
        assert score.A + score.B == len(state.round_scores)
    assert score.A >= 0 and score.B >= 0
    if state.phase != "finished":
        assert P.outcome(state) is None or state.round_scores == ()


def check_snapshot_round_trip(state: P.State) -> None:
    line = P.snapshot(state)
    assert "\n" not in line
    assert P.parse_snapshot(line) == state


@settings(max_examples=scaled(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), opts=options(), n=st.integers(0, 80))
def test_random_inputs_fold_replay_undo_and_snapshot(data, opts, n):
    """The fold properties (support/fold.py), and after every line the one-line snapshot
    round-trips: parse_snapshot(snapshot(s)) == s for every state reached (toss, shots,
    tallies, round ends, finished matches, undos)."""

    def invariants(state: P.State) -> None:
        check_invariants(state)
        check_snapshot_round_trip(state)

    check_random_fold(CODEC, opts, lambda state: draw_line(data.draw, state), n, invariants)


@settings(max_examples=scaled(200), deadline=None)
@given(data=st.data(), opts=options())
def test_complete_rounds_only_legal_shots(data, opts):
    """Drive whole rounds with only shots that are legal now and matching tallies: the
    match always reaches a next round or the end, and PI-01 resets every round."""
    state = P.apply(P.new_match(CODEC.parse_options(opts)), P.CoinToss(data.draw(sides))).state
    for _ in range(6):
        if state.phase == "finished":
            break
        rnd = state.round
        shots = 0
        while state.phase == "shooting":
            obj = draw_line(data.draw, state)
            if obj["input"] != "shot":
                continue
            obj.pop("at", None)
            obj.pop("input")
            # keep knocked counts within what is on the board, and no twenty + ditched
            for name in ("knocked_in", "knocked_off"):
                obj.pop(name, None)
            if obj.get("twenty") and obj.get("ditched"):
                obj["ditched"] = False
            state = P.apply(state, CODEC.parse_input("shot", obj)).state
            shots += 1
            check_invariants(state)
        assert shots == 2 * state.options.pucks
        assert state.phase == "tally"
        tally = P.Tally((0, 0, state.on_board.A), (state.on_board.B, 0, 0))
        state = P.apply(state, tally).state
        check_invariants(state)
        if state.phase != "finished":
            assert state.round == rnd + 1
            assert state.hand.A == state.hand.B == state.options.pucks
            assert state.on_board.A == state.rail.A == state.ditch.A == 0

