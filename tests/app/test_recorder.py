"""The recorder (pitchside.app.recorder): the journal kept in step with the table.

A real :class:`~pitchside.app.journal.Journal` in a temporary directory, a settable fake
clock, and the pure table controller driven as the runtime drives it (each ``Accepted``
effect handed to :meth:`Recorder.accepted_all` with the table after it). No sleeps.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from pitchside.tables import pichenotte as table
from pitchside.app.journal import Journal
from pitchside.app.recorder import Recorder, rebuild
from pitchside.app.runtime import Runtime, TableParts
from pitchside.core.record.pichenotte import PichenotteCodec
from pitchside.core.rules import pichenotte as rules
from pitchside.core.sides import Side
from pitchside.render.pichenotte import render
from pitchside.render.view import Prompt
from pitchside.signals.events import BeamBroken, ButtonPressed

CODEC = PichenotteCodec()
OPTIONS = rules.Options(pucks=1, rounds_to_win=1)
NAMES = ("Ann", "Bob")
HEADER = {
    "format": 1,
    "game": "pichenotte",
    "options": CODEC.options_to_json(OPTIONS),
    "rules_version": CODEC.rules_version,
    "sides": {"A": "Ann", "B": "Bob"},
}
SIZE = (128, 64)


@dataclass
class FakeClock:
    t: float = 0.0

    def __call__(self) -> float:
        return self.t


class Driver:
    """Drives the pure table as the runtime does: the coin toss's winner is fixed,
    every accepted input goes to the recorder with the table after it."""

    def __init__(self, ts: table.TableState, rec: Recorder, clock: FakeClock, winner: Side = "A") -> None:
        self.ts, self.rec, self.clock, self.winner = ts, rec, clock, winner

    def _effects(self, effects: tuple[table.Effect, ...]) -> None:
        for e in effects:
            if isinstance(e, table.TossCoin):
                self.ts, more = table.handle(self.ts, table.CoinTossed(self.winner, self.clock()))
                self._effects(more)
            elif isinstance(e, table.Accepted):
                self.rec.accepted_all([e], self.ts)

    def press(self, name: str, at: float) -> None:
        self.clock.t = at
        self.ts, effects = table.handle(self.ts, ButtonPressed(name, at))
        self._effects(effects)

    def drop(self, at: float) -> None:
        self.clock.t = at
        self.ts, effects = table.handle(self.ts, BeamBroken("twenty", at, 0.025))
        self._effects(effects)

    def tally_b5(self, at: float) -> None:
        """B's one puck in the 5 zone, A's none: the cursor to B5, +, DONE."""
        for i in range(5):
            self.press("next", at + i * 0.1)
        self.press("plus", at + 0.6)
        self.press("shot_done", at + 0.7)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "journal.db"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(100.0)


@pytest.fixture
def journal(db: Path) -> Iterator[Journal]:
    walls = iter(float(1_700_000_000 + 60 * i) for i in range(1000))
    j = Journal.open(db, wall=lambda: next(walls), synced=lambda: True)
    yield j
    j.close()


@pytest.fixture
def rec(journal: Journal, clock: FakeClock) -> Recorder:
    return Recorder(journal, clock)


def fresh() -> table.TableState:
    return table.new_table(OPTIONS, NAMES)


def started(rec: Recorder, clock: FakeClock) -> Driver:
    return Driver(rec.resume(fresh()), rec, clock)


def lines(j: Journal, mid: int) -> list[dict[str, Any]]:
    return [json.loads(x) for x in j.lines(mid)]


def to_the_result(d: Driver) -> None:
    """Coin (A), A's twenty, B's free shot stays, tally B one in 5: A wins 20-5."""
    d.press("coin", 101.25)
    d.drop(103.0)
    d.press("shot_done", 103.5)
    d.press("shot_done", 110.0)
    d.tally_b5(120.0)


# --- recording ----------------------------------------------------------------------------


def test_accepted_inputs_land_as_replay_lines_at_seconds_since_the_start(rec: Recorder, journal: Journal, clock: FakeClock) -> None:
    d = started(rec, clock)  # the match starts at 100.0 on the table's clock
    d.press("coin", 101.25)
    assert rec.match_id == 1
    d.press("call", 102.0)  # refused on a free shot: not an input, not journaled
    d.drop(103.0)
    d.press("shot_done", 103.5)
    d.press("undo", 104.0)
    assert lines(journal, 1) == [
        HEADER,
        {"input": "coin_toss", "winner": "A", "at": 1.25},
        {"input": "shot", "twenty": True, "at": 3.5},
        {"input": "undo", "at": 4.0},
    ]
    assert rec.warning is None


def test_a_finished_match_is_marked_finished_with_its_result(rec: Recorder, journal: Journal, clock: FakeClock) -> None:
    d = started(rec, clock)
    to_the_result(d)
    assert d.ts.match.state.phase == "finished"
    [r] = journal.history()
    assert (r.id, r.status, r.inputs) == (1, "finished", 4)
    assert r.result == CODEC.output(d.ts.match.state)
    assert (r.result["winner"], r.result["score"], r.result["round_scores"]) == ("A", {"A": 1, "B": 0}, [{"A": 20, "B": 5}])
    assert (r.started_wall, r.ended_wall, r.ended_synced) == (1_700_000_000.0, 1_700_000_060.0, True)
    assert lines(journal, 1)[-1] == {"input": "tally", "A": [0, 0, 0], "B": [0, 0, 1], "at": 20.7}
    assert journal.running() is None


def test_an_undo_after_the_final_tally_reopens_the_match(rec: Recorder, journal: Journal, clock: FakeClock) -> None:
    d = started(rec, clock)
    to_the_result(d)
    d.press("undo", 130.0)
    assert d.ts.match.state.phase == "tally"
    [r] = journal.history()
    assert (r.status, r.result, r.ended_wall, journal.running()) == ("playing", None, None, 1)
    assert lines(journal, 1)[-1] == {"input": "undo", "at": 30.0}
    d.tally_b5(140.0)  # and finished again
    [r] = journal.history()
    assert (r.status, r.result["winner"], r.inputs) == ("finished", "A", 6)


def test_new_match_abandons_the_running_one(rec: Recorder, journal: Journal, clock: FakeClock) -> None:
    d = started(rec, clock)
    d.press("coin", 101.0)
    clock.t = 150.0
    rec.new_match(fresh())
    assert journal.history()[0].status == "abandoned"
    d2 = Driver(fresh(), rec, clock, winner="B")
    d2.press("coin", 152.5)  # ``at`` counts from the new match's start
    assert rec.match_id == 2
    assert [(r.id, r.status, r.inputs) for r in journal.history()] == [(1, "abandoned", 1), (2, "playing", 1)]
    assert lines(journal, 2)[1:] == [{"input": "coin_toss", "winner": "B", "at": 2.5}]


def test_new_match_after_a_result_keeps_it_finished(rec: Recorder, journal: Journal, clock: FakeClock) -> None:
    to_the_result(started(rec, clock))
    rec.new_match(fresh())
    Driver(fresh(), rec, clock).press("coin", 200.0)
    assert [(r.id, r.status) for r in journal.history()] == [(1, "finished"), (2, "playing")]


def test_new_match_prunes_the_history_to_max_matches(journal: Journal, clock: FakeClock) -> None:
    rec = Recorder(journal, clock, max_matches=2)
    rec.resume(fresh())
    for i in range(5):
        Driver(fresh(), rec, clock).press("coin", 101.0 + i)
        rec.new_match(fresh())
    Driver(fresh(), rec, clock).press("coin", 110.0)
    assert [(r.id, r.status) for r in journal.history()] == [(4, "abandoned"), (5, "abandoned"), (6, "playing")]


# --- resuming -----------------------------------------------------------------------------


def reopen(db: Path, clock: FakeClock) -> tuple[Journal, Recorder, table.TableState]:
    j = Journal.open(db)
    r = Recorder(j, clock)
    return j, r, r.resume(fresh())


@pytest.mark.parametrize(
    "steps",
    [
        ["coin"],
        ["coin", "drop", "shot_done"],
        ["coin", "drop", "shot_done", "undo"],
        ["coin", "drop", "shot_done", "undo", "undo"],
        ["coin", "drop", "shot_done", "shot_done"],  # in the zone entry
        ["coin", "drop", "shot_done", "shot_done", "undo"],
    ],
    ids=["toss", "twenty", "undo", "undo-undo", "tally", "undo-to-shooting"],
)
def test_resume_rebuilds_the_exact_rules_state_and_prompt(db: Path, clock: FakeClock, steps: list[str]) -> None:
    j = Journal.open(db)
    rec = Recorder(j, clock)
    d = started(rec, clock)
    t = 101.0
    for step in steps:
        d.drop(t) if step == "drop" else d.press(step, t)
        t += 1.5
    before = d.ts
    j.close()  # as a kill would: nothing more is written

    clock2 = FakeClock(7.0)  # the restarted table's clock starts anew
    j2, rec2, after = reopen(db, clock2)
    try:
        assert rec2.match_id == 1 and rec2.warning is None
        assert after.match.state == before.match.state
        assert after.match.inputs == before.match.inputs
        assert after.prompt == before.prompt
        assert after.names == NAMES
        assert table.view(after) == table.view(before)
        assert render(table.view(after), SIZE).tobytes() == render(table.view(before), SIZE).tobytes()
        # ``at`` goes on from the last journaled input, not from the new clock's zero
        last_at = lines(j2, 1)[-1]["at"]
        d2 = Driver(after, rec2, clock2)
        d2.press("undo", 9.0)
        if after.match.can_undo():
            assert lines(j2, 1)[-1] == {"input": "undo", "at": round(last_at + 2.0, 3)}
        assert [(r.id, r.status) for r in j2.history()] == [(1, "playing")]
    finally:
        j2.close()


def test_resume_prompt_after_an_undo_and_after_a_notice(db: Path, clock: FakeClock) -> None:
    j = Journal.open(db)
    d = started(Recorder(j, clock), clock)
    d.press("coin", 101.0)
    d.drop(102.0)
    d.press("shot_done", 103.0)
    d.press("undo", 104.0)
    j.close()
    j2, _, after = reopen(db, FakeClock())
    j2.close()
    assert after.prompt == Prompt("Undone", "info")


def test_a_running_match_with_a_malformed_line_is_abandoned_and_the_table_starts_fresh(
    db: Path, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    with Journal.open(db) as j:
        mid = j.start_match(HEADER)
        j.append_lines(mid, [{"input": "coin_toss", "winner": "A", "at": 1.0}])
        j.append_lines(mid, [{"input": "kick", "at": 2.0}])
    caplog.set_level(logging.ERROR, logger="pitchside.app.recorder")
    j2, rec2, ts = reopen(db, clock)
    try:
        assert ts.match.state == rules.new_match(OPTIONS)
        assert ts.match.inputs == []
        assert rec2.match_id != 1
        assert j2.history()[0].status == "abandoned"
        assert [r.status for r in j2.history()[1:]] in ([], ["playing"])  # the new match, stored or not yet
        assert [r.getMessage() for r in caplog.records] == [
            "journal match 1 cannot be rebuilt (line 3: unknown input 'kick' for pichenotte "
            "(coin_toss, shot, tally, undo)): abandoned, starting fresh"
        ]
    finally:
        j2.close()
    caplog.clear()
    j3, rec3, ts3 = reopen(db, clock)  # no crash loop: the next start is clean
    j3.close()
    assert (caplog.records, ts3.match.inputs) == ([], [])


@pytest.mark.parametrize(
    ("header", "raw_line", "why"),
    [
        (HEADER, "{not json", "line 3: not JSON: Expecting property name enclosed in double quotes (column 2)"),
        (HEADER | {"rules_version": 99}, None, "line 1: written by pichenotte rules version 99; this firmware has "
         f"{CODEC.rules_version}"),
    ],
    ids=["not-json", "newer-rules"],
)
def test_a_running_match_that_no_longer_replays_is_abandoned(
    db: Path, clock: FakeClock, caplog: pytest.LogCaptureFixture, header: dict[str, Any], raw_line: str | None, why: str
) -> None:
    with Journal.open(db) as j:
        mid = j.start_match(header)
        j.append_lines(mid, [{"input": "coin_toss", "winner": "A"}])
    if raw_line is not None:
        with closing(sqlite3.connect(db)) as raw, raw:
            raw.execute("INSERT INTO inputs (match_id, seq, line) VALUES (?, 2, ?)", (mid, raw_line))
    caplog.set_level(logging.ERROR, logger="pitchside.app.recorder")
    j2, rec2, ts = reopen(db, clock)
    try:
        assert (ts.match.inputs, ts.match.state.phase) == ([], "toss")
        assert rec2.match_id != 1
        assert [(r.id, r.status) for r in j2.history()][0] == (1, "abandoned")
        assert [r.getMessage() for r in caplog.records] == [
            f"journal match 1 cannot be rebuilt ({why}): abandoned, starting fresh"
        ]
    finally:
        j2.close()


def test_a_kill_between_the_final_tally_and_marking_the_result_still_keeps_the_result(
    db: Path, clock: FakeClock
) -> None:
    """A journal written when the final input and the result were two transactions (a
    kill between them left a 'playing' match whose inputs finish it; the firmware now
    writes both in one): the restart shows the result and keeps it; a NEW must not
    mark it abandoned."""
    j = Journal.open(db)
    d = started(Recorder(j, clock), clock)
    to_the_result(d)
    j.close()
    with closing(sqlite3.connect(db)) as raw, raw:  # the state such a kill left on disk
        raw.execute("UPDATE matches SET status = 'playing', result = NULL, ended_wall = NULL, ended_synced = 0")
    assert d.ts.match.state.phase == "finished"
    j2, rec2, after = reopen(db, FakeClock())
    try:
        assert after.match.state == d.ts.match.state
        [r] = j2.history()
        assert (r.status, r.result) == ("finished", CODEC.output(d.ts.match.state))
        rec2.new_match(fresh())
        Driver(fresh(), rec2, FakeClock()).press("coin", 1.0)
        assert [(r.id, r.status) for r in j2.history()] == [(1, "finished"), (2, "playing")]
    finally:
        j2.close()


def _transactions(j: Journal) -> list[str]:
    """BEGIN / COMMIT / ROLLBACK statements ``j`` runs from now on."""
    sql: list[str] = []
    assert j._conn is not None  # noqa: SLF001
    j._conn.set_trace_callback(lambda q: sql.append(q.split()[0]))  # noqa: SLF001
    return sql


def test_the_step_that_starts_a_match_is_one_transaction_with_its_header(rec: Recorder, journal: Journal,
                                                                          clock: FakeClock) -> None:
    """The header and the first input (the coin toss) in one BEGIN ... COMMIT: one fsync
    for that step, and never a header on disk without its first input (such
    steps made the journaled p99 twice the write's)."""
    d = started(rec, clock)
    sql = _transactions(journal)
    d.press("coin", 101.25)
    assert [q for q in sql if q in ("BEGIN", "COMMIT", "ROLLBACK")] == ["BEGIN", "COMMIT"]
    [r] = journal.history()
    header, *inputs = lines(journal, r.id)
    assert r.status == "playing" and header["game"] == "pichenotte"
    assert inputs == [{"input": "coin_toss", "winner": "A", "at": 1.25}]


def test_the_step_that_ends_a_match_is_one_transaction_with_its_result(rec: Recorder, journal: Journal,
                                                                        clock: FakeClock) -> None:
    """The last input and the result (and what is owed to the club) in one BEGIN ... COMMIT."""
    d = started(rec, clock)
    d.press("coin", 101.25)
    d.drop(103.0)
    d.press("shot_done", 103.5)
    d.press("shot_done", 110.0)
    sql = _transactions(journal)
    d.tally_b5(120.0)
    assert d.ts.match.state.phase == "finished"
    assert [q for q in sql if q in ("BEGIN", "COMMIT", "ROLLBACK")] == ["BEGIN", "COMMIT"]
    [r] = journal.history()
    assert (r.status, r.result) == ("finished", CODEC.output(d.ts.match.state))


def test_rebuild_folds_a_stored_match(rec: Recorder, journal: Journal, clock: FakeClock) -> None:
    d = started(rec, clock)
    to_the_result(d)
    assert rebuild(journal, 1).state == d.ts.match.state


# --- memory mode on the display -----------------------------------------------------------


@dataclass
class FakeSink:
    frames: list[Image.Image] = field(default_factory=list)

    def show(self, image: Image.Image) -> None:
        self.frames.append(image)


class DiskFull:
    """A connection whose every write fails as on a full disk."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, *args)

    def close(self) -> None:
        self.conn.close()


def expected_frame(ts: table.TableState, warning: str | None, badge: bool | None = None) -> bytes:
    """The frame: the game's view, the storage warning on its prompt line if given, and
    the corner badge while the journal is not saving (default: with the warning)."""
    from pitchside.render.badge import draw_badge

    v = table.view(ts)
    if warning is not None:
        v = replace(v, prompt=Prompt(warning, "warning"))
    image = render(v, SIZE)
    if badge or (badge is None and warning is not None):
        draw_badge(image)
    return image.tobytes()


def test_a_runtime_shows_the_storage_warning_when_the_journal_goes_to_memory_mode(
    rec: Recorder, journal: Journal, clock: FakeClock
) -> None:
    d = started(rec, clock)
    d.press("coin", 101.0)  # a match in progress: straight on the display
    sink = FakeSink()
    rt = Runtime(d.ts, TableParts(sink, toss=lambda: "A", clock=clock, recorder=rec, size=SIZE))
    rt.refresh()
    assert sink.frames[-1].tobytes() == expected_frame(rt.state, None)  # saving: no warning
    journal._conn = DiskFull(journal._conn)  # type: ignore[arg-type, assignment]
    clock.t = 102.0
    rt.post(ButtonPressed("shot_done", 102.0))
    rt.process_pending()
    assert (rt.state.match.state.turn, rt.state.match.inputs[-1]) == ("B", to_shot_stays())  # the match goes on
    assert (journal.durable, rec.warning) == (False, "NOT SAVING: disk full")
    assert rt.state.prompt is None
    assert sink.frames[-1].tobytes() == expected_frame(rt.state, "NOT SAVING: disk full")
    # a refusal still shows (it names the rule); the warning comes back after it
    rt.post(ButtonPressed("coin", 103.0))
    rt.process_pending()
    assert rt.state.prompt is not None and (rt.state.prompt.kind, rt.state.prompt.rule) == ("refusal", "PI-20")
    assert sink.frames[-1].tobytes() == expected_frame(rt.state, None, badge=True)
    rt.post(ButtonPressed("call", 104.0))
    rt.process_pending()
    assert rt.state.prompt is None
    assert sink.frames[-1].tobytes() == expected_frame(rt.state, "NOT SAVING: disk full")
    # after the next accepted input the play prompts come back; the badge stays
    rt.post(ButtonPressed("shot_done", 105.0))
    rt.process_pending()
    assert len(rt.state.match.inputs) == 3
    assert sink.frames[-1].tobytes() == expected_frame(rt.state, None, badge=True)


def to_shot_stays() -> rules.Shot:
    return rules.Shot()


def test_a_runtime_on_a_journal_that_could_not_open_warns_from_the_first_frame(tmp_path: Path, clock: FakeClock) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    j = Journal.open(blocker / "journal.db")  # its directory cannot be made: memory mode
    try:
        rec = Recorder(j, clock)
        d = started(rec, clock)
        assert rec.warning == "NOT SAVING: storage fault"
        d.press("coin", 101.0)
        assert rec.match_id == -1
        d.press("shot_done", 102.0)
        sink = FakeSink()
        rt = Runtime(d.ts, TableParts(sink, toss=lambda: "A", clock=clock, recorder=rec, size=SIZE))
        rt.refresh()
        assert sink.frames[-1].tobytes() == expected_frame(rt.state, "NOT SAVING: storage fault")
    finally:
        j.close()


def test_a_journal_moved_aside_at_start_is_said_on_the_prompt_line_until_the_first_input_without_the_badge(
    db: Path, clock: FakeClock
) -> None:
    """A bad journal moved aside: saving goes on (no badge); the notice stays up until
    the players' first accepted input, and a later fault's warning still shows."""
    db.write_bytes(b"\x00garbage" * 500)
    Path(f"{db}.lock").write_bytes(b"")
    with Journal.open(db) as j:
        assert (j.durable, j.warning, j.notice) == (True, None, "JOURNAL MOVED ASIDE")
        rec = Recorder(j, clock)
        d = started(rec, clock)
        d.press("coin", 101.0)  # a match in progress: straight on the display
        d.press("shot_done", 102.0)  # and no play prompt up
        sink = FakeSink()
        rt = Runtime(d.ts, TableParts(sink, toss=lambda: "A", clock=clock, recorder=rec, size=SIZE))
        rt.refresh()
        assert (len(rt.state.match.inputs), rt.state.prompt) == (2, None)
        assert sink.frames[-1].tobytes() == expected_frame(rt.state, "JOURNAL MOVED ASIDE", badge=False)
        rt.post(ButtonPressed("call", 104.0))  # not an input of its own: the notice stays
        rt.process_pending()
        assert (len(rt.state.match.inputs), rt.state.prompt) == (2, None)
        assert sink.frames[-1].tobytes() == expected_frame(rt.state, "JOURNAL MOVED ASIDE", badge=False)
        rt.post(ButtonPressed("shot_done", 105.0))
        rt.process_pending()
        assert (len(rt.state.match.inputs), j.durable, rt.state.prompt) == (3, True, None)
        assert sink.frames[-1].tobytes() == expected_frame(rt.state, None, badge=False)
        j._conn = DiskFull(j._conn)  # type: ignore[arg-type, assignment]
        rt.post(ButtonPressed("undo", 107.0))  # journaled like any input: this write fails
        rt.process_pending()
        assert (len(rt.state.match.inputs), j.durable, rec.warning) == (2, False, "NOT SAVING: disk full")
        # the fault's warning is asked for (the notice seen before does not hide it), behind the undo's prompt
        assert (rt.frame().warning, rt.frame().badge) == ("NOT SAVING: disk full", True)
        assert rt.state.prompt == Prompt("Undone", "info")
        assert sink.frames[-1].tobytes() == expected_frame(rt.state, None, badge=True)


def test_a_full_history_prunes_in_the_starting_step_s_own_transaction(journal: Journal, clock: FakeClock) -> None:
    """With ``max_matches`` ended matches kept, the next start deletes the oldest in the
    same BEGIN ... COMMIT as its header and first input: still one fsync."""
    rec = Recorder(journal, clock, max_matches=2)
    rec.resume(fresh())
    for i in range(3):
        Driver(fresh(), rec, clock).press("coin", 101.0 + i)
        rec.new_match(fresh())
    assert [r.id for r in journal.history()] == [1, 2, 3]  # three ended: one too many
    sql = _transactions(journal)
    Driver(fresh(), rec, clock).press("coin", 110.0)
    assert [q for q in sql if q in ("BEGIN", "COMMIT", "ROLLBACK")] == ["BEGIN", "COMMIT"]
    assert [(r.id, r.status) for r in journal.history()] == [(2, "abandoned"), (3, "abandoned"), (4, "playing")]
