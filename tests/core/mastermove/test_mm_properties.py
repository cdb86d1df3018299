"""Master Move through the shared fold harness (tests/support/fold.py): random replay
lines, refusals that change nothing, undo, export; after every line the one-line
snapshot round-trips (``parse_snapshot(snapshot(s), s.options) == s``)
and every notice and refusal has words that name the players."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitchside.core.errors import IllegalInput
from pitchside.core.notice import Notice
from pitchside.core.record.mastermove import MasterMoveCodec
from pitchside.core.rules import mastermove as M
from pitchside.core.words import mastermove as W
from support.fold import check_random_fold
from support.strategies import options_json
from support.examples import scaled

CODEC = MasterMoveCodec()
NAMES = ("Annabelle", "Bartholomew")
SIDE_LETTER = re.compile(r"\b[AB]\b")

STANDARD = {
    "A": {"keeper": ["E1"], "defender": ["C2", "G2"], "winger": ["B3", "E4", "H3"],
          "runner": ["D8", "F8"], "joker": ["E7"], "raider": ["B7", "H7"]},
    "B": {"keeper": ["E16"], "defender": ["C15", "G15"], "winger": ["B14", "E13", "H14"],
          "runner": ["C9", "G9"], "joker": ["E10"], "raider": ["B10", "H10"]},
}
SQUARES = st.integers(0, 143).map(M.square_name)


def draw_line(draw: Any, state: M.State) -> dict[str, Any]:
    kind = draw(st.sampled_from(
        ["lineup", "lineup", "coin_toss", "move", "move", "move", "move", "move", "legal", "legal", "legal",
         "legal", "legal", "legal", "change", "change", "restart", "undo", "quit"] if state.phase != "lineup"
        else ["lineup", "lineup", "lineup", "coin_toss", "move", "undo", "quit"]))
    if kind == "lineup":
        side = draw(st.sampled_from(["A", "B"]))
        pieces = {k: list(v) for k, v in STANDARD[side].items()}
        if draw(st.integers(0, 3)) == 0:  # a piece elsewhere, or one too few
            k = draw(st.sampled_from(sorted(pieces)))
            if draw(st.booleans()):
                pieces[k][0] = draw(SQUARES)
            else:
                pieces[k] = pieces[k][1:]
        return {"input": "lineup", "side": side, "pieces": pieces}
    if kind == "coin_toss":
        return {"input": "coin_toss", "winner": draw(st.sampled_from(["A", "B"]))}
    if kind == "legal":
        moves = M.legal_moves(state)
        if moves:
            mv = moves[draw(st.integers(0, len(moves) - 1))]
            return {"input": "move", "from": M.square_name(mv.frm), "to": M.square_name(mv.to)}
        kind = "restart" if state.phase == "changes" else "move"
    if kind == "move":
        pieces = [sq for sq, _ in state.board.pieces()]
        frm = M.square_name(draw(st.sampled_from(pieces))) if pieces and draw(st.booleans()) else draw(SQUARES)
        return {"input": "move", "from": frm, "to": draw(SQUARES)}
    if kind == "change":
        pieces = list(state.board.pieces())
        if pieces and draw(st.booleans()):
            sq, piece = draw(st.sampled_from(pieces))
            return {"input": "change", "side": piece.side, "from": M.square_name(sq), "to": draw(SQUARES)}
        return {"input": "change", "side": draw(st.sampled_from(["A", "B"])), "from": draw(SQUARES), "to": draw(SQUARES)}
    if kind == "quit":
        return {"input": "quit", "side": draw(st.sampled_from(["A", "B"]))}
    return {"input": kind}


def check_words(notice: Notice) -> None:
    """Words exist for the notice and, with long names, name the players: no side letter
    stands where a name belongs."""
    for names in (NAMES, ("A", "B")):
        words = W.describe(notice, names)
        assert words.long and words.short
        assert notice.rule not in words.long  # the rule ID is not part of the words
    named = W.describe(notice, NAMES)
    assert not SIDE_LETTER.search(named.long) and not SIDE_LETTER.search(named.short), (notice, named)


def check_invariants(state: M.State) -> None:
    text = M.snapshot(state)
    assert M.parse_snapshot(text, state.options) == state
    if state.options == M.Options():
        assert M.parse_snapshot(text) == state
    result = M.outcome(state)
    assert (result is None) == (state.phase != "finished")
    if result is not None:
        check_words(result.cause)


def after_apply(before: M.State, after: M.State, effects: tuple[Any, ...]) -> None:
    assert effects and all(isinstance(n, Notice) for n in effects) or not effects
    for n in effects:
        check_words(n)


OPTIONS = options_json(M.Options, white_area=None, grass=st.sampled_from(["checkerboard", "stripes"]))
"""Any options (tests/support/strategies.py): the white area as the default, a grass
pattern by name."""


@settings(max_examples=scaled(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), OPTIONS)
def test_random_lines_fold_undo_export_and_snapshot_round_trip(data: Any, opts: dict[str, Any]) -> None:
    n = data.draw(st.integers(1, 120))
    refused = check_random_fold(CODEC, opts, lambda state: draw_line(data.draw, state), n, check_invariants,
                                after_apply=after_apply, rule_prefixes=("MM-", "UNDO"))
    assert all(isinstance(r, int) for r in refused)


@settings(max_examples=scaled(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_refusal_is_typed_and_worded(data: Any) -> None:
    """Any line in any state reached: a refusal is a typed notice whose words name the
    players (the table shows them) and whose rule leads the replay's reason."""
    match_state = M.new_game()
    for _ in range(data.draw(st.integers(1, 60))):
        obj = draw_line(data.draw, match_state)
        if obj["input"] == "undo":
            continue
        inp = CODEC.parse_input(obj["input"], {k: v for k, v in obj.items() if k != "input"})
        try:
            match_state = M.apply(match_state, inp).state
        except IllegalInput as exc:
            assert exc.notice is not None and exc.notice.rule == exc.rule
            check_words(exc.notice)
