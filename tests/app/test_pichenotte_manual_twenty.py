"""Pichenotte's twenty by hand (a beam that missed or doubled it): ``plus`` during a
shot adds a puck in the hole the beam did not sense, ``minus`` takes back the last one
(a doubled count) without clearing the rest of the shot; the committed shot records
which pucks were entered by hand and how many counts were taken back, and the rules
ignore both: a twenty by hand scores exactly as a sensed one (PI-08)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pitchside.app.journal import Journal
from pitchside.app.recorder import Recorder
from pitchside.cli.main import main
from pitchside.core.record.format import ReplayFormatError, replay
from pitchside.core.record.pichenotte import PichenotteCodec
from pitchside.core.rules import pichenotte as rules
from pitchside.core.sides import PerSide
from pitchside.signals.events import BeamBroken, ButtonHeld, ButtonPressed, SensorNoisy
from pitchside.signals.health import SensorTally
from pitchside.tables import pichenotte as t
from pitchside.tables.effects import Accepted, CoinTossed
from pitchside.render.view import Prompt

CODEC = PichenotteCodec()


def press(ts: t.TableState, *names: str, at: float = 1.0) -> tuple[t.TableState, list[object]]:
    effects: list[object] = []
    for name in names:
        ts, eff = t.handle(ts, ButtonPressed(name, at))
        effects.extend(eff)
    return ts, effects


def sensed(ts: t.TableState, at: float = 0.5) -> t.TableState:
    ts, eff = t.handle(ts, BeamBroken("twenty", at, 0.03))
    assert eff == ()
    return ts


def tossed(pucks: int = 3) -> t.TableState:
    ts, _ = t.handle(t.new_table(rules.Options(pucks=pucks)), CoinTossed("A", 0.0))
    return ts


def on_board_for_both() -> t.TableState:
    """A and B each have a puck on the board; A to shoot (and must hit or call)."""
    ts, _ = press(tossed(), "shot_done")  # A's free shot rests on the board
    ts, _ = press(ts, "shot_done")  # B hits and stays
    assert ts.match.state.on_board == PerSide(1, 1) and ts.match.state.turn == "A"
    return ts


def test_a_twenty_by_hand_scores_exactly_as_a_sensed_one_PI_08() -> None:
    by_beam, eff_beam = press(sensed(tossed()), "shot_done")
    by_hand, eff_hand = press(tossed(), "plus")
    assert t.shot_line(by_hand.match.state, by_hand.draft) == "20! (hand)"
    by_hand, eff_hand = press(by_hand, "shot_done")
    assert by_hand.match.state == by_beam.match.state  # the same state: rail 1, B to shoot
    assert by_hand.match.state.rail == PerSide(1, 0) and by_hand.match.state.turn == "B"
    assert eff_beam == [Accepted(rules.Shot(twenty=True), 1.0)]
    assert eff_hand == [Accepted(rules.Shot(twenty=True, by_hand=("twenty",)), 1.0)]


def test_a_puck_by_hand_is_attributed_like_a_sensed_one_and_only_where_one_could_drop() -> None:
    ts, _ = press(on_board_for_both(), "plus", "plus")  # the shot puck, then B's knocked in
    assert ts.draft.drops == ("shot", "B") and ts.draft.by_hand == (True, True)
    ts, _ = press(ts, "plus")  # then A's own puck on the board
    ts2, _ = press(ts, "plus")  # and nothing else can be in the hole
    assert ts2.draft == ts.draft and ts2.prompt == Prompt("No other puck can be in the hole", "info")
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Shot(twenty=True, knocked_in=PerSide(1, 1), by_hand=("twenty", "B", "A")), 1.0)]
    assert ts.match.state.rail == PerSide(2, 1)


def test_whose_cycles_a_puck_by_hand_too() -> None:
    ts, _ = press(on_board_for_both(), "plus", "plus", "whose")  # B's knocked in becomes A's own
    assert ts.draft.drops == ("shot", "A") and ts.draft.by_hand == (True, True)


def test_minus_takes_back_a_doubled_count_and_keeps_the_rest_of_the_shot() -> None:
    ts = sensed(sensed(on_board_for_both(), 0.5), 0.6)  # the shot puck counted twice
    ts, _ = press(ts, "ditch_b")  # and B's puck knocked off
    assert ts.draft.drops == ("shot", "B")
    ts, _ = press(ts, "minus")
    assert ts.prompt == Prompt("Twenty taken back", "info")
    assert ts.draft.drops == ("shot",) and ts.draft.ditch_presses == PerSide(0, 1) and ts.draft.withdrawn == 1
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Shot(twenty=True, knocked_off=PerSide(0, 1), withdrawn=1), 1.0)]
    assert ts.match.state.rail == PerSide(1, 0) and ts.match.state.on_board == PerSide(1, 0)


def test_minus_on_a_puck_added_by_hand_takes_back_nothing_the_beam_counted() -> None:
    ts, _ = press(tossed(), "plus", "minus")
    assert ts.draft.drops == () and ts.draft.withdrawn == 0
    ts, _ = press(ts, "minus")
    assert ts.prompt == Prompt("No puck in the twenty hole yet", "info")
    ts, eff = press(ts, "shot_done")
    assert eff == [Accepted(rules.Shot(), 1.0)]


def test_a_storm_never_withdraws_a_puck_entered_by_hand() -> None:
    ts, _ = press(tossed(), "plus", at=2.0)
    ts = sensed(ts, 2.01)  # the storm's leader, counted before the storm was evident
    ts, _ = t.handle(ts, SensorNoisy("twenty", 2.05, "storm: 6 pulses within 100 ms", since=1.95))
    assert ts.draft.drops == ("shot",) and ts.draft.by_hand == (True,)
    assert ts.prompt == Prompt("SENSOR twenty: storm, 1 drop not counted", "warning")


def test_the_zone_entry_keeps_plus_and_minus() -> None:
    ts, _ = press(tossed(pucks=1), "shot_done", "shot_done")  # both rest: the zone entry
    assert ts.match.state.phase == "tally"
    ts, _ = press(ts, "plus")
    assert ts.zones == (1, 0, 0, 0, 0, 0) and ts.draft == t.ShotDraft()


def test_corrections_go_to_the_twenty_sensors_record() -> None:
    shot = rules.Shot(twenty=True, knocked_in=PerSide(0, 1), by_hand=("B",), withdrawn=2)
    assert t.APP.corrections(shot) == {"twenty": SensorTally(by_hand=1, withdrawn=2)}
    assert t.APP.corrections(rules.Shot(twenty=True)) == {}
    assert t.APP.corrections(rules.CoinToss("A")) == {}


# --- the record ------------------------------------------------------------------------------


def test_the_line_keeps_by_hand_and_withdrawn_and_reads_back() -> None:
    shot = rules.Shot(twenty=True, knocked_in=PerSide(0, 1), by_hand=("twenty", "B"), withdrawn=1)
    line = CODEC.input_to_json(shot)
    assert line == {"input": "shot", "twenty": True, "knocked_in": {"B": 1}, "by_hand": ["twenty", "B"], "withdrawn": 1}
    assert CODEC.parse_input("shot", {k: v for k, v in line.items() if k != "input"}) == shot


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"by_hand": ["twenty"]}, "'by_hand' names 1 x 'twenty', more than the shot's twenty (0)"),
        ({"twenty": True, "by_hand": ["twenty", "B"]}, "'by_hand' names 1 x 'B', more than the shot's knocked_in.B (0)"),
        ({"twenty": True, "by_hand": ["shot"]}, "by_hand[0] must be one of 'twenty', 'A', 'B', not 'shot'"),
        ({"by_hand": "twenty"}, "'by_hand' must be a list of at most"),
        ({"withdrawn": -1}, "'withdrawn' is -1, out of range 0..999"),
    ],
)
def test_a_by_hand_the_shot_cannot_have_is_a_malformed_line(fields: dict[str, object], message: str) -> None:
    lines = [json.dumps({"format": 1, "game": "pichenotte", "options": {}}), '{"input": "coin_toss", "winner": "A"}',
             json.dumps({"input": "shot", **fields})]  # fmt: skip
    with pytest.raises(ReplayFormatError) as exc:
        replay(lines)
    assert "line 3" in str(exc.value) and message in str(exc.value)


def test_the_journal_and_export_mark_the_twenty_entered_by_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "journal.db"
    outputs = []
    for by_hand in (False, True):
        with Journal.open(db) as j:
            rec = Recorder(j, clock=lambda: 0.0)
            ts = rec.resume(t.new_table(rules.Options(pucks=1, rounds_to_win=1)))
            rec.new_match(ts)
            ts, eff = t.handle(ts, CoinTossed("A", 0.0))
            rec.accepted_all([eff[0]], ts)  # type: ignore[arg-type]
            ts = sensed(ts) if not by_hand else press(ts, "plus")[0]
            for name in ("shot_done", "shot_done", "next", "next", "next", "next", "next", "plus", "shot_done"):
                ts, eff = t.handle(ts, ButtonPressed(name, 1.0))  # B's free shot rests in the 5 zone
                for e in eff:
                    rec.accepted_all([e], ts)  # type: ignore[arg-type]
            assert ts.match.state.phase == "finished"
            mid = rec.match_id
        assert main(["export", "--db", str(db), str(mid)]) == 0
        text = capsys.readouterr().out
        shot = json.loads(text.splitlines()[2])
        assert shot == ({"input": "shot", "twenty": True, "by_hand": ["twenty"], "at": 1.0} if by_hand
                        else {"input": "shot", "twenty": True, "at": 1.0})  # fmt: skip
        (tmp_path / f"m{mid}.jsonl").write_text(text)
        assert main(["replay", str(tmp_path / f"m{mid}.jsonl")]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1]  # the same result: 20 to 5, A wins (PI-08, PI-21)
    assert outputs[1]["round_scores"] == [{"A": 20, "B": 5}] and outputs[1]["winner"] == "A"
    with Journal.open_readonly(db) as j:
        (h,) = j.sensor_health()
    assert h.total == SensorTally(blocks=0, by_hand=1)  # the beam events were not fed here


@pytest.mark.parametrize("cut", [False, True])
def test_a_corrected_shot_is_on_disk_whole_or_not_at_all(tmp_path: Path, cut: bool) -> None:
    """Hold + after SHOT DONE journals an ``undo`` and the corrected ``shot`` in one
    transaction: a write that dies at the corrected shot (a trigger aborts it, as a
    power cut would) leaves the journal with the shot as it was, never with the undo
    alone (the shot lost from the match)."""
    import sqlite3

    db = tmp_path / "journal.db"
    with Journal.open(db) as j:
        rec = Recorder(j, clock=lambda: 0.0)
        ts = rec.resume(t.new_table(rules.Options(pucks=3)))
        rec.new_match(ts)
        ts, eff = t.handle(ts, CoinTossed("A", 0.0))
        rec.accepted_all(eff, ts)  # type: ignore[arg-type]
        ts, eff = press(ts, "shot_done")
        rec.accepted_all(eff, ts)  # type: ignore[arg-type]
        if cut:
            with sqlite3.connect(db) as other:
                other.execute("CREATE TRIGGER cut BEFORE INSERT ON inputs WHEN NEW.line LIKE '%by_hand%' "
                              "BEGIN SELECT RAISE(ABORT, 'power cut'); END")
        ts, _ = t.handle(ts, ButtonPressed("plus", 5.0))
        ts, eff = t.handle(ts, ButtonHeld("plus", 6.0))
        assert eff == (Accepted(None, 6.0), Accepted(rules.Shot(twenty=True, by_hand=("twenty",)), 6.0))
        rec.accepted_all(eff, ts)  # type: ignore[arg-type]
        mid = rec.match_id
    assert mid is not None
    with Journal.open_readonly(db) as j:
        lines = [json.loads(line) for line in j.lines(mid)[1:]]
    shot = {"input": "shot", "at": 1.0}
    amended = {"input": "shot", "twenty": True, "by_hand": ["twenty"], "at": 6.0}
    assert lines == ([{"input": "coin_toss", "winner": "A", "at": 0.0}, shot]
                     + ([] if cut else [{"input": "undo", "at": 6.0}, amended]))  # fmt: skip
