"""Memory mode keeps the credits ledger as the durable journal does: a spend
written with a match's first line (``start_match(first=...)``, what
``Recorder.spend_next`` pays) or with a later step (``append_lines(spend=...)``) is in
the balance whether the journal writes to its file or, after a fault, to memory."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pitchside.app.journal import Journal, LinesWrite
from pitchside.app.recorder import Recorder
from pitchside.core.pricing import Credit, LedgerEntry
from pitchside.core.rules import pichenotte as rules
from pitchside.signals.events import ButtonPressed
from pitchside.tables import pichenotte as table

HEADER: dict[str, Any] = {"format": 1, "game": "pichenotte", "options": {}, "rules_version": 1}
TOSS = {"input": "coin_toss", "winner": "A"}
COIN = LedgerEntry("coin", 200, 200, 200, pulses=2)
FIRST = LedgerEntry("spend", -100, 100, 200, game="pichenotte")
LATER = LedgerEntry("spend", -100, 0, 200, game="pichenotte")


@pytest.fixture(params=["durable", "memory"])
def journal(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Journal]:
    """A journal on a file, or one whose file cannot be made (its folder is a file):
    memory mode from the start."""
    if request.param == "durable":
        path = tmp_path / "journal.db"
    else:
        (tmp_path / "afile").touch()
        path = tmp_path / "afile" / "journal.db"
    with Journal.open(path) as j:
        assert j.durable is (request.param == "durable")
        yield j


def test_a_paid_first_step_spends_the_credit_in_either_mode(journal: Journal) -> None:
    journal.credit(COIN)
    mid = journal.start_match(HEADER, first=LinesWrite([TOSS], FIRST))
    assert journal.balance() == (100, 200)
    journal.append_lines(mid, [{"input": "shot", "at": 1.0}], spend=LATER)
    assert journal.balance() == (0, 200)


def test_the_recorder_s_spend_next_is_paid_with_the_first_step_in_either_mode(journal: Journal) -> None:
    """Through the recorder, as the runtime pays: spend_next, then the match's first
    accepted step (the coin toss) stores the match with its first line and the spend."""
    journal.credit(COIN)
    rec = Recorder(journal, clock=lambda: 0.0)
    ts = rec.resume(table.new_table(rules.Options(pucks=1, rounds_to_win=1), ("Ann", "Bob")))
    rec.spend_next(FIRST)
    ts, effects = table.handle(ts, ButtonPressed("coin", 1.0))
    assert any(isinstance(e, table.TossCoin) for e in effects)
    ts, effects = table.handle(ts, table.CoinTossed("A", 1.0))
    accepted = [e for e in effects if isinstance(e, table.Accepted)]
    assert len(accepted) == 1
    rec.accepted_all(accepted, ts)
    assert rec.match_id is not None
    assert rec.credit() == Credit(100, 200)


class FullDisk:
    """A journal's connection on a full disk: reads work, every write raises."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, *args)

    def close(self) -> None:
        self.conn.close()


def test_a_write_fault_keeps_the_credit_on_file_and_spends_from_it(tmp_path: Path) -> None:
    """The disk fills mid-session: the credit paid before the fault is still the
    table's (not 0), a paid first step after it spends from it, a coin adds to it."""
    with Journal.open(tmp_path / "journal.db") as j:
        j.credit(COIN)
        j._conn = FullDisk(j._conn)  # type: ignore[arg-type, assignment]
        mid = j.start_match(HEADER)  # the fault: memory mode from here
        assert (j.durable, j.warning, mid) == (False, "NOT SAVING: disk full", -1)
        assert j.balance() == (200, 200)
        j.append_lines(mid, [TOSS], spend=FIRST)
        assert j.balance() == (100, 200)
        assert j.credit(LedgerEntry("coin", 100, 200, 300, pulses=1)) is False
        assert j.balance() == (200, 300)
