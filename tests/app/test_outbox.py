"""The journal as the club's outbox: a finished match is queued in the
transaction that marks it finished (only with ``queue_results``), read back in order
with its lines, and marked delivered only as it was read; older journals get the outbox
when opened, their past matches not queued; pruning keeps what is still owed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from pitchside.app.journal import Journal
from pitchside.app.outbox import Outbox

HEADER = {"format": 1, "game": "pitchnut", "options": {}, "rules_version": 1}


def finish(j: Journal, n_lines: int = 2) -> int:
    mid = j.start_match(HEADER)
    for i in range(n_lines):
        j.append_lines(mid, [{"input": "coin_toss", "winner": "A", "at": float(i)}])
    j.end_match(mid, "finished", {"status": "finished"})
    return mid


def test_finished_matches_are_owed_in_order_and_marked_only_as_read(tmp_path: Path) -> None:
    j = Journal.open(tmp_path / "j.db")
    j.queue_results = True
    a, b = finish(j), finish(j, 3)
    ob = Outbox(tmp_path / "j.db")
    assert ob.uid == j.uid and ob.uid is not None and len(ob.uid) == 16
    owed = ob.owed(5)
    assert [o.match_id for o in owed] == [a, b] == j.owed()
    assert owed[1].lines[0] == j.lines(b)[0] and list(owed[1].lines) == j.lines(b) and len(owed[1].lines) == 4
    j.append_lines(b, [{"input": "undo"}])  # the result taken back after it was read ...
    j.end_match(b, "playing")
    assert ob.delivered(owed[1], "sha256:x", 1.0) is False  # ... is not marked delivered
    assert ob.delivered(owed[0], "sha256:a", 1.0) is True
    assert ob.delivered(owed[0], "sha256:a", 2.0) is False  # once
    assert j.owed() == [] and ob.count_owed() == 0
    j.end_match(b, "finished", {"status": "finished"})
    assert [(o.match_id, len(o.lines)) for o in ob.owed(5)] == [(b, 5)]
    ob.close()
    j.close()


def test_nothing_is_queued_without_queue_results(tmp_path: Path) -> None:
    with Journal.open(tmp_path / "j.db") as j:
        finish(j)
        assert j.owed() == []


def test_an_older_journal_gets_the_outbox_and_a_uid_and_its_past_is_not_owed(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with Journal.open(path) as j:
        old = finish(j)
    conn = sqlite3.connect(path)  # as a firmware without the club's outbox left it
    conn.executescript("DROP TABLE outbox; DROP TABLE meta;")
    conn.close()
    with Journal.open(path) as j:
        j.queue_results = True
        assert j.uid is not None and j.owed() == []
        new = finish(j)
        assert j.owed() == [new] and new > old
        assert [r.status for r in j.history()] == ["finished", "finished"]


def test_pruning_keeps_the_results_still_owed(tmp_path: Path) -> None:
    with Journal.open(tmp_path / "j.db") as j:
        j.queue_results = True
        ids = [finish(j) for _ in range(4)]
        assert j.prune(max_matches=1) == 0  # all four are owed
        ob = Outbox(tmp_path / "j.db")
        for o in ob.owed(2):
            ob.delivered(o, "sha256:d", 1.0)
        ob.close()
        assert j.prune(max_matches=1) == 1  # the older delivered one goes; the owed are kept beyond it
        assert [r.id for r in j.history()] == ids[1:]


def test_events_read_the_lines_after_a_cursor(tmp_path: Path) -> None:
    with Journal.open(tmp_path / "j.db") as j:
        a = finish(j, 2)
        ob = Outbox(tmp_path / "j.db")
        cur = ob.cursor()
        assert cur == (a, 2) and ob.lines_after(cur) == []
        b = j.start_match(HEADER)
        j.append_lines(b, [{"input": "undo"}])
        assert ob.lines_after(cur) == [(b, 1, {"input": "undo"})]
        assert ob.lines_after((0, 0))[:2] == [(a, 1, {"input": "coin_toss", "winner": "A", "at": 0.0}),
                                              (a, 2, {"input": "coin_toss", "winner": "A", "at": 1.0})]
        ob.close()
