"""Property tests of the Pitchnut engine and its replay fold (hypothesis): random
sequences of well-formed inputs (as replay lines) never raise anything but IllegalInput,
conserve pieces (PN-02: pocketed + on the board == ``pieces`` per colour), keep debts and
the bonus bank non-negative, replay to the same state as the incremental fold (also from
the dumped accepted inputs), and undo restores the state before."""

from __future__ import annotations


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitchside.core.errors import IllegalInput
from pitchside.core.record.pitchnut import PitchnutCodec
from pitchside.core.rules import pitchnut as P
from pitchside.core.sides import SIDES
from support.fold import check_random_fold
from support.strategies import options_json
from support.examples import scaled

CODEC = PitchnutCodec()
sides = st.sampled_from(["A", "B"])


def options() -> st.SearchStrategy[dict]:
    """Any options (tests/support/strategies.py), with few pieces and games."""
    return options_json(P.Options, always=("pieces",), pieces=st.integers(1, 4), games=st.integers(1, 3))


def draw_line(draw, state: P.State) -> dict:
    kind = draw(st.sampled_from(["shot"] * 8 + ["toss", "breaker", "undo"]))
    if kind == "toss":
        return {"input": "coin_toss", "winner": draw(sides)}
    if kind == "breaker":
        return {"input": "breaker", "side": draw(sides)}
    if kind == "undo":
        return {"input": "undo"}
    obj: dict = {"input": "shot"}
    left = P.on_board(state)
    for colour in ("white", "black"):
        if draw(st.booleans()):
            # mostly possible counts, sometimes one too many (a refusal)
            obj[colour] = draw(st.integers(0, left[colour] + (1 if draw(st.integers(0, 9)) == 0 else 0)))
    if draw(st.integers(0, 7)) == 0:
        obj["poison"] = True
    if draw(st.integers(0, 4)) == 0:
        obj["pitch"] = draw(st.sampled_from(["pocket", "off", None]))
    if draw(st.integers(0, 5)) == 0:
        obj["touched"] = draw(st.booleans())
    if draw(st.integers(0, 9)) == 0:
        obj["foul"] = True
    if draw(st.integers(0, 3)) == 0:
        obj["spot"] = draw(st.sampled_from(["white", "black", None]))
    if draw(st.integers(0, 9)) == 0:
        obj["white_off"] = draw(st.integers(0, 2))
    if draw(st.integers(0, 9)) == 0:
        obj["poison_off"] = draw(st.booleans())
    if draw(st.integers(0, 5)) == 0:
        obj["at"] = draw(st.floats(0, 1e4, allow_nan=False))
    return obj


def check_invariants(state: P.State) -> None:
    n = state.options.pieces
    left = P.on_board(state)
    for c in P.COLOURS:
        assert 0 <= state.pocketed[c] <= n and state.pocketed[c] + left[c] == n
    assert min(state.owed.A, state.owed.B, state.bonus) >= 0
    assert state.colours.A is None or state.colours.B == P.other_colour(state.colours.A)
    assert (state.colours.A is None) == (state.colours.B is None)
    for s in SIDES:
        colour = state.colours[s]
        if colour is not None and state.owed[s] and state.phase == "shooting":
            assert state.pocketed[colour] < n  # a debtor always has a piece to pay with
    games_done = state.score.A + state.score.B
    if state.phase == "finished":
        assert state.turn is None and P.outcome(state) is not None
        assert games_done == state.game_number
        assert max(state.score.A, state.score.B) == state.options.games
    else:
        assert P.outcome(state) is None
        assert games_done == (state.game_number - 1 if state.phase == "shooting" else 0)
    if state.phase == "shooting":
        assert state.turn is not None and state.breaker is not None
    elif state.phase in ("toss", "choose_breaker"):
        assert state.turn is None and state.pocketed == P.Pieces() and state.game_number == 1


def _turn_passes_only_with_an_empty_bank(before, after, effects) -> None:
    if after.phase == "shooting" and after.turn != before.turn:
        assert after.bonus == 0  # PN-30


@settings(max_examples=scaled(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), opts=options(), n=st.integers(0, 80))
def test_random_inputs_fold_replay_and_undo(data, opts, n):
    check_random_fold(CODEC, opts, lambda state: draw_line(data.draw, state), n, check_invariants,
                      after_apply=_turn_passes_only_with_an_empty_bank)


@settings(max_examples=scaled(200), deadline=None)
@given(data=st.data(), opts=options())
def test_only_possible_shots_play_games_to_their_end_or_keep_conserving(data, opts):
    """Shots drawn within what is on the board (and touched when they pocket) are never
    refused, except PN-A5 (a debt paid by equal colours with no ``spot``)."""
    state = P.apply(P.apply(P.new_match(CODEC.parse_options(opts)), P.CoinToss("A")).state,
                    P.Breaker(data.draw(sides))).state
    for _ in range(60):
        if state.phase == "finished":
            break
        left = P.on_board(state)
        w = data.draw(st.integers(0, min(left.white, 2)))
        b = data.draw(st.integers(0, min(left.black, 2)))
        shot = P.Shot(
            white=w,
            black=b,
            poison=data.draw(st.integers(0, 9)) == 0,
            pitch=data.draw(st.sampled_from([None, None, None, "pocket", "off"])),
            touched=True,
        )
        try:
            state = P.apply(state, shot).state
        except IllegalInput as exc:
            assert exc.rule == "PN-A5"
            state = P.apply(state, P.Shot(white=w, black=b, poison=shot.poison, pitch=shot.pitch, spot="white")).state
        check_invariants(state)


def _snapshot_round_trips(state: P.State) -> None:
    check_invariants(state)
    line = P.snapshot(state)
    assert "\n" not in line
    assert P.parse_snapshot(line) == state


@settings(max_examples=scaled(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), opts=options(), n=st.integers(0, 60))
def test_the_snapshot_of_every_reachable_state_reads_back_as_that_state(data, opts, n):
    """``parse_snapshot(snapshot(s)) == s`` after every line of a random fold (refused
    lines and undos included)."""
    check_random_fold(CODEC, opts, lambda state: draw_line(data.draw, state), n, _snapshot_round_trips)
