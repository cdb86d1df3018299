"""The sensors' health record: kept in the journal's own table, in the
same transaction as the match's lines, across restarts; summed up per sensor for the
service page and ``pitchside history --sensors``."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pitchside.app.journal import Journal
from pitchside.app.recorder import Recorder
from pitchside.cli.main import main
from pitchside.core.copying import copy_with
from pitchside.core.pricing import LedgerEntry
from pitchside.core.record.pichenotte import PichenotteCodec
from pitchside.core.rules import pichenotte as rules
from pitchside.render.kiosk import render_kiosk
from pitchside.render.service import ServiceView
from pitchside.signals.events import BeamBroken, ButtonHeld, ButtonPressed, SensorNoisy
from pitchside.signals.health import SensorTally
from pitchside.tables import effects as fx
from pitchside.tables import kiosk as k
from pitchside.tables import pichenotte as t

CODEC = PichenotteCodec()
HEADER: dict[str, Any] = {
    "format": 1,
    "game": "pichenotte",
    "options": CODEC.options_to_json(rules.Options(pucks=1, rounds_to_win=1)),
    "rules_version": CODEC.rules_version,
}
TOSS = {"input": "coin_toss", "winner": "A"}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "journal.db"


@pytest.fixture
def journal(db: Path) -> Iterator[Journal]:
    j = Journal.open(db, wall=lambda: 1_700_000_000.0, synced=lambda: True)
    yield j
    j.close()


def rows(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT match_id, sensor, blocks, storms, stuck, by_hand, withdrawn FROM sensor_tallies "
            "ORDER BY match_id, sensor"
        ).fetchall()


def finished_match(j: Journal, blocks: int) -> int:
    mid = j.start_match(HEADER, ("twenty",))
    j.append_lines(mid, [TOSS], sensors={"twenty": SensorTally(blocks=blocks)})
    j.end_match(mid, "finished", {"winner": "A"})
    return mid


# --- the journal's table ------------------------------------------------------------------


def test_a_match_starts_with_a_zero_row_per_sensor_and_lines_add_to_it(journal: Journal, db: Path) -> None:
    mid = journal.start_match(HEADER, ("twenty",))
    assert rows(db) == [(mid, "twenty", 0, 0, 0, 0, 0)]
    journal.append_lines(mid, [TOSS], sensors={"twenty": SensorTally(blocks=2, storms=1)})
    journal.append_lines(mid, [{"input": "shot", "twenty": True}], sensors={"twenty": SensorTally(blocks=1, by_hand=1)})
    journal.end_match(mid, "abandoned", sensors={"twenty": SensorTally(stuck=1)})
    assert rows(db) == [(mid, "twenty", 3, 1, 1, 1, 0)]


def test_the_tallies_go_in_the_same_transaction_as_the_line(journal: Journal, db: Path) -> None:
    """A write of the tallies that fails takes the line with it (one transaction)."""
    mid = journal.start_match(HEADER, ("twenty",))
    journal.append_lines(mid, [TOSS], sensors={"twenty": SensorTally(blocks=1)})
    journal.append_lines(mid, [{"input": "shot"}], sensors={"twenty": SensorTally(blocks=-5)})  # the CHECK refuses it
    assert journal.warning is not None  # the write failed: memory mode
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM inputs WHERE match_id = ?", (mid,)).fetchone()[0] == 1
    assert rows(db) == [(mid, "twenty", 1, 0, 0, 0, 0)]


def test_a_paid_first_line_writes_the_spend_and_the_tallies_with_it(db: Path) -> None:
    """Coins and sensor health met in one ``append``: the credit row and the tallies are
    in the line's transaction, so a tally write that fails takes the spend too (the
    match stays unpaid; pay to play)."""
    spend = LedgerEntry("spend", -100, 100, 200, game="pichenotte")
    with Journal.open(db) as journal:
        journal.credit(LedgerEntry("coin", 200, 200, 200, pulses=2))
        failed = journal.start_match(HEADER, ("twenty",))
        journal.append_lines(failed, [TOSS], spend=spend, sensors={"twenty": SensorTally(blocks=-5)})  # the CHECK refuses it
        assert journal.warning is not None
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM inputs").fetchone()[0] == 0
        assert conn.execute("SELECT kind, balance FROM credits ORDER BY id").fetchall() == [("coin", 200)]
    with Journal.open(db) as j:  # the table restarted: the storage writes again
        mid = j.start_match(HEADER, ("twenty",))
        j.append_lines(mid, [TOSS], spend=spend, sensors={"twenty": SensorTally(blocks=1)})
        assert j.balance() == (100, 200)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT kind, balance, match_id FROM credits ORDER BY id").fetchall() == [
            ("coin", 200, None), ("spend", 100, mid),
        ]  # fmt: skip
    assert rows(db)[-1] == (mid, "twenty", 1, 0, 0, 0, 0)


def test_a_journal_from_before_coins_and_sensor_health_gets_both_tables(db: Path) -> None:
    with Journal.open(db) as j:
        j.append_lines(j.start_match(HEADER), [TOSS])
    with sqlite3.connect(db) as conn:  # as firmware older than both left it
        conn.execute("DROP TABLE sensor_tallies")
        conn.execute("DROP TABLE credits")
    with Journal.open(db) as j:
        assert len(j.history()) == 1
        j.credit(LedgerEntry("coin", 100, 100, 100, pulses=1))
        mid = j.start_match(HEADER, ("twenty",))
        assert j.balance() == (100, 100)
    assert rows(db) == [(mid, "twenty", 0, 0, 0, 0, 0)]


def test_the_record_survives_a_restart(db: Path) -> None:
    with Journal.open(db) as j:
        finished_match(j, 4)
        mid = j.start_match(HEADER, ("twenty",))
        j.append_lines(mid, [TOSS], sensors={"twenty": SensorTally(blocks=1, storms=2)})
        before = j.sensor_health()
    with Journal.open(db) as j:
        after = j.sensor_health()
    assert after == before
    (h,) = after
    assert (h.name, h.matches, h.finished, h.last, h.blocks_per_match) == (
        "twenty", 2, 1, SensorTally(blocks=1, storms=2), 4.0,
    )  # fmt: skip


def test_silent_for_n_after_n_finished_matches_without_a_block(journal: Journal) -> None:
    finished_match(journal, 3)
    for n in range(1, 5):
        finished_match(journal, 0)
        (h,) = journal.sensor_health()
        assert h.silent_for == n
    assert h.flags == ("silent 4",)
    finished_match(journal, 1)
    (h,) = journal.sensor_health()
    assert h.silent_for == 0 and h.flags == ()


def test_pending_counts_go_to_the_running_match(journal: Journal) -> None:
    finished_match(journal, 2)
    mid = journal.start_match(HEADER, ("twenty",))
    journal.append_lines(mid, [TOSS], sensors={"twenty": SensorTally(blocks=1)})
    (h,) = journal.sensor_health({"twenty": SensorTally(blocks=2)})
    assert h.last == SensorTally(blocks=3) and h.matches == 2


def test_a_journal_from_before_sensor_health_gets_the_table_and_keeps_its_matches(db: Path) -> None:
    with Journal.open(db) as j:
        mid = j.start_match(HEADER)
        j.append_lines(mid, [TOSS])
    with sqlite3.connect(db) as conn:  # as the previous firmware left it
        conn.execute("DROP TABLE sensor_tallies")
    with Journal.open_readonly(db) as ro:
        assert ro.sensor_health() == [] and ro.history()[0].sensors == {}
    with Journal.open(db) as j:
        assert j.export(mid).count("\n") == 2
        m2 = j.start_match(HEADER, ("twenty",))
        assert [h.name for h in j.sensor_health()] == ["twenty"]
    assert rows(db) == [(m2, "twenty", 0, 0, 0, 0, 0)]


def test_pruning_a_match_drops_its_tallies(journal: Journal, db: Path) -> None:
    first = finished_match(journal, 1)
    second = finished_match(journal, 2)
    assert journal.prune(max_matches=1) == 1
    assert [r[0] for r in rows(db)] == [second] and first != second


# --- the recorder ---------------------------------------------------------------------------


def test_the_recorder_writes_what_the_sensors_did_with_the_next_line(journal: Journal, db: Path) -> None:
    rec = Recorder(journal, clock=lambda: 0.0)
    ts = rec.resume(t.new_table(rules.Options(pucks=2)))
    rec.sensed(BeamBroken("twenty", 0.5, 0.02))  # before the first input: with the match's first line
    ts, eff = t.handle(ts, fx.CoinTossed("A", 1.0))
    rec.accepted_all([eff[0]], ts)  # type: ignore[arg-type]
    mid = rec.match_id
    assert rows(db) == [(mid, "twenty", 1, 0, 0, 0, 0)]
    rec.sensed(BeamBroken("twenty", 2.0, 0.02))
    rec.sensed(SensorNoisy("twenty", 3.0, "storm: 6 pulses within 100 ms", since=2.9))
    assert rows(db) == [(mid, "twenty", 1, 0, 0, 0, 0)]  # pending until the next line
    (h,) = rec.health()
    assert h.last == SensorTally(blocks=2, storms=1)  # ... but shown at once
    ts, _ = t.handle(ts, ButtonPressed("plus", 4.0))  # a twenty by hand
    ts, eff = t.handle(ts, ButtonPressed("shot_done", 5.0))
    rec.accepted_all([eff[0]], ts)  # type: ignore[arg-type]
    assert rows(db) == [(mid, "twenty", 2, 1, 0, 1, 0)]
    line = json.loads(journal.lines(mid or 0)[-1])
    assert line["twenty"] is True and line["by_hand"] == ["twenty"]


def test_an_abandoned_match_takes_what_its_sensors_did_last(journal: Journal, db: Path) -> None:
    rec = Recorder(journal, clock=lambda: 0.0)
    ts = rec.resume(t.new_table(rules.Options(pucks=2)))
    ts, eff = t.handle(ts, fx.CoinTossed("A", 1.0))
    rec.accepted_all([eff[0]], ts)  # type: ignore[arg-type]
    mid = rec.match_id
    rec.sensed(SensorNoisy("twenty", 3.0, "blocked: beam blocked for 2 s"))
    rec.new_match(t.new_table())
    assert rows(db) == [(mid, "twenty", 0, 0, 1, 0, 0)]
    assert journal.history()[0].status == "abandoned"


# --- the service page -----------------------------------------------------------------------

INPUTS = ("coin", "shot_done", "undo", "new", "next", "plus", "minus", "twenty")


def test_service_mode_asks_for_the_record_and_shows_it_on_the_sensors_page(journal: Journal) -> None:
    finished_match(journal, 0)
    finished_match(journal, 0)
    finished_match(journal, 0)
    ks, _ = k.start(k.KioskSettings(), t.new_table(rules.Options(pucks=2)), INPUTS, 0.0)
    ks, _ = k.handle(ks, ButtonPressed("new", 1.0))
    ks, _ = k.handle(ks, ButtonPressed("undo", 1.3))
    ks, eff = k.handle(ks, ButtonHeld("undo", 3.0))
    assert ks.mode == "service" and fx.ReadSensorHealth() in eff
    ks, _ = k.handle(ks, fx.SensorHealthRead(tuple(journal.sensor_health())))
    ks = copy_with(ks, pressed=frozenset())
    for at in (5.0, 6.0, 7.0):  # inputs, pattern, status, then the sensors page
        ks, eff = k.handle(ks, ButtonPressed("next", at))
        assert fx.ReadSensorHealth() in eff  # each page read afresh
    v = k.view(ks)
    assert v == ServiceView("sensors", (("20 beam", "silent 3", "0/0.0"),), footer="NEXT: page 4/4")
    img = render_kiosk(v)
    assert img.size == (128, 64) and img.getbbox() is not None


def test_the_sensors_page_lists_a_sensor_with_no_record_yet() -> None:
    ks, _ = k.start(k.KioskSettings(start_in_service=True), t.new_table(), INPUTS, 0.0)
    ks = copy_with(ks, service_page=3)
    assert k.view(ks) == ServiceView("sensors", (("20 beam", "no record", "-"),), footer="NEXT: page 4/4")


def test_starting_in_service_mode_reads_the_record() -> None:
    _, eff = k.start(k.KioskSettings(start_in_service=True), t.new_table(), INPUTS, 0.0)
    assert fx.ReadSensorHealth() in eff


def test_the_runtime_answers_a_read_with_the_recorders_record(journal: Journal) -> None:
    from pitchside.app.runtime import Runtime, TableParts

    finished_match(journal, 2)
    rec = Recorder(journal, clock=lambda: 0.0)
    frames: list[object] = []

    class Sink:
        def show(self, image: object) -> None:
            frames.append(image)

    rt = Runtime(rec.resume(t.new_table()), TableParts(
        Sink(), toss=lambda: "A", clock=lambda: 0.0, recorder=rec,
        settings=k.KioskSettings(start_in_service=True), inputs=INPUTS,
    ))  # fmt: skip
    rt.post(BeamBroken("twenty", 1.0, 0.02))  # a staff test of the beam, in service mode
    rt.process_pending()
    rt.post(ButtonPressed("next", 2.0))
    rt.process_pending()
    (h,) = rt.kiosk.health
    assert h.name == "twenty" and h.last == SensorTally(blocks=1) and h.blocks_per_match == 2.0


# --- pitchside history --sensors -------------------------------------------------------------


def test_history_lists_each_sensors_health(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Journal.open(db) as j:
        finished_match(j, 5)
        for _ in range(3):
            finished_match(j, 0)
        mid = j.start_match(HEADER, ("twenty",))
        j.append_lines(mid, [TOSS], sensors={"twenty": SensorTally(storms=1, by_hand=2)})
    assert main(["history", "--db", str(db), "--sensors"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["SENSOR", "MATCHES", "LAST", "PER", "MATCH", "STORMS", "STUCK", "BY", "HAND",
                              "TAKEN", "BACK", "SILENT", "FLAGS"]
    assert out[1].split() == ["twenty", "5", "0", "1.2", "1", "0", "2", "0", "3", "noisy,", "silent", "3,", "by",
                              "hand", "2"]
    assert main(["history", "--db", str(db), "--sensors", "--json"]) == 0
    (h,) = json.loads(capsys.readouterr().out)
    assert h["sensor"] == "twenty" and h["silent_for"] == 3 and h["blocks_per_match"] == 1.25
    assert h["total"] == {"blocks": 5, "storms": 1, "stuck": 0, "by_hand": 2, "withdrawn": 0}
    assert main(["history", "--db", str(db), "--json"]) == 0
    matches = json.loads(capsys.readouterr().out)
    assert matches[0]["sensors"] == {"twenty": {"blocks": 5, "storms": 0, "stuck": 0, "by_hand": 0, "withdrawn": 0}}


def test_history_sensors_on_a_journal_without_a_record(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Journal.open(db) as j:
        j.start_match(HEADER)
    assert main(["history", "--db", str(db), "--sensors"]) == 0
    assert "no sensor record" in capsys.readouterr().out
