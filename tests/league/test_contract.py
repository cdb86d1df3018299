"""The MQTT contract as typed values (pitchside.wire): every key the contract names, given
the wrong type, refuses its message with a reason naming the key; the league turns a bad
``status``, ``state`` or ``events`` into a "bad data" mark on that table's tile only, and
the wall's snapshot never raises for the others; a bad result is refused and stored."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest

from pitchside.club import messages
from pitchside.club.fixture import offer_message
from pitchside.league.service import League
from pitchside.league.store import Store
from pitchside.wire import messages as wire
from pitchside.wire.errors import WireError
from support.league import result_msg

STATUS = messages.status(online=True, boot="b1", venue="club", table="table-1", name="Table 1", version="0.1.0",
                         games=["pitchnut"])
STATE = {"v": 1, "seq": 4, "boot": "b1", "table": "Table 1", "url": None, "mode": "playing", "game": "pitchnut",
         "title": "PITCHNUT", "match": {"id": 3, "inputs": 2, "uid": "j0-3"}, "names": {"A": "Ann", "B": "Bob"},
         "status": "finished", "score": {"A": 2, "B": 0.5}, "turn": None, "turn_name": None,
         "outcome": {"winner": "A", "winner_name": "Ann", "rule": "PN-24", "code": "won", "text": "Ann wins",
                     "short": "Ann wins"},
         "prompt": None, "last": [], "prompt_line": "", "refusal": {"rule": "PN-3", "text": "no"}, "view": None}
EVENT = messages.event(boot="b1", journal_uid="j0", match_id=3, seq=1, line={"input": "coin_toss", "winner": "A"})
RESULT = result_msg()
OFFER = json.loads(offer_message("1:1:Ann:Bob", "pitchnut", ("Ann", "Bob")))

TEXT, INT, NUM, BOOL, OBJ, TEXTS = ("a string", "an integer", "a number", "true or false", "an object",
                                    "a list of strings")
# (key path, what it must be, a required key?) of each message, every key the contract names
FIELDS: dict[str, tuple[type[Any], dict[str, Any], list[tuple[str, str, bool]]]] = {
    "status": (wire.Status, STATUS, [("online", BOOL, True), ("boot", TEXT, True), ("venue", TEXT, True),
                                     ("table", TEXT, True), ("name", TEXT, True), ("version", TEXT, True),
                                     ("games", TEXTS, True), ("why", TEXT, False)]),
    "state": (wire.State, STATE, [("seq", INT, True), ("boot", TEXT, True), ("mode", TEXT, True),
                                  ("table", TEXT, False), ("game", TEXT, False), ("title", TEXT, False),
                                  ("status", TEXT, False), ("names", OBJ, False), ("names.A", TEXT, True),
                                  ("names.B", TEXT, True), ("score", OBJ, False), ("score.A", NUM, True),
                                  ("score.B", NUM, True), ("turn_name", TEXT, False), ("outcome", OBJ, False),
                                  ("outcome.winner_name", TEXT, False), ("outcome.rule", TEXT, True),
                                  ("outcome.code", TEXT, True), ("outcome.text", TEXT, False),
                                  ("outcome.short", TEXT, False), ("refusal", OBJ, False),
                                  ("refusal.rule", TEXT, False), ("match", OBJ, False), ("match.uid", TEXT, False)]),
    "events": (wire.Event, EVENT, [("boot", TEXT, True), ("match", TEXT, False), ("seq", INT, True),
                                   ("line", OBJ, True)]),
    "result": (wire.Result, RESULT, [("venue", TEXT, True), ("table", TEXT, True), ("boot", TEXT, True),
                                     ("match", TEXT, True), ("game", TEXT, True), ("names", OBJ, True),
                                     ("names.A", TEXT, True), ("names.B", TEXT, True), ("score", OBJ, True),
                                     ("score.A", NUM, True), ("score.B", NUM, True), ("outcome", OBJ, False),
                                     ("outcome.winner_name", TEXT, False), ("outcome.rule", TEXT, True),
                                     ("outcome.code", TEXT, True), ("outcome.text", TEXT, False),
                                     ("outcome.short", TEXT, False), ("ended_synced", BOOL, False),
                                     ("lines", TEXTS, True), ("digest", TEXT, True), ("fixture", TEXT, False)]),
    "cmd/fixture": (wire.FixtureOffer, OFFER, [("fixture", TEXT, False), ("game", TEXT, True), ("names", OBJ, True),
                                               ("names.A", TEXT, True), ("names.B", TEXT, True)]),
}
WRONG = {TEXT: ([1], "a list"), INT: ("3", "a string"), NUM: ("3", "a string"), BOOL: (1, "an integer"),
         OBJ: ([1], "a list"), TEXTS: ({"a": 1}, "an object")}
CASES = [(kind, path, want, required) for kind, (_, _, fields) in FIELDS.items() for path, want, required in fields]


def put(msg: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(msg)
    *parents, key = path.split(".")
    at = out
    for p in parents:
        at = at[p]
    if value is _MISSING:
        at.pop(key, None)
    else:
        at[key] = value
    return out


_MISSING = object()


def test_the_sample_messages_parse() -> None:
    for cls, msg, _ in FIELDS.values():
        wire.parse_json(cls, msg)
    state = wire.parse_json(wire.State, STATE)
    assert (state.names, state.score, state.refusal_rule, state.match_uid) == (
        wire.Names("Ann", "Bob"), wire.Score(2, 0.5), "PN-3", "j0-3")


@pytest.mark.parametrize(("kind", "path", "want", "required"), CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_every_key_of_the_contract_with_a_wrong_type_is_refused_naming_it(kind: str, path: str, want: str,
                                                                          required: bool) -> None:
    cls, sample, _ = FIELDS[kind]
    value, what = WRONG[want]
    with pytest.raises(WireError) as got:
        wire.parse_json(cls, put(sample, path, value))
    assert str(got.value) == f"'{path}' must be {want}, not {what}"
    missing = put(sample, path, _MISSING)
    if required:
        with pytest.raises(WireError) as got:
            wire.parse_json(cls, missing)
        assert str(got.value) == f"'{path}' must be {want}, not null"
    else:
        wire.parse_json(cls, missing)  # an optional key may be absent


@pytest.mark.parametrize(("kind", "path", "value", "reason"), [
    ("state", "outcome.winner", "C", "'outcome.winner' must be \"A\", \"B\" or null, not \"C\""),
    ("result", "outcome.winner", 3, "'outcome.winner' must be \"A\", \"B\" or null, not 3"),
    ("state", "seq", 2**63, "'seq' is past 64 bits"),
    ("state", "seq", True, "'seq' must be an integer, not a boolean"),
    ("events", "seq", 1.5, "'seq' must be an integer, not a number"),
    ("result", "score.A", float("inf"), "'score.A' must be a finite number"),
    ("result", "ended_wall", "noon", "'ended_wall' must be a number or null, not str"),
    ("result", "lines", [], "'lines' must be 1 to 20000 strings, not 0"),
    ("result", "lines", ["{}", 3], "'lines[1]' must be a string, not an integer"),
    ("status", "v", 2, "message version 2, this league reads 1"),
    ("status", "name", "x" * 4097, "'name' is longer than 4096 characters"),
])
def test_values_out_of_range_are_refused(kind: str, path: str, value: Any, reason: str) -> None:
    cls, sample, _ = FIELDS[kind]
    with pytest.raises(WireError) as got:
        wire.parse_json(cls, put(sample, path, value))
    assert str(got.value) == reason


@pytest.fixture
def league(league_db: str) -> Iterator[tuple[League, list[dict[str, Any]]]]:
    """The league of venue ``club`` on each engine, and the wall snapshots it publishes."""
    snaps: list[dict[str, Any]] = []
    lg = League(Store(league_db), "club", "boot0", snaps.append)
    try:
        yield lg, snaps
    finally:
        lg.store.close()


def send(lg: League, table: str, kind: str, msg: Any) -> None:
    lg.handle(f"pitchside/club/{table}/{kind}", json.dumps(msg).encode(), 1.0)


@pytest.mark.parametrize(("bad", "reason"), [
    (dict(STATE, outcome="Ann wins"), "state: 'outcome' must be an object, not a string"),
    (dict(STATE, names=["Ann", "Bob"]), "state: 'names' must be an object, not a list"),
    (dict(STATE, score={"A": "2", "B": 0}), "state: 'score.A' must be a number, not a string"),
    ([1, 2], "state: not a JSON object but a list"),
])
def test_a_bad_state_marks_only_its_own_tile_and_the_wall_goes_on(league: tuple[League, list[dict[str, Any]]],
                                                                  bad: Any, reason: str) -> None:
    lg, snaps = league
    send(lg, "table-1", "status", STATUS)
    send(lg, "table-2", "status", dict(STATUS, table="table-2", name="Table 2"))
    send(lg, "table-1", "state", STATE)
    send(lg, "table-2", "state", bad)
    rows = {t["table"]: t for t in snaps[-1]["tables"]}
    assert (rows["table-1"]["bad"], rows["table-1"]["names"], rows["table-1"]["result"]) == (
        None, {"A": "Ann", "B": "Bob"}, "Ann wins")
    assert (rows["table-2"]["bad"], rows["table-2"]["online"]) == (reason, True)
    # table-1 goes on: its next state is on the wall
    send(lg, "table-1", "state", dict(STATE, seq=5, score={"A": 3, "B": 0.5}))
    rows = {t["table"]: t for t in snaps[-1]["tables"]}
    assert rows["table-1"]["score"] == {"A": 3, "B": 0.5}
    assert lg.counts.unreadable == 1
    # table-2's next good state clears its mark
    send(lg, "table-2", "state", dict(STATE, boot="b2", names={"A": "Cy", "B": "Di"}))
    rows = {t["table"]: t for t in lg.wall.snapshot()["tables"]}
    assert (rows["table-2"]["bad"], rows["table-2"]["names"]) == (None, {"A": "Cy", "B": "Di"})


def test_a_bad_status_or_event_marks_the_tile_and_a_bad_result_is_refused_with_the_reason(
        league: tuple[League, list[dict[str, Any]]]) -> None:
    lg, snaps = league
    send(lg, "table-1", "status", dict(STATUS, games="pitchnut"))
    assert snaps[-1]["tables"][0]["bad"] == "status: 'games' must be a list of strings, not a string"
    send(lg, "table-1", "events", dict(EVENT, line="coin toss"))
    assert snaps[-1]["tables"][0]["bad"] == "events: 'line' must be an object, not a string"
    send(lg, "table-1", "result", dict(RESULT, names={"A": "Ann", "B": 7}))
    (row,) = lg.store.recent()
    assert (row.counted, row.reason) == (False, "malformed result: 'names.B' must be a string, not an integer")
