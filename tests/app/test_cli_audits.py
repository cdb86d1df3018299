"""``pitchside audits``: per-day table and CSV from the journal, across restarts; reset
only with the confirm word, and the reset itself kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchside.app.journal import Journal
from pitchside.cli.main import main
from pitchside.core.pricing import LedgerEntry

DAY = 1_700_000_000.0  # 2023-11-14 (UTC)


def fill(path: Path) -> None:
    with Journal.open(path, wall=lambda: DAY, synced=lambda: True) as j:
        j.credit(LedgerEntry("coin", 100, 100, 100, pulses=2))
        j.credit(LedgerEntry("coin", 100, 200, 200, pulses=2))
        j.credit(LedgerEntry("bonus", 100, 300, 200))
    with Journal.open(path, wall=lambda: DAY + 60, synced=lambda: True) as j:  # after a restart
        j.credit(LedgerEntry("coin", 50, 350, 250, pulses=1))
        j.credit(LedgerEntry("free", 100, 450, 250))
        j.credit(LedgerEntry("fault", 0, 450, 250, pulses=3))
        mid = j.start_match({"format": 1, "game": "pichenotte", "options": {}})
        j.append_lines(mid, [{"input": "coin_toss", "winner": "A"}], LedgerEntry("spend", -100, 350, 250, game="pichenotte",
                                                                           options={"players": "singles"}))  # fmt: skip


def test_table_per_day(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "j.db"
    fill(db)
    assert main(["audits", "--db", str(db)]) == 0
    out = capsys.readouterr().out.splitlines()
    day = out[1].split()
    assert day[1:] == ["1x50", "2x100", "250", "100", "100", "1", "100", "1"]
    assert out[2].strip() == "1 x pichenotte players=singles"


def test_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "j.db"
    fill(db)
    assert main(["audits", "--db", str(db), "--csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0] == "day,item,key,count,cents"
    assert [r.split(",", 1)[1] for r in rows[1:]] == [
        "coin,50,1,50", "coin,100,2,200", "paid,,,250", "bonus,,,100", "free,,,100",
        "game,pichenotte players=singles,1,", "spent,,,100", "faults,,1,",
    ]  # fmt: skip


def test_reset_needs_the_confirm_word_and_is_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "j.db"
    fill(db)
    assert main(["audits", "--db", str(db), "--reset", "--yes", "yes"]) == 1
    with Journal.open_readonly(db) as j:
        assert len(j.audits()) == 1
    assert main(["audits", "--db", str(db), "--reset", "--yes", "RESET"]) == 0
    with Journal.open_readonly(db) as j:
        assert j.audits() == [] and len(j.audit_resets()) == 1
        assert j.balance() == (350, 250)  # the credit stays
    capsys.readouterr()
    assert main(["audits", "--db", str(db)]) == 0
    assert "1 reset(s) in all" in capsys.readouterr().out


def test_reset_refused_while_the_table_runs(tmp_path: Path) -> None:
    db = tmp_path / "j.db"
    fill(db)
    with Journal.open(db):
        assert main(["audits", "--db", str(db), "--reset", "--yes", "RESET"]) == 2
