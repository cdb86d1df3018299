"""Pichenotte's inputs exactly as docs/spec/replay.md writes them (
"check every other game's inputs for the same kind of added requirement"): every
combination of the spec's ``shot`` fields, given or left to their defaults, in the
situations of a round, is read by the codec and accepted by the rules unless the
fields contradict each other or the board. The expected refusals are worked out from
the spec and rulings.md, not read off the engine:

* PI-11: the shot puck cannot both drop in the hole (``twenty``) and end in the ditch;
* PI-13: no more pucks of a side can be knocked in or off than it has on the board;
* PI-18: moving an opponent's puck is contact (a combination counts), so ``contact``
  false with an opponent's puck knocked in or off cannot be right.
"""

from __future__ import annotations

import itertools
import json

import pytest

from pitchside.core.errors import IllegalInput
from pitchside.core.match import Match
from pitchside.core.record.format import replay
from pitchside.core.record.pichenotte import PichenotteCodec
from pitchside.core.sides import SIDES, other

CODEC = PichenotteCodec()
FLAGS = ("called", "contact", "twenty", "ditched")
DEFAULTS = {"called": False, "contact": True, "twenty": False, "ditched": False}

# Situations as spec lines after the header (pucks 3 a side, A won the toss).
SITUATIONS = {
    "free shot, nothing on the board": [],
    "B faces one of A's pucks": ['{"input": "shot"}'],
    "A faces one of B's, with one of its own": ['{"input": "shot"}', '{"input": "shot"}'],
}


def _counts_objects() -> list[dict[str, int] | None]:
    """``knocked_in`` / ``knocked_off`` as the spec writes them: absent, ``{}``, or
    ``{"A": n, "B": n}`` with either side left out."""
    out: list[dict[str, int] | None] = [None, {}]
    for a, b in itertools.product((None, 0, 1, 2), repeat=2):
        obj = {k: v for k, v in (("A", a), ("B", b)) if v is not None}
        if obj:
            out.append(obj)
    return out


def _expected_refusal(on_board: dict[str, int], shooter: str, shot: dict) -> str | None:
    f = {**DEFAULTS, **{k: shot[k] for k in FLAGS if k in shot}}
    moved = {s: shot.get("knocked_in", {}).get(s, 0) + shot.get("knocked_off", {}).get(s, 0) for s in SIDES}
    if f["twenty"] and f["ditched"]:
        return "PI-11"
    opponent = other(shooter)  # type: ignore[arg-type]
    if on_board[opponent] and not f["contact"] and moved[opponent]:
        return "PI-18"
    if any(moved[s] > on_board[s] for s in SIDES):
        return "PI-13"
    return None


@pytest.mark.parametrize("situation", SITUATIONS)
def test_every_spec_shot_is_read_and_refused_only_when_it_contradicts_itself(situation: str) -> None:
    match = Match.start(CODEC, CODEC.parse_options({"pucks": 3}))
    for line in ['{"input": "coin_toss", "winner": "A"}', *SITUATIONS[situation]]:
        obj = json.loads(line)
        match, _ = match.apply(CODEC.parse_input(obj.pop("input"), obj))
    state = match.state
    on_board = state.on_board.as_dict()
    tried = refused = 0
    for flags in itertools.product((None, False, True), repeat=len(FLAGS)):
        for knocked_in, knocked_off in itertools.product(_counts_objects(), repeat=2):
            shot = {k: v for k, v in zip(FLAGS, flags) if v is not None}
            if knocked_in is not None:
                shot["knocked_in"] = knocked_in
            if knocked_off is not None:
                shot["knocked_off"] = knocked_off
            inp = CODEC.parse_input("shot", shot)  # never malformed: these are the spec's fields
            expected = _expected_refusal(on_board, state.turn, shot)
            tried += 1
            try:
                match.apply(inp)
            except IllegalInput as exc:
                refused += 1
                assert exc.rule == expected, (situation, shot)
            else:
                assert expected is None, (situation, shot)
    assert tried == 81 * 17 * 17 and 0 < refused < tried


def test_the_spec_example_replays_as_the_spec_says() -> None:
    lines = [
        '{"format": 1, "game": "pichenotte", "options": {"pucks": 1}}',
        '{"input": "coin_toss", "winner": "A"}',
        '{"input": "shot", "twenty": true}',
        '{"input": "shot", "contact": false, "ditched": false}',
        '{"input": "tally", "A": [0, 0, 0], "B": [0, 0, 1]}',
    ]
    out = replay(lines).output()
    assert out["rejected"] == [] and out["round_scores"] == [{"A": 20, "B": 5}]
    assert out["score"] == {"A": 1, "B": 0}


@pytest.mark.parametrize("players", [None, "singles", "doubles"])
@pytest.mark.parametrize("fmt", [None, "rounds", "race500"])
@pytest.mark.parametrize("pucks", [None, 2, 6, 12, 50])
def test_the_spec_options_are_read_as_written(players: str | None, fmt: str | None, pucks: int | None) -> None:
    """``players``, ``format`` and ``pucks`` (default 12, a player's or a team's; in
    doubles each partner shoots half, so an even number), given or left out."""
    raw = {k: v for k, v in (("players", players), ("format", fmt), ("pucks", pucks)) if v is not None}
    opts = CODEC.parse_options(raw)
    assert (opts.players, opts.format, opts.pucks) == (players or "singles", fmt or "rounds", pucks or 12)
    assert CODEC.new_state(opts).hand.as_dict() == {"A": pucks or 12, "B": pucks or 12}
