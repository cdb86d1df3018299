"""The durable journal (pitchside.app.journal): the durability settings really in force,
exact rows, export that replays, every bad database moved aside, the lock, memory mode
on a real read-only or full tmpfs and on injected faults, pruning, history order.

Tests run as root (chmod proves nothing there): read-only and full storage are real
tmpfs mounts (skipped cleanly where mounting is not permitted) or injected
``sqlite3.OperationalError`` s. No sleeps.

(Over 600 lines: the journal's guarantees share its fault-injection and damaged-file
fixtures.)
"""

from __future__ import annotations

import json
import logging
import os
import errno
import sqlite3
import stat
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from pitchside.app import journal as journal_mod
from pitchside.app.journal import checks as journal_checks
from pitchside.app.journal import file as journal_file
from pitchside.cli.main import main
from pitchside.app.journal import APPLICATION_ID, SCHEMA_VERSION, Journal, JournalError, JournalLocked
from pitchside.core.record.format import replay
from pitchside.core.match import Match
from pitchside.core.record.pichenotte import PichenotteCodec
from pitchside.core.rules import pichenotte as rules
from support import damaged_journals as damaged

CODEC = PichenotteCodec()
HEADER: dict[str, Any] = {
    "format": 1,
    "game": "pichenotte",
    "options": CODEC.options_to_json(rules.Options(pucks=1, rounds_to_win=1)),
    "rules_version": CODEC.rules_version,
    "sides": {"A": "Ann", "B": "Bob"},
}
TOSS_A = {"input": "coin_toss", "winner": "A"}
LOG = "pitchside.app.journal"


def fixed_wall(t: float = 1_700_000_000.0) -> Any:
    return lambda: t


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "journal.db"


@pytest.fixture
def journal(db: Path) -> Iterator[Journal]:
    j = Journal.open(db, wall=fixed_wall(), synced=lambda: True)
    yield j
    j.close()


# --- durable settings ---------------------------------------------------------------------


def test_wal_full_sync_and_our_application_id_are_in_force(journal: Journal) -> None:
    assert journal.pragmas() == {"journal_mode": "wal", "synchronous": 2, "application_id": APPLICATION_ID}
    assert journal.durable is True
    assert journal.warning is None


def test_settings_are_in_force_again_on_reopen(db: Path) -> None:
    Journal.open(db).close()
    with Journal.open(db) as j:
        assert j.pragmas() == {"journal_mode": "wal", "synchronous": 2, "application_id": APPLICATION_ID}
    with sqlite3.connect(db) as raw:  # on the file itself, not just the connection
        assert raw.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # persistent in the header


def test_the_directory_is_fsynced_when_the_database_is_created(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[os.stat_result] = []
    real_fsync = os.fsync

    def recording_fsync(fd: int) -> None:
        synced.append(os.fstat(fd))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", recording_fsync)
    d = tmp_path / "data"
    d.mkdir()
    with Journal.open(d / "journal.db"):
        pass
    dirs = [st for st in synced if stat.S_ISDIR(st.st_mode)]
    here = os.stat(d)
    assert [(st.st_dev, st.st_ino) for st in dirs] == [(here.st_dev, here.st_ino)]
    # an existing journal is not a new directory entry: no second directory fsync
    synced.clear()
    with Journal.open(d / "journal.db"):
        pass
    assert [st for st in synced if stat.S_ISDIR(st.st_mode)] == []


# --- rows and export ----------------------------------------------------------------------


def test_append_and_lines_exact(journal: Journal, db: Path) -> None:
    mid = journal.start_match(HEADER)
    assert mid == 1
    shot = {"input": "shot", "twenty": True, "at": 3.25}
    journal.append_lines(mid, [TOSS_A])
    journal.append_lines(mid, [shot])
    assert journal.lines(mid) == [json.dumps(HEADER), json.dumps(TOSS_A), json.dumps(shot)]
    assert journal.export(mid) == "\n".join([json.dumps(HEADER), json.dumps(TOSS_A), json.dumps(shot)]) + "\n"
    assert journal.running() == 1
    [rec] = journal.history()
    assert (rec.id, rec.game, rec.status, rec.header, rec.inputs, rec.result) == (1, "pichenotte", "playing", HEADER, 2, None)
    assert (rec.started_wall, rec.started_synced, rec.ended_wall, rec.ended_synced) == (1_700_000_000.0, True, None, False)
    with sqlite3.connect(db) as raw:  # one row per input, in seq order; bytes = text appended
        assert raw.execute("SELECT match_id, seq FROM inputs").fetchall() == [(1, 1), (1, 2)]
        assert raw.execute("SELECT bytes FROM matches").fetchone()[0] == len(json.dumps(TOSS_A)) + len(json.dumps(shot))


def test_rows_are_on_disk_when_append_returns(journal: Journal, db: Path) -> None:
    mid = journal.start_match(HEADER)
    journal.append_lines(mid, [TOSS_A])
    # another connection (as after a crash) sees the committed row without any close
    with closing_ro(db) as raw:
        assert raw.execute("SELECT line FROM inputs").fetchall() == [(json.dumps(TOSS_A),)]


def test_append_lines_commits_the_lines_of_one_step_in_one_transaction(journal: Journal, db: Path) -> None:
    """An undo and the corrected shot (a twenty corrected after SHOT DONE): one BEGIN and
    one COMMIT around both rows, in order."""
    mid = journal.start_match(HEADER)
    journal.append_lines(mid, [TOSS_A])
    sql: list[str] = []
    assert journal._conn is not None  # noqa: SLF001
    journal._conn.set_trace_callback(lambda q: sql.append(q.split()[0]))  # noqa: SLF001
    undo, shot = {"input": "undo", "at": 4.0}, {"input": "shot", "twenty": True, "at": 4.0}
    journal.append_lines(mid, [undo, shot])
    assert [q for q in sql if q in ("BEGIN", "INSERT", "COMMIT", "ROLLBACK")] == ["BEGIN", "INSERT", "INSERT", "COMMIT"]
    with closing_ro(db) as raw:
        assert raw.execute("SELECT seq, line FROM inputs ORDER BY seq").fetchall() == [
            (1, json.dumps(TOSS_A)), (2, json.dumps(undo)), (3, json.dumps(shot))]
    assert journal.warning is None


def test_a_failing_line_rolls_back_every_line_of_its_append(journal: Journal, db: Path) -> None:
    """The second of three lines is refused by SQLite (a trigger stands in for a disk
    fault): none of the three is on disk, the match's byte count is unchanged, and the
    journal goes on in memory with all of them, saying it is not saving."""
    mid = journal.start_match(HEADER)
    journal.append_lines(mid, [TOSS_A])
    assert journal._conn is not None  # noqa: SLF001
    journal._conn.execute(  # noqa: SLF001
        "CREATE TEMP TRIGGER refuse BEFORE INSERT ON inputs WHEN NEW.line LIKE '%\"refused\"%' "
        "BEGIN SELECT RAISE(ABORT, 'line refused'); END")
    lines = [{"input": "shot", "at": 1.0}, {"input": "shot", "refused": True, "at": 2.0}, {"input": "undo", "at": 3.0}]
    journal.append_lines(mid, lines)
    with closing_ro(db) as raw:
        assert raw.execute("SELECT seq, line FROM inputs").fetchall() == [(1, json.dumps(TOSS_A))]
        assert raw.execute("SELECT bytes FROM matches").fetchone()[0] == len(json.dumps(TOSS_A))
    assert journal.warning is not None and journal.warning.startswith("NOT SAVING")
    assert journal.lines(mid) == [json.dumps(HEADER), json.dumps(TOSS_A)] + [json.dumps(line) for line in lines]


SEQ_QUERY = "SELECT COALESCE(MAX(seq), 0) + 1 FROM inputs"


def _statements(journal: Journal) -> list[str]:
    """The SQL the journal runs from now on (as SQLite traces it, parameters filled in)."""
    sql: list[str] = []
    assert journal._conn is not None  # noqa: SLF001
    journal._conn.set_trace_callback(lambda q: sql.append(q))  # noqa: SLF001
    return sql


def _seqs(db: Path) -> list[tuple[int, int, str]]:
    with closing_ro(db) as raw:
        return [(m, q, line) for m, q, line in raw.execute("SELECT match_id, seq, line FROM inputs ORDER BY match_id, seq")]


def test_a_step_runs_no_query_for_its_seq_nor_statements_for_counts_it_has_not(journal: Journal, db: Path) -> None:
    """bench/README.md, "Journaled input vs its fsync": after a match's first write the journal
    knows its next seq (it is the file's only writer), so a plain step is the insert, the
    byte count and the commit; no tally or refusal statement when the step has none."""
    from pitchside.app.journal import LinesWrite

    sql = _statements(journal)
    mid = journal.start_match(HEADER, ("twenty",), first=LinesWrite([TOSS_A]))
    assert sum(q.startswith(SEQ_QUERY) for q in sql) == 1  # the match's first write asks the file
    sql.clear()
    shot = {"input": "shot", "at": 1.0}
    journal.append_lines(mid, [shot])
    assert [q.split(" (")[0] for q in sql] == [
        "BEGIN IMMEDIATE", "INSERT INTO inputs", f"UPDATE matches SET bytes = bytes + {len(json.dumps(shot))} WHERE id = 1",
        "COMMIT"]
    assert _seqs(db) == [(1, 1, json.dumps(TOSS_A)), (1, 2, json.dumps(shot))]


def test_the_next_seq_follows_undos_and_is_asked_again_after_reopening(db: Path) -> None:
    """Undos are lines like any other (seq goes on); a journal opened again asks the file
    once, at the match's first write, and goes on from the rows there."""
    from pitchside.app.journal import LinesWrite

    lines = [{"input": "shot", "at": 1.0}, {"input": "undo", "at": 2.0}, {"input": "shot", "at": 3.0}]
    with Journal.open(db, wall=fixed_wall(), synced=lambda: True) as j:
        mid = j.start_match(HEADER, first=LinesWrite([TOSS_A]))
        for line in lines[:2]:
            j.append_lines(mid, [line])
    with Journal.open(db, wall=fixed_wall(), synced=lambda: True) as j:
        sql = _statements(j)
        j.append_lines(mid, [lines[2]])
        j.append_lines(mid, [{"input": "undo", "at": 4.0}, {"input": "shot", "at": 4.0}])
        assert sum(q.startswith(SEQ_QUERY) for q in sql) == 1
        assert j.lines(mid)[1:] == [json.dumps(x) for x in [TOSS_A, *lines, {"input": "undo", "at": 4.0},
                                                             {"input": "shot", "at": 4.0}]]
    assert [q for _, q, _ in _seqs(db)] == [1, 2, 3, 4, 5, 6]


def test_a_write_rolled_back_leaves_the_next_seq_as_it_was(journal: Journal, db: Path) -> None:
    """A step whose transaction rolls back (here its result cannot be stored as JSON, an
    error of the caller's, not the storage's: the journal stays on disk) numbers nothing:
    the next step takes the seq the rolled-back one would have had."""
    from pitchside.app.journal import LinesWrite, MatchEnd

    mid = journal.start_match(HEADER, first=LinesWrite([TOSS_A]))
    with pytest.raises(TypeError):
        journal.append_lines(mid, [{"input": "shot", "at": 1.0}], end=MatchEnd("finished", {"bad": object()}))
    assert journal.durable and journal.warning is None
    shot = {"input": "shot", "at": 2.0}
    journal.append_lines(mid, [shot])
    assert _seqs(db) == [(1, 1, json.dumps(TOSS_A)), (1, 2, json.dumps(shot))]


def test_the_next_seq_is_the_written_match_s(journal: Journal, db: Path) -> None:
    """Writes to two matches in turn (one kept on hold, then written again): each goes on
    from its own rows."""
    from pitchside.app.journal import LinesWrite

    one = journal.start_match(HEADER, first=LinesWrite([TOSS_A]))
    two = journal.start_match(HEADER, first=LinesWrite([TOSS_A, {"input": "shot", "at": 1.0}]))
    journal.append_lines(one, [{"input": "shot", "at": 5.0}])
    journal.append_lines(two, [{"input": "undo", "at": 6.0}])
    assert journal.warning is None
    assert [(m, q) for m, q, _ in _seqs(db)] == [(one, 1), (one, 2), (two, 1), (two, 2), (two, 3)]


def test_a_pruned_match_s_seq_is_forgotten(journal: Journal, db: Path) -> None:
    """A match deleted by pruning takes its next seq with it: a match that gets its id
    again (SQLite reuses the highest id once it is deleted) starts at seq 1."""
    from pitchside.app.journal import LinesWrite

    mid = journal.start_match(HEADER, first=LinesWrite([TOSS_A]))
    journal.append_lines(mid, [{"input": "shot", "at": 1.0}])
    journal.end_match(mid, "abandoned")
    assert journal.prune(max_matches=0) == 1
    again = journal.start_match(HEADER)
    assert again == mid  # the id is reused
    journal.append_lines(again, [TOSS_A])
    assert journal.warning is None
    assert _seqs(db) == [(mid, 1, json.dumps(TOSS_A))]


def test_a_start_without_lines_that_prunes_the_written_match_does_not_bring_its_seq_back(
        journal: Journal, db: Path) -> None:
    """A match started with no first lines, pruning in its transaction the match whose
    next seq the journal knew: that seq stays forgotten (the start wrote no line, so it
    has no seq to keep), and a match that later gets the pruned id starts at seq 1."""
    from pitchside.app.journal import LinesWrite

    one = journal.start_match(HEADER, first=LinesWrite([TOSS_A]))
    journal.append_lines(one, [{"input": "shot", "at": 1.0}])
    journal.end_match(one, "abandoned")
    two = journal.start_match(HEADER, first=LinesWrite([]), prune_to=0)  # prunes match one
    journal.end_match(two, "abandoned")
    assert journal.prune(max_matches=0) == 1
    again = journal.start_match(HEADER, first=LinesWrite([TOSS_A]))
    assert again == one  # SQLite gives the emptied table's first id again
    assert journal.warning is None
    assert _seqs(db) == [(one, 1, json.dumps(TOSS_A))]


@contextmanager
def closing_ro(db: Path) -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        yield conn
    finally:
        conn.close()


UNDO = None
PLAY: list[rules.Input | None] = [
    rules.CoinToss("B"), UNDO, rules.CoinToss("A"),
    rules.Shot(contact=False), UNDO, rules.Shot(twenty=True),
    rules.Shot(contact=False),
    rules.Tally((0, 0, 0), (0, 1, 0)), UNDO, UNDO, rules.Shot(contact=False, ditched=True),
    rules.Tally((0, 0, 0), (0, 0, 0)),
]  # fmt: skip


def journal_play(j: Journal, mid: int, match: Match, inputs: list[rules.Input | None]) -> Match:
    """Apply ``inputs`` (None = undo) to ``match`` and journal each as the recorder does."""
    for i, inp in enumerate(inputs):
        if inp is None:
            match, _ = match.undo()
            line: dict[str, Any] = {"input": "undo"}
        else:
            match, _ = match.apply(inp)
            line = CODEC.input_to_json(inp)
        line["at"] = float(i)
        j.append_lines(mid, [line])
    return match


def test_export_with_undos_replays_to_the_live_match(journal: Journal) -> None:
    mid = journal.start_match(HEADER)
    live = journal_play(journal, mid, Match.start(CODEC, rules.Options(pucks=1, rounds_to_win=1)), PLAY)
    text = journal.export(mid)
    assert sum(1 for line in text.splitlines() if json.loads(line).get("input") == "undo") == 4
    result = replay(text.splitlines(), strict=True)
    assert result.exit_status == 0
    assert result.output() == CODEC.output(live.state) | {"rejected": []}
    assert result.output()["status"] == "finished"
    assert result.output()["winner"] == "A"
    assert result.output()["round_scores"] == [{"A": 20, "B": 0}]
    assert result.match.inputs == live.inputs


# --- bad databases ------------------------------------------------------------------------


def _garbage(p: Path) -> str:
    p.write_bytes(b"this is not a database\n" * 200)
    return "is not an SQLite database, so not a Pitchside journal"


def _other_program(p: Path) -> str:
    with closing(sqlite3.connect(p)) as c:
        c.execute("CREATE TABLE recipes (name TEXT)")
        c.execute("INSERT INTO recipes VALUES ('soup')")
        c.commit()
    return "is another program's SQLite database (application_id 0x0), not a Pitchside journal"


def _newer_schema(p: Path) -> str:
    Journal.open(p).close()
    with closing(sqlite3.connect(p)) as c:
        c.execute("PRAGMA user_version = 99")
        c.commit()
    return f"has a newer schema (99) than this firmware ({SCHEMA_VERSION})"


def _truncated_half(p: Path) -> str:
    with Journal.open(p) as j:
        mid = j.start_match(HEADER)
        for i in range(600):
            j.append_lines(mid, [{"input": "shot", "called": True, "knocked_off": {"A": 1, "B": 2}, "at": i + 0.125}])
    assert not Path(f"{p}-wal").exists()  # checkpointed into the main file on close
    size = p.stat().st_size
    assert size > 8 * 4096  # many pages: the cut is mid-file, header intact
    with open(p, "r+b") as fh:
        fh.truncate(size // 2)
    return "is corrupt (database disk image is malformed)"


def _truncated_header(p: Path) -> str:
    Journal.open(p).close()
    with open(p, "r+b") as fh:
        fh.truncate(50)
    return "is an SQLite header cut short (50 bytes): it cannot be told to be a Pitchside journal"


def closing(conn: sqlite3.Connection) -> Any:
    from contextlib import closing as _closing

    return _closing(conn)


@pytest.mark.parametrize(
    "make_bad", [_newer_schema, _truncated_half], ids=["newer-schema", "truncated-half"]
)
def test_a_bad_journal_of_this_table_is_moved_aside_with_a_clear_message_and_a_fresh_one_works(
    db: Path, make_bad: Any, caplog: pytest.LogCaptureFixture
) -> None:
    problem = make_bad(db)
    before = db.read_bytes()
    caplog.set_level(logging.ERROR, logger=LOG)
    with Journal.open(db) as j:
        assert (j.durable, j.warning) == (True, None)
        assert j.history() == []
        mid = j.start_match(HEADER)
        j.append_lines(mid, [TOSS_A])
        assert (mid, j.lines(mid)) == (1, [json.dumps(HEADER), json.dumps(TOSS_A)])
    aside = Path(f"{db}.bad-1")
    assert aside.read_bytes() == before  # kept for a post-mortem, byte for byte
    assert [r.getMessage() for r in caplog.records if r.name == LOG] == [
        f"journal {db} {problem}: moved aside to {aside}; starting a fresh journal"
    ]
    with Journal.open(db) as again:  # the fresh journal is sound: no second move
        assert again.lines(1) == [json.dumps(HEADER), json.dumps(TOSS_A)]
    assert not Path(f"{db}.bad-2").exists()


def test_a_second_bad_journal_goes_to_bad_2(db: Path) -> None:
    _newer_schema(db)
    Journal.open(db).close()
    _newer_schema(db)
    Journal.open(db).close()
    assert sorted(p.name for p in db.parent.glob("journal.db.bad-?")) == ["journal.db.bad-1", "journal.db.bad-2"]


def _tree(d: Path) -> dict[str, bytes | None]:
    """Every entry under ``d`` (relative name: content, None for a directory or fifo)."""
    return {
        str(q.relative_to(d)): q.read_bytes() if q.is_file() else None for q in sorted(d.rglob("*"))
    }


@pytest.mark.parametrize(
    "make_foreign",
    [_garbage, _other_program, _truncated_header],
    ids=["garbage", "other-program", "truncated-header"],
)
def test_a_file_this_table_did_not_create_is_refused_and_left_alone(
    tmp_path: Path, make_foreign: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """A file that is not a journal of this table is never moved aside
    (it may be someone's data): the table refuses it and says what to write instead."""
    d = tmp_path / "data"
    d.mkdir()
    for name in ("recipes.db", "journal.db"):  # a foreign file at the path, and the usual name taken too
        target = d / name
        why = make_foreign(target)
        for side in d.glob("*.lock"):
            side.unlink()
        before = _tree(d)
        caplog.clear()
        expected = (
            f"{target} {why}; Pitchside leaves it alone: "
            + (f'move it away, or write journal = "{d / "journal.db"}"' if name != "journal.db"
               else "move it away, or name another file")
        )  # fmt: skip
        assert journal_mod.check_path(target) == expected
        assert journal_mod.check_path(str(target)) == expected
        with pytest.raises(JournalError) as info:
            Journal.open(target)
        assert str(info.value) == expected
        assert _tree(d) == before  # nothing moved, nothing written, not even a lock file
        assert [r for r in caplog.records if r.name == LOG] == []
        with pytest.raises(JournalError) as info:
            Journal.open_readonly(target)
        assert str(info.value) == expected
        assert _tree(d) == before


def test_a_journal_path_that_is_a_directory_is_refused_with_what_to_write_instead(tmp_path: Path) -> None:
    """``[storage] journal = "/var/lib/pitchside"``: before the fix the
    whole directory was renamed aside (``pitchside.bad-1``) with everything in it."""
    d = tmp_path / "pitchside"
    d.mkdir()
    (d / "journal.db").write_bytes(b"")
    (d / "tournament.json").write_text('{"kept": true}\n', encoding="utf-8")
    (d / "sub").mkdir()
    before = _tree(tmp_path)
    expected = (
        f"{d} is a directory, not a journal file; Pitchside leaves it alone: "
        f'write journal = "{d / "journal.db"}"'
    )
    assert journal_mod.check_path(d) == expected
    with pytest.raises(JournalError) as info:
        Journal.open(d)
    assert str(info.value) == expected
    assert _tree(tmp_path) == before  # no pitchside.bad-1, no pitchside.lock
    with pytest.raises(JournalError) as info:
        Journal.open_readonly(d)
    assert str(info.value) == expected


def test_a_journal_path_ending_in_a_slash_names_a_directory(tmp_path: Path) -> None:
    absent = f"{tmp_path / 'pitchside'}/"
    expected = (
        f"{tmp_path / 'pitchside'} names a directory (it ends in /), not a journal file; "
        f'Pitchside leaves it alone: write journal = "{tmp_path / "pitchside" / "journal.db"}"'
    )
    assert journal_mod.check_path(absent) == expected
    with pytest.raises(JournalError) as info:
        Journal.open(absent)
    assert str(info.value) == expected
    assert list(tmp_path.iterdir()) == []


def test_a_fifo_is_refused_without_being_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "journal.db"
    os.mkfifo(fifo)  # opening it for reading would block forever
    expected = f"{fifo} is not a regular file; Pitchside leaves it alone: move it away, or name another file"
    assert journal_mod.check_path(fifo) == expected
    with pytest.raises(JournalError) as info:
        Journal.open(fifo)
    assert str(info.value) == expected


def test_check_path_accepts_what_the_table_can_use_and_creates_nothing(tmp_path: Path) -> None:
    absent = tmp_path / "new" / "journal.db"
    assert journal_mod.check_path(absent) is None
    assert journal_mod.check_path(str(absent)) is None
    assert not absent.parent.exists()
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    assert journal_mod.check_path(empty) is None
    ours = tmp_path / "ours.db"
    with Journal.open(ours) as j:
        j.append_lines(j.start_match(HEADER), [TOSS_A])
        assert journal_mod.check_path(ours) is None  # while the table holds it, too
    assert journal_mod.check_path(ours) is None
    corrupt = tmp_path / "corrupt.db"
    _truncated_half(corrupt)  # ours but corrupt: not refused, the table moves it aside
    assert journal_mod.check_path(corrupt) is None


def test_a_journal_killed_before_its_first_checkpoint_is_ours(tmp_path: Path) -> None:
    """The application id of a new journal is in the WAL until a checkpoint: the main
    file's header still says 0. A SIGKILL then must not make it "another program's"."""
    db = tmp_path / "journal.db"
    script = textwrap.dedent(
        f"""
        import json, os, sys
        from pitchside.app.journal import Journal
        j = Journal.open(sys.argv[1])
        j.append_lines(j.start_match({HEADER!r}), [{TOSS_A!r}])
        os._exit(0)  # no close: no checkpoint
        """
    )
    done = subprocess.run([sys.executable, "-c", script, str(db)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert int.from_bytes(db.read_bytes()[68:72], "big") == 0  # the case this test is about
    assert journal_mod.check_path(db) is None
    with Journal.open(db) as j:
        assert j.lines(1) == [json.dumps(HEADER), json.dumps(TOSS_A)]
    assert list(tmp_path.glob("*.bad-*")) == []


def test_an_sqlite_file_killed_while_it_was_being_created_is_used_as_new(tmp_path: Path) -> None:
    """Killed after SQLite wrote its header (WAL mode set) but before our schema was
    committed: an SQLite file with nothing in it, like the 0-byte file."""
    db = tmp_path / "journal.db"
    with closing(sqlite3.connect(db)) as c:
        assert c.execute("PRAGMA journal_mode = WAL").fetchone()[0] == "wal"
    assert db.stat().st_size > 0
    assert journal_mod.check_path(db) is None
    with Journal.open(db) as j:
        assert j.pragmas() == {"journal_mode": "wal", "synchronous": 2, "application_id": APPLICATION_ID}
        assert j.start_match(HEADER) == 1
    assert list(tmp_path.glob("*.bad-*")) == []


def test_an_empty_file_just_works(db: Path, caplog: pytest.LogCaptureFixture) -> None:
    db.write_bytes(b"")  # a crash right after the file was created
    caplog.set_level(logging.ERROR, logger=LOG)
    with Journal.open(db) as j:
        assert (j.durable, j.warning) == (True, None)
        assert j.pragmas() == {"journal_mode": "wal", "synchronous": 2, "application_id": APPLICATION_ID}
        mid = j.start_match(HEADER)
        j.append_lines(mid, [TOSS_A])
        assert (mid, j.durable, j.lines(mid)) == (1, True, [json.dumps(HEADER), json.dumps(TOSS_A)])
    assert caplog.records == []
    assert list(db.parent.glob("*.bad-*")) == []


# --- a damaged journal of this table, told by its marks ------------------------------------

def _side_files(p: Path) -> dict[str, bytes]:
    """The journal's file and its -wal and -shm, by name, with their bytes."""
    return {q.name: q.read_bytes() for q in sorted(p.parent.iterdir()) if q.name in (p.name, f"{p.name}-wal", f"{p.name}-shm")}


@pytest.mark.parametrize("damage", [damaged.first_page_garbage, damaged.cut_to_60_bytes], ids=["first-page-garbage", "cut-to-60"])
def test_a_damaged_journal_with_its_lock_file_beside_it_is_moved_aside_and_a_fresh_one_saves(
    db: Path, damage: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """The file does not read as a journal, but only Pitchside makes ``journal.db.lock``:
    it is this table's journal, damaged. Before, ``pitchside run`` refused it and exited
    2, and systemd restarted it into the same refusal."""
    why = damage(db)
    before = db.read_bytes()
    told = f"{db} {why}, with this table's journal.db.lock beside it"
    assert (journal_mod.check_path(db), journal_mod.damage(db)) == (None, told)
    caplog.set_level(logging.WARNING, logger=LOG)
    with Journal.open(db) as j:
        assert (j.durable, j.warning, j.notice) == (True, None, "JOURNAL MOVED ASIDE")
        mid = j.start_match(HEADER)
        j.append_lines(mid, [TOSS_A])
        assert (mid, j.lines(mid)) == (1, [json.dumps(HEADER), json.dumps(TOSS_A)])
    aside = db.parent / "journal.db.bad-1"
    assert aside.read_bytes() == before  # kept for a post-mortem, byte for byte
    assert [r.getMessage() for r in caplog.records if r.name == LOG] == [
        f"journal {told}: moved aside to {aside}; starting a fresh journal"
    ]
    with Journal.open(db) as again:  # the fresh journal is sound: no second move, no notice
        assert (again.notice, again.lines(1)) == (None, [json.dumps(HEADER), json.dumps(TOSS_A)])
    assert sorted(q.name for q in db.parent.iterdir()) == ["journal.db", "journal.db.bad-1", "journal.db.lock"]


@pytest.mark.parametrize(
    ("damage", "unknown"),
    [(damaged.first_page_garbage, ", so not a Pitchside journal"),
     (damaged.cut_to_60_bytes, ": it cannot be told to be a Pitchside journal")],
    ids=["first-page-garbage", "cut-to-60"],
)
def test_the_same_damage_without_the_table_s_marks_is_left_alone_and_the_table_can_run_in_memory(
    db: Path, damage: Any, unknown: str, caplog: pytest.LogCaptureFixture
) -> None:
    why = damage(db)
    Path(f"{db}.lock").unlink()  # nothing beside it says whose it is
    before = _tree(db.parent)
    expected = f"{db} {why}{unknown}; Pitchside leaves it alone: move it away, or name another file"
    assert (journal_mod.check_path(db), journal_mod.damage(db)) == (expected, None)
    with pytest.raises(JournalError) as info:
        Journal.open(db)
    assert str(info.value) == expected
    caplog.set_level(logging.WARNING, logger=LOG)
    with Journal.open(db, left_alone="memory") as j:  # as pitchside run opens it
        assert (j.durable, j.warning, j.notice) == (False, "NOT SAVING: not a journal file", None)
        mid = j.start_match(HEADER)
        j.append_lines(mid, [TOSS_A])
        assert (mid, j.lines(mid)) == (-1, [json.dumps(HEADER), json.dumps(TOSS_A)])  # kept in memory
    assert [r.getMessage() for r in caplog.records if r.name == LOG][0] == f"{expected}; keeping matches in memory only"
    assert _tree(db.parent) == before  # nothing moved, written or made beside it, not even the lock


@pytest.mark.parametrize("lock", [True, False], ids=["with-lock", "without-lock"])
def test_another_program_s_database_is_left_alone_byte_for_byte_even_with_the_lock_beside_it(
    db: Path, lock: bool, caplog: pytest.LogCaptureFixture
) -> None:
    """A sound SQLite database with someone else's tables is clearly not the table's,
    whatever lies beside it: never moved; ``pitchside run`` keeps the matches in memory."""
    why = _other_program(db)
    if lock:
        Path(f"{db}.lock").write_bytes(b"")
    before = _tree(db.parent)
    expected = f"{db} {why}; Pitchside leaves it alone: move it away, or name another file"
    assert (journal_mod.check_path(db), journal_mod.damage(db)) == (expected, None)
    caplog.set_level(logging.WARNING, logger=LOG)
    with Journal.open(db, left_alone="memory") as j:
        assert (j.durable, j.warning, j.notice, j.start_match(HEADER)) == (False, "NOT SAVING: not a journal file", None, -1)
    assert [r.getMessage() for r in caplog.records if r.name == LOG][0] == f"{expected}; keeping matches in memory only"
    assert _tree(db.parent) == before
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as c:
        assert c.execute("SELECT name FROM recipes").fetchall() == [("soup",)]


@pytest.mark.parametrize("lock", [True, False], ids=["with-lock", "without-lock"])
def test_an_empty_file_whose_wal_holds_the_matches_is_moved_aside_with_its_wal(
    db: Path, lock: bool, caplog: pytest.LogCaptureFixture
) -> None:
    """SQLite deletes the -wal of an empty database file it opens, and every match in it
    with it: an empty journal beside a -wal that holds pages is moved aside, its -wal with
    it, byte for byte."""
    damaged.killed_mid_match(db)
    with open(db, "r+b") as fh:
        fh.truncate(0)
    if not lock:
        Path(f"{db}.lock").unlink()
    before = _side_files(db)
    size = len(before["journal.db-wal"])
    assert size > 40 * 50
    caplog.set_level(logging.WARNING, logger=LOG)
    with Journal.open(db) as j:
        assert (j.durable, j.warning, j.notice, j.start_match(HEADER)) == (True, None, "JOURNAL MOVED ASIDE", 1)
    aside = db.parent / "journal.db.bad-1"
    assert [r.getMessage() for r in caplog.records if r.name == LOG] == [
        f"journal {db} is empty, but its journal.db-wal holds {size:,} bytes: moved aside to {aside}; "
        "starting a fresh journal"
    ]
    assert _side_files(aside) == {"journal.db.bad-1" + k.removeprefix("journal.db"): v for k, v in before.items()}


def test_an_empty_file_with_only_the_lock_beside_it_is_used_as_new(db: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Killed right after the file was made: nothing was in it, nothing is lost."""
    Path(f"{db}.lock").write_bytes(b"")
    db.write_bytes(b"")
    assert (journal_mod.check_path(db), journal_mod.damage(db)) == (None, None)
    caplog.set_level(logging.WARNING, logger=LOG)
    with Journal.open(db) as j:
        assert (j.durable, j.warning, j.notice, j.start_match(HEADER)) == (True, None, None, 1)
    assert caplog.records == []
    assert list(db.parent.glob("*.bad-*")) == []


def test_a_damaged_journal_killed_mid_match_goes_aside_with_its_wal_and_shm_even_without_the_lock(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """SQLite's -wal and -shm beside it are the table's marks too (a journal was being
    written there when it stopped); they go aside with it, so nothing is lost."""
    damaged.killed_mid_match(db)
    Path(f"{db}.lock").unlink()
    with open(db, "r+b") as fh:
        fh.write(damaged.GARBAGE_PAGE)
    before = _side_files(db)
    told = f"{db} is not an SQLite database, with this table's journal.db-wal and journal.db-shm beside it"
    assert journal_mod.damage(db) == told
    caplog.set_level(logging.WARNING, logger=LOG)
    with Journal.open(db) as j:
        assert (j.durable, j.notice, j.start_match(HEADER)) == (True, "JOURNAL MOVED ASIDE", 1)
    aside = db.parent / "journal.db.bad-1"
    assert [r.getMessage() for r in caplog.records if r.name == LOG] == [
        f"journal {told}: moved aside to {aside}; starting a fresh journal"
    ]
    assert _side_files(aside) == {"journal.db.bad-1" + k.removeprefix("journal.db"): v for k, v in before.items()}


def test_open_readonly_names_a_damaged_journal_and_moves_nothing(db: Path) -> None:
    why = damaged.first_page_garbage(db)
    with pytest.raises(JournalError) as info:
        Journal.open_readonly(db)
    assert str(info.value) == f"{db} {why}, with this table's journal.db.lock beside it"
    assert not Path(f"{db}.bad-1").exists()


# --- the lock -----------------------------------------------------------------------------


def test_a_second_open_in_the_same_process_is_refused(journal: Journal, db: Path) -> None:
    with pytest.raises(JournalLocked) as info:
        Journal.open(db)
    assert str(info.value) == f"{db} is in use by another Pitchside process"
    journal.append_lines(journal.start_match(HEADER), [TOSS_A])  # the holder is undisturbed
    assert journal.durable


def test_a_second_process_is_refused_with_a_clear_message(journal: Journal, db: Path) -> None:
    script = textwrap.dedent(
        """
        import sys
        from pitchside.app.journal import Journal, JournalLocked
        try:
            Journal.open(sys.argv[1])
        except JournalLocked as exc:
            print(type(exc).__name__, exc)
            sys.exit(7)
        """
    )
    done = subprocess.run([sys.executable, "-c", script, str(db)], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (7, f"JournalLocked {db} is in use by another Pitchside process\n")


def test_the_lock_is_released_on_close(db: Path) -> None:
    Journal.open(db).close()
    with Journal.open(db) as j:
        assert j.durable


def test_open_readonly_reads_while_the_table_holds_the_lock(journal: Journal, db: Path) -> None:
    mid = journal.start_match(HEADER)
    journal.append_lines(mid, [TOSS_A])
    with Journal.open_readonly(db) as reader:
        assert reader.lines(mid) == [json.dumps(HEADER), json.dumps(TOSS_A)]
        journal.append_lines(mid, [{"input": "shot", "at": 1.0}])  # the table goes on writing
        assert [r.inputs for r in reader.history()] == [2]
        assert reader.export(mid) == journal.export(mid)
    assert journal.durable


def test_open_readonly_refuses_a_missing_or_bad_file_and_moves_nothing(tmp_path: Path) -> None:
    with pytest.raises(JournalError, match=r"journal\.db: no such journal$"):
        Journal.open_readonly(tmp_path / "journal.db")
    bad = tmp_path / "bad.db"
    _truncated_half(bad)  # a journal of this table, corrupt: a reader never moves it
    with pytest.raises(JournalError) as info:
        Journal.open_readonly(bad)
    assert str(info.value) == f"{bad} is corrupt (database disk image is malformed)"
    assert bad.exists() and not Path(f"{bad}.bad-1").exists()


# --- real read-only and full file systems (tmpfs) -----------------------------------------


@contextmanager
def tmpfs(where: Path, size: str) -> Iterator[Path]:
    """A real tmpfs of ``size`` at ``where``; skips the test where mounting is not allowed."""
    where.mkdir()
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                              capture_output=True, text=True, timeout=30)  # fmt: skip
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"cannot run mount: {exc}")
    if done.returncode != 0:
        pytest.skip(f"mounting a tmpfs is not permitted here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        if subprocess.run(["umount", str(where)], capture_output=True, timeout=30).returncode != 0:
            subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=30)


def remount_ro(where: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["mount", "-o", "remount,ro", str(where)], capture_output=True, text=True, timeout=30)


def test_opening_on_a_read_only_fs_gives_memory_mode_with_a_warning(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with tmpfs(tmp_path / "ro", "1m") as d:
        assert remount_ro(d).returncode == 0
        caplog.set_level(logging.ERROR, logger=LOG)
        j = Journal.open(d / "journal.db")
        try:
            assert (j.durable, j.warning) == (False, "NOT SAVING: read-only storage")
            mid = j.start_match(HEADER)  # the match goes on in memory
            j.append_lines(mid, [TOSS_A])
            j.end_match(mid, "finished", {"status": "finished"})
            assert (mid, j.running(), j.history(), j.prune(max_matches=0)) == (-1, None, [], 0)
        finally:
            j.close()
        assert "cannot be opened" in caplog.records[0].getMessage()
        assert "Read-only file system" in caplog.records[0].getMessage()


def test_opening_a_journal_whose_fs_came_up_read_only_gives_memory_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The journal partition mounted read-only at boot (fsck, a failing card) after a
    match was stored: the table runs in memory, the history stays readable."""
    with tmpfs(tmp_path / "ro", "1m") as d:
        with Journal.open(d / "journal.db") as first:
            mid = first.start_match(HEADER)
            first.append_lines(mid, [TOSS_A])
        assert remount_ro(d).returncode == 0
        with Journal.open(d / "journal.db") as j:
            assert (j.durable, j.warning) == (False, "NOT SAVING: read-only storage")
        with Journal.open_readonly(d / "journal.db") as reader:
            assert reader.lines(mid) == [json.dumps(HEADER), json.dumps(TOSS_A)]
        capsys.readouterr()
        assert main(["history", "--db", str(d / "journal.db"), "--json"]) == 0
        assert [(r["id"], r["status"], r["inputs"]) for r in json.loads(capsys.readouterr().out)] == [(1, "playing", 1)]
        assert main(["export", "--db", str(d / "journal.db"), "1"]) == 0
        assert capsys.readouterr().out == f"{json.dumps(HEADER)}\n{json.dumps(TOSS_A)}\n"


def test_a_remount_read_only_mid_match_is_refused_by_the_kernel_so_the_journal_goes_on(tmp_path: Path) -> None:
    """Linux refuses ``mount -o remount,ro`` while a file on it is open for writing
    (EBUSY): the journal holds its database, WAL and lock open, so a mid-match switch to
    read-only only comes from a forced remount (ext4 ``errors=remount-ro``); that fault
    is injected below (test_injected_read_only_fault_mid_match...)."""
    with tmpfs(tmp_path / "busy", "1m") as d:
        with Journal.open(d / "journal.db") as j:
            mid = j.start_match(HEADER)
            j.append_lines(mid, [TOSS_A])
            done = remount_ro(d)
            assert done.returncode != 0
            assert "busy" in done.stderr
            j.append_lines(mid, [{"input": "shot", "at": 1.0}])
            assert (j.durable, j.warning, len(j.lines(mid))) == (True, None, 3)


def test_a_full_disk_mid_match_gives_memory_mode_and_keeps_what_was_saved(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with tmpfs(tmp_path / "full", "128k") as d:
        caplog.set_level(logging.ERROR, logger=LOG)
        j = Journal.open(d / "journal.db")
        try:
            assert j.durable
            mid = j.start_match(HEADER)
            saved = 0
            for i in range(10_000):
                j.append_lines(mid, [{"input": "shot", "at": float(i)}])  # never raises
                if not j.durable:
                    break
                saved += 1
            assert (j.durable, j.warning) == (False, "NOT SAVING: disk full")
            assert saved > 0
            j.append_lines(mid, [{"input": "shot", "at": 99.0}])  # memory mode: quietly not saved
            j.end_match(mid, "abandoned")
        finally:
            j.close()
        assert [r.getMessage() for r in caplog.records] == [
            "journal write failed (database or disk is full): keeping the match in memory only"
        ]
        with Journal.open_readonly(d / "journal.db") as reader:  # nothing on disk was touched
            lines = reader.lines(mid)
            assert len(lines) == 1 + saved
            assert [json.loads(x)["at"] for x in lines[1:]] == [float(i) for i in range(saved)]
            assert reader.history()[0].status == "playing"


def test_opening_on_a_full_disk_gives_memory_mode(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "tiny", "40k") as d:  # less than the WAL index (32 KiB) and a db
        with Journal.open(d / "journal.db") as j:
            assert (j.durable, j.warning) == (False, "NOT SAVING: disk full")
            assert j.start_match(HEADER) == -1


# --- injected faults ----------------------------------------------------------------------


class FaultyConnection:
    """Wraps a connection; every write statement raises ``OperationalError(message)``."""

    def __init__(self, conn: sqlite3.Connection, message: str) -> None:
        self.conn = conn
        self.message = message
        self.closed = False

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError(self.message)
        return self.conn.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> sqlite3.Cursor:
        raise sqlite3.OperationalError(self.message)

    def close(self) -> None:
        self.closed = True
        self.conn.close()


@pytest.mark.parametrize(
    ("message", "warning"),
    [
        ("database or disk is full", "NOT SAVING: disk full"),
        ("attempt to write a readonly database", "NOT SAVING: read-only storage"),
        ("disk I/O error", "NOT SAVING: storage fault"),
    ],
)
def test_injected_fault_mid_match_switches_to_memory_mode_without_raising(
    journal: Journal, db: Path, message: str, warning: str, caplog: pytest.LogCaptureFixture
) -> None:
    mid = journal.start_match(HEADER)
    journal.append_lines(mid, [TOSS_A])
    proxy = FaultyConnection(journal._conn, message)  # type: ignore[arg-type]
    journal._conn = proxy  # type: ignore[assignment]
    caplog.set_level(logging.ERROR, logger=LOG)
    journal.append_lines(mid, [{"input": "shot", "at": 1.0}])
    assert (journal.durable, journal.warning, proxy.closed) == (False, warning, True)
    assert [r.getMessage() for r in caplog.records] == [
        f"journal write failed ({message}): keeping the match in memory only"
    ]
    journal.append_lines(mid, [{"input": "shot", "at": 2.0}])
    journal.end_match(mid, "finished", {"status": "finished"})
    shots = [json.dumps({"input": "shot", "at": 1.0}), json.dumps({"input": "shot", "at": 2.0})]
    assert journal.lines(mid) == [json.dumps(HEADER), json.dumps(TOSS_A), *shots]  # from memory
    assert journal.start_match(HEADER) == -1
    assert journal.start_match(HEADER) == -2
    assert journal.unsaved() == [mid, -1, -2]
    with pytest.raises(JournalError, match=f"not on disk \\({warning}\\)"):
        journal.lines(mid + 1)  # no match this run kept
    with Journal.open_readonly(db) as reader:  # the failed write was rolled back, the rest kept
        assert reader.lines(mid) == [json.dumps(HEADER), json.dumps(TOSS_A)]
        assert reader.history()[0].status == "playing"


def test_injected_fault_on_end_match_and_prune(journal: Journal) -> None:
    mid = journal.start_match(HEADER)
    journal.end_match(mid, "finished", {"status": "finished"})
    journal.start_match(HEADER)
    real = journal._conn
    journal._conn = FaultyConnection(real, "database or disk is full")  # type: ignore[arg-type, assignment]
    assert journal.prune(max_matches=0) == 0
    assert (journal.durable, journal.warning) == (False, "NOT SAVING: disk full")


def test_a_read_only_fault_while_opening_gives_memory_mode(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(p: Path) -> sqlite3.Connection:
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(journal_file, "_connect_checked", lambda p, damaged: refuse(p))
    with Journal.open(db) as j:
        assert (j.durable, j.warning, j.path) == (False, "NOT SAVING: read-only storage", db)
        with pytest.raises(JournalLocked):  # memory mode still holds the lock
            Journal.open(db)


# --- pruning and history ------------------------------------------------------------------


def _matches(j: Journal, statuses: list[str]) -> list[int]:
    ids = []
    for status in statuses:
        mid = j.start_match(HEADER)
        j.append_lines(mid, [TOSS_A])
        if status != "playing":
            j.end_match(mid, status, {"status": "finished"} if status == "finished" else None)
        ids.append(mid)
    return ids


def test_prune_keeps_the_newest_n_ended_matches_and_never_a_running_one(journal: Journal, db: Path) -> None:
    # 3 is an old running match (still 'playing'), 6 the running one
    assert _matches(journal, ["finished", "abandoned", "playing", "finished", "abandoned", "playing"]) == [1, 2, 3, 4, 5, 6]
    assert journal.prune(max_matches=2) == 2
    assert [r.id for r in journal.history()] == [3, 4, 5, 6]
    assert journal.prune(max_matches=2) == 0
    assert journal.prune(max_matches=0) == 2
    assert [(r.id, r.status) for r in journal.history()] == [(3, "playing"), (6, "playing")]
    assert journal.running() == 6
    with sqlite3.connect(db) as raw:  # the inputs of pruned matches went with them
        assert raw.execute("SELECT DISTINCT match_id FROM inputs ORDER BY match_id").fetchall() == [(3,), (6,)]


def test_prune_by_size_drops_the_oldest_first(journal: Journal) -> None:
    small, big = {"input": "undo"}, {"input": "shot", "knocked_off": {"A": 1, "B": 1}, "at": 12345.678}
    ids = []
    for line in (small, big, small, small):  # ids 1..4, oldest first
        mid = journal.start_match(HEADER)
        journal.append_lines(mid, [line])
        journal.end_match(mid, "abandoned")
        ids.append(mid)
    running = journal.start_match(HEADER)
    journal.append_lines(running, [big])
    budget = 3 * len(json.dumps(small))  # room for three small ones: 4, 3 and (by size) 1
    assert journal.prune(max_bytes=budget) == 2
    # 2 (big) does not fit, and 1 is older than 2: it goes too, though it would fit
    assert [r.id for r in journal.history()] == [3, 4, running]


def test_history_is_in_id_order_even_when_the_wall_clock_goes_back(db: Path) -> None:
    walls = iter([2_000_000_000.0, 2_000_000_100.0, 86_400.0, 86_500.0, 1_000_000_000.0])
    flags = iter([True, True, False, False, False])
    with Journal.open(db, wall=lambda: next(walls), synced=lambda: next(flags)) as j:
        first = j.start_match(HEADER)                # wall 2e9, synced
        j.end_match(first, "finished", {"status": "finished", "winner": "A"})  # 2e9+100, synced
        second = j.start_match(HEADER)               # the Pi booted in 1970: 86400, not synced
        j.end_match(second, "abandoned")             # 86500, not synced
        third = j.start_match(HEADER)                # 1e9, not synced
        rows = [(r.id, r.status, r.started_wall, r.started_synced, r.ended_wall, r.ended_synced, r.result)
                for r in j.history()]  # fmt: skip
        assert j.running() == third
    assert rows == [
        (1, "finished", 2_000_000_000.0, True, 2_000_000_100.0, True, {"status": "finished", "winner": "A"}),
        (2, "abandoned", 86_400.0, False, 86_500.0, False, None),
        (3, "playing", 1_000_000_000.0, False, None, False, None),
    ]


def test_end_match_playing_reopens_and_clears_the_result(journal: Journal) -> None:
    mid = journal.start_match(HEADER)
    journal.end_match(mid, "finished", {"status": "finished", "winner": "B"})
    assert journal.running() is None
    journal.end_match(mid, "playing")
    [rec] = journal.history()
    assert (rec.status, rec.result, rec.ended_wall, journal.running()) == ("playing", None, None, mid)


def test_lines_of_an_unknown_match(journal: Journal, db: Path) -> None:
    with pytest.raises(JournalError) as info:
        journal.lines(42)
    assert str(info.value) == f"no match 42 in {db}"


def test_fsync_dir_is_used_by_move_aside(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Path] = []
    real = journal_file.fsync_dir
    _newer_schema(db)
    for where in (journal_file, journal_checks):  # the rename aside, the new file
        monkeypatch.setattr(where, "fsync_dir", lambda p: (seen.append(Path(p)), real(p))[1])
    Journal.open(db).close()
    assert seen == [db.parent, db.parent]  # the rename aside, then the new file



# --- what the table kept in memory after a fault (every input saved) -----------------------


def test_after_a_disk_full_mid_match_every_input_is_exported_from_memory_and_from_the_rescue_file(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The disk fills after three inputs; the match goes on to its result in memory.
    The journal still exports all of it, undos included, and so does ``pitchside export
    --unsaved`` from another process's point of view (the rescue file in RAM)."""
    rescue = tmp_path / "rescue"
    j = Journal.open(db, wall=fixed_wall(), synced=lambda: True, rescue_dir=rescue)
    try:
        mid = j.start_match(HEADER)
        live = journal_play(j, mid, Match.start(CODEC, rules.Options(pucks=1, rounds_to_win=1)), PLAY[:3])
        real = j._conn
        j._conn = FaultyConnection(real, "database or disk is full")  # type: ignore[arg-type, assignment]
        caplog.set_level(logging.WARNING, logger=LOG)
        live = journal_play(j, mid, live, PLAY[3:])
        assert (j.durable, j.warning, j.unsaved()) == (False, "NOT SAVING: disk full", [mid])
        text = j.export(mid)
        result = replay(text.splitlines(), strict=True)
        assert result.exit_status == 0
        assert result.match.inputs == live.inputs
        assert result.output() == CODEC.output(live.state) | {"rejected": []}
        assert (result.output()["status"], result.output()["winner"]) == ("finished", "A")
        assert len(text.splitlines()) == 1 + len(PLAY)  # every line, the 4 undos too
        assert j.rescue_file(mid) == journal_mod.rescue_path(db, mid, rescue)
        assert journal_mod.rescue_path(db, mid, rescue).read_text(encoding="utf-8") == text
        assert [r.getMessage() for r in caplog.records] == [
            "journal write failed (database or disk is full): keeping the match in memory only",
            f"unsaved match {mid} is kept in memory and copied to {j.rescue_file(mid)} "
            f"(pitchside export --unsaved {mid})",
        ]
        # a new match in memory mode: kept and rescued too, the first one still there
        other = j.start_match(HEADER)
        j.append_lines(other, [TOSS_A])
        assert (other, j.unsaved()) == (-1, [mid, -1])
        assert j.export(mid) == text
        assert j.export(other) == f"{json.dumps(HEADER)}\n{json.dumps(TOSS_A)}\n"
    finally:
        j.close()
    with Journal.open_readonly(db) as reader:  # on disk: the three written before the fault
        assert reader.lines(mid) == text.splitlines()[:4]
    capsys.readouterr()
    monkeypatch.setenv(journal_mod.RESCUE_ENV, str(rescue))  # the CLI finds it where the table put it
    assert main(["export", "--db", str(db), "--unsaved", str(mid)]) == 0
    assert capsys.readouterr().out == text
    out = tmp_path / "m.jsonl"
    assert main(["export", "--db", str(db), "--unsaved", str(other), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == f"{json.dumps(HEADER)}\n{json.dumps(TOSS_A)}\n"
    assert main(["export", "--db", str(db), "--unsaved", "7"]) == 2
    folder = journal_mod.rescue_folder(db, rescue)
    assert capsys.readouterr().err == (
        f"pitchside export: no unsaved copy of match 7 of {db} in {folder} (No such file or directory); "
        "unsaved matches there: -1, 1\n"
    )


def test_a_journal_that_could_not_open_keeps_and_rescues_its_matches(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    rescue = tmp_path / "rescue"
    with Journal.open(blocker / "journal.db", rescue_dir=rescue) as j:  # its folder cannot be made
        assert not j.durable
        mid = j.start_match(HEADER)
        j.append_lines(mid, [TOSS_A])
        assert (mid, j.unsaved()) == (-1, [-1])
        assert j.lines(mid) == [json.dumps(HEADER), json.dumps(TOSS_A)]
    assert journal_mod.read_rescued(blocker / "journal.db", -1, rescue) == f"{json.dumps(HEADER)}\n{json.dumps(TOSS_A)}\n"



def test_a_rescue_folder_that_cannot_be_made_is_given_up_once_and_the_match_still_kept(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The rescue folder is named (a hash of the journal's path) only when a match is
    first unsaved (start-up); one that cannot be made is warned about once and
    dropped: the match stays in memory, no rescue file is named."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    with Journal.open(blocker / "journal.db", rescue_dir=blocker / "rescue") as j:  # neither can be made
        assert j._kept.named is None
        with caplog.at_level(logging.WARNING, logger="pitchside.app.journal"):
            mid = j.start_match(HEADER)
            j.append_lines(mid, [TOSS_A])
        folder = journal_mod.rescue_folder(blocker / "journal.db", blocker / "rescue")
        assert [r.getMessage() for r in caplog.records if "no rescue copy" in r.getMessage()] == [
            f"no rescue copy of unsaved match -1 in {folder} ([Errno 20] Not a directory: '{folder}')"
        ]
        assert (j.unsaved(), j.rescue_file(mid)) == ([-1], None)
        assert j.lines(mid) == [json.dumps(HEADER), json.dumps(TOSS_A)]


def test_a_resumed_match_is_kept_whole_when_the_disk_fills_after_the_restart(db: Path, tmp_path: Path) -> None:
    with Journal.open(db) as first:
        mid = first.start_match(HEADER)
        first.append_lines(mid, [TOSS_A])
    with Journal.open(db, rescue_dir=tmp_path / "rescue") as j:
        assert j.running() == mid
        assert j.lines(mid) == [json.dumps(HEADER), json.dumps(TOSS_A)]  # the recorder's resume
        j._conn = FaultyConnection(j._conn, "database or disk is full")  # type: ignore[arg-type, assignment]
        j.append_lines(mid, [{"input": "shot", "at": 1.0}])
        assert j.export(mid).splitlines() == [json.dumps(HEADER), json.dumps(TOSS_A), json.dumps({"input": "shot", "at": 1.0})]


def test_a_storage_fault_is_named_by_its_errno_or_sqlite_code_never_by_the_path_in_its_text() -> None:
    """A path holding "full" or "readonly" named the wrong fault (a test run under
    /tmp/main-full showed "NOT SAVING: disk full" for a read-only file system)."""
    from pitchside.app.journal.file import why as _why

    assert _why(OSError(errno.EROFS, "Read-only file system", "/tmp/main-full/journal.db.lock")) == "read-only storage"
    assert _why(OSError(errno.ENOSPC, "No space left on device", "/srv/readonly-copy/journal.db")) == "disk full"
    assert _why(OSError(errno.EIO, "Input/output error", "/mnt/full/journal.db")) == "storage fault"
    full = sqlite3.OperationalError("database or disk is full")
    assert _why(full) == "disk full"  # no code on it: SQLite's own words
    ro = sqlite3.OperationalError("attempt to write a readonly database")
    ro.sqlite_errorcode = 8  # type: ignore[attr-defined]
    assert _why(ro) == "read-only storage"


def test_a_step_of_two_lines_in_memory_mode_rewrites_the_rescue_file_once_with_both(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An undo and its corrected shot after the disk failed: the rescue file is
    rewritten once, with both (a power cut never leaves the undo without its shot)."""
    rescue = tmp_path / "rescue"
    with Journal.open(db, rescue_dir=rescue) as j:
        mid = j.start_match(HEADER)
        j.append_lines(mid, [TOSS_A])
        j._fault(OSError("disk gone"))  # noqa: SLF001  (memory mode from here on)
        writes: list[str] = []
        real = Path.write_text
        monkeypatch.setattr(Path, "write_text", lambda self, text, **kw: (writes.append(text), real(self, text, **kw))[1])
        undo, shot = {"input": "undo", "at": 4.0}, {"input": "shot", "twenty": True, "at": 4.0}
        j.append_lines(mid, [undo, shot])
        expected = [json.dumps(HEADER), json.dumps(TOSS_A), json.dumps(undo), json.dumps(shot)]
        assert writes == ["\n".join(expected) + "\n"]
        assert journal_mod.rescue_path(db, mid, rescue).read_text(encoding="utf-8").splitlines() == expected


def test_ending_a_saved_match_after_a_fault_keeps_it_saved_and_writes_no_rescue_file(
        db: Path, tmp_path: Path) -> None:
    """A match whose lines all reached the disk before the fault is not unsaved when it
    ends in memory mode (end_match is append_lines with no lines: no line kept, no
    rescue file), as before end_match went through append_lines."""
    rescue = tmp_path / "rescue"
    j = Journal.open(db, wall=fixed_wall(), synced=lambda: True, rescue_dir=rescue)
    try:
        mid = j.start_match(HEADER)
        j.append_lines(mid, [TOSS_A])
        j._fault(sqlite3.OperationalError("disk I/O error"))
        j.end_match(mid, "abandoned")
        assert (j.durable, j.unsaved()) == (False, [])
        assert not rescue.exists() or list(rescue.rglob("*")) == []
    finally:
        j.close()
