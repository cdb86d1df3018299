"""Lifetime meters: kept in the journal beside the credits ledger, raised in each
entry's own transaction, untouched by an audits reset, refused any reset or decrease,
added to a journal from before them as its whole ledger adds up, and counted on in
memory after a storage fault."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from functools import reduce
from pathlib import Path

import pytest

from pitchside.app.journal import Journal
from pitchside.app.journal import ledger as journal_ledger
from pitchside.cli.main import main
from pitchside.core.meters import Meters, count, lines
from pitchside.core.pricing import LedgerEntry, Pricing

ENTRIES = (
    LedgerEntry("coin", 100, 100, 100, pulses=2),
    LedgerEntry("coin", 100, 200, 200, pulses=2),
    LedgerEntry("bonus", 100, 300, 200),
    LedgerEntry("free", 100, 400, 200),
    LedgerEntry("fault", 0, 400, 200, pulses=7),
)


def fill(j: Journal) -> None:
    for e in ENTRIES:
        j.credit(e)
    mid = j.start_match({"format": 1, "game": "pichenotte", "options": {}})
    j.append_lines(mid, [{"input": "coin_toss", "winner": "A"}], LedgerEntry("spend", -100, 300, 200, game="pichenotte"))
    mid = j.start_match({"format": 1, "game": "pichenotte", "options": {}})
    j.append_lines(mid, [{"input": "coin_toss", "winner": "A"}], LedgerEntry("spend", 0, 300, 200, game="pichenotte"))


def test_the_pure_count_of_each_kind() -> None:
    spends = (LedgerEntry("spend", -100, 0, 0), LedgerEntry("spend", 0, 0, 0), LedgerEntry("reset", 0, 0, 0))
    assert reduce(count, (*ENTRIES, *spends), Meters()) == Meters(coins=2, money=200, games=2, free_games=1,
                                                               bonus=100, free=100)  # fmt: skip
    assert lines(Meters(7, 500, 4, 1), Pricing(currency="€")) == ("LIFE COINS 7 = €5.00", "LIFE GAMES 4  FREE 1")


def test_the_journal_counts_every_entry_and_a_reset_leaves_them(tmp_path: Path) -> None:
    with Journal.open(tmp_path / "j.db") as j:
        fill(j)
        want = Meters(coins=2, money=200, games=2, free_games=1, bonus=100, free=100)
        assert j.lifetime() == want
        assert j.reset_audits()
        assert j.audits() == [] and j.lifetime() == want
        j.credit(LedgerEntry("coin", 50, 350, 250, pulses=1))
        assert j.lifetime() == Meters(coins=3, money=250, games=2, free_games=1, bonus=100, free=100)
    with Journal.open(tmp_path / "j.db") as j:  # kept across a restart
        assert j.lifetime().coins == 3


@pytest.mark.parametrize("sql", [
    "UPDATE meters SET coins = 0",
    "UPDATE meters SET money = money - 1",
    "DELETE FROM meters",
    "DELETE FROM credits",
])  # fmt: skip
def test_no_statement_resets_or_lowers_them(tmp_path: Path, sql: str) -> None:
    path = tmp_path / "j.db"
    with Journal.open(path) as j:
        fill(j)
    with closing(sqlite3.connect(path)) as conn, pytest.raises(sqlite3.IntegrityError, match="cannot be"):
        conn.execute(sql)
    with Journal.open(path) as j:
        assert j.lifetime() == Meters(2, 200, 2, 1, 100, 100)


def test_a_journal_from_before_the_meters_gets_them_from_its_whole_ledger(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    with Journal.open(path) as j:
        fill(j)
        j.reset_audits()
        j.credit(LedgerEntry("coin", 50, 350, 250, pulses=1))
    with closing(sqlite3.connect(path)) as conn:  # as an older journal was: no meters
        for name in ("meters_count", "meters_only_go_up", "meters_kept", "credits_kept"):
            conn.execute(f"DROP TRIGGER {name}")
        conn.execute("DROP TABLE meters")
        conn.commit()
    with Journal.open_readonly(path) as j:  # read only: added up, nothing written
        assert j.lifetime() == Meters(3, 250, 2, 1, 100, 100)
    with Journal.open(path) as j:  # opened by the table: migrated, then counted on
        assert j.lifetime() == Meters(3, 250, 2, 1, 100, 100)
        j.credit(LedgerEntry("coin", 100, 450, 350, pulses=2))
        assert j.lifetime() == Meters(4, 350, 2, 1, 100, 100)
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("SELECT coins, money FROM meters").fetchall() == [(4, 350)]


def test_in_memory_after_a_fault_they_count_on_from_the_file(tmp_path: Path) -> None:
    with Journal.open(tmp_path / "j.db") as j:
        fill(j)
        j._fault(OSError("disk gone"))  # storage lost: memory mode from here
        assert not j.durable
        j.credit(LedgerEntry("coin", 50, 350, 250, pulses=1))
        assert j.lifetime() == Meters(3, 250, 2, 1, 100, 100)


def test_pitchside_audits_prints_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "j.db"
    with Journal.open(path) as j:
        fill(j)
        j.reset_audits()
    assert main(["audits", "--db", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-2:] == [
        "lifetime (never reset): 2 coin(s) = 2.00; 2 game(s), 1 of them free; 1.00 bonus; 1.00 free credit",
        "amounts in the currency's units; --config FILE shows its currency and the options that changed a price",
    ]


def test_the_ledger_module_names_every_meter() -> None:
    assert journal_ledger.METERS == tuple(Meters.__dataclass_fields__)
