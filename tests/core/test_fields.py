"""Options and input fields declared once: each
game's options and inputs carry their choices, range and rule ID as field metadata, and
the codec, ``check_options`` and the messages are derived from it."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, fields
from typing import Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchside.core.errors import MalformedInput
from pitchside.core.fields import KEY, check_declared, option, specs, to_json
from pitchside.core.record.fields import Fields, read_input
from pitchside.core.record.format import ReplayFormatError, replay
from pitchside.core.record.games import GAMES, codec_for
from pitchside.core.rules import boulomania, mastermove, pichenotte, pitchbowl, pitchnut
from pitchside.core.sides import PerSide
from support.strategies import options_json
from support.examples import scaled

PREFIX = {"pichenotte": "PI", "pitchnut": "PN", "boulomania": "BM", "pitchbowl": "PB", "mastermove": "MM"}
RULE_ID = re.compile(r"^(PI|PN|BM|PB|MM)-(\d{2}|A\d{1,2})$")


def declared_classes(game: str) -> list[type]:
    codec = codec_for(game)
    return [codec.rules.Options, *codec.inputs.values()]  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES)
def test_every_option_and_input_field_is_declared_with_a_rule_of_its_game(game: str) -> None:
    for cls in declared_classes(game):
        for f in fields(cls):
            if cls.__name__ == "Options" and f.name == "board":  # Boulomania's board: not an option
                continue
            assert KEY in f.metadata, f"{cls.__name__}.{f.name}"
            rule = f.metadata[KEY].rule
            assert RULE_ID.match(rule) and rule.startswith(PREFIX[game] + "-"), (cls.__name__, f.name, rule)


@pytest.mark.parametrize("game", GAMES)
def test_the_header_options_are_every_declared_option_with_its_default(game: str) -> None:
    codec = codec_for(game)
    opts = codec.rules.Options()  # type: ignore[attr-defined]
    written = codec.options_to_json(opts)
    assert list(written) == list(specs(type(opts)))
    assert codec.parse_options(written) == opts == codec.parse_options({})


@pytest.mark.parametrize(
    ("game", "options", "message"),
    [
        ("pichenotte", {"pucks": 0}, "options: 'pucks' is 0, out of range 1..50 (PI-01)"),
        ("pichenotte", {"max_rounds": "7"}, "options: 'max_rounds' must be an integer 1..999 or null, not '7' (PI-A3)"),
        ("pitchnut", {"turn_continues": "never"},
         "options: 'turn_continues' must be one of 'more_own', 'any_piece', not 'never' (PN-26)"),
        ("pitchnut", {"miss_reshoot": 1}, "options: 'miss_reshoot' must be true or false, not 1 (PN-23)"),
        ("boulomania", {"bowls": 9}, "options: 'bowls' is 9, out of range 1..8 (BM-01)"),
        ("pitchbowl", {"carrier_out": "out"}, "options: 'carrier_out' must be one of 'ball_out', 'loose', not 'out' (PB-35)"),
        ("mastermove", {"stalemate_refuse": 7}, "options: 'stalemate_refuse' is 7, out of range 5..6 (MM-29)"),
    ],
)
def test_a_bad_option_names_the_value_what_is_allowed_and_the_rule(game: str, options: dict[str, Any],
                                                                   message: str) -> None:
    with pytest.raises(ReplayFormatError) as info:
        replay([json.dumps({"format": 1, "game": game, "options": options})])
    assert (info.value.line, info.value.message) == (1, message)


@pytest.mark.parametrize(
    ("game", "line", "message"),
    [
        ("pichenotte", {"input": "shot", "knocked_in": {"A": -1}}, "input 'shot': 'knocked_in.A' is -1, out of range 0..50 (PI-11)"),
        ("pichenotte", {"input": "tally", "A": [1, 2], "B": [0, 0, 0]},
         "input 'tally': 'A' must be a list of 3 integers 0..50, not [1, 2] (PI-10)"),
        ("pitchnut", {"input": "shot", "pitch": "gutter"},
         "input 'shot': 'pitch' must be one of 'pocket', 'off' or null, not 'gutter' (PN-08)"),
        ("pitchnut", {"input": "shot", "white": -1}, "input 'shot': 'white' is -1, less than 0 (PN-02)"),
        ("boulomania", {"input": "point", "dice": [3, 7]}, "input 'point': 'dice[1]' is 7, out of range 1..6 (BM-05)"),
        ("pitchbowl", {"input": "pitch", "out_of_bounds": ["C"]},
         "input 'pitch': out_of_bounds[0] must be one of 'A', 'B', not 'C' (PB-24)"),
        ("mastermove", {"input": "move", "from": "D8", "to": "J1"},
         "input 'move': 'to' must be a square A1..I16, not 'J1' (MM-12)"),
        ("mastermove", {"input": "quit"}, "input 'quit': missing field 'side'"),
    ],
)
def test_a_bad_input_field_names_the_value_what_is_allowed_and_the_rule(game: str, line: dict[str, Any],
                                                                        message: str) -> None:
    with pytest.raises(ReplayFormatError) as info:
        replay([json.dumps({"format": 1, "game": game}), json.dumps(line)])
    assert (info.value.line, info.value.message) == (2, message)


def test_check_options_is_the_declaration_and_names_the_rule() -> None:
    with pytest.raises(ValueError, match=r"^'pieces' is 0, out of range 1\.\.50 \(PN-02\)$"):
        pitchnut.new_match(pitchnut.Options(pieces=0))
    with pytest.raises(ValueError, match=r"^'target' is 100, out of range 1\.\.99 \(BM-18\)$"):
        boulomania.new_game(boulomania.Options(target=100))
    with pytest.raises(ValueError, match=r"^'end_turn' must be one of .*, not 'sometimes' \(PB-34\)$"):
        pitchbowl.new_match(pitchbowl.Options(end_turn="sometimes"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^'max_changes' must be an integer 0\.\.4, not True \(MM-22\)$"):
        mastermove.new_game(mastermove.Options(max_changes=True))
    with pytest.raises(ValueError, match="even in doubles"):  # the check across options stays by hand
        pichenotte.new_match(pichenotte.Options(players="doubles", pucks=7))


def test_inputs_leave_out_fields_at_their_default() -> None:
    shot = pichenotte.Shot(twenty=True, knocked_in=PerSide(0, 2))
    assert to_json(shot) == {"twenty": True, "knocked_in": {"B": 2}}
    assert codec_for("pichenotte").input_to_json(shot) == {"input": "shot", "twenty": True, "knocked_in": {"B": 2}}
    assert codec_for("mastermove").input_to_json(mastermove.Move(mastermove.square("D8"), mastermove.square("D9"))) == {
        "input": "move", "from": "D8", "to": "D9"}
    assert to_json(pitchbowl.Options(), every=True)["end_turn"] == "unless_def_placement"


# --- a sixth game's option is derived everywhere once declared ---------------------------------


@dataclass(frozen=True, slots=True)
class ToyOptions:
    rounds: int = option(3, lo=1, hi=9, rule="XX-01")
    mode: Literal["fast", "slow"] = option("fast", choices=("fast", "slow"), rule="XX-02")
    sudden_death: bool = option(False, rule="XX-03")
    limit: int | None = option(None, lo=1, nullable=True, rule="XX-04")


def test_a_declared_option_is_read_written_checked_and_drawn() -> None:
    opts = Fields({"mode": "slow", "limit": 4}, "options").read(ToyOptions)
    assert opts == ToyOptions(mode="slow", limit=4)
    assert to_json(opts, every=True) == {"rounds": 3, "mode": "slow", "sudden_death": False, "limit": 4}
    with pytest.raises(MalformedInput, match=r"^options: 'rounds' is 10, out of range 1\.\.9 \(XX-01\)$"):
        Fields({"rounds": 10}, "options").read(ToyOptions)
    with pytest.raises(MalformedInput, match=r"unknown field\(s\) 'colour'"):
        read_input({"colour": "red"}, "options", ToyOptions)
    with pytest.raises(ValueError, match=r"'mode' must be one of 'fast', 'slow', not 'medium' \(XX-02\)"):
        check_declared(ToyOptions(mode="medium"))  # type: ignore[arg-type]


@settings(max_examples=scaled(50), deadline=None)
@given(options_json(ToyOptions))
def test_the_strategy_draws_only_what_the_declaration_allows(raw: dict[str, Any]) -> None:
    opts = Fields(raw, "options").read(ToyOptions)
    check_declared(opts)
    assert 1 <= opts.rounds <= 9 and opts.mode in ("fast", "slow")


def _possible_by_hand(raw: dict[str, Any]) -> list[str]:
    """The drawn ``by_hand`` less the pieces the drawn shot does not have: a Pichenotte
    twenty or knocked-in puck of a side, a Pitchnut piece of a kind it pocketed."""
    have = {
        "twenty": int(raw.get("twenty", False)), **raw.get("knocked_in", {}),
        "white": raw.get("white", 0), "black": raw.get("black", 0),
        "poison": int(raw.get("poison", False)), "pitch": int(raw.get("pitch") == "pocket"),
    }  # fmt: skip
    kept: list[str] = []
    for item in raw["by_hand"]:
        if kept.count(item) < have.get(item, 0):
            kept.append(item)
    return kept


@settings(max_examples=scaled(200), deadline=None)
@given(st.sampled_from(GAMES), st.data())
def test_every_games_declared_inputs_round_trip_through_json(game: str, data: st.DataObject) -> None:
    """Any input whose fields are all plain (declared), drawn from its declaration,
    reads and writes back to the same JSON object."""
    from support.strategies import json_value

    codec = codec_for(game)
    name, cls = data.draw(st.sampled_from(sorted(codec.inputs.items())))  # type: ignore[attr-defined]
    declared = specs(cls)
    if any(s.kind in ("given", "value") for s in declared.values()):
        return  # Master Move squares and line-ups, Boulomania targets: their codecs' own tests
    raw = {k: data.draw(json_value(s)) for k, s in declared.items() if s.nullable is False or data.draw(st.booleans())}
    if raw.get("jack_space") and raw.get("jack_space_if_free"):  # a Boulomania point cannot say both
        raw["jack_space_if_free"] = False
    if raw.get("by_hand"):  # Pichenotte's and Pitchnut's shot: only pieces the shot has (their codecs check it)
        raw["by_hand"] = _possible_by_hand(raw)
    inp = codec.parse_input(name, raw)
    again = codec.input_to_json(inp)
    assert codec.parse_input(name, {k: v for k, v in again.items() if k != "input"}) == inp


def test_to_json_reads_a_class_s_fields_once_not_at_every_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """A journaled input's JSON (the recorder's line, every accepted input) reads its
    class's declared fields from a plan made once per class (the scan cost
    about 11 µs a value, bench/ab_fields.py); the output is the same at every call."""
    import pitchside.core.fields as f

    @dataclass(frozen=True)
    class Probe:
        rounds: int = option(4, lo=1, hi=9, rule="PI-01")
        race: int = option(0, lo=0, hi=900, rule="PI-02")

    calls: list[type] = []
    real = f.fields
    monkeypatch.setattr(f, "fields", lambda cls: calls.append(cls) or real(cls))
    assert [to_json(Probe(rounds=r)) for r in (4, 5, 6)] == [{}, {"rounds": 5}, {"rounds": 6}]
    assert to_json(Probe(race=500), every=True) == {"rounds": 4, "race": 500}
    assert calls == [Probe]
