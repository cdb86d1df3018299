"""The typed game face (pitchside.core.game) agrees with the replay output it replaces
for cross-game code: after every line of every scenario file of every game, the face's
status, score and turn are the output's ``status``, ``score`` and whose-turn key."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchside.core.match import Match
from pitchside.core.record.format import parse_header, parse_input_line, _numbered_objects
from pitchside.core.errors import IllegalInput

TESTS = Path(__file__).resolve().parents[1]
FILES = sorted([*TESTS.glob("scenarios/replay/*.jsonl"), *TESTS.glob("core/*/scenarios/*.jsonl")])
TURN_KEY = {"pichenotte": "turn", "pitchnut": "turn", "boulomania": "to_play", "pitchbowl": "active",
            "mastermove": "to_move"}


def _agree(match: Match) -> None:
    out = match.codec.output(match.state)
    assert match.status() == out["status"]
    assert match.score().as_dict() == {s: float(v) for s, v in out["score"].items()}
    expected_turn = None if out["status"] == "finished" else out.get(TURN_KEY[match.codec.name])
    assert match.turn() == expected_turn
    result = match.outcome()
    assert (result is None) == (out["status"] != "finished")
    if result is not None:
        assert result.winner == out["winner"]


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_the_face_agrees_with_the_output_after_every_line(path: Path) -> None:
    with path.open(encoding="utf-8") as fh:
        objects = iter(_numbered_objects(fh))
        number, first = next(objects)
        header = parse_header(first, number)
        match = Match.start(header.codec, header.options)
        _agree(match)
        for number, obj in objects:
            _, inp = parse_input_line(header.codec, obj, number)
            try:
                match = match.undo()[0] if inp is None else match.apply(inp)[0]
            except IllegalInput:
                continue
            _agree(match)
